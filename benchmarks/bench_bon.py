"""The Breaking of Nations: player decisions per CPU-second, and cost per turn as units multiply.

1. Decisions per CPU-second on each built-in scenario, random bots (legal list, pick, apply; as the
   peer loop does) and heuristic bots (the view too), in the laboratory mode and with the explained
   log (the laboratory-mode loops also on the compiled engine where it was built, setup.py),
   alternated in rounds with OpenSpiel's Python ``python_kuhn_poker`` random play (a yardstick for a
   Python game loop; chance outcomes not counted). Medians of the rounds.
2. Cost per turn against units: the village scenario's units copied k times (1x..16x, new ids, each
   copy shifted 1" so no two models share a place), random bots, laboratory mode; CPU milliseconds per
   turn, the mean over seeds 1..N (``--seeds``, 3), the log-log exponent over all factors (1 = linear)
   and each step's local exponent.

    .venv/bin/python benchmarks/bench_bon.py [--seconds 2] [--rounds 3] [--factors 1,2,4,8,16] [--seeds 3]
                                             [--json]
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import json
import time
from collections.abc import Callable
from typing import Any

from bench_scaling import slope
from peers import alternate, openspiel_loop, pin_to_one_core, riotact_random_loop
from riotact.compiled import unavailable
from riotact.core import Game, builtin_scenarios, make_bot, parse_scenario
from riotact.core.scenario import Scenario
from riotact.rulesets import get_ruleset

SPEC = get_ruleset("breaking-of-nations")


def scenarios() -> dict[str, Scenario]:
    return {s.id: s for s in builtin_scenarios(SPEC)}


def heuristic_loop(scenario: Scenario, engine: str = "python") -> Callable[[float], tuple[int, int, float]]:
    def loop(seconds: float) -> tuple[int, int, float]:
        games = decisions = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            game = Game(scenario, seed=games, explain=False, engine=engine)
            bots = {s: make_bot("heuristic", game, s) for s in game.seats}
            while game.to_act():
                seat = game.to_act()[0]
                game.apply(seat, bots[seat].choose(game.view(seat), game.legal_actions(seat)))
                decisions += 1
            games += 1
        return games, decisions, time.process_time() - start
    return loop


def copied(scenario: Scenario, k: int) -> Scenario:
    data = copy.deepcopy(scenario.data)
    setup = data["setup"]
    setup["points_limit"] = 0
    originals = list(setup["units"])
    for n in range(1, k):
        for item in originals:
            twin = copy.deepcopy(item)
            twin["id"] = f"{item['id']}x{n}"
            twin.pop("inside", None)
            x, y = twin["at"]
            twin["at"] = [min(max(x + (n % 4) - 1.5, 0), setup["width"]), min(max(y + (n // 4) - 1.5, 0),
                                                                              setup["depth"])]
            setup["units"].append(twin)
    return parse_scenario(data, f"{scenario.ref} x{k}")


def cost_per_turn(scenario: Scenario, k: int, seed: int) -> tuple[float, int]:
    game = Game(copied(scenario, k), seed=seed, explain=False)
    bots = {s: make_bot("random", game, s) for s in game.seats}
    start = time.process_time()
    while game.to_act():
        seat = game.to_act()[0]
        game.apply(seat, bots[seat].choose(None, game.legal_actions(seat)))
    turns = max(game.umpire.turn, 1)
    return (time.process_time() - start) / turns, len(game.state.units)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--factors", default="1,2,4,8,16")
    parser.add_argument("--seeds", type=int, default=3, help="games per factor (seeds 1..N)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    try:
        factors = sorted({int(f) for f in args.factors.split(",")})
    except ValueError:
        parser.error(f"--factors: whole numbers separated by commas, not {args.factors!r}")
    if len(factors) < 2 or factors[0] < 1:
        parser.error("--factors: at least two different positive numbers (the exponent needs two points)")
    pin_to_one_core()
    report: dict[str, Any] = {"decisions": {}, "scaling": {}}
    loops: dict[str, Callable[[float], tuple[int, int, float]]] = {}
    for sid, scenario in scenarios().items():
        loops[f"{sid} random, laboratory mode"] = riotact_random_loop(scenario, False)
        loops[f"{sid} random, explained log"] = riotact_random_loop(scenario, True)
        loops[f"{sid} heuristic (views), laboratory mode"] = heuristic_loop(scenario)
        if unavailable(SPEC.id) is None:
            loops[f"{sid} random, laboratory mode, compiled"] = riotact_random_loop(scenario, False, "compiled")
            loops[f"{sid} heuristic (views), laboratory mode, compiled"] = heuristic_loop(scenario, "compiled")
    with contextlib.suppress(ImportError):
        loops["OpenSpiel python_kuhn_poker random"] = openspiel_loop("python_kuhn_poker")
    report["decisions"] = alternate(loops, args.seconds, args.rounds)
    village = scenarios()["village-1914"]
    rows = []
    for k in factors:
        costs = [cost_per_turn(village, k, seed) for seed in range(1, max(args.seeds, 1) + 1)]
        rows.append({"copies": k, "units": costs[0][1],
                     "cpu_ms_per_turn": round(1000 * sum(c for c, _ in costs) / len(costs), 2)})
        if len(rows) > 1:
            rows[-1]["local_exponent"] = round(slope([(r["copies"], r["cpu_ms_per_turn"]) for r in rows[-2:]]), 2)
    report["scaling"] = {"scenario": village.ref, "rows": rows,
                         "exponent": round(slope([(r["copies"], r["cpu_ms_per_turn"]) for r in rows]), 2)}
    if args.json:
        print(json.dumps(report, indent=1))
        return
    for name, row in report["decisions"].items():
        print(f"{name}: {row['decisions_per_cpu_s']} decisions per CPU-second ({row['games_per_cpu_s']} games)")
    print(f"{village.ref}: cost per turn grows as copies^{report['scaling']['exponent']} (1 = linear)")
    for row in rows:
        print("   ", row)


if __name__ == "__main__":
    main()
