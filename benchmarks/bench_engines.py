"""Civil Disorder and By Will Alone for search and learning (issue 21): decisions per CPU-second,
RL steps per CPU-second, the cost of a copy, and the size and cost of CD's largest legal list.

1. Random play of each built-in scenario in the laboratory mode (legal list, one picked uniformly,
   apply: the peer's loop), on the Python engine and, where it was built, on the compiled engine;
   and RL steps through the PettingZoo environment (observe the seat to act, pick a number the
   action mask allows, step). Alternated in rounds with OpenSpiel's Python ``python_kuhn_poker``
   random play, in CPU time, on one core; medians of the rounds, and each as a ratio to Kuhn's.
2. Copies, in every ruleset: CPU milliseconds per ``Game.clone()``, per ``core.worlds.world_copy``
   and per determinised world (the ruleset's determiniser, for the seat to act: what the search bot
   deals per sample) of each built-in scenario 12 random decisions in, laboratory and explained, and
   on the compiled engine where it was built; every measure alternated with the others in rounds, medians.
3. CD's commander at turn 1 with the largest scenario's units and crowds copied k times (1x..32x):
   the length of his legal list and the CPU milliseconds to make it and read one position (what a
   random bot does), and its log-log exponent.

    .venv/bin/python benchmarks/bench_engines.py [--seconds 2] [--rounds 3] [--json] [--copies-only]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from bench_scaling import copied, largest, slope
from peers import Loop, alternate, openspiel_loop, pin_to_one_core, riotact_random_loop
from riotact.compiled import unavailable
from riotact.core import Game, builtin_scenarios
from riotact.core.engines import game_parts
from riotact.core.scenario import Scenario
from riotact.core.worlds import world_copy
from riotact.rulesets import get_ruleset

RULESETS = ("civil-disorder", "by-will-alone")
#: The rulesets whose copies are measured (section 2): all five.
COPIED = ("revolting-behaviour", "civil-disorder", "by-will-alone", "public-participation", "breaking-of-nations")


def random_loop(scenario: Scenario, engine: str) -> Loop:
    """Kuhn's loop on a riotact scenario in the laboratory mode, on ``engine``."""
    return riotact_random_loop(scenario, explain=False, engine=engine)


def rl_loop(scenario: Scenario) -> Loop:
    """RL steps through the PettingZoo AEC environment (explained games, observations from views)."""
    import numpy as np

    from riotact.rl.pettingzoo import env

    aec = env(scenario)

    def loop(seconds: float) -> tuple[int, int, float]:
        aec.reset(seed=1)
        rng = np.random.default_rng(1)
        games = steps = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            observation, _, terminated, truncated, _ = aec.last()
            if terminated or truncated:
                aec.reset()
                games += 1
                continue
            allowed = np.flatnonzero(observation["action_mask"])
            aec.step(int(allowed[int(rng.random() * len(allowed))]))
            steps += 1
        return games, steps, time.process_time() - start
    return loop


def per_call_ms(make: Callable[[], object], seconds: float = 0.5) -> float:
    calls, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        make()
        calls += 1
    return round(1000 * (time.process_time() - start) / calls, 3)


def copiers(scenario: Scenario) -> dict[str, Callable[[], object]]:
    """The copies a search makes of a game 12 random decisions in, laboratory and explained, and on the
    compiled engine where it was built (its own determiniser: the compiled copy's)."""
    modes = {"laboratory": (False, "python"), "explained": (True, "python")}
    if unavailable(scenario.ruleset) is None:
        modes["compiled"] = (False, "compiled")
    out: dict[str, Callable[[], object]] = {}
    for mode, (explain, engine) in modes.items():
        game = Game(scenario, seed=3, explain=explain, engine=engine)
        determinise = game_parts(game.spec, engine, explain=False).determinise
        assert determinise is not None
        rng = random.Random(1)
        for _ in range(12):
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            game.apply(seat, legal[int(rng.random() * len(legal))].id)
        seat = game.to_act()[0]
        out[f"clone_ms_{mode}"] = game.clone
        out[f"world_copy_ms_{mode}"] = lambda g=game: world_copy(g, 5)
        out[f"determinised_ms_{mode}"] = lambda g=game, s=seat, deal=determinise: deal(g, s, 5)
    return out


def copy_costs(scenarios: list[Scenario], seconds: float, rounds: int) -> dict[str, dict[str, float]]:
    """CPU ms per copy of each kind (:func:`copiers`) for each scenario, alternated in rounds: medians."""
    made = {s.ref: copiers(s) for s in scenarios}
    times: dict[tuple[str, str], list[float]] = {}
    for _ in range(rounds):
        for ref, copies in made.items():
            for name, make in copies.items():
                times.setdefault((ref, name), []).append(per_call_ms(make, seconds))
    out: dict[str, dict[str, float]] = {}
    for (ref, name), ms in times.items():
        out.setdefault(ref, {})[name] = round(statistics.median(ms), 3)
    return out


def commander_lists(factors: tuple[int, ...] = (1, 2, 4, 8, 16, 32)) -> dict[str, Any]:
    rows = []
    for k in factors:
        game = Game(copied(largest("civil-disorder", "units"), k, ("units", "crowds"), ()), seed=1, explain=False)
        state = game.state

        def read(s: Any = state) -> None:
            legal = s.legal_actions(s.commander)
            legal[len(legal) // 2]

        rows.append({"copies": k, "actions": len(state.legal_actions(state.commander)), "cpu_ms": per_call_ms(read)})
    return {"rows": rows, "exponent": round(slope([(r["copies"], r["cpu_ms"]) for r in rows]), 2),
            "actions_exponent": round(slope([(r["copies"], r["actions"]) for r in rows]), 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--copies-only", action="store_true", help="measure the copies (section 2) only")
    args = parser.parse_args()
    pin_to_one_core()
    report: dict[str, Any] = {}
    if not args.copies_only:
        loops: dict[str, Loop] = {"kuhn": openspiel_loop("python_kuhn_poker")}
        for ruleset in RULESETS:
            for scenario in builtin_scenarios(get_ruleset(ruleset)):
                loops[f"{scenario.ref} laboratory python"] = random_loop(scenario, "python")
                if unavailable(ruleset) is None:
                    loops[f"{scenario.ref} laboratory compiled"] = random_loop(scenario, "compiled")
                loops[f"{scenario.ref} rl steps"] = rl_loop(scenario)
        rates = alternate(loops, args.seconds, args.rounds)
        kuhn = rates["kuhn"]["decisions_per_cpu_s"]
        report["decisions_per_cpu_s"] = {
            name: {**rate, "x_kuhn": round(rate["decisions_per_cpu_s"] / kuhn, 3)} for name, rate in rates.items()}
    report["copies"] = copy_costs([s for r in COPIED for s in builtin_scenarios(get_ruleset(r))],
                                  min(args.seconds, 0.5), args.rounds)
    if not args.copies_only:
        report["cd_commander_list_turn_1"] = commander_lists()
    if args.json:
        print(json.dumps(report, indent=1))
        return
    for name, rate in report.get("decisions_per_cpu_s", {}).items():
        print(f"{name}: {rate['decisions_per_cpu_s']:,}/CPU-s ({rate['x_kuhn']}x Kuhn Python)")
    for ref, costs in report["copies"].items():
        print(ref, costs)
    if "cd_commander_list_turn_1" in report:
        print("CD commander's list at turn 1:", report["cd_commander_list_turn_1"])


if __name__ == "__main__":
    main()
