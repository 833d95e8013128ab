"""Grenades (BON-057..060), machine guns (BON-074..076), terrain (BON-087, BON-098, BON-109/110) and
hidden deployment (BON-002 house rule), through ``Game`` with scripted dice."""

from __future__ import annotations

from breaking_of_nations.bon_support import do, feature, game, gl, ids, model, move_refusal, seen_unit, texts, unit

OFF = {"counter_attack": False}
TRENCH = feature("trench", "trench", [(0, 16), (48, 16), (48, 18), (0, 18)])


def bombers(dice: list[int]):
    g = game([unit("A", "red", (2, 2), (10, 10), specialists=[{"kind": "grenadier"}]),
              unit("x", "blue", (46, 47), (10, 17), (10.8, 17))], dice=[1, 2, *dice], features=[TRENCH],
             options=OFF)
    do(g, "activate:A")
    return g


def test_bon057_bon058_bon059_a_grenade_lands_and_2d12_attack_two_models_each_ignoring_the_trench() -> None:
    """BON-057, BON-058, BON-059: a grenade lands and 2d12 attack two models each ignoring the trench."""
    g = bombers([5, 9, 1, 3, 3])
    do(g, "throw:A:10.0,17.0")
    log = texts(g)
    assert "rolls 2D12 for the grenade's attack (2D12) (BON-059): 9+1" in log
    assert "Die 9 against x.2 (TN 4: 5 DS -1 short range +0 Regular firer): hit." in log
    assert not model(g, "x.2").in_play and not model(g, "x.3").in_play


def test_bon060_a_placement_roll_of_1_to_3_deviates_d3_inches_on_the_clock() -> None:
    """BON-060, BON-001: a placement roll of 1 to 3 deviates D3" (a D6 halved) on the D12 clock."""
    g = bombers([2, 3, 6, 5, 5])
    do(g, "throw:A:10.0,17.0")
    assert "The grenade deviates 3\" towards 3 o'clock to (13.0, 17.0)." in texts(g)
    assert model(g, "x.2").in_play


def test_bon057_a_grenade_hit_is_told_before_its_d3_damage_which_reads_as_a_d3() -> None:
    """BON-057, BON-001: the log says "hit" and then rolls the D3 damage, showing the D6 face and the D3."""
    g = bombers([5, 9, 1, 3, 5])
    do(g, "throw:A:10.0,17.0")
    lines = texts(g).splitlines()
    hit = lines.index("Die 9 against x.2 (TN 4: 5 DS -1 short range +0 Regular firer): hit.")
    assert lines[hit + 1] == ("A.2 rolls 1D6 for grenade damage on x.2 (a D3: the D6 halved, rounded up) "
                              "(BON-057): 3 = 3: 2 on the D3.")
    assert lines[hit + 3].endswith("(BON-057): 5 = 5: 3 on the D3.")


def test_bon060_the_deviation_distance_reads_as_a_d3() -> None:
    """BON-060: the D3" of a deviation is shown as the D3 it is, beside the D6 face it is read from."""
    g = bombers([2, 3, 6, 5, 5])
    do(g, "throw:A:10.0,17.0")
    shown = "rolls 1D6 for deviation distance (a D3: the D6 halved, rounded up) (BON-060): 6 = 6: 3 on the D3."
    assert shown in texts(g)


def test_bon057_a_grenade_reaches_9_inches_and_no_further() -> None:
    """BON-057: a grenade reaches 9 inches and no further."""
    g = bombers([])
    assert g.legal_action("red", "throw:A:10,19.5") is not None
    assert g.legal_action("red", "throw:A:10,20") is None


def mg_game(dice: list[int], **kw):
    return game([unit("A", "red", (2, 2), (20, 15), (22, 15)),
                 unit("m", "blue", (20, 30), (19, 32), (22, 28.5), kind="mg", facing=180)],
                dice=dice, options=OFF, **kw)


def test_bon074_bon075_an_mg_fires_three_salvos_of_six_and_pins() -> None:
    """BON-074, BON-075: an mg fires three salvos of six and pins."""
    g = mg_game([2, 1, *[1] * 18])
    do(g, "activate:m")
    for _ in range(3):
        do(g, "fire:m:A")
    assert sum(1 for e in g.log.events if e["kind"] == "roll" and e["rule"] == "BON-074") == 18
    assert "fire:m:A" not in ids(g) and gl(g, "A") == 5


def test_bon074_targets_outside_the_90_degree_arc_are_refused() -> None:
    """BON-074: targets outside the 90 degree arc are refused."""
    g = game([unit("A", "red", (44, 30), (40, 30)), unit("m", "blue", (20, 30), (19, 31), (21, 31), kind="mg",
                                                        facing=180)], dice=[2, 1], options=OFF)
    do(g, "activate:m")
    assert "fire:m:A" not in ids(g) and any(i.startswith("rotate:m:") for i in ids(g))


