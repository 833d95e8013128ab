"""The ``[setup]`` table of a Civil Disorder scenario (CD-04 scenario data), validated."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator, model_validator

from riotact.core.log import UMPIRE

from .tables import UNIT_TYPES, VEHICLE_LOOT


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


#: Sight lines and distances are precomputed for every pair of street points (quadratic in
#: time and memory): 2,000 points take a few seconds; 10,000 would exhaust the memory.
MAX_STREET_POINTS = 2000


class TownSetup(_Model):
    """A grid town: junctions every ``block`` inches, street points every ``step`` inches."""

    columns: int = Field(3, ge=2, le=12)
    rows: int = Field(3, ge=2, le=12)
    block: int = Field(16, ge=8, le=40)
    step: int = Field(2, ge=1, le=4)

    @model_validator(mode="after")
    def _step_divides(self) -> TownSetup:
        if self.block % self.step:
            raise ValueError("block must be a whole number of steps")
        per_block = self.block // self.step  # steps along one block of street
        points = self.rows * ((self.columns - 1) * per_block + 1) + self.columns * ((self.rows - 1) * per_block + 1) \
            - self.rows * self.columns  # each junction is on two streets
        if points > MAX_STREET_POINTS:
            raise ValueError(f"the town has {points} street points, more than {MAX_STREET_POINTS}: use fewer "
                             "columns or rows, shorter blocks or a longer step")
        return self


class BuildingSetup(_Model):
    """CD-40 property value and CD-27 Loot Units; ``block`` is [column, row] of the town block."""

    id: str = Field(pattern=r"^[a-z0-9_]+$")
    block: tuple[int, int]
    part: Literal["whole", "west", "east", "north", "south", "nw", "ne", "sw", "se"] = "whole"
    kind: Literal["shop", "house", "office", "embassy", "store", "garage", "pub"] = "shop"
    value: int = Field(ge=0, le=200)  # 0: already wrecked when the game starts (CD-40)
    loot: int | None = Field(None, ge=0, le=100)  # None: CD-27 rule (50% of value) for shops
    fires: int = Field(0, ge=0)


class FeatureSetup(_Model):
    """CD-04: hydrants (CD-50), missile sources (CD-35), bottle and petrol sources (CD-37)."""

    kind: Literal["hydrant", "missiles", "bottles", "petrol"]
    at: str


class PlayerSetup(_Model):
    """CD-02 / CD-06: one player's personal figure and place in the chain of command."""

    seat: str
    role: str = "police officer"
    service: Literal["police", "military", "fire", "ambulance"] = "police"
    superior: str | None = None
    at: str
    radio: bool = True
    megaphone: bool = False
    negotiator: Literal["poor", "average", "good"] = "average"  # CD-34: hidden from players
    weapon: Literal["none", "single", "baton"] = "none"  # CD-07 (c): a personal firearm


class UnitSetup(_Model):
    """CD-10 / CD-39 / CD-04: one SF unit, its armament, stocks and vehicle."""

    id: str = Field(pattern=r"^[A-Za-z0-9_]+$")
    type: str
    figures: int = Field(ge=1, le=30)
    at: str
    player: str
    vehicle: Literal["none", "car", "van", "engine", "ambulance", "armoured", "water_cannon"] = "none"
    aboard: bool = False
    moving: bool = False  # CD-15: its vehicle is already under way (it arrives driving): goes anywhere by road
    weapon: Literal["none", "single", "auto", "baton"] = "none"
    gas_stock: int | None = Field(None, ge=0)  # CD-39: limited stock (patrol cars); None = plenty
    radio: bool = True
    snipers: bool = False  # CD-70: SWAT snipers
    order: str = "hold"

    @field_validator("vehicle")
    @classmethod
    def _vehicle_fits_the_type(cls, vehicle: str, info: ValidationInfo) -> str:
        """CD-10: a unit comes only in the vehicles its type does (or on foot)."""
        kind = UNIT_TYPES.get(info.data.get("type", ""))
        if kind is not None and vehicle != "none" and vehicle not in kind.vehicles:
            allowed = " or ".join(kind.vehicles) or "no vehicle"
            raise ValueError(f"a {kind.name} unit cannot use vehicle {vehicle!r} (CD-10 allows: {allowed})")
        return vehicle

    @model_validator(mode="after")
    def _known_type(self) -> UnitSetup:
        if self.type not in UNIT_TYPES:
            raise ValueError(f"unknown unit type {self.type!r}; known: {', '.join(UNIT_TYPES)}")
        if self.moving and (self.vehicle == "none" or not self.aboard):
            raise ValueError(f"unit {self.id} can be moving only aboard its vehicle (CD-15)")
        return self


