"""Terrorists, agents and snipers (CD-66 to CD-70)."""

from __future__ import annotations

import json

from riotact.core.log import UMPIRE
from riotact.rulesets.civil_disorder.rules import combat, orders
from riotact.rulesets.civil_disorder.view import player_sees

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


def test_cd68_a_spotted_place_is_revealed_to_the_target_unit_not_to_every_sf_player(cd):
    """CD-68 default / CD-06: the target unit R1 (sub1's, by radio) spots the sniper; sub1 is
    told where it is. The commander, who cannot see the place and whose units did not spot it,
    learns nothing: no spotted sniper in the view and no order to pick it off, until sub1 tells
    him (CD-08)."""
    game = cd.game(seats=["commander", "sub1"], buildings=[MILL],
                   players=[{"seat": "commander", "at": "J2-2"},
                            {"seat": "sub1", "at": "J1-1", "superior": "commander"}],
                   units=[{**cd.unit("R1", "riot_police", "J1-0"), "player": "sub1"},
                          cd.unit("SW1", "swat", "J2-2", weapon="single", snipers=True)],
                   snipers=[{"id": "sn1", "building": "mill", "target": "R1"}],
                   crowds=[cd.crowd("A", "J2-1", rl=3)], dice=[1, 1, 1, 1, 6])
    s = game.state
    assert not player_sees(s, "commander", combat.sniper_node(s, "sn1"))
    for _ in range(3):
        combat.snipers_fire(s)
    assert s.snipers["sn1"].spotted and s.snipers["sn1"].known_to == ["sub1"]
    assert game.view("sub1")["state"]["snipers_spotted"] == [{"id": "sn1", "building": "mill", "crowd": None}]
    commander = game.view("commander")["state"]
    assert commander["snipers_spotted"] == []
    assert not any("counter_snipe" in a.id or "suppress:mill" in a.id for a in game.legal_actions("commander"))
    assert "mill" not in json.dumps(game.log_for("commander"))
    game.apply("sub1", "talk:commander")  # CD-08: sub1 tells the commander
    orders.player_step5(s)
    assert game.view("commander")["state"]["snipers_spotted"] == [{"id": "sn1", "building": "mill", "crowd": None}]
    assert "order:SW1:counter_snipe:sn1" in {a.id for a in s.legal_actions("commander")}


def test_cd69_return_fire_never_hits_but_stops_the_sniper_that_turn(cd):
    """CD-69: fire at the sniper's place hits nothing, and the sniper does not shoot this turn."""
    game = sniping(cd, [])
    s = game.state
    combat.suppress(s, s.units["SW1"], "mill")
    combat.snipers_fire(s)  # no dice: it does not shoot
    assert not s.snipers["sn1"].out and s.snipers["sn1"].shots == 0


def test_cd70_swat_snipers_hit_a_spotted_sniper_on_4_to_6_only(cd):
    """CD-70: no shot at an unspotted sniper; a spotted one is hit on 4+ and stops firing."""
    spotting = [1, 1, 6]  # CD-67 two shots that miss; CD-68 the second, from the same place, is spotted
    game = sniping(cd, [*spotting, 4, 2])
    s, sniper = game.state, game.state.snipers["sn1"]
    combat.counter_snipe(s, s.units["SW1"], "sn1")  # not spotted: no dice
    assert not sniper.out
    combat.snipers_fire(s)
    combat.snipers_fire(s)
    assert sniper.spotted and sniper.known_to == ["commander"]
    assert "order:SW1:counter_snipe:sn1" in {a.id for a in game.legal_actions("commander")}
    combat.counter_snipe(s, s.units["SW1"], "sn1")
    assert sniper.out
    miss = sniping(cd, [*spotting, 3])
    combat.snipers_fire(miss.state)
    combat.snipers_fire(miss.state)
    combat.counter_snipe(miss.state, miss.state.units["SW1"], "sn1")
    assert miss.state.snipers["sn1"].spotted and not miss.state.snipers["sn1"].out


