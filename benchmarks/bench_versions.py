"""The working tree against an earlier revision: random play of every built-in scenario, **player
decisions per CPU-second**, each version in its own process, alternated in rounds, medians.

A refactor that must not change any game must not make it slower either (issue 20): run

    .venv/bin/python benchmarks/bench_versions.py --base 12818dd --seconds 2 --rounds 5 [--only RULESET-ID]

The base is exported with ``git archive`` into a temporary folder; both versions play the same
scenarios with the same seeds through the public ``Game`` protocol on the Python engine, explained
(``explain=True``) and in laboratory mode (``explain=False``). A ratio is this tree's median over the
base's: above 1 is faster.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: Run in the version's own interpreter process, with its sources first on the path.
CHILD = r"""
import json, os, random, sys, time
if hasattr(os, "sched_setaffinity"):
    os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
from riotact.core import Game, builtin_scenarios
from riotact.rulesets import all_rulesets
seconds, explain, only = float(sys.argv[1]), sys.argv[2] == "explained", sys.argv[3:]
out = {}
for spec in all_rulesets():
    if only and spec.id not in only:
        continue
    for scenario in builtin_scenarios(spec):
        rng, seed, decisions = random.Random(0), 0, 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            seed += 1
            game = Game(scenario, seed=seed, explain=explain)
            for _ in range(20000):
                acting = game.to_act()
                if not acting:
                    break
                legal = game.legal_actions(acting[0])
                game.apply(acting[0], legal[int(rng.random() * len(legal))].id)
                decisions += 1
        out[scenario.ref] = decisions / (time.process_time() - start)
print(json.dumps(out))
"""


def export(revision: str, into: Path) -> Path:
    """The files of ``revision`` under ``into`` (``git archive``; nothing built)."""
    archive = into / "base.tar"
    subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", "-o", str(archive), revision], check=True)
    with tarfile.open(archive) as tar:
        tar.extractall(into / "base", filter="data")
    return into / "base"


def measure(tree: Path, seconds: float, mode: str, only: list[str]) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(tree / "src")}
    done = subprocess.run([sys.executable, "-c", CHILD, str(seconds), mode, *only], env=env, check=True,
                          capture_output=True, text=True)
    result: dict[str, float] = json.loads(done.stdout)
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", required=True, help="the revision to compare with (e.g. main~3)")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per scenario per round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--mode", choices=("explained", "laboratory"), default="laboratory")
    parser.add_argument("--only", action="append", default=[], metavar="RULESET-ID",
                        help="measure this ruleset's scenarios only (may be repeated)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        base = export(args.base, Path(tmp))
        runs: dict[str, list[dict[str, float]]] = {"base": [], "this": []}
        for round_ in range(args.rounds):
            for name, tree in (("base", base), ("this", ROOT)) if round_ % 2 == 0 else \
                    (("this", ROOT), ("base", base)):
                runs[name].append(measure(tree, args.seconds, args.mode, args.only))
            print(f"round {round_ + 1}/{args.rounds} done", file=sys.stderr, flush=True)
    print(f"| scenario ({args.mode}, random bots) | base {args.base} | this tree | this / base |")
    print("|---|---|---|---|")
    ratios = []
    for ref in runs["this"][0]:
        old = statistics.median(r[ref] for r in runs["base"] if ref in r)
        new = statistics.median(r[ref] for r in runs["this"])
        ratios.append(new / old)
        print(f"| {ref} | {old:,.0f} | {new:,.0f} | {new / old:.2f} |")
    print(f"| **geometric mean** | | | **{statistics.geometric_mean(ratios):.2f}** |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
