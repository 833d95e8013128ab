"""What is on the table: the pieces (stands, units, counters), the queue of the sequence of play,
and :class:`World`, the whole state of one game with the simple queries over it (who sees what,
where a unit may move). The rules are functions over the world in :mod:`.rules`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from riotact.core.adjudication import Umpire
from riotact.core.compiling import mypyc_attr
from riotact.core.errors import ScenarioError
from riotact.core.open_orders import Orders
from riotact.core.protocol import Action, State, record_copy
from riotact.core.scenario import Scenario

from .board import street_map
from .options import Options
from .setup import Setup, UnitSpec
from .tables import (
    AUTHORITY,
    ESCAPE_NUMBER,
    MORALE_NUMBER,
    MOVE_RATE,
    NONVIOLENT,
    QUALITY_NAMES,
    SIDES,
    VEHICLE_KINDS,
    level_of,
    other,
    seat_side,
)


@dataclass(slots=True)
class Stand:
    """One base of figures (BWA-03: its quality or reliability sets its numbers)."""

    id: str
    side: str
    quality: int
    start_quality: int
    commander: bool = False
    role: str | None = None        # BWA-26: "spy" or "provocateur" (secret)
    role_note: str = ""            # a label only the infiltrator's master may see

    def __deepcopy__(self, memo: dict[int, object]) -> Stand:
        return record_copy(self, memo)  # for search: its containers copied, its values shared

    @property
    def morale_number(self) -> int:
        return MORALE_NUMBER[self.quality]

    @property
    def escape_number(self) -> int:
        return ESCAPE_NUMBER[self.quality]

    @property
    def quality_name(self) -> str:
        return QUALITY_NAMES[self.side][self.quality]


@dataclass(slots=True)
class Unit:
    """Stands acting together under one commander (nonviolent) or command group (authority)."""

    id: str
    side: str
    name: str
    type: str
    node: str | None
    stands: list[Stand]
    player: str = ""                # the seat that gives its orders
    group: str = ""                 # authority command group (escalation, BWA-48)
    high_command: bool = False
    hidden: bool = False            # BWA-11: shown to the opponent only as a counter
    counter: str = ""               # the counter label while hidden
    status: str = "table"           # table | reserve | arriving | gone
    entry: str | None = None
    region: str = "home"
    country: str = "home"
    language: str = "local"
    food: bool = False
    fed: bool = True
    origin: str = "elsewhere"
    gps: bool = False
    police: bool = False
    weapons: int = 1
    cannons: int = 0
    smoke: tuple[str, ...] = ()
    capacity: int = 0
    mounted_in: str | None = None   # BWA-20: the vehicle carrying it
    condition: str | None = None    # BWA-19: sitting | fraternizing | partying
    barricade: str | None = None    # BWA-52: where it built its barricade
    enveloping: str | None = None   # BWA-22: the unit it envelops
    lost: bool = False              # BWA-07: will not move until rallied
    sign_state: str | None = None   # BWA-07: "roll_again" after a 51-75% street sign result
    signs_known: set[str] = field(default_factory=set)
    disrupted: bool = False         # BWA-23: loses its next action
    band: bool = False              # BWA-40: stands that lost nonviolent discipline
    blocked: bool = False           # BWA-41
    attempts: int = 0               # BWA-47: attempts to find a new commander
    heading: float | None = None    # BWA-13: bearing of its last move (which way a vehicle faces)
    led: bool = False               # BWA-34/46: actionists meant to have a commander (not a band,
                                    # not the stands breaking out of jail, not a vehicle)

    def __deepcopy__(self, memo: dict[int, object]) -> Unit:
        return record_copy(self, memo)  # for search: its containers copied, its values shared

    @property
    def on_table(self) -> bool:
        return self.status == "table" and self.node is not None

    @property
    def commander(self) -> Stand | None:
        return next((s for s in self.stands if s.commander), None)

    @property
    def level(self) -> int:
        """The unit's quality or reliability: its commander's, else its best stand's (BWA-18)."""
        cmd = self.commander
        return cmd.quality if cmd else max(s.quality for s in self.stands)

    @property
    def rate(self) -> int | None:
        return MOVE_RATE[self.type]

    @property
    def vehicle(self) -> bool:
        return self.type in ("land_vehicle", "air_vehicle")

    @property
    def airborne(self) -> bool:
        return self.type == "air_vehicle"

    @property
    def nonviolent(self) -> bool:
        return self.side == NONVIOLENT

    @property
    def reduced(self) -> bool:
        return any(s.quality < s.start_quality for s in self.stands)


