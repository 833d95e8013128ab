"""The Civil Disorder table: the pieces on it (players' personal figures, SF units, crowds,
buildings, casualties, gas clouds, snipers, bombs and looters' vehicles: plain dataclasses) and the
:class:`World` holding one game's whole state, with the queries every rule asks of it (units, crowds,
sight, who is told what, the umpire's hidden rolls).

The rules (:mod:`.rules`) act on a :class:`World`; the protocol class (:mod:`.turn`) runs them in
turn order. Nothing here imports a rule, so imports flow one way: state, then rules, then the turn.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from riotact.core.adjudication import RollTotal, Umpire
from riotact.core.audiences import umpire_only
from riotact.core.compiling import mypyc_attr
from riotact.core.log import UMPIRE
from riotact.core.modifiers import Modifier
from riotact.core.protocol import State, record_copy
from riotact.core.scenario import Scenario

from .board import Spots, Town
from .options import Options
from .setup import CDSetup
from .tables import UNIT_TYPES, Table, UnitType

#: CD-04 gap: what the SF are judged on, counted as the game goes (``World.stats``).
STATS = ("arrests", "sf_wounded", "sf_dead", "crowd_wounded", "crowd_dead", "firearm_deaths", "fires_started",
         "loot_escaped", "crowds_dispersed", "negotiations", "overreactions", "escapes")
#: CD-30: the Loot Units the SF count in a load they see carried off (they cannot count the goods).
CARRIED_SEEN = 1


@dataclass
class Player:
    """CD-02 / CD-06: a player's personal figure and place in the chain of command."""

    seat: str
    role: str
    service: str
    superior: str | None
    node: str
    radio: bool
    megaphone: bool
    negotiator: str  # CD-34: hidden from every player
    weapon: str = "none"  # CD-07 (c): a personal firearm
    down: int = 0  # CD-54: turns the figure stays on the ground
    escorting: str | None = None  # CD-55: the prisoner it walks to a police vehicle
    vehicle: str | None = None  # CD-07 (c): the SF unit whose vehicle it sits in, at the wheel
    out: bool = False  # wounded or dead (CD-56): out of action until patched up
    note: str = ""  # hidden tag (conformance sentinels)

    def __deepcopy__(self, memo: dict[int, object]) -> Player:
        return record_copy(self, memo)  # for search: its containers copied, its values shared

    @property
    def able(self) -> bool:
        """Able to act: not out of action, on the ground or escorting a prisoner."""
        return not self.out and self.down == 0 and self.escorting is None

    @property
    def police_or_soldier(self) -> bool:
        return self.service in ("police", "military")


@dataclass
class SFUnit:
    """CD-10: a subordinate SF unit; it acts on its last orders (CD-13)."""

    id: str
    kind: str
    figures: int  # figures present (not casualties)
    node: str
    player: str
    vehicle: str = "none"
    vehicle_node: str | None = None
    aboard: bool = False
    vehicle_moving: bool = False  # CD-15: the vehicle moved last turn (it starts this one moving)
    vehicle_moved: bool = False  # the vehicle has moved this turn
    mounting: bool = False  # CD-16: someone got in or out this turn: the vehicle stays put
    weapon: str = "none"
    gas_stock: int | None = None  # CD-39: a scenario stock; None: plenty if the type carries gas
    radio: bool = True
    snipers: bool = False
    order: str = "hold"
    ordered_by: str = ""  # CD-02: the seat whose order it was last given ("" the scenario's)
    given: str = ""  # that order as given (the rules may end it: a move done, a crowd gone)
    down: list[int] = field(default_factory=list)  # CD-54: turns each fallen figure stays down
    escorts: list[str] = field(default_factory=list)  # CD-55: prisoners its figures escort
    bricked: bool = False  # CD-62: had bricks and bottles thrown before
    shaken_until: int = 0  # CD-64 Shaken: will not advance
    fired_turn: int = 0  # CD-60: the turn of its last volley (one a turn)
    water_turns: int = 0  # CD-50: turns of onboard water used
    hydrant: bool = False  # CD-50: connected to a hydrant
    task: dict[str, object] | None = None  # CD-57/58: a paramedic's current casualty work
    load: list[str] = field(default_factory=list)  # CD-59: casualty ids aboard an ambulance
    away_until: int = 0  # CD-59: an ambulance off the table until this turn
    inside: str | None = None  # CD-47: building entered

    def __deepcopy__(self, memo: dict[int, object]) -> SFUnit:
        return record_copy(self, memo)  # for search: its containers copied, its values shared

    @property
    def type(self) -> UnitType:
        return UNIT_TYPES[self.kind]

    @property
    def fit(self) -> int:
        """Figures able to act: not on the ground and not escorting an arrest."""
        return max(0, self.figures - len(self.down) - len(self.escorts))

    @property
    def has_gas(self) -> bool:
        """CD-39: riot units have plenty; others only a scenario stock (patrol cars), until used up."""
        return self.gas_stock > 0 if self.gas_stock is not None else self.type.gas

    @property
    def on_table(self) -> bool:
        return self.figures > 0 and self.away_until == 0


