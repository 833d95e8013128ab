"""The compiled laboratory core (lab.py, _labcore.c) plays the Python engine's games exactly.

Every test drives both cores in lock step from the same seed: at each decision the legal action
numbers must be the same, the same one is applied to both, and at the end the explained replay
(the Python engine with the full log) must reach the core's state card for card and its result.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from riotact.core import find_scenario
from riotact.core.errors import IllegalActionError, ReplayMismatchError
from riotact.rulesets.revolting_behaviour import SPEC
from riotact.rulesets.revolting_behaviour.encoding import action_ids
from riotact.rulesets.revolting_behaviour.native import lab
from riotact.rulesets.revolting_behaviour.native.lab import LabGame, PythonLab, laboratory
from support import rb_scenario

needs_core = pytest.mark.skipif(not lab.compiled(), reason="the compiled core was not built here")

SCENARIOS = ("revolting-behaviour/first-game", "revolting-behaviour/four-players", "revolting-behaviour/long-game")


def house_rule_values() -> st.SearchStrategy[dict[str, Any]]:
    """Any value of every RB house rule (rewards within what the core takes)."""
    fields: dict[str, st.SearchStrategy[Any]] = {}
    for rule in SPEC.house_rules:
        if rule.choices:
            fields[rule.key] = st.sampled_from(rule.choices)
        elif isinstance(rule.default, bool):
            fields[rule.key] = st.booleans()
        else:
            fields[rule.key] = st.integers(0, 40)
    return st.fixed_dictionaries(fields)


def lock_step(scenario: Any, seed: int, options: dict[str, Any], pick_seed: int,
              max_decisions: int = 3_000) -> LabGame:
    """Play both cores with the same random picks; every legal list must agree."""
    fast = LabGame(scenario, seed=seed, options=options)
    slow = PythonLab(scenario, seed=seed, options=options)
    picks = random.Random(pick_seed)
    for _ in range(max_decisions):
        assert fast.to_act() == slow.to_act()
        if fast.is_over():
            break
        legal = fast.legal_ids()
        assert legal == slow.legal_ids()
        number = legal[int(picks.random() * len(legal))]
        fast.apply_id(number)
        slow.apply_id(number)
    assert fast.decisions == slow.decisions
    assert (fast.result and fast.result.as_dict()) == (slow.result and slow.result.as_dict())
    return fast


@needs_core
@settings(max_examples=120, deadline=None)
@given(seats=st.integers(1, 6), cause=st.integers(1, 12), seed=st.integers(0, 2**64),
       pick=st.integers(0, 1000), options=house_rule_values())
def test_any_house_rules_any_table_the_same_game(seats: int, cause: int, seed: int, pick: int,
                                                 options: dict[str, Any]) -> None:
    """RB-01..RB-26 with every house rule: the same decisions offered, the same game, card for card."""
    game = lock_step(rb_scenario(seats, cause), seed, options, pick)
    explained = game.explained()  # raises ReplayMismatchError on any difference of state
    assert explained.decisions == game.decisions


@needs_core
@pytest.mark.parametrize("ref", SCENARIOS)
def test_built_in_scenarios_thousands_of_decisions(ref: str) -> None:
    """Whole games of every scenario to the end (turn limit, elimination or a defeated Cause)."""
    ends = set()
    for seed in range(12):
        game = lock_step(find_scenario(ref), seed, {}, seed, max_decisions=100_000)
        assert game.is_over()
        game.explained()
        assert game.result is not None
        ends.add(game.result.reason.split(" ")[0])
    assert ends  # games end, and say why


@needs_core
def test_the_numbers_are_the_encodings() -> None:
    """legal_ids() numbers the decisions as the RL encoding does (docs/rl.md)."""
    scenario = find_scenario("revolting-behaviour/four-players")
    game = laboratory(scenario, seed=5)
    ids = action_ids(scenario.seats)
    assert [ids[n] for n in game.legal_ids()][:3] == ["pass", "D-mild", "D-moderate"]


@needs_core
def test_an_illegal_number_is_refused_in_one_line() -> None:
    game = laboratory(find_scenario("revolting-behaviour/first-game"), seed=1)
    with pytest.raises(IllegalActionError, match=r"^p\d cannot 'draw': that is not a legal action now$"):
        game.apply_id(1)  # no attempt under way: nothing to draw for (RB-14)
    with pytest.raises(IllegalActionError, match="not a legal action"):
        game.apply_id(999)
    assert game.decisions == []


@needs_core
def test_a_finished_game_takes_no_decision() -> None:
    game = laboratory(rb_scenario(2, 1), seed=2)
    picks = random.Random(0)
    while not game.is_over():
        legal = game.legal_ids()
        game.apply_id(legal[int(picks.random() * len(legal))])
    assert game.legal_ids() == () and game.to_act() == ()
    with pytest.raises(IllegalActionError, match="the game is over"):
        game.apply_id(0)


@needs_core
def test_a_replay_that_differs_is_caught() -> None:
    """The explanation is checked: a core state the replay does not reach is an error, not a log."""
    game = laboratory(find_scenario("revolting-behaviour/first-game"), seed=4)
    game.apply_id(game.legal_ids()[1])
    snapshot = game.snapshot()
    del snapshot["end"], snapshot["winner"]
    snapshot["players"][0]["rp"] += 1
    with pytest.raises(ReplayMismatchError, match="does not reach"):
        lab._explain(game.scenario, game.seed, {}, game.decisions, snapshot, game.result)


def test_rewards_beyond_the_core_play_on_the_python_engine() -> None:
    scenario = find_scenario("revolting-behaviour/first-game")
    game = laboratory(scenario, seed=1, options={"reward_mild": 50_000})
    assert isinstance(game, PythonLab)
    with pytest.raises(ValueError, match="engine must be"):
        laboratory(scenario, seed=1, engine="fast")


def test_the_python_engine_plays_the_same_interface() -> None:
    """Where no C compiler built the core, the laboratory still plays and explains."""
    game = laboratory(find_scenario("revolting-behaviour/first-game"), seed=3, engine="python")
    game.apply_id(8)  # D-mild
    game.apply_id(1)  # draw (RB-14)
    assert game.decisions == [("p1", "D-mild"), ("p1", "draw")]
    assert game.explained().log.events[-1]["text"] == "4 of Spades fails: not a red card."
