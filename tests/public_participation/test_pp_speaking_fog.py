"""Speaking and hearing (PP-05, PP-07, PP-41) and fog of war: what a seat sees, hears and is offered.
The fog tests play two games that differ only in a hidden fact and compare what a seat receives."""

from __future__ import annotations

import json
import math

from public_participation.pp_support import card, ch, do, figure, finish, game, pos, texts, to_phase, wall
from riotact.core.log import dumps

SEATS = ["red", "blue", "green", "gold"]


def test_pp07_normal_speech_understood_at_3_heard_at_5_and_not_at_7():
    g = game([ch("S", "red", (5, 5)), ch("L3", "blue", (5, 9)), ch("L5", "green", (5, 11)),
              ch("L7", "gold", (5, 13))], seats=SEATS, lines=["The council is bought!"])
    to_phase(g, "speaking")
    do(g, "say:S:normal:line1")
    assert "L3 hears S say: 'The council is bought!'." in texts(g, "blue")
    green = texts(g, "green")
    assert "L5 hears a normal (not understood) to the south." in green and "council" not in green
    assert "S " not in texts(g, "gold").replace("S: ", "") and "hears" not in texts(g, "gold")
    assert "understood by L3" in texts(g, "red")


def test_pp07_a_whisper_is_understood_at_1_and_a_shout_at_6_and_heard_at_12():
    g = game([ch("S", "red", (5, 5)), ch("L1", "blue", (5, 7)), ch("L2", "green", (5, 8))], seats=SEATS[:3])
    to_phase(g, "speaking")
    do(g, "say:S:whisper:hold")
    assert "Hold here!" in texts(g, "blue") and "not understood" in texts(g, "green")
    g = game([ch("S", "red", (5, 5)), ch("L6", "blue", (5, 12)), ch("L12", "green", (5, 18)),
              ch("L13", "gold", (5, 19))], seats=SEATS)
    to_phase(g, "speaking")
    do(g, "say:S:shout:advance")
    assert "Advance!" in texts(g, "blue") and "Advance!" not in texts(g, "green")
    assert "L12 hears a shout (not understood) to the south." in texts(g, "green")  # 12" edge to edge
    assert "hears" not in texts(g, "gold")


def test_pp07_the_board_s_voice_rings_are_the_distances_speech_is_understood_at():
    """The seat's own rings (the board's ruler) are PP-07's: whisper 1", normal 3", shout 6"."""
    g = game([ch("S", "red", (5, 5)), ch("L", "blue", (20, 20))], seats=SEATS[:2])
    rings = g.view("red")["state"]["rings"]["S"]
    assert {k: rings[k] for k in ("whisper", "normal", "shout")} == {"whisper": 1.0, "normal": 3.0, "shout": 6.0}


def test_pp41_an_obedient_man_with_an_understood_order_to_advance_moves_only_towards_the_foe():
    """FOL throws 5 after the first shot: Obedient. The leader shouted 'Advance!' in speaking."""
    g = game([ch("R1", "red", (5, 2), weapons=["rifle"]), ch("LEAD", "blue", (12, 14), leader=True),
              ch("FOL", "blue", (10, 12), morale="follower")], moves=2, dice=[1, 5, 6])
    to_phase(g, "speaking")
    do(g, "say:LEAD:shout:advance")
    to_phase(g, "firing")
    do(g, "fire:R1:rifle:FOL")
    to_phase(g, "moving", move=2)
    if "blue" not in g.to_act():
        g.apply("red", "done")
    assert figure(g, "FOL")["morale"] == "O" and card(g, "FOL")["order"] == "advance"  # Obedient
    legal = [a.id for a in g.legal_actions("blue") if a.id.startswith("move:FOL")]
    assert legal and all(math.dist(map(float, a.split(":")[2].split(",")), (5, 2)) < math.dist(pos(g, "FOL"), (5, 2))
                         for a in legal)
    from riotact.core import IllegalActionError
    try:
        g.apply("blue", "move:FOL:10.0,15.0")
    except IllegalActionError as err:
        assert "ordered to advance (PP-41)" in err.why
    else:
        raise AssertionError("an Obedient man fell back against his order")


def fog_game(hidden_at: tuple[float, float], line: str):
    """Red sees nothing behind the house; blue's B2 stands there and whispers to B3."""
    house = wall("house", [(10, 10), (20, 10), (20, 20), (10, 20)], building=True)
    return game([ch("R1", "red", (15, 2), weapons=["rifle"]), ch("B1", "blue", (28, 8)),
                 ch("B2", "blue", hidden_at, throwables={"stone": 1}),
                 ch("B3", "blue", (hidden_at[0], hidden_at[1] + 1.5))],
                features=[house], moves=2, seed=4, lines=["We go at dawn", "We go at dusk"])


def play_same(g, line: str) -> None:
    """The same decisions for red; blue's whisper differs only in its words."""
    to_phase(g, "speaking")
    do(g, f"say:B2:whisper:{line}")
    finish(g)


def red_receives(g) -> str:
    return dumps(g.view("red")) + json.dumps(g.log_for("red"), sort_keys=True)


def test_fog_red_receives_the_same_whatever_an_unseen_man_does_or_says_behind_the_house():
    a, b = fog_game((15, 22), "line1"), fog_game((12, 22), "line2")
    play_same(a, "line1")
    play_same(b, "line2")
    assert red_receives(a) == red_receives(b)
    assert "dawn" in texts(a, "blue") and "dawn" not in red_receives(a)
    red_view = a.view("red")["state"]
    assert {c["id"] for c in red_view["characters"]} == {"R1", "B1"}
    assert "card" not in next(c for c in red_view["characters"] if c["id"] == "B1")


def test_fog_legal_actions_do_not_offer_targets_the_seat_cannot_see():
    house = wall("house", [(10, 10), (20, 10), (20, 20), (10, 20)], building=True)
    g = game([ch("R1", "red", (15, 2), weapons=["rifle"]), ch("B1", "blue", (15, 25))], features=[house])
    to_phase(g, "firing")
    assert [a.id for a in g.legal_actions("red")] == ["hold:R1", "done"]
    assert all("B1" not in a.text for a in g.legal_actions("red"))
