"""Peer tools measured in the same run as riotact (installed by the `bench` extra)."""

from __future__ import annotations

import os
import random
import time


def pin_to_one_core() -> None:
    """Run on one core, so riotact and its peer are measured alike."""
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


def openspiel_kuhn(seconds: float) -> tuple[int, int, float]:
    """OpenSpiel's Python Kuhn poker, random play: (games, actions, elapsed seconds).

    Per action it does what riotact's random loop does: get the legal actions (or the chance
    outcomes), pick one at random, apply it.
    """
    import open_spiel.python.games  # noqa: F401  (registers the Python games)
    import pyspiel

    game = pyspiel.load_game("python_kuhn_poker")
    rng = random.Random(0)
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.random() * len(legal))])
            actions += 1
        games += 1
    return games, actions, time.perf_counter() - start
