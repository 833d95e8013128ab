"""The Breaking of Nations board in a real browser draws the lanes cut through barbed wire (BON-102)
from the seat's view: the cloth showing through the wire, dashed while the lane is unfinished."""

from __future__ import annotations

from typing import Any

from breaking_of_nations.bon_support import do, feature, game, unit
from web_support import LiveServer, browser_page, create


def test_bon102_the_board_draws_the_lane_cut_through_the_wire(browser: Any, server: LiveServer) -> None:
    g = game([unit("C", "red", (10, 13), wire_cutters=1), unit("x", "blue", (10, 21))], dice=[1, 2],
             features=[feature("wire", "barbed_wire", [(0, 14), (48, 14), (48, 17), (0, 17)])])
    do(g, "activate:C")
    do(g, "cut:C:wire")
    made = create(server, scenario="breaking-of-nations/trench-raid", seed=8, seats={"germans": "heuristic"})
    page = browser_page(browser)
    page.goto(f"{server.url}/table#t={made['tokens']['british']}")
    page.wait_for_selector("#board svg.tabletop")
    assert not page.query_selector_all("#board polygon.lane")  # no lane cut yet in the raid
    page.evaluate("""(view) => {
        const holder = document.createElement('div'); holder.id = 'drawn'; document.body.prepend(holder);
        Boards.draw(holder, view, null, { log: [] }); }""", g.view("blue"))
    lane = page.query_selector("#drawn polygon.lane")
    assert lane is not None and lane.get_attribute("data-wire") == "wire"
    assert lane.get_attribute("points") == "10.5,34.05 10.5,33 9.5,33 9.5,34.05"  # y from the top of 48"
    assert lane.get_attribute("stroke-dasharray") == "0.15 0.1"  # 1" of 3": not through yet
    assert "a lane cut through the wire: 1\" of 3\" (BON-102)" in lane.text_content()
    assert not page.errors
