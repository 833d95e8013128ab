"""House rules: the PP catalogue's gap defaults a table may change (listed on docs/rules/PP.md)."""

from __future__ import annotations

from riotact.core.options import HouseRule

HOUSE_RULES = (
    HouseRule("turn_order", "alternate", "PP-01",
              "Who acts within a phase: seats alternate one character at a time, or each seat in turn "
              "does all its characters.", ("alternate", "seat_order")),
    HouseRule("move_reductions", "deduct_then_double", "PP-03",
              "Load and wound deductions come off the base rate before running doubles it, or after.",
              ("deduct_then_double", "double_then_deduct")),
    HouseRule("one_man_really_heavy", False, "PP-04",
              "One man alone may carry a really heavy load (at -2\"); by default two must."),
    HouseRule("speaking_rounds", 2, "PP-05", "Speaking rounds per move, one utterance each."),
    HouseRule("opportunity_attacked", "replace", "PP-08",
              "The -2 for a target attacking the firer from under 4\" replaces the -1, or adds to it.",
              ("replace", "add")),
    HouseRule("hit_half_range", 4, "PP-10", "Score to hit with a shot up to half the card range."),
    HouseRule("hit_full_range", 5, "PP-10", "Score to hit with a shot beyond half range."),
    HouseRule("throw_range_melee", True, "PP-14",
              "The thrower's fighting value is added to a thrown weapon's range in inches (minimum 1\")."),
    HouseRule("spear_table", "bludgeoning", "PP-15",
              "The save table for a thrown spear (the seed says bludgeoning).", ("bludgeoning", "piercing")),
    HouseRule("exploding_point", "scatter", "PP-16",
              "Where a missed explosive lands: arrow die and half a D6 inches, or the sheet's second "
              "method (D6, -1 at full range: 5+ on the spot, 3+ 0.75\", 2- 1.5\").",
              ("scatter", "placement")),
    HouseRule("explosive_natural_one", "dud", "PP-17",
              "A natural 1 thrown with dynamite or gas: a dud (scatters, no explosion) or only a miss.",
              ("dud", "miss")),
    HouseRule("dynamite_radius", 3.0, "PP-18", "Everyone within this many inches of a blast is hit."),
    HouseRule("kick_nerve", False, "PP-19", "Kicking or throwing lit dynamite away needs a nerve test."),
    HouseRule("gas_moves", 3, "PP-20", "Moves a gas cloud lasts."),
    HouseRule("surprise", "sight", "PP-22",
              "Surprise for a charge: full when the target could not see the charger as its move began, "
              "half when it could but was not ready (Shaken, Panicked, groggy or rising); or none.",
              ("sight", "off")),
    HouseRule("fight_table", "first", "PP-24",
              "Fighting results: the table labelled RESULT, or the sheet's less deadly repeat.",
              ("first", "second")),
    HouseRule("bleeding_lasts", True, "PP-25",
              "Each bleeding 1 adds another lasting -1 (or only the first one counts)."),
    HouseRule("bi_di_firing_penalty", True, "PP-26",
              "A badly or dangerously injured character's melee penalty applies to firing too."),
    HouseRule("bandage_stops_collapse", False, "PP-27", "Bandaging stops a DI character's collapse roll."),
    HouseRule("rising_penalty", 1, "PP-33",
              "Further melee penalty while rising with the bludgeoning 'Downed 4+' LI."),
    HouseRule("enraged_moves", 1, "PP-34", "Enraged lasts to the end of this many moves after this one."),
    HouseRule("wound_morale", "wound_rules", "PP-38",
              "Wound penalties to morale: the wound rules (LI -1, BI -2, DI -3, 1 better bandaged) or the "
              "morale table (LI -1, BI and DI -3).", ("wound_rules", "table")),
    HouseRule("comrade_range", 12.0, "PP-38",
              "Downed, surrendered or apparently dead comrades count within this many inches (or in sight)."),
    HouseRule("elite_replaces_trained", True, "PP-38", "Elite +2 replaces Trained +1 (or adds to it)."),
    HouseRule("terrified_retest", True, "PP-44", "A Terrified character throws again every move."),
    HouseRule("lots_of_times", 3, "PP-47", "Attempts that count as 'lots of times' for nerve."),
)
