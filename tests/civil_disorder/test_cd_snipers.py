"""Terrorists, agents and snipers (CD-66 to CD-70)."""

from __future__ import annotations

import json

from riotact.core.log import UMPIRE
from support import umpire_sees

MILL = {"id": "mill", "block": [0, 0], "value": 60, "kind": "office"}
STEADY = {"CD-63": [6] * 9}  # the shot-at units pass their over-reaction tests (CD-63)


def seen(game, kind: str, pid: str) -> dict:
    """A piece on the table as the umpire sees it (``kind``: "units", "crowds", "snipers", "bombs")."""
    return next(p for p in umpire_sees(game)[kind] if p["id"] == pid)


def texts(game, rule: str, seat: str = UMPIRE) -> list[str]:
    return [e["text"] for e in game.log_for(seat) if e.get("rule") == rule]


def play(game, turns: int = 1, seats: tuple[str, ...] = ("commander",)) -> None:
    """``turns`` turns in which every seat takes no action."""
    for _ in range(turns):
        for seat in seats:
            game.apply(seat, "pass")
            game.apply(seat, "stay")


def sniping(cd, dice, sw_order: str = "hold", **kw):
    """Sniper sn1 in the mill shoots at R1 (J1-0) every turn; SWAT SW1 with snipers waits at J1-1."""
    return cd.game(buildings=[MILL], units=[cd.unit("R1", "riot_police", "J1-0"),
                                            cd.unit("SW1", "swat", "J1-1", weapon="single", snipers=True,
                                                    order=sw_order)],
                   snipers=[{"id": "sn1", "building": "mill", "target": "R1"}],
                   crowds=[cd.crowd("A", "J2-2", rl=3)], dice=cd.dice({**STEADY, **dice}), **kw)


def test_cd66_an_armed_agent_looks_like_an_ordinary_crowd_figure(cd):
    """CD-66: agents placed in a crowd are not shown to the players; the umpire has it in crowd A."""
    game = cd.game(units=[cd.unit("R1", "riot_police", "J1-0")], crowds=[cd.crowd("A", "x16y8")],
                   snipers=[{"id": "agent", "crowd": "A", "target": "R1"}])
    assert "agent" not in json.dumps(game.view("commander"))
    assert (seen(game, "snipers", "agent")["crowd"], seen(game, "crowds", "A")["node"]) == ("A", "x16y8")


def test_cd67_a_sniper_hits_only_on_6_and_the_target_is_always_told(cd):
    """CD-67: a 5 misses but the target unit is told it is under fire (and tests for over-reaction,
    CD-62); a 6 hits (CD-61 roll 3: wounded); the spotting roll of 2 fails (CD-68)."""
    game = sniping(cd, {"CD-67": [5, 6], "CD-61": [3], "CD-68": [2]})
    play(game)
    assert seen(game, "units", "R1")["figures"] == 8
    told = texts(game, "CD-67", "commander")
    assert told and "under fire" in told[0]
    [test] = [e for e in game.log_for(UMPIRE) if e.get("rule") == "CD-63" and e["kind"] == "roll"]
    assert "shot at" in test["text"]
    play(game)
    assert seen(game, "units", "R1")["figures"] == 7 and umpire_sees(game)["stats"]["sf_wounded"] == 1


def test_cd68_spotting_no_roll_on_shot_1_then_6_then_5_6_then_4_6(cd):
    """CD-68 default: shot 2 is spotted on 6, shot 3 on 5+ (+1), shot 4 on 4+ (+2)."""
    game = sniping(cd, {"CD-67": [1] * 4, "CD-68": [5, 4, 3]})
    play(game)  # shot 1: no spotting roll
    assert not any(e.get("rule") == "CD-68" for e in game.log.events)
    play(game, 3)  # shot 2: 5 fails; shot 3: 4 + 1 = 5 fails; shot 4: 3 + 2 = 5 fails
    assert [e["total"] for e in game.log.events if e.get("rule") == "CD-68" and e["kind"] == "roll"] == [5, 5, 5]
    assert not seen(game, "snipers", "sn1")["spotted"]
    spotted = sniping(cd, {"CD-67": [1] * 3, "CD-68": [1, 5]})
    play(spotted, 3)
    assert seen(spotted, "snipers", "sn1")["spotted"]  # shot 3: 5 + 1 = 6
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
                   crowds=[cd.crowd("A", "J2-1", rl=3)], dice=cd.dice({**STEADY, "CD-67": [1] * 3, "CD-68": [1, 6]}))
    play(game, 3, seats=("commander", "sub1"))
    sniper = seen(game, "snipers", "sn1")
    assert sniper["spotted"] and sniper["known_to"] == ["sub1"]
    assert game.view("sub1")["state"]["snipers_spotted"] == [{"id": "sn1", "building": "mill", "crowd": None}]
    commander = game.view("commander")["state"]
    assert commander["snipers_spotted"] == []
    assert not any("counter_snipe" in a.id or "suppress:mill" in a.id for a in game.legal_actions("commander"))
    assert "mill" not in json.dumps(game.log_for("commander"))
    game.apply("sub1", "talk:commander")  # CD-08: sub1 tells the commander
    game.apply("sub1", "stay")
    play(game)  # the talk happens in step 5
    assert game.view("commander")["state"]["snipers_spotted"] == [{"id": "sn1", "building": "mill", "crowd": None}]
    assert "order:SW1:counter_snipe:sn1" in {a.id for a in game.legal_actions("commander")}


