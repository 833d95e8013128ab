"""The table's geometry: a grid town of streets (a networkx graph of street points, 1" = 2 m,
CD-09) and buildings (shapely polygons) that block sight (CD-06 default), and :class:`Spots`, where
the pieces stand on it.

Junctions are named ``J<column>-<row>``; the street points between them
``x<X>y<Y>`` by their coordinates in inches. A town is immutable and shared by
every game (and clone) on the same map, so its sight and distance caches are too.

>>> town = build_town(3, 3, 16, 2, ())
>>> town.pos["J1-1"], town.path_inches("J0-0", "J1-1")
((16, 16), 32)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field
from functools import cache
from typing import Generic, Protocol, TypeVar

import networkx as nx
import numpy as np
import shapely
from shapely.geometry import Point, Polygon, box
from shapely.ops import unary_union

STREET_HALF_WIDTH = 2.0  # buildings stand back 2" (4 m) from the street centre line
TOUCH = 2.9  # a crowd at a street point this close to a building touches it (CD-41)
ADJACENT_BUILDING = 1.0  # CD-46 default: sharing a wall or within 1"

_COMPASS = {"w": "west", "e": "east", "n": "north", "s": "south", "nw": "north-west", "ne": "north-east",
            "sw": "south-west", "se": "south-east"}


GOLDEN_ANGLE = math.pi * (3 - math.sqrt(5))


def layout(crowd_figures: int, centre: tuple[float, float]) -> list[list[float]]:
    """A loose, irregular mass about 0.5-0.8" apart (a sunflower spiral: no lines, no blocks)."""
    cx, cy = centre
    return [[round(cx + 0.45 * math.sqrt(i + 0.5) * math.cos(i * GOLDEN_ANGLE), 2),
             round(cy + 0.45 * math.sqrt(i + 0.5) * math.sin(i * GOLDEN_ANGLE), 2)]
            for i in range(crowd_figures)]


def building_name(building_id: str) -> str:
    """What players call a building: its id in words, a trailing compass part read first. A scenario's
    ids (``terrace_w``) are for typing orders; the screen and the log say the name.

    >>> building_name("terrace_w"), building_name("shoe_shop"), building_name("mill")
    ('the west terrace', 'the shoe shop', 'the mill')
    """
    words = building_id.split("_")
    if len(words) > 1 and words[-1] in _COMPASS:
        words = [_COMPASS[words[-1]], *words[:-1]]
    return "the " + " ".join(words)


_PARTS = {  # fractions of the block (x0, y0, x1, y1)
    "whole": (0, 0, 1, 1), "west": (0, 0, .5, 1), "east": (.5, 0, 1, 1),
    "north": (0, 0, 1, .5), "south": (0, .5, 1, 1),
    "nw": (0, 0, .5, .5), "ne": (.5, 0, 1, .5), "sw": (0, .5, .5, 1), "se": (.5, .5, 1, 1),
}


def node_name(x: int, y: int, block: int) -> str:
    if x % block == 0 and y % block == 0:
        return f"J{x // block}-{y // block}"
    return f"x{x}y{y}"


def town_nodes(columns: int, rows: int, block: int, step: int) -> list[tuple[str, int, int]]:
    """Every street point (name, x, y): along each row and each column of junctions."""
    seen: dict[str, tuple[str, int, int]] = {}
    width, height = (columns - 1) * block, (rows - 1) * block
    for r in range(rows):
        for x in range(0, width + 1, step):
            seen.setdefault(node_name(x, r * block, block), (node_name(x, r * block, block), x, r * block))
    for c in range(columns):
        for y in range(0, height + 1, step):
            seen.setdefault(node_name(c * block, y, block), (node_name(c * block, y, block), c * block, y))
    return list(seen.values())


@dataclass(frozen=True)
class BuildingShape:
    id: str
    polygon: Polygon
    fronts: tuple[str, ...]  # street points touching it
    neighbours: tuple[str, ...]  # CD-46 adjacent buildings


