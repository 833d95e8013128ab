"""The playsheet's tables as data, each with its rule ID. Pure functions, no state.

>>> hit_effect(4), hit_effect(3 + 2)
('Staggers', 'Downed')
>>> piercing_save("Staggers", 6 - 1), bludgeoning_save("Flinches", 4)
('LI', 'superficial')
>>> morale_band("normal", 2), morale_band("follower", 5), morale_band("heroes", -1)
('Shaken', 'Obedient', 'Terrified')
>>> fight_result(-2), fight_result(-4), fight_result(1)
('Staggers', 'Downed', 'unscathed')
"""

from __future__ import annotations

from dataclasses import dataclass

# PP-07: sound -> (understood within, heard within), inches; screams and shots are only heard.
SOUNDS: dict[str, tuple[float, float]] = {
    "whisper": (1, 2), "normal": (3, 6), "shout": (6, 12), "scream": (0, 18), "shot": (0, 18),
}
VOLUMES = ("whisper", "normal", "shout")

# PP-11: shooting hit factors.
GOOD_SHOT, POOR_SHOT, IN_COVER, COUP_DE_GRACE = 1, -1, -1, 2
FIRER_MOVED, TARGET_MOVED, RESTED, TELESCOPIC = -1, -1, 1, 1
# PP-08: an opportunity shot, and one at a target attacking the firer from under 10 cm (4").
OPPORTUNITY, OPPORTUNITY_ATTACKED, ATTACK_RANGE = -1, -2, 4.0

# PP-04 loads, PP-06 obstacles (inches of movement).
LOADS = {"none": 0, "heavy": 1, "really_heavy": 2}
OBSTACLE_COST: dict[str, int] = {"most": 1, "difficult": 3, "really_difficult": 5}

# PP-20 size modifiers against gas; PP-22 fighting factors.
SIZE_GAS = {"small": -1, "standard": 0, "large": 1, "very_large": 2, "gigantic": 3}
FULL_SURPRISE, HALF_SURPRISE, HEIGHT, SHAKEN, GROGGY, ENRAGED = 2, 1, 1, -1, -1, 1
MOUNTED, CHARGING, MOUNTED_CHARGE = 2, 1, 2

# PP-29 wound values; PP-25..27 penalties by state (move inches, melee).
WOUND_VALUE = {"LI": 1, "BI": 2, "DI": 3}
WOUND_PENALTY = {"LI": 1, "BI": 2, "DI": 3}
MARKERS = {"LI": "pink", "BI": "green", "DI": "red", "AD": "blue"}  # PP-25..28


@dataclass(frozen=True)
class Weapon:
    """A weapon's card line: kind (firearm, thrown, melee), save table and SDD, range, shots dice."""

    name: str
    kind: str
    table: str = "bludgeoning"
    sdd: int = 0
    range: float = 0
    shots: str = "1"
    to_hit: int | None = None
    long_gun: bool = False
    telescopic: bool = False
    fight: int = 0
    half_hit: int = 0  # PP-14 HR score (thrown)
    full_hit: int = 0  # PP-14 FR score (thrown)
    explosive: str = ""  # "dynamite" or "gas"


# PP-31 / PP-33 SDDs, PP-13 bullets, PP-14 thrown weapons, PP-22 long axe.
WEAPONS: dict[str, Weapon] = {w.name: w for w in (
    Weapon("fists", "melee", "bludgeoning", 0),
    Weapon("whip", "melee", "bludgeoning", 1),
    Weapon("handbag", "melee", "bludgeoning", -1),
    Weapon("club", "melee", "bludgeoning", -2),
    Weapon("brick", "melee", "bludgeoning", -2),
    Weapon("knife", "melee", "piercing", 1),
    Weapon("bayonet", "melee", "piercing", -2),
    Weapon("axe", "melee", "piercing", -3),
    Weapon("long axe", "melee", "piercing", -3, fight=-2),
    Weapon("halberd", "melee", "piercing", -4),
    Weapon("pistol", "firearm", "piercing", 0, range=12, shots="D3"),
    Weapon("revolver", "firearm", "piercing", 0, range=12, shots="D6"),
    Weapon("rifle", "firearm", "piercing", -1, range=36, shots="1", long_gun=True),
    Weapon("shotgun", "firearm", "piercing", 0, range=12, shots="2", long_gun=True),
    Weapon("stone", "thrown", "bludgeoning", -1, range=8, half_hit=4, full_hit=5),
    Weapon("spear", "thrown", "bludgeoning", 0, range=6, half_hit=3, full_hit=5),
    Weapon("dynamite", "thrown", "piercing", 0, range=6, half_hit=4, full_hit=5, explosive="dynamite"),
    Weapon("gas bomb", "thrown", "none", 0, range=6, half_hit=2, full_hit=4, explosive="gas"),
)}


