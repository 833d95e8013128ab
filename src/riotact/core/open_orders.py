"""Orders still open in a step where each piece gives one order, kept so that a decision costs little.

When every piece may name every other (a message to each unit of the side, a search of each unit
it sees), a seat's legal list grows as the square of the pieces, so it
is never built whole to take one decision. Each piece keeps its *own* orders, and orders of the same
shape for many pieces are one :class:`Run` (verbs, the arguments, the pieces that may give it).
:class:`OrderList` is one seat's legal list read through them, ending with the action that closes
the step: its length, any position (what a random bot picks) and any id (what ``apply`` checks)
come without building the others; iterating gives every order, for views, people and learning.

>>> from riotact.core.protocol import Action, record_copy
>>> orders = Orders()
>>> run = orders.run((("message", "send a message to {}"),), [("a", "A"), ("b", "B")], skip_self=True)
>>> orders.add("a", "p", "A", [], [run])
>>> legal = OrderList(orders, "p", Action("done", "End the orders"))
>>> [action.id for action in legal]
['a:message:b', 'done']
>>> legal.find("a:message:a") is None
True

Where a seat's pieces each have their own list, some of it against every item of another list
(Civil Disorder: each unit in earshot may be sent against each crowd its player knows of), the
list is a :class:`Chain` of parts, each a tuple built once or a :class:`Grid` (verbs against
items, made as read), kept in the rules' own order:

>>> grid = Grid(["A", "B"], ["charge", "gas"], lambda item, verb: Action(f"{verb}:{item}", f"{verb} {item}"))
>>> chain = Chain([(Action("pass", "Pass"),), grid], {"": (0, 1), "u1": (1, 2)},
...               lambda action_id: "u1" if ":" in action_id else "")
>>> len(chain), chain[3].id, chain.find("gas:A").text
(5, 'charge:B', 'gas A')
>>> chain.find("gas:C") is None
True
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import accumulate
from typing import overload

from riotact.core.compiling import mypyc_attr
from riotact.core.protocol import Action, record_copy


def split(action_id: str) -> tuple[str, str, str]:
    """An order id ``<piece>:<verb>[:<argument>]`` in its three parts."""
    key, verb, *rest = action_id.split(":", 2)
    return key, verb, rest[0] if rest else ""


@dataclass
class Run:
    """Orders of one shape open to several pieces: each holder may give each verb against each
    item ``(argument, how texts name it)``. ``skip_self``: a holder is among the items and may not
    name itself (a message to oneself). ``use``: the once-per-turn use an item's order takes up (a
    reserve asked for once), as ``use + argument``; the item closes for every holder once it is used."""

    verbs: tuple[tuple[str, str], ...]
    items: list[tuple[str, str]]
    skip_self: bool = False
    use: str = ""
    holders: dict[str, list[str]] = field(default_factory=dict)  # seat -> open pieces, in order

    def __post_init__(self) -> None:
        self.labels = dict(self.items)
        self._place = {arg: i for i, (arg, _) in enumerate(self.items)} if self.skip_self else {}
        self._count()

    def __deepcopy__(self, memo: dict[int, object]) -> Run:
        return record_copy(self, memo)  # for search: its containers copied, its values shared

    def _count(self) -> None:
        #: The orders each holder has in this run.
        self.width = max(len(self.items) - self.skip_self, 0) * len(self.verbs)

    def action(self, key: str, name: str, at: int) -> Action:
        item, v = divmod(at, len(self.verbs))
        if self.skip_self and item >= self._place[key]:
            item += 1
        arg, label = self.items[item]
        verb, text = self.verbs[v]
        return Action(f"{key}:{verb}:{arg}", f"{name}: {text.replace('{}', label)}")

    def find(self, key: str, name: str, verb: str, arg: str) -> Action | None:
        if arg not in self.labels or (self.skip_self and arg == key):
            return None
        text = next((t for v, t in self.verbs if v == verb), None)
        if text is None:
            return None
        return Action(f"{key}:{verb}:{arg}", f"{name}: {text.replace('{}', self.labels[arg])}")

    def close(self, use: str) -> None:
        """The once-per-initiative ``use`` is taken: its item closes (never a skip_self run)."""
        arg = use[len(self.use):]
        if self.use and use.startswith(self.use) and arg in self.labels:
            del self.labels[arg]
            self.items = [item for item in self.items if item[0] != arg]
            self._count()


@dataclass
class Piece:
    """A piece that may still be ordered this step: its own orders (each with the use it takes up,
    or "") and the runs it holds."""

    seat: str
    name: str
    own: list[tuple[Action, str]]
    runs: list[Run]
    open: bool = True

    def __deepcopy__(self, memo: dict[int, object]) -> Piece:
        return record_copy(self, memo)  # for search: its containers copied, its values shared


class Orders:
    """The orders of one side's step: pieces in order, shared runs, and per seat the open pieces
    with the number of their own orders (kept as orders are given, never recounted)."""

    def __init__(self) -> None:
        self.pieces: dict[str, Piece] = {}
        self.runs: list[Run] = []
        self.keys: dict[str, list[str]] = {}
        self.sizes: dict[str, list[int]] = {}
        self._by_use: dict[str, list[str]] = {}

    def run(self, verbs: tuple[tuple[str, str], ...], items: list[tuple[str, str]], *,
            skip_self: bool = False, use: str = "") -> Run:
        """A new run of this step's orders (see :class:`Run`)."""
        self.runs.append(Run(verbs, items, skip_self, use))
        return self.runs[-1]

    def add(self, key: str, seat: str, name: str, own: list[tuple[Action, str]], runs: list[Run]) -> None:
        self.pieces[key] = Piece(seat, name, own, runs)
        self.keys.setdefault(seat, []).append(key)
        self.sizes.setdefault(seat, []).append(len(own))
        for run in runs:
            run.holders.setdefault(seat, []).append(key)
        for use in {use for _, use in own if use}:
            self._by_use.setdefault(use, []).append(key)

    def take(self, key: str, use: str) -> None:
        """``key`` has its order for this step, which takes up ``use`` (or "")."""
        piece = self.pieces.get(key)
        if piece is not None and piece.open:
            piece.open = False
            at = self.keys[piece.seat].index(key)
            del self.keys[piece.seat][at], self.sizes[piece.seat][at]
            for run in piece.runs:
                run.holders[piece.seat].remove(key)
        if not use:
            return
        for other in self._by_use.get(use, ()):
            holder = self.pieces[other]
            holder.own = [(a, u) for a, u in holder.own if u != use]
            if holder.open:
                keys = self.keys[holder.seat]
                self.sizes[holder.seat][keys.index(other)] = len(holder.own)
        for run in self.runs:
            run.close(use)


