"""Buildings, doors, windows, watchtowers and cover seen from above (BON-088..099, BON-101), played
through ``Game`` with scripted dice. The test table's first two dice are the initiative rolls: red
rolls 1 and activates first."""

from __future__ import annotations

from typing import Any

from breaking_of_nations.bon_support import do, feature, game, ids, inside, model, texts, unit
from support import umpire_sees

OFF = {"counter_attack": False}


def house(bid: str = "house", *, door: str = "light", representation: str = "sections", material: str = "stone",
          upstairs: float = 0.0) -> dict[str, Any]:
    """A 6" x 4" house at x 10..16, y 10..14: a west room with a door (west wall) and a window (south
    wall), and an east room joined to it by an inner door and with a window of its own (east wall)."""
    return {"id": bid, "name": f"the {bid}", "material": material, "representation": representation,
            "outline": [[10, 10], [16, 10], [16, 14], [10, 14]],
            "sections": [{"id": "west", "outline": [[10, 10], [13, 10], [13, 14], [10, 14]]},
                         {"id": "east", "outline": [[13, 10], [16, 10], [16, 14], [13, 14]], "floor": upstairs}],
            "openings": [{"id": "door", "kind": "door", "door": door, "at": [10, 12], "sections": ["west"]},
                         {"id": "window", "kind": "window", "at": [11.5, 10], "sections": ["west"]},
                         {"id": "stairs", "kind": "door", "at": [13, 12], "sections": ["west", "east"]},
                         {"id": "east-window", "kind": "window", "at": [16, 12], "sections": ["east"]}]}


def tower(capacity: int | None = None) -> dict[str, Any]:
    section: dict[str, Any] = {"id": "top", "outline": [[30, 30], [32, 30], [32, 32], [30, 32]], "floor": 6}
    if capacity:
        section["capacity"] = capacity
    return {"id": "tower", "name": "the watchtower", "kind": "watchtower", "material": "wooden",
            "outline": [[30, 30], [32, 30], [32, 32], [30, 32]], "sections": [section],
            "openings": [{"id": "ladder", "kind": "ladder", "at": [31, 30], "sections": ["top"]}]}


def test_bon088_bon090_a_squad_goes_in_by_the_door_and_is_recorded_by_section_not_through_the_walls() -> None:
    """BON-088, BON-090: the walls stop a move; the door lets the unit in, and each model is recorded in
    its section; moving on to the connected room is one more movement action."""
    g = game([unit("A", "red", (8, 12), (8, 13)), unit("x", "blue", (46, 47))], dice=[1, 2],
             buildings=[house()])
    do(g, "activate:A")
    assert "move:A:14.0,12.0" not in ids(g)
    refusal = g.why_illegal("red", "move:A:14,12.5")
    assert "goes through the house" in refusal and "by its doors" in refusal
    assert "enter:A:house.west" in ids(g) and "enter:A:house.east" not in ids(g)
    do(g, "enter:A:house.west")
    mine = next(u for u in g.view("red")["state"]["units"] if u["id"] == "A")
    assert {m["inside"] for m in mine["models"]} == {"house.west"}
    assert model(g, "A.1").ac == 2 and "goes into west of the house by the door door" in texts(g)
    assert not any(i.startswith("move:") or i.startswith("formation:") for i in ids(g))
    do(g, "enter:A:house.east")
    assert inside(g, "A.2") == ("house", "east") and model(g, "A.2").ac == 1


def test_bon090_a_section_holds_ten_and_a_soldier_who_changed_section_cannot_fire() -> None:
    """BON-090: an eleventh model cannot enter a section that holds ten; a soldier who changes section
    in an activation may only move in it."""
    ten = unit("A", "red", (8, 12), *[(8 - 0.5 * i, 13) for i in range(9)])
    g = game([ten, unit("H", "red", (8, 11.5), kind="hero"), unit("x", "blue", (5, 20))], dice=[1, 2],
             buildings=[house()])
    do(g, "activate:A")
    do(g, "enter:A:house.west")
    assert not any(i.startswith("fire:") for i in ids(g))  # x stands in sight of the door, but they just moved
    do(g, "end:A")
    do(g, "activate:x")
    do(g, "end:x")
    do(g, "activate:H")
    assert "enter:H:house.west" not in ids(g)
    assert "holds only 10" in g.why_illegal("red", "enter:H:house.west")


