"""Soldiers and units on the table, built from the army list, and their formations' layouts."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from riotact.core.adjudication import Umpire
from riotact.core.compiling import mypyc_attr
from riotact.core.log import ALL
from riotact.core.protocol import State, record_copy
from riotact.core.scenario import Scenario
from riotact.tabletop import Table

from .board import Blueprint, Ground, terrain_feature
from .options import Options
from .rules.ordnance import CREW, GUNS
from .setup import Setup, UnitCard
from .tables import ARMOUR, BASE, PIECE_DS, PIECES, SPECIALISTS, STATS, Level, actions

XY = tuple[float, float]
LANE = 1.0  # BON-102 gap: a lane through the wire is one base (1") wide
EDGE = 0.05  # a lane runs this far past the wire at both ends, so that its sides alone border wire
Where = tuple[str, str]  # (building, section)
PIECE_BASE = 1.0
VEHICLE_BASE = 1.5
VEHICLE_AC = 2  # BON-012 gap: a vehicle moves and fires as one model with 2 actions
#: BON-019..022: the centre-to-centre spacing of each formation (open: 1.5" between bases).
SPACING = {"open": 2.5, "closed": 2 * BASE, "mass": 2 * BASE, "square": 2 * BASE}


@dataclass
class Works:
    """What changes in a building during play: its DP, its doors, who fired through which opening."""

    dp: int
    doors: dict[str, str]
    collapsed: bool = False
    users: dict[str, list[str]] = field(default_factory=dict)  # BON-091: this turn's firers per opening
    opened: dict[str, str] = field(default_factory=dict)  # BON-094: opening -> who opened it this turn

    def __deepcopy__(self, memo: dict[int, object]) -> Works:
        return record_copy(self, memo)  # for search: its containers copied, its values shared


@dataclass
class Climb:
    """BON-089: a unit's walk into another room of an open-able building that takes more than one
    movement action: the room and the opening, the walk's inches (a level change included) and those
    covered so far. It holds while the unit's soldiers stand where its last step left them (``spots``)."""

    building: str
    opening: str
    section: str
    need: float
    done: float
    turn: int
    spots: dict[str, tuple[float, float]] = field(default_factory=dict)

    def __deepcopy__(self, memo: dict[int, object]) -> Climb:
        return record_copy(self, memo)  # for search: its containers copied, its values shared


@dataclass
class Cut:
    """A lane being cut through the wire ``wire``: its mouth's middle, its heading across the wire
    (a unit vector), the wire's depth along it and the inches cut so far."""

    wire: str
    start: XY
    heading: XY
    depth: float
    done: int = 0

    def __deepcopy__(self, memo: dict[int, object]) -> Cut:
        return record_copy(self, memo)  # for search: its containers copied, its values shared

    @property
    def through(self) -> bool:
        return self.done >= self.depth - 1e-6

    @property
    def cut(self) -> float:
        return min(float(self.done), self.depth)

    def outline(self) -> list[XY]:
        """The lane's rectangle: from just before the mouth to the inches cut (just past the far side
        once it is through)."""
        (x, y), (hx, hy) = self.start, self.heading
        near, far = -EDGE, self.cut + (EDGE if self.through else 0.0)
        sx, sy = -hy * LANE / 2, hx * LANE / 2
        return [(round(x + hx * d + k * sx, 3), round(y + hy * d + k * sy, 3))
                for d, k in ((near, -1), (far, -1), (far, 1), (near, 1))]

    def key(self) -> tuple[XY, XY, float, int]:
        return (self.start, self.heading, self.depth, self.done)


@dataclass
class Plan:
    """BON-077: a mortar's target area, planned in ``turn`` and fired at in a later turn."""

    turn: int
    point: XY
    guess: float
    target: str

    def __deepcopy__(self, memo: dict[int, object]) -> Plan:
        return record_copy(self, memo)  # for search: its containers copied, its values shared


