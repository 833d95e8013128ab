"""Formations, actions and the charts as they show in play (BON-009..027, BON-042, BON-053..056,
BON-065/066, BON-086, BON-092, BON-100, BON-103..110), through ``Game`` with scripted dice."""

from __future__ import annotations

from itertools import pairwise

from breaking_of_nations.bon_support import do, feature, game, gl, ids, model, move_refusal, seen_unit, texts, unit

OFF = {"counter_attack": False}


def test_bon011_bon013_a_rifleman_fires_once_an_action_and_no_more_than_his_ac() -> None:
    """BON-011, BON-013: each firing is 1 AC; with AC 3 he fires three times, then he cannot."""
    g = game([unit("A", "red", (2, 2), (10, 10)), unit("x", "blue", (46, 47), *[(10 + i, 30) for i in range(5)])],
             dice=[1, 2, 1, 1, 1], options=OFF)
    do(g, "activate:A")
    for _ in range(3):
        do(g, "fire:A:x")
    assert model(g, "A.2").ac == 0 and "fire:A:x" not in ids(g)


def test_bon009_bon027_an_infantryman_falls_to_one_hit_and_an_mg_piece_has_three_wounds() -> None:
    """BON-009, BON-027, BON-065, BON-108: a D 1 hit removes a man, but only scratches the gun (DS 6)."""
    g = game([unit("A", "red", (2, 2), (20, 15)), unit("m", "blue", (20, 25), (10, 40), (12, 40), kind="mg",
                                                        facing=180)], dice=[1, 2, 7], options=OFF)
    do(g, "activate:A")
    do(g, "fire:A:m")
    assert "TN 6: 6 DS" in texts(g) and model(g, "m.1").wounds == 2 and model(g, "m.1").in_play
    assert model(g, "m.2").level == "green" and model(g, "m.2").armour == "flak"


def test_bon018_bon019_changing_formation_costs_each_soldier_an_action() -> None:
    """BON-018, BON-019, BON-020: Open (1.5" between bases) to Closed (bases touching) costs 1 AC each."""
    g = game([unit("A", "red", (10, 10), (12.5, 10), (15, 10)), unit("x", "blue", (46, 47))], dice=[1, 2])
    do(g, "activate:A")
    do(g, "formation:A:closed")
    xs = sorted(model(g, f"A.{i}").x for i in (1, 2, 3))
    assert [round(b - a, 2) for a, b in pairwise(xs)] == [1.0, 1.0]
    assert all(model(g, f"A.{i}").ac == 2 for i in (1, 2, 3))


def test_bon021_a_mass_formation_has_ds_1() -> None:
    """BON-021, BON-106: in Mass the experience DS becomes 1; armour is still added."""
    g = game([unit("A", "red", (2, 2), (10, 10)), unit("x", "blue", (46, 47), (10, 20), formation="mass",
                                                       armour="flak")], dice=[1, 2, 1], options=OFF)
    do(g, "activate:A")
    do(g, "fire:A:x")
    assert "TN 2: 2 DS +0 medium range" in texts(g)


def test_bon020_a_closed_formation_charging_has_ds_1_and_is_a_cluster() -> None:
    """BON-020, BON-113: a closed unit charging has DS 1 and a charging cluster is easier to hit."""
    g = game([unit("A", "red", (2, 2), (10, 10), formation="closed"), unit("x", "blue", (46, 47), (10, 16))],
             dice=[1, 2, 3, 3])
    do(g, "activate:A")
    do(g, "charge:A:x")
    assert "TN 1: 1 DS +0 attacker's CS" in texts(g)


def test_bon042_a_fallback_order_takes_2_gl_and_moves_away_from_the_enemy() -> None:
    """BON-042: the officer orders the squad back: GL -2 (not below its level), a move straight away."""
    g = game([unit("A", "red", (2, 2), (10, 10)), unit("x", "blue", (10, 20), (12, 21), (30, 40))],
             dice=[1, 2, 10, 4, 1], options=OFF)
    do(g, "activate:A")
    do(g, "fire:A:x")
    do(g, "end:A")
    do(g, "activate:x")
    before = model(g, "x.2").y
    do(g, "fallback:x")
    assert gl(g, "x") == 4 and model(g, "x.2").y > before


def test_bon053_a_grenadier_throws_as_long_as_he_has_actions() -> None:
    """BON-053: no count of grenades is kept; BON-056: the grenadier carries a pistol."""
    g = game([unit("A", "red", (2, 2), (10, 10), specialists=[{"kind": "grenadier"}]),
              unit("x", "blue", (46, 47), (10, 40))], dice=[1, 2, *[5, 1, 1] * 3])
    do(g, "activate:A")
    for _ in range(3):
        do(g, "throw:A:10,18")
    assert model(g, "A.2").weapon == "pistol" and model(g, "A.2").ac == 0