def test_bon089_in_an_open_able_building_climbing_to_a_higher_floor_costs_the_inches_between_floors() -> None:
    """BON-089: in an open-able house the walk from the soldier's place in the west room (10.5, 10.5)
    through the inner door to the east room's middle is 4.4"; each inch of floor height is one more: up
    to 0.5" up it fits a Regular's 5" move, 1" up (5.4") or 3" up (7.4") it takes a second action."""
    def offer(upstairs: float) -> str:
        g = game([unit("A", "red", (8, 12), inside="house.west"), unit("x", "blue", (46, 47))], dice=[1, 2],
                 buildings=[house(representation="openable", upstairs=upstairs)])
        do(g, "activate:A")
        return next(a.text for a in g.legal_actions("red") if a.id == "enter:A:house.east")

    assert offer(0.0) == offer(0.5) == "A goes into east of the house by the door stairs"
    assert offer(1.0).endswith("climbs towards east of the house by the door stairs (5.0\" of 5.4\")")
    assert offer(3.0).endswith("(5.0\" of 7.4\")")


def test_bon091_only_two_soldiers_fire_through_a_window_each_turn() -> None:
    """BON-091: three soldiers in a room with one window on the enemy's side: two shots, not three."""
    g = game([unit("A", "red", (0, 0), (0, 0), (0, 0), inside="house.east"),
              unit("x", "blue", (22, 12), (22, 13), (22, 14), (22, 11))],
             dice=[1, 2, 1, 1, 1, 1], buildings=[house()], options=OFF)
    do(g, "activate:A")
    do(g, "fire:A:x")
    shots = [e for e in g.log_for("umpire") if e["kind"] == "roll" and e["rule"] == "BON-025"]
    assert len(shots) == 2
    assert "fire:A:x" in ids(g)  # the same two may fire again; the third never gets a window this turn
    do(g, "fire:A:x")
    firers = {e["who"] for e in g.log_for("umpire") if e["kind"] == "roll" and e["rule"] == "BON-025"}
    assert len(firers) == 2


def test_bon092_bon097_a_target_in_a_room_is_seen_through_its_window_and_has_the_buildings_cv() -> None:
    """BON-092, BON-097: the man in the room is seen only through the window on the firer's side and
    is shot at with the stone building's CV 9; from the north, with no opening, he is not seen."""
    g = game([unit("A", "red", (22, 12), (22, 13)), unit("N", "red", (13, 30)),
              unit("x", "blue", (0, 0), inside="house.east")], dice=[1, 2, 1, 1], buildings=[house()], options=OFF)
    do(g, "activate:N")
    assert "fire:N:x" not in ids(g)
    do(g, "end:N")
    do(g, "activate:x")
    do(g, "end:x")
    do(g, "activate:A")
    do(g, "fire:A:x")
    assert "9 cover (the house)" in texts(g)


def test_bon097_fire_between_levels_steeper_than_45_degrees_is_impossible_both_ways() -> None:
    """BON-097: a man at a window 4" up (the east room's floor) cannot fire at, or be fired at by, a
    man 3" from the foot of the wall, but can reach one 5" from it."""
    def can_fire(x: float) -> bool:
        g = game([unit("A", "red", (0, 0), inside="house.east"), unit("y", "blue", (x, 12))],
                 dice=[1, 2], buildings=[house(upstairs=4.0)], options=OFF)
        do(g, "activate:A")
        return "fire:A:y" in ids(g)

    assert not can_fire(19.0) and can_fire(21.0)
    g = game([unit("y", "blue", (19, 12)), unit("A", "red", (0, 0), inside="house.east")],
             dice=[2, 1], buildings=[house(upstairs=4.0)], options=OFF)
    do(g, "activate:y")
    assert "fire:y:A" not in ids(g)


def test_bon093_a_building_loses_dp_a_critical_goes_through_and_at_0_dp_it_falls_on_those_inside() -> None:
    """BON-093: DP = Armour Class - 1 + 2 x Size (stone, two sections: 5; wooden: 4); a shot that
    beats the CV takes 1 DP, a natural 12 also hits a man inside, and the last DP brings the house
    down on those inside."""
    stone = game([unit("A", "red", (20, 12)), unit("x", "blue", (46, 47))], dice=[1, 2], buildings=[house()])
    assert stone.view("blue")["state"]["buildings"][0]["dp"] == 5
    g = game([unit("A", "red", (20, 12), *[(20 + 0.5 * i, 13) for i in range(1, 6)], level="elite"),
              unit("x", "blue", (0, 0), (0, 0), (0, 0), inside="house.west")],
             dice=[1, 2, 3, 7, 12, 9, 5], buildings=[house(material="wooden")], options=OFF)
    assert g.view("red")["state"]["buildings"][0]["dp"] == 4
    do(g, "activate:A")
    do(g, "batter:A:house")
    log = texts(g)
    assert "(TN 3: CV 6 -1 short range -2 Elite firer) (BON-093): 3 = 3: hit." in log
    assert "the house loses 1 DP (3 left)." in log and "The shot goes through the wall and hits x.1." in log
    assert "the house collapses into rubble on x.2, x.3." in log
    assert not model(g, "x.2").in_play and not model(g, "x.3").in_play
    assert umpire_sees(g)["buildings"][0]["collapsed"] and g.view("red")["state"]["buildings"][0]["collapsed"]


