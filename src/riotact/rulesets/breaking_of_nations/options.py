"""House rules: the BON catalogue's gap defaults a table may change (listed on docs/rules/BON.md)."""

from __future__ import annotations

from dataclasses import dataclass

from riotact.core.messages import table_talk_rule
from riotact.core.options import house_rule


@dataclass(frozen=True, slots=True)
class Options:
    """The typed house rules of The Breaking of Nations, read by attribute (``w.options.rally_gl``)."""

    initiative_ties: str = house_rule("reroll", "BON-004", "Tied initiative rolls: the tied players roll again, or "
                                      "keep the seats' order.", choices=("reroll", "seat_order"))
    deployment_depth: float = house_rule(12.0, "BON-002", "How deep each side's deployment area runs from its own "
                                         "table edge (inches).", low=0, high=48)
    hidden_deployment: bool = house_rule(False, "BON-002", "Units listed as hidden start unseen by the enemy until "
                                         "they move, fire or fight, or an enemy model comes within the spotting "
                                         "range with a clear line to them.")
    spotting_range: float = house_rule(12.0, "BON-002", "Inches within which a hidden unit is spotted.", low=0, high=72)
    movement_actions: int = house_rule(3, "BON-016", "Most AC a soldier may spend on movement in a turn.",
                                       low=0, high=10)
    counter_attack: bool = house_rule(True, "BON-028", "An unactivated soldier hit by a non-critical shot fires back "
                                      "(1 AC) before he falls.")
    great_equalizer: bool = house_rule(True, "BON-029", "Hits beyond the models of the target unit go to the nearest "
                                       "unit behind it in range.")
    trench_attacker_ds: int = house_rule(-1, "BON-035", "The attacker's DS change in trench close combat.",
                                         low=-6, high=6)
    trench_defender_ds: int = house_rule(1, "BON-035", "The defender's DS change in trench close combat.",
                                         low=-6, high=6)
    glory_test_per_trigger: bool = house_rule(True, "BON-037", "One glory roll per trigger (or one roll whatever the "
                                              "number of triggers).")
    panic_recovery_face: int = house_rule(6, "BON-040", "The natural D6 face (or more) a panicking soldier needs to "
                                          "get a grip of himself.", low=1, high=7)
    officer_range: float = house_rule(6.0, "BON-041", "Inches within which an officer rallies soldiers or orders a "
                                      "fallback (BON-042).", low=0, high=72)
    rally_gl: int = house_rule(2, "BON-041", "GL an officer's rally (and a fallback order, BON-042) takes away.",
                               low=0, high=6)
    cc_reroll: str = house_rule("when_not_critical", "BON-054", "Close-combat weapon reroll: taken whenever the first "
                                "die is not a critical hit, or never.", choices=("when_not_critical", "never"))
    ammo_turn_face: int = house_rule(7, "BON-076", "MG ammunition runs out in the n-th turn without its crewman on a "
                                     "D6 of this minus n.", low=1, high=13)
    platoon_squads: int = house_rule(4, "BON-005", "Squads in the one platoon a player is expected to command (the "
                                     "largest platoon of the sample organisations has 4); more is allowed and "
                                     "flagged.", low=1, high=20)
    heroic_deeds: str = house_rule("close_combat", "BON-043", "What counts as a heroic deed: striking down an enemy "
                                   "hero, gun or vehicle in close combat, or nothing.", choices=("close_combat", "off"))
    heroic_range: float = house_rule(12.0, "BON-043", "Inches within which a heroic deed reassures friendly units.",
                                     low=0, high=72)
    section_capacity: int = house_rule(10, "BON-090", "Models a building's section holds when the scenario gives no "
                                       "figure (a full squad).", low=1, high=100)
    climb_progress: str = house_rule("kept", "BON-089", "A walk between an open-able building's rooms (a level "
                                     "change's inches included) longer than one movement action: the inches covered "
                                     "are kept from action to action and turn to turn until the unit arrives or "
                                     "moves otherwise, or the climb must be finished within the activation it "
                                     "starts in.", choices=("kept", "activation"))
    tower_capacity: int = house_rule(4, "BON-099", "Models a watchtower holds when the scenario gives no figure.",
                                     low=1, high=100)
    window_firers: int = house_rule(2, "BON-091", "Soldiers who may fire through one window or door in a turn.",
                                    low=1, high=20)
    doors_stay_open: bool = house_rule(True, "BON-094", "A heavy or locked door opened by hand stays open (or swings "
                                       "shut at the next turn).")
    from_above: bool = house_rule(True, "BON-101", "Cover more than 2\" from a target counts CV 2 against a higher "
                                  "firer (trenches excepted).")
    door_ds: int = house_rule(4, "BON-095", "The DS a soldier's bash at a heavy or locked door must beat (D6 + CS).",
                              low=0, high=20)
    wire_cutting: str = house_rule("per_inch", "BON-102", "Cutting a lane through barbed wire: one action an inch "
                                   "(the text), or the cutter's whole turn (the terrain chart's \"takes 1 turn to "
                                   "cut\").", choices=("per_inch", "one_turn"))
    turns: int = house_rule(0, "BON-003", "Game length in turns (0: the scenario's, 12 without one).", low=0, high=200)
    bombardment_phases: bool = house_rule(False, "BON-072", "Optional rule: one bombardment phase per two hours "
                                          "chosen (at least one), else a single phase.")
    bombardment_marker: float = house_rule(6.0, "BON-071", "The bombardment marker's diameter in inches.",
                                           low=0, high=48)
    breakdown_face: int = house_rule(1, "BON-109", "A vehicle moving over Bumpy or Jagged ground breaks down on a D6 "
                                     "of this or less (0: never).", low=0, high=6)
    artillery_critical_miss: int = house_rule(3, "BON-069", "Indirect fire's placement d12: this face or less is a "
                                              "critical miss (longer deviation).", low=0, high=12)
    table_talk: bool = table_talk_rule("BON-001")  # issue 8: seats message each other
