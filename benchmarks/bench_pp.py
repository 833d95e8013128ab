"""Public Participation: bot games per second and time per decision on the busiest scenario, and the
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
from riotact.core import Game, make_bot
from riotact.core.bots import play_out
from riotact.core.scenario import Scenario, builtin_scenarios
from riotact.rulesets import get_ruleset
from riotact.tabletop import Table

SPEC = get_ruleset("public-participation")


def busiest() -> Scenario:
    return max(builtin_scenarios(SPEC), key=lambda s: (len(s.setup.characters), len(s.setup.features)))


def bot_games(scenario: Scenario, kind: str, seconds: float) -> dict[str, float]:
    """Whole bot games (the core's play loop, views included); time per decision includes the bots."""
    games = decisions = 0
    start = time.perf_counter()
    while not games or time.perf_counter() - start < seconds:
        game = Game(scenario, seed=games)
        play_out(game, {s: make_bot(kind, game, s) for s in game.seats})
        decisions += len(game.decisions)
        games += 1
    elapsed = time.perf_counter() - start
    return {"games_per_s": games / elapsed, "ms_per_decision": 1000 * elapsed / decisions,
            "decisions_per_game": decisions / games}


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
        bots.append((bot_games(scenario, "heuristic", args.seconds), bot_games(scenario, "random", args.seconds)))
    report = {
        "scenario": scenario.ref,
        "sight_queries_per_s": statistics.median(ours),
        "plain_shapely_sight_queries_per_s": statistics.median(peer),
        "sight_ratio": statistics.median(ours) / statistics.median(peer),
        "heuristic_games_per_s": statistics.median(h["games_per_s"] for h, _ in bots),
        "random_games_per_s": statistics.median(r["games_per_s"] for _, r in bots),
        "heuristic_ms_per_decision": statistics.median(h["ms_per_decision"] for h, _ in bots),
        "heuristic_decisions_per_game": statistics.median(h["decisions_per_game"] for h, _ in bots),
    }
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
