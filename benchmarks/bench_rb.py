"""Random-bot Revolting Behaviour! against OpenSpiel's Python Kuhn poker, in one process, one core.

Both loops do the same work per action: ask for the legal actions, pick one at random, apply it.
riotact's loop also writes the full, explained game log, as every game does.

    .venv/bin/python benchmarks/bench_rb.py [--seconds 5] [--rounds 3]
"""

from __future__ import annotations

import argparse
import json
import time

from peers import openspiel_kuhn, pin_to_one_core
from riotact.core import Game, find_scenario
from riotact.core.bots import RandomBot, bot_rng, play_out


def riotact_loop(seconds: float) -> tuple[int, int, float]:
    scenario = find_scenario("revolting-behaviour/first-game")
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = Game(scenario, seed=games)
        play_out(game, {s: RandomBot(s, bot_rng(games, s)) for s in game.seats})
        actions += len(game.decisions)
        games += 1
    return games, actions, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="per loop per round")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds; the best is kept")
    args = parser.parse_args()
    pin_to_one_core()
    best = {"riotact": 0.0, "openspiel": 0.0}
    rates = {}
    for _ in range(args.rounds):
        for name, loop in (("riotact", riotact_loop), ("openspiel", openspiel_kuhn)):
            games, actions, elapsed = loop(args.seconds)
            if actions / elapsed > best[name]:
                best[name] = actions / elapsed
                rates[name] = {"games_per_s": round(games / elapsed, 1),
                               "actions_per_s": round(actions / elapsed, 1)}
    rates["ratio_actions_per_s"] = round(best["riotact"] / best["openspiel"], 3)
    print(json.dumps(rates, indent=1))


if __name__ == "__main__":
    main()
