"""The boards of the tables in inches in a real browser (Debian's chromium, Playwright, headless):
a few decisions of every Public Participation and Breaking of Nations scenario made by clicking the
board (a piece, then a point of the table: the engine validates the coordinate move), a refusal shown
with the engine's reason, the ruler edge to edge, a template, the line of sight asked of the server,
and the lobby's army builder. Screenshots go to RIOTACT_SCREENSHOTS (docs/ when refreshing the
documentation), else to the test's temporary folder."""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

import pytest

from riotact.core import find_scenario
from web_support import LiveServer, browser_page, create

MOVE = re.compile(r"^move:([^:]+):(-?[\d.]+),(-?[\d.]+)$")
PP = ["public-participation/town-meeting", "public-participation/picket-line", "public-participation/dry-gulch"]
BON = ["breaking-of-nations/trench-raid", "breaking-of-nations/village-1914", "breaking-of-nations/assault-1918"]


def _view(page: Any) -> dict[str, Any]:
    """The seat's view as the page holds it, with the version it came with (read together)."""
    return dict(page.evaluate("({...state.view, version: document.body.dataset.version})"))


def _screen(page: Any, x: float, y: float) -> tuple[float, float, bool]:
    """Where (x, y) inches are on the screen, through the board's own SVG transform, and whether a click
    there would land on the bare table (not on a piece or one of the engine's offered points)."""
    cx, cy, bare = page.evaluate("""([x, y]) => {
        const svg = document.querySelector('#board svg.tabletop'), pt = svg.createSVGPoint();
        pt.x = x; pt.y = Number(svg.dataset.depth) - y;
        const p = pt.matrixTransform(svg.getScreenCTM()), hit = document.elementFromPoint(p.x, p.y);
        return [p.x, p.y, !hit.closest('.piece, .offer')]; }""", [x, y])
    return cx, cy, bare


def _click_inches(page: Any, x: float, y: float) -> None:
    cx, cy, _ = _screen(page, x, y)
    page.mouse.click(cx, cy)


def _answered(page: Any, before: str) -> str:
    """Wait for the server's answer to a decision: a new view, or a refusal."""
    page.wait_for_function("v => document.body.dataset.version !== v || "
                           "document.querySelector('#banner').textContent.includes('Refused')", arg=before)
    return str(page.inner_text("#banner"))


def _centre(view: dict[str, Any], piece: str) -> tuple[float, float]:
    st = view["state"]
    if view["ruleset"] == "public-participation":
        c = next(c for c in st["characters"] if c["id"] == piece)
        return c["x"], c["y"]
    models = next(u for u in st["units"] if u["id"] == piece)["models"]
    return sum(m["x"] for m in models) / len(models), sum(m["y"] for m in models) / len(models)


def _move_by_clicking(page: Any, view: dict[str, Any]) -> bool:
    """Select a piece with an offered move and click about halfway to the farthest offered point (on the
    bare table, not on an offered point): in reach because the whole straight move is. Returns whether
    it moved there."""
    offers = [(m.group(1), float(m.group(2)), float(m.group(3)))
              for a in view["legal_actions"] if (m := MOVE.match(a["id"]))]
    piece, x, y = max(offers, key=lambda o: (math.dist(_centre(view, o[0]), o[1:]), o[0]))
    cx, cy = _centre(view, piece)
    if math.dist((cx, cy), (x, y)) < 2:
        return False
    page.click(f"#board svg g.piece[data-piece='{piece}']")
    page.wait_for_selector(f"#board svg g.piece[data-piece='{piece}'] [stroke='#ffd400']")
    before = page.evaluate("document.body.dataset.version")
    for part in (0.5, 0.45, 0.55, 0.4, 0.6, 0.35, 0.65):
        tx, ty = round(cx + (x - cx) * part, 1), round(cy + (y - cy) * part, 1)
        if _screen(page, tx, ty)[2]:
            break
    else:
        return False
    _click_inches(page, tx, ty)
    assert "Refused" not in _answered(page, before)
    after = _centre(_view(page), piece)
    assert math.dist(after, (tx, ty)) < 0.15, (piece, after, (tx, ty))
    return True


def _other_decision(page: Any, view: dict[str, Any]) -> None:
    ids = [a["id"] for a in view["legal_actions"]]
    pick = next((i for i in ids if i.startswith("activate:")), None) or next(
        (i for i in ids if i == "done" or i.startswith(("end:", "hold:", "noopp:", "nokick:"))), ids[0])
    page.fill("#search", "")
    before = page.evaluate("document.body.dataset.version")
    page.click(f'#actions button[data-action="{pick}"]')
    _answered(page, before)


