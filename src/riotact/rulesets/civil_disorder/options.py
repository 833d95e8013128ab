"""House rules: every ``gap:`` default of the CD catalogue that the engine uses, as a typed option a
scenario's ``[house_rules]`` or ``--option key=value`` can override (checked once, when a game starts).
The three tables are written as text (``score:result,...``); :func:`checked_tables` reads them."""

from __future__ import annotations

from dataclasses import dataclass

from riotact.core.options import house_rule

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


@dataclass(frozen=True, slots=True)
class Options:
    """Civil Disorder's house rules. Distances, turns and counts are never negative; d6 scores are
    1 to 6, percentages 0 to 100."""

    death_penalty: int = house_rule(50, "CD-04", "score lost for any crowd death from SF firearms", low=0, high=10000)
    strict_visibility: bool = house_rule(True, "CD-06", "players see only what their figure sees (plus radio)")
    radio_reports: bool = house_rule(True, "CD-06", "radio-equipped units report what they see to their player")
    next_to_inches: int = house_rule(1, "CD-07", '"next to" for a conversation, in inches', low=0, high=72)
    voice_inches: int = house_rule(2, "CD-07", "earshot by normal voice (the CD-32 negotiation range)", low=0, high=72)
    megaphone_inches: int = house_rule(8, "CD-07", "earshot with a megaphone or PA (CD-32)", low=0, high=72)
    count_people: bool = house_rule(True, "CD-09", "unit comparisons count people (crowd figures x5)")
    merge_crowds: bool = house_rule(True, "CD-11", "crowds at one point with RL within 1 merge (30 figures max)")
    split_above: int = house_rule(30, "CD-11", "a crowd bigger than this splits in two", low=2, high=1000)
    walk_inches: int = house_rule(6, "CD-14", "walking pace on foot", low=0, high=72)
    run_inches: int = house_rule(12, "CD-14", "running pace on foot", low=0, high=72)
    vehicle_start_inches: int = house_rule(12, "CD-15", "how far a vehicle that starts stationary may move",
                                           low=0, high=72)
    gunfire_turns: int = house_rule(2, "CD-18", "turns gunfire is remembered (this turn and the last)", low=0, high=50)
    rl_roll: str = house_rule(
        "absolute", "CD-20", "an RL roll's score becomes the RL (the RL State Chart is read at the score) or "
        "moves the RL from where it is (1-2 down one, 3-4 no change, 5-6 up one, a step more per 2 points "
        "beyond)", choices=("absolute", "relative"))
    emergency_services_count: bool = house_rule(
        False, "CD-21", "fire engines and ambulances count as SF coming into view and for a crowd visibly "
        "outnumbered")
    ordinary_withdrawing: int = house_rule(1, "CD-21", "RL factor for ordinary police or soldiers withdrawing",
                                           low=-6, high=6)
    charge_from_inches: int = house_rule(4, "CD-21", "a charge starts at least this far away", low=0, high=72)
    adjacent_inches: int = house_rule(2, "CD-21", '"adjacent" crowds and contact, in inches', low=0, high=72)
    gas_turns: int = house_rule(3, "CD-22", "turns a gas cloud lasts", low=0, high=50)
    gas_range: int = house_rule(20, "CD-22", "range of a gas grenade or round", low=0, high=72)
    gas_radius: int = house_rule(2, "CD-22", "radius of a gas cloud (4\" wide)", low=0, high=72)
    water_range: int = house_rule(10, "CD-22", "range of a hose or water cannon", low=0, high=72)
    dry_after: int = house_rule(3, "CD-22", "turns without water before a crowd dries one step", low=0, high=50)
    looting_rl: int = house_rule(7, "CD-23", "lowest RL at which crowds loot", low=0, high=20)
    damage_rl: int = house_rule(6, "CD-23", "lowest RL at which crowds damage property and throw", low=0, high=20)
    looters: str = house_rule("crowds", "CD-25", "looters as separate crowds, or 1d6 inside every crowd",
                              choices=("crowds", "per_crowd"))
    looter_cover_inches: int = house_rule(
        3, "CD-26", "a normal crowd this close to the line from a looter crowd to the nearest SF unit, and "
        "nearer that unit, screens the looters (0: looters ignore cover)", low=0, high=72)
    looter_fires: int = house_rule(1, "CD-26", "fires looters start per turn at an already-looted building",
                                   low=0, high=10)
    loot_percent: int = house_rule(50, "CD-27", "Loot Units as a percentage of property value", low=0, high=100)
    looter_vehicles: bool = house_rule(False, "CD-29", "optional looters' pickups (scenario places them)")
    pickup_load_inches: int = house_rule(4, "CD-29", "looters load a pickup parked this close to them", low=0, high=72)
    pickup_leave_inches: int = house_rule(10, "CD-29", "a loaded pickup drives off when SF come this close",
                                          low=0, high=72)
    negotiation_table: str = house_rule(table_text(NEGOTIATION_TABLE), "CD-33",
                                        "negotiation results: highest score: RL change")
    missile_turns: int = house_rule(5, "CD-35", "turns of brick and bottle throwing a crowd carries", low=0, high=50)
    missile_range: int = house_rule(10, "CD-36", "range of thrown bricks, bottles and petrol bombs", low=0, high=72)
    petrol_interval: int = house_rule(4, "CD-37", "turns between one crowd's petrol bombs", low=0, high=50)
    petrol_wound_on: int = house_rule(5, "CD-38", "d6 score that wounds a figure under petrol bomb attack",
                                      low=1, high=6)
    damage_per_figures: int = house_rule(10, "CD-41", "crowd figures per damage die", low=1, high=1000)
    hose_range: int = house_rule(10, "CD-49", "range at which an engine works on a building", low=0, high=72)
    hydrant_reach: int = house_rule(2, "CD-50", "how close an engine must be to connect to a hydrant", low=0, high=72)
    fight_table: str = house_rule(table_text(FIGHT_TABLE), "CD-54", "fight results: highest margin: result")
    snatch_squad: int = house_rule(6, "CD-53", "most SF figures that go into one fight", low=1, high=100)
    rescue_chance: int = house_rule(
        0, "CD-55", "riotact as umpire: % chance a turn that an escorted prisoner is rescued (or escapes); a "
        "person in the umpire seat decides instead", low=0, high=100)
    ambulance_return_turns: int = house_rule(3, "CD-59", "turns before an evacuating ambulance is back", low=0, high=50)
    hit_on: int = house_rule(4, "CD-60", "d6 score a firer needs to hit a crowd member", low=1, high=6)
    overreaction_table: str = house_rule(table_text(OVERREACTION_TABLE), "CD-64",
                                         "over-reaction results: highest score: result")


def checked_tables(options: Options) -> tuple[Table, Table, Table]:
    """The negotiation (CD-33), fight (CD-54) and over-reaction (CD-64) tables, read from their
    house rules (an ill-formed table or a result the rules do not know is an OptionError)."""
    return (parse_table(options.negotiation_table, "negotiation_table"),
            parse_table(options.fight_table, "fight_table", results=FIGHT_RESULTS),
            parse_table(options.overreaction_table, "overreaction_table", results=OVERREACTION_RESULTS))
