"""The scenario ``[setup]`` model: the table and its terrain, each seat's army list, objectives.

Army lists are data (``[[setup.units]]``) and are validated with one-line messages naming the unit:
squad composition (BON-044), specialists (BON-045, BON-050, BON-051), heroes (BON-047), close-combat
weapons on an entrenched board (BON-055) and the scenario's points limit in Cost Units (BON-010).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator, model_validator
from shapely.geometry import Point, Polygon

from riotact.core.scenario import scenario_seat
from riotact.tabletop import simple_outline

from .rules.ordnance import CREW, battery_problems
from .tables import LEVELS, TERRAIN

Strict = ConfigDict(extra="forbid")
Level = Literal["civilian", "green", "regular", "veteran", "elite"]
ArmourKind = Literal["minimal", "flak", "heavy"]


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


class FeatureCard(BaseModel):
    """A terrain polygon of one kind from the terrain chart (BON-110); ``height`` in hill levels."""

    model_config = Strict
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str
    kind: str = "clear"
    outline: list[tuple[float, float]] = Field(min_length=3)

    _outline = field_validator("outline")(simple_outline)
    height: int = Field(0, ge=0, le=10)

    @field_validator("kind")
    @classmethod
    def _known_kind(cls, kind: str) -> str:
        if kind not in TERRAIN:
            raise ValueError(f"unknown terrain kind {kind!r}; known: {', '.join(TERRAIN)}")
        return kind


class SpecialistCard(BaseModel):
    """BON-045: a specialist of the squad (his level is the squad's unless given, BON-047 spirit)."""

    model_config = Strict
    kind: Literal["lmg", "lft", "grenadier", "medic", "sniper", "gas"]


class UnitCard(BaseModel):
    """One entry of an army list: a squad (officer + soldiers), an independent hero, or an MG team."""

    model_config = Strict
    id: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9-]*$")
    name: str
    seat: str
    kind: Literal["squad", "hero", "mg", "cavalry", "gun", "vehicle"] = "squad"
    level: Level = "regular"
    armour: ArmourKind = "minimal"
    #: BON-047: the hero's level (never above the squad's); "" = the squad's.
    hero_level: Level | None = None
    hero_weapon: Literal["rifle", "pistol", "lmg", "lft", "grenades", "cc_weapon"] = "pistol"
    #: BON-044: soldiers besides the officer, specialists included.
    soldiers: int = Field(9, ge=0, le=30)
    specialists: list[SpecialistCard] = []
    radio: bool = False  # BON-051: a Comm. Boy, not a specialist
    #: BON-036: the unit carries a banner (its first ordinary soldier or rider bears it, no CU).
    banner: bool = Field(False, description="BON-036: the unit's banner, borne by its first ordinary soldier "
                         "(or rider); the bearer wounded or killed is a glory trigger. No cost in the seed")
    #: BON-102: sets of wire cutters (a squad's last rifleman, or the hero, carries one; at most one a squad).
    wire_cutters: int = Field(0, ge=0, le=10, description="BON-102: sets of wire cutters (at most one a squad; "
                              "no cost in the seed)")
    #: BON-054: soldiers (not the officer) with close-combat weapons.
    cc_weapons: int = Field(0, ge=0)
    pistols: int = Field(0, ge=0)  # BON-056: soldiers who carry a pistol instead of the rifle
    #: BON-046: a specialist squad of the scenario or a historical OoB (exempt from BON-044/045).
    historical: bool = False
    at: tuple[float, float]
    facing: float = Field(0.0, ge=0, lt=360)
    formation: Literal["open", "closed", "mass", "square"] = "open"
    hidden: bool = False  # may deploy hidden when the house rule is on
    #: Where each model stands (officer first), instead of the formation's layout around ``at``.
    models_at: list[tuple[float, float]] = []
    #: BON-090: starts inside this building's section, ``"church.nave"`` (``at`` is then ignored).
    inside: str = ""
    #: A ``gun`` (BON-077, BON-078): its kind, ammunition (BON-073) and what moves it (BON-066).
    piece: Literal["trench_mortar", "light_howitzer", "howitzer", "heavy_howitzer", "light_gun", "medium_gun",
                   "heavy_gun"] = "howitzer"
    ammunition: Literal["shell", "shrapnel"] = "shell"
    limber: Literal["none", "horse", "pair", "vehicle"] = "none"
    #: A ``vehicle`` (BON-012 gap): its CV save, CV class (I..IV), wounds, inches per move, armament.
    cv: int = Field(9, ge=0, le=20)
    cv_class: int = Field(3, ge=1, le=4)
    wounds: int = Field(3, ge=1, le=10)
    speed: int = Field(6, ge=0, le=20)
    armament: Literal["rifle", "lmg"] = "lmg"

    _seat_exists = field_validator("seat")(scenario_seat)


