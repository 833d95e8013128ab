"""The preliminary bombardment (BON-071, BON-072) and vehicles (BON-012, BON-062), through ``Game`` with
scripted dice. The game opens with one initiative D6 per seat (``[1, 2, ...]``: red first); the
bombardment follows at once, before turn 1 (BON-002)."""

from __future__ import annotations

from typing import Any

from breaking_of_nations.bon_support import do, game, gl, ids, model, seen_unit, texts, unit
from support import umpire_sees

OFF = {"counter_attack": False, "great_equalizer": False}
FAR = unit("A", "red", (24, 2), (25, 2))


def shelled(dice: list[int], *units: dict[str, Any], options: dict[str, Any] | None = None, hours: int = 2,
            **kw: Any):
    return game([FAR, *units], dice=[1, 2, *dice], options={**OFF, **(options or {})},
                bombardment={"attacker": "red", "defender": "blue", "hours": hours}, **kw)


def markers(g) -> list[list[float]]:
    return [e["marker"] for e in g.log.events if e.get("rule") == "BON-071" and "marker" in e]


def test_bon071_a_48_by_24_half_gets_eight_markers_one_per_12_inch_square_and_no_deviation() -> None:
    """BON-071: the defender's half (north, 48" x 24") is eight 12" squares; each point is 2d12 from the
    square's corner on the defender's right nearest the centre (leftward, then towards his edge); a 6"
    marker there is attacked with no deviation roll."""
    g = shelled([1] * 48, unit("x", "blue", (47, 47), (46, 47)))
    got = markers(g)
    assert len(got) == 8 and got[0] == [1.0, 25.0, 3.0] and got[1] == [1.0, 37.0, 3.0] and got[7] == [37.0, 37.0, 3.0]
    assert not any(e.get("rule") == "BON-069" for e in g.log.events)
    assert umpire_sees(g)["turn"] == 1 and g.to_act() == ("red",)


def test_bon071_a_marker_is_a_heavy_howitzers_shell_4d12_two_men_a_die_d4() -> None:
    """BON-071 gap: each marker is attacked as a Heavy Howitzer firing shell: 4D12, each die against up to
    two models under the 6" marker, TN = DS 5 + Green +1, 4 damage per hit."""
    g = shelled([5, 6, 9, 1, 1, 1, *[1] * 42], unit("x", "blue", (40, 46), (5, 30), (6, 30), (10, 30)))
    log = texts(g)
    assert "Square 1,1: a 6\" marker at (5.0, 30.0), no deviation." in log
    assert "Die 9 against x.2 (TN 6: 5 DS +1 Green crew (artillery and MG crews are Green, BON-065)): hit." in log
    assert not model(g, "x.2").in_play and not model(g, "x.3").in_play and model(g, "x.4").in_play


def test_bon071_points_off_the_table_are_lost() -> None:
    """BON-071 gap: a 40" wide half has a partial fourth column; a point beyond the edge is lost."""
    g = shelled([*[1] * 36, 5, 1, 5, 1], unit("x", "blue", (39, 47), (38, 47)), width=40)
    assert texts(g).count("falls off the table and is lost") == 2 and len(markers(g)) == 6


def test_bon072_optional_phases_a_6_hour_bombardment_is_resolved_three_times() -> None:
    """BON-072: with the optional rule, one bombardment phase per two hours: 6 hours, 3 x 8 markers."""
    g = shelled([1] * 144, unit("x", "blue", (47, 47), (46, 47)), hours=6, options={"bombardment_phases": True})
    assert len(markers(g)) == 24 and "3 phases (BON-072)" in texts(g)
    assert len(markers(shelled([1] * 48, unit("x", "blue", (47, 47), (46, 47)), hours=6))) == 8


def test_bon071_a_hidden_units_losses_stay_with_its_owner() -> None:
    """BON-002 house rule with BON-071: the shelling of a hidden unit is told to its owner only."""
    g = shelled([5, 6, 9, 1, 1, 1, *[1] * 42], unit("x", "blue", (40, 46), (5, 30), (6, 30), hidden=True),
                options={"hidden_deployment": True})
    assert "against x.2" in texts(g, "blue") and "x.2" not in texts(g, "red")


def vehicle(cv_class: int, **card: Any) -> dict[str, Any]:
    return unit("v", "blue", (24, 20), kind="vehicle", cv_class=cv_class, **card)


