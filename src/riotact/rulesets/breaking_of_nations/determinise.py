"""The Breaking of Nations determinisations for searches (``RulesetSpec.determinise``; core/worlds.py).

A seat sees every unit but the enemy's hidden ones (the hidden-deployment house rule, BON-002). In
its worlds each enemy unit still hidden is as the scenario deploys it, its men where they start,
unhurt and not yet activated (the seat has seen nothing of it since); the enemy's trench mortars
have planned no fire (BON-077: a plan is its owner's secret until it fires); everything else is as
the seat sees it, and the future (dice) is the seed's.

>>> from riotact.core import Game, find_scenario
>>> game = Game(find_scenario("breaking-of-nations/trench-raid"), seed=2)
>>> seat = game.to_act()[0]
>>> determinise(game, seat, 5).view(seat) == game.view(seat)
True
"""

from __future__ import annotations

import copy

from riotact.core import UMPIRE, Game
from riotact.core.worlds import scenario_start, world_copy

from .turn import BreakingOfNations
from .view import plans_known_to, seen_by


def determinise(game: Game, seat: str, seed: int) -> Game:
    world = world_copy(game, seed)
    state = world.state
    assert isinstance(state, BreakingOfNations)
    hidden = [u for u in state.units.values() if not seen_by(u, seat)]
    if hidden:
        start = scenario_start(game, 0).state
        assert isinstance(start, BreakingOfNations)
        for u in hidden:
            fresh = copy.deepcopy(start.units[u.id])
            state.units[u.id] = fresh
            state.men.update({m: copy.deepcopy(start.men[m]) for m in fresh.members})
    if seat != UMPIRE:  # BON-077: a mortar's planned target is its owner's secret until it fires
        state.plans = plans_known_to(state, seat)
    return world
