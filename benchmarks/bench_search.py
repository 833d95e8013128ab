"""The `search` bot (information-set Monte Carlo, core/search.py) against the heuristic bot.

For each seed 0..N-1 the search bot takes one seat (seats in turn: seat k in games k, k+S, ...) and
the heuristic bot every other seat; the same seeds and seats are also played with the heuristic bot
in that seat too (the baseline), so the two differ only in who sits in the seat. Prints, for the
seat the search bot took, its wins with a 95% Wilson interval and the baseline's on the same games,
the paired difference (search minus heuristic, +1/0/-1 per game) with a 95% interval, and seconds
per game (CPU time of the search games). Progress goes to stderr.

    .venv/bin/python benchmarks/bench_search.py [--scenario revolting-behaviour/first-game]
                                                [--games 40] [--iterations 64] [--seconds S]
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time

from riotact.core import Game, find_scenario
from riotact.core.bots import make_bot, play_out
from riotact.core.search import SearchBot


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre, half = p + z * z / (2 * n), z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (centre - half) / (1 + z * z / n), (centre + half) / (1 + z * z / n)


def play(ref: str, seed: int, seat: str, kind: str, iterations: int, seconds: float | None) -> int:
    """+1 if ``seat`` (played by ``kind``) won, -1 if another seat did, 0 if nobody did."""
    game = Game(find_scenario(ref), seed=seed, explain=False)
    bots = {s: make_bot(kind if s == seat else "heuristic", game, s) for s in game.seats}
    bot = bots[seat]
    if isinstance(bot, SearchBot):
        bot.iterations, bot.seconds = iterations, seconds
    play_out(game, bots)
    assert game.result is not None
    return 1 if seat in game.result.winners else -1 if game.result.winners else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", default="revolting-behaviour/first-game")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--iterations", type=int, default=64)
    parser.add_argument("--seconds", type=float, default=None, help="time budget per decision (with iterations)")
    args = parser.parse_args()
    seats = find_scenario(args.scenario).seats
    search, base, spent = [], [], 0.0
    for seed in range(args.games):
        seat = seats[seed % len(seats)]
        start = time.process_time()
        search.append(play(args.scenario, seed, seat, "search", args.iterations, args.seconds))
        spent += time.process_time() - start
        base.append(play(args.scenario, seed, seat, "heuristic", args.iterations, args.seconds))
        print(f"seed {seed} {seat}: search {search[-1]:+d} heuristic {base[-1]:+d}", file=sys.stderr, flush=True)
    n = args.games
    diffs = [s - b for s, b in zip(search, base, strict=True)]
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(n) if n > 1 else math.inf
    wins_s, wins_b = search.count(1), base.count(1)
    print(json.dumps({
        "scenario": args.scenario, "games": n, "iterations": args.iterations, "seconds": args.seconds,
        "search": {"wins": wins_s, "draws": search.count(0), "losses": search.count(-1),
                   "win_share_95": [round(x, 3) for x in wilson(wins_s, n)]},
        "heuristic_same_seats": {"wins": wins_b, "draws": base.count(0), "losses": base.count(-1),
                                 "win_share_95": [round(x, 3) for x in wilson(wins_b, n)]},
        "by_seat": {s: {"search_wins": sum(1 for k, r in enumerate(search) if seats[k % len(seats)] == s and r == 1),
                        "heuristic_wins": sum(1 for k, r in enumerate(base) if seats[k % len(seats)] == s and r == 1),
                        "games": sum(1 for k in range(n) if seats[k % len(seats)] == s)} for s in seats},
        "paired_difference_95": [round(statistics.fmean(diffs) - half, 3), round(statistics.fmean(diffs) + half, 3)],
        "search_cpu_seconds_per_game": round(spent / n, 2),
    }, indent=1))


if __name__ == "__main__":
    main()
