"""Public Participation determinisations for searches (``RulesetSpec.determinise``; core/worlds.py).

A seat knows its own characters' cards and sees other characters' positions and markers only
(fog of war, view.py; PP-02: another's card is never shown, and ``view.scenario_data_for`` keeps
the other seats' characters from it). Its worlds keep that and deal anew what it does not know:

- PP-02: every character of another seat has a public default card, never its own: what the table
  shows (name, side, base, size, being armed) and the card model's defaults for the rest (move 5,
  fight 0, average shooting, normal morale, no training, wound thresholds 1-4), a revolver (PP-13)
  if it is armed, fists in a fight, nothing to throw, no notes;
- a character of another seat out of its sight is where the seat last saw it, with the wound marker
  it last saw (``World.last_seen``) and otherwise as the scenario starts it; if that place is in the
  seat's sight now (it has gone from there), it is not on the table in the seat's worlds; if the
  seat has never seen it, it is not in them at all (it may not even know the character exists:
  ``scenario_data_for`` keeps other seats' characters from it, and their starting places with them),
  so the worlds do not tell how many characters another seat has;
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
    noted = state.last_seen[seat]
    # what other seats saw of the table, and when, is theirs: it would tell where their figures stood
    state.last_seen = {other: {} for other in state.last_seen} | {seat: noted}
    _forget_never_seen(state, [cid for cid, c in state.chars.items() if c.seat != seat and cid not in seen
                               and cid not in noted])
    unseen = sorted(cid for cid, c in state.chars.items() if c.seat != seat and cid not in seen)
    for cid in unseen:
        prior = start.chars[cid]
        c = state.chars[cid] = copy.deepcopy(prior, {id(prior.card): prior.card})  # a card is never changed
        c.x, c.y, band = noted[cid]
        _default_card(c, band, name=c.card.name)
    for c in state.chars.values():
        if c.seat != seat and c.id in seen:
            _default_card(c, c.state, name=c.card.name)
    # PP-08: an opportunity shot offered to another seat's figure stands only if its default card has it
    state.pending = [p for p in state.pending if p["kind"] != "opportunity"
                     or state.chars[p["cid"]].seat == seat or _in_reach(state, p)]
    _out_of_sight(state, seat, unseen, noted)
    return world


def _forget_never_seen(state: World, never: list[str]) -> None:
    """PP-02: characters of other seats the seat has never seen are not in its worlds."""
    for cid in never:
        del state.chars[cid]
    state.ids = [cid for cid in state.ids if cid in state.chars]
    state.pending = [p for p in state.pending if p.get("cid") not in never]


def _out_of_sight(state: World, seat: str, unseen: list[str], noted: dict[str, tuple[float, float, str]]) -> None:
    """An unseen character is where the seat last saw it if that place is out of its sight now; else
    it has left the table as far as the seat's worlds go."""
    own = [c for c in state.chars.values() if c.seat == seat]
    for cid in unseen:
        c = state.chars[cid]
        c.fled = any(board.sees(state, o, c) for o in own)


def _default_card(c: Character, band: str, name: str) -> None:
    """PP-02: the public default card for a character of another seat (module docstring), keeping
    what the table shows; its wounds the least its wound marker ``band`` needs under that card (PP-29)."""
    armed = c.armed
    c.card = CharacterCard.model_validate({"id": c.card.id, "name": name, "seat": c.card.seat,
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
