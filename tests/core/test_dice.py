"""Dice sources and the umpire's rolls: faces, modifiers, judgement and the roll event."""

from __future__ import annotations

import random

import pytest

from riotact.core import (
    DiceError,
    DiceExhaustedError,
    GameLog,
    ManualDice,
    Modifier,
    ScriptedDice,
    SeededDice,
)
from riotact.core.adjudication import Umpire


def umpire(*faces: int) -> Umpire:
    return Umpire(random.Random(0), ScriptedDice(faces), GameLog({}))


def test_seeded_dice_repeat_with_the_seed_and_stay_on_the_die() -> None:
    a = SeededDice(random.Random(5)).faces(6, 500, "test")
    assert a == SeededDice(random.Random(5)).faces(6, 500, "test")
    assert a != SeededDice(random.Random(6)).faces(6, 500, "test")
    assert set(a) == {1, 2, 3, 4, 5, 6}


def test_scripted_dice_run_out_with_a_clear_error() -> None:
    dice = ScriptedDice([3])
    assert dice.faces(6, 1, "x") == [3]
    with pytest.raises(DiceExhaustedError, match="wanted 1 faces, 0 left"):
        dice.faces(6, 1, "morale")


def test_scripted_face_off_the_die_is_refused() -> None:
    with pytest.raises(DiceError, match="not on a D6"):
        ScriptedDice([7]).faces(6, 1, "x")


def test_manual_dice_ask_again_until_the_faces_fit() -> None:
    answers = iter(["", "0", "a b", "7 2", "³ 2", "6,2"])
    told: list[str] = []
    dice = ManualDice(lambda prompt: next(answers), tell=told.append)
    assert dice.faces(6, 2, "2D6") == [6, 2]
    assert len(told) == 5 and "D6" in told[-1]


def test_summed_roll_total_is_dice_plus_modifiers_and_is_logged() -> None:
    u = umpire(2, 5)
    roll = u.roll_total("BWA-03", "Veteran stand", 2, 6, purpose="morale", target=9,
                        modifiers=[Modifier(1, "veterans", "BWA-03"), Modifier(-2, "no food", "BWA-03")])
    assert (roll.natural, roll.total, roll.result) == (7, 6, "fail")
    event = u.log.events[-1]
    assert event["kind"] == "roll" and event["rule"] == "BWA-03"
    assert event["total"] == sum(event["dice"]) + sum(m["value"] for m in event["modifiers"])
    assert "-2 no food (BWA-03)" in event["text"]


def test_roll_at_most_and_judge() -> None:
    assert umpire(4).roll_total("CD-20", "crowd", 1, 6, purpose="RL", target=4, at_most=True).passed
    assert umpire(5).roll_total("CD-20", "crowd", 1, 6, purpose="RL", target=4, at_most=True).result == "fail"
    judged = umpire(3, 3).roll_total("X-01", "x", 2, 6, purpose="t", judge=lambda t: "hit" if t > 5 else "miss")
    assert judged.result == "hit"


def test_pool_natural_six_succeeds_and_natural_one_fails() -> None:
    # Target 8 is out of reach of a D6 with +1, except that a natural 6 always succeeds;
    # with +7 every die would succeed, except that a natural 1 always fails.
    six = umpire(6, 5).roll_pool("BWA-32", "unit", 2, 6, purpose="confront", target=8,
                                 modifiers=[Modifier(1, "x", "BWA-34")], natural_max_succeeds=True)
    assert six.successes == 1
    one = umpire(1, 2).roll_pool("BWA-32", "unit", 2, 6, purpose="confront", target=8,
                                 modifiers=[Modifier(7, "x", "BWA-34")], natural_min_fails=True)
    assert one.successes == 1
    assert umpire(1, 2).roll_pool("X-01", "u", 2, 6, purpose="p", target=8,
                                  modifiers=[Modifier(7, "x", "X-01")]).successes == 2


def test_direction_dice_and_scatter() -> None:
    assert umpire(1).roll_direction("X-01", "smoke", purpose="drift") == "ahead"
    assert umpire(12).roll_direction("X-01", "smoke", purpose="drift", clock=True) == "12 o'clock"
    u = umpire(3, 4)
    assert u.scatter("X-01", "shell", purpose="scatter") == ("3 o'clock", 4)
    assert [e["sides"] for e in u.log.events] == [12, 6]
