"""Table geometry with shapely: everything a ruler, a sight string and a template do on a real table.

Points are ``(x, y)`` in inches, ``y`` growing towards the top (north) edge of the table.

>>> wall = Feature("wall", "the wall", [(4, -1), (4.5, -1), (4.5, 6), (4, 6)], cover=True,
...                obstacle="most")
>>> house = Feature("house", "the house", [(8, 8), (12, 8), (12, 12), (8, 12)], blocks_sight=True,
...                 impassable=True)
>>> t = Table(24, 24, [wall, house])
>>> round(t.distance((0, 0), (3, 4)), 2), round(t.ruler((0, 0), 0.5, (3, 4), 0.5), 2)
(5.0, 4.0)
>>> t.line_of_sight((6, 10), (14, 10)), t.line_of_sight((6, 6), (14, 6))
(False, True)
>>> t.cover_for((0, 2), (5, 2)).name
'the wall'
>>> [f.name for f in t.obstacles_crossed((2, 2), (6, 2))]
['the wall']
>>> t.path_problem((6, 10), (14, 10))
'the path goes through the house'
>>> arrow_point((0, 0), 1, 2.0)
(0.0, 2.0)
>>> clock_point((0, 0), 90.0, 12, 3.0), clock_point((0, 0), 0.0, 3, 2.0)
((3.0, 0.0), (2.0, 0.0))
>>> bearing((0, 0), (1, 1)), in_arc(0.0, 90.0, (0, 0), (1, 1)), in_arc(0.0, 45.0, (0, 0), (1, 0.5))
(45.0, True, False)
>>> beside([(8, 8), (12, 8), (12, 12), (8, 12)], (8, 10), 1.0)
(7.0, 10.0)
>>> steeper_than((0, 0), 4.0, (3, 0), 0.0, 45.0), steeper_than((0, 0), 4.0, (5, 0), 0.0, 45.0)
(True, False)
>>> spots_in([(0, 0), (2, 0), (2, 2), (0, 2)], 4, 1.0)
[(0.5, 0.5), (1.5, 0.5), (0.5, 1.5), (1.5, 1.5)]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, fields
from functools import cached_property
from typing import TypeVar

from shapely import intersects_xy, prepare
from shapely.geometry import LineString, Point, Polygon
from shapely.prepared import prep
from shapely.validation import explain_validity

XY = tuple[float, float]
T = TypeVar("T")

#: Arrow die faces 1..6 point north, then every 60 degrees clockwise (bearings in degrees).
ARROW_BEARINGS = (0, 60, 120, 180, 240, 300)
#: How many answers a table keeps before it starts again (a long game asks at ever new points).
_KNOWN_LIMIT = 200_000
_NO_LINE = LineString()  # no feature is near: the line is never asked about
_WORDS = ("north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west")


@dataclass
class Feature:
    """A piece of terrain: an outline and what it does to sight, cover and movement."""

    id: str
    name: str
    outline: Sequence[XY]
    cover: bool = False
    #: None, or an obstacle class the ruleset prices ("most", "difficult", "really_difficult").
    obstacle: str | None = None
    blocks_sight: bool = False
    impassable: bool = False
    height: int = 0
    tags: dict[str, object] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.shape = Polygon(self.outline)
        prepare(self.shape)
        self._prepared = prep(self.shape)
        self.bounds: tuple[float, float, float, float] = self.shape.bounds

    def near(self, a: XY, b: XY) -> bool:
        """Whether the box around the segment ``a``-``b`` meets this feature's box (a cheap first test)."""
        return bool(nearby((self,), a, b))

    def __deepcopy__(self, memo: dict[int, object]) -> Feature:
        return self  # terrain never changes in play; shared by clones (prepared shapes cannot be copied)

    def __reduce__(self) -> tuple[type[Feature], tuple[object, ...]]:
        # A prepared shape cannot be pickled: rebuild the feature from its fields, which prepares anew.
        return Feature, tuple(getattr(self, f.name) for f in fields(self))

    def contains(self, p: XY) -> bool:
        """Whether ``p`` is inside or on the outline (a box test first: most features are far away)."""
        x0, y0, x1, y1 = self.bounds
        if p[0] < x0 or p[0] > x1 or p[1] < y0 or p[1] > y1:
            return False
        return bool(intersects_xy(self.shape, p[0], p[1]))

    def crossed_by(self, line: LineString) -> bool:
        return bool(self._prepared.intersects(line))

    @cached_property
    def centre(self) -> XY:
        c = self.shape.representative_point()
        return (round(c.x, 1), round(c.y, 1))


