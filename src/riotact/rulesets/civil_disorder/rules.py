"""House rules: every ``gap:`` default of the CD catalogue that the engine uses, as an
option a scenario's ``[house_rules]`` or ``--option key=value`` can override."""

from __future__ import annotations

from collections.abc import Mapping

from riotact.core.errors import OptionError
from riotact.core.options import HouseRule, Value

from .tables import (
    FIGHT_RESULTS,
    FIGHT_TABLE,
    NEGOTIATION_TABLE,
    OVERREACTION_RESULTS,
    OVERREACTION_TABLE,
    Table,
    parse_table,
    table_text,
)

HOUSE_RULES: tuple[HouseRule, ...] = (
    HouseRule("death_penalty", 50, "CD-04", "score lost for any crowd death from SF firearms"),
    HouseRule("strict_visibility", True, "CD-06", "players see only what their figure sees (plus radio)"),
    HouseRule("radio_reports", True, "CD-06", "radio-equipped units report what they see to their player"),
    HouseRule("next_to_inches", 1, "CD-07", '"next to" for a conversation, in inches'),
    HouseRule("voice_inches", 2, "CD-07", "earshot by normal voice (the CD-32 negotiation range)"),
    HouseRule("megaphone_inches", 8, "CD-07", "earshot with a megaphone or PA (CD-32)"),
    HouseRule("count_people", True, "CD-09", "unit comparisons count people (crowd figures x5)"),
    HouseRule("merge_crowds", True, "CD-11", "crowds at one point with RL within 1 merge (30 figures max)"),
    HouseRule("split_above", 30, "CD-11", "a crowd bigger than this splits in two"),
    HouseRule("walk_inches", 6, "CD-14", "walking pace on foot"),
    HouseRule("run_inches", 12, "CD-14", "running pace on foot"),
    HouseRule("vehicle_start_inches", 12, "CD-15", "how far a vehicle that starts stationary may move"),
    HouseRule("gunfire_turns", 2, "CD-18", "turns gunfire is remembered (this turn and the last)"),
    HouseRule("rl_roll", "absolute", "CD-20", "an RL roll's score becomes the RL (the RL State Chart is read "
              "at the score) or moves the RL from where it is (1-2 down one, 3-4 no change, 5-6 up one, a step "
              "more per 2 points beyond)", ("absolute", "relative")),
    HouseRule("emergency_services_count", False, "CD-21", "fire engines and ambulances count as SF coming "
              "into view and for a crowd visibly outnumbered"),
    HouseRule("ordinary_withdrawing", 1, "CD-21", "RL factor for ordinary police or soldiers withdrawing"),
    HouseRule("charge_from_inches", 4, "CD-21", "a charge starts at least this far away"),
    HouseRule("adjacent_inches", 2, "CD-21", '"adjacent" crowds and contact, in inches'),
    HouseRule("gas_turns", 3, "CD-22", "turns a gas cloud lasts"),
    HouseRule("gas_range", 20, "CD-22", "range of a gas grenade or round"),
    HouseRule("gas_radius", 2, "CD-22", "radius of a gas cloud (4\" wide)"),
    HouseRule("water_range", 10, "CD-22", "range of a hose or water cannon"),
    HouseRule("dry_after", 3, "CD-22", "turns without water before a crowd dries one step"),
    HouseRule("looting_rl", 7, "CD-23", "lowest RL at which crowds loot"),
    HouseRule("damage_rl", 6, "CD-23", "lowest RL at which crowds damage property and throw"),
    HouseRule("looters", "crowds", "CD-25", "looters as separate crowds, or 1d6 inside every crowd",
              ("crowds", "per_crowd")),
    HouseRule("looter_cover_inches", 3, "CD-26", "a normal crowd this close to the line from a looter crowd "
              "to the nearest SF unit, and nearer that unit, screens the looters (0: looters ignore cover)"),
    HouseRule("looter_fires", 1, "CD-26", "fires looters start per turn at an already-looted building"),
    HouseRule("loot_percent", 50, "CD-27", "Loot Units as a percentage of property value"),
    HouseRule("looter_vehicles", False, "CD-29", "optional looters' pickups (scenario places them)"),
    HouseRule("pickup_load_inches", 4, "CD-29", "looters load a pickup parked this close to them"),
    HouseRule("pickup_leave_inches", 10, "CD-29", "a loaded pickup drives off when SF come this close"),
    HouseRule("negotiation_table", table_text(NEGOTIATION_TABLE), "CD-33",
              "negotiation results: highest score: RL change"),
    HouseRule("missile_turns", 5, "CD-35", "turns of brick and bottle throwing a crowd carries"),
    HouseRule("missile_range", 10, "CD-36", "range of thrown bricks, bottles and petrol bombs"),
    HouseRule("petrol_interval", 4, "CD-37", "turns between one crowd's petrol bombs"),
    HouseRule("petrol_wound_on", 5, "CD-38", "d6 score that wounds a figure under petrol bomb attack"),
    HouseRule("damage_per_figures", 10, "CD-41", "crowd figures per damage die"),
    HouseRule("hose_range", 10, "CD-49", "range at which an engine works on a building"),
    HouseRule("hydrant_reach", 2, "CD-50", "how close an engine must be to connect to a hydrant"),
    HouseRule("fight_table", table_text(FIGHT_TABLE), "CD-54", "fight results: highest margin: result"),
    HouseRule("snatch_squad", 6, "CD-53", "most SF figures that go into one fight"),
    HouseRule("rescue_chance", 0, "CD-55", "riotact as umpire: % chance a turn that an escorted prisoner is "
              "rescued (or escapes); a person in the umpire seat decides instead"),
    HouseRule("ambulance_return_turns", 3, "CD-59", "turns before an evacuating ambulance is back"),
    HouseRule("hit_on", 4, "CD-60", "d6 score a firer needs to hit a crowd member"),
    HouseRule("overreaction_table", table_text(OVERREACTION_TABLE), "CD-64",
              "over-reaction results: highest score: result"),
)

#: The numbers a house rule may take (lowest, highest; None: no limit). Every other number must
#: not be negative: distances, turns, counts.
LIMITS: dict[str, tuple[int | None, int | None]] = {
    "ordinary_withdrawing": (None, None),  # an RL factor: either sign
    "split_above": (2, None), "damage_per_figures": (1, None), "snatch_squad": (1, None),
    "hit_on": (1, 6), "petrol_wound_on": (1, 6),  # d6 scores
    "loot_percent": (0, 100), "rescue_chance": (0, 100),  # percentages
}


def checked_house_rules(options: Mapping[str, Value]) -> tuple[Table, Table, Table]:
    """What the types alone do not check: numbers within :data:`LIMITS` and well-formed tables.
    Returns the negotiation (CD-33), fight (CD-54) and over-reaction (CD-64) tables."""
    for rule in HOUSE_RULES:
        value = options[rule.key]
        if isinstance(value, bool) or not isinstance(value, int | float):
            continue
        low, high = LIMITS.get(rule.key, (0, None))
        if (low is not None and value < low) or (high is not None and value > high):
            span = f"from {low} to {high}" if high is not None else f"{low} or more"
            raise OptionError(f"civil-disorder house rule {rule.key!r} ({rule.rule}) must be {span}; got {value!r}")
    return (parse_table(str(options["negotiation_table"]), "negotiation_table"),
            parse_table(str(options["fight_table"]), "fight_table", results=FIGHT_RESULTS),
            parse_table(str(options["overreaction_table"]), "overreaction_table", results=OVERREACTION_RESULTS))
