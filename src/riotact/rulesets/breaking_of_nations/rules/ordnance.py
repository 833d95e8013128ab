"""Artillery pieces, their ammunition and vehicles as data (BON-065..078, BON-108, BON-012).

>>> GUNS["medium_gun"].size, SIZE_DICE[GUNS["medium_gun"].size], GUNS["medium_gun"].reach
('heavy', 4, 90.0)
>>> GUNS["heavy_howitzer"].damage(AMMUNITION["shell"]), GUNS["heavy_howitzer"].wounds
(4, 3)
>>> AMMUNITION["shrapnel"].radius, AMMUNITION["shell"].radius
(1.0, 2.0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..setup import Setup

#: BON-068: the direct-fire dice by weapon size (Light 2D12, Medium 3D12, Heavy 4D12).
SIZE_DICE = {"light": 2, "medium": 3, "heavy": 4}
FIRE_AC = 3  # BON-067: every artillery weapon uses 3 AC to fire
ARC = 45.0  # BON-067: the firing arc, centred on the barrel (gap)
CREW = 4  # BON-065: four Green crew in flak armour unless stated otherwise


@dataclass(frozen=True)
class Ammunition:
    """BON-073 / BON-108: shot (read as the chart's Shrapnel, gap) and shell."""

    name: str
    d: int  # BON-108: damage per hit, before the piece's multiplier
    radius: float  # BON-073: shot 1", shell 2"
    deviation: tuple[int, int]  # BON-069: (dice sides, added inches) of a normal deviation: shot D6, shell D3
    critical: tuple[int, int]  # BON-069: on a critical miss: shot D6+3, shell D6


AMMUNITION = {
    "shrapnel": Ammunition("shot (shrapnel)", 2, 1.0, (6, 0), (6, 3)),
    "shell": Ammunition("shell", 1, 2.0, (3, 0), (6, 0)),
}


@dataclass(frozen=True)
class Gun:
    """BON-077 / BON-078 / BON-108: one kind of piece."""

    name: str
    size: str  # light, medium, heavy (BON-068)
    reach: float  # BON-108 gap: a single figure is the maximum range, with no range modifier
    multiplier: int  # BON-108 gap: "N x Ammo" = N times the ammunition's D per hit
    wounds: int
    direct: bool  # BON-070 gap: guns fire only directly, the mortar only indirectly
    indirect: bool
    cu: int  # BON-010 gap: crew included (BON-065)
    minimum: float = 0.0  # BON-077: the mortar's 12"
    planned: bool = False  # BON-077: the target area is planned one turn before firing

    def damage(self, ammo: Ammunition) -> int:
        return self.multiplier * ammo.d


GUNS = {
    "trench_mortar": Gun("trench mortar", "medium", 30.0, 3, 3, False, True, 12, minimum=12.0, planned=True),
    "light_howitzer": Gun("light howitzer", "medium", 30.0, 2, 2, True, True, 14),  # BON-078 gap: Medium
    "howitzer": Gun("howitzer", "medium", 36.0, 3, 2, True, True, 16),
    "heavy_howitzer": Gun("heavy howitzer", "heavy", 45.0, 4, 3, True, True, 22),
    "light_gun": Gun("light gun", "medium", 70.0, 3, 2, True, False, 16),  # BON-078 gap: 70", not 60"
    "medium_gun": Gun("medium gun", "heavy", 90.0, 4, 3, True, False, 22),
    "heavy_gun": Gun("heavy gun", "heavy", 188.0, 5, 4, True, False, 28),
}

#: BON-066: what must move a piece: light, 2 infantry; medium, 1 horse or a vehicle; heavy, 2 horses
#: or a vehicle (EC 2+ reads as any vehicle, gap). The limber names the horses or vehicle.
LIMBERS = {"none": 0, "horse": 1, "pair": 2, "vehicle": 2}
LIMBER_NEEDED = {"light": 0, "medium": 1, "heavy": 2}

VEHICLE_CU = 10  # BON-010 / BON-012 gap: a vehicle's base cost, plus 5 a CV class and its armament's

def battery_problems(setup: Setup) -> list[str]:
    """BON-065 gap: pieces come in batteries of 2 unless the scenario allows single pieces (MGs are
    taken singly)."""
    if setup.single_pieces:
        return []
    counts: dict[tuple[str, str], int] = {}
    for u in setup.units:
        if u.kind == "gun":
            counts[(u.seat, u.piece)] = counts.get((u.seat, u.piece), 0) + 1
    return [f"seat {seat}: artillery comes in batteries of 2 (BON-065); it has {n} {GUNS[piece].name}(s) "
            "(a scenario may set single_pieces = true)" for (seat, piece), n in counts.items() if n % 2]