def nearby(features: Iterable[Feature], a: XY, b: XY) -> list[Feature]:
    """Those of ``features`` whose box meets the box around the segment ``a``-``b`` (a cheap first
    test: the segment's box is worked out once for all of them)."""
    (ax, ay), (bx, by) = a, b
    left, right = (ax, bx) if ax < bx else (bx, ax)
    low, high = (ay, by) if ay < by else (by, ay)
    return [f for f in features if right >= f.bounds[0] and left <= f.bounds[2] and high >= f.bounds[1]
            and low <= f.bounds[3]]


class Table:
    """A rectangular table ``width`` by ``depth`` inches with its terrain."""

    def __init__(self, width: float, depth: float, features: Iterable[Feature] = ()) -> None:
        self.width, self.depth = float(width), float(depth)
        self.features = list(features)
        self.by_id = {f.id: f for f in self.features}
        self._sight = [f for f in self.features if f.blocks_sight]
        self._walls = [f for f in self.features if f.impassable]
        #: The answers of the terrain's questions so far, by question and points: the terrain never
        #: changes in play, so each pair of points is measured once (and clones share the answers).
        self._known: dict[tuple[object, ...], object] = {}

    def _remember(self, key: tuple[object, ...], answer: object) -> None:
        if len(self._known) >= _KNOWN_LIMIT:
            self._known.clear()
        self._known[key] = answer

    def known(self, key: tuple[object, ...], work: Callable[[], T]) -> T:
        """The answer to a ruleset's own question about the terrain, worked out once: ``key`` must
        name everything the answer depends on besides the terrain (points, and what changes)."""
        if key not in self._known:
            self._remember(key, work())
        return self._known[key]  # type: ignore[return-value]

    def __deepcopy__(self, memo: dict[int, object]) -> Table:
        return self  # the table never changes in play; game clones share it

    # -- rulers ------------------------------------------------------------
    @staticmethod
    def distance(a: XY, b: XY) -> float:
        """Centre to centre."""
        return math.hypot(b[0] - a[0], b[1] - a[1])

    def ruler(self, a: XY, base_a: float, b: XY, base_b: float) -> float:
        """Edge of base to edge of base, as a ruler on the table measures it (never below 0)."""
        return max(0.0, self.distance(a, b) - base_a - base_b)

    def on_table(self, p: XY) -> bool:
        return 0 <= p[0] <= self.width and 0 <= p[1] <= self.depth

    # -- sight and cover ---------------------------------------------------
    def sight_blocker(self, a: XY, b: XY) -> Feature | None:
        """The first feature that blocks the line from ``a`` to ``b`` (a figure inside one sees out)."""
        key = ("sight", a[0], a[1], b[0], b[1])
        if key not in self._known:
            near = nearby(self._sight, a, b)
            line = LineString([a, b]) if near else _NO_LINE
            self._remember(key, next((f for f in near if f.crossed_by(line) and not f.contains(a)
                                      and not f.contains(b)), None))
        return self._known[key]  # type: ignore[return-value]

    def line_of_sight(self, a: XY, b: XY) -> bool:
        return self.sight_blocker(a, b) is None

    def cover_for(self, firer: XY, target: XY, *, behind: float = 1.0) -> Feature | None:
        """The cover a target has from a firer: a cover feature it stands in, or one the line of
        fire crosses within ``behind`` inches of the target (behind the wall)."""
        return next((f for f in self.features if f.cover and self.covers(f, firer, target, behind=behind)), None)

    @staticmethod
    def covers(f: Feature, firer: XY, target: XY, *, behind: float = 1.0) -> bool:
        """Whether ``f`` would cover the target from the firer (whatever the feature's own cover flag):
        the target stands in it, or the line of fire crosses it within ``behind`` inches of the target."""
        if f.contains(firer):
            return False
        if f.contains(target):
            return True
        line = LineString([firer, target])
        return f.crossed_by(line) and bool(f.shape.intersects(line.intersection(Point(target).buffer(behind))))

    # -- movement -----------------------------------------------------------
    def path_problem(self, a: XY, b: XY) -> str | None:
        """Why a straight move from ``a`` to ``b`` is impossible, or None."""
        if not self.on_table(b):
            return f"({b[0]:.1f}, {b[1]:.1f}) is off the table ({self.width:g}\" by {self.depth:g}\")"
        key = ("wall", a[0], a[1], b[0], b[1])
        if key not in self._known:
            near = nearby(self._walls, a, b)
            line = LineString([a, b]) if near else _NO_LINE
            self._remember(key, next((f for f in near if f.crossed_by(line)), None))
        wall = self._known[key]
        return f"the path goes through {wall.name}" if isinstance(wall, Feature) else None

    def crossed(self, a: XY, b: XY) -> list[Feature]:
        """Features the straight path from ``a`` to ``b`` meets, except those ``a`` stands in."""
        key = ("crossed", a[0], a[1], b[0], b[1])
        if key not in self._known:
            near = nearby(self.features, a, b)
            line = LineString([a, b]) if near else _NO_LINE
            self._remember(key, tuple(f for f in near if f.crossed_by(line) and not f.contains(a)))
        return list(self._known[key])  # type: ignore[call-overload]

    def obstacles_crossed(self, a: XY, b: XY) -> list[Feature]:
        """Obstacles the straight path meets (not the one a figure already stands in)."""
        return [f for f in self.crossed(a, b) if f.obstacle and not f.impassable]

    def height_at(self, p: XY) -> int:
        return max((f.height for f in self.features_at(p) if f.height), default=0)

    def features_at(self, p: XY) -> list[Feature]:
        key = ("at", p[0], p[1])
        if key not in self._known:
            self._remember(key, tuple(f for f in self.features if f.contains(p)))
        return list(self._known[key])  # type: ignore[call-overload]

    def clamp(self, p: XY) -> XY:
        return (min(max(p[0], 0.0), self.width), min(max(p[1], 0.0), self.depth))


