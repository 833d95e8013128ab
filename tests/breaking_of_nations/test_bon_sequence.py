"""Set-up, initiative, alternating activation, the turn and actions (BON-002..BON-016), through ``Game``."""

from __future__ import annotations

import pytest

from breaking_of_nations.bon_support import do, game, ids, model, move_refusal, seen_unit, texts, unit
from riotact.core import IllegalActionError
from support import umpire_sees


def two_each() -> list[dict]:
    return [unit("A", "red", (5, 5)), unit("B", "red", (15, 5)),
            unit("x", "blue", (5, 43)), unit("y", "blue", (15, 43))]


def test_bon004_lowest_initiative_roll_activates_first() -> None:
    """BON-004: lowest initiative roll activates first."""
    g = game(two_each(), dice=[5, 2])
    assert g.to_act() == ("blue",)
    assert "Activation order (lowest roll first, BON-004): blue, red." in texts(g)


def test_bon004_tied_players_roll_again() -> None:
    """BON-004: tied players roll again."""
    g = game(two_each(), dice=[3, 3, 6, 1])
    assert umpire_sees(g)["order"] == ["blue", "red"]


def test_bon006_bon007_activations_alternate_then_glory_tests_then_next_turn() -> None:
    """BON-006, BON-007: activations alternate then glory tests then next turn."""
    g = game(two_each(), dice=[1, 2])
    seen = []
    for _ in range(4):
        seat = g.to_act()[0]
        seen.append(seat)
        first = next(i for i in ids(g) if i.startswith("activate:"))
        do(g, first)
        do(g, f"end:{first.split(':')[1]}")
    assert seen == ["red", "blue", "red", "blue"]
    log = texts(g)
    assert log.index("Turn 1: the Glory Tests phase.") < log.index("Turn 2 of 2: the Actions phase.")
    assert umpire_sees(g)["turn"] == 2 and not any(u["activated"] for u in umpire_sees(g)["units"])


def test_bon006_a_seat_without_units_left_is_skipped() -> None:
    """BON-006: a seat without units left is skipped."""
    g = game([unit("A", "red", (5, 5)), unit("B", "red", (15, 5)), unit("x", "blue", (5, 43))], dice=[1, 2])
    for uid in ("A", "x", "B"):
        do(g, f"activate:{uid}")
        do(g, f"end:{uid}")
    assert umpire_sees(g)["turn"] == 2


def test_bon008_bon106_actions_are_half_speed_after_armour() -> None:
    """BON-008, BON-106: actions are half speed after armour."""
    g = game([unit("A", "red", (5, 5)), unit("F", "red", (15, 5), armour="flak"),
              unit("H", "red", (25, 5), armour="heavy"), unit("x", "blue", (5, 43), level="veteran")],
             dice=[1, 2])
    assert model(g, "A.1").ac == 3 and model(g, "F.1").ac == 2 and model(g, "x.1").ac == 3
    assert model(g, "H.1").ac == 2
    do(g, "activate:H")
    assert move_refusal(g, "H", 25, 8) is None and "H.1 can move only 3.0\"" in (move_refusal(g, "H", 25, 8.5) or "")


def test_bon013_bon016_three_movement_actions_then_no_more() -> None:
    """BON-013, BON-016: three movement actions then no more."""
    g = game([unit("A", "red", (5, 5)), unit("x", "blue", (5, 43))], dice=[1, 2])
    do(g, "activate:A")
    for y in (10, 15, 20):
        do(g, f"move:A:5,{y}")
    assert model(g, "A.1").ac == 0
    assert g.to_act() == ("blue",)  # the activation ended itself: nothing left to do
    assert model(g, "A.1").pos == (5, 20)


def test_bon003_the_side_with_more_models_wins_after_the_last_turn() -> None:
    """BON-003: the side with more models wins after the last turn."""
    g = game([unit("A", "red", (5, 5), (8, 5)), unit("x", "blue", (5, 43))], dice=[1, 2], turns=1)
    for uid in ("A", "x"):
        do(g, f"activate:{uid}")
        do(g, f"end:{uid}")
    assert g.result is not None and g.result.winners == ("red",) and g.result.scores == {"red": 2, "blue": 1}


def test_bon003_objectives_score_for_the_side_holding_them() -> None:
    """BON-003: objectives score for the side holding them."""
    from breaking_of_nations.bon_support import feature

    g = game([unit("A", "red", (5, 5), (8, 5)), unit("x", "blue", (20, 20))], dice=[1, 2], turns=1,
             features=[feature("farm", "clear", [(18, 18), (22, 18), (22, 22), (18, 22)])],
             objectives=[{"seat": "blue", "feature": "farm", "points": 5}])
    for uid in ("A", "x"):
        do(g, f"activate:{uid}")
        do(g, f"end:{uid}")
    assert g.result.winners == ("blue",) and g.result.scores["blue"] == 6


def test_refusals_say_why() -> None:
    """BON-015: an unarmoured Regular moves up to 5" in a movement action, not 5.5"."""
    g = game([unit("A", "red", (5, 5)), unit("x", "blue", (5, 43))], dice=[1, 2])
    do(g, "activate:A")
    with pytest.raises(IllegalActionError, match=r"can move only 5\.0"):
        do(g, "move:A:5,10.5")


def test_bon006_a_unit_wiped_out_before_its_activation_is_never_offered() -> None:
    """BON-006: blue's LMG team wipes out red's A (two natural 12s, BON-026) before A has acted; red is
    offered only B, and once B has acted red is passed over: A is not activated, no odds, no glory test
    (trench-raid, seed 6: No. 1 Section was offered after it was wiped out)."""
    g = game([unit("A", "red", (10, 30), (11, 30)), unit("B", "red", (40, 2)),
              unit("x", "blue", (10, 20), (11, 20), specialists=[{"kind": "lmg"}]), unit("y", "blue", (40, 46))],
             dice=[2, 1, 12, 12, 1, 1], options={"counter_attack": False})
    do(g, "activate:x")
    do(g, "fire:x:A")
    assert not seen_unit(g, "A")["models"]
    do(g, "end:x")
    assert g.to_act() == ("red",) and ids(g) == ["activate:B"]
    do(g, "activate:B")
    do(g, "end:B")
    do(g, "activate:y")
    do(g, "end:y")
    assert umpire_sees(g)["turn"] == 2 and "red activates A" not in texts(g)
