"""Public Participation determinisations for searches (``RulesetSpec.determinise``; core/worlds.py).

A seat knows its own characters' cards and sees other characters' positions and markers only
(fog of war, view.py; PP-02: another's card is never shown, and ``view.scenario_data_for`` keeps
the other seats' characters from it). Its worlds keep that and deal anew what it does not know:

- PP-02: every character of another seat has a public default card, never its own: what the table
  shows (name, side, base, size, being armed) and the card model's defaults for the rest (move 5,
  fight 0, average shooting, normal morale, no training, wound thresholds 1-4), a revolver (PP-13)
  if it is armed, fists in a fight, nothing to throw, no notes;
- a character of another seat out of its sight is where the scenario starts it, as it started
  (the seat's best guess: it has not seen it since);
- a character of another seat in sight keeps what the table shows (position, wound marker, morale
  letter, being armed) and has the default card's values for what the table does not show: wounds
  at the least its wound marker needs (PP-29), no ammunition used (PP-09), no orders understood
  (PP-41), no nerve record (PP-47);
- the future (dice) is the seed's (all the umpire's worlds deal anew: he sees everything else).

>>> from riotact.core import Game, find_scenario
>>> game = Game(find_scenario("public-participation/picket-line"), seed=2)
>>> seat = game.to_act()[0]
>>> determinise(game, seat, 5).view(seat) == game.view(seat)
True
"""

from __future__ import annotations

import copy
from typing import Any

from riotact.core import UMPIRE, Game
from riotact.core.worlds import scenario_start, world_copy

from . import board, view
from .setup import CharacterCard
from .state import Character, World
from .tables import WEAPONS

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
    for cid in unseen:
        state.chars[cid] = copy.deepcopy(start.chars[cid])
    for c in state.chars.values():
        if c.seat != seat:
            _default_card(c)
    # PP-08: an opportunity shot offered to another seat's figure stands only if its default card has it
    state.pending = [p for p in state.pending if p["kind"] != "opportunity"
                     or state.chars[p["cid"]].seat == seat or _in_reach(state, p)]
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


def _default_card(c: Character) -> None:
    """PP-02: the public default card for a character of another seat (module docstring), keeping
    what the table shows; its wounds the least its wound marker needs under that card (PP-29)."""
    band, armed = c.state, c.armed
    c.card = CharacterCard.model_validate({"id": c.card.id, "name": c.card.name, "seat": c.card.seat,
                                           "side": c.card.side, "at": (c.x, c.y), "base": c.card.base,
                                           "size": c.card.size, "mounted": c.card.mounted})
    c.wounds = c.card.wound_thresholds[_BANDS.index(band)] if band in _BANDS else 0
    c.weapons, c.melee = ([WEAPONS["revolver"]] if armed else []), WEAPONS["fists"]
    c.throwables, c.shots_left, c.orders, c.nerve, c.notes = {}, None, [], {}, ""


def _in_reach(state: World, opportunity: dict[str, Any]) -> bool:
    """PP-08: whether the figure has a firearm that reaches the target where it passes."""
    c, target = state.chars[opportunity["cid"]], state.chars[opportunity["target"]]
    end = target.pos
    target.x, target.y = opportunity["at"]
    reach = any(arm.kind == "firearm" and board.gap(state, c, target) <= arm.range for arm in c.weapons)
    target.x, target.y = end
    return reach
