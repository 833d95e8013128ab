"""House rules: every gap default of the BWA catalogue that a table may change."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from riotact.core.errors import OptionError
from riotact.core.options import HouseRule, Value


@dataclass(frozen=True)
class CountRule(HouseRule):
    """A whole-number house rule that makes sense only from ``low`` (up to ``high``)."""

    low: int = 0
    high: int | None = None

    def check(self, ruleset: str, value: Any) -> Value:
        value = super().check(ruleset, value)
        assert isinstance(value, int)
        if value < self.low or (self.high is not None and value > self.high):
            span = f"from {self.low} to {self.high}" if self.high is not None else f"at least {self.low}"
            raise OptionError(f"{ruleset} house rule {self.key!r} must be {span}; got {value!r}")
        return value


HOUSE_RULES = (
    HouseRule("first_initiative", "nonviolent", "BWA-01", "The side that starts with the initiative.",
              ("nonviolent", "authority")),
    HouseRule("no_risk_ends_initiative", True, "BWA-02",
              "An action step in which the acting side takes no risk ends its initiative."),
    HouseRule("unit_check_counts_commander", True, "BWA-04",
              "A unit morale check counts the commander's own stand."),
    HouseRule("nonviolent_quality_drop", True, "BWA-05",
              "A Conflict-column drop lowers a nonviolent unit's quality permanently."),
    HouseRule("reinforcement_retry", True, "BWA-06",
              "A reserve that did not arrive may be requested again in a later initiative."),
    CountRule("lost_moves", 2, "BWA-07",
              "A lost unit is placed this many of its own moves away by the opponent.", low=0),
    HouseRule("smoke_blocks_sight", True, "BWA-09", "Smoke blocks line of sight like terrain."),
    CountRule("sight_intersections", 2, "BWA-10",
              "Sight in built-up areas ends beyond this many intersections.", low=0),
    HouseRule("activation_failure_loses_initiative", True, "BWA-18",
              "A failed activation for an action passes the initiative."),
    HouseRule("barricade_failure_loses_initiative", True, "BWA-52",
              "A barricade that is not built (its morale check fails) passes the initiative, like a failed "
              "activation."),
    HouseRule("condition_needs_contact", True, "BWA-19",
              "Fraternize and Party need contact with an authority unit."),
    HouseRule("disrupt_effect", True, "BWA-23",
              "A successful Disrupt costs the authority unit its next action."),
    CountRule("rally_stands_per_die", 10, "BWA-28", "Discarded stands per nonviolent rally die.", low=1),
    CountRule("authority_rally_max_failed", 50, "BWA-30",
              "An authority rally succeeds if at most this percentage of stands fail.", low=0, high=100),
    CountRule("base_dice", 1, "BWA-31", "Confrontation dice per stand before multipliers.", low=1),
    CountRule("zero_points_counts_as", 4, "BWA-33",
              "The ratio used when only the lower side scored 0.", low=1),
    HouseRule("multipliers", "multiply", "BWA-43", "How several multipliers combine.",
              ("multiply", "highest")),
    CountRule("escalation_window", 2, "BWA-49",
              "Escalation modifiers count events of this many initiatives (this and the previous).", low=1),
    HouseRule("accidental_attacks", True, "BWA-50", "Make the accidental attack check."),
    HouseRule("escape_once_per_initiative", True, "BWA-37",
              "Arrested stands try to escape once per nonviolent initiative."),
    HouseRule("jail_guarded_from", "sight", "BWA-38",
              "The jail's guard unit guards it while it can see it, or only while it stands on it.",
              ("sight", "feature")),
    CountRule("breach_ratio", 2, "BWA-38", "Ratio the escapers need to open a breach.", low=1, high=4),
    CountRule("discipline_loss_ratio", 2, "BWA-39",
              "A nonviolent unit 'loses a confrontation' as lower side at this ratio or more.", low=2),
    HouseRule("smoke_clears_on_initiative", True, "BWA-13",
              "All smoke is removed when the initiative next changes sides."),
    HouseRule("envelope_gives_multiplier", True, "BWA-22",
              "A unit enveloping its opponent doubles its confrontation dice."),
    HouseRule("regain_bonus", "highest", "BWA-42",
              "Of blocked, outnumbered and surrounded, only the highest applies, or all that apply add up.",
              ("highest", "sum")),
    HouseRule("regain_penalties_stack", False, "BWA-42",
              "An authority unit touching (-2) and one in sight (-1) both count, instead of -2 alone."),
    HouseRule("identify_examines", "one", "BWA-26",
              "A passed Identify Spies check examines one stand picked by a die, or every stand of the unit.",
              ("one", "all")),
    HouseRule("escaped_join", "nearest_commander", "BWA-38",
              "Escaped stands join the nearest sighted commanded unit, or always form a unit at the jail.",
              ("nearest_commander", "jail")),
    CountRule("block_ratio", 2, "BWA-41", "Ratio a blocking unit needs to stop an undisciplined band.",
              low=1, high=4),
    CountRule("band_dice", 2, "BWA-40", "Confrontation dice per stand of an undisciplined band's attack.",
              low=1),
    HouseRule("band_keeps_multipliers", False, "BWA-40",
              "An undisciplined band's attack keeps the nonviolent multipliers (housing)."),
    HouseRule("artillery_smoke_split", "sides", "BWA-13",
              "Artillery smoke balls split evenly left and right of the marker, or all land on it.",
              ("sides", "marker")),
    HouseRule("smoke_methods_open", False, "BWA-13",
              "Both sides may use every smoke method (vehicle and artillery smoke too)."),
    HouseRule("escalation_counts", "once", "BWA-49",
              "Each escalation situation counts once, or once for every time it happened.", ("once", "each")),
    HouseRule("accidental_shot_raises_level", False, "BWA-51",
              "An accidental shot raises its commander's level of violence to the shooter's weapon."),
    HouseRule("condition_lasts", "until_moved", "BWA-19",
              "A condition lasts until the unit moves or takes another, or also ends when the nonviolent "
              "side next gains the initiative.", ("until_moved", "next_initiative")),
    HouseRule("wrong_way_all_blocked", "stay", "BWA-16",
              "When right, reverse and left are all blocked the unit stays, or makes the move it was making.",
              ("stay", "as_ordered")),
)