def test_cd69_firing_into_an_agents_crowd_puts_the_agent_under_fire(cd):
    """CD-69: fire at the agent's true location (its crowd) stops it shooting that turn."""
    game = cd.game(units=[cd.unit("S1", "soldiers", "J1-0", figures=1, weapon="single")],
                   crowds=[cd.crowd("A", "x16y8")], snipers=[{"id": "agent", "crowd": "A", "target": "S1"}],
                   dice=[1])
    s = game.state
    combat.fire_at_crowd(s, s.units["S1"], s.crowds["A"])  # one firer misses on a 1
    combat.snipers_fire(s)  # no dice left: the agent does not shoot
    assert s.snipers["agent"].shots == 0


def bomb_game(cd, dice, *, bomb=None, unit_at="x16y10", figures=2, **kw):
    """Crowd A (2 figures) at x16y8 hides an agent's bomb; riot police R1 stand 2" away."""
    spec = {"id": "hidden_bomb", "crowd": "A", "turn": 3, "radius": 4, "hit_on": 4, "damage": 10,
            "fire_on": 5, **(bomb or {})}
    return cd.game(buildings=[{"id": "shop", "block": [0, 0], "value": 50}],
                   units=[cd.unit("R1", "riot_police", unit_at, figures=figures)],
                   crowds=[cd.crowd("A", "x16y8", figures=2, rl=6), cd.crowd("B", "J2-2", figures=10, rl=3)],
                   bombs=[spec], dice=dice if isinstance(dice, cd.dice) else list(dice), **kw)


def test_cd66_a_bomb_is_hidden_from_the_sf_until_it_goes_off(cd):
    """CD-66: the umpire knows of the agent's bomb; the SF see nothing of it (not even its planted
    sentinel) until it goes off on its scenario turn, and then everyone hears it. Played turn by
    turn (every die a 1)."""
    game = bomb_game(cd, cd.dice({}))
    s = game.state
    s.plant_sentinels()
    secret = s.bombs["hidden_bomb"].note
    assert secret in s.hidden_tokens("commander")
    for turn in (1, 2):  # not yet
        game.apply("commander", "pass")
        game.apply("commander", "stay")
        for text in (json.dumps(game.view("commander")), json.dumps(game.log_for("commander"))):
            assert "hidden_bomb" not in text and secret not in text, turn
        assert game.view("commander")["state"]["bombs"] == []
        assert game.view("umpire")["state"]["bombs"][0]["id"] == "hidden_bomb"
    game.apply("commander", "pass")
    game.apply("commander", "stay")
    assert secret not in s.hidden_tokens("commander")
    assert any(e.get("rule") == "CD-66" and "A bomb goes off in crowd A" in e["text"]
               for e in game.log_for("commander"))
    blast = s.crowds["A"].node  # where the crowd had walked to by turn 3
    assert game.view("commander")["state"]["bombs"] == [{"id": "hidden_bomb", "node": blast, "turn": 3}]


def test_cd66_the_blast_uses_the_scenarios_radius_dice_damage_and_fire(cd):
    """CD-66 scenario effects: every figure within 4" rolls 1d6, hit on 4+ and a hit takes the
    CD-61 roll; each building in the blast loses 10 points and catches fire on a 5+. R1 rolls 6, 1:
    one hit, 5: dead. Crowd A rolls 4, 3: one hit, 2: wounded. The shop: 5, a fire. Crowd B and
    the player, far off, roll nothing."""
    from riotact.rulesets.civil_disorder.rules import bombs

    game = bomb_game(cd, [6, 1, 5, 4, 3, 2, 5], bomb={"turn": 1})
    s = game.state
    bombs.bombs_go_off(s)
    assert s.units["R1"].figures == 1 and s.stats["sf_dead"] == 1
    assert "physically attacked" in s.unit_events["R1"]  # CD-62: an over-reaction test follows
    assert s.crowds["A"].figures == 1 and s.stats["crowd_wounded"] == 1 and s.stats["firearm_deaths"] == 0
    assert s.crowds["B"].figures == 10 and not s.players["commander"].out
    assert (s.buildings["shop"].value, s.buildings["shop"].fires) == (40, 1)
    assert any("bomb" in t for t in s.crowds["A"].triggers)  # CD-20: a dramatic change


