"""The seed's charts as data: soldier stats, armour, weapons, artillery, terrain, morale reactions,
hit locations, firing modifiers, and the Cost Units the catalogue proposes.

>>> STATS["veteran"].cs, STATS["veteran"].ds, STATS["veteran"].sp, actions(STATS["veteran"].sp)
(1, 5, 6, 3)
>>> actions(5 + ARMOUR["flak"].sp), terrain_speed(5, "bumpy"), terrain_speed(5, "jagged")
(2, 4, 2)
>>> WEAPONS["rifle"].band(5), WEAPONS["rifle"].band(10), WEAPONS["rifle"].band(20), WEAPONS["rifle"].band(25)
('short', 'medium', 'long', None)
>>> reaction("regular", 4), reaction("veteran", 4), reaction("green", 2)
('prone', 'take_cover', 'freeze')
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class Level:
    """BON-104: one experience level's stats (GL is the D6 score needed, e.g. 4 for "4+")."""

    name: str
    cs: int
    ds: int
    sp: int
    gl: int
    cu: int  # BON-010 gap: proposed Cost Units
    fire_mod: int  # BON-113: "Firer is ..." (TN modifier)


STATS = {
    "civilian": Level("Civilian", -2, 4, 4, 6, 1, 2),
    "green": Level("Green", -1, 4, 5, 5, 2, 1),
    "regular": Level("Regular", 0, 5, 5, 4, 3, 0),
    "veteran": Level("Veteran", 1, 5, 6, 3, 4, -1),
    "elite": Level("Elite", 2, 6, 6, 2, 5, -2),
}
LEVELS = tuple(STATS)


@dataclass(frozen=True)
class Armour:
    """BON-106: armour adds to DS and takes from SP."""

    ds: int
    sp: int


ARMOUR = {"minimal": Armour(0, 0), "flak": Armour(1, -1), "heavy": Armour(2, -2)}


def actions(sp: int) -> int:
    """BON-008: AC is SP halved, rounded up (SP after armour, BON-008 gap)."""
    return max(0, math.ceil(sp / 2))


@dataclass(frozen=True)
class Weapon:
    """BON-107 / BON-108: range bands (S, M, L; a single figure is S only), damage, shots per firing."""

    name: str
    short: float
    medium: float | None
    long: float | None
    damage: int
    shots: int = 1
    cu: int = 0  # BON-010 gap
    specialist: bool = False
    av: bool = False

    @property
    def reach(self) -> float:
        """BON-024: a target must be within the longest band."""
        return self.long or self.medium or self.short

    def band(self, distance: float) -> str | None:
        """BON-030 gap: each band runs up to and including its own figure."""
        if distance <= self.short:
            return "short"
        if self.medium is not None and distance <= self.medium:
            return "medium"
        if self.long is not None and distance <= self.long:
            return "long"
        return None


WEAPONS = {
    "rifle": Weapon("rifle", 6, 12, 24, 1),
    "pistol": Weapon("pistol", 5, 9, 12, 1),  # BON-056: may replace the rifle
    "musket": Weapon("musket", 3, 6, 12, 1),  # BON-056 gap: the rifle's bands halved
    "lmg": Weapon("LMG", 6, 12, 24, 1, shots=3, cu=3, specialist=True),  # BON-063
    "lft": Weapon("LFT", 9, None, None, 1, cu=3, specialist=True, av=True),  # BON-061: a 9" stream
    "grenades": Weapon("grenades", 9, None, None, 0, cu=1, specialist=True),  # BON-057: D3 per figure
    "cc_weapon": Weapon("close-combat weapon", 1, None, None, 1, cu=1),  # BON-054
    "mg": Weapon("MG", 9, 18, 36, 1, shots=6),  # BON-074 / BON-108, D 1 (BON-074 gap)
}
#: BON-045: the specialist kinds; the medic, sniper and gas specialist play as riflemen (BON-045 gap).
SPECIALISTS = {"lmg": "lmg", "lft": "lft", "grenadier": "grenades", "medic": "rifle", "sniper": "rifle",
               "gas": "rifle"}
RADIO_CU = 1  # BON-010 gap

#: BON-079 / BON-105: a mount's gaits (inches per turn), slowest first.
GAITS = {"walk": 6, "canter": 8, "gallop": 10}
#: BON-080: the least a mount must move at a gait (momentum).
GAIT_MINIMUM = {"walk": 0.0, "canter": 6.0, "gallop": 8.0}
#: BON-081: inches spent per 90 degrees turned at a gait (proportional, gap; free at a walk).
TURN_COST = {"walk": 0.0, "canter": 1.0, "gallop": 2.0}
#: BON-084 gap: a rider's armour: inches lost at a gait, or None where it cannot go (Kevlar = flak).
RIDER_ARMOUR: dict[str, dict[str, int | None]] = {"minimal": {}, "flak": {"gallop": -2},
                                                   "heavy": {"canter": -2, "gallop": None}}


def gait_limit(last: str, armour: str, gait: str) -> float | None:
    """BON-079 / BON-105 a gait's distance, less the rider's armour (BON-084); None: forbidden, or more
    than one gait above last turn's ``last`` (BON-082)."""
    if list(GAITS).index(gait) > list(GAITS).index(last) + 1:
        return None
    penalty = RIDER_ARMOUR[armour].get(gait, 0)
    return None if penalty is None else float(GAITS[gait] + penalty)


