"""The ``[setup]`` table of a By Will Alone scenario, validated with pydantic.

The seed gives no set-up, orders of battle, game length or victory conditions
(BWA-01 gap): all of them are scenario data, described in docs/rules/BWA.md.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator, model_validator

from .tables import FEATURE_KINDS, ROAD_KINDS, VEHICLE_KINDS, level_of, seat_side

Side = Literal["nonviolent", "authority"]
UnitType = Literal["actionists", "police", "infantry", "land_vehicle", "air_vehicle"]
COMPASS = {"north": (0.0, 1.0), "south": (0.0, -1.0), "east": (1.0, 0.0), "west": (-1.0, 0.0),
           "north-east": (0.7071, 0.7071), "north-west": (-0.7071, 0.7071),
           "south-east": (0.7071, -0.7071), "south-west": (-0.7071, -0.7071)}


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


def _seat_of_side(player: str, info: ValidationInfo) -> str:
    """BWA-01: a piece's ``player`` must be one of the scenario's seats of the piece's side.

    The scenario's seats come as validation context; without it (a bare model) only the form is kept.
    """
    seats = (info.context or {}).get("seats")
    side = info.data.get("side")
    if player and seats is not None and (player not in seats or seat_side(player) != side):
        mine = [s for s in seats if seat_side(s) == side]
        raise ValueError(f"player {player!r} is not a seat of the {side} side (those are: {', '.join(mine)})")
    return player


class FeatureSpec(_Strict):
    """One terrain feature: the unit of movement (BWA-12) and of sighting (BWA-09/10)."""

    id: str = Field(pattern=r"^[A-Za-z0-9_-]+$")
    kind: str
    x: float = Field(allow_inf_nan=False)
    y: float = Field(allow_inf_nan=False)
    name: str = ""
    streets: list[str] = []      # road features: the streets they lie on (BWA-10)
    radius: float = Field(0.45, gt=0)

    @field_validator("kind")
    @classmethod
    def _known_kind(cls, kind: str) -> str:
        if kind not in FEATURE_KINDS:
            raise ValueError(f"kind must be one of {', '.join(sorted(FEATURE_KINDS))}")
        return kind


#: Ids the engine gives pieces in play: counter labels (BWA-11), the jail's Escape (BWA-37),
#: escaped stands (BWA-38) and stands that lost discipline (BWA-40).
RESERVED_ID = re.compile(r"^(?:[NA][0-9]+|jail|escapers|escaped[0-9]+|.*-band[0-9]+)$")


class UnitSpec(_Strict):
    """A unit: stands under one commander, with the attributes the modifiers read."""

    id: str = Field(pattern=r"^[A-Za-z0-9_-]+$")
    side: Side
    name: str = ""
    type: UnitType
    feature: str | None = None           # None for a reserve unit or one that starts off the table
    stands: int = Field(ge=1, le=60)
    quality: str = ""                    # default: Trained / Reliable
    qualities: list[str] = []            # per stand; overrides ``quality``
    player: str = ""                     # the seat that commands it (default: its side's first seat)
    commander: str = ""                  # authority: command group (default: the unit id)
    high_command: bool = False           # BWA-30: a higher level commander
    hidden: bool = False                 # BWA-11: starts as a counter
    reserve: bool = False                # BWA-06: off table until requested
    # BWA-37/28: the game opens after its stands were arrested (they start in the jail) or discarded
    # (they start among the discarded stands a rally may bring back).
    start: Literal["table", "jail", "discarded"] = "table"
    without_commander: bool = False      # BWA-46/47: actionists whose commander is already gone
    attempts: int = Field(0, ge=0, le=20)  # BWA-47: attempts at a new commander already made (without one)
    band: bool = False                   # BWA-40: stands that already lost nonviolent discipline
    enveloping: str | None = None        # BWA-22: an enemy unit on its feature it already envelops
    dropped_levels: int = Field(0, ge=0, le=2)  # BWA-05: authority reliability already dropped (a rally restores it)
    lost: bool = False                   # BWA-07: starts lost, will not move until rallied (BWA-30)
    condition: Literal["sitting", "fraternizing", "partying"] | None = None  # BWA-19: already under way
    barricade: bool = False              # BWA-52: starts behind a barricade it built on its feature
    entry: str | None = None
    region: str = "home"                 # BWA-34
    country: str = "home"
    language: str = "local"
    food: bool = False                   # nonviolent: has food
    fed: bool = True                     # authority: is fed
    origin: Literal["area", "neighbouring", "elsewhere"] = "elsewhere"  # BWA-15
    gps: bool = False
    police: bool = False                 # BWA-36
    weapons: int = Field(1, ge=1, le=4)  # BWA-48: highest level of violence its weapons allow
    cannons: int = Field(0, ge=0)        # BWA-13 artillery smoke
    smoke: list[Literal["screen", "discharger"]] = []
    capacity: int = Field(0, ge=0)       # BWA-20: stands a vehicle carries
    carrying: list[str] = []

    _player = field_validator("player")(_seat_of_side)

    @field_validator("id")
    @classmethod
    def _not_reserved(cls, uid: str) -> str:
        if RESERVED_ID.match(uid):
            raise ValueError(f"{uid!r} is kept for pieces made in play (counters like N3 or A3, jail, "
                             "escapers, escapedN, ...-bandN)")
        return uid

    @model_validator(mode="after")
    def _check(self) -> UnitSpec:
        # An empty ``quality`` means the side's default; each of ``qualities`` must name a level.
        for name in [self.quality, *self.qualities] if self.quality else self.qualities:
            level_of(self.side, name)
        if self.qualities and len(self.qualities) != self.stands:
            raise ValueError(f"unit {self.id}: qualities lists {len(self.qualities)} stands, not {self.stands}")
        if self.side == "nonviolent" and self.type not in ("actionists", "land_vehicle"):
            raise ValueError(f"unit {self.id}: a nonviolent unit is actionists or a land vehicle")
        if (self.carrying or self.capacity) and self.type not in ("land_vehicle", "air_vehicle"):
            raise ValueError(f"unit {self.id}: only a vehicle has a capacity or carries units (BWA-20)")
        if self.id in self.carrying:
            raise ValueError(f"unit {self.id}: a vehicle cannot carry itself")
        if self.reserve and self.entry is None:
            raise ValueError(f"unit {self.id}: a reserve unit needs an entry feature")
        if self.start != "table":
            if self.side != "nonviolent" or self.type != "actionists":
                raise ValueError(f"unit {self.id}: only nonviolent actionists start in the jail or discarded "
                                 "(BWA-37, BWA-28)")
            if self.feature is not None or self.reserve or self.hidden:
                raise ValueError(f"unit {self.id}: a unit that starts {self.start} has no feature, "
                                 "is not a reserve and is not hidden")
        elif not self.reserve and self.feature is None:
            raise ValueError(f"unit {self.id}: needs a feature (or reserve = true)")
        if self.barricade and (self.feature is None or self.reserve):
            raise ValueError(f"unit {self.id}: a barricade stands on the unit's feature on the table (BWA-52)")
        if self.condition is not None and (self.side != "nonviolent" or self.type != "actionists"):
            raise ValueError(f"unit {self.id}: only nonviolent actionists sit, fraternize or party (BWA-19)")
        if self.without_commander and (self.side != "nonviolent" or self.type != "actionists"):
            raise ValueError(f"unit {self.id}: only nonviolent actionists have a commander to be without (BWA-46)")
        if self.attempts and not self.without_commander:
            raise ValueError(f"unit {self.id}: attempts at a new commander need without_commander (BWA-47)")
        if self.band and (self.side != "nonviolent" or self.type != "actionists" or self.start != "table"
                          or self.reserve or self.hidden or self.barricade or self.condition is not None):
            raise ValueError(f"unit {self.id}: a band is nonviolent actionists on the table, not hidden, with no "
                             "barricade or condition (BWA-40)")
        if self.dropped_levels and (self.side != "authority" or self.dropped_levels > min(
                level_of(self.side, q) for q in (self.qualities or [self.quality or "reliable"]))):
            raise ValueError(f"unit {self.id}: only authority stands drop reliability for a while, and not below "
                             "Wavering (BWA-05)")
        return self


class DummySpec(_Strict):
    side: Side
    feature: str
    player: str = ""

    _player = field_validator("player")(_seat_of_side)


class MediaSpec(_Strict):
    id: str
    feature: str
    follows: str | None = None           # a (not hidden) nonviolent unit it moves with


class JailSpec(_Strict):
    feature: str
    kind: Literal["building", "vehicle", "fence", "open"] = "vehicle"
    guards: str | None = None            # the jailer unit (BWA-38)


class InfiltratorSpec(_Strict):
    """A secret spy or provocateur stand (BWA-26): the last stand of ``unit``."""

    unit: str
    kind: Literal["spy", "provocateur"]


class VictorySpec(_Strict):
    """Scenario victory points (the seed has none; see docs/rules/BWA.md)."""

    objectives: list[str] = []
    hold_points: float = 1.0         # nonviolent: per disciplined stand on an objective at the end
    arrest_points: float = 1.0       # authority: per stand in jail at the end
    discard_points: float = 1.0      # authority: per stand discarded or removed
    clear_points: float = 0.0        # authority: no nonviolent stand left on the objectives
    escalation_points: float = 0.0   # nonviolent: per successful escalation (the backfire)
    violence_points: float = 1.0     # authority: per nonviolent stand that lost discipline


class IncidentSpec(_Strict):
    """BWA-49: something that happened to an authority command group before the first initiative
    (``initiatives_ago`` 0: counted in the first), read by its escalation rolls."""

    group: str
    kind: Literal["attacked", "withdrew", "nv_withdrew"]  # its units attacked / withdrew / nonviolent withdrew
    initiatives_ago: int = Field(0, ge=0, le=50)


class Setup(_Strict):
    length: int = Field(24, ge=1, le=1000)      # action steps in the game
    area: str = "the town"
    wind: str = "east"
    features: list[FeatureSpec] = Field(min_length=2)
    links: list[tuple[str, str]] = Field(min_length=1)
    units: list[UnitSpec] = Field(min_length=2)
    dummies: list[DummySpec] = []
    media: list[MediaSpec] = []
    jail: JailSpec | None = None
    infiltrators: list[InfiltratorSpec] = []
    changed_signs: list[str] = []   # BWA-16: intersections whose street signs are already changed
    smoke: list[str] = []           # BWA-13: a smoke ball on each feature named (twice for two)
    levels: dict[str, int] = {}     # BWA-48: command groups already above level of violence 1
    incidents: list[IncidentSpec] = []  # BWA-49: attacks and withdrawals before the game
    victory: VictorySpec = VictorySpec()

    @field_validator("wind")
    @classmethod
    def _wind(cls, wind: str) -> str:
        if wind not in COMPASS:
            raise ValueError(f"wind must be one of {', '.join(COMPASS)}")
        return wind

    @model_validator(mode="after")
    def _references(self) -> Setup:
        kinds = {f.id: f.kind for f in self.features}
        if len(kinds) != len(self.features):
            raise ValueError("feature ids must be different")
        for a, b in self.links:
            for end in (a, b):
                if end not in kinds:
                    raise ValueError(f"link {a}-{b}: no feature {end!r}")
            if a == b:
                raise ValueError(f"link {a}-{b} joins a feature to itself")
        unlinked = _cut_off([f.id for f in self.features], self.links)
        if unlinked:
            raise ValueError(f"not linked to the rest of the map: {', '.join(unlinked)} "
                             "(every feature must be reachable, BWA-12)")
        for f in self.features:
            if f.kind in ROAD_KINDS and not f.streets:
                raise ValueError(f"feature {f.id}: a {f.kind} must name its streets")
        units = {u.id: u for u in self.units}
        if len(units) != len(self.units):
            raise ValueError("unit ids must be different")
        carried_by: dict[str, str] = {}
        for u in self.units:
            for where in (u.feature, u.entry):
                if where is not None and where not in kinds:
                    raise ValueError(f"unit {u.id}: no feature {where!r}")
            for where in (u.feature, u.entry):
                if u.type == "land_vehicle" and where and kinds[where] not in VEHICLE_KINDS:
                    raise ValueError(f"unit {u.id}: a land vehicle cannot stand in a {kinds[where]}")
            for carried in u.carrying:
                if carried not in units or units[carried].side != u.side:
                    raise ValueError(f"unit {u.id}: carries unknown or enemy unit {carried!r}")
                if (units[carried].type in ("land_vehicle", "air_vehicle") or units[carried].reserve
                        or units[carried].start != "table"):
                    raise ValueError(f"unit {u.id}: cannot carry {carried}, a vehicle or a reserve unit "
                                     "or one off the table")
                if carried in carried_by:
                    raise ValueError(f"unit {carried} is carried by both {carried_by[carried]} and {u.id}")
                carried_by[carried] = u.id
            if u.carrying and sum(units[c].stands for c in u.carrying) > u.capacity:
                raise ValueError(f"unit {u.id}: carries more stands than its capacity {u.capacity}")
        for side in ("nonviolent", "authority"):
            # BWA-37: arrested stands still play, by trying to escape from the jail.
            if not any(u.side == side and not u.reserve and u.start in ("table", "jail") for u in self.units):
                raise ValueError(f"the {side} side needs a unit on the table")
        for d in self.dummies:
            if d.feature not in kinds:
                raise ValueError(f"dummy: no feature {d.feature!r}")
        if len({m.id for m in self.media}) != len(self.media):
            raise ValueError("media ids must be different")
        for m in self.media:
            if m.feature not in kinds:
                raise ValueError(f"media {m.id}: no feature {m.feature!r}")
            if m.follows is not None:
                followed = units.get(m.follows)
                if followed is None or followed.side != "nonviolent" or followed.hidden or followed.start != "table":
                    raise ValueError(f"media {m.id}: follows must name a nonviolent unit on the table, not hidden")
        if self.jail is not None:
            if self.jail.feature not in kinds:
                raise ValueError(f"jail: no feature {self.jail.feature!r}")
            if self.jail.guards is not None and (self.jail.guards not in units
                                                 or units[self.jail.guards].side != "authority"):
                raise ValueError("jail: guards must name an authority unit")
        for u in self.units:
            if u.start == "jail" and self.jail is None:
                raise ValueError(f"unit {u.id}: starts in the jail, but the scenario has no [setup.jail]")
        barricaded = [u.feature for u in self.units if u.barricade]
        if len(set(barricaded)) != len(barricaded):
            raise ValueError("one barricade to a feature (BWA-52)")
        for group, level in self.levels.items():
            weapons = [u.weapons for u in self.units if u.side == "authority" and (u.commander or u.id) == group]
            if not weapons:
                raise ValueError(f"levels: no authority command group {group!r}")
            if not 1 <= level <= max(weapons):
                raise ValueError(f"levels: {group} may be at level 1 to {max(weapons)}, the most its units' "
                                 f"weapons allow (BWA-48), not {level}")
        groups = {u.commander or u.id for u in self.units if u.side == "authority"}
        for incident in self.incidents:
            if incident.group not in groups:
                raise ValueError(f"incidents: no authority command group {incident.group!r}")
        for u in self.units:
            target = units.get(u.enveloping or "")
            if u.enveloping is not None and (target is None or target.side == u.side or target.feature != u.feature
                                             or u.feature is None or target.start != "table" or target.reserve):
                raise ValueError(f"unit {u.id}: envelops {u.enveloping!r}, which must be an enemy unit on its "
                                 "feature (BWA-22)")
        for spot in self.smoke:
            if spot not in kinds:
                raise ValueError(f"smoke: no feature {spot!r}")
        for sign in self.changed_signs:
            if kinds.get(sign) != "intersection":
                raise ValueError(f"changed_signs: {sign!r} is not an intersection (BWA-16)")
        if len({inf.unit for inf in self.infiltrators}) != len(self.infiltrators):
            raise ValueError("infiltrator: at most one spy or provocateur per unit")
        for inf in self.infiltrators:
            target = units.get(inf.unit)
            if target is None:
                raise ValueError(f"infiltrator: no unit {inf.unit!r}")
            if inf.kind == "provocateur" and target.side != "nonviolent":
                raise ValueError("infiltrator: a provocateur hides in a nonviolent unit")
            # The infiltrator is the unit's last stand, never its commander (the first): one stand will do
            # for actionists whose commander is already gone.
            if target.stands < (1 if target.without_commander else 2) or target.start != "table":
                raise ValueError(f"infiltrator: unit {inf.unit} needs at least 2 stands on the table "
                                 "(1 without a commander)")
        for objective in self.victory.objectives:
            if objective not in kinds:
                raise ValueError(f"victory: no feature {objective!r}")
        return self


def _cut_off(features: list[str], links: list[tuple[str, str]]) -> list[str]:
    """The features outside the largest group of features linked together."""
    adjacent: dict[str, set[str]] = {f: set() for f in features}
    for a, b in links:
        adjacent[a].add(b)
        adjacent[b].add(a)
    groups: list[set[str]] = []
    for start in features:
        if any(start in g for g in groups):
            continue
        group, todo = {start}, [start]
        while todo:
            for n in adjacent[todo.pop()] - group:
                group.add(n)
                todo.append(n)
        groups.append(group)
    main = max(groups, key=len)
    return [f for f in features if f not in main]
