"""Worked example (docs/rl.md): OpenSpiel's Monte Carlo CFR on a small Revolting Behaviour! game, its
NashConv (an exact best response for each player, the whole game tree walked) falling as it learns.

    .venv/bin/pip install -e '.[rl]'
    nice .venv/bin/python docs/examples/cfr_rb_duel.py [--algorithm outcome] [--deals 2] [--every 500]

The game is ``docs/examples/rb-duel.toml`` (two players, one Cause card each, one turn) through
``riotact.rl.openspiel``; ``--deals`` is the number of equally likely deals its first chance node picks
from. Prints one JSON line per checkpoint: iterations, CPU seconds spent learning, and the NashConv of
the average policy (0 at a Nash equilibrium; the uniform policy's at iteration 0).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np
import pyspiel
from open_spiel.python import policy as policy_lib
from open_spiel.python.algorithms import exploitability, external_sampling_mccfr, outcome_sampling_mccfr

from riotact.rl.openspiel import register

DUEL = str(Path(__file__).with_name("rb-duel.toml"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--algorithm", choices=("outcome", "external"), default="outcome")
    parser.add_argument("--deals", type=int, default=2)
    parser.add_argument("--iterations", type=int, default=4000)
    parser.add_argument("--every", type=int, default=500)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    np.random.seed(args.seed)  # both solvers sample with numpy's global generator
    register()
    game = pyspiel.load_game("riotact_revolting_behaviour", {"scenario": DUEL, "deals": args.deals})
    solver = (outcome_sampling_mccfr.OutcomeSamplingSolver(game) if args.algorithm == "outcome"
              else external_sampling_mccfr.ExternalSamplingSolver(game))
    uniform = exploitability.nash_conv(game, policy_lib.UniformRandomPolicy(game))
    print(json.dumps({"iterations": 0, "cpu_s": 0.0, "nash_conv": round(uniform, 4)}), flush=True)
    learning = 0.0
    for done in range(args.every, args.iterations + 1, args.every):
        start = time.process_time()
        for _ in range(args.every):
            solver.iteration()
        learning += time.process_time() - start
        nash_conv = exploitability.nash_conv(game, solver.average_policy())
        print(json.dumps({"iterations": done, "cpu_s": round(learning, 1), "nash_conv": round(nash_conv, 4)}),
              flush=True)


if __name__ == "__main__":
    main()
