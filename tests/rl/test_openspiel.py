"""The OpenSpiel games (riotact.rl.openspiel): random simulation tests, chance nodes, observations."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from riotact.core import Game
from riotact.rl.observer import Observer
from riotact.rl.openspiel import RiotactState, register, resampler

NAMES = register()


def test_one_game_per_implemented_ruleset_is_registered() -> None:
    assert {"riotact_revolting_behaviour", "riotact_by_will_alone", "riotact_civil_disorder"} <= set(NAMES)
    game = pyspiel.load_game("riotact_by_will_alone")
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC


def test_revolting_behaviour_passes_the_random_simulation_test() -> None:
    game = pyspiel.load_game("riotact_revolting_behaviour")
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


@pytest.mark.parametrize(("name", "scenario"), [
    ("riotact_revolting_behaviour", "revolting-behaviour/four-players"),
    ("riotact_revolting_behaviour", "revolting-behaviour/long-game"),
    ("riotact_by_will_alone", "by-will-alone/ministry-sit-in"),
    ("riotact_by_will_alone", "by-will-alone/village-bulldozer"),
    ("riotact_civil_disorder", "civil-disorder/embassy-protest"),
    ("riotact_civil_disorder", "civil-disorder/night-of-fires"),
    ("riotact_public_participation", "public-participation/picket-line"),
    ("riotact_breaking_of_nations", "breaking-of-nations/trench-raid"),
])
def test_other_scenarios_pass_the_random_simulation_test_under_a_turn_cap(name: str, scenario: str) -> None:
    """The miniatures games copy a large state per move: a shorter cap keeps the suite fast."""
    cap = 60 if name in ("riotact_public_participation", "riotact_breaking_of_nations") else 150
    game = pyspiel.load_game(name, {"scenario": scenario, "max_moves": cap})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


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