def ride_reach(last: str, armour: str) -> float:
    """The farthest a mount may go this turn, at the best gait open to it."""
    return max((lim for g in GAITS if (lim := gait_limit(last, armour, g)) is not None), default=0.0)


MOUNT_CU = 2  # BON-010 gap, extended: a horse costs as a Green soldier
HORSEBACK_MOD = 1  # BON-085 / BON-113
CAVALRY_CC_MOD = -1  # BON-083

@dataclass(frozen=True)
class Piece:
    """A crewed piece's card: its cost with the crew, its crew, its wounds and its arc of fire."""

    cu: int
    crew: int
    wounds: int
    arc: float


#: BON-010 gap: pieces, crew included. MG: crew 2 (BON-074), 3 wounds, DS 6 (BON-065).
PIECES = {"mg": Piece(cu=10, crew=2, wounds=3, arc=90.0)}
PIECE_DS = 6  # BON-065



@dataclass(frozen=True)
class Terrain:
    """BON-110: a terrain kind's CV and move type (BON-109); what it does to sight and charging."""

    name: str
    cv: int
    move: str  # flat, bumpy, jagged, or "impassable"
    blocks_sight: bool = False
    dangerous: bool = False  # BON-017 gap: no charging across it
    area: bool = True  # a figure standing in it has its CV (BON-100 gap); walls give CV when crossed
    trench: bool = False


TERRAIN = {
    "clear": Terrain("clear ground", 0, "flat"),
    "rubble": Terrain("rubble", 3, "bumpy"),
    "barbed_wire": Terrain("barbed wire", 0, "jagged", dangerous=True),  # BON-102: no cover, no charging
    "light_forest": Terrain("light forest", 3, "bumpy"),
    "dense_forest": Terrain("dense forest", 6, "jagged"),
    "shallow_river": Terrain("shallow river", 0, "bumpy"),
    "deep_river": Terrain("deep river", 0, "jagged", dangerous=True),
    "impassable_water": Terrain("impassable water", 0, "impassable", dangerous=True),  # BON-103 gap
    "wooden_wall": Terrain("wooden wall", 6, "jagged", area=False),
    "stone_wall": Terrain("brick/stone wall", 9, "jagged", area=False),
    "wooden_building": Terrain("wooden building", 6, "bumpy"),
    "stone_building": Terrain("brick/stone building", 9, "bumpy"),  # BON-092: those inside use its CV
    "fortification": Terrain("fortification", 15, "bumpy"),
    "closed_building": Terrain("closed building", 0, "impassable", blocks_sight=True),  # BON-098
    "trench": Terrain("trench", 12, "jagged", trench=True),
}
SPEED_FRACTION = {"flat": (1, 1), "bumpy": (2, 3), "jagged": (1, 3)}


BASE = 0.5  # a foot figure's base radius (1" across)
MOVE_ORDER = {"flat": 0, "bumpy": 1, "jagged": 2, "impassable": 3}  # BON-109: the slowest ground decides


def terrain_speed(sp: float, move: str) -> int:
    """BON-109: full, 2/3 or 1/3 of full speed, rounded up."""
    num, den = SPEED_FRACTION[move]
    return math.ceil(sp * num / den)


#: BON-111: panic reaction by D6 face, for Civilian/Green, Regular, Veteran/Elite.
REACTIONS = {
    "low": ("flee", "freeze", "onwards", "onwards", "onwards", "berserk"),  # 2 "Panic" = Freeze (gap)
    "regular": ("flee", "onwards", "onwards", "prone", "take_cover", "berserk"),
    "high": ("flee", "prone", "prone", "take_cover", "take_cover", "berserk"),
}


def reaction(level: str, face: int) -> str:
    column = "low" if level in ("civilian", "green") else "regular" if level == "regular" else "high"
    return REACTIONS[column][face - 1]


#: BON-112: hit location by D12 face (with the catalogue's gap readings).
HIT_LOCATION = {1: "arm_light", 2: "leg_light", 3: "groin", 4: "chest_light", 5: "chest_light",
                6: "head_light", 7: "arm_heavy", 8: "leg_heavy", 9: "chest_heavy", 10: "head_heavy",
                11: "bloody_death", 12: "bloody_death"}
LOCATION_TEXT = {
    "arm_light": "light arm wound: no LMG or LFT, rifle at half range",
    "leg_light": "light leg wound: speed halved",
    "groin": "groin wound: falls prone, moves at most 2\"",
    "chest_light": "light chest wound: CS -1 and easier to hit (TN -1)",
    "head_light": "light head wound: stunned, no actions in his next activation",
    "arm_heavy": "heavy arm wound: cannot fire any weapon",
    "leg_heavy": "heavy leg wound: prone for the rest of the game",
    "chest_heavy": "heavy chest wound: a casualty",
    "head_heavy": "heavy head wound: a casualty",
    "bloody_death": "bloody death",
}
REMOVING_LOCATIONS = ("chest_heavy", "head_heavy", "bloody_death")

RANGE_MOD = {"short": -1, "medium": 0, "long": 1}  # BON-030 / BON-113
CHARGING_CLUSTER_MOD = -1  # BON-113
CRITICAL_RANGED = 12  # BON-026
CC_CRITICAL_HIT, CC_CRITICAL_MISS = 5, 2  # BON-033, BON-034
