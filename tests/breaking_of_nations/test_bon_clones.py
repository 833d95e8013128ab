"""Copies for search: a world copied from a game shares the table's terrain (and what is known about
it) and nothing that changes, so playing the copy leaves the game as it was, and the game then plays
on as if the copy had never been made (OpenSpiel's clone-then-apply test, on every scenario)."""

from __future__ import annotations

import random

import pytest

from riotact.core import Game, builtin_scenarios
from riotact.core.worlds import world_copy
from riotact.rulesets import get_ruleset
from support import play_random as play

SCENARIOS = builtin_scenarios(get_ruleset("breaking-of-nations"))


def seen(game: Game) -> list[object]:
    return [(game.view(s), [a.id for a in game.legal_actions(s)]) for s in game.seats]


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.id for s in SCENARIOS])
def test_a_copy_played_to_the_end_leaves_the_game_and_its_future_as_they_were(scenario: object) -> None:
    game = Game(scenario, seed=3, explain=False)  # type: ignore[arg-type]
    play(game, random.Random(3), 25)
    before = seen(game)
    world = world_copy(game, 11)
    assert world.state.table is game.state.table  # the terrain is shared, never copied
    assert world.state.houses == game.state.houses and all(
        world.state.houses[b] is game.state.houses[b] for b in game.state.houses)
    assert all(world.state.men[m] is not game.state.men[m] for m in game.state.men)
    play(world, random.Random(4), 10_000)  # wire cut, men moved and lost in the copy (BON-102, BON-015)
    assert world.result is not None
    assert seen(game) == before
    play(game, random.Random(5), 60)
    fresh = Game(scenario, seed=3, explain=False)  # type: ignore[arg-type]
    for seat, action in game.decisions:
        fresh.apply(seat, action)
    assert seen(fresh) == seen(game)
