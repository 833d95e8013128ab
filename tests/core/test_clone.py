"""A clone goes on by itself (OpenSpiel's ApplyActionTestClone, issue 21): clone a game in play, let
the original and the clone take different decisions, and each is the game a fresh replay of its own
decisions gives. What no rule changes (the scenario, its set-up, the house rules) is shared, not
copied, so a search copies only the pieces."""

from __future__ import annotations

import random

import pytest

from riotact.core import Game, find_scenario
from riotact.core.log import UMPIRE, dumps
from support import play_random as play

SCENARIOS = ("civil-disorder/night-of-fires", "civil-disorder/embassy-protest", "by-will-alone/ministry-sit-in")


def seen(game: Game) -> list[str]:
    """Everything every seat and the umpire may know now, and the count of events."""
    return [dumps(game.view(seat)) for seat in (*game.seats, UMPIRE)] + [str(len(game.log.events))]


@pytest.mark.parametrize("explain", [False, True], ids=["laboratory", "explained"])
@pytest.mark.parametrize("ref", SCENARIOS)
def test_a_clone_and_its_original_each_go_on_as_a_fresh_replay_does(ref: str, explain: bool) -> None:
    scenario = find_scenario(ref)
    game = Game(scenario, seed=4, explain=explain)
    play(game, random.Random(4), 9)
    twin = game.clone()
    assert twin.scenario is game.scenario and twin.state.options is game.state.options
    play(game, random.Random(1), 14)
    play(twin, random.Random(2), 14)
    assert twin.decisions[:9] == game.decisions[:9] and twin.decisions != game.decisions
    for copy in (game, twin):
        fresh = Game(scenario, seed=4, explain=explain)
        for seat, action_id in copy.decisions:
            fresh.apply(seat, action_id)
        assert seen(fresh) == seen(copy)
        if explain:
            assert list(fresh.log.lines()) == list(copy.log.lines())
