"""The Breaking of Nations determinisations for searches (``RulesetSpec.determinise``; core/worlds.py).

A seat sees every unit but the enemy's hidden ones (the hidden-deployment house rule, BON-002), and
its scenario (``view.scenario_for``) lists none of them: how many there are, what they are and where
they deploy are the enemy's secret (BON-005: each player is told his own force's size only). In its
worlds the prior is that **no hidden enemy unit is on the table**: each unit the seat does not see is
left out with its men (and what it was doing inside a building, BON-089/090); the enemy's trench
mortars have planned no fire (BON-077: a plan is its owner's secret until it fires); everything else
is as the seat sees it, and the future (dice) is the seed's. The umpire sees everything: only the
future is dealt anew.

>>> from riotact.core import Game, find_scenario
>>> game = Game(find_scenario("breaking-of-nations/trench-raid"), seed=2)
>>> seat = game.to_act()[0]
>>> determinise(game, seat, 5).view(seat) == game.view(seat)
True
"""

from __future__ import annotations

from riotact.core import UMPIRE, Game
from riotact.core.worlds import world_copy

from .turn import BreakingOfNations
from .view import plans_known_to, seen_by


def determinise(game: Game, seat: str, seed: int) -> Game:
    world = world_copy(game, seed)
    state = world.state
    assert isinstance(state, BreakingOfNations)
    if seat == UMPIRE:
        return world
    hidden = {uid for uid, u in state.units.items() if not seen_by(u, seat)}
    men = {m for uid in hidden for m in state.units[uid].members}
    state.units = {uid: u for uid, u in state.units.items() if uid not in hidden}
    state.men = {mid: m for mid, m in state.men.items() if mid not in men}
    state.inside = {mid: where for mid, where in state.inside.items() if mid not in men}
    state.section_moved = {mid: t for mid, t in state.section_moved.items() if mid not in men}
    state.climbs = {uid: c for uid, c in state.climbs.items() if uid not in hidden}
    state.charged -= men
    state.broken_down -= men
    if state.active in hidden:  # its activation goes on unseen: in the world it has ended
        state.active = ""
    state.plans = plans_known_to(state, seat)  # BON-077: a mortar's plan is its owner's secret
    return world