def test_bon094_a_locked_door_takes_a_soldiers_whole_turn_and_then_his_squad_passes() -> None:
    """BON-094: the locked door is shut to the squad; one soldier who has not acted spends his turn
    opening it; his mates go in by it (he is carried along), and it stays open."""
    g = game([unit("A", "red", (8, 12), (8, 13), (8, 11)), unit("x", "blue", (46, 47))], dice=[1, 2],
             buildings=[house(door="locked")])
    do(g, "activate:A")
    assert "enter:A:house.west" not in ids(g) and "open:A:house.door" in ids(g)
    do(g, "open:A:house.door")
    opener = next(e["text"].split()[0] for e in g.log_for("umpire") if "spends his turn getting the door door of "
                  "the house open" in e["text"])
    assert model(g, opener).ac == 0
    do(g, "enter:A:house.west")
    assert all(inside(g, f"A.{i}") == ("house", "west") for i in (1, 2, 3))
    assert g.view("blue")["state"]["buildings"][0]["openings"][0]["door"] == "open"


def test_bon095_bashing_a_door_is_a_d6_against_ds_4_less_cs() -> None:
    """BON-095: a Regular (CS 0) needs 4+: a 3 leaves the door shut, a 4 bashes it down (1 AC each)."""
    g = game([unit("A", "red", (8, 12), (8, 13)), unit("x", "blue", (46, 47))], dice=[1, 2, 3, 4],
             buildings=[house(door="heavy")])
    do(g, "activate:A")
    do(g, "bash:A:house.door")
    assert "The door door of the house holds." in texts(g) and "enter:A:house.west" not in ids(g)
    do(g, "bash:A:house.door")
    assert "bashes the door door of the house down" in texts(g) and "enter:A:house.west" in ids(g)


def test_bon096_close_combat_through_a_door_is_two_a_side_at_tn_plus_2() -> None:
    """BON-096: three men at the door, three inside: two strike from each side, at TN +2."""
    g = game([unit("A", "red", (9, 12), (9, 12.6), (9, 11.4)),
              unit("x", "blue", (0, 0), (0, 0), (0, 0), inside="house.west")],
             dice=[1, 2, 3, 3, 3, 3], buildings=[house()], options=OFF)
    do(g, "activate:A")
    assert "fight:A" not in ids(g)  # the wall parts them: no ordinary close combat
    do(g, "assault:A:house.door")
    rolls = [e for e in g.log_for("umpire") if e["kind"] == "roll" and e["rule"] == "BON-032"]
    assert len(rolls) == 4
    assert "+2 through a door or window" in texts(g)


def test_bon099_the_watchtower_ladder_takes_a_whole_turn_and_holds_four() -> None:
    """BON-099: four men climb the ladder, spending their whole turn; a fifth-man unit may not; a
    unit that has already moved may not start the climb; the tower's CV is its wooden walls' 6."""
    g = game([unit("A", "red", (31, 28), (30, 28), (32, 28), (31, 27)),
              unit("B", "red", (27, 28), (26, 28), (28, 28), (27, 27), (26, 27)),
              unit("x", "blue", (31, 40), (31, 41))], dice=[1, 2, 2], buildings=[tower()], options=OFF)
    do(g, "activate:B")
    assert "enter:B:tower.top" not in ids(g)
    do(g, "end:B")
    do(g, "activate:x")
    do(g, "end:x")
    do(g, "activate:A")
    assert "enter:A:tower.top" in ids(g)
    do(g, "enter:A:tower.top")
    assert "climbs the ladder into top of the watchtower" in texts(g)
    assert umpire_sees(g)["turn"] == 2  # the turn is over
    g1 = game([unit("A", "red", (31, 28), (30, 28), (32, 28), (31, 27)), unit("x", "blue", (31, 40))],
              dice=[1, 2], buildings=[tower()])
    do(g1, "activate:A")
    do(g1, "enter:A:tower.top")
    assert all(model(g1, f"A.{i}").ac == 0 for i in range(1, 5)) and g1.to_act() == ("blue",)
    g2 = game([unit("A", "red", (31, 28), (30, 28), (32, 28), (31, 27)), unit("x", "blue", (31, 40))],
              dice=[1, 2], buildings=[tower()])
    do(g2, "activate:A")
    do(g2, "move:A:31,27")
    assert "enter:A:tower.top" not in ids(g2)  # they have moved: the climb needs the whole turn
    g3 = game([unit("x", "blue", (31, 40), (31, 41)), unit("A", "red", (0, 0), inside="tower.top")],
              dice=[2, 1, 2, 2], buildings=[tower()], options=OFF)
    do(g3, "activate:x")
    do(g3, "fire:x:A")
    assert "6 cover (the watchtower)" in texts(g3)


