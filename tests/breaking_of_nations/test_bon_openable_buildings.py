"""Open-able buildings are measured space (BON-088, BON-089): a soldier walks inside a room by the ordinary
movement rules, and a climb to another level that costs more than one movement action is made over
several actions (and turns), the inches climbed kept (the ``climb_progress`` house rule). Played through
``Game`` with scripted dice: the first two dice are the initiative rolls (red rolls 1 and acts first)."""

from __future__ import annotations

from typing import Any

from breaking_of_nations.bon_support import do, game, ids, inside, model, texts, unit
from support import umpire_sees

OFF = {"counter_attack": False}


def inn(upstairs: float, hall_to: float = 13.0) -> dict[str, Any]:
    """An open-able inn at y 10..14: a hall from x 10 to ``hall_to`` (door on the west wall, window on
    the south wall) and an attic ``upstairs`` inches up, 3" wide east of it, joined by the stairs."""
    end = hall_to + 3
    return {"id": "inn", "name": "the inn", "material": "wooden", "representation": "openable",
            "outline": [[10, 10], [end, 10], [end, 14], [10, 14]],
            "sections": [{"id": "hall", "outline": [[10, 10], [hall_to, 10], [hall_to, 14], [10, 14]]},
                         {"id": "attic", "outline": [[hall_to, 10], [end, 10], [end, 14], [hall_to, 14]],
                          "floor": upstairs}],
            "openings": [{"id": "door", "kind": "door", "at": [10, 12], "sections": ["hall"]},
                         {"id": "window", "kind": "window", "at": [11.5, 10], "sections": ["hall"]},
                         {"id": "stairs", "kind": "door", "at": [hall_to, 12], "sections": ["hall", "attic"]}]}


def labels(g: Any) -> dict[str, str]:
    return {a.id: a.text for a in g.legal_actions(g.to_act()[0])}


def test_bon089_a_climb_longer_than_one_move_is_made_over_several_actions() -> None:
    """BON-089: from the hall (the soldier at 10.5, 10.5) the walk to the stairs and on to the attic's
    middle is 4.4", and the attic 4" up makes it 8.4": more than a Regular's 5" move. The first
    movement action climbs 5", the second arrives; each costs 1 AC."""
    g = game([unit("A", "red", (0, 0), inside="inn.hall"), unit("x", "blue", (46, 47))], dice=[1, 2],
             buildings=[inn(4.0)], options=OFF)
    do(g, "activate:A")
    assert "climbs towards attic of the inn by the door stairs (5.0\" of 8.4\")" in labels(g)["enter:A:inn.attic"]
    do(g, "enter:A:inn.attic")
    assert inside(g, "A.1") == ("inn", "hall") and model(g, "A.1").ac == 2
    assert "A climbs towards attic of the inn by the door stairs: 5.0\" of 8.4\" (4\" up)." in texts(g)
    assert labels(g)["enter:A:inn.attic"] == "A goes into attic of the inn by the door stairs"
    do(g, "enter:A:inn.attic")
    assert inside(g, "A.1") == ("inn", "attic") and model(g, "A.1").ac == 1
    mine = next(u for u in g.view("red")["state"]["units"] if u["id"] == "A")
    assert mine["models"][0]["inside"] == "inn.attic" and mine["climbing"] is None


def test_bon089_a_room_16_inches_up_is_reached_over_two_turns_the_inches_climbed_kept() -> None:
    """BON-089 with the ``climb_progress = "kept"`` default: 20.4" of climbing takes five movement
    actions: three in turn 1 (the movement limit, BON-016), two in turn 2 from where he stopped."""
    g = game([unit("A", "red", (0, 0), inside="inn.hall"), unit("x", "blue", (46, 47))], dice=[1, 2],
             buildings=[inn(16.0)], options=OFF)
    do(g, "activate:A")
    for _ in range(3):
        do(g, "enter:A:inn.attic")
    assert "15.0\" of 20.4\"" in texts(g) and inside(g, "A.1") == ("inn", "hall")
    mine = next(u for u in g.view("blue")["state"]["units"] if u["id"] == "A")
    assert mine["climbing"] == {"to": "inn.attic", "by": "stairs", "done": 15.0, "need": 20.4}
    do(g, "activate:x")
    do(g, "end:x")
    assert umpire_sees(g)["turn"] == 2
    do(g, "activate:A")
    assert "(20.0\" of 20.4\")" in labels(g)["enter:A:inn.attic"]
    do(g, "enter:A:inn.attic")
    do(g, "enter:A:inn.attic")
    assert inside(g, "A.1") == ("inn", "attic") and model(g, "A.1").ac == 1


def test_bon089_house_rule_a_climb_must_be_finished_in_the_activation_it_starts() -> None:
    """``climb_progress = "activation"``: a climb longer than the movement actions left is not offered
    (the 20.4" attic), and a climb left unfinished starts again from the bottom in the next turn."""
    high = game([unit("A", "red", (0, 0), inside="inn.hall"), unit("x", "blue", (46, 47))], dice=[1, 2],
                buildings=[inn(16.0)], options={**OFF, "climb_progress": "activation"})
    do(high, "activate:A")
    assert "enter:A:inn.attic" not in ids(high)
    g = game([unit("A", "red", (0, 0), inside="inn.hall"), unit("x", "blue", (46, 47))], dice=[1, 2],
             buildings=[inn(4.0)], options={**OFF, "climb_progress": "activation"})
    do(g, "activate:A")
    do(g, "enter:A:inn.attic")
    do(g, "end:A")
    do(g, "activate:x")
    do(g, "end:x")
    do(g, "activate:A")
    assert "(5.0\" of 8.4\")" in labels(g)["enter:A:inn.attic"]
    do(g, "enter:A:inn.attic")
    assert inside(g, "A.1") == ("inn", "hall")