@mypyc_attr(allow_interpreted_subclasses=True)  # copied without __init__ (core/compiling.py)
class ActionsAsRead(Sequence[Action]):
    """A legal list whose actions are made as they are read: a subclass counts itself (``_len``) and
    makes the action at a position in range (``_at``); slices, negative positions and the range are
    checked here."""

    _len: int

    def _at(self, index: int) -> Action:
        raise NotImplementedError

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        if isinstance(index, slice):
            return list(self)[index]
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError(index)
        return self._at(index)


@mypyc_attr(allow_interpreted_subclasses=True)  # copied without __init__ (core/compiling.py)
class OrderList(ActionsAsRead):
    """One seat's legal orders now, then ``last`` (the action that ends its orders): every piece's own
    orders in turn, then each run holder by holder. Built per decision at the cost of one sum per
    open piece (done in C) and one per run; an order is made only when it is read."""

    def __init__(self, orders: Orders, seat: str, last: Action) -> None:
        self._orders, self._seat, self._last = orders, seat, last
        self._keys = orders.keys.get(seat, [])
        self._ends = list(accumulate(orders.sizes.get(seat, [])))
        total = self._ends[-1] if self._ends else 0
        self._runs: list[tuple[int, Run, list[str]]] = []
        for run in orders.runs:
            holders = run.holders.get(seat)
            if holders and run.width:
                self._runs.append((total, run, holders))
                total += len(holders) * run.width
        self._starts = [start for start, _, _ in self._runs]
        self._len = total + 1

    def _at(self, index: int) -> Action:
        if index == self._len - 1:
            return self._last
        pieces = self._orders.pieces
        if self._ends and index < self._ends[-1]:
            p = bisect_right(self._ends, index)
            return pieces[self._keys[p]].own[index - (self._ends[p - 1] if p else 0)][0]
        start, run, holders = self._runs[bisect_right(self._starts, index) - 1]
        holder, at = divmod(index - start, run.width)
        key = holders[holder]
        return run.action(key, pieces[key].name, at)

    def __iter__(self) -> Iterator[Action]:
        pieces = self._orders.pieces
        for key in self._keys:
            for action, _ in pieces[key].own:
                yield action
        for _, run, holders in self._runs:
            for key in holders:
                for at in range(run.width):
                    yield run.action(key, pieces[key].name, at)
        yield self._last

    def __contains__(self, action: object) -> bool:
        return isinstance(action, Action) and self.find(action.id) == action

    def find(self, action_id: str) -> Action | None:
        """The legal order ``action_id``, or None, without reading the others."""
        if action_id == self._last.id:
            return self._last
        if ":" not in action_id:
            return None
        key, verb, arg = split(action_id)
        piece = self._orders.pieces.get(key)
        if piece is None or not piece.open or piece.seat != self._seat:
            return None
        found = next((a for a, _ in piece.own if a.id == action_id), None)
        for run in piece.runs:
            found = found or run.find(key, piece.name, verb, arg)
        return found


