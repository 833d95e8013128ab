"""OpenSpiel's Monte Carlo CFR learns on a small Revolting Behaviour! game through riotact.rl.openspiel
(docs/examples/cfr_rb_duel.py and docs/rl.md give the longer run)."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import numpy as np
import pyspiel
from open_spiel.python import policy as policy_lib
from open_spiel.python.algorithms import exploitability, outcome_sampling_mccfr

from riotact.rl.openspiel import RiotactState, register

DUEL = str(Path(__file__).parents[2] / "docs" / "examples" / "rb-duel.toml")


def _duel(deals: int) -> pyspiel.Game:
    register()
    return pyspiel.load_game("riotact_revolting_behaviour", {"scenario": DUEL, "deals": deals})


def test_the_duel_is_a_well_formed_game_for_tabular_algorithms() -> None:
    """What CFR relies on, over the whole tree of the duel with two deals: chance probabilities sum to
    1, every state of an information set offers the same legal actions (so one regret table fits
    them all), and every game ends before the turn cap with the returns of a finished game (±1, or 0 to both)."""
    game = _duel(2)
    legal_by_information_set: dict[str, set[tuple[int, ...]]] = defaultdict(set)
    terminals = 0

    def walk(state: RiotactState) -> None:
        nonlocal terminals
        if state.is_terminal():
            terminals += 1
            assert state.game_ is not None and state.game_.is_over()
            assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])
            return
        if state.is_chance_node():
            assert abs(sum(p for _, p in state.chance_outcomes()) - 1.0) < 1e-12
        else:
            player = state.current_player()
            legal_by_information_set[state.information_state_string(player)].add(tuple(state.legal_actions()))
        for action in state.legal_actions():
            walk(state.child(action))

    walk(game.new_initial_state())
    assert terminals > 100 and len(legal_by_information_set) > 100
    assert all(len(legal) == 1 for legal in legal_by_information_set.values())


def test_outcome_sampling_mccfr_brings_nash_conv_far_below_the_uniform_policys() -> None:
    """250 iterations of OpenSpiel's outcome-sampling MCCFR take the average policy's NashConv (an exact
    best response per player) from the uniform policy's 1.85 to about 0.2 (docs/rl.md)."""
    game = _duel(1)
    np.random.seed(0)  # the solver samples with numpy's global generator
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(250):
        solver.iteration()
    uniform = exploitability.nash_conv(game, policy_lib.UniformRandomPolicy(game))
    learnt = exploitability.nash_conv(game, solver.average_policy())
    assert uniform > 1.5 and learnt < uniform / 4
