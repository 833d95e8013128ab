"""RL steps per CPU-second through the PettingZoo AEC environment, for every implemented ruleset
(issue 21's goal: at least 5,000 in each), with a profile of where the time goes.

A step is what a PettingZoo user's loop does per decision: ``last()`` (the acting seat's observation
tensor and action mask, from its view), a uniform pick among the legal action numbers, ``step()``
(the action number turned back into the action id, ``Game.apply``). A new game starts (and is
timed) when one ends. One process, one core; per scenario, steps per CPU-second over ``--seconds``.
With ``--profile`` each scenario plays as many steps again under cProfile, its time split into: the rules
(``Game.apply`` and ``legal_actions``), the view (``Game.view``), the encoding of the view into the
tensor (``Encoding.observe``) and of legal ids into action numbers (``Encoding.number``), and the rest.

    .venv/bin/python benchmarks/bench_rl.py [--seconds 3] [--only RULESET] [--profile] [--json]
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import time
from collections.abc import Callable

import numpy as np

from riotact.core import builtin_scenarios
from riotact.rl.pettingzoo import RiotactAEC, raw_env
from riotact.rulesets import all_rulesets

#: (file fragment, function) -> part of the step it belongs to (cumulative times, outermost first).
PARTS = {
    "view": [("core/game.py", "view")],
    "observe": [("core/encoding.py", "observe")],
    "number": [("core/encoding.py", "number")],
    "rules": [("core/game.py", "apply"), ("core/game.py", "legal_actions")],
}


def _play(env: RiotactAEC, rng: np.random.Generator, more: Callable[[int], bool]) -> tuple[int, int]:
    """Random steps through ``env`` while ``more(steps so far)``, a new game when one ends: (steps, games)."""
    steps = games = 0
    while more(steps):
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            games += 1
            env.reset(seed=int(rng.integers(2**31)))
            continue
        observation = env.observe(agent)
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        steps += 1
    return steps, games


def _env(scenario: str, seed: int) -> RiotactAEC:
    env = raw_env(scenario)
    env.reset(seed=seed)
    return env


def steps_per_cpu_second(scenario: str, seconds: float, seed: int = 0) -> tuple[float, int, int]:
    """(steps per CPU-second, steps, games) of random play through the AEC env."""
    env, rng = _env(scenario, seed), np.random.default_rng(seed)
    start = time.process_time()
    steps, games = _play(env, rng, lambda _: time.process_time() - start < seconds)
    return steps / (time.process_time() - start), steps, games


def profile(scenario: str, steps: int) -> dict[str, float]:
    """Share of the time of ``steps`` random steps in each part (cumulative times of the parts'
    outermost functions, which do not call one another). The steps are counted, not timed: a clock
    read per step would be profiled too (on a loaded machine a system call is where the process waits)."""
    env, rng = _env(scenario, 0), np.random.default_rng(0)
    profiler = cProfile.Profile()
    profiler.enable()
    _play(env, rng, lambda done: done < steps)
    profiler.disable()
    stats = pstats.Stats(profiler).stats  # type: ignore[attr-defined]
    total = sum(tt for (_, _, _), (_, _, tt, _, _) in stats.items())
    shares = {}
    for part, functions in PARTS.items():
        shares[part] = sum(ct for (file, _, name), (_, _, _, ct, _) in stats.items()
                           if any(file.endswith(f) and name == fn for f, fn in functions)) / total
    shares["other (env, numpy, pick)"] = max(0.0, 1 - sum(shares.values()))
    return shares


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--only", default="")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    for spec in all_rulesets():
        if not spec.implemented or spec.encoding is None or args.only not in spec.id:
            continue
        for scenario in builtin_scenarios(spec):
            rate, steps, games = steps_per_cpu_second(scenario.ref, args.seconds)
            row: dict[str, object] = {"scenario": scenario.ref, "steps_per_cpu_s": round(rate), "steps": steps,
                                      "games_finished": games}
            if args.profile:
                row["profile"] = {k: round(v, 3) for k, v in profile(scenario.ref, steps).items()}
            rows.append(row)
            if not args.json:
                shares = " ".join(f"{k} {v:.0%}" for k, v in row.get("profile", {}).items())  # type: ignore[union-attr]
                print(f"{scenario.ref:40s} {rate:9,.0f} steps/CPU-s  ({steps} steps, {games} games)  {shares}",
                      flush=True)
    if args.json:
        print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