@dataclass(eq=False)
class Town:
    """Street graph, building shapes, exits, and cached sight and path distances."""

    columns: int
    rows: int
    block: int
    step: int
    graph: nx.Graph
    pos: dict[str, tuple[int, int]]
    buildings: dict[str, BuildingShape]
    exits: frozenset[str]
    _sight: set[tuple[str, str]] = field(default_factory=set)
    _hops: dict[str, dict[str, int]] = field(default_factory=dict)
    _within: dict[tuple[str, int], list[str]] = field(default_factory=dict)
    _near: dict[str, list[str]] = field(default_factory=dict)
    _order: dict[str, list[str]] = field(default_factory=dict)
    _headings: dict[tuple[str, str], str] = field(default_factory=dict)
    _junctions_near: dict[str, list[str]] = field(default_factory=dict)
    _nearest: dict[tuple[float, float], str] = field(default_factory=dict)
    _seen: dict[str, frozenset[str]] = field(default_factory=dict)
    _around: dict[tuple[str, float], frozenset[str]] = field(default_factory=dict)
    # Tables fixed by the map, built once (plain fields, not cached properties: the compiled
    # laboratory engine's classes have no instance dict to cache in).
    junctions: list[str] = field(init=False)
    _adjacent: dict[str, list[str]] = field(init=False)
    #: Street point -> the buildings it touches (CD-41).
    front_of: dict[str, list[str]] = field(init=False)

    def __deepcopy__(self, memo: dict[int, object]) -> Town:
        return self  # immutable table: clones share it

    @property
    def width(self) -> int:
        return (self.columns - 1) * self.block

    @property
    def height(self) -> int:
        return (self.rows - 1) * self.block

    def __post_init__(self) -> None:
        self.junctions = [n for n in self.pos if n.startswith("J")]
        self._adjacent = {n: sorted(self.graph.adj[n]) for n in self.pos}
        self.front_of = {}
        for bid, shape in sorted(self.buildings.items()):
            for f in shape.fronts:
                self.front_of.setdefault(f, []).append(bid)

    def by_distance(self, start: str) -> list[str]:
        """Every street point, nearest first along the streets (ties by name; cached)."""
        found = self._order.get(start)
        if found is None:
            hops = self.hops_to(start)
            found = self._order[start] = sorted(hops, key=lambda n: (hops[n], n))
        return found

    def neighbours(self, node: str) -> list[str]:
        return self._adjacent[node]

    def inches(self, a: str, b: str) -> float:
        # one pair unpacked at a time, and the root of a float: C code on the compiled engine
        ax, ay = self.pos[a]
        bx, by = self.pos[b]
        dx, dy = ax - bx, ay - by
        # whole-inch coordinates: the root of the exact sum, which is what math.hypot gives (checked
        # for every |dx|, |dy| < 1200)
        return math.sqrt(float(dx * dx + dy * dy))

    def inches_to_point(self, a: str, point: tuple[float, float]) -> float:
        ax, ay = self.pos[a]
        return math.hypot(ax - point[0], ay - point[1])

    def nearest_point(self, point: tuple[float, float]) -> str:
        """The street point nearest ``point`` (ties by name; cached: gas clouds drift in whole
        inches, so few points ever come up)."""
        found = self._nearest.get(point)
        if found is None:
            found = self._nearest[point] = min(self.pos, key=lambda n: (self.inches_to_point(n, point), n))
        return found

    def hops_to(self, target: str) -> dict[str, int]:
        """Street-point hops from every point to ``target`` (precomputed)."""
        return self._hops[target]

    def path_inches(self, a: str, b: str) -> int:
        return self.hops_to(b)[a] * self.step

    def within(self, start: str, inches: float) -> list[str]:
        """Street points reachable along the streets within ``inches`` (CD-14 moves), sorted."""
        limit = int(inches // self.step)
        found = self._within.get((start, limit))
        if found is None:
            hops = self.hops_to(start)
            found = self._within[(start, limit)] = sorted(n for n, h in hops.items() if 0 < h <= limit)
        return found

    def buildings_at(self, node: str) -> list[str]:
        """Buildings with a front within 2" of a street point (a unit there can go in)."""
        found = self._near.get(node)
        if found is None:
            close = [node, *(n for n in self.within(node, 2) if self.inches(node, n) <= 2)]
            found = self._near[node] = sorted({b for n in close for b in self.front_of.get(n, ())})
        return found

    def heading(self, start: str, node: str) -> str:
        """Where ``node`` lies from ``start`` in table inches, north up the table (y grows south):
        ``6" N``, ``4" E 8" S`` (cached; for action texts a person reads)."""
        found = self._headings.get((start, node))
        if found is None:
            (ax, ay), (bx, by) = self.pos[start], self.pos[node]
            parts = [f'{abs(d)}" {word}' for d, word in ((ay - by, "N"), (by - ay, "S"), (bx - ax, "E"),
                                                        (ax - bx, "W")) if d > 0]
            found = self._headings[(start, node)] = " ".join(parts) or "here"
        return found

    def by_heading(self, start: str, nodes: Iterable[str]) -> list[str]:
        """``nodes`` by compass point seen from ``start`` (N, NE, E, ... clockwise), nearest along
        the streets first within each."""
        ax, ay = self.pos[start]
        hops = self.hops_to(start)

        def key(n: str) -> tuple[int, int, float, str]:
            angle = math.degrees(math.atan2(self.pos[n][0] - ax, ay - self.pos[n][1])) % 360
            return (round(angle / 45) % 8, hops[n], angle, n)

        return sorted(nodes, key=key)

    def junctions_near(self, start: str) -> list[str]:
        """The other junctions, nearest along the streets first, ties clockwise from north (cached)."""
        found = self._junctions_near.get(start)
        if found is None:
            hops = self.hops_to(start)
            found = self._junctions_near[start] = sorted(
                self.by_heading(start, (j for j in self.junctions if j != start)), key=lambda j: hops[j])
        return found

    def step_towards(self, node: str, target: str) -> list[str]:
        """Neighbours that bring a mover nearer ``target`` along the streets."""
        hops = self.hops_to(target)
        here = hops[node]
        return [n for n in self.neighbours(node) if hops[n] < here]

    def sees(self, a: str, b: str) -> bool:
        """CD-06 default: a straight line that passes through no building (precomputed)."""
        return a == b or (a, b) in self._sight

    def seen_from(self, node: str) -> frozenset[str]:
        """Every street point :meth:`sees` from ``node``, itself included (precomputed)."""
        return self._seen[node]

    def around(self, node: str, inches: float) -> frozenset[str]:
        """Every street point within ``inches`` of ``node`` in a straight line, itself included
        (the rules ask a few fixed ranges, contact, missiles: each is worked out for every street
        point the first time it is asked, and kept)."""
        found = self._around.get((node, inches))
        if found is None:
            names = list(self.pos)
            coords = np.array([self.pos[n] for n in names], dtype=float)
            apart = np.hypot(coords[:, None, 0] - coords[None, :, 0], coords[:, None, 1] - coords[None, :, 1])
            for a, row in zip(names, apart <= inches + 1e-6, strict=True):
                # numpy finds the few candidates; the rules' own measure decides each one
                self._around[(a, inches)] = frozenset(
                    b for b in (names[i] for i in np.flatnonzero(row).tolist()) if self.inches(a, b) <= inches)
            found = self._around[(node, inches)]
        return found


@cache
def build_town(columns: int, rows: int, block: int, step: int,
               buildings: tuple[tuple[str, int, int, str], ...]) -> Town:
    """The town for a setup; cached so every game on the same map shares one."""
    nodes = town_nodes(columns, rows, block, step)
    pos = {name: (x, y) for name, x, y in nodes}
    at = {(x, y): name for name, x, y in nodes}
    graph = nx.Graph()
    graph.add_nodes_from(pos)
    for (x, y), name in at.items():
        for nxt in ((x + step, y), (x, y + step)):
            if nxt in at:
                graph.add_edge(name, at[nxt])
    shapes = {bid: _polygon(col, row, part, block) for bid, col, row, part in buildings}
    built: dict[str, BuildingShape] = {}
    for bid, poly in shapes.items():
        fronts = tuple(sorted(n for n, (x, y) in pos.items() if poly.distance(Point(x, y)) <= TOUCH))
        near = tuple(sorted(o for o, other in shapes.items()
                            if o != bid and poly.distance(other) <= ADJACENT_BUILDING))
        built[bid] = BuildingShape(bid, poly, fronts, near)
    width, height = (columns - 1) * block, (rows - 1) * block
    exits = frozenset(n for n, (x, y) in pos.items() if n.startswith("J") and (
        x in (0, width) or y in (0, height)))
    town = Town(columns, rows, block, step, graph, pos, built, exits)
    town._sight = _sight_lines(pos, [s.polygon for s in built.values()])
    seen: dict[str, set[str]] = {n: {n} for n in pos}
    for a, b in town._sight:
        seen[a].add(b)
    town._seen = {n: frozenset(v) for n, v in seen.items()}
    town._hops = {n: dict(h) for n, h in nx.all_pairs_shortest_path_length(graph)}
    return town


def _sight_lines(pos: dict[str, tuple[int, int]], polygons: list[Polygon]) -> set[tuple[str, str]]:
    """Every ordered pair of street points joined by a line through no building (CD-06)."""
    names = list(pos)
    coords = np.array([pos[n] for n in names], dtype=float)
    i, j = np.triu_indices(len(names), k=1)
    if polygons:
        lines = shapely.linestrings(np.stack([coords[i], coords[j]], axis=1))
        blockers = unary_union(polygons)
        shapely.prepare(blockers)
        clear = ~shapely.intersects(blockers, lines)
    else:
        clear = np.ones(len(i), dtype=bool)
    seen: set[tuple[str, str]] = set()
    for a, b in zip(i[clear].tolist(), j[clear].tolist(), strict=True):
        seen.add((names[a], names[b]))
        seen.add((names[b], names[a]))
    return seen


def _polygon(col: int, row: int, part: str, block: int) -> Polygon:
    x0, y0 = col * block + STREET_HALF_WIDTH, row * block + STREET_HALF_WIDTH
    size = block - 2 * STREET_HALF_WIDTH
    f = _PARTS[part]
    return box(x0 + f[0] * size, y0 + f[1] * size, x0 + f[2] * size, y0 + f[3] * size)


def nearest(town: Town, start: str, candidates: Iterable[str]) -> str | None:
    """The candidate street point nearest along the streets (ties: first by name)."""
    hops = town.hops_to(start)
    best = sorted(candidates, key=lambda n: (hops.get(n, 10**9), n))
    return best[0] if best else None


class Piece(Protocol):
    @property
    def id(self) -> str: ...

    @property
    def node(self) -> str: ...


P = TypeVar("P", bound=Piece)


class Spots(Generic[P]):
    """Where the pieces stand: crowds or units bucketed by street point, so that "which units does
    this crowd see?" or "which crowds are within 2 inches?" looks at the few places near the crowd,
    not at every piece on the table (a riot of hundreds of crowds and units costs in proportion to
    its size, not to its square). Every query answers in the order the pieces were given (table
    order), so that ties fall as they would in a walk over all of them.

    A :class:`Spots` is a snapshot: it is right while no piece moves, arrives or splits (pieces may
    fall or leave the table: callers check that). :meth:`.state.World.standing` holds one for a
    phase in which nothing moves; outside, each query builds its own.

    >>> from dataclasses import dataclass
    >>> @dataclass
    ... class Piece:
    ...     id: str
    ...     node: str
    >>> town = build_town(3, 3, 16, 2, ())
    >>> spots = Spots(town, [Piece("b", "J1-1"), Piece("a", "J0-0"), Piece("c", "x16y14")])
    >>> [p.id for p in spots.within("J1-1", 2)], [p.id for p in spots.seen_from("J1-0")]
    (['b', 'c'], ['b', 'a', 'c'])
    """

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
