"""What the boards of the tables in inches read from the engine: line of sight worked out from a seat's
view only (``RulesetSpec.sight``), the BON army builder's check (``RulesetSpec.armies.report``), the terrain
chart and weapon bands in the BON view, and the scatter and templates the boards draw from the log."""

from __future__ import annotations

import copy
from typing import Any

from breaking_of_nations.bon_support import do, feature, game, unit
from riotact.core import Game, find_scenario, parse_scenario
from riotact.rulesets import get_ruleset

PP = get_ruleset("public-participation")
BON = get_ruleset("breaking-of-nations")


def pp_game(**changes: Any) -> Game:
    data = copy.deepcopy(find_scenario("public-participation/town-meeting").data)
    for cid, at in changes.items():
        next(c for c in data["setup"]["characters"] if c["id"] == cid)["at"] = at
    return Game(parse_scenario(data, "town.toml"), seed=5)


def test_pp_sight_is_blocked_by_a_building_and_tells_the_cover_pp11() -> None:
    """PP-11: the town hall blocks the line; the fountain gives cover (-1) to a figure behind it."""
    assert PP.sight is not None
    view = pp_game().view("council")["state"]
    blocked = PP.sight(view, (1, 24), (16, 24))
    assert not blocked["clear"] and blocked["blocker"] == "the town hall"
    assert "no line of sight: the town hall is in the way" in blocked["text"]
    behind = PP.sight(view, (10, 14), (20.5, 14))
    assert behind["clear"] and "the fountain, -1 to hit (PP-11)" in behind["cover"]
    assert PP.sight(view, (10, 14), (10, 4))["text"] == "clear line of sight, 10.0\" centre to centre"


def test_pp_sight_tells_nothing_of_characters_the_seat_cannot_see() -> None:
    """Two games differing only where an unseen character stands give the same answer to the council."""
    hidden_a, hidden_b = pp_game(W1=[1, 29.5]), pp_game(W1=[13.5, 29.6])  # behind the town hall
    for g in (hidden_a, hidden_b):
        assert "W1" not in {c["id"] for c in g.view("council")["state"]["characters"]}
    answers = [PP.sight(g.view("council")["state"], (8, 14), (1, 29.5)) for g in (hidden_a, hidden_b)]
    assert answers[0] == answers[1]


def test_bon_view_carries_the_terrain_chart_and_the_weapon_bands_bon110_bon030() -> None:
    """BON-110: each feature's CV, ground and sight; BON-030: the bands of the weapons the seat sees."""
    g = game([unit("A", "red", (2, 2), (10, 10)), unit("x", "blue", (46, 47), (10, 30))], dice=[1, 2],
             features=[feature("wire", "barbed_wire", [(0, 20), (48, 20), (48, 22), (0, 22)]),
                       feature("silo", "closed_building", [(20, 24), (24, 24), (24, 28), (20, 28)])])
    state = g.view("red")["state"]
    wire, silo = state["table"]["features"]
    assert (wire["cv"], wire["move"], wire["dangerous"], wire["blocks_sight"]) == (0, "jagged", True, False)
    assert silo["blocks_sight"] and silo["move"] == "impassable"
    assert state["weapons"]["rifle"] == {"short": 6, "medium": 12, "long": 24, "arc": None}
    report = BON.sight(state, (22, 10), (22, 40)) if BON.sight else {}
    assert not report["clear"] and report["blocker"] == "the silo" and report["rule"] == "BON-024"


def test_bon_sight_and_view_hide_a_concealed_unit_bon002() -> None:
    """BON-002 house rule: a hidden unit's weapons and place reach neither the view nor the sight check."""
    def hidden_at(x: float) -> Game:
        return game([unit("A", "red", (2, 2), (10, 10), hero_weapon="rifle"),
                     unit("x", "blue", (46, 47), (x, 30), kind="squad", hidden=True, pistols=1)],
                    dice=[1, 2], options={"hidden_deployment": True})
    views = [hidden_at(x).view("red")["state"] for x in (10, 30)]
    assert views[0] == views[1] and "pistol" not in views[0]["weapons"]
    assert BON.sight and BON.sight(views[0], (10, 10), (10, 30)) == BON.sight(views[1], (10, 10), (10, 30))


def test_bon060_a_deviating_grenade_leaves_its_arrow_and_marker_in_the_log() -> None:
    """BON-060: the deviation is logged from the aiming point to the landing point; BON-057: the 2" marker."""
    g = game([unit("A", "red", (2, 2), (10, 10), specialists=[{"kind": "grenadier"}]),
              unit("x", "blue", (46, 47), (10, 17), (10.8, 17))], dice=[1, 2, 2, 3, 6, 5, 5],
             options={"counter_attack": False})
    do(g, "activate:A")
    do(g, "throw:A:10.0,17.0")
    seen = g.log_for("red")
    assert next(e["scatter"] for e in seen if "scatter" in e) == {"from": [10.0, 17.0], "to": [13.0, 17.0]}
    assert next(e["template"] for e in seen if "template" in e) == {"kind": "grenade", "x": 13.0, "y": 17.0,
                                                                     "radius": 1.0}


def _army(**changes: Any) -> list[dict[str, Any]]:
    units = copy.deepcopy(find_scenario("breaking-of-nations/trench-raid").data["setup"]["units"])
    units[0].update(changes)
    return list(units)


def _check(units: list[dict[str, Any]]) -> dict[str, Any]:
    data = find_scenario("breaking-of-nations/trench-raid").data
    assert BON.armies is not None
    return BON.armies.report({**data, "setup": {**data["setup"], "units": units}})


def test_the_army_builder_prices_and_checks_every_entry_bon010_bon044_bon045() -> None:
    """BON-010: costs and totals against the limit; BON-044 and BON-045 messages name the entry."""
    ok = _check(_army())
    assert ok["ok"] and ok["totals"] == {"british": 76, "germans": 49} and ok["limit"] == 80
    assert [r["cost"] for r in ok["units"]] == [45, 31, 19, 10, 20]
    short = _check(_army(soldiers=8))
    assert short["units"][0]["problems"] == [
        "unit A: a squad is one officer and nine soldiers, specialists included (BON-044); it has 8 soldiers"]
    many = _check(_army(specialists=[{"kind": "lmg"}, {"kind": "lft"}, {"kind": "medic"}]))
    assert any("at most 2 specialists in a squad (BON-045)" in p for p in many["problems"])
    dear = _check(_army(level="elite", armour="heavy"))
    assert any("over the scenario's limit of 80 (BON-010)" in p for p in dear["problems"])


def test_the_army_builder_says_what_is_wrong_with_a_malformed_entry() -> None:
    """A field the model refuses is one line naming the entry; the model's own checks come last."""
    bad = _check(_army(level="legendary"))
    assert not bad["ok"] and bad["units"][0]["cost"] is None
    assert bad["problems"][0].startswith("unit A: level: Input should be")
    off = _check(_army(at=[5, 90]))
    assert off["problems"] == ["setup: unit A stands off the table at (5.0, 90.0)"]
    assert {f["name"] for f in off["form"]} >= {"kind", "level", "specialists", "at", "formation"}


def test_bon_view_gives_a_guns_reach_and_arc_bon067_bon077() -> None:
    """BON-067: a piece fires within 45 degrees of its barrel; BON-077: the trench mortar's 12" least range."""
    state = Game(find_scenario("breaking-of-nations/assault-1918"), seed=1).view("umpire")["state"]
    assert state["weapons"]["trench_mortar"] == {"short": 30.0, "medium": None, "long": None, "arc": 45.0,
                                                 "minimum": 12.0}
