"""The scenario ``[setup]`` model: the table, its terrain, the character cards (PP-02), objectives.

Every fault is one line naming the field (pydantic, ``extra="forbid"``).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from riotact.core.scenario import scenario_seat
from riotact.tabletop import simple_outline

from .tables import WEAPONS

Strict = ConfigDict(extra="forbid")


class FeatureCard(BaseModel):
    """A terrain polygon: cover, obstacle class (PP-06), sight-blocking building, height, risky act."""

    model_config = Strict
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str
    outline: list[tuple[float, float]] = Field(min_length=3)

    _outline = field_validator("outline")(simple_outline)
    #: PP-11: true or "light" (the seed's -1), "heavy" (the umpire's class for solid cover, house rule
    #: ``heavy_cover``), false for none.
    cover: bool | Literal["light", "heavy"] = False
    obstacle: Literal["most", "difficult", "really_difficult"] | None = None
    building: bool = False
    height: int = 0
    #: PP-46: crossing or entering needs a nerve test for this act ("" = not risky).
    risky: str = ""
    #: PP-47: the umpire's judgement of the danger: "oh_shit" (-2), "oh_mummy" (-3), and any "Etc".
    danger: Literal["", "oh_shit", "oh_mummy"] = ""
    etc: int = 0


class WeaponCard(BaseModel):
    """A weapon the scenario defines beyond the built-in ones (PP-31 "etc")."""

    model_config = Strict
    name: str
    kind: Literal["firearm", "thrown", "melee"]
    table: Literal["piercing", "bludgeoning"] = "piercing"
    #: None: the card gives none (PP-13 / PP-31 gaps: the house rules ``missile_sdd`` / ``other_weapon_sdd``).
    sdd: int | None = None
    range: float = 0
    #: "": the card gives no shots dice (PP-09 gap: the house rule ``default_shots``).
    shots: str = Field("", pattern=r"^(|\d+|\d*[dD]\d+)$")
    to_hit: int | None = None
    long_gun: bool = False
    telescopic: bool = False
    fight: int = 0


class CharacterCard(BaseModel):
    """PP-02: one figure's card."""

    model_config = Strict
    id: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9-]*$")
    name: str
    seat: str
    side: str = ""
    at: tuple[float, float]
    base: float = Field(0.5, gt=0, le=3)
    move: float = Field(5, ge=0, le=24)
    fight: int = Field(0, ge=-5, le=5)
    shooting: Literal["good", "average", "poor"] = "average"
    weapons: list[str] = []
    throwables: dict[str, int] = {}
    melee: str = ""
    morale: Literal["heroes", "brave", "normal", "follower"] = "normal"
    adt: int = Field(0, ge=-2, le=2)
    training: Literal["none", "trained", "elite"] = "none"
    named: bool = False
    npc: bool = False
    leader: bool = False
    mounted: bool = False
    size: Literal["small", "standard", "large", "very_large", "gigantic"] = "standard"
    fright: int = Field(0, ge=0, le=6)
    load: Literal["none", "heavy", "really_heavy"] = "none"
    carries_with: str = ""
    wound_thresholds: tuple[int, int, int, int] = (1, 2, 3, 4)
    trained_for: list[str] = []
    fears: dict[str, int] = {}
    fears_nothing: bool = False
    done_before: dict[str, int] = {}
    notes: str = ""
    #: PP-29 / PP-25: the running wound total it comes in with (hurt before the game), whether that
    #: injury is bandaged, and the further -1s bleeding has already cost it.
    wounds: int = Field(0, ge=0)
    bandaged: bool = False
    bleeding: int = Field(0, ge=0, le=6)

    _seat_exists = field_validator("seat")(scenario_seat)

    @model_validator(mode="after")
    def _hurt_but_in_play(self) -> CharacterCard:
        if self.wounds >= self.wound_thresholds[3]:
            raise ValueError(f"{self.id} comes in with {self.wounds} wounds, at least its AD threshold "
                             f"{self.wound_thresholds[3]}: it would be out of action (PP-29)")
        if (self.bandaged or self.bleeding) and self.wounds < self.wound_thresholds[0]:
            raise ValueError(f"{self.id} is bandaged or bleeding with no injury (PP-25)")
        return self

    @field_validator("fears")
    @classmethod
    def _fear_range(cls, fears: dict[str, int]) -> dict[str, int]:
        for act, value in fears.items():
            if not 1 <= value <= 4:
                raise ValueError(f"a particular fear ({act}) is 1 to 4 (PP-47), got {value}")
        return fears


class Objective(BaseModel):
    """What a seat plays for: ``reach`` or ``keep_out`` of a feature, ``protect`` a character."""

    model_config = Strict
    seat: str
    kind: Literal["reach", "keep_out", "protect"]
    target: str
    points: int = Field(1, ge=0)
    text: str = ""


class Setup(BaseModel):
    model_config = Strict
    width: float = Field(48, gt=0, le=240)
    depth: float = Field(48, gt=0, le=240)
    moves: int = Field(8, ge=1, le=100)
    features: list[FeatureCard] = []
    weapons: list[WeaponCard] = []
    characters: list[CharacterCard] = Field(min_length=2)
    objectives: list[Objective] = []
    #: Sides that are not enemies of each other (by default every other side is an enemy).
    allies: list[tuple[str, str]] = []
    #: Things a character may say besides the orders (PP-07).
    lines: list[str] = []
    #: Points a seat scores for each enemy character put out of action.
    out_of_action_points: int = 1

    @model_validator(mode="after")
    def _consistent(self) -> Setup:
        ids = [c.id for c in self.characters]
        if len(set(ids)) != len(ids):
            raise ValueError("character ids must be different")
        fids = [f.id for f in self.features]
        if len(set(fids)) != len(fids):
            raise ValueError("feature ids must be different")
        known = set(WEAPONS) | {w.name for w in self.weapons}
        by_id = {c.id: c for c in self.characters}
        for c in self.characters:
            x, y = c.at
            if not (0 <= x <= self.width and 0 <= y <= self.depth):
                raise ValueError(f"character {c.id} stands off the table at {c.at}")
            for w in [*c.weapons, *c.throwables, *([c.melee] if c.melee else [])]:
                if w not in known:
                    raise ValueError(f"character {c.id} has an unknown weapon {w!r}")
            if c.load == "really_heavy" and c.carries_with:
                partner = by_id.get(c.carries_with)
                if partner is None or partner.carries_with != c.id:
                    raise ValueError(f"character {c.id} carries with {c.carries_with!r}, who does not "
                                     "carry with him (PP-04)")
        for o in self.objectives:
            if o.kind == "protect" and o.target not in by_id:
                raise ValueError(f"objective: no character {o.target!r} to protect")
            if o.kind != "protect" and o.target not in fids:
                raise ValueError(f"objective: no feature {o.target!r}")
        return self
