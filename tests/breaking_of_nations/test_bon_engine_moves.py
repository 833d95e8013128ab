"""Moves the engine makes for a soldier (a charge, BON-017; a panic reaction's run, BON-039) are never
lost to the 0.1" grid they are written on: a step the grid would carry a few hundredths past the
allowance (BON-015) takes the nearest grid point within it instead of being refused whole."""

from __future__ import annotations

import math
from typing import Any

from hypothesis import example, given, settings
from hypothesis import strategies as st

from breaking_of_nations.bon_support import do, feature, game, model, seen_unit, texts, unit
from riotact.tabletop import Feature

OFF = {"counter_attack": False}
TARGET = (24.0, 24.0)
CHARGE_REACH = 10.0  # BON-017: a Regular's SP 5, doubled


@settings(max_examples=60, deadline=None)
@given(st.floats(0, 360, exclude_max=True), st.floats(CHARGE_REACH + 1.5, 19.0))
@example(1.0, 12.0)  # 12.02" written for a 10" run: he stood still
def test_bon017_a_charger_short_of_contact_runs_his_full_double_sp_at_any_angle(angle: float, far: float) -> None:
    """BON-017: the officer reaches the enemy, so the charge is offered; his man ``far`` inches off at
    ``angle`` cannot reach contact and runs his whole 10" straight at the enemy model, whatever the
    angle (not 0" at 11 or 17 degrees off an axis)."""
    rad = math.radians(angle)
    start = (round(TARGET[0] + far * math.sin(rad), 2), round(TARGET[1] + far * math.cos(rad), 2))
    near = (TARGET[0] + 1.5 * math.sin(rad), TARGET[1] + 1.5 * math.cos(rad))
    g = game([unit("A", "red", near, start), unit("x", "blue", TARGET)], dice=[1, 2, *[3] * 8], options=OFF)
    do(g, "activate:A")
    do(g, "charge:A:x")
    end = model(g, "A.2").pos
    run = math.dist(start, end)
    assert CHARGE_REACH - 0.15 < run <= CHARGE_REACH + 1e-6, (start, end)
    assert math.dist(end, TARGET) < math.dist(start, TARGET) - CHARGE_REACH + 0.15  # straight at the enemy
    assert model(g, "A.2").move_ac == 1


def panicked(men: list[tuple[float, float]], reactions: list[int]):  # type: ignore[no-untyped-def]
    """Red's LMG pins blue's Civilian unit ``x`` (its three shots miss), which panics (BON-038); each of
    its men rolls his reaction from ``reactions`` (BON-111). Red then ends, and blue activates ``x``."""
    g = game([unit("A", "red", (2, 2), (10, 10), specialists=[{"kind": "lmg"}]),
              unit("x", "blue", *men, level="civilian"), unit("y", "blue", (46, 47))],
             dice=[1, 2, 1, 1, 1, *reactions, 1], options=OFF, turns=3)
    do(g, "activate:A")
    do(g, "fire:A:x")
    do(g, "end:A")
    do(g, "activate:x")
    return g


def test_bon039_a_fleeing_soldier_off_the_grid_still_runs_for_his_edge() -> None:
    """BON-039 gap: full movement to his own edge. Standing at x = 30.37, a step of 4" north written
    to the 0.1" grid was 4.0001" long and refused: he stayed where he was with all his AC."""
    g = panicked([(30.37, 30.0), (10, 20), (12, 20)], [1, 2, 2])
    assert "x.1 (Civilian): flee." in texts(g)
    x1 = model(g, "x.1")
    assert x1.ac == 0 and x1.y >= 37.9 and abs(x1.x - 30.37) < 0.1


def test_bon039_a_berserk_soldier_runs_at_his_target_off_the_axis() -> None:
    """BON-039 gap: a berserk soldier out of range runs one action towards the nearest model he sees
    (y.1, 27" off): from (40, 20) that step was written 4.0025" long against his 4" and refused."""
    g = panicked([(10, 20), (12, 20), (40.0, 20.0)], [2, 2, 6])
    assert "x.3 (Civilian): berserk." in texts(g)
    assert math.dist((40.0, 20.0), model(g, "x.3").pos) > 3.85


