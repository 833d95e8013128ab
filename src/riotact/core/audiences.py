"""Audiences every ruleset's ``view.py`` shares: who is told of an event (``visible_to``).

A ruleset's ``view.py`` is the one statement of what a seat knows; it takes these two as they are
(they read nothing of the game) and defines its own (witnesses, a side) beside them.

>>> seats_only(None, "p2", "", "p1", "p2"), umpire_only(None)
(['p2', 'p1'], [])
"""

from __future__ import annotations


def umpire_only(world: object) -> list[str]:
    """The umpire alone (he sees everything); no seat is told."""
    return []


def seats_only(world: object, *seats: str) -> list[str]:
    """These seats alone (and the umpire), in the order named, each once (a blank name tells no one)."""
    return list(dict.fromkeys(seat for seat in seats if seat))