@dataclass(frozen=True)
class Threat:
    """CD-64 default: where a unit's stress comes from (what it runs from, or fires or charges
    at when it over-reacts): a crowd, or a sniper's place (a building, or a crowd it hides in)."""

    node: str
    crowd: str | None = None
    building: str | None = None

    def __deepcopy__(self, memo: dict[int, object]) -> Threat:
        return self  # frozen: copies of a game share it (a compiled frozen dataclass cannot be copied field by field)


@dataclass
class Crowd:
    """CD-11: one crowd unit with its RL (CD-20) and the umpire's hidden state."""

    id: str
    figures: int
    node: str
    rl: int
    objective: str | None = None  # hidden (a street point)
    looter: bool = False  # CD-25: hidden from the SF
    looters_inside: int = 0  # CD-25 "1d6 per crowd" option: hidden
    broke_off: bool = False  # CD-31: looters already left
    petrol_allowed: bool = False
    bottles: bool = False  # CD-37 manufacture
    petrol: bool = False
    last_petrol: int = -99
    missiles: int = 5  # CD-35 turns of throwing left
    wet: int = 0  # CD-22: 0 dry, 1 damp, 2 soaked
    hosed_turns: int = 0
    dry_turns: int = 0
    arrested: int = 0  # CD-21: since the last RL roll
    had_firearm_casualty: bool = False  # CD-21 (b): the first-casualty -2 once per game
    seen_sf: list[str] = field(default_factory=list)
    seen_specialists: bool = False
    triggers: list[str] = field(default_factory=list)  # CD-20 this turn
    factors: list[tuple[int, str]] = field(default_factory=list)  # action factors this turn
    negotiation: int | None = None  # CD-33 pending change
    discretion: int = 0  # CD-03 umpire seat's nudge this turn
    # looting (CD-26 to CD-30)
    shop: str | None = None
    broken_in: bool = False
    carrying: int = 0  # LU carried (escaping when > 0)
    making_petrol: bool = False  # seen by SF (CD-37)
    gone: str | None = None  # dispersed | escaped
    history: list[int] = field(default_factory=list)
    note: str = ""  # hidden tag (conformance sentinels)

    def __deepcopy__(self, memo: dict[int, object]) -> Crowd:
        return record_copy(self, memo)  # for search: its containers copied, its values shared

    @property
    def escaping(self) -> bool:
        return self.carrying > 0


@dataclass
class Building:
    """CD-40 property value, CD-27 Loot Units, CD-44 fires."""

    id: str
    kind: str
    value: int
    start_value: int
    loot: int
    lootable: bool
    fires: int = 0
    looted: bool = False  # CD-27: all LU taken

    def __deepcopy__(self, memo: dict[int, object]) -> Building:
        return record_copy(self, memo)  # for search: its containers copied, its values shared


@dataclass
class Casualty:
    """CD-56: wounded or dead; it stays where it fell until a paramedic reaches it."""

    id: str
    node: str
    side: str  # sf | crowd
    origin: str  # SF unit or crowd id
    status: str  # wounded | dead
    stage: str = "lying"  # lying | treated | walking | stretcher | loaded | evacuated | returned
    cause: str = ""

    def __deepcopy__(self, memo: dict[int, object]) -> Casualty:
        return record_copy(self, memo)  # for search: its containers copied, its values shared


@dataclass
class GasCloud:
    """CD-22 default: a 4"-wide cloud lasting 3 turns, drifting 1d6" downwind."""

    kind: str  # tear | cs
    x: float
    y: float
    turns: int = 3
    radius: float = 2.0  # inches (the ``gas_radius`` house rule when it was fired)

    def __deepcopy__(self, memo: dict[int, object]) -> GasCloud:
        return record_copy(self, memo)  # for search: its containers copied, its values shared