@dataclass
class Soldier:
    id: str
    unit: str
    role: str  # officer, soldier, specialist, radio, crew, ammo, piece, hero
    level: str
    armour: str
    weapon: str
    x: float
    y: float
    wounds: int = 1
    ac: int = 0
    move_ac: int = 0  # BON-016: AC spent on movement this turn
    prone: bool = False
    panic: str = ""  # BON-039: the reaction while panicking
    panic_turn: int = 0
    cc_weapon: bool = False
    removed: str = ""  # why he left the table ("" while in play)
    injuries: list[str] = field(default_factory=list)  # BON-112 for heroes
    stunned_turn: int = 0
    mounted: bool = False
    vehicle: tuple[int, int, int] | None = None  # BON-012 gap: (CV save, CV class, inches per move)
    cutters: bool = False  # BON-102: he carries the unit's wire cutters
    banner: bool = False  # BON-036: he bears the unit's banner

    def __deepcopy__(self, memo: dict[int, object]) -> Soldier:
        return record_copy(self, memo)  # for search: its containers copied, its values shared

    @property
    def pos(self) -> XY:
        return (self.x, self.y)

    @property
    def stats(self) -> Level:
        return STATS[self.level]

    @property
    def is_piece(self) -> bool:
        return self.role == "piece"

    @property
    def is_hero(self) -> bool:
        return self.role in ("officer", "hero")

    @property
    def base(self) -> float:
        return PIECE_BASE if self.role == "piece" else VEHICLE_BASE if self.vehicle else BASE

    @property
    def in_play(self) -> bool:
        return not self.removed

    def sp(self) -> int:
        """BON-104 with BON-106 (armour) and BON-112 (a light leg wound halves it)."""
        if self.is_piece:
            return 0
        if self.vehicle:
            return self.vehicle[2]
        sp = self.stats.sp + ARMOUR[self.armour].sp
        if "leg_light" in self.injuries:
            sp = math.ceil(sp / 2)
        return max(sp, 0)

    def max_ac(self) -> int:
        if self.vehicle:
            return VEHICLE_AC
        return 0 if self.is_piece else actions(self.sp())  # BON-008

    def cs(self) -> int:
        return self.stats.cs - (1 if "chest_light" in self.injuries else 0)

    def ds(self, formation: str, charging: bool) -> int:
        """BON-025: experience (or formation) DS plus armour; pieces have DS 6 (BON-065)."""
        if self.is_piece:
            return PIECE_DS
        if self.vehicle:
            return self.vehicle[0]  # BON-093: a vehicle makes a CV save instead of a DS save
        base = self.stats.ds
        if formation == "mass" or (formation == "closed" and charging):  # BON-020 / BON-021 gaps
            base = 1
        return base + ARMOUR[self.armour].ds - (1 if "chest_light" in self.injuries else 0)


@dataclass
class Unit:
    id: str
    seat: str
    name: str
    kind: str
    level: str
    formation: str
    facing: float
    gl: int
    members: list[str]
    start_models: int
    concealed: bool = False
    activated: bool = False
    charging: bool = False
    pending_tests: list[str] = field(default_factory=list)  # BON-037: triggers awaiting a roll
    triggers_turn: dict[str, int] = field(default_factory=dict)  # BON-036 gap: once per turn each
    shot_at_turns: list[int] = field(default_factory=list)
    pinned_turn: int = 0
    half_done: bool = False
    rallied_turn: int = 0
    salvos: int = 0
    ammo_out: bool = False
    ammo_since: int = 0  # BON-076: the turn the ammunition crewman was lost
    gait: str = "walk"  # BON-082: cavalry's gait this turn (standing still counts as walking)
    last_gait: str = "walk"

    def __deepcopy__(self, memo: dict[int, object]) -> Unit:
        return record_copy(self, memo)  # for search: its containers copied, its values shared


def build(card: UnitCard) -> tuple[Unit, list[Soldier]]:
    """The models of one list entry, laid out in its formation around ``at``."""
    men: list[Soldier] = []

    def add(role: str, level: str, armour: str, weapon: str, **kw: object) -> None:
        men.append(Soldier(f"{card.id}.{len(men) + 1}", card.id, role, level, armour, weapon, 0.0, 0.0,
                           **kw))  # type: ignore[arg-type]

    if card.kind == "gun":  # BON-065: the piece and its four Green crew in flak armour
        add("piece", "green", "flak", card.piece, wounds=GUNS[card.piece].wounds)
        for _ in range(CREW):
            add("crew", "green", "flak", "rifle")
    elif card.kind == "vehicle":  # BON-012 gap: one model, its crew inside
        add("vehicle", card.level, "minimal", card.armament, wounds=card.wounds,
            vehicle=(card.cv, card.cv_class, card.speed))
    elif card.kind == "mg":
        add("piece", "green", "flak", "mg", wounds=PIECES["mg"].wounds)
        add("crew", "green", "flak", "rifle")  # BON-065: crews are Green in flak armour
        add("ammo", "green", "flak", "rifle")  # BON-076 gap: the ammunition crewman, named at deployment
    else:
        mounted = card.kind == "cavalry"
        add("officer" if card.kind != "hero" else "hero", card.hero_level or card.level, card.armour,
            card.hero_weapon, cc_weapon=card.hero_weapon == "cc_weapon", mounted=mounted)
        if mounted:
            for i in range(card.soldiers):
                add("rider", card.level, card.armour, "pistol" if i < card.pistols else "rifle",
                    cc_weapon=i < card.cc_weapons, mounted=True)
        if card.kind == "squad":
            kinds = [SPECIALISTS[s.kind] for s in card.specialists]
            for i in range(card.soldiers):
                if i < len(kinds):
                    role, weapon = "specialist", kinds[i]
                    weapon = "pistol" if weapon == "grenades" else weapon
                    grenadier = card.specialists[i].kind == "grenadier"
                    add("grenadier" if grenadier else role, card.level, card.armour, weapon)
                elif i == len(kinds) and card.radio:
                    add("radio", card.level, card.armour, "rifle")
                else:
                    n = i - len(kinds) - card.radio
                    add("soldier", card.level, card.armour, "pistol" if n < card.pistols else "rifle",
                        cc_weapon=n < card.cc_weapons)
    if card.banner:  # BON-036: the first ordinary soldier (or rider) bears the banner
        next(m for m in men if m.role in ("soldier", "rider")).banner = True
    if card.kind in ("squad", "hero"):  # BON-102: the last riflemen (or the hero) carry the cutters
        carriers = [m for m in men if m.role == "soldier"] or men
        for m in carriers[::-1][:card.wire_cutters]:
            m.cutters = True
    gl = STATS[card.level].gl if card.kind not in ("mg", "gun") else STATS["green"].gl
    unit = Unit(card.id, card.seat, card.name, card.kind, card.level, card.formation, card.facing, gl,
                [m.id for m in men], len(men))
    place(men, card.at, card.formation, card.facing)
    for m, (x, y) in zip(men, card.models_at, strict=False):
        m.x, m.y = x, y
    return unit, men