def shots_dice(text: str) -> tuple[int, int, int]:
    """PP-09: a card's shots dice as (dice, sides, fixed): "D6" -> (1, 6, 0), "2" -> (0, 0, 2);
    "D3" is a D6 halved, rounded up (1, 3, 0)."""
    text = text.strip().upper()
    if "D" not in text:
        return 0, 0, int(text)
    n, _, sides = text.partition("D")
    return int(n or 1), int(sides), 0


def hit_effect(total: int) -> str:
    """PP-12: the hit-effect die (+2 for a coup de grace)."""
    return "Downed" if total >= 5 else "Staggers" if total >= 3 else "Flinches"


def piercing_save(result: str, total: int) -> str:
    """PP-31: the Piercing table; columns 5+, 3-4, 2 or less."""
    row = {"Flinches": ("superficial", "LI", "BI"), "Staggers": ("LI", "BI", "DI"),
           "Downed": ("BI", "DI", "AD")}[result]
    return row[0] if total >= 5 else row[1] if total >= 3 else row[2]


def bludgeoning_save(result: str, total: int) -> str:
    """PP-33: the Bludgeoning table; columns 4+ and 3 or less."""
    row = {"Flinches": ("superficial", "hurt"), "Staggers": ("hurt", "LI"),
           "Downed": ("LI", "stunned")}[result]
    return row[0] if total >= 4 else row[1]


def fight_result(difference: int, table: str = "first") -> str:
    """PP-24: a side's own difference; ``second`` is the sheet's less deadly repeat of the table."""
    if difference >= 1:
        return "unscathed"
    if difference == 0:
        return "drawn"
    if table == "second":
        return "Flinches" if difference >= -2 else "Staggers" if difference >= -4 else "Downed"
    return {-1: "Flinches", -2: "Staggers"}.get(difference, "Downed")


# PP-39: lowest total for each band, best first, per morale class ("Terrified 0" on the Normal row is
# exactly 0, a gap default).
MORALE_BANDS: dict[str, tuple[tuple[str, int], ...]] = {
    "heroes": (("Controlled", 3), ("Shaken", 0), ("Terrified", -99)),
    "brave": (("Controlled", 4), ("Shaken", 1), ("Panicked", 0), ("Terrified", -99)),
    "normal": (("Controlled", 5), ("Obedient", 3), ("Shaken", 2), ("Panicked", 1), ("Terrified", 0),
               ("Faint", -99)),
    "follower": (("Obedient", 4), ("Shaken", 3), ("Panicked", 2), ("Terrified", 1), ("Faint", -99)),
}
MORALE_LETTER = {"Controlled": "C", "Obedient": "O", "Shaken": "S", "Panicked": "P", "Terrified": "T",
                 "Faint": "F"}


def morale_band(morale_class: str, total: int) -> str:
    """PP-39: the result for a morale throw's total."""
    for name, low in MORALE_BANDS[morale_class]:
        if total >= low:
            return name
    raise AssertionError("the last band takes every total")


def dynamite_sdd(distance: float) -> int | None:
    """PP-18: the blast's SDD by distance from the exploding point (None: beyond 3")."""
    if distance <= 1:
        return -1
    if distance <= 2:
        return 0
    if distance <= 3:
        return 1
    return None