class ReadyMadeArmy(BaseModel):
    """A ready-made list (BON-115; ``riotact army list``) a scenario deploys for a seat, besides its own
    ``units``: the list's units stand from ``at`` on, each ``step`` further, their ids ``<seat>-<id>``."""

    model_config = Strict
    seat: str
    army: str  # the ready-made list's key, e.g. "germany-1914"
    level: Level = "regular"
    at: tuple[float, float]
    step: tuple[float, float] = (8.0, 0.0)
    facing: float = Field(0.0, ge=0, lt=360)
    formation: Literal["open", "closed", "mass", "square"] = "open"
    hidden: bool = False

    _seat_exists = field_validator("seat")(scenario_seat)


class Objective(BaseModel):
    """BON-003: the scenario's victory: points for the seat that holds a feature at the end."""

    model_config = Strict
    seat: str
    feature: str
    points: int = Field(5, ge=0)


class Deployment(BaseModel):
    """BON-002 gap: a seat's deployment area, the strip along its own table edge."""

    model_config = Strict
    seat: str
    edge: Literal["north", "south", "east", "west"]


class Bombardment(BaseModel):
    """BON-071 / BON-072: the attacker's preliminary bombardment of the defender's half."""

    model_config = Strict
    attacker: str
    defender: str
    hours: int = Field(2, ge=1, le=72)


class Setup(BaseModel):
    model_config = Strict
    width: float = Field(48, gt=0, le=240)
    depth: float = Field(48, gt=0, le=240)
    turns: int = Field(12, ge=1, le=50)  # BON-003 gap: 12 turns without a scenario
    #: BON-010: the Cost Units each side may spend (0 = no limit).
    points_limit: int = Field(0, ge=0)
    deployment: list[Deployment] = Field(min_length=2)
    features: list[FeatureCard] = []
    units: list[UnitCard] = Field(min_length=2)
    armies: list[ReadyMadeArmy] = []  # BON-115: ready-made lists deployed as ``units`` (organisations.py)
    objectives: list[Objective] = []
    buildings: list[BuildingCard] = []  # BON-088..099
    bombardment: Bombardment | None = None
    #: BON-065 gap: the scenario allows pieces singly rather than in batteries of 2.
    single_pieces: bool = False

    @model_validator(mode="before")
    @classmethod
    def _ready_made(cls, data: Any, info: ValidationInfo) -> Any:
        """The units of the ready-made lists the scenario names join its own (BON-115)."""
        if isinstance(data, dict) and data.get("armies"):
            from .armies import army_units

            return {**data, "units": [*data.get("units", []), *army_units(data["armies"], info.context)]}
        return data

    @model_validator(mode="after")
    def _consistent(self) -> Setup:
        from .armies import army_problems

        ids = [u.id for u in self.units]
        if len(set(ids)) != len(ids):
            raise ValueError("unit ids must be different")
        fids = {f.id for f in self.features}
        for u in self.units:
            if not (0 <= u.at[0] <= self.width and 0 <= u.at[1] <= self.depth):
                raise ValueError(f"unit {u.id} stands off the table at {u.at}")
            models = {"mg": 3, "hero": 1, "gun": 1 + CREW, "vehicle": 1}.get(u.kind, 1 + u.soldiers)
            if u.models_at and len(u.models_at) != models:
                raise ValueError(f"unit {u.id}: models_at places {len(u.models_at)} models; it has {models}")
        for o in self.objectives:
            if o.feature not in fids:
                raise ValueError(f"objective: no feature {o.feature!r}")
        seats = {d.seat for d in self.deployment}
        if self.bombardment and not {self.bombardment.attacker, self.bombardment.defender} <= seats:
            raise ValueError("bombardment: attacker and defender must be seats with a deployment edge (BON-071)")
        for u in self.units:
            if u.seat not in seats:
                raise ValueError(f"unit {u.id}: seat {u.seat!r} has no deployment edge")
        _check_buildings(self)
        problems = army_problems(self) + battery_problems(self)
        if problems:
            raise ValueError(problems[0])
        return self


def _check_buildings(setup: Setup) -> None:
    """Buildings have their own ids; a unit placed inside one names a section that has room."""
    if len({b.id for b in setup.buildings}) != len(setup.buildings):
        raise ValueError("building ids must be different")
    sections = {f"{b.id}.{s.id}": b for b in setup.buildings for s in b.sections}
    crowd: dict[str, int] = {}
    for u in setup.units:
        if not u.inside:
            continue
        if u.inside not in sections:
            raise ValueError(f"unit {u.id}: inside {u.inside!r} names no building section; known: "
                             f"{', '.join(sections) or 'none'}")
        if u.kind == "cavalry":
            raise ValueError(f"unit {u.id}: cavalry cannot start inside a building")
        crowd[u.inside] = crowd.get(u.inside, 0) + (3 if u.kind == "mg" else 1 if u.kind == "hero" else 1 + u.soldiers)
        b = sections[u.inside]
        sec = next(s for s in b.sections if f"{b.id}.{s.id}" == u.inside)
        room = sec.capacity or (4 if b.kind == "watchtower" else 10)
        if crowd[u.inside] > room:
            raise ValueError(f"unit {u.id}: {u.inside} holds only {room} models (BON-090, BON-099)")


__all__ = ["LEVELS", "Objective", "Setup", "UnitCard"]
