"""What a spectator may see: only what every seat sees, built from the seats' own views and logs.

The common view is the part of ``Game.view(seat)`` that is the same for every player seat (the umpire's
chair, which sees the truth, is not one of them), so it holds nothing some seat is not shown; the
common log is the events visible to all. Nothing here reads the game's state, only what the core
already gives each seat.

Views are compared path by path. Dicts keep the keys every seat has, compared again; a dict that
names a different thing in some seat's view (its ``id``, ``seat``, ``name`` ... differ, as a seat's
own ``you`` does) is left out whole, so that a seat's private fields never meet another's by chance;
lists of such dicts keep the things every seat sees, matched by that name; any other value is kept
only when every seat has it equal.

>>> common({"turn": 3, "you": {"seat": "a", "hurt": False}, "units": [{"id": "u1", "x": 1}, {"id": "u2"}]},
...        {"turn": 3, "you": {"seat": "b", "hurt": False}, "units": [{"id": "u1", "x": 2}]})
{'turn': 3, 'units': [{'id': 'u1'}]}
"""

from __future__ import annotations

from typing import Any

from .game import Game
from .log import ALL, UMPIRE, Event

#: The pseudo-seat a spectator watches as (never one of a game's seats).
SPECTATOR = "spectator"

#: Fields that name the thing a dict describes, in the order they are tried.
NAMES = ("id", "seat", "name", "counter", "code")

_MISSING: Any = object()


def common(*views: Any) -> Any:
    """The part of ``views`` that every one of them shows alike (see the module's docstring)."""
    return _common(list(views), top=True)


def _common(values: list[Any], *, top: bool = False) -> Any:
    first = values[0]
    if all(v == first for v in values[1:]):
        return first
    if all(isinstance(v, dict) for v in values):
        if not top and any(_name_of(v) != _name_of(first) for v in values[1:]):
            return _MISSING  # different things under one key: a seat's own, never shown
        out = {}
        for key in first:
            if all(key in v for v in values[1:]):
                kept = _common([v[key] for v in values])
                if kept is not _MISSING:
                    out[key] = kept
        return out
    if all(isinstance(v, list) for v in values):
        return _common_list(values)
    return _MISSING


def _name_of(value: dict[str, Any]) -> tuple[str, Any] | None:
    for key in NAMES:
        if isinstance(value.get(key), str | int):
            return key, value[key]
    return None


def _common_list(lists: list[list[Any]]) -> Any:
    named = [[_name_of(item) if isinstance(item, dict) else None for item in items] for items in lists]
    if all(name is not None and len(set(names)) == len(names) for names in named for name in names):
        by_name = [dict(zip(names, items, strict=True)) for names, items in zip(named, lists, strict=True)]
        out = []
        for name in named[0]:
            if all(name in seen for seen in by_name[1:]):
                kept = _common([seen[name] for seen in by_name])
                if kept is not _MISSING:
                    out.append(kept)
        return out
    if all(len(items) == len(lists[0]) for items in lists[1:]):
        kept_items = [_common(list(column)) for column in zip(*lists, strict=True)]
        if all(item is not _MISSING for item in kept_items):
            return kept_items
    return _MISSING


def player_seats(game: Game) -> list[str]:
    return [s for s in game.seats if s != UMPIRE]


def common_view(game: Game) -> dict[str, Any]:
    """What every player seat sees now, shaped like ``Game.view`` (a spectator decides nothing)."""
    views = [game.view(s) for s in player_seats(game)]
    view = common(*({k: v for k, v in seen.items() if k != "state"} for seen in views))
    view["seat"], view["legal_actions"] = SPECTATOR, []
    view["state"] = common(*(seen["state"] for seen in views))  # a seat's own fields at the top
    return dict(view)


def common_log(game: Game) -> list[Event]:
    """The events every seat sees, numbered afresh (gaps would tell of hidden events)."""
    return [{**e, "seq": n} for n, e in enumerate(e for e in game.log.events if e["visible_to"] == ALL)]
