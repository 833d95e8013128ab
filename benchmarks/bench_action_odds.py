"""The added cost of the odds beside the options (``riotact.core.odds.action_odds``) per decision, on
every built-in Public Participation and Breaking of Nations scenario.

Heuristic bots play whole games; at each decision the deciding seat's view is built (what the
terminal and the web table already pay per decision) and then its odds, from that view, as
``riotact play`` and the web room do. Reported per scenario: the median and mean time of the view
and of the odds per decision, the odds as a share of the view, and the share of decisions with odds
shown. The odds modules cache the table geometry and the icepool results by their inputs, so the
first decisions of the run pay more than the rest (the mean shows it). The odds modules (and icepool,
about 0.3 s) are imported before the clock runs: a process pays that once, at its first odds.

    .venv/bin/python benchmarks/bench_action_odds.py [--games 3] [--json]
"""

from __future__ import annotations

import argparse
import importlib
import json
import statistics
import time

from riotact.core import Game, make_bot
from riotact.core.odds import action_odds
from riotact.core.scenario import builtin_scenarios
from riotact.rulesets import get_ruleset

RULESETS = ("public-participation", "breaking-of-nations")


def measure(scenario, games: int) -> dict[str, float]:
    views: list[float] = []
    odds: list[float] = []
    shown: list[bool] = []
    for seed in range(games):
        game = Game(scenario, seed=seed)
        bots = {s: make_bot("heuristic", game, s) for s in game.seats}
        while game.to_act():
            seat = game.to_act()[0]
            t0 = time.perf_counter()
            view = game.view(seat)
            t1 = time.perf_counter()
            found = action_odds(game, seat, view)
            t2 = time.perf_counter()
            views.append(t1 - t0)
            odds.append(t2 - t1)
            shown.append(bool(found))
            game.apply(seat, bots[seat].choose(view, game.legal_actions(seat)))
    priced = [o for o, s in zip(odds, shown, strict=True) if s] or [0.0]
    return {"decisions": len(odds), "with_odds": sum(shown) / len(odds),
            "view_ms_median": 1000 * statistics.median(views), "odds_ms_median": 1000 * statistics.median(odds),
            "view_ms_mean": 1000 * statistics.fmean(views), "odds_ms_mean": 1000 * statistics.fmean(odds),
            "odds_ms_where_shown_median": 1000 * statistics.median(priced),
            "odds_ms_where_shown_max": 1000 * max(priced)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = {}
    for ruleset in RULESETS:
        importlib.import_module(str(get_ruleset(ruleset).odds))
    for ruleset in RULESETS:
        for scenario in builtin_scenarios(get_ruleset(ruleset)):
            rows[scenario.ref] = measure(scenario, args.games)
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print(f"{'scenario':40} {'decisions':>9} {'odds shown':>10} {'view ms':>8} {'odds ms':>8} "
          f"{'odds/view':>9} {'odds ms mean':>12} {'where shown':>11} {'max':>7}")
    for ref, r in rows.items():
        print(f"{ref:40} {r['decisions']:>9} {r['with_odds']:>10.0%} {r['view_ms_median']:>8.3f} "
              f"{r['odds_ms_median']:>8.3f} {r['odds_ms_median'] / r['view_ms_median']:>9.0%} "
              f"{r['odds_ms_mean']:>12.3f} {r['odds_ms_where_shown_median']:>11.3f} "
              f"{r['odds_ms_where_shown_max']:>7.1f}")


if __name__ == "__main__":
    main()
