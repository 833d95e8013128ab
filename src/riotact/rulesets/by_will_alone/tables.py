"""The rules tables of By Will Alone, as data (each cites its rule ID)."""

from __future__ import annotations

from fractions import Fraction

NONVIOLENT, AUTHORITY = "nonviolent", "authority"
SIDES = (NONVIOLENT, AUTHORITY)


def other(side: str) -> str:
    return AUTHORITY if side == NONVIOLENT else NONVIOLENT


def seat_side(seat: str) -> str:
    """BWA-01: a seat plays the side its name starts with (``nonviolent``, ``authority-2``, ...)."""
    return seat.split("-")[0]


# BWA-03: quality / reliability levels (0 lowest), morale check number and escape roll.
QUALITY_NAMES = {NONVIOLENT: ("Untrained", "Trained", "Veteran"),
                 AUTHORITY: ("Wavering", "Reliable", "Dedicated")}
MORALE_NUMBER = (6, 4, 2)
ESCAPE_NUMBER = (6, 5, 4)  # BWA-37: only nonviolent stands use it
TOP_LEVEL = 2


def level_of(side: str, name: str) -> int:
    """BWA-03: level index of a quality (nonviolent) or reliability (authority) name, any case."""
    lowered = [n.lower() for n in QUALITY_NAMES[side]]
    if name.strip().lower() not in lowered:
        word = "quality" if side == NONVIOLENT else "reliability"
        raise ValueError(f"a {side} {word} is one of {', '.join(QUALITY_NAMES[side])}, not {name!r}")
    return lowered.index(name.strip().lower())


# BWA-04: unit morale table rows ("% that fail": first row whose limit is not exceeded).
UNIT_MORALE_LIMITS = (Fraction(1, 4), Fraction(1, 2), Fraction(3, 4), Fraction(1))
CONFLICT_COLUMN = ("No change", "No change", "Drop one level of reliability",
                   "Drop two levels of reliability")                     # BWA-05
CONFLICT_DROP = (0, 0, 1, 2)
REINFORCEMENT_COLUMN = ("arrives", "arrives", "arrives next initiative", "does not arrive")  # BWA-06
STREET_SIGN_COLUMN = ("unaffected", "wrong direction", "wrong direction, check again next move",
                      "lost")                                               # BWA-07
BARRICADE_COLUMN = ("built", "built", "not built", "not built")            # BWA-08


def morale_row(failed: int, stands: int) -> int:
    """BWA-04: the row (0..3) for ``failed`` of ``stands`` stands."""
    share = Fraction(failed, stands) if stands else Fraction(0)
    return next(i for i, limit in enumerate(UNIT_MORALE_LIMITS) if share <= limit)


# BWA-12: movement rate in features per unit type (None: anywhere on the board).
MOVE_RATE: dict[str, int | None] = {
    "actionists": 1, "police": 2, "infantry": 2, "land_vehicle": 3, "air_vehicle": None,
}

# BWA-13: smoke dispersal methods: cotton balls and where they go.
SMOKE_METHODS = {
    "screen": (3, "behind the vehicle"),
    "discharger": (1, "in front of the vehicle"),
    "barrage": (10, "to the left and right of the barrage marker (per cannon)"),
    "pots": (3, "in a line from the smoke pot, downwind"),
}

# BWA-15: street sign check modifiers.
ORIGIN_MODIFIER = {"area": 2, "neighbouring": 1, "elsewhere": 0}
GPS_MODIFIER = 2

# BWA-16: wrong-direction roll.
WRONG_DIRECTION = {1: "right", 2: "right", 3: "reverse", 4: "reverse", 5: "left", 6: "left"}

# BWA-17: actions, who may take them and activation (None: no activation).
ACTIONS: dict[str, tuple[bool, bool, int | None]] = {
    # action: (activists may, authority may, activation bonus or None)
    "sit": (True, False, None),
    "fraternize": (True, False, 2),
    "party": (True, False, 0),
    "move": (True, True, None),
    "mount": (True, True, None),
    "dismount": (True, True, None),
    "confront": (True, True, None),
    "envelope": (True, True, None),
    "disrupt": (True, False, None),
    "disperse": (False, True, None),
    "arrest": (False, True, None),
    "escape": (True, False, None),
    "reinforce": (True, True, None),
    "escalate": (False, True, None),
    "message": (True, True, None),
    "identify": (True, True, None),
    "signs": (True, False, None),
    "smoke": (True, True, None),
    "barricade": (True, True, 0),
}
ACTION_NAMES = {
    "sit": "Sit Down", "fraternize": "Fraternize", "party": "Party", "move": "Move",
    "mount": "Mount", "dismount": "Dismount", "confront": "Confront", "envelope": "Envelope",
    "disrupt": "Disrupt", "disperse": "Disperse", "arrest": "Arrest", "escape": "Escape",
    "reinforce": "Request Reinforcements", "escalate": "Ask to Escalate Violence",
    "message": "Send Message", "identify": "Identify Spies & Provocateurs", "signs": "Change Signs",
    "smoke": "Make Smoke", "barricade": "Build Barricade",
}


def action_name(verb: str) -> str:
    """An order's name as the rules spell it."""
    return ACTION_NAMES[verb]


def may_take(side: str, action: str) -> bool:
    """BWA-17: whether ``side`` may take ``action`` at all."""
    activists, authority, _ = ACTIONS[action]
    return activists if side == NONVIOLENT else authority