def step_toward(a: XY, b: XY, length: float) -> XY:
    """The point ``length`` inches from ``a`` towards ``b`` (``b`` itself if nearer), to 0.1"."""
    d = math.hypot(b[0] - a[0], b[1] - a[1])
    if d <= length or d == 0:
        return (round(b[0], 1), round(b[1], 1))
    f = length / d
    return (round(a[0] + (b[0] - a[0]) * f, 1), round(a[1] + (b[1] - a[1]) * f, 1))


def arrow_point(origin: XY, face: int, distance: float) -> XY:
    """Where an arrow die face (1..6) sends a point ``distance`` inches from ``origin``."""
    rad = math.radians(ARROW_BEARINGS[face - 1])
    return (round(origin[0] + distance * math.sin(rad), 2), round(origin[1] + distance * math.cos(rad), 2))


def clock_point(origin: XY, ahead: float, face: int, distance: float) -> XY:
    """Where a D12 clock-face direction sends a point ``distance`` inches from ``origin``: 12 is
    ``ahead`` (a bearing in degrees, 0 = north), 3 to its right, 6 back, 9 to its left (30 degrees a face)."""
    rad = math.radians(ahead + 30 * (face % 12))
    return (round(origin[0] + distance * math.sin(rad), 2), round(origin[1] + distance * math.cos(rad), 2))


def bearing(a: XY, b: XY) -> float:
    """The bearing from ``a`` to ``b`` in degrees, 0 = north (towards growing ``y``), clockwise."""
    return round(math.degrees(math.atan2(b[0] - a[0], b[1] - a[1])) % 360, 6)


def in_arc(facing: float, width: float, a: XY, b: XY) -> bool:
    """Whether ``b`` lies inside the arc of ``width`` degrees centred on ``facing``, seen from ``a``."""
    off = (bearing(a, b) - facing + 180) % 360 - 180
    return abs(off) <= width / 2 + 1e-9


