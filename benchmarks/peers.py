"""Peer tools measured in the same run as riotact (installed by the `bench` extra).

Every loop counts **player decisions per CPU-second** (``time.process_time``): chance outcomes
(card deals, dice) are played but not counted, so a game with a logged, explained chance event
and one with a bare chance node are compared on the decisions players make.
"""

from __future__ import annotations

import os
import random
import statistics
import time
from collections.abc import Callable
from typing import Any


def pin_to_one_core() -> None:
    """Run on one core, so riotact and its peer are measured alike."""
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


Loop = Callable[[float], tuple[int, int, float]]


def openspiel_loop(name: str) -> Loop:
    """Random play of an OpenSpiel game: (games, player decisions, CPU seconds).

    Per decision it does what riotact's random loop does: get the legal actions, pick one at
    random, apply it. Chance nodes are sampled the same way and not counted.
    """
    import open_spiel.python.games  # noqa: F401  (registers the Python games)
    import pyspiel

    game = pyspiel.load_game(name)

    def loop(seconds: float) -> tuple[int, int, float]:
        rng = random.Random(0)
        games = decisions = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[int(rng.random() * len(legal))])
                    decisions += 1
            games += 1
        return games, decisions, time.process_time() - start

    return loop


def riotact_random_loop(scenario: Any, explain: bool = True, engine: str = "python") -> Loop:
    """The same loop on a riotact scenario: ask the legal list, pick one uniformly, apply it; dice and
    draws happen inside ``apply`` and are not counted. ``explain=False`` is laboratory mode, on ``engine``."""
    from riotact.core import Game

    def loop(seconds: float) -> tuple[int, int, float]:
        games = decisions = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            game = Game(scenario, seed=games, explain=explain, engine=engine)
            rng = random.Random(games)
            while game.to_act():
                seat = game.to_act()[0]
                legal = game.legal_actions(seat)
                game.apply(seat, legal[int(rng.random() * len(legal))].id)
                decisions += 1
            games += 1
        return games, decisions, time.process_time() - start

    return loop


def numbered_loop(new_game: Callable[[int], Any], at_end: Callable[[Any], Any] | None = None) -> Loop:
    """Kuhn's loop on a game played by action number (RB's laboratory core, ``lab.laboratory``):
    from Python, ``legal_ids()`` (a tuple of ints, as ``state.legal_actions()``), one picked
    uniformly, ``apply_id`` (as ``state.apply_action``); draws happen inside and are not counted.
    ``new_game(seed)`` starts a game; starting it is timed too, and so is ``at_end(game)``, called
    once each game is over (e.g. reading its whole log)."""

    def loop(seconds: float) -> tuple[int, int, float]:
        games = decisions = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            game = new_game(games)
            rng = random.Random(games)
            while not game.is_over():
                legal = game.legal_ids()
                game.apply_id(legal[int(rng.random() * len(legal))])
                decisions += 1
            if at_end is not None:
                at_end(game)
            games += 1
        return games, decisions, time.process_time() - start

    return loop


def alternate(loops: dict[str, Loop], seconds: float, rounds: int) -> dict[str, dict[str, float]]:
    """Run the loops one after the other, ``rounds`` times; the median rate of each."""
    rates: dict[str, list[float]] = {name: [] for name in loops}
    games: dict[str, list[float]] = {name: [] for name in loops}
    for _ in range(rounds):
        for name, loop in loops.items():
            played, decisions, elapsed = loop(seconds)
            rates[name].append(decisions / elapsed)
            games[name].append(played / elapsed)
    return {name: {"decisions_per_cpu_s": round(statistics.median(rates[name])),
                   "games_per_cpu_s": round(statistics.median(games[name]), 1),
                   "rounds": rounds} for name in loops}