def _play(page: Any, moves: int) -> int:
    """Make decisions until ``moves`` moves were made by clicking the board (or the game ends)."""
    made = 0
    for _ in range(60):
        if made >= moves or "Game over" in page.inner_text("#banner"):
            break
        view = _view(page)
        if not view["legal_actions"]:
            page.wait_for_function("v => document.body.dataset.version !== v", arg=view["version"])
            continue
        if any(MOVE.match(a["id"]) for a in view["legal_actions"]) and _move_by_clicking(page, view):
            made += 1
        else:
            _other_decision(page, view)
    return made


def _open(browser: Any, server: LiveServer, ref: str, width: int = 1200, height: int = 1000) -> Any:
    seats = [s for s in find_scenario(ref).seats if s != "umpire"]
    made = create(server, scenario=ref, seed=8, seats={s: "heuristic" for s in seats[1:]})
    page = browser_page(browser, width, height)
    page.goto(f"{server.url}/table#t={made['tokens'][seats[0]]}")  # the first seat; bots elsewhere
    page.wait_for_selector("#board svg.tabletop g.piece")
    return page


@pytest.mark.parametrize("ref", PP + BON)
def test_a_few_moves_by_clicking_the_board(browser: Any, server: LiveServer, shots: Path, ref: str) -> None:
    page = _open(browser, server, ref)
    assert _play(page, 2) == 2
    assert page.query_selector_all("#log .ev")
    if ref in ("public-participation/town-meeting", "breaking-of-nations/trench-raid"):
        page.screenshot(path=str(shots / f"web-{ref.split('/')[0]}.png"), full_page=True)
    assert not page.errors


def test_a_point_out_of_reach_is_refused_with_the_engines_reason(browser: Any, server: LiveServer) -> None:
    """PP-03: the banner shows the rules' own words."""
    page = _open(browser, server, "public-participation/town-meeting")
    view = _view(page)
    piece = next(MOVE.match(a["id"]).group(1) for a in view["legal_actions"] if MOVE.match(a["id"]))
    page.click(f"#board svg g.piece[data-piece='{piece}']")
    before = page.evaluate("document.body.dataset.version")
    _click_inches(page, 35.5, 1.0)
    banner = _answered(page, before)
    assert "Refused:" in banner and "out of reach" in banner and "(PP-03)" in banner
    assert page.evaluate("document.body.dataset.version") == before


def test_ruler_template_and_sight_on_the_board(browser: Any, server: LiveServer, shots: Path) -> None:
    page = _open(browser, server, "public-participation/town-meeting")
    page.click("[data-tool='ruler']")
    page.click("#board svg g.piece[data-piece='M1']")
    page.click("#board svg g.piece[data-piece='M2']")
    # Mayor Hobbs (10, 14) to Constable Reed (12, 13): 2.24" between centres, less two half-inch bases.
    assert page.inner_text(".tt-status [role=status]") == (
        "Ruler: M1 to M2: 1.2\" edge to edge (2.2\" centre to centre).")
    page.click("[data-tool='template']")
    _click_inches(page, 18, 8)
    assert page.query_selector("#board svg circle.template")
    page.click("[data-tool='sight']")
    _click_inches(page, 8, 16)
    _click_inches(page, 8, 29.5)
    page.wait_for_function("() => document.querySelector('.tt-status [role=status]').textContent.includes('[PP-11]')")
    assert "no line of sight: the town hall is in the way" in page.inner_text(".tt-status [role=status]")
    assert page.query_selector("#board svg line.sight.blocked")
    _click_inches(page, 10, 10)
    _click_inches(page, 20.6, 14)
    page.wait_for_function("() => document.querySelector('.tt-status [role=status]').textContent.includes('in cover')")
    assert "in cover: the fountain, -1 to hit (PP-11)" in page.inner_text(".tt-status [role=status]")
    page.screenshot(path=str(shots / "web-public-participation-tools.png"), full_page=True)
    assert not page.errors


def test_the_boards_on_a_phone(browser: Any, server: LiveServer, shots: Path) -> None:
    for ref in ("public-participation/dry-gulch", "breaking-of-nations/village-1914"):
        page = _open(browser, server, ref, 390, 844)
        assert page.evaluate("document.documentElement.scrollWidth") <= 400
        page.click("#board svg g.piece")
        page.screenshot(path=str(shots / f"web-{ref.split('/')[0]}-phone.png"), full_page=True)
        assert not page.errors