def test_bon056_a_soldier_may_carry_a_pistol_instead_of_the_rifle() -> None:
    """BON-056, BON-107: a pistol's long range is 12"."""
    g = game([unit("A", "red", (2, 2), (10, 10), pistols=1), unit("x", "blue", (46, 47), (10, 23.5))],
             dice=[1, 2])
    do(g, "activate:A")
    assert model(g, "A.2").weapon == "pistol" and "fire:A:x" not in ids(g)


def test_bon066_a_gun_turns_90_degrees_for_an_action() -> None:
    """BON-066: rotation costs 1 AC per 90 degrees, from the crew's pooled AC."""
    g = game([unit("A", "red", (44, 30), (40, 30)), unit("m", "blue", (20, 30), (19, 32), (21, 32), kind="mg",
                                                          facing=180)], dice=[2, 1], options=OFF)
    do(g, "activate:m")
    do(g, next(i for i in ids(g) if i.startswith("rotate:m:")))
    assert seen_unit(g, "m")["facing"] == 90.0 and "fire:m:A" in ids(g)
    assert sorted(model(g, m).ac for m in ("m.2", "m.3")) == [1, 2]


def test_bon086_bon114_a_defender_uphill_is_harder_to_reach() -> None:
    """BON-086, BON-114: +1 to the TN of attacks on a model uphill, once."""
    hill = feature("hill", "clear", [(10.6, 0), (20, 0), (20, 20), (10.6, 20)], height=1)
    g = game([unit("A", "red", (2, 2), (10, 10), facing=90), unit("x", "blue", (46, 47), (11, 10), facing=270)],
             dice=[1, 2, 3, 3], features=[hill])
    do(g, "activate:A")
    do(g, "fight:A")
    assert "TN 6: 5 DS +1 uphill +0 attacker's CS" in texts(g)


def test_bon092_bon110_a_stone_building_gives_cv_9_to_those_inside() -> None:
    """BON-092, BON-110: a brick or stone building's CV is 9."""
    house = feature("house", "stone_building", [(8, 18), (12, 18), (12, 22), (8, 22)])
    g = game([unit("A", "red", (2, 2), (10, 10)), unit("x", "blue", (46, 47), (10, 20))], dice=[1, 2, 1],
             features=[house], options=OFF)
    do(g, "activate:A")
    do(g, "fire:A:x")
    assert "TN 14: 5 DS +9 cover (the house)" in texts(g)


def test_bon100_a_wall_just_in_front_covers_the_man_behind_it() -> None:
    """BON-100: a wall the line of fire crosses within 1" of the target gives its CV; he is still seen."""
    wall = feature("wall", "wooden_wall", [(5, 18.5), (15, 18.5), (15, 19), (5, 19)])
    g = game([unit("A", "red", (2, 2), (10, 10)), unit("x", "blue", (46, 47), (10, 20))], dice=[1, 2, 1],
             features=[wall], options=OFF)
    do(g, "activate:A")
    do(g, "fire:A:x")
    assert "+6 cover (the wall)" in texts(g)


def test_bon103_impassable_water_cannot_be_entered() -> None:
    """BON-103: rapids and the like stop all movement; a deep river is Jagged (1/3 speed)."""
    rapids = feature("rapids", "impassable_water", [(0, 13), (48, 13), (48, 14), (0, 14)])
    g = game([unit("A", "red", (10, 10)), unit("x", "blue", (46, 47))], dice=[1, 2], features=[rapids])
    do(g, "activate:A")
    assert "the rapids" in (move_refusal(g, "A", 10, 14.5) or "")


def test_bon104_a_veteran_has_cs_1_ds_5_sp_6_ac_3_and_gl_3() -> None:
    """BON-104: the soldier stats chart, as play shows it: blue's x shoots at the Veteran (his DS 5 in
    the TN) and charges him (his CS 1 in his blow back), then he may move 6" (his SP) in an action."""
    g = game([unit("A", "red", (10, 10), level="veteran"), unit("x", "blue", (10, 14))], dice=[2, 1, 1, 3, 3],
             options=OFF)
    assert (model(g, "A.1").ac, gl(g, "A")) == (3, 3)
    do(g, "activate:x")
    do(g, "fire:x:A")
    do(g, "charge:x:A")
    assert "shot at A.1 (TN 4: 5 DS -1 short range" in texts(g)
    assert "A.1 rolls 1D6 for close combat against x.1 (TN 4: 5 DS -1 attacker's CS)" in texts(g)
    do(g, "activate:A")
    assert move_refusal(g, "A", 10, 4) is None and "A.1 can move only 6.0\"" in (move_refusal(g, "A", 10, 3) or "")