def test_bon012_a_rifle_hit_on_a_class_iii_vehicle_has_no_effect_but_counts_on_class_ii() -> None:
    """BON-012: weapons without AV only fire effectively on vehicles of CV classes I and II; a vehicle makes
    a CV save (CV 9) instead of a DS save."""
    for cv_class, wounds in ((3, 3), (2, 2)):
        g = game([unit("A", "red", (24, 10), (24, 12)), vehicle(cv_class)], dice=[1, 2, 10, 10], options=OFF)
        do(g, "activate:A")
        do(g, "fire:A:v")
        assert model(g, "v.1").wounds == wounds
        assert ("has no effect: pistol has no AV" in texts(g)) is (cv_class == 3)
        assert "(TN 8: 9 DS -1 short range" in texts(g)


def test_bon062_a_flame_throwers_stream_knocks_a_vehicle_out_without_a_roll() -> None:
    """BON-062: a flame thrower automatically causes a critical on a vehicle: knocked out (gap)."""
    g = game([unit("A", "red", (24, 10), (24, 12), specialists=[{"kind": "lft"}]), vehicle(4)], dice=[1, 2],
             options=OFF)
    do(g, "activate:A")
    do(g, "fire:A:v")
    assert "The stream engulfs v.1: an automatic critical." in texts(g)
    assert model(g, "v.1").removed == "knocked out by a critical"


def test_bon012_a_vehicle_moves_at_its_speed_and_fires_its_armament() -> None:
    """BON-012 gap: a vehicle is one model with 2 actions that moves its speed and fires its LMG."""
    g = game([unit("A", "red", (24, 4), (24, 6)), vehicle(3, speed=8)], dice=[2, 1], options=OFF)
    do(g, "activate:v")
    assert "fire:v:A" in ids(g) and "prone:v" not in ids(g)
    move = next(i for i in ids(g) if i.startswith("move:v:"))
    do(g, move)
    assert abs(model(g, "v.1").y - 12) < 0.01 and model(g, "v.1").ac == 1


def test_bon071_two_games_differing_only_in_a_hidden_units_place_look_the_same_to_the_attacker() -> None:
    """BON-071 with the BON-002 house rule (fog of war): a hidden unit under a marker or out of it, the
    attacker receives the same log and view."""
    seen = []
    for where in ((5, 30), (40, 40)):
        g = shelled([5, 6, 9, 9, 9, 9, *[1] * 42], unit("x", "blue", (40, 46), where, hidden=True),
                    options={"hidden_deployment": True})
        seen.append((g.log_for("red"), g.view("red")))
    assert seen[0] == seen[1]


def test_bon076_an_mg_whose_ammunition_man_is_in_close_combat_rolls_for_its_ammunition() -> None:
    """BON-076: "K.I.A. or currently in combat": the ammunition crewman in base contact with an enemy
    makes the MG roll at its activation (turn 1: out on a 6); out of contact, no roll."""
    for red_at, face, rolled in (((22, 27.5), 6, True), ((10, 10), 6, False)):
        g = game([unit("A", "red", (2, 2), red_at), unit("m", "blue", (20, 30), (19, 32), (22, 28.5), kind="mg",
                                                          facing=180)], dice=[2, 1, face], options=OFF)
        do(g, "activate:m")
        assert any(e.get("rule") == "BON-076" and e["kind"] == "roll" for e in g.log.events) is rolled
        assert seen_unit(g, "m")["ammo_out"] is rolled


def test_bon036_a_vehicle_driving_fast_straight_at_a_squad_raises_its_glory() -> None:
    """BON-036: "a vehicle ... is heading straight for it at a higher gear": 8" straight at a squad
    (gap: faster than a 6" walk, the squad in its 90 degrees ahead) raises its GL; 5" does not."""
    for move, raised in (("24.0,20.0", 5), ("24.0,17.0", 4)):
        g = game([vehicle(3, speed=8) | {"at": [24, 12], "models_at": [[24, 12]]},
                  unit("x", "red", (24, 30), (23, 30))], dice=[2, 1], options=OFF)
        do(g, "activate:v")
        do(g, f"move:v:{move}")
        assert gl(g, "x") == raised


def test_bon109_a_vehicle_over_rubble_makes_a_breakdown_roll_and_a_1_stops_it_for_good() -> None:
    """BON-109 gap: a vehicle crossing Bumpy ground (rubble) rolls a D6: on a 1 it breaks down."""
    rubble = {"id": "r", "name": "the rubble", "kind": "rubble", "outline": [[0, 14], [48, 14], [48, 22], [0, 22]]}
    for face, broken in ((1, True), (2, False)):
        g = game([vehicle(3, speed=9) | {"at": [24, 12], "models_at": [[24, 12]]}, unit("x", "red", (4, 40), (5, 40))],
                 dice=[2, 1, face], options=OFF, features=[rubble])
        do(g, "activate:v")
        do(g, "move:v:24.0,18.0")
        assert ("breaks down" in texts(g)) is broken
        assert any(i.startswith("move:v:") for i in ids(g)) is not broken