def routed(men: list[tuple[float, float]], features: list) -> Any:  # type: ignore[type-arg]
    """Red's LMG kills blue's Regular officer x.1 and x.2 with two natural 12s (BON-026) and pins the
    rest: its leader lost, half strength and pinned take it from GL 4+ to 7 (BON-036, BON-038); x.3 and
    x.4 each roll a 5: Take Cover (BON-111). Red then ends, and blue activates ``x``."""
    g = game([unit("A", "red", (20, 2), (20, 10), specialists=[{"kind": "lmg"}]),
              unit("x", "blue", (20, 25), (21, 26), *men), unit("y", "blue", (46, 47))],
             dice=[1, 2, 12, 12, 1, 5, 5], options=OFF, features=features)
    do(g, "activate:A")
    do(g, "fire:A:x")
    assert "x.3 (Regular): take cover." in texts(g) and "x.4 (Regular): take cover." in texts(g)
    do(g, "end:A")
    do(g, "activate:x")
    return g


def test_bon039_take_cover_runs_into_a_wood_off_the_axis() -> None:
    """BON-039: x.3 runs for the copse within 9" and gets into it (a step of 4.003" into the Bumpy copse,
    BON-109, against his 4" was refused whole: he stayed put with all his AC)."""
    copse = feature("copse", "light_forest", [(32.5, 22), (40, 22), (40, 30), (32.5, 30)])
    g = routed([(30.0, 29.05), (19, 27)], [copse])
    assert "x.3 runs for the copse" in texts(g)
    assert Feature("copse", "copse", copse["outline"]).contains(model(g, "x.3").pos) and model(g, "x.3").ac < 3


def test_bon039_take_cover_measures_to_the_nearest_edge_of_the_cover() -> None:
    """BON-039: "moves to cover ... within 9"": a long wood strip whose edge is 1" from x.3's base (its
    middle 9.3" off) is cover within 9"; he runs into it rather than lying flat. x.4, 11" from it,
    finds none and goes prone (gap)."""
    strip = feature("strip", "light_forest", [(30, 37.5), (48, 37.5), (48, 39), (30, 39)])
    g = routed([(30.0, 36.0), (19, 27)], [strip])
    assert "x.3 runs for the strip" in texts(g) and "x.3 finds no cover" not in texts(g)
    assert Feature("strip", "strip", strip["outline"]).contains(model(g, "x.3").pos) and not model(g, "x.3").prone
    assert model(g, "x.4").prone and "x.4 finds no cover within 9\" and lies flat." in texts(g)


def test_bon039_bon002_take_cover_does_not_shun_a_wood_a_hidden_enemy_holds() -> None:
    """BON-039 "cover not held by opponent" with BON-002 hidden deployment: what the panicking side
    knows. Two games differ only in where red's hidden unit H lies (in the near copse, or far off):
    x.3 runs for the copse in both, and blue's log and view are the same (he shunned the copse for
    the far wood when H was in it, which told blue where H hides)."""
    def play(in_copse: bool) -> Any:
        copse = feature("copse", "light_forest", [(32.5, 24), (36, 24), (36, 28), (32.5, 28)])
        wood = feature("wood", "light_forest", [(22, 33), (28, 33), (28, 37), (22, 37)])
        g = game([unit("A", "red", (20, 2), (20, 10), specialists=[{"kind": "lmg"}]),
                  unit("H", "red", (34, 26) if in_copse else (46, 2), hidden=True),
                  unit("x", "blue", (20, 25), (21, 26), (30.0, 29.0), (19, 27)), unit("y", "blue", (46, 47))],
                 dice=[1, 2, 12, 12, 1, 5, 5], features=[copse, wood],
                 options={**OFF, "hidden_deployment": True, "spotting_range": 1.0})
        do(g, "activate:A")
        do(g, "fire:A:x")
        do(g, "end:A")
        do(g, "activate:x")
        return g

    held, empty = play(True), play(False)
    assert "x.3 runs for the copse" in texts(held, "blue") and seen_unit(held, "H")["hidden"]
    assert held.log_for("blue") == empty.log_for("blue") and held.view("blue") == empty.view("blue")