def place(men: list[Soldier], centre: XY, formation: str, facing: float) -> None:
    """Lay the models out: rows of five across the facing (open/closed/mass), or a ring (square)."""
    n = len(men)
    gap = SPACING[formation] if not any(m.is_piece for m in men) else 2.2
    rad = math.radians(facing)
    across, ahead = (math.cos(rad), -math.sin(rad)), (math.sin(rad), math.cos(rad))
    for i, m in enumerate(men):
        if formation == "square" and n > 1:
            r = max(gap * n / (2 * math.pi), gap)
            a = 2 * math.pi * i / n
            dx, dy = r * math.sin(a), r * math.cos(a)
        else:
            cols = min(n, 5)
            row, col = divmod(i, cols)
            u, v = (col - (cols - 1) / 2) * gap, -row * gap
            dx, dy = u * across[0] + v * ahead[0], u * across[1] + v * ahead[1]
        m.x, m.y = round(centre[0] + dx, 2), round(centre[1] + dy, 2)


@mypyc_attr(allow_interpreted_subclasses=True)  # copied without __init__ (core/compiling.py)
class World(State):
    """What is on the table in one game of The Breaking of Nations: the scenario's setup, the table and
    its lanes cut through the wire, the units and their soldiers, the buildings, the guns' plans and the
    turn; the rules are the procedures of ``rules/``, over this."""

    def __init__(self, scenario: Scenario, options: Options, umpire: Umpire) -> None:
        super().__init__(scenario, options, umpire)
        setup: Setup = scenario.setup
        self.setup = setup
        self.table = Table(setup.width, setup.depth, [
            terrain_feature(f.id, f.name, f.kind, f.outline, f.height) for f in setup.features])
        self.units: dict[str, Unit] = {}
        self.men: dict[str, Soldier] = {}
        hide = options.hidden_deployment
        for card in setup.units:
            unit, men = build(card)
            unit.concealed = hide and card.hidden
            self.units[unit.id] = unit
            self.men.update({m.id: m for m in men})
        self.edges = {d.seat: d.edge for d in setup.deployment}
        self.turn = 1
        self.charged: set[str] = set()  # soldiers who charged this turn (BON-017, BON-052)
        self.cuts: list[Cut] = []  # BON-102: lanes cut through the wire (wire.py)
        self.board = Ground.on(self.table, self.cuts)  # the table's rulers, cover, sight and going (board.py)
        self.broken_down: set[str] = set()  # BON-109: vehicles that broke down
        self.plans: dict[str, Plan] = {}  # BON-077: a mortar's target area, planned a turn ahead (artillery.py)
        self.houses = {b.id: Blueprint(b) for b in setup.buildings}  # BON-088..101 (buildings.py)
        self.works = {p.id: Works(p.damage_points, {o.id: o.door for o in p.openings.values()})
                      for p in self.houses.values()}
        self.inside: dict[str, Where] = {}
        self.section_moved: dict[str, int] = {}  # BON-090: soldier -> turn he changed section
        self.climbs: dict[str, Climb] = {}  # BON-089: unit -> its walk to another room under way
        self.turns = options.turns or setup.turns  # BON-003
        self.active = ""  # the unit whose activation is under way (BON-006)
        self.current = ""  # the seat whose decision it is
        self.pointer = 0  # where the initiative order has got to this turn (BON-004)
        self.order: list[str] = []  # this turn's initiative order (BON-004)

    # -- forces ------------------------------------------------------------------
    def members(self, u: Unit) -> list[Soldier]:
        return [m for m in map(self.men.__getitem__, u.members) if not m.removed]  # in play

    def unit_of(self, m: Soldier) -> Unit:
        return self.units[m.unit]

    def centre(self, u: Unit) -> tuple[float, float]:
        ms = self.members(u) or [self.men[u.members[0]]]
        return (sum(m.x for m in ms) / len(ms), sum(m.y for m in ms) / len(ms))

    def enemy_units(self, seat: str) -> list[Unit]:
        return [u for u in self.units.values() if u.seat != seat and self.members(u)]

    def tell(self, rule: str, text: str, unit: Unit | None = None, **fields: Any) -> None:
        """An event the :func:`~.view.witnesses` of ``unit`` are told (everyone when there is none)."""
        from . import view  # (view.py reads the rules, which read this module)
        self.umpire.effect(rule, text, visible_to=view.witnesses(self, unit) if unit else ALL, **fields)
