"""Where the pieces stand: crowds or units bucketed by street point, so that "which units does
this crowd see?" or "which crowds are within 2 inches?" looks at the few places near the crowd,
not at every piece on the table (a riot of hundreds of crowds and units costs in proportion to
its size, not to its square).

A :class:`Spots` is a snapshot: it is right while no piece moves, arrives or splits (pieces may
fall or leave the table: callers check that). :meth:`.world.World.standing` holds one for a
phase in which nothing moves; outside, each query builds its own.

>>> from dataclasses import dataclass
>>> from riotact.rulesets.civil_disorder.town import build_town
>>> @dataclass
... class Piece:
...     id: str
...     node: str
>>> town = build_town(3, 3, 16, 2, ())
>>> spots = Spots(town, [Piece("b", "J1-1"), Piece("a", "J0-0"), Piece("c", "x16y14")])
>>> [p.id for p in spots.within("J1-1", 2)], [p.id for p in spots.seen_from("J1-0")]
(['b', 'c'], ['b', 'a', 'c'])
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Iterable
from typing import Generic, Protocol, TypeVar

from .town import Town


class Piece(Protocol):
    @property
    def id(self) -> str: ...

    @property
    def node(self) -> str: ...


P = TypeVar("P", bound=Piece)


class Spots(Generic[P]):
    """Pieces by street point; every query answers in the order the pieces were given (table
    order), so that ties fall as they would in a walk over all of them."""

    def __init__(self, town: Town, pieces: Iterable[P]) -> None:
        self.town = town
        self.at: dict[str, list[P]] = {}
        self._rank: dict[int, int] = {}  # id(piece) -> table order
        self._by_id: dict[str, list[P]] = {}  # street point -> its pieces by id (made when asked)
        at, rank = self.at, self._rank
        for n, piece in enumerate(pieces):
            rank[id(piece)] = n
            here = at.get(piece.node)
            if here is None:
                at[piece.node] = [piece]
            else:
                here.append(piece)

    def occupied(self, places: Collection[str]) -> list[str]:
        """The street points of ``places`` where pieces stand (walking the smaller of the two)."""
        at = self.at
        if len(at) <= len(places):
            return [n for n in at if n in places]
        return [n for n in places if n in at]

    def gather(self, nodes: list[str], *, ordered: bool = True) -> list[P]:
        """The pieces at ``nodes``, in table order (``ordered=False``: by street point, for
        callers that sum or take a minimum with a key of their own)."""
        if len(nodes) <= 1:
            return list(self.at[nodes[0]]) if nodes else []
        found = [p for n in nodes for p in self.at[n]]
        if ordered:
            rank = self._rank
            found.sort(key=lambda p: rank[id(p)])
        return found

    def seen_from(self, node: str, *, ordered: bool = True) -> list[P]:
        """Pieces in sight of ``node`` (CD-06), those at it included."""
        return self.gather(self.occupied(self.town.seen_from(node)), ordered=ordered)

    def within(self, node: str, inches: float, *, ordered: bool = True) -> list[P]:
        """Pieces within ``inches`` of ``node`` in a straight line."""
        return self.gather(self.occupied(self.town.around(node, inches)), ordered=ordered)

    def nearest(self, node: str, live: Callable[[P], bool], places: Collection[str] | None = None) -> P | None:
        """The ``live`` piece nearest ``node`` in a straight line (of those at ``places``, if
        given); on a tie, the first in table order."""
        town, rank = self.town, self._rank
        best: P | None = None
        best_inches, best_rank = math.inf, 0  # (inches, rank) compared in order, as a tuple would be
        for n in (self.at if places is None else self.occupied(places)):
            piece = next((p for p in self.at[n] if live(p)), None)
            if piece is not None:
                inches, order = town.inches(node, n), rank[id(piece)]
                if inches < best_inches or (inches == best_inches and order < best_rank):
                    best, best_inches, best_rank = piece, inches, order
        return best

    def nearest_by_id(self, node: str, places: Collection[str], fits: Callable[[P], bool]) -> P | None:
        """The piece at ``places`` that ``fits``, nearest ``node`` in a straight line; on a tie,
        the lowest id. At each street point only the first fitting piece in id order is looked
        at: pieces stacked on one point cost a look or two, not one each."""
        town, at, by_id = self.town, self.at, self._by_id
        best: P | None = None
        best_inches, best_id = math.inf, ""  # (inches, id) compared in order, as a tuple would be
        for n in self.occupied(places):
            here = by_id.get(n)
            if here is None:
                here = by_id[n] = sorted(at[n], key=lambda p: p.id)
            piece = next((p for p in here if fits(p)), None)
            if piece is not None:
                inches = town.inches(node, n)
                if inches < best_inches or (inches == best_inches and piece.id < best_id):
                    best, best_inches, best_id = piece, inches, piece.id
        return best
