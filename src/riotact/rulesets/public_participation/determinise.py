"""Public Participation determinisations for searches (``RulesetSpec.determinise``; core/worlds.py).

A seat knows its own characters' cards and sees other characters' positions and markers only
(fog of war, view.py). Its worlds keep that and deal anew what it does not know:

- a character of another seat out of its sight is where the scenario starts it, as it started
  (the seat's best guess: it has not seen it since);
- a character of another seat in sight keeps what the table shows (position, wound marker, morale
  letter, being armed) and has the card's values again for what the table does not show: wounds at
  the least its wound marker needs (PP-29), its throwables and ammunition (PP-09), the orders it
  understood (PP-41), its nerve record (PP-47), its notes;
- the future (dice) is the seed's (all the umpire's worlds deal anew: he sees everything else).

>>> from riotact.core import Game, find_scenario
>>> game = Game(find_scenario("public-participation/picket-line"), seed=2)
>>> seat = game.to_act()[0]
>>> determinise(game, seat, 5).view(seat) == game.view(seat)
True
"""

from __future__ import annotations

import copy

from riotact.core import UMPIRE, Game
from riotact.core.worlds import scenario_start, world_copy

from . import board, view
from .state import Character, World

_BANDS = ("LI", "BI", "DI", "AD")


def determinise(game: Game, seat: str, seed: int) -> Game:
    world = world_copy(game, seed)
    state = world.state
    assert isinstance(state, World)
    if seat == UMPIRE:  # the umpire sees everything: only the future is dealt anew
        return world
    start = scenario_start(game, 0).state
    assert isinstance(start, World)
    seen = view.seen_by_seat(state, seat)
    unseen = sorted(cid for cid, c in state.chars.items() if c.seat != seat and cid not in seen)
    for cid, c in state.chars.items():
        if c.seat != seat and cid in seen:
            _forget_card(c, start.chars[cid])
    for cid in unseen:
        state.chars[cid] = copy.deepcopy(start.chars[cid])
    _out_of_sight(state, seat, unseen, start)
    return world


def _out_of_sight(state: World, seat: str, unseen: list[str], start: World) -> None:
    """An unseen character put back where it started must stay unseen: else it is put where another of
    its seat's characters started, unseen, else it has left the table (the seat does not see it)."""
    own = [c for c in state.chars.values() if c.seat == seat]
    for cid in unseen:
        c = state.chars[cid]
        places = [(c.x, c.y), *((o.x, o.y) for o in sorted(start.chars.values(), key=lambda o: o.id)
                                if o.seat == c.seat and o.id != cid)]
        for c.x, c.y in places:
            if not any(board.sees(state, o, c) for o in own):
                break
        else:
            c.fled = True


def _forget_card(c: Character, fresh: Character) -> None:
    """What the table does not show of a character in sight: its card's values again."""
    band = c.state
    c.wounds = c.card.wound_thresholds[_BANDS.index(band)] if band in _BANDS else 0
    c.throwables, c.shots_left = dict(fresh.throwables), None
    c.orders, c.nerve, c.notes = [], {}, fresh.notes