def test_bon076_without_the_ammunition_man_the_first_turn_runs_out_on_a_6() -> None:
    """BON-076: without the ammunition man the first turn runs out on a 6."""
    for face, out in ((5, False), (6, True)):
        g = mg_game([1, 2, 10, 1, face])
        do(g, "activate:A")
        do(g, "fire:A:m")  # A.2 shoots the nearest crewman, the ammunition man m.3; A.3 misses
        do(g, "end:A")
        do(g, "activate:m")
        assert not model(g, "m.3").in_play and seen_unit(g, "m")["ammo_out"] is out
        assert ("fire:m:A" in ids(g)) is not out


def test_bon109_bon110_forest_slows_movement() -> None:
    """BON-109, BON-110: forest slows movement."""
    light = feature("light", "light_forest", [(0, 10), (20, 10), (20, 30), (0, 30)])
    dense = feature("dense", "dense_forest", [(28, 10), (48, 10), (48, 30), (28, 30)])
    for uid, x, allowed in (("A", 10, 4), ("B", 38, 2)):  # inches an action: light forest 4", dense 2"
        g = game([unit("A", "red", (10, 12)), unit("B", "red", (38, 12)), unit("x", "blue", (46, 47))],
                 dice=[1, 2], features=[light, dense])
        do(g, f"activate:{uid}")
        assert move_refusal(g, uid, x, 12 + allowed) is None
        assert move_refusal(g, uid, x, 12 + allowed + 0.5)


def test_bon087_each_hill_level_costs_an_inch() -> None:
    """BON-087: each hill level costs an inch."""
    hill = feature("hill", "clear", [(0, 14), (48, 14), (48, 30), (0, 30)], height=2)
    g = game([unit("A", "red", (10, 12)), unit("x", "blue", (46, 47))], dice=[1, 2], features=[hill])
    do(g, "activate:A")
    assert move_refusal(g, "A", 10, 15) is None
    assert move_refusal(g, "A", 10, 15.5)


def test_bon098_a_closed_building_blocks_sight_and_cannot_be_entered() -> None:
    """BON-098: a closed building blocks sight and cannot be entered."""
    silo = feature("silo", "closed_building", [(5, 14), (15, 14), (15, 16), (5, 16)])
    g = game([unit("A", "red", (10, 10)), unit("x", "blue", (10, 20))], dice=[1, 2], features=[silo])
    do(g, "activate:A")
    assert "fire:A:x" not in ids(g) and "goes through the silo" in (move_refusal(g, "A", 10, 15) or "")


def hidden(where: tuple[float, float]):
    g = game([unit("A", "red", (10, 5)), unit("y", "blue", where, hidden=True), unit("z", "blue", (40, 44))],
             dice=[1, 2], options={"hidden_deployment": True})
    do(g, "activate:A")
    do(g, "end:A")
    do(g, "activate:y")
    do(g, "prone:y")
    do(g, "end:y")
    return g


def test_bon002_hidden_deployment_a_seat_learns_nothing_of_a_hidden_unit() -> None:
    """BON-002: hidden deployment a seat learns nothing of a hidden unit."""
    a, b = hidden((30, 40)), hidden((36, 40))
    assert a.view("red") == b.view("red") and a.log_for("red") == b.log_for("red")
    assert "y" not in {u["id"] for u in a.view("red")["state"]["units"]}
    assert "y" in {u["id"] for u in a.view("blue")["state"]["units"]}


def test_bon002_a_hidden_unit_is_revealed_when_it_moves() -> None:
    """BON-002: a hidden unit is revealed when it moves."""
    g = game([unit("A", "red", (10, 5)), unit("y", "blue", (30, 40), hidden=True)], dice=[2, 1],
             options={"hidden_deployment": True})
    do(g, "activate:y")
    do(g, "move:y:30,36")
    assert "y (blue) is revealed: it moves." in "\n".join(e["text"] for e in g.log_for("red"))


def test_bon061_a_flame_thrower_stream_attacks_every_base_in_its_9_inches_with_ds_alone() -> None:
    """BON-061: a 9" stream: each soldier it crosses is rolled for against his DS alone, and his unit
    takes fright (a glory trigger, gap)."""
    wood = feature("wood", "dense_forest", [(8, 15), (12, 15), (12, 19), (8, 19)])
    g = game([unit("A", "red", (2, 2), (10, 10), specialists=[{"kind": "lft"}]),
              unit("x", "blue", (46, 47), (10, 16), (10, 18), (14, 16))], dice=[1, 2, 5, 4],
             features=[wood], options=OFF)
    do(g, "activate:A")
    do(g, "fire:A:x")
    log = texts(g)
    assert "A.2's flame thrower sends a 9\" stream at x.2: x.2, x.3 in its path." in log
    assert "the stream against x.2 (TN 5: DS alone)" in log
    assert not model(g, "x.2").in_play and model(g, "x.3").in_play and model(g, "x.4").in_play
    assert "x: glory test, a flame thrower's stream falls on it; GL rises to 5+." in log
