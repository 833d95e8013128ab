"""The message box and the umpire's hold in a real browser (Debian's chromium, headless, Playwright):
a player's message reaches the seat it is sent to; the umpire of a ruleset without an umpire seat holds
the game from the console's form and lets it go on with the advance button."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from riotact.web.app import build_app
from riotact.web.store import open_store
from web_support import LiveServer, create

CHROMIUM = "/usr/bin/chromium"
if not Path(CHROMIUM).exists():
    pytest.skip(f"no browser at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=[
            "--no-sandbox", "--disable-background-networking", "--disable-component-update"])
        yield launched
        launched.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    live = LiveServer(build_app(open_store(f"sqlite:///{tmp_path / 'riotact.sqlite3'}")))
    yield live
    live.stop()


def open_seat(browser: Any, server: LiveServer, token: str) -> Any:
    page = browser.new_context(viewport={"width": 1200, "height": 900}).new_page()
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    page.goto(f"{server.url}/table#t={token}")
    page.wait_for_selector("#say-to option[value='all']", state="attached")
    return page


def test_a_message_from_the_box_reaches_its_seat_only(browser: Any, server: LiveServer) -> None:
    made = create(server, scenario="revolting-behaviour/four-players", seed=3,
                  seats={"p1": "person", "p2": "person", "p3": "person", "p4": "heuristic"})
    p1, p2, p3 = (open_seat(browser, server, made["tokens"][s]) for s in ("p1", "p2", "p3"))
    assert p1.eval_on_selector_all("#say-to option", "os => os.map(o => o.value)") == ["p2", "p3", "p4", "all"]
    p1.select_option("#say-to", "p2")
    p1.fill("#say-text", "Leave p3 to me.")
    p1.click("#say-form button[type='submit']")
    p2.wait_for_function("() => document.querySelector('#log').textContent.includes('p1 to p2: Leave p3 to me.')")
    p1.wait_for_function("() => document.querySelector('#log').textContent.includes('p1 to p2: Leave p3 to me.')")
    assert "Leave p3" not in p3.inner_text("#log")
    assert not (p1.errors or p2.errors or p3.errors)


def test_the_umpire_holds_by_will_alone_and_advances(browser: Any, server: LiveServer) -> None:
    made = create(server, scenario="by-will-alone/ministry-sit-in", umpire="person", seed=3,
                  seats={"nonviolent": "person", "authority": "heuristic"})
    umpire = open_seat(browser, server, made["tokens"]["umpire"])
    umpire.wait_for_selector("#power-name option[value='hold']", state="attached")
    umpire.select_option("#power-name", "hold")
    umpire.fill("#power-args input[name='at']", "now")
    umpire.click("#power-form button[type='submit']")
    umpire.wait_for_selector("#actions button:text('let the game go on (advance)')")
    assert "to act: umpire" in umpire.inner_text("#meta")
    umpire.click("#actions button:text('let the game go on (advance)')")
    umpire.wait_for_function("() => !document.querySelector('#meta').textContent.includes('to act: umpire')")
    assert not umpire.errors
