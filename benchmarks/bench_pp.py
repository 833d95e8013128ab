"""Public Participation: player decisions per CPU-second, cost per turn as the characters multiply,
the cost of a copy for search, and the shared table's line-of-sight queries against plain shapely.

1. Decisions per CPU-second on each built-in scenario, random bots (legal list, pick, apply: the peer
   loop) in the laboratory mode and with the explained log, and heuristic bots (their views too), the
   laboratory-mode loops also on the compiled engine where it was built (setup.py), alternated in
   rounds with OpenSpiel's Python ``python_kuhn_poker`` random play (a yardstick for a Python game
   loop). Medians of the rounds.
2. Cost per turn against characters: the busiest scenario's characters copied k times (1x..16x, new
   ids, each copy shifted so no two figures share a place, carriers carrying with their own copy's
   partner), random bots, laboratory mode; CPU milliseconds per move (PP-01), the mean over seeds
   1..``--seeds``, and the log-log exponent (1 = linear).
3. A copy for search (``Game.clone``) in the middle of a game: CPU microseconds per copy.
4. Sight: the naive way to ask shapely (a ``LineString`` ``intersects`` each building polygon) against
   ``riotact.tabletop``'s prepared polygons, on the same random pairs of points, alternately.

    .venv/bin/python benchmarks/bench_pp.py [--seconds 2] [--rounds 3] [--factors 1,2,4,8,16] [--seeds 3] [--json]
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import json
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from shapely.geometry import LineString, Point, Polygon

from bench_scaling import slope
from peers import alternate, openspiel_loop, pin_to_one_core, riotact_random_loop
from riotact.compiled import unavailable
from riotact.core import Game, builtin_scenarios, make_bot, parse_scenario
from riotact.core.bots import play_out
from riotact.core.scenario import Scenario
from riotact.rulesets import get_ruleset
from riotact.tabletop import Table

SPEC = get_ruleset("public-participation")


def scenarios() -> dict[str, Scenario]:
    return {s.id: s for s in builtin_scenarios(SPEC)}


def busiest() -> Scenario:
    return max(builtin_scenarios(SPEC), key=lambda s: (len(s.setup.characters), len(s.setup.features)))


def heuristic_loop(scenario: Scenario, engine: str = "python") -> Callable[[float], tuple[int, int, float]]:
    """Whole heuristic bot games in the laboratory mode (the core's play loop, views included)."""
    def loop(seconds: float) -> tuple[int, int, float]:
        games = decisions = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            game = Game(scenario, seed=games, explain=False, engine=engine)
            play_out(game, {s: make_bot("heuristic", game, s) for s in game.seats})
            decisions += len(game.decisions)
            games += 1
        return games, decisions, time.process_time() - start
    return loop


def copied(scenario: Scenario, k: int) -> Scenario:
    """The scenario with its characters copied ``k`` times (see the module docstring)."""
    data = copy.deepcopy(scenario.data)
    setup = data["setup"]
    width, depth = setup.get("width", 48), setup.get("depth", 48)
    originals = list(setup["characters"])
    for n in range(1, k):
        for item in originals:
            twin = copy.deepcopy(item)
            twin["id"] = f"{item['id']}-x{n}"
            if twin.get("carries_with"):
                twin["carries_with"] = f"{twin['carries_with']}-x{n}"
            x, y = twin["at"]
            dx, dy = 1.2 * ((n % 4) - 1.5), 1.2 * ((n // 4) - 1.5)
            twin["at"] = [min(max(x + dx, 0), width), min(max(y + dy, 0), depth)]
            setup["characters"].append(twin)
    return parse_scenario(data, f"{scenario.ref} x{k}")


def cost_per_turn(scenario: Scenario, k: int, seed: int) -> tuple[float, int, int]:
    """CPU seconds per move of a random bot game, the characters, the decisions per move."""
    game = Game(copied(scenario, k), seed=seed, explain=False)
    bots = {s: make_bot("random", game, s) for s in game.seats}
    start = time.process_time()
    while game.to_act():
        seat = game.to_act()[0]
        game.apply(seat, bots[seat].choose(None, game.legal_actions(seat)))
    turns = max(game.umpire.turn, 1)
    return (time.process_time() - start) / turns, len(game.state.chars), len(game.decisions) // turns


def clone_cost(scenario: Scenario, seconds: float) -> float:
    """CPU microseconds per ``Game.clone`` of a game halfway through (random play, seed 1)."""
    game = Game(scenario, seed=1, explain=False)
    rng = random.Random(1)
    while game.to_act() and len(game.decisions) < 40:
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        game.apply(seat, legal[int(rng.random() * len(legal))].id)
    copies = 0
    start = time.process_time()
    while not copies or time.process_time() - start < seconds:
        game.clone()
        copies += 1
    return 1e6 * (time.process_time() - start) / copies


def sight_pairs(table: Table, n: int) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    rng = random.Random(7)
    return [((rng.uniform(0, table.width), rng.uniform(0, table.depth)),
             (rng.uniform(0, table.width), rng.uniform(0, table.depth))) for _ in range(n)]


def riotact_sight(table: Table, pairs: list, seconds: float) -> tuple[float, int]:
    done, seen = 0, 0
    start = time.perf_counter()
    while not done or time.perf_counter() - start < seconds:
        for a, b in pairs:
            seen += table.line_of_sight(a, b)
        done += len(pairs)
    return done / (time.perf_counter() - start), seen


def shapely_sight(polygons: list[Polygon], pairs: list, seconds: float) -> tuple[float, int]:
    done, seen = 0, 0
    start = time.perf_counter()
    while not done or time.perf_counter() - start < seconds:
        for a, b in pairs:
            line = LineString([a, b])  # the same question: crossed, and neither end inside
            seen += not any(p.intersects(line) and not p.covers(Point(a)) and not p.covers(Point(b))
                            for p in polygons)
        done += len(pairs)
    return done / (time.perf_counter() - start), seen


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
    report: dict[str, Any] = {}
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
    scenario = busiest()
    report["clone_us"] = {sid: round(clone_cost(s, args.seconds), 1) for sid, s in scenarios().items()}
    rows = []
    for k in factors:
        costs = [cost_per_turn(scenario, k, seed) for seed in range(1, max(args.seeds, 1) + 1)]
        rows.append({"copies": k, "characters": costs[0][1],
                     "decisions_per_move": round(sum(d for _, _, d in costs) / len(costs)),
                     "cpu_ms_per_move": round(1000 * sum(c for c, _, _ in costs) / len(costs), 2)})
    report["scaling"] = {"scenario": scenario.ref, "rows": rows,
                         "exponent": round(slope([(r["copies"], r["cpu_ms_per_move"]) for r in rows]), 2)}
    table = Game(scenario, seed=0).state.table  # type: ignore[attr-defined]
    polygons = [f.shape for f in table.features if f.blocks_sight]
    pairs = sight_pairs(table, 2000)
    assert riotact_sight(table, pairs, 0)[1] == shapely_sight(polygons, pairs, 0)[1] > 0  # same answers
    ours, peer = [], []
    for _ in range(args.rounds):
        ours.append(riotact_sight(table, pairs, args.seconds / 2)[0])
        peer.append(shapely_sight(polygons, pairs, args.seconds / 2)[0])
    report["sight"] = {"queries_per_s": round(statistics.median(ours)),
                       "plain_shapely_queries_per_s": round(statistics.median(peer)),
                       "ratio": round(statistics.median(ours) / statistics.median(peer), 2)}
    if args.json:
        print(json.dumps(report, indent=1))
        return
    for name, row in report["decisions"].items():
        print(f"{name}: {row['decisions_per_cpu_s']} decisions per CPU-second ({row['games_per_cpu_s']} games)")
    print("Game.clone halfway through, CPU µs:", report["clone_us"])
    print(f"{scenario.ref}: cost per move grows as copies^{report['scaling']['exponent']} (1 = linear)")
    for row in rows:
        print("   ", row)
    print("sight:", report["sight"])


if __name__ == "__main__":
    main()