def test_the_army_builder_checks_as_one_edits_and_makes_the_table(browser: Any, server: LiveServer,
                                                                  shots: Path) -> None:
    """BON-010, BON-044: totals and messages follow each edit; the table is made with the edited list."""
    page = browser_page(browser)
    page.goto(server.url + "/")
    page.wait_for_selector("#scenario option", state="attached")
    page.select_option("#scenario", "breaking-of-nations/trench-raid")
    page.click("#army-builder summary")
    page.wait_for_function("() => document.querySelector('#army-totals').textContent.includes('british: 76 of 80 CU')")
    page.fill("#army-0-soldiers", "8")
    page.wait_for_function("() => document.querySelector('#army-problems').textContent.includes('(BON-044)')")
    assert "it has 8 soldiers" in page.inner_text("[data-entry='0'] .army-problems")
    page.fill("#army-0-soldiers", "9")
    page.fill("#army-1-name", "The Bombers")
    page.select_option("#army-1-level", "elite")
    page.wait_for_function("() => document.querySelector('#army-problems').textContent.includes('(BON-010)')")
    page.screenshot(path=str(shots / "web-army-builder.png"), full_page=True)
    page.select_option("#army-1-level", "regular")
    page.wait_for_function("() => document.querySelector('#army-problems').textContent.includes('legal')")
    page.click("#create")
    page.wait_for_selector("#links a")
    link = page.eval_on_selector("#links a[data-seat='british']", "a => a.href")
    table = browser_page(browser)
    table.goto(link)
    table.wait_for_selector("#board svg.tabletop g.piece")
    assert "The Bombers" in {u["name"] for u in _view(table)["state"]["units"]}
    assert not page.errors and not table.errors


def _drawn(page: Any, view: dict[str, Any], log: list[dict[str, Any]]) -> Any:
    """Draw a seat's view and log (made by the engine) on a board of the page, as the table does."""
    page.evaluate("""([view, log]) => {
        const holder = document.createElement('div'); holder.id = 'drawn'; document.body.prepend(holder);
        Boards.draw(holder, view, null, { log }); }""", [view, log])
    return page


def test_the_scatter_and_the_blast_are_drawn_from_the_seats_log(browser: Any, server: LiveServer,
                                                                shots: Path) -> None:
    """PP-16: a missed stick scatters 1.5" north (arrow die 1, D6 3), PP-18: it explodes there; BON-060:
    a grenade deviates 3" to 3 o'clock and its 2" marker (BON-057) lies where it landed."""
    from breaking_of_nations.bon_support import do as bon_do
    from breaking_of_nations.bon_support import game as bon_game
    from breaking_of_nations.bon_support import unit
    from public_participation.pp_support import ch, do, game, to_phase

    pp = game([ch("R1", "red", (5, 5), throwables={"dynamite": 1}), ch("B1", "blue", (25, 25))], dice=[3, 1, 3])
    to_phase(pp, "firing")
    do(pp, "bomb:R1:dynamite:5.0,10.0")
    page = _open(browser, server, "public-participation/town-meeting")
    _drawn(page, pp.view("red"), pp.log_for("red"))
    line = page.eval_on_selector("#drawn line.scatter", "l => ['x1', 'y1', 'x2', 'y2'].map(k => l.getAttribute(k))")
    assert line == ["5", "20", "5", "18.5"]  # y from the top edge of a 30" table: 10" and 11.5" up
    assert page.eval_on_selector("#drawn circle.fired.blast", "c => [c.getAttribute('cx'), c.getAttribute('r')]") \
        == ["5", "3"]
    bon = bon_game([unit("A", "red", (2, 2), (10, 10), specialists=[{"kind": "grenadier"}]),
                    unit("x", "blue", (46, 47), (10, 17), (10.8, 17))], dice=[1, 2, 2, 3, 6, 5, 5],
                   options={"counter_attack": False})
    bon_do(bon, "activate:A")
    bon_do(bon, "throw:A:10.0,17.0")
    page.evaluate("document.getElementById('drawn').remove()")
    _drawn(page, bon.view("blue"), bon.log_for("blue"))
    assert page.eval_on_selector("#drawn line.scatter", "l => [l.getAttribute('x2'), l.getAttribute('y2')]") \
        == ["13", "31"]
    assert page.eval_on_selector("#drawn circle.fired.grenade", "c => c.getAttribute('r')") == "1"
    page.locator("#drawn").screenshot(path=str(shots / "web-breaking-of-nations-grenade.png"))
    assert not page.errors
