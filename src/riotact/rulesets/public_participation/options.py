"""The typed house rules: the PP catalogue's gap defaults a table may change (listed on docs/rules/PP.md).

Each field is a :func:`~riotact.core.options.house_rule`: its default, the rule it fills in and what it
does. The rules read them by attribute (``w.options.turn_order``).
"""

from __future__ import annotations

from dataclasses import dataclass

from riotact.core.messages import table_talk_rule
from riotact.core.options import house_rule


@dataclass(frozen=True, slots=True)
class Options:
    """The house rules of a game of Public Participation, checked once when it starts."""

    turn_order: str = house_rule(
        "alternate", "PP-01",
        "Who acts within a phase: seats alternate one character at a time, or each seat in turn does all "
        "its characters.",
        choices=("alternate", "seat_order"))
    move_reductions: str = house_rule(
        "deduct_then_double", "PP-03",
        "Load and wound deductions come off the base rate before running doubles it, or after.",
        choices=("deduct_then_double", "double_then_deduct"))
    one_man_really_heavy: bool = house_rule(
        False, "PP-04", "One man alone may carry a really heavy load (at -2\"); by default two must.")
    short_of_movement: str = house_rule(
        "no_crossing", "PP-06",
        "A character without enough movement left to cross an obstacle: cannot cross this move, or climbs "
        "onto it and stops there, leaving it next move at no further cost.",
        choices=("no_crossing", "stop_on_it"))
    speaking_rounds: int = house_rule(
        2, "PP-05", "Speaking rounds per move, one utterance each.", low=0, high=10)
    opportunity_attacked: str = house_rule(
        "replace", "PP-08", "The -2 for a target attacking the firer from under 4\" replaces the -1, or adds to it.",
        choices=("replace", "add"))
    default_shots: int = house_rule(
        1, "PP-09", "Shots a move for a firearm whose card gives no shots dice.", low=1, high=12)
    hit_half_range: int = house_rule(
        4, "PP-10", "Score to hit with a shot up to half the card range.", low=1, high=7)
    hit_full_range: int = house_rule(
        5, "PP-10", "Score to hit with a shot beyond half range.", low=1, high=7)
    heavy_cover: int = house_rule(
        -2, "PP-11",
        "To-hit factor for a target in heavy cover (a class the umpire gives solid cover such as a stone "
        "wall); light cover is the seed's -1. Set -1 for the seed's single class.", low=-6, high=0)
    figures_in_the_way: str = house_rule(
        "none", "PP-11",
        "Figures across the line of fire: no effect (the seed never says figures block), or light cover "
        "for the target (-1).",
        choices=("none", "cover"))
    coup_de_grace: str = house_rule(
        "helpless", "PP-11",
        "Which shots within 1\" are a coup de grace (+2 to hit, +2 to the effect): at a helpless target "
        "(Downed, stunned, unconscious), or every shot within 1\" (the sheet read literally).",
        choices=("helpless", "point_blank"))
    rested: str = house_rule(
        "support", "PP-11",
        "A rested long gun: fired by a firer who has not moved, touching cover or an obstacle; or by any "
        "firer who has not moved.",
        choices=("support", "still"))
    missile_sdd: int = house_rule(
        0, "PP-13", "SDD of a scenario firearm whose card gives none (shot, arrows, bolts).", low=-6, high=6)
    throw_range_melee: bool = house_rule(
        True, "PP-14", "The thrower's fighting value is added to a thrown weapon's range in inches (minimum 1\").")
    spear_table: str = house_rule(
        "bludgeoning", "PP-15", "The save table for a thrown spear (the seed says bludgeoning).",
        choices=("bludgeoning", "piercing"))
    thrown_effect: str = house_rule(
        "hit_effect", "PP-15",
        "How bad a stone or spear hit is: the shooting hit-effect die (PP-12), or always Staggers.",
        choices=("hit_effect", "staggers"))
    exploding_point: str = house_rule(
        "scatter", "PP-16",
        "Where a missed explosive lands: arrow die and half a D6 inches, or the sheet's second method "
        "(D6, -1 at full range: 5+ on the spot, 3+ 0.75\", 2- 1.5\").",
        choices=("scatter", "placement"))
    explosive_natural_one: str = house_rule(
        "dud", "PP-17", "A natural 1 thrown with dynamite or gas: a dud (scatters, no explosion) or only a miss.",
        choices=("dud", "miss"))
    dynamite_radius: float = house_rule(
        3.0, "PP-18", "Everyone within this many inches of a blast is hit.", low=0, high=24)
    blast_table: str = house_rule(
        "piercing", "PP-18", "The save table for a dynamite blast, with the distance SDD.",
        choices=("piercing", "bludgeoning"))
    kick_nerve: bool = house_rule(
        False, "PP-19", "Kicking or throwing lit dynamite away needs a nerve test.")
    kick_attempts: int = house_rule(
        1, "PP-19", "Attempts each character within 1\" may make to get rid of lit dynamite.", low=0, high=6)
    gas_moves: int = house_rule(
        3, "PP-20", "Moves a gas cloud lasts.", low=1, high=20)
    gas_reroll: bool = house_rule(
        True, "PP-20", "A creature rolls again in each later move its head is in the cloud (or only when it forms).")
    gas_drift: str = house_rule(
        "none", "PP-20", "A gas cloud drifts each later move: not at all, or by the arrow die and half a D6 inches.",
        choices=("none", "arrow"))
    surprise: str = house_rule(
        "sight", "PP-22",
        "Surprise for a charge: full when the target could not see the charger as its move began, half "
        "when it could but was not ready (Shaken, Panicked, groggy or rising); or none.",
        choices=("sight", "off"))
    charge_rounds: int = house_rule(
        1, "PP-22", "Fighting rounds after contact in which charge and surprise bonuses count.", low=0, high=10)
    mounted_charge: str = house_rule(
        "replaces", "PP-22", "A mounted charger's +2 for the mounted charge replaces charging +1, or adds to it.",
        choices=("replaces", "adds"))
    outnumber_mean: str = house_rule(
        "down", "PP-23", "How the mean of an outnumbering group's dice is rounded.",
        choices=("down", "nearest"))
    group_loss: str = house_rule(
        "random", "PP-23",
        "Who in an outnumbering group suffers a losing result: one member at random, or its best fighter "
        "(whose value it used).",
        choices=("random", "best"))
    uneven_fights: str = house_rule(
        "split", "PP-23",
        "Fights that are not N to one (say 3 v 2): split into one-to-one and N-to-one fights, or fought "
        "side against side (the mean of each side's dice, +1 for each man over the other side's count).",
        choices=("split", "sides"))
    fight_table: str = house_rule(
        "first", "PP-24", "Fighting results: the table labelled RESULT, or the sheet's less deadly repeat.",
        choices=("first", "second"))
    wound_totals: bool = house_rule(
        True, "PP-29",
        "Wound values add up (LI 1, BI 2, DI 3; the total sets the state), or the state is only the worst "
        "single wound.")
    fight_save: str = house_rule(
        "winner_weapon", "PP-30",
        "A fight's loser saves on the table of the winner's weapon, or always on the Bludgeoning table "
        "(with the winner's weapon's SDD).",
        choices=("winner_weapon", "bludgeoning"))
    other_weapon_sdd: int = house_rule(
        0, "PP-31", "SDD of a scenario melee or thrown weapon whose card gives none.", low=-6, high=6)
    bleeding_lasts: bool = house_rule(
        True, "PP-25", "Each bleeding 1 adds another lasting -1 (or only the first one counts).")
    bi_di_firing_penalty: bool = house_rule(
        True, "PP-26", "A badly or dangerously injured character's melee penalty applies to firing too.")
    bandage_stops_collapse: bool = house_rule(
        False, "PP-27", "Bandaging stops a DI character's collapse roll.")
    rising_penalty: int = house_rule(
        1, "PP-33", "Further melee penalty while rising with the bludgeoning 'Downed 4+' LI.", low=0, high=6)
    downed_rises: bool = house_rule(
        True, "PP-33", "A Downed character who can still act spends his next move getting up (no moving or firing).")
    groggy_moves: int = house_rule(
        1, "PP-36", "Moves a stunned character stays groggy once he comes round.", low=0, high=10)
    enraged_moves: int = house_rule(
        1, "PP-34", "Enraged lasts to the end of this many moves after this one.", low=0, high=10)
    initial_shooting: str = house_rule(
        "first", "PP-37",
        "The initial-shooting trigger: once, for the first shot near a character; or the first shot near "
        "him in each move.",
        choices=("first", "each_move"))
    routs: str = house_rule(
        "terrified_faint", "PP-37",
        "Which morale results count as a friend routing: Terrified or Faint, or Terrified only.",
        choices=("terrified_faint", "terrified"))
    wound_morale: str = house_rule(
        "wound_rules", "PP-38",
        "Wound penalties to morale: the wound rules (LI -1, BI -2, DI -3, 1 better bandaged) or the "
        "morale table (LI -1, BI and DI -3).",
        choices=("wound_rules", "table"))
    comrade_range: float = house_rule(
        12.0, "PP-38", "Downed, surrendered or apparently dead comrades count within this many inches (or in sight).",
        low=0, high=72)
    elite_replaces_trained: bool = house_rule(
        True, "PP-38", "Elite +2 replaces Trained +1 (or adds to it).")
    fright: str = house_rule(
        "scariest", "PP-38", "Fright Values within 9\": the scariest thing's only, or every scary thing's added up.",
        choices=("scariest", "all"))
    obedient: str = house_rule(
        "orders", "PP-41",
        "An Obedient character acts only on an understood order from a friendly leader (else holds), or "
        "as a Controlled one.",
        choices=("orders", "controlled"))
    panicked_fires: bool = house_rule(
        False, "PP-43", "A Panicked character may still fire (he never moves).")
    terrified_retest: bool = house_rule(
        True, "PP-44", "A Terrified character throws again every move.")
    terrified_in_contact: str = house_rule(
        "surrender", "PP-44", "A Terrified character with a foe in contact surrenders, or cowers.",
        choices=("surrender", "cower"))
    faint_moves: str = house_rule(
        "D6", "PP-45", "How long a Faint lasts: D6 moves, or one move.",
        choices=("D6", "1"))
    named_nerve: bool = house_rule(
        True, "PP-47", "Named characters +2 and named NPCs +1 to nerve (the seed's 'most'), or no such bonus.")
    lots_of_times: int = house_rule(
        3, "PP-47", "Attempts that count as 'lots of times' for nerve.", low=1, high=20)
    nerve_step_back: float = house_rule(
        1.0, "PP-48", "How far a character who fails a nerve test may step back (offered as a decision; 0: he stays).",
        low=0, high=12)
    table_talk: bool = table_talk_rule("PP-07", default=False)  # PP-07: speech only within hearing
