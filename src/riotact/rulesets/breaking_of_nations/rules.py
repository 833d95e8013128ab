"""House rules: the BON catalogue's gap defaults a table may change (listed on docs/rules/BON.md)."""

from __future__ import annotations

from riotact.core.options import HouseRule

from .ordnance import FIRE_HOUSE_RULES

HOUSE_RULES = (
    HouseRule("initiative_ties", "reroll", "BON-004",
              "Tied initiative rolls: the tied players roll again, or keep the seats' order.",
              ("reroll", "seat_order")),
    HouseRule("deployment_depth", 12.0, "BON-002",
              "How deep each side's deployment area runs from its own table edge (inches)."),
    HouseRule("hidden_deployment", False, "BON-002",
              "Units listed as hidden start unseen by the enemy until they move, fire or fight, or an "
              "enemy model comes within the spotting range with a clear line to them."),
    HouseRule("spotting_range", 12.0, "BON-002", "Inches within which a hidden unit is spotted."),
    HouseRule("movement_actions", 3, "BON-016", "Most AC a soldier may spend on movement in a turn."),
    HouseRule("counter_attack", True, "BON-028",
              "An unactivated soldier hit by a non-critical shot fires back (1 AC) before he falls."),
    HouseRule("great_equalizer", True, "BON-029",
              "Hits beyond the models of the target unit go to the nearest unit behind it in range."),
    HouseRule("trench_attacker_ds", -1, "BON-035", "The attacker's DS change in trench close combat."),
    HouseRule("trench_defender_ds", 1, "BON-035", "The defender's DS change in trench close combat."),
    HouseRule("glory_test_per_trigger", True, "BON-037",
              "One glory roll per trigger (or one roll whatever the number of triggers)."),
    HouseRule("panic_recovery_face", 6, "BON-040",
              "The natural D6 face (or more) a panicking soldier needs to get a grip of himself."),
    HouseRule("officer_range", 6.0, "BON-041",
              "Inches within which an officer rallies soldiers or orders a fallback (BON-042)."),
    HouseRule("rally_gl", 2, "BON-041", "GL an officer's rally (and a fallback order, BON-042) takes away."),
    HouseRule("cc_reroll", "when_not_critical", "BON-054",
              "Close-combat weapon reroll: taken whenever the first die is not a critical hit, or never.",
              ("when_not_critical", "never")),
    HouseRule("ammo_turn_face", 7, "BON-076",
              "MG ammunition runs out in the n-th turn without its crewman on a D6 of this minus n."),
    HouseRule("platoon_squads", 4, "BON-005",
              "Squads in the one platoon a player is expected to command (the largest platoon of the sample "
              "organisations has 4); more is allowed and flagged."),
    HouseRule("heroic_deeds", "close_combat", "BON-043",
              "What counts as a heroic deed: striking down an enemy hero, gun or vehicle in close combat, "
              "or nothing.",
              ("close_combat", "off")),
    HouseRule("heroic_range", 12.0, "BON-043", "Inches within which a heroic deed reassures friendly units."),
    HouseRule("section_capacity", 10, "BON-090",
              "Models a building's section holds when the scenario gives no figure (a full squad)."),
    HouseRule("climb_progress", "kept", "BON-089",
              "A walk between an open-able building's rooms (a level change's inches included) longer than one "
              "movement action: the inches covered are kept from action to action and turn to turn until the "
              "unit arrives or moves otherwise, or the climb must be finished within the activation it "
              "starts in.", ("kept", "activation")),
    HouseRule("tower_capacity", 4, "BON-099", "Models a watchtower holds when the scenario gives no figure."),
    HouseRule("window_firers", 2, "BON-091", "Soldiers who may fire through one window or door in a turn."),
    HouseRule("doors_stay_open", True, "BON-094",
              "A heavy or locked door opened by hand stays open (or swings shut at the next turn)."),
    HouseRule("from_above", True, "BON-101",
              "Cover more than 2\" from a target counts CV 2 against a higher firer (trenches excepted)."),
    HouseRule("door_ds", 4, "BON-095", "The DS a soldier's bash at a heavy or locked door must beat (D6 + CS)."),
    HouseRule("wire_cutting", "per_inch", "BON-102",
              "Cutting a lane through barbed wire: one action an inch (the text), or the cutter's whole turn "
              "(the terrain chart's \"takes 1 turn to cut\").", ("per_inch", "one_turn")),
    HouseRule("turns", 0, "BON-003", "Game length in turns (0: the scenario's, 12 without one)."),
    *FIRE_HOUSE_RULES,
)
