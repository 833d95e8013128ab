"""Revolting Behaviour! ``sweep`` and ``sim`` games per CPU-second, on the Python engine and on the
compiled laboratory core (``--engine python`` against ``--engine compiled``), one job, one core,
alternating in rounds, medians.

Each round runs, for each engine, a whole sweep of GAMES random-bot games of first-game into a
fresh folder (rows, ``games.jsonl``, the Parquet table), a ``sim`` batch of GAMES games (its
summary), and a sweep of GAMES / 5 games between two heuristic bots, all through the functions the
commands call, timed in CPU seconds. The two engines give the same rows
(tests/test_lab_engine.py), so the games are like for like.

    .venv/bin/python benchmarks/bench_rb_sweep.py [--games 2000] [--rounds 3] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

from peers import pin_to_one_core
from riotact.cli.sim import run_batch, summarise
from riotact.core import find_scenario
from riotact.lab.sweep import Sweep, local_runner, run_sweep
from riotact.rulesets.revolting_behaviour.native import lab

ENGINES = ("python", "compiled")


def sweep_seconds(games: int, seed: int, engine: str, seats: dict[str, str] | None = None) -> float:
    scenario = find_scenario("revolting-behaviour/first-game")
    with tempfile.TemporaryDirectory() as folder:
        start = time.process_time()
        run_sweep(Sweep(scenario, games, seed, [], seats or {}, {}, engine), Path(folder), local_runner(1))
        return time.process_time() - start


def sim_seconds(games: int, seed: int, engine: str) -> float:
    scenario = find_scenario("revolting-behaviour/first-game")
    start = time.process_time()
    summarise(scenario, {}, seed, run_batch(scenario, games, seed, {}, engine=engine))
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per sweep and per sim batch")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds; medians are kept")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not lab.compiled():
        parser.error("the compiled laboratory core was not built (pip install -e . needs a C compiler)")
    pin_to_one_core()
    commands = ("sweep", "sim", "sweep heuristic")
    games = {"sweep": args.games, "sim": args.games, "sweep heuristic": max(1, args.games // 5)}
    heuristic = {"p1": "heuristic", "p2": "heuristic"}
    times: dict[str, list[float]] = {f"{c} {e}": [] for c in commands for e in ENGINES}
    for seed in range(args.rounds):
        for engine in ENGINES:
            times[f"sweep {engine}"].append(sweep_seconds(args.games, seed, engine))
            times[f"sim {engine}"].append(sim_seconds(args.games, seed, engine))
            times[f"sweep heuristic {engine}"].append(sweep_seconds(games["sweep heuristic"], seed, engine, heuristic))
    rates = {f"{c} {e}": round(games[c] / statistics.median(times[f"{c} {e}"]), 1) for c in commands for e in ENGINES}
    ratios = {c: round(rates[f"{c} compiled"] / rates[f"{c} python"], 2) for c in commands}
    if args.json:
        print(json.dumps({"games": args.games, "rounds": args.rounds, "games_per_cpu_s": rates,
                          "compiled / python": ratios}, indent=1))
        return
    for name, rate in rates.items():
        print(f"{name:26} {rate:>10,} games/CPU-s")
    for command, ratio in ratios.items():
        print(f"{command} compiled / python: {ratio}x")


if __name__ == "__main__":
    main()
