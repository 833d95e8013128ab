"""Public Participation: bot games per second and decision latency on the busiest scenario, and the
shared table's line-of-sight queries against plain shapely doing the same tests unprepared.

The sight peer is the naive way to ask shapely: build a ``LineString`` and ``intersects`` it with each
building polygon. ``riotact.tabletop`` uses prepared polygons. Both answer the same random pairs of
points on the same table, alternately, in several rounds; medians are reported.

    .venv/bin/python benchmarks/bench_pp.py [--seconds 3] [--rounds 3]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from shapely.geometry import LineString, Point, Polygon

from peers import pin_to_one_core
from riotact.core import Game
from riotact.core.bots import RandomBot, bot_rng
from riotact.core.scenario import Scenario, builtin_scenarios
from riotact.rulesets import get_ruleset
from riotact.tabletop import Table

SPEC = get_ruleset("public-participation")


def busiest() -> Scenario:
    return max(builtin_scenarios(SPEC), key=lambda s: (len(s.setup.characters), len(s.setup.features)))


def bot_loop(scenario: Scenario, kind: str, seconds: float) -> dict[str, float]:
    """Whole games; each decision timed as the view plus apply (what an interface does)."""
    games = decisions = 0
    spent = 0.0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = Game(scenario, seed=games)
        bots = {s: (SPEC.heuristic_bot(s, bot_rng(games, s)) if kind == "heuristic" and SPEC.heuristic_bot
                    else RandomBot(s, bot_rng(games, s))) for s in game.seats}
        while game.to_act():
            seat = game.to_act()[0]
            t0 = time.perf_counter()
            view = game.view(seat)
            t1 = time.perf_counter()
            action = bots[seat].choose(view, game.legal_actions(seat))
            t2 = time.perf_counter()
            game.apply(seat, action)
            spent += (t1 - t0) + (time.perf_counter() - t2)
            decisions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {"games_per_s": games / elapsed, "mean_decision_latency_ms": 1000 * spent / max(decisions, 1),
            "decisions_per_game": decisions / max(games, 1)}


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
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    pin_to_one_core()
    scenario = busiest()
    state = Game(scenario, seed=0).state
    table = state.table  # type: ignore[attr-defined]
    polygons = [f.shape for f in table.features if f.blocks_sight]
    pairs = sight_pairs(table, 2000)
    ours, peer, bots = [], [], []
    assert riotact_sight(table, pairs, 0)[1] == shapely_sight(polygons, pairs, 0)[1] > 0  # same answers
    for _ in range(args.rounds):
        ours.append(riotact_sight(table, pairs, args.seconds)[0])
        peer.append(shapely_sight(polygons, pairs, args.seconds)[0])
        bots.append((bot_loop(scenario, "heuristic", args.seconds), bot_loop(scenario, "random", args.seconds)))
    report = {
        "scenario": scenario.ref,
        "sight_queries_per_s": statistics.median(ours),
        "plain_shapely_sight_queries_per_s": statistics.median(peer),
        "sight_ratio": statistics.median(ours) / statistics.median(peer),
        "heuristic_games_per_s": statistics.median(h["games_per_s"] for h, _ in bots),
        "random_games_per_s": statistics.median(r["games_per_s"] for _, r in bots),
        "heuristic_decision_latency_ms": statistics.median(h["mean_decision_latency_ms"] for h, _ in bots),
        "heuristic_decisions_per_game": statistics.median(h["decisions_per_game"] for h, _ in bots),
    }
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
