"""By Will Alone determinisations for searches (``RulesetSpec.determinise``; core/worlds.py).

A world for a seat keeps what its side sees and deals the rest from priors that never read the
other side's hidden set-up (``view.scenario_for`` keeps from a seat the other side's hidden units,
what they carry, its dummies, and the infiltrators among its own stands):

- BWA-11: every opposing counter the seat sees on the table is a dummy: no hidden opposing unit is
  in its world (nor in reserve), save one a decision under way names (the seat is dealing with it);
- BWA-52: barricades built by hidden opposing units are not known, so the world has none of them;
- BWA-26: no spy or provocateur of the other side sits among the seat's own stands;
- BWA-48: the nonviolent side knows the level of violence of sighted commanders only; the others
  are at level 1 in its worlds, where every commander starts (one who commands only hidden units
  that left the world is not in it: the worlds do not tell how many commanders there are);
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

from riotact.core import Game
from riotact.core.worlds import world_copy

from . import view
from .state import Dummy, World
from .tables import other
from .turn import ByWillAlone


def determinise(game: Game, seat: str, seed: int) -> Game:
    world = world_copy(game, seed)
    state = world.state
    assert isinstance(state, ByWillAlone)
    side = state.side_of(seat)
    foe = other(side)
    if state.initiative == foe:  # the other side's orders still to carry out (BWA-01: secret)
        state.tasks[1:] = [t for t in state.tasks[1:] if t.kind != "resolve"]
    _counters_are_dummies(state, side, foe)
    for stand in (s for u in state.units.values() if u.side == side for s in u.stands):
        stand.role, stand.role_note = None, ""  # BWA-26
    # BWA-48: unknown levels are 1; a group of hidden units only (gone from the world) is not there
    known = view.levels_known(state, side)
    groups = {u.group for u in state.units.values()}
    state.levels = {group: level if group in known else 1 for group, level in state.levels.items()
                    if group in known or group in groups}
    state.changed_signs = view.signs_known(state, side)
    state.orders_cache, state.legal_cache = None, None
    state.legal_version += 1
    return world


def _counters_are_dummies(state: World, side: str, foe: str) -> None:
    """BWA-11: each opposing counter on the table becomes a dummy of the other side's first seat, and
    the hidden units behind them, carried by them or in reserve leave the world (BWA-52: with their
    barricades), but for those a task under way names."""
    named = {t.data[k] for t in state.tasks for k in ("unit", "target") if k in t.data}
    gone = {u.id for u in view.hidden_from(state, side) if u.id not in named}
    gone |= {u.id for u in state.units.values() if u.mounted_in in gone}
    for uid in sorted(gone):
        unit = state.units.pop(uid)
        if unit.barricade is not None:
            state.barricades.pop(unit.barricade, None)
        if unit.on_table and unit.mounted_in is None and unit.counter:
            state.dummies[unit.counter] = Dummy(unit.counter, foe, unit.node or "")
    seat = state.side_seats[foe][0]  # which of their seats moves a counter is theirs to know too
    state.dummies = {**{c: d for c, d in state.dummies.items() if d.side != foe},
                     **{c: Dummy(c, foe, d.node, seat) for c, d in sorted(state.dummies.items()) if d.side == foe}}
    state.media = {m: (node, None if follows in gone else follows) for m, (node, follows) in state.media.items()}