class CrowdSetup(_Model):
    """CD-11 crowd, CD-04 objective and starting state, CD-25 looters."""

    id: str = Field(pattern=r"^[A-Za-z0-9_]+$")
    figures: int = Field(ge=1, le=60)
    at: str
    rl: int = Field(5, ge=1, le=8)  # CD-20 default start: RL 5
    objective: str | None = None  # a building id or node
    looters: bool = False  # a separate Looter Crowd (CD-26)
    petrol_bombs: bool = False  # CD-37: the scenario allows petrol bombs
    bombs_made: bool = False  # CD-37: its bottles and petrol are already gathered (needs petrol_bombs)
    missiles: int = Field(5, ge=0)  # CD-35: turns of brick and bottle throwing
    wet: int = Field(0, ge=0, le=2)  # CD-22: 1 damp, 2 soaked (rain, or hosed before the game starts)
    carrying: int = Field(0, ge=0, le=100)  # CD-30: Loot Units looters already carry off (needs looters)
    layout: list[tuple[float, float]] | None = None  # CD-19: optional figure positions
    controlled_by: str | None = None  # CD-05: must stay empty (no crowd players)

    @model_validator(mode="after")
    def _bombs_allowed(self) -> CrowdSetup:
        if self.bombs_made and not self.petrol_bombs:
            raise ValueError(f"crowd {self.id} has petrol bombs made but petrol_bombs is false (CD-37)")
        if self.carrying and not self.looters:
            raise ValueError(f"crowd {self.id} carries loot but is not a looter crowd (CD-30)")
        return self


class SniperSetup(_Model):
    """CD-66 / CD-67: a sniper in a building, or an armed agent inside a crowd."""

    id: str = Field(pattern=r"^[A-Za-z0-9_]+$")
    building: str | None = None
    crowd: str | None = None
    target: str  # the named SF unit

    @model_validator(mode="after")
    def _one_place(self) -> SniperSetup:
        if (self.building is None) == (self.crowd is None):
            raise ValueError("a sniper is either in a building or in a crowd (an agent)")
        return self


class BombSetup(_Model):
    """CD-66: a bomb carried by an agent in a crowd; the scenario sets its effects. It goes off in
    step 4 of turn ``turn``, or as soon as an SF unit or player's figure is within ``sf_within``
    inches of the crowd, whichever comes first."""

    id: str = Field(pattern=r"^[A-Za-z0-9_]+$")
    crowd: str
    turn: int | None = Field(None, ge=1)
    sf_within: float | None = Field(None, gt=0)
    radius: float = Field(4, gt=0, le=40)  # inches
    hit_on: int = Field(4, ge=1, le=6)  # d6 per figure in the blast; a hit takes the CD-61 roll
    damage: int = Field(0, ge=0, le=200)  # property points off each building in the blast
    fire_on: int | None = Field(None, ge=1, le=6)  # d6 per building in the blast: fire on this or more

    @model_validator(mode="after")
    def _goes_off(self) -> BombSetup:
        if self.turn is None and self.sf_within is None:
            raise ValueError(f"bomb {self.id} needs a turn or an sf_within distance to go off")
        return self


