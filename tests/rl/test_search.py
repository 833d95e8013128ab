"""The `search` bot (core/search.py): information-set Monte Carlo search over determinisations."""

from __future__ import annotations

import random

import pytest

from riotact.core import Game, RiotactError, find_scenario
from riotact.core.bots import BOT_KINDS, make_bot
from riotact.core.log import dumps
from riotact.core.search import SearchBot
from riotact.rulesets.revolting_behaviour.determinise import determinise, from_view


def _played(ref: str, seed: int, decisions: int) -> Game:
    game = Game(find_scenario(ref), seed=seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        seat = game.to_act()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)).id)
    return game


def test_search_is_a_seat_kind() -> None:
    assert "search" in BOT_KINDS


@pytest.mark.parametrize("ref", ["revolting-behaviour/first-game", "revolting-behaviour/four-players",
                                 "revolting-behaviour/long-game"])
def test_a_determinisation_looks_the_same_to_the_seat(ref: str) -> None:
    """RB-07: what the seat sees (view and offered actions) is kept; the face-down Cause is dealt anew."""
    game = _played(ref, 3, 40)
    seat = game.to_act()[0]
    view = game.view(seat)
    worlds = [from_view(game.scenario, game.options, view, k) for k in (1, 2)]
    for world in worlds:
        assert dumps(world.view(seat)) == dumps(view)
    causes = [[c.code for c in w.state.players[seat].cause.cards] for w in worlds]  # type: ignore[attr-defined]
    assert causes[0] != causes[1]


def test_the_search_bot_sees_only_its_view() -> None:
    """Two games alike but for p2's hidden Cause order (RB-07): the bot makes the same choice in both."""
    a, b = _played("revolting-behaviour/first-game", 5, 6), _played("revolting-behaviour/first-game", 5, 6)
    b.state.players["p2"].cause.cards.reverse()  # type: ignore[attr-defined]
    seat = a.to_act()[0]
    choices = []
    for game in (a, b):
        bot = SearchBot(seat, random.Random(1), game=game, determinise=determinise, iterations=12)
        choices.append(bot.choose(game.view(seat), game.legal_actions(seat)))
    assert choices[0] == choices[1]


def test_rulesets_without_a_determiniser_say_so_in_one_line() -> None:
    game = Game(find_scenario("by-will-alone/ministry-sit-in"), seed=1)
    with pytest.raises(RiotactError, match="search bot cannot play By Will Alone yet"):
        make_bot("search", game, "authority")


def test_make_bot_gives_a_search_bot_for_revolting_behaviour() -> None:
    game = Game(find_scenario("revolting-behaviour/first-game"), seed=1)
    seat = game.to_act()[0]
    bot = make_bot("search", game, seat)
    assert isinstance(bot, SearchBot)
    assert bot.choose(game.view(seat), game.legal_actions(seat)) in {a.id for a in game.legal_actions(seat)}
