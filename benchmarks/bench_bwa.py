"""By Will Alone bot-vs-bot speed on the largest scenario, with OpenSpiel as a yardstick.

Prints games per second (heuristic against heuristic, random against random),
the mean decision latency (one ``apply`` plus the next ``view``, the work an
interface does per decision), and random actions per CPU-second in the laboratory mode, on the Python
engine and, where it was built (setup.py), the compiled engine, against OpenSpiel's Python
``python_kuhn_poker`` random-play loop run in the same process.

    .venv/bin/python benchmarks/bench_bwa.py [--seconds 5] [--rounds 2]
"""

from __future__ import annotations

import argparse
import json
import time

from peers import openspiel_loop, pin_to_one_core, riotact_random_loop
from riotact.compiled import unavailable
from riotact.core import Game
from riotact.core.bots import RandomBot, bot_rng
from riotact.core.scenario import Scenario, builtin_scenarios
from riotact.rulesets import get_ruleset

SPEC = get_ruleset("by-will-alone")


def largest() -> Scenario:
    """The scenario with the most features and stands."""
    return max(builtin_scenarios(SPEC),
               key=lambda s: (len(s.setup.features), sum(u.stands for u in s.setup.units)))


def bot_loop(scenario: Scenario, kind: str, seconds: float) -> dict[str, float]:
    """Whole games; each decision timed as apply + the next view."""
    games = decisions = 0
    in_apply_view = 0.0
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
            in_apply_view += (t1 - t0) + (time.perf_counter() - t2)
            decisions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {"games_per_s": games / elapsed, "decisions_per_s": decisions / elapsed,
            "mean_decision_latency_ms": 1000 * in_apply_view / max(decisions, 1),
            "decisions_per_game": decisions / max(games, 1)}


def random_actions(scenario: Scenario, seconds: float, engine: str = "python") -> float:
    """Random play without views in the laboratory mode: legal actions, pick, apply (the peer loop's
    work), per CPU-second."""
    _, decisions, spent = riotact_random_loop(scenario, False, engine)(seconds)
    return decisions / spent


def openspiel_actions(seconds: float) -> float | None:
    """Kuhn poker player decisions per CPU-second (chance outcomes excluded, see peers.py)."""
    try:
        loop = openspiel_loop("python_kuhn_poker")
    except ImportError:
        return None
    _, decisions, elapsed = loop(seconds)
    return decisions / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="per loop per round")
    parser.add_argument("--rounds", type=int, default=2, help="rounds; the best of each loop is kept")
    args = parser.parse_args()
    pin_to_one_core()
    scenario = largest()
    best: dict[str, dict[str, float]] = {}
    bwa_random, peer = {"python": 0.0}, None
    if unavailable(SPEC.id) is None:
        bwa_random["compiled"] = 0.0
    for _ in range(args.rounds):
        for kind in ("heuristic", "random"):
            figures = bot_loop(scenario, kind, args.seconds)
            if figures["games_per_s"] > best.get(kind, {}).get("games_per_s", 0.0):
                best[kind] = figures
        for engine, rate in bwa_random.items():
            bwa_random[engine] = max(rate, random_actions(scenario, args.seconds, engine))
        rate = openspiel_actions(args.seconds)
        if rate is not None:
            peer = max(peer or 0.0, rate)
    report: dict[str, object] = {"scenario": scenario.ref,
                                 **{k: {n: round(v, 2) for n, v in f.items()} for k, f in best.items()},
                                 "random_actions_per_cpu_s": {e: round(r, 1) for e, r in bwa_random.items()}}
    if "compiled" in bwa_random:
        report["compiled_over_python"] = round(bwa_random["compiled"] / bwa_random["python"], 2)
    if peer is not None:
        report["openspiel_kuhn_random_decisions_per_cpu_s"] = round(peer, 1)
        report["ratio_random_actions_per_s"] = {e: round(r / peer, 4) for e, r in bwa_random.items()}
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