# BWA-27: reactions: (confrontation follows, activation bonus or None). Both sides may use all.
REACTIONS: dict[str, tuple[bool, int | None]] = {
    "hold": (True, None),
    "sit": (True, 2),
    "slow": (True, 1),
    "shadow": (False, 0),
    "withdraw": (False, 2),
    "dismount": (True, 1),
}
REACTION_NAMES = {"hold": "Hold", "sit": "Sit Down", "slow": "Slow Move", "shadow": "Shadow",
                  "withdraw": "Withdraw", "dismount": "Dismount"}

# BWA-42: regaining discipline modifiers.
REGAIN_IN_SIGHT, REGAIN_TOUCHING = -1, -2
REGAIN_BLOCKED, REGAIN_OUTNUMBERED, REGAIN_SURROUNDED = 1, 2, 3

# BWA-43: condition multipliers.
CONDITION_MULTIPLIER = {"sitting": 2, "fraternizing": 3, "partying": 4}
CONDITION_OF_ACTION = {"sit": "sitting", "fraternize": "fraternizing", "party": "partying"}
HOUSING_MULTIPLIER = 3
FORCE_MULTIPLIER = {1: 1, 2: 2, 3: 3, 4: 6}  # BWA-43/48: by level of violence
ENVELOPE_MULTIPLIER = 2
BARRICADE_MULTIPLIER = 2                       # BWA-53

# BWA-44/45: confrontation results by ratio band.
RESULT_ROWS = (
    # (ratio at least, higher action, higher initiative, lower reaction)
    (4, "Succeeds", "Keep/gain it", "Morale Check / Withdraw"),
    (3, "Succeeds", "Keep/gain it", "Withdraw (Higher)"),
    (2, "Succeeds", "Keep/gain it", "Withdraw (Lower)"),
    (1, "Hold", "Lose it", "Hold"),
)


def result_row(ratio: Fraction | None) -> tuple[int, str, str, str]:
    """BWA-44: the highest row the ratio reaches (``None`` = infinite ratio, BWA-33)."""
    for row in RESULT_ROWS:
        if ratio is None or ratio >= row[0]:
            return row
    return RESULT_ROWS[-1]


def compare_points(a: int, b: int, zero_counts_as: int = 4) -> tuple[int, Fraction | None, int]:
    """BWA-33: who is higher (1 = first, -1 = second, 0 = equal), the ratio (None: infinite) and row.

    Equal totals, both 0 included, give a ratio of 1; a lower total of 0 counts
    as a ratio of ``zero_counts_as`` (BWA-33 gap).
    """
    if a == b:
        return 0, Fraction(1), 1
    hi, lo = max(a, b), min(a, b)
    ratio = Fraction(hi, lo) if lo else None
    row = result_row(ratio if ratio is not None else Fraction(zero_counts_as))[0]
    return (1 if a > b else -1), ratio, row


# BWA-48: levels of violence.
VIOLENCE_LEVELS = {
    1: "threats, pushing and arrest",
    2: "less lethal force (tear gas, rubber bullets, batons)",
    3: "direct lethal force (firearms, cannons)",
    4: "indirect lethal force (mortars, artillery, air-launched weapons)",
}
ESCALATION_TARGET = 5                      # BWA-49

# BWA-49: escalation roll modifiers.
ESCALATION_MODIFIERS = {
    "own_attacked": (1, "Authority unit attacked"),
    "withdrew": (1, "Authority unit withdrew due to conflict"),
    "other_attacked": (1, "Another unit attacked"),
    "nv_withdrew": (-1, "Nonviolent unit forced to withdraw"),
    "media": (-1, "At least one media stand in sight"),
}

# BWA-50: accidental attack check.
ACCIDENT_BASE = 2
ACCIDENT_FRATERNIZING, ACCIDENT_PARTYING = 3, 2
ACCIDENT_TOUCHING_SHOT, ACCIDENT_ENVELOPED = -1, -2

# BWA-34: confrontation dice modifiers.
FOOD_MODIFIER = 1
REGION_MODIFIER, COUNTRY_MODIFIER, LANGUAGE_MODIFIER = -1, -2, -2
NO_COMMANDER_TOUCHING_MODIFIER = 1

# BWA-36: resisting arrest modifiers (for the arresting authority stand).
ARREST_POLICE, ARREST_DEDICATED, ARREST_WAVERING = -2, -1, 1

# BWA-30: authority rally modifiers.
RALLY_TOUCHED, RALLY_NONE_IN_SIGHT, RALLY_HIGH_COMMAND = -2, 1, 2

# BWA-39/54: discipline roll.
DISCIPLINE_BONUS, BARRICADE_DISCIPLINE = 1, -1

# Terrain kinds. Built-up kinds sight along roads (BWA-10); blockers stop sight in the open (BWA-09).
ROAD_KINDS = frozenset({"street", "intersection", "square"})
BUILT_UP_KINDS = ROAD_KINDS | {"building", "housing"}
OPEN_KINDS = frozenset({"open", "park", "woods"})
FEATURE_KINDS = BUILT_UP_KINDS | OPEN_KINDS
SIGHT_BLOCKERS = frozenset({"building", "housing", "woods", "park"})
VEHICLE_KINDS = ROAD_KINDS | {"open"}      # where land vehicles may go
