"""House rules: every gap default of the BWA catalogue that a table may change (read by attribute)."""

from __future__ import annotations

from dataclasses import dataclass

from riotact.core.messages import table_talk_rule
from riotact.core.options import house_rule


@dataclass(frozen=True, slots=True)
class Options:
    """The typed house rules of By Will Alone; each field's name is its key."""

    first_initiative: str = house_rule("nonviolent", "BWA-01",
        "The side that starts with the initiative.", choices=("nonviolent", "authority"))
    no_risk_ends_initiative: bool = house_rule(True, "BWA-02",
        "An action step in which the acting side takes no risk ends its initiative.")
    unit_check_counts_commander: bool = house_rule(True, "BWA-04",
        "A unit morale check counts the commander's own stand.")
    nonviolent_quality_drop: bool = house_rule(True, "BWA-05",
        "A Conflict-column drop lowers a nonviolent unit's quality permanently.")
    reinforcement_retry: bool = house_rule(True, "BWA-06",
        "A reserve that did not arrive may be requested again in a later initiative.")
    lost_moves: int = house_rule(2, "BWA-07",
        "A lost unit is placed this many of its own moves away by the opponent.", low=0, high=20)
    smoke_blocks_sight: bool = house_rule(True, "BWA-09", "Smoke blocks line of sight like terrain.")
    sight_intersections: int = house_rule(2, "BWA-10",
        "Sight in built-up areas ends beyond this many intersections.", low=0, high=20)
    activation_failure_loses_initiative: bool = house_rule(True, "BWA-18",
        "A failed activation for an action passes the initiative.")
    barricade_failure_loses_initiative: bool = house_rule(True, "BWA-52",
        "A barricade that is not built (its morale check fails) passes the initiative, like a failed "
        "activation.")
    condition_needs_contact: bool = house_rule(True, "BWA-19",
        "Fraternize and Party need contact with an authority unit.")
    disrupt_effect: bool = house_rule(True, "BWA-23",
        "A successful Disrupt costs the authority unit its next action.")
    rally_stands_per_die: int = house_rule(10, "BWA-28", "Discarded stands per nonviolent rally die.", low=1, high=100)
    authority_rally_max_failed: int = house_rule(50, "BWA-30",
        "An authority rally succeeds if at most this percentage of stands fail.", low=0, high=100)
    base_dice: int = house_rule(1, "BWA-31", "Confrontation dice per stand before multipliers.", low=1, high=10)
    zero_points_counts_as: int = house_rule(4, "BWA-33", "The ratio used when only the lower side scored 0.",
                                            low=1, high=20)
    multipliers: str = house_rule("multiply", "BWA-43",
        "How several multipliers combine.", choices=("multiply", "highest"))
    escalation_window: int = house_rule(2, "BWA-49",
        "Escalation modifiers count events of this many initiatives (this and the previous).", low=1, high=20)
    accidental_attacks: bool = house_rule(True, "BWA-50", "Make the accidental attack check.")
    escape_once_per_initiative: bool = house_rule(True, "BWA-37",
        "Arrested stands try to escape once per nonviolent initiative.")
    jail_guarded_from: str = house_rule("sight", "BWA-38",
        "The jail's guard unit guards it while it can see it, or only while it stands on it.",
        choices=("sight", "feature"))
    breach_ratio: int = house_rule(2, "BWA-38", "Ratio the escapers need to open a breach.", low=1, high=4)
    discipline_loss_ratio: int = house_rule(2, "BWA-39",
        "A nonviolent unit 'loses a confrontation' as lower side at this ratio or more.", low=2, high=20)
    smoke_clears_on_initiative: bool = house_rule(True, "BWA-13",
        "All smoke is removed when the initiative next changes sides.")
    envelope_gives_multiplier: bool = house_rule(True, "BWA-22",
        "A unit enveloping its opponent doubles its confrontation dice.")
    regain_bonus: str = house_rule("highest", "BWA-42",
        "Of blocked, outnumbered and surrounded, only the highest applies, or all that apply add up.",
        choices=("highest", "sum"))
    regain_penalties_stack: bool = house_rule(False, "BWA-42",
        "An authority unit touching (-2) and one in sight (-1) both count, instead of -2 alone.")
    identify_examines: str = house_rule("one", "BWA-26",
        "A passed Identify Spies check examines one stand picked by a die, or every stand of the unit.",
        choices=("one", "all"))
    escaped_join: str = house_rule("nearest_commander", "BWA-38",
        "Escaped stands join the nearest sighted commanded unit, or always form a unit at the jail.",
        choices=("nearest_commander", "jail"))
    block_ratio: int = house_rule(2, "BWA-41",
        "Ratio a blocking unit needs to stop an undisciplined band.", low=1, high=4)
    band_dice: int = house_rule(2, "BWA-40", "Confrontation dice per stand of an undisciplined band's attack.",
                                low=1, high=10)
    band_keeps_multipliers: bool = house_rule(False, "BWA-40",
        "An undisciplined band's attack keeps the nonviolent multipliers (housing).")
    artillery_smoke_split: str = house_rule("sides", "BWA-13",
        "Artillery smoke balls split evenly left and right of the marker, or all land on it.",
        choices=("sides", "marker"))
    smoke_methods_open: bool = house_rule(False, "BWA-13",
        "Both sides may use every smoke method (vehicle and artillery smoke too).")
    escalation_counts: str = house_rule("once", "BWA-49",
        "Each escalation situation counts once, or once for every time it happened.", choices=("once", "each"))
    accidental_shot_raises_level: bool = house_rule(False, "BWA-51",
        "An accidental shot raises its commander's level of violence to the shooter's weapon.")
    condition_lasts: str = house_rule("until_moved", "BWA-19",
        "A condition lasts until the unit moves or takes another, or also ends when the nonviolent side next "
        "gains the initiative.", choices=("until_moved", "next_initiative"))
    wrong_way_all_blocked: str = house_rule("stay", "BWA-16",
        "When right, reverse and left are all blocked the unit stays, or makes the move it was making.",
        choices=("stay", "as_ordered"))
    table_talk: bool = table_talk_rule("BWA-25")  # issue 8: seats message each other