@mypyc_attr(allow_interpreted_subclasses=True)  # copied without __init__ (core/compiling.py)
class Grid(ActionsAsRead):
    """Each of ``verbs`` against each of ``items``, item by item (``make(item, verb)`` builds one
    action when it is read): a piece's orders against every target its seat knows of."""

    def __init__(self, items: Sequence[str], verbs: Sequence[str], make: Callable[[str, str], Action]) -> None:
        self._items, self._verbs, self._make = items, verbs, make
        self._len = len(items) * len(verbs)

    def _at(self, index: int) -> Action:
        item, verb = divmod(index, len(self._verbs))
        return self._make(self._items[item], self._verbs[verb])

    def __iter__(self) -> Iterator[Action]:
        make, verbs = self._make, self._verbs
        for item in self._items:
            for verb in verbs:
                yield make(item, verb)


@mypyc_attr(allow_interpreted_subclasses=True)  # copied without __init__ (core/compiling.py)
class Chain(ActionsAsRead):
    """A seat's legal list as its parts one after the other (tuples, :class:`Grid` s, any sequence
    of actions). Its length and any position cost one bisect over the parts' ends, counted when
    the chain is made (one ``len`` per part), so a decision costs what the parts cost to count,
    not to build. ``sections`` files the parts under keys (a key -> the range ``(first, end)`` of
    its parts) and ``section_of`` names the key an action id is filed under, so that :meth:`find`
    reads only the parts the id can be in."""

    def __init__(self, parts: Sequence[Sequence[Action]], sections: Mapping[str, tuple[int, int]],
                 section_of: Callable[[str], str]) -> None:
        self._parts, self._sections, self._section_of = parts, sections, section_of
        self._ends = list(accumulate(len(part) for part in parts))
        self._len = self._ends[-1] if self._ends else 0

    def _at(self, index: int) -> Action:
        p = bisect_right(self._ends, index)
        return self._parts[p][index - (self._ends[p - 1] if p else 0)]

    def __iter__(self) -> Iterator[Action]:
        for part in self._parts:
            yield from part

    def __contains__(self, action: object) -> bool:
        return isinstance(action, Action) and any(action in part for part in self._parts)

    def find(self, action_id: str) -> Action | None:
        first, end = self._sections.get(self._section_of(action_id), (0, 0))
        for part in self._parts[first:end]:
            for action in part:
                if action.id == action_id:
                    return action
        return None
