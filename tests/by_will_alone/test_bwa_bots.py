"""The heuristic bots beat the random bot on every scenario, for each side (seeded games)."""

from __future__ import annotations

import pytest

from riotact.core.bots import RandomBot, bot_rng, play_out
from riotact.core.game import Game
from riotact.core.scenario import builtin_scenarios
from riotact.rulesets import get_ruleset

SPEC = get_ruleset("by-will-alone")
SCENARIOS = builtin_scenarios(SPEC)
GAMES = 40


def win_rate(scenario, side: str, games: int = GAMES) -> float:
    wins = 0
    for seed in range(games):
        game = Game(scenario, seed=1000 + seed)
        bots = {s: (SPEC.heuristic_bot(s, bot_rng(seed, s)) if s == side and SPEC.heuristic_bot
                    else RandomBot(s, bot_rng(seed, s))) for s in game.seats}
        play_out(game, bots)
        wins += side in game.result.winners
    return wins / games


@pytest.mark.slow
@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.id for s in SCENARIOS])
@pytest.mark.parametrize("side", ["nonviolent", "authority"])
def test_heuristic_beats_random_70_percent(scenario, side) -> None:
    assert win_rate(scenario, side) >= 0.7


@pytest.mark.parametrize("side", ["nonviolent", "authority"])
def test_heuristic_bot_sees_only_its_view(bwa, side) -> None:
    """BWA-11: the bot decides from its seat's view and legal actions alone: two games that differ only
    in what an unsighted counter is (a unit or a dummy) give the same view, and the bot the same
    decision at every step of a seeded game."""
    other = "authority" if side == "nonviolent" else "nonviolent"
    make = bwa.nv if other == "nonviolent" else bwa.auth
    units = [bwa.nv("n", "x1", stands=5), bwa.auth("a", "x5", stands=4)]
    first = {"first_initiative": side}
    games = [bwa.game([*units, make("c", "o3", hidden=True)], None, seed=5, options=first),
             bwa.game(units, None, seed=5, options=first, dummies=[{"side": other, "feature": "o3"}])]
    bots = [SPEC.heuristic_bot(side, bot_rng(5, side)) for _ in games]
    decisions = 0
    while games[0].result is None and decisions < 10:
        seat = games[0].to_act()[0]
        if seat == side:
            views = [g.view(side) for g in games]
            assert views[0] == views[1]
            choices = [bot.choose(view, g.legal_actions(side)) for bot, view, g in zip(bots, views, games, strict=True)]
            assert choices[0] == choices[1]
            decisions += 1
        else:  # the other side passes (its counter stays where it is)
            legal = [[a.id for a in g.legal_actions(seat)] for g in games]
            choices = ["done" if "done" in ids else ids[0] for ids in legal]
        for g, choice in zip(games, choices, strict=True):
            g.apply(seat, choice)
    assert decisions == 10
