"""Holding and advancing the game (core/umpiring.py ``hold`` / ``advance``): a person in the umpire's
chair stops the game at a point, decides with the turn's rolls in front of him, then lets it go on.
Civil Disorder's key case is CD-12 step 6, the umpire's assessment (the RL rolls, CD-20)."""

from __future__ import annotations

from pathlib import Path

import pytest

from riotact.core import Game, IllegalActionError, find_scenario
from riotact.core.chair import ADVANCE
from support import umpire_sees


def cd() -> Game:
    return Game(find_scenario("civil-disorder/night-of-fires"), seed=3)  # seats: commander, fire, umpire


def play_until_held_or_next_turn(g: Game) -> None:
    turn = g.umpire.turn
    while g.umpire.turn == turn and not g.umpire.held and not g.is_over():
        seat = g.to_act()[0]
        g.apply(seat, g.legal_actions(seat)[0].id)


def test_cd12_hold_at_the_assessment_with_the_turns_rolls_in_front_of_the_umpire(tmp_path: Path) -> None:
    g = cd()
    g.intervene("hold", at="assessment")
    play_until_held_or_next_turn(g)
    assert g.to_act() == ("umpire",) and g.umpire.turn == 1
    assert g.legal_actions("umpire") == [ADVANCE] and g.legal_actions("commander") == []
    log = g.log_for("umpire")
    assert log[-1]["text"].startswith("The game is held for the umpire at turn 1's assessment (CD-12 step 6)")
    assert any(e["text"].startswith("Turn 1: step 5") for e in log)
    assert not any(e["kind"] == "roll" and e["rule"] == "CD-45" for e in log)  # step 6's fire rolls: to come
    with pytest.raises(IllegalActionError, match="the umpire holds the game"):
        g.apply("commander", "pass")
    with pytest.raises(IllegalActionError, match="already held"):  # the assessment must not be skipped
        g.intervene("hold", at="now")
    # the umpire decides with the turn in front of him: crowd A's RL, and the warehouse fire's roll to come
    g.intervene("set-rl", crowd="A", rl=8, reason="the arrests anger them")
    g.intervene("override", rule="CD-45", who="fire in the warehouse", faces="6", reason="the wind rises")
    g.apply("umpire", ADVANCE.id)  # the held game's one decision, as the web table offers it
    roll = next(e for e in g.log.events if e["kind"] == "roll" and e["rule"] == "CD-45"
                and e["who"] == "fire in the warehouse")
    assert roll["dice"] == [6] and roll["turn"] == 1
    crowd_a = next(c for c in umpire_sees(g)["crowds"] if c["id"] == "A")
    assert crowd_a["history"][-1] == 8  # the RL he set is the one recorded for turn 1
    assert g.umpire.turn == 2 and g.to_act() == ("commander", "fire")
    play_until_held_or_next_turn(g)  # the hold stands every turn until lifted
    assert g.to_act() == ("umpire",) and g.umpire.turn == 2
    g.save(tmp_path / "g.jsonl")
    back = Game.load(tmp_path / "g.jsonl")
    assert back.log.events == g.log.events and back.to_act() == ("umpire",)
    back.intervene("hold", at="off")
    back.intervene("advance")
    play_until_held_or_next_turn(back)
    assert back.umpire.turn == 4 and back.umpire.held is None  # turn 3 ran through: the hold is lifted


def test_the_hold_itself_is_the_umpires_secret_until_the_game_stops() -> None:
    plain, held = cd(), cd()
    held.intervene("hold", at="assessment")
    for seat in ("commander", "fire"):
        assert (held.view(seat), held.log_for(seat)) == (plain.view(seat), plain.log_for(seat))


def test_advance_needs_a_held_game_and_hold_a_known_point() -> None:
    g = cd()
    with pytest.raises(IllegalActionError, match="the game is not held"):
        g.intervene("advance")
    with pytest.raises(IllegalActionError, match="at must be one of now, turn, assessment, off"):
        g.intervene("hold", at="lunch")
    assert g.decisions == []


def test_hold_at_every_turn_in_by_will_alone_with_a_human_umpire() -> None:
    g = Game(find_scenario("by-will-alone/ministry-sit-in"), seed=3,
             players={"umpire": "human", "nonviolent": "heuristic", "authority": "heuristic"})
    g.intervene("hold", at="turn")
    play_until_held_or_next_turn(g)
    assert g.to_act() == ("umpire",) and g.umpire.turn == 2
    assert g.view("nonviolent")["to_act"] == ["umpire"] and g.view("nonviolent")["legal_actions"] == []
    g.intervene("advance")
    assert g.to_act() != ("umpire",)


def test_hold_now_in_revolting_behaviour() -> None:
    """A ruleset without an umpire seat: a person takes the chair through the game's players."""
    scenario = find_scenario("revolting-behaviour/first-game")
    g = Game(scenario, seed=1, players={"umpire": "human"})
    seat = g.to_act()[0]
    g.intervene("hold", at="now")
    with pytest.raises(IllegalActionError, match="the umpire holds the game"):
        g.apply(seat, g.legal_actions("umpire")[0].id)
    g.intervene("advance")
    assert g.to_act()[0] == seat and g.legal_actions(seat)