def test_cd66_a_bomb_can_go_off_when_sf_come_close(cd):
    """CD-66: a bomb set to go off when SF come within 3" waits while R1 is 6" away, and goes off
    once R1 is 2" away (the hit dice all miss)."""
    from riotact.rulesets.civil_disorder.rules import bombs

    far = bomb_game(cd, [], bomb={"turn": None, "sf_within": 3}, unit_at="x16y14")
    bombs.bombs_go_off(far.state)
    assert far.state.bombs["hidden_bomb"].went_off is None
    near = bomb_game(cd, [1, 1, 1, 1, 1], bomb={"turn": None, "sf_within": 3})
    bombs.bombs_go_off(near.state)
    assert near.state.bombs["hidden_bomb"].went_off == 1


def test_cd66_a_bomb_moves_with_its_agent_when_crowds_merge(cd):
    """CD-66 / CD-11: the agent's crowd merges into B: the bomb goes off in crowd B."""
    from riotact.rulesets.civil_disorder.rules import bombs

    game = bomb_game(cd, [1] * 10, bomb={"radius": 1, "turn": 1}, seats=["commander", UMPIRE])
    game.intervene("merge", piece="A", into="B", reason="the agent's crowd joins the big one")  # CD-03
    s = game.state
    bombs.bombs_go_off(s)
    [bomb] = game.view(UMPIRE)["state"]["bombs"]
    assert (bomb["crowd"], bomb["node"]) == ("B", "J2-2")


def test_cd66_bad_bomb_data_is_a_scenario_error(cd):
    """CD-66: a bomb needs a crowd that exists and a time or distance to go off."""
    import pytest

    from riotact.core.errors import ScenarioError

    with pytest.raises(ScenarioError, match="turn or an sf_within"):
        bomb_game(cd, [], bomb={"turn": None})
    with pytest.raises(ScenarioError, match="crowd 'Z' does not exist"):
        bomb_game(cd, [], bomb={"crowd": "Z"})


def test_cd66_a_player_out_of_sight_of_a_blast_hears_it_but_is_not_told_where(cd):
    """CD-66 / CD-06: every seat hears a bomb go off, but only those who see the place (or whose
    units are caught in it) are told which crowd and where: sub1, behind the flats, hears a loud
    explosion and nothing of crowd A or its street point."""
    from riotact.rulesets.civil_disorder.rules import bombs

    game = cd.game(seats=["commander", "sub1"],
                   players=[{"seat": "commander", "at": "J1-1"},
                            {"seat": "sub1", "at": "J0-2", "superior": "commander"}],
                   buildings=[{"id": "flats", "block": [0, 1], "value": 50, "kind": "house"}],
                   crowds=[cd.crowd("A", "x16y8", figures=2, rl=6)],
                   bombs=[{"id": "hidden_bomb", "crowd": "A", "turn": 1, "radius": 1, "hit_on": 6}],
                   dice=[1, 1])
    s = game.state
    assert not player_sees(s, "sub1", "x16y8") and player_sees(s, "commander", "x16y8")
    bombs.bombs_go_off(s)
    heard = [e["text"] for e in game.log_for("sub1") if e.get("rule") == "CD-66"]
    assert heard == ["A loud explosion is heard somewhere out of sight."]
    assert "x16y8" not in json.dumps(game.view("sub1")) + json.dumps(game.log_for("sub1"))
    assert game.view("sub1")["state"]["bombs"] == [{"id": "hidden_bomb", "node": None, "turn": 1}]
    assert any("A bomb goes off in crowd A at x16y8" in e["text"] for e in game.log_for("commander"))
    assert game.view("commander")["state"]["bombs"] == [{"id": "hidden_bomb", "node": "x16y8", "turn": 1}]