def spied(unit: Unit, side: str) -> bool:
    """BWA-26 gap: a spy's master always sees the unit the spy sits in."""
    return unit.side != side and any(s.role == "spy" for s in unit.stands)


@dataclass(slots=True)
class Dummy:
    """BWA-11: a counter with no unit behind it."""

    counter: str
    side: str
    node: str
    player: str = ""
    note: str = "dummy"

    def __deepcopy__(self, memo: dict[int, object]) -> Dummy:
        return record_copy(self, memo)  # for search: its containers copied, its values shared


@dataclass
class Task:
    """One step of the sequence of play; with a ``seat`` it waits for that seat's decision."""

    kind: str
    seat: str | None = None
    data: dict[str, Any] = field(default_factory=dict)

    def __deepcopy__(self, memo: dict[int, object]) -> Task:
        return record_copy(self, memo)  # for search: its containers copied, its values shared


@mypyc_attr(allow_interpreted_subclasses=True)  # copied without __init__ (core/compiling.py)
class World(State):
    """The whole state of one game: the pieces, the orders of the step under way, the initiative,
    and the simple queries over them. The rules are functions over it in :mod:`.rules`."""

    def __init__(self, scenario: Scenario, options: Options, umpire: Umpire) -> None:
        super().__init__(scenario, options, umpire)
        self.options: Options = options
        #: BWA-01: the seats of each side (several players of one side act together).
        self.side_seats = {side: tuple(s for s in scenario.seats if seat_side(s) == side) for side in SIDES}
        if any(seat_side(s) not in SIDES for s in scenario.seats) or not all(self.side_seats.values()):
            raise ScenarioError(scenario.source, "seats", "By Will Alone seats are nonviolent, authority, "
                                "or more players of a side named like nonviolent-2")
        setup: Setup = scenario.setup
        self.setup = setup
        self.map = street_map(setup.features, setup.links, sight_intersections=options.sight_intersections)
        self.units: dict[str, Unit] = {}
        self.dummies: dict[str, Dummy] = {}
        self.media: dict[str, tuple[str, str | None]] = {m.id: (m.feature, m.follows) for m in setup.media}
        self.smoke: dict[str, int] = {}
        for spot in setup.smoke:
            self.smoke[spot] = self.smoke.get(spot, 0) + 1
        self.changed_signs: set[str] = set(setup.changed_signs)
        self.barricades: dict[str, str] = {}          # feature -> unit that built it
        self.jail: list[Stand] = []
        self.discarded: list[Stand] = []
        self.removed = dict.fromkeys(SIDES, 0)
        self.levels: dict[str, int] = {}
        self.tasks: list[Task] = []
        # The orders of the step under way (BWA-01): pieces already ordered, once-per-initiative uses
        # taken up ("escalate:g", "rally:u", ...), and each piece's orders worked out once per step.
        self.ordered: set[str] = set()
        self.used: set[str] = set()
        self.orders_cache: Orders | None = None
        self.initiative = options.first_initiative
        self.initiative_number = 1
        self.escalations = 0
        self.escalated: dict[str, int] = {}             # BWA-49: successful escalations by commander
        self.lost_discipline = 0
        self.incidents = [(self.initiative_number - i.initiatives_ago, i.kind, i.group)  # BWA-49: (initiative,
                          for i in setup.incidents]                                  # kind, group)
        # BWA-01/02: the acting side has lost the initiative in this step / has taken a risk in it.
        self.lose_initiative = False
        self.took_risk = False
        # The legal decisions of the seat to act, kept until the next decision changes the table.
        self.legal_cache: tuple[int, str, Sequence[Action]] | None = None
        self.legal_version = 0
        self.counter_seq = 0
        self._build_units(setup)

    # -- set-up ------------------------------------------------------------
    def _build_units(self, setup: Setup) -> None:
        counters: list[tuple[str, Any]] = []
        for spec in setup.units:
            unit = self._make_unit(spec)
            self.units[unit.id] = unit
            if spec.barricade and unit.node is not None:  # BWA-52: built before the game
                unit.barricade = unit.node
                self.barricades[unit.node] = unit.id
            if spec.start != "table":  # BWA-37/28: its stands begin arrested or discarded
                (self.jail if spec.start == "jail" else self.discarded).extend(unit.stands)
                unit.stands, unit.status = [], "gone"
            if unit.side == AUTHORITY:
                # BWA-48: every commander starts at level 1, unless the scenario opens after escalations
                self.levels.setdefault(unit.group, setup.levels.get(unit.group, 1))
            if unit.hidden and unit.status == "table":  # a carried unit gets a fresh label on dismounting
                counters.append((unit.side, unit))
        for spec in setup.units:
            for carried in spec.carrying:
                self.units[carried].mounted_in = spec.id
                self.units[carried].node = spec.feature
                self.units[carried].hidden = self.units[spec.id].hidden
        for d in setup.dummies:
            counters.append((d.side, Dummy("", d.side, d.feature, self._player(d.side, d.player))))
        # Counter labels are dealt at random so a label says nothing about what is behind it.
        self.umpire.rng.shuffle(counters)
        for side, piece in counters:
            label = self.next_counter(side)
            if isinstance(piece, Dummy):
                piece.counter = label
                self.dummies[label] = piece
            else:
                piece.counter = label
        for inf in setup.infiltrators:
            stand = self.units[inf.unit].stands[-1]
            stand.role = inf.kind
            stand.role_note = f"{inf.kind} for the {other(self.units[inf.unit].side)} side"

    def _player(self, side: str, player: str) -> str:
        """A piece's seat: the one the scenario names (checked by the setup model), or the side's first."""
        return player or self.side_seats[side][0]

    def next_counter(self, side: str) -> str:
        self.counter_seq += 1
        return f"{'N' if side == NONVIOLENT else 'A'}{self.counter_seq}"

    def _make_unit(self, spec: UnitSpec) -> Unit:
        default = "Trained" if spec.side == NONVIOLENT else "Reliable"
        names = spec.qualities or [spec.quality or default] * spec.stands
        levels = [level_of(spec.side, q) for q in names]
        stands = [Stand(f"{spec.id}.{i + 1}", spec.side, lv - spec.dropped_levels, lv) for i, lv in enumerate(levels)]
        # BWA-46: the first stand of actionists commands them, unless the scenario says their commander
        # is gone or they start off the table (an arrested or discarded commander is one no longer).
        if spec.side == NONVIOLENT and spec.type == "actionists" and not spec.without_commander \
                and spec.start == "table" and not spec.band:
            stands[0].commander = True
        return Unit(
            id=spec.id, side=spec.side, name=spec.name or spec.id, type=spec.type,
            node=None if spec.reserve else spec.feature, stands=stands,
            player=self._player(spec.side, spec.player),
            group=spec.commander or spec.id, high_command=spec.high_command, hidden=spec.hidden,
            status="reserve" if spec.reserve else "table", entry=spec.entry, region=spec.region,
            country=spec.country, language=spec.language, food=spec.food, fed=spec.fed,
            origin=spec.origin, gps=spec.gps, police=spec.police, weapons=spec.weapons,
            cannons=spec.cannons, smoke=tuple(spec.smoke), capacity=spec.capacity,
            lost=spec.lost, condition=spec.condition, enveloping=spec.enveloping, band=spec.band,
            attempts=spec.attempts, led=spec.side == NONVIOLENT and spec.type == "actionists" and not spec.band,
        )

    # -- who sees what -----------------------------------------------------------
    def side_of(self, seat: str) -> str:
        return seat_side(seat)

    def first_seat(self, side: str) -> str:
        return self.side_seats[side][0]

    def group_seen(self, group: str) -> bool:
        """Whether the nonviolent side knows an authority command group: one of its units is sighted."""
        return any(u.group == group and u.side == AUTHORITY and u.on_table and not u.hidden
                   for u in self.units.values())

    def smoked(self, node: str) -> bool:
        return self.options.smoke_blocks_sight and self.smoke.get(node, 0) > 0

    def sees(self, a: str, b: str) -> bool:
        """BWA-09/10: sight from feature ``a`` to feature ``b`` (smoke blocks, BWA-13)."""
        return self.map.sees(a, b, self.smoked)

    def table_units(self, side: str | None = None) -> list[Unit]:
        return [u for u in self.units.values()
                if u.on_table and u.mounted_in is None and (side is None or u.side == side)]

    def contact(self, unit: Unit) -> list[Unit]:
        """Opposing units touching ``unit`` (in the same feature; aircraft never touch)."""
        if unit.airborne:
            return []
        return [u for u in self.table_units(other(unit.side))
                if u.node == unit.node and not u.airborne]

    def in_sight_of(self, unit: Unit, side: str) -> list[Unit]:
        assert unit.node is not None
        return [u for u in self.table_units(side) if u.node is not None and self.sees(unit.node, u.node)]

    # -- movement (BWA-12) ---------------------------------------------------------
    def move_rate(self, unit: Unit) -> int | None:
        """BWA-12, with BWA-11: a counter moves at its side's slowest rate."""
        if unit.hidden:
            return self.counter_rate(unit.side)
        return unit.rate

    def counter_rate(self, side: str) -> int:
        rates = [MOVE_RATE[u.type] for u in self.units.values() if u.side == side]
        return min(r for r in rates if r is not None) if any(r is not None for r in rates) else 1

    def can_enter(self, unit: Unit | None, node: str) -> bool:
        if unit is not None and unit.type == "land_vehicle":
            return self.map.features[node].kind in VEHICLE_KINDS
        return True

    def enemy_at(self, side: str, node: str) -> bool:
        """An opposing piece at ``node`` that stops a move: a unit on the ground, or any counter
        (BWA-11), dummies and aircraft included, so a move stops at a counter whatever is behind it."""
        return any(u.node == node and u.side != side and u.status == "table" and u.mounted_in is None
                   and (u.hidden or not u.airborne) for u in self.units.values()) or any(
            d.node == node and d.side != side for d in self.dummies.values())

    def enemy_nodes(self, side: str) -> set[str]:
        """Every place where :meth:`enemy_at` holds for ``side``, found in one pass."""
        nodes = {u.node for u in self.units.values() if u.node is not None and u.side != side
                 and u.status == "table" and u.mounted_in is None and (u.hidden or not u.airborne)}
        return nodes | {d.node for d in self.dummies.values() if d.side != side}

    def destinations(self, unit: Unit, rate: int | None = None, *,
                     stops: set[str] | None = None) -> dict[str, list[str]]:
        """Where ``unit`` may move: up to its rate, stopping on contact (BWA-12). ``stops``: the
        places of :meth:`enemy_nodes` for its side, when already known."""
        assert unit.node is not None
        rate = self.move_rate(unit) if rate is None else rate
        if rate is None:  # airborne: anywhere on the board
            return {n: [n] for n in self.map.features if n != unit.node}
        blocked = self.enemy_nodes(unit.side) if stops is None else stops
        return self.map.reach(unit.node, rate, enter=lambda n: self.can_enter(unit, n), stop=blocked.__contains__)

    def enemy_places(self, side: str) -> set[str]:
        """Where opposing pieces stand on the table (units or counters, whose places everyone sees)."""
        return {u.node for u in self.table_units(other(side)) if u.node is not None} | {
            d.node for d in self.dummies.values() if d.side != side}

    def facing(self, unit: Unit, enemies: set[str] | None = None) -> float:
        """BWA-13 gap: a vehicle faces the way it last moved; one that has not moved yet faces the
        nearest opposing piece on the table (``enemies``: :meth:`enemy_places`, when already known)."""
        assert unit.node is not None
        if unit.heading is not None:
            return unit.heading
        here = unit.node
        away = [n for n in (self.enemy_places(unit.side) if enemies is None else enemies) if n != here]
        if not away:
            return 0.0
        nearest = min(away, key=lambda n: (self.map.dist(here, n), n))
        return self.map.bearing(here, nearest)

    def smoke_spot(self, unit: Unit, method: str, enemies: set[str] | None = None) -> str | None:
        """BWA-13: a smoke screen goes behind the vehicle, a discharger's ball in front of it."""
        assert unit.node is not None
        return self.map.turn(unit.node, self.facing(unit, enemies), math.pi if method == "screen" else 0.0)

    # -- morale checks (BWA-03, BWA-04) ----------------------------------------------
    def activation_can_fail(self, unit: Unit, bonus: int) -> bool:
        """BWA-18: whether the activation roll can fail at all (a 1 plus the bonus misses the number)."""
        return 1 + bonus < MORALE_NUMBER[unit.level]

    # -- street signs (BWA-07, BWA-14..16) --------------------------------------------