def test_cd69_return_fire_never_hits_but_stops_the_sniper_that_turn(cd):
    """CD-69: fire at the sniper's place hits nothing, and the sniper does not shoot this turn."""
    game = sniping(cd, {}, sw_order="suppress:mill")
    play(game)
    assert texts(game, "CD-69") == ["SW1 fires at the mill.", "Sniper sn1 is under fire and does not shoot."]
    sniper = seen(game, "snipers", "sn1")
    assert not sniper["out"] and sniper["shots"] == 0


def test_cd70_swat_snipers_hit_a_spotted_sniper_on_4_to_6_only(cd):
    """CD-70: no shot at an unspotted sniper; a spotted one is hit on 4+ and stops firing. SW1 is
    ordered to pick sn1 off from the start; sn1 misses twice (CD-67) and R1 spots it from the
    second shot (CD-68), so SW1 shoots in turn 3."""
    spotting = {"CD-67": [1, 1], "CD-68": [6]}
    game = sniping(cd, {**spotting, "CD-70": [4]}, sw_order="counter_snipe:sn1")
    play(game)
    assert texts(game, "CD-70") == ["SW1 cannot shoot at a sniper it has not spotted."]  # no dice
    play(game)
    sniper = seen(game, "snipers", "sn1")
    assert sniper["spotted"] and sniper["known_to"] == ["commander"] and not sniper["out"]
    assert "order:SW1:counter_snipe:sn1" in {a.id for a in game.legal_actions("commander")}
    play(game)
    assert seen(game, "snipers", "sn1")["out"]
    miss = sniping(cd, {**spotting, "CD-70": [3]}, sw_order="counter_snipe:sn1")
    play(miss, 3)
    sniper = seen(miss, "snipers", "sn1")
    assert sniper["spotted"] and not sniper["out"]


def test_cd69_firing_into_an_agents_crowd_puts_the_agent_under_fire(cd):
    """CD-69: fire at the agent's true location (its crowd) stops it shooting that turn."""
    game = cd.game(units=[cd.unit("S1", "soldiers", "J1-0", figures=1, weapon="single", order="fire:A")],
                   crowds=[cd.crowd("A", "x16y8")], snipers=[{"id": "agent", "crowd": "A", "target": "S1"}],
                   dice=cd.dice({"CD-60": [1]}))  # one firer misses on a 1
    play(game)
    assert any(e.get("rule") == "CD-60" and e["kind"] == "roll" for e in game.log.events)
    assert seen(game, "snipers", "agent")["shots"] == 0


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
    s = game.state  # the conformance suite's sentinels are planted in the state (view.plant_sentinels)
    s.plant_sentinels()
    [secret] = [t for t in s.hidden_tokens("commander") if "bomb" in t]
    for turn in (1, 2):  # not yet
        play(game)
        for text in (json.dumps(game.view("commander")), json.dumps(game.log_for("commander"))):
            assert "hidden_bomb" not in text and secret not in text, turn
        assert game.view("commander")["state"]["bombs"] == []
        assert game.view("umpire")["state"]["bombs"][0]["id"] == "hidden_bomb"
    play(game)
    assert secret not in s.hidden_tokens("commander")
    assert any(e.get("rule") == "CD-66" and "A bomb goes off in crowd A" in e["text"]
               for e in game.log_for("commander"))
    blast = seen(game, "crowds", "A")["node"]  # where the crowd had walked to by turn 3
    assert game.view("commander")["state"]["bombs"] == [{"id": "hidden_bomb", "node": blast, "turn": 3}]