class GasSetup(_Model):
    """CD-22: a gas cloud already over a street point when the game starts (fired in the moments
    before); it lasts ``turns`` (default: the ``gas_turns`` house rule) and drifts like any other."""

    kind: Literal["tear", "cs"]
    at: str
    turns: int | None = Field(None, ge=1, le=50)


class GunfireSetup(_Model):
    """CD-18: shots fired at a street point ``turns_ago`` turns before the first (0: in the moments
    before it, counted as turn 1's); crowds keep away from it while the ``gunfire_turns`` house rule
    remembers it."""

    at: str
    turns_ago: int = Field(0, ge=0, le=50)


class LooterVehicleSetup(_Model):
    """CD-29 optional: looters' pickups, ``load`` Loot Units already aboard."""

    id: str
    kind: Literal["car", "van"]
    at: str
    load: int = Field(0, ge=0)

    @property
    def capacity(self) -> int:
        return VEHICLE_LOOT[self.kind]

    @model_validator(mode="after")
    def _load_fits(self) -> LooterVehicleSetup:
        if self.load > self.capacity:
            raise ValueError(f"looters' {self.kind} {self.id} holds {self.capacity} Loot Units, "
                             f"not {self.load} (CD-29)")
        return self


class CDSetup(_Model):
    """Everything a Civil Disorder scenario supplies (CD-04)."""

    turns: int = Field(20, ge=1, le=500)  # CD-04 gap: game length
    victory_score: int = 50  # CD-04 gap: SF win at this score or more
    wind: Literal["north", "south", "east", "west"] = "east"  # CD-22: the way gas clouds drift
    relationships: str = "The police commander leads; other services support the police."
    town: TownSetup = TownSetup(columns=3, rows=3, block=16, step=2)
    buildings: list[BuildingSetup] = []
    features: list[FeatureSetup] = []
    players: list[PlayerSetup] = Field(min_length=1)
    units: list[UnitSetup] = []
    crowds: list[CrowdSetup] = []
    snipers: list[SniperSetup] = []
    bombs: list[BombSetup] = []
    gas: list[GasSetup] = []
    gunfire: list[GunfireSetup] = []
    looter_vehicles: list[LooterVehicleSetup] = []

    @field_validator("players")
    @classmethod
    def _players_and_chain_of_command(cls, players: list[PlayerSetup], info: ValidationInfo) -> list[PlayerSetup]:
        """One player for each of the scenario's SF seats (every seat but ``umpire``), with exactly
        one overall police commander and a superior among the players for everyone else (CD-02)."""
        seats = (info.context or {}).get("seats")
        names = [p.seat for p in players]
        if seats is not None:
            sf_seats = [s for s in seats if s != UMPIRE]
            if sorted(names) != sorted(sf_seats):
                raise ValueError(f"players must be exactly the SF seats {sf_seats}, one each")
        top = [p for p in players if p.superior is None]
        if len(top) != 1 or top[0].service != "police":
            raise ValueError("there must be exactly one overall police commander (a police player with no "
                             "superior) (CD-02)")
        superior = {p.seat: p.superior for p in players}
        for p in players:
            if p.superior is not None and p.superior not in superior:
                raise ValueError(f"{p.seat}'s superior {p.superior!r} is not a player (CD-02)")
            chain, boss = {p.seat}, p.superior
            while boss is not None:
                if boss in chain:
                    raise ValueError(f"the chain of command loops at {boss!r} (CD-02)")
                chain.add(boss)
                boss = superior[boss]
        return players

    @field_validator("units")
    @classmethod
    def _units_belong_to_players(cls, units: list[UnitSetup], info: ValidationInfo) -> list[UnitSetup]:
        players = {p.seat for p in info.data.get("players", [])}
        for u in units:
            if players and u.player not in players:
                raise ValueError(f"unit {u.id} belongs to {u.player!r}, who is not a player")
        return units
