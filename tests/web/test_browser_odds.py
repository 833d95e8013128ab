"""The odds of an option on the web table, in a real browser (Debian's chromium, headless): written
on the option's button from the seat's message, which the server built from the seat's view."""

from __future__ import annotations

from web_support import LiveServer, browser_page, create


def test_the_table_writes_the_odds_on_the_buttons(browser: object, server: LiveServer) -> None:
    made = create(server, scenario="revolting-behaviour/first-game", seed=5, seats={"p2": "heuristic"},
                  options={"first_turn_order": "seats"})
    page = browser_page(browser)
    page.goto(f"{server.url}/table#t={made['tokens']['p1']}")  # type: ignore[attr-defined]
    mild = page.wait_for_selector('#actions button[data-action="D-mild"]')  # type: ignore[attr-defined]
    assert mild.inner_text().endswith("— 93% success within your 20 RP, 7% Joker")  # RB-14
    assert page.inner_text('#actions button[data-action="pass"]') == "make no attempt this turn (free)"  # type: ignore[attr-defined]
    assert not page.errors  # type: ignore[attr-defined]
