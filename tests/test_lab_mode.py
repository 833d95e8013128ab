"""The laboratory mode (scenario, options, seed and decisions only; explained on demand by replaying)
and the cheap legality check (``State.legal_action``: no whole legal list to accept one decision)."""

from __future__ import annotations

from typing import Any

import pytest

from riotact.core import Game, RiotactError, RulesetSpec, ScriptedDice, find_scenario, make_bot, play_out
from riotact.core.errors import ReplayMismatchError
from riotact.rulesets.civil_disorder.turn import ALWAYS_OPEN, CivilDisorder
from support import DiceRace, registered

SCENARIOS = ["revolting-behaviour/four-players", "by-will-alone/ministry-sit-in", "civil-disorder/embassy-protest",
             "public-participation/picket-line"]


def played(ref: str, seed: int, explain: bool) -> Game:
    game = Game(find_scenario(ref), seed=seed, explain=explain)
    play_out(game, {s: make_bot("heuristic", game, s) for s in game.seats})
    return game


@pytest.mark.parametrize("ref", SCENARIOS)
def test_laboratory_mode_keeps_decisions_only_and_explains_to_the_same_log(ref: str) -> None:
    quiet, full = played(ref, 5, explain=False), played(ref, 5, explain=True)
    assert [e["kind"] for e in quiet.log.events] == [e["kind"] for e in full.log.events]
    assert all(set(e) == {"kind"} for e in quiet.log.events)  # no words, no fields: only the count
    assert quiet.decisions == full.decisions
    assert quiet.result == full.result
    explained = quiet.explained()
    assert explained.log.events == full.log.events and explained.log.header == full.log.header


def test_laboratory_mode_save_writes_the_explained_log(tmp_path) -> None:
    quiet = played(SCENARIOS[0], 2, explain=False)
    quiet.save(tmp_path / "g.jsonl")
    assert Game.load(tmp_path / "g.jsonl").log.events == quiet.explained().log.events


class DriftingRace(DiceRace):
    """A dice race whose engine is not a function of its seed and decisions: each new game starts the
    first seat a point further on, counted outside the game."""

    started = 0

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        DriftingRace.started += 1
        self.scores[self.seats[0]] = DriftingRace.started


def test_explaining_a_game_its_replay_does_not_reach_is_a_mismatch(monkeypatch: pytest.MonkeyPatch) -> None:
    """A laboratory-mode game keeps only its decisions: an engine whose state is not theirs and the
    seed's to make (here one that drifts from game to game) is refused when explained."""
    scenario = registered(monkeypatch, RulesetSpec("drifting-race", "DRR", "Drifting race",
                                                   "A test-only dice race that drifts.", DriftingRace))
    quiet = Game(scenario, seed=3, explain=False)
    for _ in range(2):  # a roll each: nobody reaches 10 yet
        quiet.apply(quiet.to_act()[0], "roll")
    with pytest.raises(ReplayMismatchError, match="does not reach the same state"):
        quiet.explained()


def test_laboratory_mode_needs_seeded_dice() -> None:
    with pytest.raises(RiotactError, match="seeded dice"):
        Game(find_scenario(SCENARIOS[2]), dice=ScriptedDice([1]), explain=False)


def test_cd07_pass_and_stay_are_accepted_without_building_the_list(monkeypatch) -> None:
    """CD-07/14: the commander passes and stays; the orders list is never built to check it."""
    game = Game(find_scenario("civil-disorder/high-street-riot"), seed=1)
    seat = game.to_act()[0]
    assert game.legal_actions(seat)[0] == ALWAYS_OPEN["pass"]

    def no_list(*_: object) -> None:
        raise AssertionError("the whole list was built")

    monkeypatch.setattr(CivilDisorder, "legal_actions", no_list)
    game.apply(seat, "pass")
    monkeypatch.undo()
    assert game.legal_actions(seat)[0] == ALWAYS_OPEN["stay"]
    monkeypatch.setattr(CivilDisorder, "legal_actions", no_list)
    game.apply(seat, "stay")
    monkeypatch.undo()
    assert game.decisions == [(seat, "pass"), (seat, "stay")]
    other = game.to_act()[0]
    with pytest.raises(RiotactError, match=f"{other} cannot 'stay'"):  # not open before the walk
        game.apply(other, "stay")


def test_a_refused_id_still_gets_the_rules_reason() -> None:
    game = Game(find_scenario("revolting-behaviour/first-game"), seed=1, options={"first_turn_order": "seats"})
    with pytest.raises(RiotactError, match="p1 cannot 'draw'"):
        game.apply("p1", "draw")