def bearing_word(a: XY, b: XY) -> str:
    """The compass word for the direction from ``a`` to ``b`` ("north-east")."""
    deg = math.degrees(math.atan2(b[0] - a[0], b[1] - a[1])) % 360
    return _WORDS[int((deg + 22.5) // 45) % 8]


def beside(outline: Sequence[XY], at: XY, distance: float) -> XY:
    """The point ``distance`` inches straight out from ``at`` on the nearest edge of ``outline``
    (outside the polygon): where a figure stands in front of a door or window."""
    shape = Polygon(outline)
    ring = shape.exterior
    along = ring.project(Point(at))
    a, b = ring.interpolate(max(along - 0.01, 0.0)), ring.interpolate(min(along + 0.01, ring.length))
    ex, ey = b.x - a.x, b.y - a.y
    norm = math.hypot(ex, ey) or 1.0
    nx, ny = ey / norm, -ex / norm
    p = (at[0] + nx * distance, at[1] + ny * distance)
    if shape.covers(Point(p)):
        p = (at[0] - nx * distance, at[1] - ny * distance)
    return (round(p[0], 2), round(p[1], 2))


def steeper_than(a: XY, height_a: float, b: XY, height_b: float, degrees: float) -> bool:
    """Whether the line between two points at these heights (inches) rises more steeply than
    ``degrees`` from the table."""
    flat = math.hypot(b[0] - a[0], b[1] - a[1])
    return abs(height_b - height_a) > flat * math.tan(math.radians(degrees)) + 1e-9


def simple_outline(outline: list[XY]) -> list[XY]:
    """A scenario's outline, refused (ValueError, one line) unless it is a simple polygon with an area:
    one that crosses itself has no inside a ruler can measure, and shapely fails on it in play.

    >>> simple_outline([(0, 0), (2, 0), (2, 2), (0, 2)])
    [(0, 0), (2, 0), (2, 2), (0, 2)]
    >>> simple_outline([(0, 0), (2, 2), (2, 0), (0, 2)])
    Traceback (most recent call last):
    ...
    ValueError: the outline crosses itself at (1, 1)
    """
    if not all(math.isfinite(c) for point in outline for c in point):
        raise ValueError("the outline's points must be finite numbers")
    shape = Polygon(outline)
    if shape.convex_hull.area == 0:
        raise ValueError("the outline has no area (its points lie on one line)")
    if shape.is_valid:
        return outline
    where = explain_validity(shape)
    at = where[where.find("[") + 1:where.find("]")].split() if "[" in where else []
    place = f" at ({float(at[0]):g}, {float(at[1]):g})" if len(at) == 2 else ""
    what = "crosses itself" if where.startswith(("Self-intersection", "Ring Self-intersection")) else \
        f"is not a simple polygon ({where.split('[')[0].strip().lower()})"
    raise ValueError(f"the outline {what}{place}")


def spots_in(outline: Sequence[XY], n: int, spacing: float) -> list[XY]:
    """``n`` places for figures inside ``outline`` on a square lattice of ``spacing`` inches (rows
    from the lowest ``y``), closer together if the room is too small; the last places repeat when
    even a quarter of the spacing will not do."""
    shape = Polygon(outline)
    x0, y0, x1, y1 = shape.bounds
    gap = spacing
    spots: list[XY] = []
    while gap >= spacing / 4:
        spots = []
        y = y0 + gap / 2
        while y < y1:
            x = x0 + gap / 2
            while x < x1:
                if shape.contains(Point(x, y)):
                    spots.append((round(x, 2), round(y, 2)))
                x += gap
            y += gap
        if len(spots) >= n:
            return spots[:n]
        gap /= 2
    if not spots:
        c = shape.representative_point()
        spots = [(round(c.x, 2), round(c.y, 2))]
    return [spots[min(i, len(spots) - 1)] for i in range(n)]
def sight_report(table: Table, a: XY, b: XY, cover: str = "") -> dict[str, object]:
    """Line of sight from ``a`` to ``b`` in plain words, for a board's "show sight" (the caller builds
    ``table`` from what the seat may know, and describes the cover it works out for ``b``, if any).

    >>> house = Feature("house", "the house", [(8, 8), (12, 8), (12, 12), (8, 12)], blocks_sight=True)
    >>> sight_report(Table(24, 24, [house]), (6, 10), (14, 10))["text"]
    'no line of sight: the house is in the way (8.0" centre to centre)'
    """
    blocker = table.sight_blocker(a, b)
    distance = round(table.distance(a, b), 2)
    if blocker is not None:
        text = f"no line of sight: {blocker.name} is in the way ({distance:.1f}\" centre to centre)"
    else:
        text = f"clear line of sight, {distance:.1f}\" centre to centre" + (f"; in cover: {cover}" if cover else "")
    return {"from": list(a), "to": list(b), "clear": blocker is None, "distance": distance,
            "blocker": blocker.name if blocker else "", "cover": cover if blocker is None else "", "text": text}
