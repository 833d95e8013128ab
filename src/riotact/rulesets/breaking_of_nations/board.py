"""The table's geometry: rulers, cover, sight and going over the terrain and the wire still standing
(``Ground``, which the game holds and the odds rebuild from a seat's view), the web board's sight line,
and buildings' and watchtowers' fixed geometry (``Blueprint``).

A building is either sectioned (enclosed: models are recorded by room, BON-090) or open-able
(models stand in its rooms and moving between levels costs the height in inches, BON-089), per
BON-088. Its sections are rooms or corridors on a floor ``floor`` inches above the ground; its
openings are doors (light, heavy or locked, BON-094), windows (BON-091) or a watchtower's ladder
(BON-099), each on the wall of one section (to the outside) or between two sections.

>>> from riotact.rulesets.breaking_of_nations.setup import BuildingCard
>>> card = BuildingCard(id="farm", name="the farm", material="wooden",
...     outline=[(0, 0), (6, 0), (6, 4), (0, 4)],
...     sections=[{"id": "kitchen", "outline": [(0, 0), (3, 0), (3, 4), (0, 4)]},
...               {"id": "barn", "outline": [(3, 0), (6, 0), (6, 4), (3, 4)]}],
...     openings=[{"id": "door", "kind": "door", "at": (0, 2), "sections": ["kitchen"]},
...               {"id": "hall", "kind": "door", "at": (3, 2), "sections": ["kitchen", "barn"]}])
>>> plan = Blueprint(card)
>>> plan.cv, plan.armour_class, plan.size, plan.damage_points   # BON-092, BON-093
(6, 1, 2, 4)
>>> plan.openings["door"].outside, plan.links("kitchen")
((-0.75, 2.0), [('door', ''), ('hall', 'barn')])
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from shapely.geometry import LineString, Point, Polygon
from shapely.ops import unary_union

from riotact.tabletop import Feature, Table, beside, sight_report, step_toward

from .tables import BASE, MOVE_ORDER, TERRAIN, WEAPONS, terrain_speed

if TYPE_CHECKING:
    from .setup import BuildingCard, OpeningCard
    from .state import Cut, Soldier

XY = tuple[float, float]
CONTACT = 0.1  # bases this close (edge to edge) are in base contact (BON-031)
GRID = 0.1  # inches: where engine-driven moves land (the menu's points are written to 0.1")
#: BON-092 / BON-093: a building's CV and Armour Class by material.
MATERIALS = {"wooden": (6, 1), "stone": (9, 2), "fortification": (15, 3)}
DOORSTEP = 0.75  # where a figure stands in front of an opening (inches from the wall)
KNOWN_LIMIT = 100_000  # answers a building keeps about its walls before it starts again


class Ground:
    """The table's rulers, cover, sight and movement: what reads only the terrain and the wire lanes
    (the odds beside an order rebuild one from a seat's view, odds.py)."""

    table: Table
    cuts: list[Cut]

    @classmethod
    def on(cls, table: Table, cuts: list[Cut]) -> Ground:
        ground = cls.__new__(cls)
        ground.table, ground.cuts = table, cuts
        return ground

    # -- rulers --------------------------------------------------------------------
    def gap(self, a: Soldier, b: Soldier) -> float:
        """BON-001 gap: distances are measured between the nearest base edges (``Table.ruler``, written
        out here: it is the question most often asked)."""
        return max(0.0, math.hypot(b.x - a.x, b.y - a.y) - a.base - b.base)

    def in_contact(self, a: Soldier, b: Soldier) -> bool:
        return self.gap(a, b) <= CONTACT  # BON-031

    def lanes(self) -> tuple[object, ...]:
        """What the lanes cut so far are (``Cut.key``): with the terrain, all the going depends on."""
        return tuple(c.key() for c in self.cuts)

    def terrain_at(self, p: tuple[float, float]) -> list[str]:
        """The kinds of ground at ``p``; a lane cut through wire is not wire (BON-102)."""
        return list(self.table.known(("kinds at", p[0], p[1], self.lanes()), lambda: tuple(self._terrain_at(p))))

    def _terrain_at(self, p: tuple[float, float]) -> list[str]:
        lanes = {c.wire for c in self.cuts}
        return [str(f.tags["kind"]) for f in self.table.features_at(p)
                if not (f.id in lanes and not uncut(f, self.cuts).covers(Point(p)))]

    def crossed(self, a: tuple[float, float], b: tuple[float, float]) -> list[Feature]:
        """The features the straight path a->b meets, except those ``a`` stands in (``Table.crossed``);
        a belt of wire only where it still stands, not along a lane cut through it (BON-102)."""
        lanes = {c.wire for c in self.cuts}
        if not lanes:
            return self.table.crossed(a, b)
        out = [f for f in self.table.crossed(a, b) if f.id not in lanes]
        line = None
        for fid in sorted(lanes):
            f = self.table.by_id[fid]
            if f.near(a, b):
                left = uncut(f, self.cuts)
                line = line or LineString([a, b])
                if left.intersects(line) and not left.covers(Point(a)):
                    out.append(f)
        return out

    def ground(self, a: tuple[float, float], b: tuple[float, float]) -> set[str]:
        """The kinds of ground a move from ``a`` to ``b`` meets: where it starts and ends and what it
        crosses (BON-109)."""
        return set(self.table.known(("ground", a[0], a[1], b[0], b[1], self.lanes()), lambda: frozenset((
            *self.terrain_at(a), *self.terrain_at(b), *(str(f.tags["kind"]) for f in self.crossed(a, b))))))

    def in_trench(self, m: Soldier) -> bool:
        return "trench" in self.terrain_at(m.pos)

    def height(self, m: Soldier) -> int:
        return self.table.height_at(m.pos)

    def cover(self, firer: tuple[float, float], m: Soldier, shooter: Soldier | None = None) -> tuple[int, str]:
        """BON-025 gap / BON-100: the highest CV between a firer and a target: area terrain it stands
        in, or a wall the line of fire crosses within 1" of it (``shooter``: who fires, BON-101)."""
        return cover_value(self.table, firer, m.pos, m.base)

    def sees(self, a: Soldier, b: Soldier) -> bool:
        """BON-024 gap: a clear line, blocked by closed buildings (not by cover)."""
        return self.table.line_of_sight(a.pos, b.pos)

    # -- movement -------------------------------------------------------------------
    def step_allowance(self, m: Soldier, a: tuple[float, float], b: tuple[float, float], *,
                       charging: bool = False, open_ground: bool = False) -> float:
        """How far one movement action takes ``m`` along a->b: SP (BON-015), doubled charging (BON-017),
        halved prone (BON-023), cut by the slowest terrain crossed (BON-109 gap), less 1" per hill
        level climbed or descended (BON-087). ``open_ground``: the caller knows a->b meets no terrain
        (flat going, no climb)."""
        if "groin" in m.injuries:
            return 2.0  # BON-112: moves at most 2", no modifiers
        sp = m.sp() * (2 if charging else 1)
        if m.prone:
            sp = math.ceil(sp / 2)
        slowest, climb = ("flat", 0) if open_ground else self.going(a, b)
        if slowest == "impassable":
            return 0.0
        allowed = float(terrain_speed(sp, slowest))
        return allowed - climb

    def going(self, a: tuple[float, float], b: tuple[float, float]) -> tuple[str, int]:
        """The slowest going a->b (BON-109 gap; along a trench it is flat, BON-110) and the hill levels
        climbed or descended (BON-087): measured once per pair of points and state of the lanes."""
        def measure() -> tuple[str, int]:
            kinds = self.ground(a, b)
            slowest = max((TERRAIN[k].move for k in kinds if not (k == "trench" and _along_trench(self, a, b))),
                          key=lambda mv: MOVE_ORDER[mv], default="flat")
            return slowest, abs(self.table.height_at(b) - self.table.height_at(a))
        return self.table.known(("going", a[0], a[1], b[0], b[1], self.lanes()), measure)

    def path_problem(self, m: Soldier, a: tuple[float, float], b: tuple[float, float], *,
                     charging: bool = False, allowance: Callable[..., float] | None = None) -> str | None:
        """Why ``m`` cannot take the step a->b in one movement action (None: he can); ``allowance``: the
        step allowance to hold it to (the game's reads buildings and rubble, rules/buildings.py)."""
        reach = allowance or self.step_allowance
        problem = self.table.path_problem(a, b)
        if problem:
            return problem
        if charging:  # BON-017: no charge across dangerous terrain
            for f in self.crossed(a, b):
                if TERRAIN[str(f.tags["kind"])].dangerous:
                    return f"a charge cannot cross {f.name} (BON-017)"
        if self.table.distance(a, b) > reach(m, a, b, charging=charging) + 1e-6:
            return (f"{m.id} can move only {max(reach(m, a, b, charging=charging), 0):.1f}\" "
                    "that way (BON-015, BON-109)")
        return None

    def weapon_reach(self, m: Soldier) -> float:
        reach = WEAPONS[m.weapon].reach
        return reach / 2 if "arm_light" in m.injuries and m.weapon == "rifle" else reach  # BON-112

    def toward(self, a: tuple[float, float], b: tuple[float, float], length: float) -> tuple[float, float]:
        """The point ``length`` inches from ``a`` towards ``b`` (``b`` itself if nearer), on the table and
        on the 0.1" grid moves are written on, never farther from ``a`` than ``length``: every
        engine-driven step (a charge, BON-017; a panic reaction's run, BON-039; the menu's moves) goes
        through here, and a step the grid carried a few hundredths past the allowance would be refused
        whole (BON-015), so the soldier would not move at all."""
        p = self.table.clamp(step_toward(a, b, length))
        if self.table.distance(a, p) <= length + 1e-9:
            return p
        return self.table.clamp(_grid_point_within(a, b, length, self.table.width, self.table.depth))

    def contact_point(self, m: Soldier, t: Soldier) -> tuple[float, float]:
        """Where ``m`` stops in base contact with ``t``, on the straight line between them."""
        d = self.table.distance(m.pos, t.pos)
        stop = max(d - m.base - t.base, 0.0)
        return (round(m.x + (t.x - m.x) * stop / d, 2), round(m.y + (t.y - m.y) * stop / d, 2)) if d else m.pos


@lru_cache(maxsize=256)
def _uncut(outline: tuple[XY, ...], lanes: tuple[tuple[XY, ...], ...]) -> Any:
    return Polygon(outline).difference(unary_union([Polygon(lane) for lane in lanes]))


def uncut(wire: Feature, cuts: list[Cut]) -> Any:
    """What of ``wire`` still stands once its lanes are cut (a shapely geometry)."""
    return _uncut(tuple(wire.outline), tuple(tuple(c.outline()) for c in cuts if c.wire == wire.id))


def cover_value(table: Table, firer: tuple[float, float], target: tuple[float, float],
                base: float) -> tuple[int, str]:
    """The cover of ``Ground.cover`` for a target of ``base`` radius at ``target`` (BON-100)."""
    best, name = 0, ""
    for f in table.features:
        t = TERRAIN[str(f.tags["kind"])]
        if t.cv <= best:
            continue
        if (t.area and f.contains(target)) or (not t.area and f.shape.distance(Point(target)) <= 1.0 + base
                                                 and f in table.crossed(firer, target)):
            best, name = t.cv, f.name
    return best, name


def terrain_feature(fid: str, name: str, kind: str, outline: Any, height: int) -> Feature:
    """A terrain polygon as the terrain chart makes it (BON-110): cover, sight and movement by kind."""
    t = TERRAIN[kind]
    return Feature(fid, name, [tuple(p) for p in outline], cover=t.cv > 0, blocks_sight=t.blocks_sight,
                   impassable=t.move == "impassable", height=height, tags={"kind": kind})


@lru_cache(maxsize=4096)
def _grid_point_within(a: tuple[float, float], b: tuple[float, float], length: float, width: float,
                       depth: float) -> tuple[float, float]:
    """The 0.1" grid point nearest the point ``length`` inches from ``a`` towards ``b`` among those on
    the table and at most ``length`` from ``a`` (the exact point when the step is too short for any)."""
    d = math.hypot(b[0] - a[0], b[1] - a[1])
    f = min(1.0, length / d) if d else 0.0
    exact = (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)
    near = [(round((round(exact[0] / GRID) + i) * GRID, 1), round((round(exact[1] / GRID) + j) * GRID, 1))
            for i in range(-3, 4) for j in range(-3, 4)]
    fits = [p for p in near if 0 <= p[0] <= width and 0 <= p[1] <= depth
            and math.hypot(p[0] - a[0], p[1] - a[1]) <= length + 1e-9]
    return min(fits, key=lambda p: (math.hypot(p[0] - exact[0], p[1] - exact[1]), p)) if fits else exact


def _along_trench(board: Ground, a: tuple[float, float], b: tuple[float, float]) -> bool:
    """BON-110 gap: moving along inside a trench is Flat; entering, leaving or crossing is Jagged."""
    return "trench" in board.terrain_at(a) and "trench" in board.terrain_at(b)


def sight(view: dict[str, Any], a: tuple[float, float], b: tuple[float, float]) -> dict[str, Any]:
    """From the table the seat was shown, never from the game itself, so it tells nothing hidden."""
    shown = view["table"]
    table = Table(shown["width"], shown["depth"], [
        terrain_feature(f["id"], f["name"], f["kind"], f["outline"], f["height"]) for f in shown["features"]])
    cv, name = cover_value(table, a, b, BASE)
    return sight_report(table, a, b, f"{name}, CV {cv} (BON-100)" if cv else "") | {"rule": "BON-024"}


class Opening:
    """An opening's fixed geometry: the spot in front of it on each side."""

    def __init__(self, card: OpeningCard, plan: Blueprint) -> None:
        self.id, self.kind, self.at = card.id, card.kind, card.at
        self.sections = tuple(card.sections)
        self.door = card.door
        self.outside: XY = beside(plan.outline, card.at, DOORSTEP) if len(self.sections) == 1 else card.at

    @property
    def inner(self) -> bool:
        return len(self.sections) == 2


class Blueprint:
    """A building's fixed geometry (shared by game clones, like the table's terrain)."""

    def __init__(self, card: BuildingCard) -> None:
        self.id, self.name, self.kind = card.id, card.name, card.kind
        self.sectioned = card.representation == "sections" and card.kind == "building"
        self.outline: list[XY] = [(float(p[0]), float(p[1])) for p in card.outline]
        self.shape = Polygon(card.outline)
        self.bounds = self.shape.bounds
        self.cv, self.armour_class = MATERIALS[card.material]
        self.material = card.material
        self.sections = {s.id: s for s in card.sections}
        self.rooms = {s.id: Polygon(s.outline) for s in card.sections}
        self.openings = {o.id: Opening(o, self) for o in card.openings}
        self._distances: dict[XY, float] = {}
        self._blocks: dict[tuple[XY, XY], bool] = {}

    def __deepcopy__(self, memo: dict[int, object]) -> Blueprint:
        return self

    @property
    def size(self) -> int:
        """BON-093 gap: the number of sections (open-able: one per full 3" of the longest side)."""
        if self.sectioned or self.kind == "watchtower":
            return len(self.sections)
        x0, y0, x1, y1 = self.bounds
        return max(1, int(max(x1 - x0, y1 - y0) // 3))

    @property
    def damage_points(self) -> int:
        """BON-093: DP = Armour Class - 1 + 2 x Size."""
        return self.armour_class - 1 + 2 * self.size

    def links(self, section: str) -> list[tuple[str, str]]:
        """(opening, the section beyond it or "" for the outside) for each opening of a section."""
        out = []
        for o in self.openings.values():
            if section in o.sections:
                out.append((o.id, next((s for s in o.sections if s != section), "")))
        return out

    def near(self, a: XY, b: XY) -> bool:
        x0, y0, x1, y1 = self.bounds
        return not (max(a[0], b[0]) < x0 or min(a[0], b[0]) > x1 or max(a[1], b[1]) < y0 or min(a[1], b[1]) > y1)

    def blocks(self, a: XY, b: XY) -> bool:
        """Whether the straight line a-b passes through the building (its walls stop movement and sight;
        measured once per pair of points)."""
        if not self.near(a, b):
            return False
        key = (a, b)
        if key not in self._blocks:
            if len(self._blocks) >= KNOWN_LIMIT:
                self._blocks.clear()
            self._blocks[key] = bool(self.shape.intersects(LineString([a, b]) if a != b else Point(a)))
        return self._blocks[key]

    def distance(self, p: XY) -> float:
        if p not in self._distances:  # the walls never move: measured once per point
            if len(self._distances) >= KNOWN_LIMIT:
                self._distances.clear()
            self._distances[p] = float(self.shape.distance(Point(p)))
        return self._distances[p]

    def centre(self, section: str) -> XY:
        c = self.rooms[section].representative_point()
        return (round(c.x, 2), round(c.y, 2))


def walk_length(points: list[XY]) -> float:
    return sum(math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in pairwise(points))
