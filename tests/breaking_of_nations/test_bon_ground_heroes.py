"""Heroic deeds (BON-043) through ``Game`` with scripted dice."""

from __future__ import annotations

from typing import Any

from breaking_of_nations.bon_support import do, game, gl, model, texts, unit
from riotact.core import Game, find_scenario, make_bot
from riotact.core.bots import play_out

OFF = {"counter_attack": False}


def deed(options: dict[str, Any]) -> Any:
    """Blue's two LMG teams pin red's B (near the fight) and C (far off), raising each to GL 5+; then
    red's hero A strikes blue's hero h down in close combat (a natural 6, BON-033)."""
    g = game([unit("A", "red", (20, 20), kind="hero"), unit("B", "red", (25, 20)), unit("C", "red", (45, 45)),
              unit("x", "blue", (25, 30), (26, 30), specialists=[{"kind": "lmg"}]),
              unit("w", "blue", (45, 35), (46, 35), specialists=[{"kind": "lmg"}]),
              unit("h", "blue", (20, 21), kind="hero")],
             dice=[2, 1, *[1] * 4, *[1] * 4, 6, 3], options={**OFF, **options})
    do(g, "activate:x")
    do(g, "fire:x:B")
    do(g, "end:x")
    do(g, "activate:C")
    do(g, "end:C")
    do(g, "activate:w")
    do(g, "fire:w:C")
    do(g, "end:w")
    do(g, "activate:A")
    do(g, "fight:A")
    return g


def test_bon043_a_heroic_deed_takes_2_gl_from_friendly_units_within_12_inches_only() -> None:
    """BON-043: striking down the enemy hero in close combat is a heroic deed: B, 5" away, takes heart
    (GL 5+ back to its Regular 4+), C, 30" away, does not."""
    g = deed({})
    assert gl(g, "B") == 4 and gl(g, "C") == 5
    log = texts(g, "blue")
    assert "A heroic deed: A strikes down the leader h.1 in close combat." in log
    assert "B takes heart: GL 5+ to 4+." in log


def test_bon043_the_heroic_deeds_house_rule_off_changes_nothing() -> None:
    """BON-043 house rule ``heroic_deeds = off``: the same fight reassures nobody."""
    g = deed({"heroic_deeds": "off"})
    assert gl(g, "B") == 5 and "heroic deed" not in texts(g)


def test_the_heuristic_bot_fights_for_the_village_church() -> None:
    """The village scenario has a building worth fighting over: heuristic bots go in by its doors
    (BON-090) or fight through them (BON-096) in at least one of three seeded games."""
    seen = ""
    for seed in (1, 2, 3):
        g = Game(find_scenario("breaking-of-nations/village-1914"), seed=seed)
        play_out(g, {s: make_bot("heuristic", g, s) for s in g.seats})
        seen += texts(g)
    assert "of the church by the door" in seen or "fights through the door" in seen


def test_bon043_knocking_out_a_vehicle_in_close_combat_is_a_heroic_deed() -> None:
    """BON-043 gap: "destroying an enemy hero, gun or vehicle in close combat": red's hero A knocks out
    blue's lorry v (CV class II) with a natural 6 (a critical, BON-062); B, 5" away, takes heart."""
    g = game([unit("A", "red", (20, 20), kind="hero"), unit("B", "red", (25, 20)), unit("C", "red", (45, 45)),
              unit("x", "blue", (25, 30), (26, 30), specialists=[{"kind": "lmg"}]),
              unit("w", "blue", (45, 35), (46, 35), specialists=[{"kind": "lmg"}]),
              unit("v", "blue", (20, 22), kind="vehicle", cv_class=2)],
             dice=[2, 1, *[1] * 4, *[1] * 4, 6, 3], options=OFF)
    for act in ("activate:x", "fire:x:B", "end:x", "activate:C", "end:C", "activate:w", "fire:w:C", "end:w",
                "activate:A", "fight:A"):
        do(g, act)
    assert model(g, "v.1").removed == "knocked out by a critical"
    assert "A heroic deed: A strikes down the vehicle v.1 in close combat." in texts(g, "blue")
    assert gl(g, "B") == 4 and gl(g, "C") == 5
