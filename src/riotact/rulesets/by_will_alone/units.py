"""Stands, units and counters: the pieces on the table."""

from __future__ import annotations

from dataclasses import dataclass, field

from .tables import ESCAPE_NUMBER, MORALE_NUMBER, MOVE_RATE, NONVIOLENT, QUALITY_NAMES


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
