"""Terrorists, agents and snipers (CD-66 to CD-70)."""

from __future__ import annotations

import json

from riotact.rulesets.civil_disorder import combat

MILL = {"id": "mill", "block": [0, 0], "value": 60, "kind": "office"}


def sniping(cd, dice, **kw):
    return cd.game(buildings=[MILL], units=[cd.unit("R1", "riot_police", "J1-0"),
                                            cd.unit("SW1", "swat", "J1-1", weapon="single", snipers=True)],
                   snipers=[{"id": "sn1", "building": "mill", "target": "R1"}],
                   crowds=[cd.crowd("A", "J2-2", rl=3)], dice=list(dice), **kw)


def test_cd66_an_armed_agent_looks_like_an_ordinary_crowd_figure(cd):
    """CD-66: agents placed in a crowd are not shown to the players."""
    game = cd.game(units=[cd.unit("R1", "riot_police", "J1-0")], crowds=[cd.crowd("A", "x16y8")],
                   snipers=[{"id": "agent", "crowd": "A", "target": "R1"}])
    assert "agent" not in json.dumps(game.view("commander"))
    assert combat.sniper_node(game.state, "agent") == "x16y8"


def test_cd67_a_sniper_hits_only_on_6_and_the_target_is_always_told(cd):
    """CD-67: a 5 misses but the target unit is told it is under fire; a 6 hits (CD-61 roll)."""
    game = sniping(cd, [5, 6, 3, 2])
    s = game.state
    combat.snipers_fire(s)
    assert s.units["R1"].figures == 8
    told = [e for e in game.log_for("commander") if e.get("rule") == "CD-67"]
    assert told and "under fire" in told[0]["text"] and "shot at" in s.unit_events["R1"]
    combat.snipers_fire(s)  # hit (6), wounded (3); spotting roll 2 fails
    assert s.units["R1"].figures == 7 and s.stats["sf_wounded"] == 1


def test_cd68_spotting_no_roll_on_shot_1_then_6_then_5_6_then_4_6(cd):
    """CD-68 default: shot 2 is spotted on 6, shot 3 on 5+ (+1), shot 4 on 4+ (+2)."""
    game = sniping(cd, [1, 1, 5, 1, 4, 1, 3])
    s, sniper = game.state, game.state.snipers["sn1"]
    combat.snipers_fire(s)  # shot 1: no spotting roll
    combat.snipers_fire(s)  # shot 2: 5 fails
    combat.snipers_fire(s)  # shot 3: 4 + 1 = 5 fails
    assert not sniper.spotted
    combat.snipers_fire(s)  # shot 4: 3 + 2 = 5 fails
    assert not sniper.spotted
    spotted = sniping(cd, [1, 1, 1, 1, 5])
    for _ in range(3):
        combat.snipers_fire(spotted.state)
    assert spotted.state.snipers["sn1"].spotted  # shot 3: 5 + 1 = 6
    assert spotted.view("commander")["state"]["snipers_spotted"][0]["building"] == "mill"


def test_cd69_return_fire_never_hits_but_stops_the_sniper_that_turn(cd):
    """CD-69: fire at the sniper's place hits nothing, and the sniper does not shoot this turn."""
    game = sniping(cd, [])
    s = game.state
    combat.suppress(s, s.units["SW1"], "mill")
    combat.snipers_fire(s)  # no dice: it does not shoot
    assert not s.snipers["sn1"].out and s.snipers["sn1"].shots == 0


def test_cd70_swat_snipers_hit_a_spotted_sniper_on_4_to_6_only(cd):
    """CD-70: no shot at an unspotted sniper; a spotted one is hit on 4+ and stops firing."""
    game = sniping(cd, [4, 2])
    s, sniper = game.state, game.state.snipers["sn1"]
    combat.counter_snipe(s, s.units["SW1"], "sn1")  # not spotted: no dice
    assert not sniper.out
    sniper.spotted = True
    assert "order:SW1:counter_snipe:sn1" in {a.id for a in game.legal_actions("commander")}
    combat.counter_snipe(s, s.units["SW1"], "sn1")
    assert sniper.out
    miss = sniping(cd, [3])
    miss.state.snipers["sn1"].spotted = True
    combat.counter_snipe(miss.state, miss.state.units["SW1"], "sn1")
    assert not miss.state.snipers["sn1"].out


def test_cd69_firing_into_an_agents_crowd_puts_the_agent_under_fire(cd):
    """CD-69: fire at the agent's true location (its crowd) stops it shooting that turn."""
    game = cd.game(units=[cd.unit("S1", "soldiers", "J1-0", figures=1, weapon="single")],
                   crowds=[cd.crowd("A", "x16y8")], snipers=[{"id": "agent", "crowd": "A", "target": "S1"}],
                   dice=[1])
    s = game.state
    combat.fire_at_crowd(s, s.units["S1"], s.crowds["A"])  # one firer misses on a 1
    combat.snipers_fire(s)  # no dice left: the agent does not shoot
    assert s.snipers["agent"].shots == 0