@dataclass
class Sniper:
    """CD-66 to CD-70: a hidden firer in a building, or an armed agent in a crowd."""

    id: str
    building: str | None
    crowd: str | None
    target: str
    shots: int = 0  # shots fired, from anywhere
    shots_from: dict[str, int] = field(default_factory=dict)  # CD-68: shots from each place
    spotted: bool = False
    known_to: list[str] = field(default_factory=list)  # CD-68: the SF seats told the spotted place
    suppressed_turn: int = -1
    out: bool = False  # hit, or stopped firing (CD-70)
    note: str = ""

    def __deepcopy__(self, memo: dict[int, object]) -> Sniper:
        return record_copy(self, memo)  # for search: its containers copied, its values shared


@dataclass
class Prisoner:
    """CD-55 default: an arrested figure, out of its crowd, walked by one SF figure (a unit's or
    a player's own) to a police vehicle; rescue or escape is the umpire's call."""

    id: str
    crowd: str
    captor: str  # SF unit id or player seat
    node: str  # where it was arrested
    turns: int  # turns until escort and prisoner reach the vehicle
    status: str = "escorted"  # escorted | in custody | rescued | escaped
    known_to: list[str] = field(default_factory=list)  # CD-06: the SF seats told of the arrest or the freeing

    def __deepcopy__(self, memo: dict[int, object]) -> Prisoner:
        return record_copy(self, memo)  # for search: its containers copied, its values shared


@dataclass
class Bomb:
    """CD-66: a bomb carried by an agent in a crowd; the scenario sets when it goes off and what
    it does. Hidden from the SF until it goes off."""

    id: str
    crowd: str  # the crowd the agent is in (followed through merges)
    turn: int | None  # goes off in step 4 of this turn ...
    sf_within: float | None  # ... or when SF come within this many inches of the crowd
    radius: float
    hit_on: int  # d6 per figure in the blast; a hit takes the CD-61 casualty roll
    damage: int  # property damage to each building in the blast
    fire_on: int | None  # d6 per building in the blast: a fire on this or more
    went_off: int | None = None  # the turn it went off
    node: str | None = None  # where it went off
    lost: bool = False  # its crowd left the table before it went off
    known_to: list[str] = field(default_factory=list)  # SF seats told where it went off
    note: str = ""

    def __deepcopy__(self, memo: dict[int, object]) -> Bomb:
        return record_copy(self, memo)  # for search: its containers copied, its values shared


@dataclass
class LooterVehicle:
    """CD-29 optional: a looters' car (5 LU) or van (10 LU)."""

    id: str
    kind: str
    node: str
    capacity: int
    load: int = 0
    gone: bool = False

    def __deepcopy__(self, memo: dict[int, object]) -> LooterVehicle:
        return record_copy(self, memo)  # for search: its containers copied, its values shared