def test_bon089_inside_an_open_able_room_a_soldier_moves_in_measured_inches() -> None:
    """BON-089: "movement inside the building is by the rules": in the 8" hall the soldier moves up to his
    SP (5") anywhere inside the room, not through its walls into the attic or out of the house; where
    he stands then sets what the stairs cost (from 1" before them the attic 2" up is one action)."""
    g = game([unit("A", "red", (0, 0), inside="inn.hall"), unit("x", "blue", (46, 47))], dice=[1, 2],
             buildings=[inn(2.0, hall_to=18.0)], options=OFF)
    do(g, "activate:A")
    assert "climbs towards attic" in labels(g)["enter:A:inn.attic"]  # 7.6" to the stairs, 1.5", 2" up
    assert "can move only 5.0\"" in g.why_illegal("red", "move:A:16.5,10.5")
    assert "by its doors (BON-089)" in g.why_illegal("red", "move:A:19,12")
    assert "by its doors (BON-089)" in g.why_illegal("red", "move:A:8,12")
    to_stairs = [i for i, text in labels(g).items() if i.startswith("move:") and "the door stairs" in text]
    assert to_stairs
    do(g, "move:A:15,12")
    assert model(g, "A.1").pos == (15.0, 12.0) and inside(g, "A.1") == ("inn", "hall")
    assert model(g, "A.1").ac == 2 and "A moves 4.7\" to (15.0, 12.0)." in texts(g)
    assert "(5.0\" of 6.5\")" in labels(g)["enter:A:inn.attic"]  # 3" to the stairs, 1.5", 2" up
    do(g, "move:A:17,12")
    assert labels(g)["enter:A:inn.attic"] == "A goes into attic of the inn by the door stairs"  # 1 + 1.5 + 2
    do(g, "enter:A:inn.attic")
    assert inside(g, "A.1") == ("inn", "attic") and model(g, "A.1").ac == 0


def test_bon089_a_sectioned_building_still_moves_by_its_sections() -> None:
    """BON-090: an enclosed building's rooms are abstract: no measured move inside them."""
    enclosed = {**inn(0.0), "representation": "sections"}
    g = game([unit("A", "red", (0, 0), inside="inn.hall"), unit("x", "blue", (46, 47))], dice=[1, 2],
             buildings=[enclosed], options=OFF)
    do(g, "activate:A")
    assert "moves by its doors and sections (BON-090)" in g.why_illegal("red", "move:A:11,12")


def test_bon089_the_climb_offered_tells_nothing_of_a_hidden_enemy_upstairs() -> None:
    """BON-002 house rule, fog of war: two games differ only in where a hidden enemy stands (in the attic,
    or far away): red is offered the same orders and sees the same until his climb arrives, where the
    one upstairs is found at the top of the stairs and stops him."""
    def play(hidden_at: dict[str, Any]) -> tuple[Any, list[Any]]:
        g = game([unit("A", "red", (0, 0), inside="inn.hall"), unit("x", "blue", (40, 40), hidden=True,
                                                                      **hidden_at)],
                 dice=[1, 2], buildings=[inn(4.0)], options={**OFF, "hidden_deployment": True})
        seen = []
        do(g, "activate:A")
        seen.append((labels(g), g.view("red")))
        do(g, "enter:A:inn.attic")
        seen.append((labels(g), g.view("red")))
        do(g, "enter:A:inn.attic")
        return g, seen

    upstairs, seen_up = play({"inside": "inn.attic"})
    away, seen_away = play({})
    assert seen_up == seen_away
    assert inside(away, "A.1") == ("inn", "attic")
    assert inside(upstairs, "A.1") == ("inn", "hall") and "finds the enemy in attic of the inn" in texts(upstairs)


def test_bon089_a_climb_under_way_ends_when_the_unit_moves_otherwise() -> None:
    """BON-089 (``climb_progress = "kept"``): the inches covered belong to the walk under way; a soldier
    who walks elsewhere in the room instead starts the walk to the attic again from where he stands."""
    g = game([unit("A", "red", (0, 0), inside="inn.hall"), unit("x", "blue", (46, 47))], dice=[1, 2],
             buildings=[inn(4.0, hall_to=18.0)], options=OFF)
    do(g, "activate:A")
    do(g, "enter:A:inn.attic")  # 7.6" to the stairs, 1.5" on, 4" up: 5.0" of 13.1"
    assert "(10.0\" of 13.1\")" in labels(g)["enter:A:inn.attic"]
    do(g, "move:A:11.5,10.5")
    assert next(u for u in g.view("red")["state"]["units"] if u["id"] == "A")["climbing"] is None
    assert "(5.0\" of 12.2\")" in labels(g)["enter:A:inn.attic"]
