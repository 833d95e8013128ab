"""Buildings and watchtowers as scenario data (``[[setup.buildings]]``) and their fixed geometry.

A building is either sectioned (enclosed: models are recorded by room, BON-090) or open-able
(models stand in its rooms and moving between levels costs the height in inches, BON-089), per
BON-088. Its sections are rooms or corridors on a floor ``floor`` inches above the ground; its
openings are doors (light, heavy or locked, BON-094), windows (BON-091) or a watchtower's ladder
(BON-099), each on the wall of one section (to the outside) or between two sections.

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
from itertools import pairwise
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator
from shapely.geometry import LineString, Point, Polygon

from riotact.tabletop import beside, simple_outline

Strict = ConfigDict(extra="forbid")
XY = tuple[float, float]

#: BON-092 / BON-110: the CV of each building material; BON-093 gap: its Armour Class.
MATERIALS = {"wooden": (6, 1), "stone": (9, 2), "fortification": (15, 3)}
DOORSTEP = 0.75  # where a figure stands in front of an opening (inches from the wall)


class SectionCard(BaseModel):
    """A room or corridor (BON-090); ``floor``: inches above the ground (BON-089, BON-097)."""

    model_config = Strict
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str = ""
    outline: list[tuple[float, float]] = Field(min_length=3)

    _outline = field_validator("outline")(simple_outline)
    floor: float = Field(0.0, ge=0, le=30)
    capacity: int | None = Field(None, ge=1, le=30)


class OpeningCard(BaseModel):
    """A door (BON-094), a window (BON-091) or a ladder (BON-099) at ``at`` on a section's wall:
    one section (to the outside) or two (between them)."""

    model_config = Strict
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    kind: Literal["door", "window", "ladder"]
    door: Literal["light", "heavy", "locked"] = "light"
    at: tuple[float, float]
    sections: list[str] = Field(min_length=1, max_length=2)


class BuildingCard(BaseModel):
    """BON-088: a building on the table, sectioned (enclosed) or open-able, or a watchtower."""

    model_config = Strict
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str
    kind: Literal["building", "watchtower"] = "building"
    representation: Literal["sections", "openable"] = "sections"
    material: Literal["wooden", "stone", "fortification"] = "stone"
    outline: list[tuple[float, float]] = Field(min_length=3)

    _outline = field_validator("outline")(simple_outline)
    sections: list[SectionCard] = Field(min_length=1)
    openings: list[OpeningCard] = []

    @model_validator(mode="after")
    def _consistent(self) -> BuildingCard:
        ids = [s.id for s in self.sections]
        if len(set(ids)) != len(ids):
            raise ValueError(f"building {self.id}: section ids must be different")
        if len({o.id for o in self.openings}) != len(self.openings):
            raise ValueError(f"building {self.id}: opening ids must be different")
        foot = Polygon(self.outline)
        if not foot.is_valid or foot.area <= 0:
            raise ValueError(f"building {self.id}: the outline is not a simple polygon")
        for s in self.sections:
            if not foot.buffer(0.01).covers(Polygon(s.outline)):
                raise ValueError(f"building {self.id}: section {s.id} lies outside the building's outline")
        for o in self.openings:
            for sid in o.sections:
                if sid not in ids:
                    raise ValueError(f"building {self.id}: opening {o.id} names no section {sid!r}")
            wall = Polygon(next(s.outline for s in self.sections if s.id == o.sections[0])).exterior
            if wall.distance(Point(o.at)) > 0.3:
                raise ValueError(f"building {self.id}: opening {o.id} at {o.at} is not on the wall of "
                                 f"section {o.sections[0]}")
        if self.kind == "watchtower" and (len(self.sections) != 1 or any(o.kind == "door" for o in self.openings)):
            raise ValueError(f"watchtower {self.id}: one section high above the ground, reached by a ladder "
                             "(BON-099)")
        return self


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
        """Whether the straight line a-b passes through the building (its walls stop movement and sight)."""
        return self.near(a, b) and bool(self.shape.intersects(LineString([a, b]) if a != b else Point(a)))

    def distance(self, p: XY) -> float:
        return float(self.shape.distance(Point(p)))

    def centre(self, section: str) -> XY:
        c = self.rooms[section].representative_point()
        return (round(c.x, 2), round(c.y, 2))


def walk_length(points: list[XY]) -> float:
    return sum(math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in pairwise(points))
