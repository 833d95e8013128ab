"""The things on the table: players' personal figures, SF units, crowds, buildings,
casualties, gas clouds, snipers and looters' vehicles. Plain dataclasses; the
rules that act on them live in the other modules."""

from __future__ import annotations

from dataclasses import dataclass, field

from .tables import UNIT_TYPES, UnitType


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


@dataclass
class GasCloud:
    """CD-22 default: a 4"-wide cloud lasting 3 turns, drifting 1d6" downwind."""

    kind: str  # tear | cs
    x: float
    y: float
    turns: int = 3
    radius: float = 2.0  # inches (the ``gas_radius`` house rule when it was fired)


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


@dataclass
class LooterVehicle:
    """CD-29 optional: a looters' car (5 LU) or van (10 LU)."""

    id: str
    kind: str
    node: str
    capacity: int
    load: int = 0
    gone: bool = False
