"""Revolting Behaviour! bots: the heuristic player beats the random one and plays every scenario."""

from __future__ import annotations

from itertools import pairwise

import pytest

from revolting_behaviour.rb_support import act, rb_game
from riotact.core import Game, RandomBot, find_scenario, make_bot
from riotact.core.bots import bot_rng, play_out

GAMES = 1000


def _heuristic_game(seed: int) -> Game:
    game = Game(find_scenario("revolting-behaviour/first-game"), seed=seed)
    return play_out(game, {s: make_bot("heuristic", game, s) for s in game.seats})


@pytest.mark.slow
def test_heuristic_bot_beats_random_bot() -> None:
    """Over 1,000 seeded 2-player first games (seats alternating) the heuristic bot wins 80% or more."""
    scenario = find_scenario("revolting-behaviour/first-game")
    wins = 0
    for seed in range(GAMES):
        clever, randomer = ("p1", "p2") if seed % 2 == 0 else ("p2", "p1")
        game = Game(scenario, seed=seed)
        play_out(game, {clever: make_bot("heuristic", game, clever),
                        randomer: RandomBot(randomer, bot_rng(seed, randomer))})
        assert game.result is not None
        wins += clever in game.result.winners
    assert wins >= 0.8 * GAMES, f"heuristic won {wins} of {GAMES}"


@pytest.mark.slow
def test_heuristic_bots_do_not_stall_to_the_turn_limit() -> None:
    """Issue 7: fewer than 5% of 1,000 seeded heuristic-vs-heuristic first games end at the turn limit."""
    limit = 0
    for seed in range(GAMES):
        game = _heuristic_game(seed)
        assert game.result is not None
        limit += "turn limit" in game.result.reason
    assert limit < 0.05 * GAMES, f"{limit} of {GAMES} games ended at the turn limit"


def test_heuristic_bot_draws_whenever_it_declares() -> None:
    """A bot that declares an action and stops before its first card stalls the game (RB-14): never.

    Over 40 seeded heuristic-vs-heuristic first games every declaration is followed by a draw,
    and at most one game in 40 reaches the turn limit (a fair game is decided by RB-24/RB-25).
    """
    limit = 0
    for seed in range(40):
        game = _heuristic_game(seed)
        decisions = [e["action"] for e in game.log.events if e["kind"] == "decision"]
        for declared, next_one in pairwise(decisions):
            if declared[0] in "DHCS" and "-" in declared:
                assert next_one == "draw", f"seed {game.seed}: {declared} then {next_one}"
        assert game.result is not None
        limit += "turn limit" in game.result.reason
    assert limit <= 1


@pytest.mark.parametrize("ref", ["revolting-behaviour/four-players", "revolting-behaviour/long-game"])
def test_heuristic_bots_finish_every_scenario(ref: str) -> None:
    """Heuristic bots only ever choose legal actions and bring each built-in scenario to an end."""
    for seed in range(3):
        game = Game(find_scenario(ref), seed=seed)
        play_out(game, {s: make_bot("heuristic", game, s) for s in game.seats})
        assert game.result is not None and game.log.events[-1]["kind"] == "end"


def test_heuristic_bot_raises_funds_when_low_and_restarts_at_zero() -> None:
    """The heuristic bot raises funds (RB-10) below its reserve, and restarts at 0 RP (RB-26)."""
    game = rb_game(3, cause_cards=2, cards={"p1/action": [["5H"]]})
    bot = make_bot("heuristic", game, "p1")
    assert bot.choose(game.view("p1"), game.legal_actions("p1"))[0] in "CD"  # 4 RP: fund-raising
    act(game, "H-moderate-p2", "draw")  # p2 on 0 RP
    bot = make_bot("heuristic", game, "p2")
    assert bot.choose(game.view("p2"), game.legal_actions("p2")) == "restart"