def test_bon101_cover_more_than_2_inches_away_is_cv_2_against_a_higher_firer() -> None:
    """BON-101: from a hill two levels up, a man 3" behind a brick wall has CV 2, one 1" behind it keeps
    CV 9, and one in a trench keeps CV 12."""
    hill = feature("hill", "clear", [(0, 0), (8, 0), (8, 8), (0, 8)], height=2)
    wall = feature("wall", "stone_wall", [(0, 14), (48, 14), (48, 14.5), (0, 14.5)])
    trench = feature("trench", "trench", [(6, 17), (12, 17), (12, 19), (6, 19)])

    def tn_text(y: float, x: float = 4.0) -> str:
        g = game([unit("A", "red", (4, 4), hero_weapon="rifle"), unit("x", "blue", (x, y))], dice=[1, 2, 1],
                 features=[hill, wall, trench], options=OFF)
        do(g, "activate:A")
        do(g, "fire:A:x")
        return texts(g)

    assert "2 cover (the wall (seen from above))" in tn_text(18.0)
    assert "9 cover (the wall)" in tn_text(15.5)
    assert "12 cover (the trench)" in tn_text(18.0, 9.0)


def test_bon094_house_rule_an_opened_door_swings_shut_at_the_next_turn() -> None:
    """BON-094 gap as a house rule (``doors_stay_open = false``): opened by hand, shut again next turn."""
    g = game([unit("A", "red", (8, 12), (8, 13)), unit("x", "blue", (46, 47))], dice=[1, 2],
             buildings=[house(door="locked")], options={"doors_stay_open": False})
    do(g, "activate:A")
    do(g, "open:A:house.door")
    assert g.view("red")["state"]["buildings"][0]["openings"][0]["door"] == "open"
    do(g, "end:A")
    do(g, "activate:x")
    do(g, "end:x")
    assert g.view("red")["state"]["buildings"][0]["openings"][0]["door"] == "locked"


def test_bon090_bon099_house_rules_set_how_many_a_section_or_a_tower_holds() -> None:
    """BON-090 / BON-099 gaps as house rules: with ``section_capacity = 2`` three men cannot go in."""
    g = game([unit("A", "red", (8, 12), (8, 13), (8, 11)), unit("x", "blue", (46, 47))], dice=[1, 2],
             buildings=[house()], options={"section_capacity": 2})
    do(g, "activate:A")
    assert "enter:A:house.west" not in ids(g)


def test_bon090_a_hidden_enemy_inside_changes_nothing_offered_until_met_at_the_door() -> None:
    """Fog of war (BON-002 house rule) with BON-090: red is offered the same orders whether or not a
    hidden blue squad sits in the room; going in, red finds it and stops at the door."""
    def play(hidden_inside: bool) -> Any:
        blue = [unit("x", "blue", (46, 47))]
        if hidden_inside:
            blue.append(unit("y", "blue", (0, 0), (0, 0), inside="house.west", hidden=True))
        g = game([unit("A", "red", (8, 12), (8, 13)), *blue], dice=[1, 2], buildings=[house()],
                 options={"hidden_deployment": True, "spotting_range": 0.0})
        do(g, "activate:A")
        return g

    quiet, lurking = play(False), play(True)
    assert ids(quiet) == ids(lurking) and quiet.view("red") == lurking.view("red")
    do(lurking, "enter:A:house.west")
    assert "A finds the enemy in west of the house and stops at the door door." in texts(lurking, "red")
    assert inside(lurking, "A.1") == () and model(lurking, "A.1").ac == 2
