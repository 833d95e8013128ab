"""The table: a graph of terrain features, with movement and sighting on it.

A feature is the unit of movement (BWA-12): a street segment, intersection,
square, building, housing block, park, woods or open ground. Sight lines are
worked out once per map; smoke (BWA-13) is checked against them at play time.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import networkx as nx
from shapely.geometry import LineString, Point

from .setup import COMPASS, FeatureSpec
from .tables import OPEN_KINDS, ROAD_KINDS, SIGHT_BLOCKERS


@dataclass(frozen=True, slots=True)
class Feature:
    id: str
    kind: str
    x: float
    y: float
    name: str
    streets: frozenset[str]
    radius: float


class StreetMap:
    """Features, links, distances and precomputed sight lines (BWA-09, BWA-10).

    A map never changes once built (smoke is the board's), so games of one scenario share it
    (:func:`street_map`) and a cloned game keeps it.
    """

    def __init__(self, features: Iterable[FeatureSpec], links: Iterable[tuple[str, str]],
                 *, sight_intersections: int = 2) -> None:
        self.features = {f.id: Feature(f.id, f.kind, f.x, f.y, f.name or f.id, frozenset(f.streets),
                                       f.radius) for f in features}
        self.graph = nx.Graph()
        self.graph.add_nodes_from(self.features)
        self.graph.add_edges_from(links)
        self.neighbours = {n: tuple(sorted(self.graph.neighbors(n))) for n in self.features}
        self.distance = {a: dict(d) for a, d in nx.all_pairs_shortest_path_length(self.graph)}
        self.sight_intersections = sight_intersections
        self._street_graphs = {
            street: self.graph.subgraph([n for n, f in self.features.items() if street in f.streets])
            for street in {s for f in self.features.values() for s in f.streets}}
        # BWA-10: sight is a relation between two units, so each pair is worked out once, both ways.
        self._sight: dict[tuple[str, str], tuple[frozenset[str], ...]] = {}
        for a in self.features:
            for b in self.features:
                if a <= b:
                    self._sight[(a, b)] = self._sight[(b, a)] = self._sight_lines(a, b)
        #: The map as a JSON view (it never changes, so it is built once).
        self.as_view = {
            "features": [{"id": f.id, "kind": f.kind, "name": f.name, "x": f.x, "y": f.y,
                          "streets": sorted(f.streets)} for f in self.features.values()],
            "links": sorted([a, b] for a, b in self.graph.edges),
        }

    def __deepcopy__(self, memo: dict[int, object]) -> StreetMap:
        return self

    # -- movement (BWA-12) ----------------------------------------------------
    def dist(self, a: str, b: str) -> int:
        return self.distance[a].get(b, 10_000)

    def reach(self, start: str, rate: int, *, enter: Callable[[str], bool],
              stop: Callable[[str], bool]) -> dict[str, list[str]]:
        """Features reachable within ``rate`` moves, each with the path taken to it.

        ``enter`` says whether a feature may be entered at all; ``stop`` whether
        a move must end there (contact with an opposing unit).
        """
        paths: dict[str, list[str]] = {start: []}
        frontier = [start]
        for _ in range(rate):
            nxt = []
            for node in frontier:
                if node != start and stop(node):
                    continue
                for n in self.neighbours[node]:
                    if n not in paths and enter(n):
                        paths[n] = [*paths[node], n]
                        nxt.append(n)
            frontier = nxt
        del paths[start]
        return paths

    def bearing(self, a: str, b: str) -> float:
        fa, fb = self.features[a], self.features[b]
        return math.atan2(fb.y - fa.y, fb.x - fa.x)

    def turn(self, at: str, heading: float, turn: float) -> str | None:
        """The neighbour of ``at`` closest to ``heading + turn`` (within 60 degrees), if any."""
        want = heading + turn
        best, best_off = None, math.radians(60)
        for n in self.neighbours[at]:
            off = abs((self.bearing(at, n) - want + math.pi) % (2 * math.pi) - math.pi)
            if off <= best_off:
                best, best_off = n, off
        return best

    def downwind_line(self, start: str, wind: str, length: int) -> list[str]:
        """BWA-13 smoke pots: a line of features from ``start`` extending downwind."""
        dx, dy = COMPASS[wind]
        line = [start]
        while len(line) < length:
            nxt = self.turn(line[-1], math.atan2(dy, dx), 0.0)
            if nxt is None or nxt in line:
                break
            line.append(nxt)
        return line

    # -- sighting (BWA-09, BWA-10) ----------------------------------------------
    def sees(self, a: str, b: str, smoke: Callable[[str], bool]) -> bool:
        """True when a unit in ``a`` can see one in ``b``; smoke blocks like terrain (BWA-09 gap)."""
        if a == b:
            return True
        return any(not any(smoke(n) for n in line) for line in self._sight[(a, b)])

    def _sight_lines(self, a: str, b: str) -> tuple[frozenset[str], ...]:
        if a == b:
            return (frozenset(),)
        ends = frozenset((a, b))
        if b in self.neighbours[a]:
            return (ends,)
        fa, fb = self.features[a], self.features[b]
        if fa.kind in OPEN_KINDS and fb.kind in OPEN_KINDS:
            return self._open_line(a, b)
        return self._street_lines(a, b)

    def _open_line(self, a: str, b: str) -> tuple[frozenset[str], ...]:
        """BWA-09: a straight line; trees, buildings and housing block it."""
        fa, fb = self.features[a], self.features[b]
        line = LineString([(fa.x, fa.y), (fb.x, fb.y)])
        crossed = set()
        for f in self.features.values():
            if f.id in (a, b):
                continue
            if line.distance(Point(f.x, f.y)) < f.radius:
                if f.kind in SIGHT_BLOCKERS:
                    return ()
                crossed.add(f.id)
        return (frozenset(crossed | {a, b}),)

    def _road_ends(self, node: str) -> list[str]:
        f = self.features[node]
        if f.kind in ROAD_KINDS:
            return [node]
        return [n for n in self.neighbours[node] if self.features[n].kind in ROAD_KINDS]

    def _street_lines(self, a: str, b: str) -> tuple[frozenset[str], ...]:
        """BWA-10: up a road, ending when the units are more than two intersections apart.

        The intersections between them count, and one more if either unit stands on an
        intersection: a unit at the next intersection is one away, seen from either end."""
        lines = []
        for s in self._road_ends(a):
            for t in self._road_ends(b):
                for street in self.features[s].streets & self.features[t].streets:
                    sub = self._street_graphs[street]
                    try:
                        path = nx.shortest_path(sub, s, t)
                    except nx.NetworkXNoPath:
                        continue
                    full = [a, *[n for n in path if n not in (a, b)], b]
                    crossed = sum(1 for n in full[1:-1] if self.features[n].kind == "intersection")
                    crossed += any(self.features[n].kind == "intersection" for n in (a, b))
                    if crossed <= self.sight_intersections:
                        lines.append(frozenset(full))
        return tuple(dict.fromkeys(lines))


_MAPS: dict[tuple[object, ...], StreetMap] = {}


def street_map(features: Sequence[FeatureSpec], links: Sequence[tuple[str, str]], *,
               sight_intersections: int) -> StreetMap:
    """The map of these features and links, built once (its sight lines are the costly part) and
    shared by every game, rebuilt game (undo, replay) and clone that uses it."""
    key = (tuple((f.id, f.kind, f.x, f.y, f.name, tuple(f.streets), f.radius) for f in features),
           tuple((a, b) for a, b in links), sight_intersections)
    if key not in _MAPS:
        if len(_MAPS) >= 32:  # a long session of many scenarios: start afresh
            _MAPS.clear()
        _MAPS[key] = StreetMap(features, links, sight_intersections=sight_intersections)
    return _MAPS[key]
