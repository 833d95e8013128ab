"""Random-bot Revolting Behaviour! against OpenSpiel's Kuhn poker (Python and C++), in one process,
one core, alternating, medians of player decisions per CPU-second (chance outcomes excluded).

Every loop does what Kuhn's does, from Python, per decision: ask the legal decisions, pick one
uniformly with ``random.Random``, apply it; a new game is started (and timed) when one ends.
riotact is measured three ways:

- ``explained``: ``Game(...)`` with the full explained log, as every played game keeps it
  (``legal_actions`` / ``apply``);
- ``laboratory (Python)``: ``Game(..., explain=False)``, the same loop, the Python engine;
- ``laboratory (compiled)``: ``lab.laboratory(...)``, RB's compiled laboratory core played by
  action number (``legal_ids`` / ``apply_id``, ints as Kuhn's), the same games card for card
  (tests/revolting_behaviour/test_rb_lab.py), explained on demand by replay.

    .venv/bin/python benchmarks/bench_rb.py [--seconds 3] [--rounds 5] [--json]
"""

from __future__ import annotations

import argparse
import json

from peers import alternate, numbered_loop, openspiel_loop, pin_to_one_core, riotact_random_loop
from riotact.core import find_scenario
from riotact.rulesets.revolting_behaviour import lab

GOALS = {"riotact explained / Kuhn Python": 2.0, "riotact laboratory (compiled) / Kuhn Python": 5.0}
OURS = ("riotact explained", "riotact laboratory (Python)", "riotact laboratory (compiled)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per loop per round")
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds; medians are kept")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not lab.compiled():
        parser.error("the compiled laboratory core was not built (pip install -e . needs a C compiler)")
    pin_to_one_core()
    scenario = find_scenario("revolting-behaviour/first-game")
    rates = alternate({
        OURS[0]: riotact_random_loop(scenario, explain=True),
        OURS[1]: riotact_random_loop(scenario, explain=False),
        OURS[2]: numbered_loop(lambda seed: lab.laboratory(scenario, seed=seed, engine="compiled")),
        "Kuhn Python": openspiel_loop("python_kuhn_poker"),
        "Kuhn C++": openspiel_loop("kuhn_poker")}, args.seconds, args.rounds)
    ratios = {f"{ours} / {peer}": round(rates[ours]["decisions_per_cpu_s"] / rates[peer]["decisions_per_cpu_s"], 3)
              for ours in OURS for peer in ("Kuhn Python", "Kuhn C++")}
    report = {"rates": rates, "ratios": ratios,
              "goals_met": {k: ratios[k] >= goal for k, goal in GOALS.items()}}
    if args.json:
        print(json.dumps(report, indent=1))
        return
    for name, rate in rates.items():
        print(f"{name:30} {rate['decisions_per_cpu_s']:>10,} player decisions/CPU-s "
              f"({rate['games_per_cpu_s']:,} games/CPU-s)")
    for name, ratio in ratios.items():
        goal = GOALS.get(name)
        print(f"{name:45} {ratio:6.3f}x" + (f"  (goal {goal}x: {'met' if ratio >= goal else 'NOT met'})"
                                             if goal else ""))


if __name__ == "__main__":
    main()