@mypyc_attr(allow_interpreted_subclasses=True)  # copied without __init__ (core/compiling.py)
class World(State):
    """The table of one Civil Disorder game and its queries; :class:`.turn.CivilDisorder` adds
    the protocol and the turn (CD-12)."""

    options: Options  # the house rules, read by attribute (core State holds them)

    def __init__(self, scenario: Scenario, options: Options, umpire: Umpire, town: Town,
                 tables: tuple[Table, Table, Table]) -> None:
        super().__init__(scenario, options, umpire)
        #: The umpire (Game Control, CD-01) again, as this class's own typed attribute: ``umpire``
        #: lives in the instance dict of the core's Python base class, a dictionary look-up at every
        #: roll and event on the compiled laboratory engine (core/compiled.py).
        self.control = umpire
        setup: CDSetup = scenario.setup
        self.setup = setup
        self.turn = umpire.turn = 1
        self.turns = setup.turns
        self.sf_seats = tuple(s for s in self.seats if s != UMPIRE)
        self.human_umpire = UMPIRE in self.seats
        self.negotiation_table, self.fight_table, self.overreaction_table = tables
        self.town = town
        self.players = {p.seat: Player(p.seat, p.role, p.service, p.superior, p.at, p.radio, p.megaphone,
                                       p.negotiator, p.weapon) for p in setup.players}
        self.commander = next(p.seat for p in setup.players if p.superior is None)
        self.units = {u.id: SFUnit(u.id, u.type, u.figures, u.at, u.player, vehicle=u.vehicle,
                                   vehicle_node=u.at if u.vehicle != "none" else None,
                                   aboard=u.aboard and u.vehicle != "none", vehicle_moving=u.moving, weapon=u.weapon,
                                   gas_stock=u.gas_stock, radio=u.radio, snipers=u.snipers, order=u.order)
                      for u in setup.units}
        self.crowds = {c.id: Crowd(c.id, c.figures, c.at, c.rl, self._objective(c.objective), c.looters,
                                   petrol_allowed=c.petrol_bombs, bottles=c.bombs_made, petrol=c.bombs_made,
                                   missiles=c.missiles, wet=c.wet, carrying=c.carrying)
                       for c in setup.crowds}
        pct = options.loot_percent
        self.buildings = {b.id: Building(b.id, b.kind, b.value, b.value,
                                         b.loot if b.loot is not None else
                                         (b.value * pct // 100 if b.kind in ("shop", "store") else 0),
                                         b.kind in ("shop", "store") or bool(b.loot), b.fires)
                          for b in setup.buildings}
        self.features: dict[str, list[str]] = {}
        for f in setup.features:
            self.features.setdefault(f.kind, []).append(f.at)
        self.snipers = {s.id: Sniper(s.id, s.building, s.crowd, s.target) for s in setup.snipers}
        self.vehicles = {v.id: LooterVehicle(v.id, v.kind, v.at, v.capacity, v.load) for v in setup.looter_vehicles}
        self.bombs = {b.id: Bomb(b.id, b.crowd, b.turn, b.sf_within, b.radius, b.hit_on, b.damage, b.fire_on)
                      for b in setup.bombs}
        self.prisoners: dict[str, Prisoner] = {}  # CD-55
        self.casualties: dict[str, Casualty] = {}
        self.gas = [GasCloud(g.kind, *town.pos[g.at], g.turns if g.turns is not None else options.gas_turns,
                             float(options.gas_radius)) for g in setup.gas]
        self.gunfire = [(self.turn - g.turns_ago, g.at) for g in setup.gunfire]  # CD-18: (turn, street point)
        self.phase = dict.fromkeys(self.sf_seats, "action")
        if self.human_umpire:
            self.phase[UMPIRE] = "wait"
        self.declared: dict[str, str] = {}
        self.bargain: dict[str, int] = {}  # CD-33: the umpire's +1/-1 for a bargaining point
        self.walks: dict[str, str] = {}
        self.messages: dict[str, list[str]] = {s: [] for s in self.sf_seats}
        self.reach: dict[str, list[str]] = {}  # CD-07: the units each seat could order this turn
        self.under_fire: dict[str, int] = {}  # CD-67: unit -> turn it was last told
        self.unit_events: dict[str, set[str]] = {}  # CD-62 triggers not yet tested, per unit
        self.unit_wounded: dict[str, int] = {}  # CD-63 members wounded since the unit's last test
        self.threats: dict[str, Threat] = {}  # CD-64: where each tested unit's stress comes from
        self.charged: dict[str, str] = {}  # unit -> crowd it charged this turn (CD-21 d)
        self.withdrew: set[str] = set()
        self.stats = dict.fromkeys(STATS, 0)
        #: CD-06: the stats as each SF seat was told them (events it saw or its units reported): what
        #: its searches may count on (determinise.py), never shown
        self.told = {seat: dict.fromkeys(STATS, 0) for seat in self.sf_seats}
        self.start_value = sum(b.value for b in self.buildings.values())
        self.next_id = 0
        self._still = (False, False)  # within World.standing: units, crowds stand still
        self._unit_spots: Spots[SFUnit] | None = None
        self._crowd_spots: Spots[Crowd] | None = None

    # -- helpers used by every rules module ---------------------------------
    @property
    def explains(self) -> bool:
        """False in the laboratory mode, whose log keeps no words (core/log.py QuietLog); a world
        may start explaining half way (core/worlds.py ``explaining``)."""
        return self.control.log.explains

    def count(self, stat: str, told: Iterable[str], amount: int = 1, seen: int | None = None) -> None:
        """CD-04 gap: ``amount`` more of ``stat`` (fewer if negative), and ``seen`` more (``amount`` if
        None) as the seats ``told`` know it (CD-06; never below 0: they may hear of the end of what
        they never saw begin)."""
        self.stats[stat] += amount
        for seat in told:
            known = self.told[seat]
            known[stat] = max(0, known[stat] + (amount if seen is None else seen))

    def new_id(self, prefix: str) -> str:
        self.next_id += 1
        return f"{prefix}{self.next_id}"

    def _objective(self, objective: str | None) -> str | None:
        if objective is None or objective in self.town.pos:
            return objective
        shape = self.town.buildings[objective]
        return shape.fronts[0]

    def position(self, node: str) -> tuple[float, float]:
        return self.town.pos[node]

    def note(self, rule: str, text: str, **fields: Any) -> None:
        """An umpire-only event (Game Control business, CD-01)."""
        if self.explains:
            self.control.effect(rule, text, visible_to=umpire_only(self), **fields)
        else:
            self.control.log.mark("effect")

    def roll(self, rule: str, who: str, n: int, sides: int, purpose: str, modifiers: Sequence[Modifier] = (), *,
             target: int | None = None, at_most: bool = False) -> RollTotal:
        """Every roll is the umpire's (the tables are Game Control rules, CD-01)."""
        return self.control.roll_total(rule, who, n, sides, purpose=purpose, modifiers=modifiers, target=target,
                                       at_most=at_most, visible_to=umpire_only(self))

    def d6(self, rule: str, who: str, purpose: str) -> int:
        return self.roll(rule, who, 1, 6, purpose).total

    def live_crowds(self) -> list[Crowd]:
        return [c for c in self.crowds.values() if c.gone is None and c.figures > 0]

    def live_units(self) -> list[SFUnit]:
        return [u for u in self.units.values() if u.on_table]

    # -- where pieces stand (board.Spots): queries that look only near a place --------------
    def standing(self, *, units: bool = True, crowds: bool = True) -> Standing:
        """A stretch of the turn in which no unit (``units``) or crowd (``crowds``) moves,
        arrives or splits: the queries below share one index of where they stand, built at the
        first of them (``with s.standing(): ...``)."""
        return Standing(self, units, crowds)

    def unit_spots(self) -> Spots[SFUnit]:
        if not self._still[0]:
            return Spots(self.town, self.live_units())
        if self._unit_spots is None:
            self._unit_spots = Spots(self.town, self.live_units())
        return self._unit_spots

    def crowd_spots(self) -> Spots[Crowd]:
        if not self._still[1]:
            return Spots(self.town, self.live_crowds())
        if self._crowd_spots is None:
            self._crowd_spots = Spots(self.town, self.live_crowds())
        return self._crowd_spots

    def units_seen_from(self, node: str, *, ordered: bool = True) -> list[SFUnit]:
        """Units on the table in sight of ``node`` (CD-06), in table order (``ordered=False``:
        in any order, for a sum or a minimum by a key of the caller's)."""
        return [u for u in self.unit_spots().seen_from(node, ordered=ordered) if u.on_table]

    def units_within(self, node: str, inches: float, *, ordered: bool = True) -> list[SFUnit]:
        """Units on the table within ``inches`` of ``node``, in table order (``ordered=False``:
        in any order)."""
        return [u for u in self.unit_spots().within(node, inches, ordered=ordered) if u.on_table]

    def crowds_within(self, node: str, inches: float) -> list[Crowd]:
        """Crowds on the table within ``inches`` of ``node``, in table order."""
        return [c for c in self.crowd_spots().within(node, inches) if c.gone is None and c.figures > 0]

    def crowds_at(self, nodes: Iterable[str]) -> list[Crowd]:
        """Crowds on the table at any of ``nodes``, in table order."""
        spots = self.crowd_spots()
        return [c for c in spots.gather(spots.occupied(set(nodes))) if c.gone is None and c.figures > 0]

    def nearest_unit(self, node: str, *, seen_from: str | None = None) -> SFUnit | None:
        """The unit on the table nearest ``node`` in a straight line (only those in sight of
        ``seen_from``, if given); on a tie, the first in table order."""
        places = None if seen_from is None else self.town.seen_from(seen_from)
        return self.unit_spots().nearest(node, lambda u: u.on_table, places)

    def nearest_unit_by_id(self, node: str, inches: float, fits: Callable[[SFUnit], bool]) -> SFUnit | None:
        """The unit on the table within ``inches`` of ``node`` that ``fits``, nearest in a straight
        line; on a tie, the lowest id (CD-36, CD-51: units stacked on one point cost one look)."""
        return self.unit_spots().nearest_by_id(node, self.town.around(node, inches),
                                               lambda u: u.on_table and fits(u))

    def add_casualty(self, node: str, side: str, origin: str, status: str, cause: str,
                     told: Iterable[str]) -> Casualty:
        """CD-56: every casualty is wounded or dead and lies where it fell (``told``: the SF seats
        who see it fall or hear of it, CD-06)."""
        casualty = Casualty(self.new_id("cas"), node, side, origin, status, cause=cause)
        self.casualties[casualty.id] = casualty
        self.count(f"{side}_{status}", told)
        return casualty

    def unit_event(self, unit: SFUnit, trigger: str, threat: Threat | None = None) -> None:
        """CD-62: remember an over-reaction trigger for this unit this turn, and where it came from
        (gunfire, the worst stress, CD-63, outranks the others)."""
        self.unit_events.setdefault(unit.id, set()).add(trigger)
        if threat is not None and (unit.id not in self.threats or trigger == "shot at"):
            self.threats[unit.id] = threat

    def trigger(self, crowd: Crowd, reason: str, factor: int = 0, why: str = "") -> None:
        """CD-20: something that calls for an RL roll this turn, with its action factor."""
        crowd.triggers.append(reason)
        if factor and (factor, why or reason) not in crowd.factors:
            crowd.factors.append((factor, why or reason))

    def details(self) -> dict[str, Any]:
        """CD-04 gap: what the SF are judged on (shown at the end of the game)."""
        lost = self.start_value - sum(b.value for b in self.buildings.values())
        return {
            "property_lost": lost,
            "property_start": self.start_value,
            "fires_burning": sum(b.fires for b in self.buildings.values()),
            "fires_started": self.stats["fires_started"],
            "wrecks": sorted(b.id for b in self.buildings.values() if b.value == 0),
            "casualties": {"sf_wounded": self.stats["sf_wounded"], "sf_dead": self.stats["sf_dead"],
                           "crowd_wounded": self.stats["crowd_wounded"],
                           "crowd_dead": self.stats["crowd_dead"]},
            "firearm_deaths": self.stats["firearm_deaths"],
            "arrests": self.stats["arrests"],
            "escapes": self.stats["escapes"],
            "loot_carried_off": self.stats["loot_escaped"],
            "crowds_dispersed": self.stats["crowds_dispersed"],
            "overreactions": self.stats["overreactions"],
            "rl_history": {c.id: list(c.history) for c in self.crowds.values()},
            "score_parts": [[why, points] for why, points in self.score_parts()],
        }

    def score_parts(self) -> list[tuple[str, float]]:
        """CD-04 gap: the SF score from 100, item by item: property lost (half a point each), loot
        carried off, casualties, arrests and dispersals; any crowd death from SF firearms is a
        serious failure (the ``death_penalty`` house rule)."""
        st = self.stats
        lost = self.start_value - sum(b.value for b in self.buildings.values())
        parts = [("start", 100.0), (f"property lost ({lost} points, half each)", -lost / 2),
                 (f"loot carried off ({st['loot_escaped']} LU)", -st["loot_escaped"]),
                 (f"SF wounded ({st['sf_wounded']}, 2 each)", -2 * st["sf_wounded"]),
                 (f"SF dead ({st['sf_dead']}, 5 each)", -5 * st["sf_dead"]),
                 (f"crowd wounded ({st['crowd_wounded']}, 3 each)", -3 * st["crowd_wounded"]),
                 (f"crowd dead ({st['crowd_dead']}, 10 each)", -10 * st["crowd_dead"]),
                 (f"arrests ({st['arrests']})", st["arrests"]),
                 (f"crowds dispersed ({st['crowds_dispersed']}, 5 each)", 5 * st["crowds_dispersed"])]
        if st["firearm_deaths"]:
            parts.append((f"deaths from SF firearms ({st['firearm_deaths']})", -self.options.death_penalty))
        return [(why, float(points)) for why, points in parts if points or why == "start"]

    def score(self) -> float:
        """CD-04 gap: the sum of :meth:`score_parts`."""
        return round(sum(points for _, points in self.score_parts()), 1)


class Standing:
    """:meth:`World.standing` (a plain class: a generator-based context manager costs more than
    the few look-ups of a small table's phase)."""

    def __init__(self, world: World, units: bool, crowds: bool) -> None:
        self.world, self.units, self.crowds = world, units, crowds

    def __enter__(self) -> None:
        w = self.world
        self.before = (w._still, w._unit_spots, w._crowd_spots)
        w._still = (self.units or w._still[0], self.crowds or w._still[1])
        if self.units:
            w._unit_spots = None
        if self.crowds:
            w._crowd_spots = None

    def __exit__(self, *exc: object) -> None:
        w = self.world
        w._still, w._unit_spots, w._crowd_spots = self.before
