"""Random-bot Revolting Behaviour! against OpenSpiel's Kuhn poker (Python and C++), in one process,
one core, alternating, medians of player decisions per CPU-second (chance outcomes excluded).

riotact is measured twice: with the full explained log (as every played game keeps it) and in the
laboratory mode (scenario, options, seed and decisions only; ``Game(..., explain=False)``).

    .venv/bin/python benchmarks/bench_rb.py [--seconds 3] [--rounds 5] [--json]
"""

from __future__ import annotations

import argparse
import json
import time

from peers import Loop, alternate, openspiel_loop, pin_to_one_core
from riotact.core import Game, find_scenario
from riotact.core.bots import RandomBot, bot_rng, play_out

GOALS = {"riotact explained / Kuhn Python": 2.0, "riotact laboratory / Kuhn Python": 5.0}


def riotact_loop(explain: bool) -> Loop:
    """Every RB decision is a player's (shuffles and draws are the umpire's, not decisions)."""
    scenario = find_scenario("revolting-behaviour/first-game")

    def loop(seconds: float) -> tuple[int, int, float]:
        games = decisions = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            game = Game(scenario, seed=games, explain=explain)
            play_out(game, {s: RandomBot(s, bot_rng(games, s)) for s in game.seats})
            decisions += len(game.decisions)
            games += 1
        return games, decisions, time.process_time() - start

    return loop


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per loop per round")
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds; medians are kept")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    pin_to_one_core()
    rates = alternate({"riotact explained": riotact_loop(True), "riotact laboratory": riotact_loop(False),
                       "Kuhn Python": openspiel_loop("python_kuhn_poker"),
                       "Kuhn C++": openspiel_loop("kuhn_poker")}, args.seconds, args.rounds)
    ratios = {f"{ours} / {peer}": round(rates[ours]["decisions_per_cpu_s"] / rates[peer]["decisions_per_cpu_s"], 3)
              for ours in ("riotact explained", "riotact laboratory") for peer in ("Kuhn Python", "Kuhn C++")}
    report = {"rates": rates, "ratios": ratios,
              "goals_met": {k: ratios[k] >= goal for k, goal in GOALS.items()}}
    if args.json:
        print(json.dumps(report, indent=1))
        return
    for name, rate in rates.items():
        print(f"{name:20} {rate['decisions_per_cpu_s']:>10,} player decisions/CPU-s "
              f"({rate['games_per_cpu_s']:,} games/CPU-s)")
    for name, ratio in ratios.items():
        goal = GOALS.get(name)
        print(f"{name:40} {ratio:6.3f}x" + (f"  (goal {goal}x: {'met' if ratio >= goal else 'NOT met'})"
                                             if goal else ""))


if __name__ == "__main__":
    main()
