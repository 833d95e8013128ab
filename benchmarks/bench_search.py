"""The `search` bot (information-set Monte Carlo, core/search.py) against the heuristic bot.

Seats alternate game by game (the search bot takes p1 in even games, p2 in odd ones), seeds 0..N-1,
and the search bot gets ``--iterations`` determinisations per decision. Prints wins, draws and
losses with a 95% Wilson interval for the search bot's win share, and the seconds per game.

    .venv/bin/python benchmarks/bench_search.py [--scenario revolting-behaviour/first-game]
                                                [--games 20] [--iterations 32]

By Will Alone and Civil Disorder declare no determiniser yet (core/search.py needs one to deal
worlds from a seat's view), so the search bot cannot play them: the script says so and stops.
"""

from __future__ import annotations

import argparse
import json
import math
import time

from peers import pin_to_one_core
from riotact.core import Game, RiotactError, find_scenario
from riotact.core.bots import make_bot, play_out
from riotact.core.search import SearchBot


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre, half = p + z * z / (2 * n), z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (centre - half) / (1 + z * z / n), (centre + half) / (1 + z * z / n)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", default="revolting-behaviour/first-game")
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--iterations", type=int, default=16)
    args = parser.parse_args()
    pin_to_one_core()
    scenario = find_scenario(args.scenario)
    tally = {"search": 0, "heuristic": 0, "nobody": 0}
    start = time.perf_counter()
    for seed in range(args.games):
        game = Game(scenario, seed=seed)
        searcher = game.seats[seed % len(game.seats)]
        try:
            bot = make_bot("search", game, searcher)
        except RiotactError as exc:
            raise SystemExit(str(exc)) from None
        assert isinstance(bot, SearchBot)
        bot.iterations = args.iterations
        bots = {s: bot if s == searcher else make_bot("heuristic", game, s) for s in game.seats}
        play_out(game, bots)
        assert game.result is not None
        winners = game.result.winners
        tally["search" if searcher in winners else "heuristic" if winners else "nobody"] += 1
    elapsed = time.perf_counter() - start
    low, high = wilson(tally["search"], args.games)
    print(json.dumps({"scenario": args.scenario, "games": args.games, "iterations": args.iterations, **tally,
                      "search_win_share_95": [round(low, 3), round(high, 3)],
                      "seconds_per_game": round(elapsed / args.games, 2)}, indent=1))


if __name__ == "__main__":
    main()
