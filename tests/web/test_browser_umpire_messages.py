"""The message box and the umpire's hold in a real browser (Debian's chromium, headless, Playwright):
a player's message reaches the seat it is sent to; the umpire of a ruleset without an umpire seat holds
the game from the console's form and lets it go on with the advance button."""

from __future__ import annotations

import time
from typing import Any

from web_support import LiveServer, browser_page, create


def open_seat(browser: Any, server: LiveServer, token: str) -> Any:
    page: Any = browser_page(browser)
    page.goto(f"{server.url}/table#t={token}")
    page.wait_for_selector("#say-to option[value='all']", state="attached", timeout=90_000)  # slow under load
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


def test_the_message_box_is_filled_when_its_script_arrives_after_the_first_snapshot(
        browser: Any, server: LiveServer) -> None:
    """messages.js held back by the network: the page connects only once every script has run, so the
    first snapshot still fills the box (a page that waits for the next update would show no seats)."""
    made = create(server, scenario="revolting-behaviour/four-players", seed=3,
                  seats={"p1": "person", "p2": "person", "p3": "person", "p4": "heuristic"})
    page: Any = browser_page(browser)

    def slow(route: Any) -> None:
        time.sleep(1.5)  # the snapshot (sent on hello) arrives meanwhile if the page connected early
        route.continue_()

    page.route("**/static/messages.js", slow)
    page.goto(f"{server.url}/table#t={made['tokens']['p3']}")
    page.wait_for_selector("#say-to option[value='all']", state="attached", timeout=30_000)
    assert page.eval_on_selector_all("#say-to option", "os => os.map(o => o.value)") == ["p1", "p2", "p4", "all"]
    assert not page.errors
