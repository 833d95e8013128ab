"""Both sides get a fair share of the action steps (issue 7, BWA item 6; BWA-01/02): heuristic bot
against heuristic bot, over 200 seeded games per scenario. Run as a script to print the distribution
reported on docs/rules/BWA.md::

    python tests/by_will_alone/test_bwa_fair_share.py [GAMES]
"""

from __future__ import annotations

import statistics
import sys

import pytest

from riotact.core import Game, find_scenario, make_bot
from riotact.core.bots import play_out

SCENARIOS = ("ministry-sit-in", "night-of-barricades", "village-bulldozer")
GAMES = 201


def nonviolent_share(scenario: str, seed: int) -> tuple[float, str]:
    """The share of the game's action steps in which the nonviolent side held the initiative, and the
    winning side ("draw" if none)."""
    game = Game(find_scenario(f"by-will-alone/{scenario}"), seed=seed)
    play_out(game, {seat: make_bot("heuristic", game, seat) for seat in game.seats})
    steps = [e["text"] for e in game.log.events if e.get("rule") == "BWA-01" and "declares its actions" in e["text"]]
    assert game.result is not None
    winner = game.result.winners[0].split("-")[0] if game.result.winners else "draw"
    return sum("the nonviolent side declares" in t for t in steps) / len(steps), winner


def distribution(scenario: str, games: int = GAMES) -> dict[str, float]:
    played = [nonviolent_share(scenario, seed) for seed in range(1, games + 1)]
    shares = sorted(share for share, _ in played)
    deciles = statistics.quantiles(shares, n=10)
    wins = [winner for _, winner in played]
    return {"games": games, "mean": statistics.fmean(shares), "p10": deciles[0], "median": statistics.median(shares),
            "p90": deciles[-1], "min": shares[0], "max": shares[-1],
            "lopsided": sum(not 0.2 <= s <= 0.8 for s in shares) / games,
            **{side: wins.count(side) for side in ("nonviolent", "authority", "draw")}}


@pytest.mark.slow
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_both_sides_get_a_fair_share_of_the_steps(scenario: str) -> None:
    """BWA-02: neither side keeps the initiative for most of the game, on average or in most games."""
    d = distribution(scenario)
    assert 0.35 <= d["mean"] <= 0.65, d
    assert d["lopsided"] <= 0.10, d


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else GAMES
    print("| scenario | games | nonviolent share: mean | p10 | median | p90 | min | max | games outside 20-80% "
          "| wins nonviolent / authority / draw |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for name in SCENARIOS:
        d = distribution(name, count)
        print(f"| {name} | {count} | {d['mean']:.0%} | {d['p10']:.0%} | {d['median']:.0%} | {d['p90']:.0%} | "
              f"{d['min']:.0%} | {d['max']:.0%} | {d['lopsided']:.0%} | "
              f"{d['nonviolent']} / {d['authority']} / {d['draw']} |")
