"""Public Participation: each player seat's mean score margin over its best opponent, played by the
heuristic bot and by a random bot, against random bots in the other seats (the umpire's seat too).

    .venv/bin/python scripts/pp_bot_margins.py [--games 100] [--scenario picket-line]
"""

from __future__ import annotations

import argparse
import statistics

from riotact.core import Game, make_bot
from riotact.core.bots import play_out
from riotact.core.scenario import builtin_scenarios
from riotact.rulesets import get_ruleset


def margins(scenario, seat: str, kind: str, games: int) -> list[float]:
    out = []
    for seed in range(games):
        g = Game(scenario, seed=seed)
        play_out(g, {s: make_bot(kind if s == seat else "random", g, s) for s in g.seats})
        assert g.result is not None
        scores = g.result.scores
        out.append(scores[seat] - max(v for s, v in scores.items() if s != seat))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--scenario", default="")
    args = parser.parse_args()
    print("| scenario | seat | heuristic | random | games |")
    print("|---|---|---|---|---|")
    for sc in builtin_scenarios(get_ruleset("public-participation")):
        if args.scenario and sc.ref.split("/")[-1] != args.scenario:
            continue
        for seat in sc.seats:
            if seat == "umpire":
                continue
            h, r = margins(sc, seat, "heuristic", args.games), margins(sc, seat, "random", args.games)
            print(f"| `{sc.ref.split('/')[-1]}` | {seat} | {statistics.mean(h):+.2f} | {statistics.mean(r):+.2f} "
                  f"| {args.games} |", flush=True)


if __name__ == "__main__":
    main()