def test_cd66_the_blast_uses_the_scenarios_radius_dice_damage_and_fire(cd):
    """CD-66 scenario effects: every figure within 4" rolls 1d6, hit on 4+ and a hit takes the
    CD-61 roll; each building in the blast loses 10 points and catches fire on a 5+. R1 rolls 6, 1:
    one hit, 5: dead. Crowd A rolls 4, 3: one hit, 2: wounded. The shop: 5, a fire. Crowd B and
    the player, far off, roll nothing. Played: the bomb is timed for turn 1."""
    game = bomb_game(cd, cd.dice({"CD-66": [6, 1, 4, 3, 5], "CD-61": [5, 2], **STEADY}), bomb={"turn": 1})
    play(game)
    stats = umpire_sees(game)["stats"]
    assert seen(game, "units", "R1")["figures"] == 1 and stats["sf_dead"] == 1
    [test] = [e for e in game.log.events if e.get("rule") == "CD-63" and e["kind"] == "roll"]
    assert "physically attacked" in test["text"]  # CD-62: an over-reaction test follows
    assert seen(game, "crowds", "A")["figures"] == 1 and stats["crowd_wounded"] == 1 and stats["firearm_deaths"] == 0
    assert seen(game, "crowds", "B")["figures"] == 10 and not game.view("commander")["state"]["you"]["out"]
    assert [e["who"] for e in game.log.events if e.get("rule") == "CD-66" and e["kind"] == "roll"] == [
        "R1", "Crowd A", "bomb hidden_bomb"]
    assert "Fire in the shop (set alight by the bomb): 1 fire." in texts(game, "CD-66")
    assert seen(game, "buildings", "shop")["value"] == 50 - 10 - 1  # the blast, then its one fire burns (CD-44)
    [rl_roll] = [e for e in game.log.events if e.get("rule") == "CD-20" and e["who"] == "Crowd A"]
    assert "a bomb goes off at x16y8" in rl_roll["text"]  # CD-20: a dramatic change


def test_cd66_a_bomb_can_go_off_when_sf_come_close(cd):
    """CD-66: a bomb set to go off when SF come within 3" waits while R1 is 6" away, and goes off
    once R1 is 2" away (the hit dice all miss)."""
    far = bomb_game(cd, cd.dice({}), bomb={"turn": None, "sf_within": 3}, unit_at="x16y14")
    play(far)
    assert seen(far, "bombs", "hidden_bomb")["went_off"] is None
    near = bomb_game(cd, cd.dice({}), bomb={"turn": None, "sf_within": 3})
    play(near)
    assert seen(near, "bombs", "hidden_bomb")["went_off"] == 1
    assert 'Bomb hidden_bomb in crowd A goes off (SF within 3": R1).' in texts(near, "CD-66")


def test_cd66_a_bomb_moves_with_its_agent_when_crowds_merge(cd):
    """CD-66 / CD-11: the agent's crowd merges into B: the bomb goes off in crowd B."""
    game = bomb_game(cd, cd.dice({}), bomb={"radius": 1, "turn": 1}, seats=["commander", UMPIRE])
    game.intervene("merge", piece="A", into="B", reason="the agent's crowd joins the big one")  # CD-03
    play(game)
    game.apply(UMPIRE, "proceed")
    [bomb] = umpire_sees(game)["bombs"]
    assert (bomb["crowd"], bomb["went_off"], bomb["node"]) == ("B", 1, seen(game, "crowds", "B")["node"])
    assert f"A bomb goes off in crowd B at {bomb['node']}!" in texts(game, "CD-66")


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
    game = cd.game(seats=["commander", "sub1"],
                   players=[{"seat": "commander", "at": "J1-1"},
                            {"seat": "sub1", "at": "J0-2", "superior": "commander"}],
                   buildings=[{"id": "flats", "block": [0, 1], "value": 50, "kind": "house"}],
                   crowds=[cd.crowd("A", "x16y8", figures=2, rl=6)],
                   bombs=[{"id": "hidden_bomb", "crowd": "A", "turn": 1, "radius": 1, "hit_on": 6}],
                   dice=cd.dice({}))
    assert [c["id"] for c in game.view("sub1")["state"]["crowds"]] == []
    assert [c["id"] for c in game.view("commander")["state"]["crowds"]] == ["A"]
    play(game, seats=("commander", "sub1"))
    blast = seen(game, "bombs", "hidden_bomb")["node"]  # crowd A drifted to x16y12 first
    heard = texts(game, "CD-66", "sub1")
    assert heard == ["A loud explosion is heard somewhere out of sight."]
    assert blast not in json.dumps(game.view("sub1")) + json.dumps(game.log_for("sub1"))
    assert game.view("sub1")["state"]["bombs"] == [{"id": "hidden_bomb", "node": None, "turn": 1}]
    assert f"A bomb goes off in crowd A at {blast}!" in texts(game, "CD-66", "commander")
    assert game.view("commander")["state"]["bombs"] == [{"id": "hidden_bomb", "node": blast, "turn": 1}]
