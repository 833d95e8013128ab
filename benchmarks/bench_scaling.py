"""Cost per turn as the number of units grows, up to 16x today's largest scenario (laboratory mode).

Civil Disorder: the crowds and SF units of the largest built-in scenario copied k times (new ids,
same places, same town); the SF players pass and stay, so every unit acts on its orders and every
crowd on the Game Control rules. Cost: CPU seconds per turn resolved. With random bots instead
(``civil-disorder (random bots)``) the players read their legal lists every decision: the
commander's orders to every unit against every crowd he knows of (made as read, issue 21). Stacked copies are the
worst case, not a bigger riot: each crowd sees every copy, so its list of SF in view (CD-20) and
its adjacent-crowd modifiers (CD-21) grow with k (benchmarks/README.md, third pass).
By Will Alone: the units of the largest built-in scenario copied k times; random bots play, so the
legal list is read at every decision (its length and one position: the orders are made as they are
read, see rulesets/by_will_alone/rules/open_orders.py). Cost: CPU seconds per action step (a BWA turn).

Civil Disorder is measured on the Python engine and, where it was built, on the compiled laboratory
engine (``Game(..., engine="compiled")``, the same games). Each cost is the mean over seeds 1, 2 and 3.
The exponent is the slope of log(cost) against log(k): 1 is linear.

    .venv/bin/python benchmarks/bench_scaling.py [--factors 1,2,4,8,16] [--json]
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from peers import pin_to_one_core
from riotact.compiled import unavailable
from riotact.core import Game, builtin_scenarios, make_bot, parse_scenario
from riotact.core.scenario import Scenario
from riotact.rulesets import get_ruleset

SEEDS = (1, 2, 3)


def largest(ruleset: str, key: str) -> Scenario:
    return max(builtin_scenarios(get_ruleset(ruleset)), key=lambda s: len(s.data["setup"].get(key, [])))


def copied(scenario: Scenario, k: int, kinds: tuple[str, ...], refs: tuple[str, ...]) -> Scenario:
    data = copy.deepcopy(scenario.data)
    setup = data["setup"]
    for kind in kinds:
        originals = list(setup.get(kind, []))
        for n in range(1, k):
            for item in originals:
                twin = copy.deepcopy(item)
                twin["id"] = f"{item['id']}x{n}"
                for ref in refs:  # references to other copied pieces point at the same copy
                    if isinstance(twin.get(ref), list):
                        twin[ref] = [f"{r}x{n}" for r in twin[ref]]
                setup[kind].append(twin)
    return parse_scenario(data, f"{scenario.ref} x{k}")


def cd_cost(k: int, seed: int = 1, compiled: bool = False) -> tuple[float, int]:
    scenario = copied(largest("civil-disorder", "units"), k, ("units", "crowds"), ())
    game = Game(scenario, seed=seed, explain=False, engine="compiled" if compiled else "python")
    entities = len(game.state.units) + len(game.state.crowds)
    start = time.process_time()
    turns = 0
    while not game.is_over():
        for seat in game.to_act():
            game.apply(seat, "pass")
            game.apply(seat, "stay")
        turns += 1
    return (time.process_time() - start) / max(turns, 1), entities


def cd_random_cost(k: int, seed: int = 1) -> tuple[float, int]:
    scenario = copied(largest("civil-disorder", "units"), k, ("units", "crowds"), ())
    game = Game(scenario, seed=seed, explain=False)
    bots = {s: make_bot("random", game, s) for s in game.seats}
    entities = len(game.state.units) + len(game.state.crowds)
    start = time.process_time()
    while game.to_act():
        seat = game.to_act()[0]
        game.apply(seat, bots[seat].choose(None, game.legal_actions(seat)))
    return (time.process_time() - start) / max(game.umpire.turn, 1), entities


def bwa_cost(k: int, seed: int = 1) -> tuple[float, int]:
    scenario = copied(largest("by-will-alone", "units"), k, ("units",), ("carrying",))
    game = Game(scenario, seed=seed, explain=False)
    bots = {s: make_bot("random", game, s) for s in game.seats}
    start = time.process_time()
    steps = 0
    while game.to_act():
        seat = game.to_act()[0]
        game.apply(seat, bots[seat].choose(None, game.legal_actions(seat)))
        steps += 1
    turns = max(game.umpire.turn, 1)
    return (time.process_time() - start) / turns, len(game.state.units)


def slope(points: list[tuple[int, float]]) -> float:
    xs = [math.log(k) for k, _ in points]
    ys = [math.log(c) for _, c in points]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sum((x - mx) ** 2 for x in xs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--factors", default="1,2,4,8,16")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    pin_to_one_core()
    factors = [int(f) for f in args.factors.split(",")]
    report: dict[str, Any] = {}
    measures: list[tuple[str, Callable[[int, int], tuple[float, int]]]] = [
        ("civil-disorder", cd_cost), ("civil-disorder (random bots)", cd_random_cost)]
    if unavailable("civil-disorder") is None:
        measures.append(("civil-disorder (compiled engine)", partial(cd_cost, compiled=True)))
    for name, measure in (*measures, ("by-will-alone", bwa_cost)):
        rows = []
        for k in factors:
            costs = [measure(k, seed) for seed in SEEDS]
            cost, entities = sum(c for c, _ in costs) / len(costs), costs[0][1]
            rows.append({"copies": k, "units" if name == "by-will-alone" else "units_and_crowds": entities,
                         "cpu_ms_per_turn": round(1000 * cost, 3)})
        report[name] = {"rows": rows, "exponent": round(slope([(r["copies"], r["cpu_ms_per_turn"]) for r in rows]), 2)}
    if args.json:
        print(json.dumps(report, indent=1))
        return
    for name, part in report.items():
        print(f"{name}: cost per turn grows as copies^{part['exponent']} (1 = linear)")
        for row in part["rows"]:
            print("   ", row)


if __name__ == "__main__":
    main()
