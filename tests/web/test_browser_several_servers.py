"""Two browser pages of one table through two ``riotact serve`` processes on one PostgreSQL database
(Debian's chromium driven by Playwright, headless): each page follows the other's decisions live, and a
page whose process is killed with ``kill -9`` reconnects by itself when a process answers there again."""

from __future__ import annotations

from pathlib import Path

from web_support import ServerProcess, create


def _page(browser: object, url: str) -> object:
    page = browser.new_context().new_page()  # type: ignore[attr-defined]
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors
    page.goto(url)
    page.wait_for_selector("svg.board")
    return page


def _decisions_shown(page: object) -> int:
    return int(page.evaluate("document.querySelectorAll('#log .ev').length"))  # type: ignore[attr-defined]


def _take_turns(pages: list[object], turns: int) -> None:
    """Whichever page offers actions clicks its first one; every page then shows the new log entries."""
    for _ in range(turns):
        page = next((p for p in pages if p.query_selector("#actions button[data-action]")), None)  # type: ignore[attr-defined]
        if page is None:
            pages[0].wait_for_timeout(50)  # type: ignore[attr-defined]
            continue
        seen = [_decisions_shown(p) for p in pages]
        page.click("#actions button[data-action]")  # type: ignore[attr-defined]
        for other, before in zip(pages, seen, strict=True):
            other.wait_for_function(  # type: ignore[attr-defined]
                "n => document.querySelectorAll('#log .ev').length > n", arg=before)


def test_two_pages_of_one_table_on_two_processes(browser: object, pg_url: str, tmp_path: Path) -> None:
    a, b = ServerProcess(pg_url, tmp_path), ServerProcess(pg_url, tmp_path)
    try:
        made = create(a, scenario="revolting-behaviour/first-game", seed=3, options={"first_turn_order": "seats"})
        p1 = _page(browser, f"{a.url}/table#t={made['tokens']['p1']}")
        p2 = _page(browser, f"{b.url}/table#t={made['tokens']['p2']}")
        assert "seat p1" in p1.inner_text("#meta") and "seat p2" in p2.inner_text("#meta")  # type: ignore[attr-defined]
        _take_turns([p1, p2], 6)
        # p1's process dies; the page says so and retries by itself until a process answers at its address.
        port = a.port
        a.kill()
        p1.wait_for_function(  # type: ignore[attr-defined]
            "() => document.querySelector('#meta').textContent.includes('reconnecting')")
        a = ServerProcess(pg_url, tmp_path, port=port)
        p1.wait_for_function(  # type: ignore[attr-defined]
            "() => !document.querySelector('#meta').textContent.includes('reconnecting')", timeout=30_000)
        _take_turns([p1, p2], 6)  # p1's page plays on, through the new process, and p2's follows it
        assert not p1.errors and not p2.errors  # type: ignore[attr-defined]
    finally:
        a.stop()
        b.stop()
