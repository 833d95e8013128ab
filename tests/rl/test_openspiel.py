"""The OpenSpiel games (riotact.rl.openspiel): random simulation tests, chance nodes, observations."""

from __future__ import annotations

import hashlib
import pickle

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from riotact.core import Game, builtin_scenarios
from riotact.core.errors import RiotactError
from riotact.core.log import dumps
from riotact.rl.observer import Observer
from riotact.rl.openspiel import RiotactState, register, resampler, short_name
from riotact.rulesets import all_rulesets

NAMES = register()


def test_one_game_per_implemented_ruleset_is_registered() -> None:
    assert {"riotact_revolting_behaviour", "riotact_by_will_alone", "riotact_civil_disorder"} <= set(NAMES)
    game = pyspiel.load_game("riotact_by_will_alone")
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC


def test_revolting_behaviour_passes_the_random_simulation_test() -> None:
    game = pyspiel.load_game("riotact_revolting_behaviour")
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


SCENARIOS = [(short_name(spec.id), scenario.ref) for spec in all_rulesets() if spec.implemented
             and spec.encoding is not None for scenario in builtin_scenarios(spec)]


@pytest.mark.parametrize(("name", "scenario"), SCENARIOS)
def test_every_scenario_passes_the_random_simulation_test_with_serialization(name: str, scenario: str) -> None:
    """OpenSpiel's own checks, serializing and deserializing the game and state along the way (at
    history lengths below 10 and at every power of two: the strings must round-trip). The miniatures
    games copy a large state per move: a shorter cap keeps the suite fast."""
    cap = 60 if name in ("riotact_public_participation", "riotact_breaking_of_nations") else 150
    game = pyspiel.load_game(name, {"scenario": scenario, "max_moves": cap})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("name", NAMES)
def test_a_state_pickles_and_deserializes_to_the_same_game(name: str) -> None:
    """As OpenSpiel's own Python games test it (tic_tac_toe_test.test_pickle): pickle and
    serialize_game_and_state give back a state that prints, acts and plays on like the original."""
    game = pyspiel.load_game(name, {"max_moves": 400})
    state = game.new_initial_state()
    _random_moves(state, np.random.RandomState(4), 40)
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    twin = pickle.loads(pickle.dumps(state))
    for copy in (state2, twin):
        assert str(copy) == str(state) and copy.history() == state.history()
        assert copy.legal_actions() == state.legal_actions()
        assert [copy.information_state_string(p) for p in range(game.num_players())] == \
            [state.information_state_string(p) for p in range(game.num_players())]
        assert copy.game_.log.events == state.game_.log.events  # type: ignore[union-attr]
    assert str(game2) == str(game)
    _random_moves(state, np.random.RandomState(5), 20)
    _random_moves(state2, np.random.RandomState(5), 20)
    assert str(state2) == str(state) and state2.returns() == state.returns()


def test_the_information_state_tensor_is_refused_as_the_game_type_declares() -> None:
    """The type declares no information-state tensor; asking for one is refused in one line rather
    than answered with the observation tensor (which forgets, so it is no information state)."""
    game = pyspiel.load_game("riotact_revolting_behaviour")
    kind = game.get_type()
    assert kind.provides_information_state_string and not kind.provides_information_state_tensor
    assert kind.provides_observation_tensor and kind.provides_observation_string
    state = game.new_initial_state()
    state.apply_action(0)
    with pytest.raises(RiotactError, match="no information-state tensor"):
        state.information_state_tensor(0)


def _random_moves(state: RiotactState, rng: np.random.RandomState, n: int) -> list[tuple[int, int]]:
    """Play ``n`` random moves; returns (player, outcome count) for each chance node met."""
    chance = []
    for _ in range(n):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            chance.append((len(outcomes), state.move_number()))
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return chance


def test_every_die_is_a_chance_node_with_its_faces_as_outcomes() -> None:
    """BWA rolls D6s for confrontations and morale: after the deal, chance nodes offer six faces."""
    game = pyspiel.load_game("riotact_by_will_alone", {"scenario": "by-will-alone/ministry-sit-in"})
    state = game.new_initial_state()
    chance = _random_moves(state, np.random.RandomState(2), 150)
    assert chance[0][0] == game.max_chance_outcomes()  # the deal
    assert any(count == 6 for count, _ in chance[1:])
    rolled = [f for e in state.game_.log.events if e["kind"] == "roll" for f in e["dice"]]  # type: ignore[union-attr]
    assert len(rolled) + len(state.faces) == len(chance) - 1  # one chance node per die (faces of a decision
    # still rolling wait in state.faces), nothing rolled behind OpenSpiel's back


