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


def test_heuristic_bot_sees_only_its_view() -> None:
    """The bot is built from the seat and its own generator; it reads the view, never the state."""
    scenario = SCENARIOS[0]
    game = Game(scenario, seed=3)
    bot = SPEC.heuristic_bot("nonviolent", bot_rng(3, "nonviolent"))
    action = bot.choose(game.view("nonviolent"), game.legal_actions("nonviolent"))
    assert action in {a.id for a in game.legal_actions("nonviolent")}
