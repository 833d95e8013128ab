"""Balance of the built-in scenarios: each side's share of wins, heuristic bot against heuristic bot
in every seat (riotact plays Civil Disorder's crowds and any umpire's seat), with 95% Wilson
intervals. The games are those of ``riotact sim SCENARIO --seat S=heuristic ... --seed 7``.

    PYTHONPATH=src .venv/bin/python scripts/balance.py civil-disorder --games 200
    PYTHONPATH=src .venv/bin/python scripts/balance.py public-participation/dry-gulch --games 100 --scores

``--scores`` adds each seat's score quartiles (what a scenario's victory conditions are tuned on).
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter

from riotact.cli.sim import GameSummary, run_batch
from riotact.core.options import parse_cli_option
from riotact.core.scenario import Scenario, builtin_scenarios, find_scenario
from riotact.lab.report import wilson
from riotact.rulesets import get_ruleset


def scenarios(names: list[str]) -> list[Scenario]:
    """A ruleset name stands for all its built-in scenarios; anything else is one scenario."""
    out: list[Scenario] = []
    for name in names:
        if "/" in name:
            out.append(find_scenario(name))
        else:
            out.extend(builtin_scenarios(get_ruleset(name)))
    return out


def share(wins: int, games: int) -> str:
    low, high = wilson(wins, games)
    return f"{100 * wins / games:.0f}% ({100 * low:.0f}-{100 * high:.0f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("scenarios", nargs="+", help="ruleset names or scenario references")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--scores", action="store_true", help="also print each seat's score quartiles")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a house rule (as text; parsed like riotact sim --option)")
    args = parser.parse_args()
    options = dict(parse_cli_option(pair) for pair in args.option)
    print("| scenario | games | wins (95% Wilson interval) | no winner |\n|---|---:|---|---:|", flush=True)
    for scenario in scenarios(args.scenarios):
        seats = {seat: "heuristic" for seat in scenario.seats}
        results: list[GameSummary] = list(run_batch(scenario, args.games, args.seed, seats, jobs=args.jobs,
                                                    options=options))
        # Seats that win together (a side of several seats) are one entry.
        outcomes = Counter(r.winners for r in results if r.winners)
        sides = sorted(outcomes, key=lambda w: min(scenario.seats.index(s) for s in w))
        players = [s for s in scenario.seats if s != "umpire"]
        cells = "; ".join(f"{'+'.join(side)} {share(outcomes[side], len(results))}" for side in sides)
        nobody = sum(not r.winners for r in results)
        print(f"| `{scenario.ref}` | {len(results)} | {cells} | {share(nobody, len(results))} |", flush=True)
        if args.scores:
            for seat in players:
                values = [r.scores.get(seat, 0.0) for r in results if r.scores is not None]
                if len(values) > 1:
                    q = statistics.quantiles(values, n=4)
                    print(f"    {seat}: scores min {min(values)} q1 {q[0]} median {q[1]} q3 {q[2]} "
                          f"max {max(values)}", flush=True)
            reasons = Counter(r.reason.split(";")[0] for r in results)
            print(f"    reasons: {dict(reasons.most_common(4))}", flush=True)


if __name__ == "__main__":
    main()