def test_observation_tensor_and_string_come_from_the_seats_view() -> None:
    game = pyspiel.load_game("riotact_civil_disorder", {"scenario": "civil-disorder/embassy-protest"})
    state = game.new_initial_state()
    _random_moves(state, np.random.RandomState(3), 30)
    riotact_game = state.game_
    assert isinstance(riotact_game, Game)
    observer = Observer(riotact_game)
    for player, seat in enumerate(riotact_game.seats):
        assert np.array_equal(np.asarray(state.observation_tensor(player), np.float32), observer.tensor(seat))
        assert state.observation_string(player) == observer.string(seat)
        assert state.information_state_string(player).startswith(f"{seat}:")


def test_information_state_depends_only_on_what_the_seat_saw() -> None:
    """Two deals that differ only in hidden cards leave p1's information state equal until something
    of them shows: at the start, nobody has seen any Cause card (RB-07)."""
    game = pyspiel.load_game("riotact_revolting_behaviour")
    a, b = game.new_initial_state(), game.new_initial_state()
    a.apply_action(1)
    b.apply_action(2)
    assert a.information_state_string(0) == b.information_state_string(0)
    assert a.observation_tensor(0) == b.observation_tensor(0)


def _digest_of_the_seats_log(state: RiotactState, player: int) -> str:
    """The information state string as documented, made from the whole log at once."""
    seat = state.rgame.seats[player]
    base, covered = state.bases.get(player, (f"{seat}:", 0))
    new = state.game_.log_for(seat)[covered:]  # type: ignore[union-attr]
    if not new and player in state.bases:
        return base
    return f"{seat}:{hashlib.sha1((base + dumps(new)).encode()).hexdigest()}"


@pytest.mark.parametrize("name", ["riotact_revolting_behaviour", "riotact_by_will_alone"])
def test_the_information_state_kept_move_by_move_is_the_digest_of_the_seats_whole_log(name: str) -> None:
    """The string is kept up to date as moves are made (shared by clones, carried on by the copies a
    move makes, dropped by a pickle) and is always the digest of the seat's whole log: in the game, in
    a clone that went another way, after a pickle round trip, and in a resampled world. BWA rolls dice,
    so its moves are tried on copies; RB's are made in place."""
    game = pyspiel.load_game(name, {"max_moves": 120})
    rng = np.random.RandomState(6)
    deal = resampler(7)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
            continue
        other_way = state.clone()
        states = [state, other_way, deal(state, state.current_player())]
        state.apply_action(int(rng.choice(state.legal_actions())))
        other_way.apply_action(other_way.legal_actions()[0])
        states.append(pickle.loads(pickle.dumps(state)))
        for each in states:
            for player in range(game.num_players()):
                assert each.information_state_string(player) == _digest_of_the_seats_log(each, player)


def test_revolting_behaviour_long_game_passes_the_random_simulation_test_to_its_end() -> None:
    """The long campaign (20 Cause cards each, three players) played to its end at the default cap:
    the information state no longer digests the whole log at every call (it was quadratic)."""
    game = pyspiel.load_game("riotact_revolting_behaviour", {"scenario": "revolting-behaviour/long-game"})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_the_turn_cap_ends_the_game_with_no_winner() -> None:
    game = pyspiel.load_game("riotact_revolting_behaviour", {"max_moves": 20})
    state = game.new_initial_state()
    _random_moves(state, np.random.RandomState(1), 100)
    assert state.is_terminal() and state.move_number() == 20 and state.returns() == [0.0, 0.0]


def test_openspiel_mcts_runs_on_the_games() -> None:
    """OpenSpiel's own MCTS (a perfect-information search: it looks into clones, so it is a baseline,
    not a fair player; riotact's `search` bot is the fair one) plays a few moves."""
    game = pyspiel.load_game("riotact_revolting_behaviour", {"max_moves": 60})
    rng = np.random.RandomState(1)
    bot = mcts.MCTSBot(game, 2, 8, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = game.new_initial_state()
    state.apply_action(0)
    for _ in range(3):
        state.apply_action(bot.step(state))
    assert state.move_number() == 4


@pytest.mark.parametrize("name", NAMES)
def test_openspiel_ismcts_runs_with_determinisations_from_the_view(name: str) -> None:
    """OpenSpiel's IS-MCTS on every ruleset, resampling worlds from the player's view with the ruleset's
    determiniser (riotact.rl.openspiel.resampler): its choices are legal, and dice in the worlds are
    chance nodes like the real game's."""
    game = pyspiel.load_game(name, {"max_moves": 12})  # short rollouts: the suite stays fast
    rng = np.random.RandomState(2)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 2, random_state=rng)
    bot.set_resampler(resampler(3))
    state = game.new_initial_state()
    decisions = 0
    while decisions < 2 and not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        decisions += 1
    assert decisions == 2
