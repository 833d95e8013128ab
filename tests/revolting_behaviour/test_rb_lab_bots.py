"""Bots on the compiled laboratory core make the Python engine's decisions, game for game.

``play_laboratory`` (core/engines.py) plays a game with random and heuristic bots by action
number; the same seed played by ``Game`` with ``make_bot(kind, ...)`` must make the same
decisions, end the same way, on the same turn, whatever the house rules and the table
(RB-01..RB-26). The heuristic bot reads the seat's view, which the core rebuilds from its state
(``LabGame.view``): it must equal the Python engine's at every decision, for every seat (RB-07).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from revolting_behaviour.test_rb_lab import house_rule_values, needs_core
from riotact.core import UMPIRE, Game, LaboratoryUnavailable, find_scenario, make_bot, play_laboratory, play_out
from riotact.rulesets import get_ruleset
from riotact.rulesets.revolting_behaviour.native import lab
from riotact.rulesets.revolting_behaviour.native.lab import LabGame
from support import rb_scenario


def python_game(scenario: Any, seed: int, options: dict[str, Any], players: dict[str, str]) -> Game:
    game = Game(scenario, seed=seed, options=options, explain=False)
    return play_out(game, {s: make_bot(players.get(s, "random"), game, s) for s in game.seats})


def assert_same_game(scenario: Any, seed: int, options: dict[str, Any], players: dict[str, str] | None = None) -> None:
    core = play_laboratory(scenario, seed=seed, options=options, players=players, engine="compiled")
    assert isinstance(core, LabGame)
    game = python_game(scenario, seed, options, players or {})
    assert core.decisions == game.decisions
    assert core.result is not None and game.result is not None
    assert core.result.as_dict() == game.result.as_dict()
    assert core.turn == game.umpire.turn
    assert core.options == game.options


@needs_core
@settings(max_examples=80, deadline=None)
@given(seats=st.integers(1, 6), cause=st.integers(1, 12), seed=st.integers(0, 2**63), options=house_rule_values())
def test_random_bots_on_the_core_pick_what_random_bots_pick_on_game(seats: int, cause: int, seed: int,
                                                                     options: dict[str, Any]) -> None:
    """The core lists the legal numbers in Game.legal_actions' order, so the same draw picks the same."""
    assert_same_game(rb_scenario(seats, cause), seed, options)


def seat_kinds(seats: int, heuristic: int) -> dict[str, str]:
    """Seat i heuristic where bit i of ``heuristic`` is set, else random."""
    return {f"p{i + 1}": "heuristic" if heuristic >> i & 1 else "random" for i in range(seats)}


@needs_core
@settings(max_examples=60, deadline=None)
@given(seats=st.integers(1, 6), cause=st.integers(1, 12), seed=st.integers(0, 2**63), heuristic=st.integers(1, 63),
       options=house_rule_values())
def test_heuristic_bots_on_the_core_decide_as_on_game(seats: int, cause: int, seed: int, heuristic: int,
                                                       options: dict[str, Any]) -> None:
    assert_same_game(rb_scenario(seats, cause), seed, options, seat_kinds(seats, heuristic))


@needs_core
@settings(max_examples=60, deadline=None)
@given(seats=st.integers(1, 6), cause=st.integers(1, 12), seed=st.integers(0, 2**63), pick=st.integers(0, 99),
       options=house_rule_values())
def test_the_cores_view_is_the_python_engines_for_every_seat_at_every_decision(
        seats: int, cause: int, seed: int, pick: int, options: dict[str, Any]) -> None:
    """RB-07 fog of war: what the core shows a seat (the heuristic bot's input) is what Game shows it."""
    scenario = rb_scenario(seats, cause)
    core, game = LabGame(scenario, seed=seed, options=options), Game(scenario, seed=seed, options=options)
    picks = random.Random(pick)
    while not game.is_over() and len(game.decisions) < 2_000:
        for seat in (*scenario.seats, UMPIRE):
            assert core.view(seat) == game.view(seat)["state"]
        legal = core.legal_ids()
        number = legal[int(picks.random() * len(legal))]
        core.apply_id(number)
        game.apply(game.to_act()[0], core.action_ids[number])
    for seat in (*scenario.seats, UMPIRE):
        assert core.view(seat) == game.view(seat)["state"]


@needs_core
@pytest.mark.parametrize("ref", ["revolting-behaviour/first-game", "revolting-behaviour/four-players",
                                 "revolting-behaviour/long-game"])
def test_built_in_scenarios_the_same_games(ref: str) -> None:
    scenario = find_scenario(ref)
    for seed in range(10):
        assert_same_game(scenario, seed, {})
        assert_same_game(scenario, seed, {}, seat_kinds(len(scenario.seats), seed + 1))


@needs_core
def test_search_bots_and_big_rewards_stay_with_game() -> None:
    """The search bot plays determinised worlds on Game: the core does not play it (auto: None)."""
    scenario = find_scenario("revolting-behaviour/first-game")
    assert play_laboratory(scenario, seed=1, players={"p1": "search"}) is None
    assert play_laboratory(scenario, seed=1, options={"reward_mild": 50_000}) is None
    assert play_laboratory(scenario, seed=1, engine="python") is None
    with pytest.raises(LaboratoryUnavailable, match="cannot play a search bot"):
        play_laboratory(scenario, seed=1, players={"p2": "search"}, engine="compiled")
    with pytest.raises(LaboratoryUnavailable, match=r"reward_mild of 0\.\.10000 only"):
        play_laboratory(scenario, seed=1, options={"reward_mild": 50_000}, engine="compiled")


@needs_core
def test_changed_decks_stay_with_game() -> None:
    """RB-03 gap: the core deals standard packs only, so it refuses a scenario with changed decks in one
    line rather than play it wrong; auto plays it on Game."""
    scenario = rb_scenario(setup={"decks": {"p2": {"action_deck": ["5C", "2S", "9H"]}}})
    assert play_laboratory(scenario, seed=1, players={"p1": "heuristic"}) is None
    assert isinstance(lab.laboratory(scenario, seed=1), lab.PythonLab)
    with pytest.raises(LaboratoryUnavailable, match=r"^the compiled core plays standard packs only, not "
                                                    r"revolting-behaviour/test's changed decks \(RB-03\)$"):
        play_laboratory(scenario, seed=1, engine="compiled")


def test_without_the_compiled_core_auto_plays_on_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """A machine with no C compiler: auto falls back, compiled says why in one line."""
    monkeypatch.setattr(lab, "Core", None)
    scenario = find_scenario("revolting-behaviour/first-game")
    assert play_laboratory(scenario, seed=1) is None
    with pytest.raises(LaboratoryUnavailable, match="not built"):
        play_laboratory(scenario, seed=1, engine="compiled")


def test_rulesets_without_a_core_play_on_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """A ruleset that declares no compiled engine (every built-in one has one now): auto plays Game."""
    scenario = find_scenario("by-will-alone/ministry-sit-in")
    monkeypatch.delitem(get_ruleset("by-will-alone").engines, "compiled")
    assert play_laboratory(scenario, seed=1) is None
    with pytest.raises(LaboratoryUnavailable, match="has no compiled engine"):
        play_laboratory(scenario, seed=1, engine="compiled")
