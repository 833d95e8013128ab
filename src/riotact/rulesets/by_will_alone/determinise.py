"""By Will Alone determinisations for searches (``RulesetSpec.determinise``; core/worlds.py).

A world for a seat keeps what its side sees and deals anew what it does not:

- BWA-11: the opposing side's counters on the table (hidden units and dummies) are shuffled: each
  counter the seat sees hides a random one of the pieces that could be behind it;
- BWA-52: barricades built by hidden opposing units are not known, so the world has none of them;
- BWA-26: which of the seat's own stands are the other side's spies or provocateurs is secret: the
  roles are dealt again to the last stand of random units of its side (as the set-up places them);
- BWA-48: the nonviolent side knows the level of violence of sighted commanders only; the others
  are at level 1 in its worlds, where every commander starts;
- BWA-07: the authority knows only the street signs its units found changed;
- BWA-01: orders of the other side not yet carried out are secret: the world forgets them;
- the future (dice, draws) is the seed's.

>>> from riotact.core import Game, find_scenario
>>> game = Game(find_scenario("by-will-alone/night-of-barricades"), seed=4)
>>> world = determinise(game, "authority", 9)
>>> world.view("authority")["state"]["counters"] == game.view("authority")["state"]["counters"]
True
"""

from __future__ import annotations

import random

from riotact.core import Game
from riotact.core.worlds import dealt, world_copy

from . import view
from .state import Dummy, Unit, World
from .tables import other
from .turn import ByWillAlone


def determinise(game: Game, seat: str, seed: int) -> Game:
    world = world_copy(game, seed)
    state = world.state
    assert isinstance(state, ByWillAlone)
    rng = world.umpire.rng
    side = state.side_of(seat)
    foe = other(side)
    _shuffle_counters(state, side, foe, rng)
    _deal_roles(state, side, rng)
    known = view.levels_known(state, side)
    for group in state.levels:
        if group not in known:
            state.levels[group] = 1
    state.changed_signs = view.signs_known(state, side)
    if state.initiative == foe:  # the other side's orders still to carry out (BWA-01: secret)
        state.tasks[1:] = [t for t in state.tasks[1:] if t.kind != "resolve"]
    state.orders_cache, state.legal_cache = None, None
    state.legal_version += 1
    return world


def _hidden_foes(state: World, side: str) -> list[Unit]:
    """The opposing units on the table that ``side`` sees only as counters (view.py)."""
    return [u for u in view.hidden_from(state, side) if u.on_table and u.mounted_in is None]


def _shuffle_counters(state: World, side: str, foe: str, rng: random.Random) -> None:
    """Every opposing counter in sight gets a random piece of those that could be behind one."""
    units = _hidden_foes(state, side)
    dummies = [d for d in state.dummies.values() if d.side == foe]
    pieces: list[Unit | Dummy] = [*units, *dummies]
    slots = sorted((p.counter, p.node) for p in pieces)
    for unit in units:
        if unit.barricade is not None:
            state.barricades.pop(unit.barricade, None)
            unit.barricade = None
    order = dealt(rng, pieces, key=lambda p: f"unit:{p.id}" if isinstance(p, Unit) else f"dummy:{p.player}")
    for d in dummies:
        del state.dummies[d.counter]
    for (counter, node), piece in zip(slots, order, strict=True):
        piece.counter, piece.node = counter, node
        if isinstance(piece, Dummy):
            state.dummies[counter] = piece


def _deal_roles(state: World, side: str, rng: random.Random) -> None:
    """BWA-26: the other side's infiltrators among this side's stands, dealt to random units."""
    stands = [s for u in state.units.values() if u.side == side for s in u.stands if s.role]
    if not stands:
        return
    roles = sorted((s.role, s.role_note) for s in stands)
    for s in stands:
        s.role, s.role_note = None, ""
    hosts = sorted((u for u in state.units.values() if u.side == side and u.status != "gone" and u.stands
                    and not u.vehicle), key=lambda u: u.id)
    for (role, note), unit in zip(roles, rng.sample(hosts, min(len(roles), len(hosts))), strict=False):
        unit.stands[-1].role, unit.stands[-1].role_note = role, note
