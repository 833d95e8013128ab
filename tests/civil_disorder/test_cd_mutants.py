"""Rules pinned down where a small edit of the code passed every other test (scripts/mutation.py,
docs/testing.md), each played through ``Game`` with scripted dice."""

from __future__ import annotations

import pytest

from riotact.core import Game, parse_scenario
from riotact.core.errors import IllegalActionError, ScenarioError
from riotact.core.odds import OddsError, find_procedure
from riotact.rulesets import get_ruleset

MILL = {"id": "mill", "block": [0, 0], "value": 60, "kind": "office"}


def end_turn(game, seat: str = "commander") -> None:
    """The player takes no action and stays where he is: the turn resolves."""
    game.apply(seat, "pass")
    if seat in game.to_act():
        game.apply(seat, "stay")


def texts(game, turn: int, seat: str = "commander") -> list[str]:
    return [e["text"] for e in game.log_for(seat) if e["turn"] == turn]


def test_cd70_a_swat_sniper_ordered_to_counter_snipe_picks_off_the_spotted_sniper(cd):
    """CD-67 / CD-68: the sniper in the mill shoots at R1 in turns 1 and 2 (misses) and its second
    shot is spotted (a 6). CD-13 / CD-70: in turn 3 the commander orders SW1 to pick it off; in turn
    4's firing step SW1's sniper hits (a 4) and the sniper fires no more."""
    dice = cd.dice({"CD-68": [6], "CD-70": [4]}, default=3)
    game = cd.game(dice=dice, buildings=[MILL], crowds=[cd.crowd("A", "J2-2", rl=3)],
                   units=[cd.unit("R1", "riot_police", "J1-0"),
                          cd.unit("SW1", "swat", "J1-1", weapon="single", snipers=True)],
                   snipers=[{"id": "sn1", "building": "mill", "target": "R1"}])
    end_turn(game)
    end_turn(game)
    assert "R1 spots the sniper's position: the mill." in texts(game, 2)
    game.apply("commander", "order:SW1:counter_snipe:sn1")
    game.apply("commander", "stay")
    end_turn(game)
    assert "SW1's sniper hits the sniper at the mill: wounded." in texts(game, 4)
    assert "R1 is under fire from an unseen sniper." not in texts(game, 4)
    assert dice.left == {}


def test_cd08_a_player_says_his_words_to_one_player_as_his_action_for_the_turn(cd):
    """CD-08: the commander talks with sub1, next to him, through ``Game.say``: the conversation is
    his action for the turn (he may still walk or stay, CD-14) and sub1 hears the words when the
    turn resolves. A conversation is with one player at a time: words to all are refused."""
    game = cd.game(seats=["commander", "sub1"], crowds=[cd.crowd("A", "J2-2", rl=3)],
                   players=[{"seat": "commander", "at": "J1-1"},
                            {"seat": "sub1", "at": "J1-0", "superior": "commander"}],
                   units=[{**cd.unit("R1", "riot_police", "J1-0"), "player": "sub1"}])
    with pytest.raises(IllegalActionError, match="CD-08: a conversation is with one player at a time"):
        game.say("commander", "all", "Hold the crossroads.")
    said = game.say("commander", "sub1", "Hold the crossroads.")
    assert [e["text"] for e in said] == ["commander: talk with sub1: \u201cHold the crossroads.\u201d."]
    assert "pass" not in {a.id for a in game.legal_actions("commander")}
    assert "stay" in {a.id for a in game.legal_actions("commander")}
    game.apply("commander", "stay")
    end_turn(game, "sub1")
    heard = [(e["kind"], e["text"]) for e in game.log_for("sub1") if e["turn"] == 1]
    assert heard[-2:] == [("effect", "commander talks with sub1."),
                          ("message", "commander to sub1: Hold the crossroads.")]


def test_cd06_a_unit_out_of_sight_is_never_dealt_into_the_players_sight_in_a_search_world(cd):
    """CD-06 / CD-01: the commander (no radio, strict visibility) sees sub1's R2 at J1-0, then R2
    marches on sub1's order behind the block, out of his sight. In the worlds a search deals him
    (``RulesetSpec.determinise``) R2 stands where the scenario started it only if he would not see
    it there: it is moved to the nearest street point out of his sight, so every world looks to him
    exactly like his game."""
    game = cd.game(seats=["commander", "sub1"], buildings=[{"id": "block", "block": [0, 0], "value": 40}],
                   house_rules={"strict_visibility": True}, crowds=[cd.crowd("A", "J2-2", rl=3)],
                   players=[{"seat": "commander", "at": "J0-0", "radio": False},
                            {"seat": "sub1", "at": "J2-2", "superior": "commander"}],
                   units=[{**cd.unit("R2", "riot_police", "J1-0"), "player": "sub1"}])

    def seen(g) -> list[str]:
        return [u["id"] for u in g.view("commander")["state"]["units"]]

    assert seen(game) == ["R2"]
    game.apply("sub1", "order:R2:move:J1-1")
    game.apply("sub1", "stay")
    end_turn(game)
    for _ in range(2):  # the order reaches R2, which marches out of sight
        end_turn(game, "sub1")
        end_turn(game)
    assert seen(game) == []
    determinise = game.spec.determinise
    assert determinise is not None
    for seed in (1, 2, 3):
        world = determinise(game, "commander", seed)
        assert world.view("commander") == game.view("commander")


def test_cd42_cd43_breaking_in_wrecks_a_shop_of_value_1_and_looting_the_wreck_may_set_it_alight(cd):
    """CD-28 / CD-42: looters at the shop's front break in in turn 1; the 1D6 of damage (a 6) takes
    the shop of value 1 to 0, a wreck (never below 0). CD-43: in turn 2 they loot the wreck, which
    rolls for fire (a 6: a fire breaks out). No fire roll while breaking into a shop still standing."""
    dice = cd.dice({"CD-42": [6], "CD-43": [6]})
    game = cd.game(dice=dice, buildings=[{"id": "shop", "block": [0, 0], "value": 1}],
                   crowds=[cd.crowd("L", "J0-0", figures=4, rl=7, looters=True)])

    def rolls(turn: int) -> list[str]:
        return [e["rule"] for e in game.log_for("umpire") if e["kind"] == "roll" and e["turn"] == turn
                and e["rule"] in ("CD-42", "CD-43")]

    end_turn(game)
    assert rolls(1) == ["CD-42"] and "People smash their way into shop." in texts(game, 1, "umpire")
    end_turn(game)
    assert rolls(2) == ["CD-43"]
    assert "Fire in the shop (a fire breaks out in the wreck): 1 fire." in texts(game, 2, "umpire")


def test_cd47_sf_entering_a_burning_building_have_1d3_figures_caught(cd):
    """CD-47 / CD-38: P1, ordered into the burning shop from its front, rolls 1D3 for the figures
    caught (a 3) and each of the three rolls as under petrol bomb attack (6s: all three burned)."""
    dice = cd.dice({"CD-47": [3, 1]}, default=6)
    game = cd.game(dice=dice, buildings=[{"id": "shop", "block": [0, 0], "value": 60, "kind": "shop", "fires": 1}],
                   units=[cd.unit("P1", "patrol", "J0-0", order="enter:shop")], crowds=[cd.crowd("A", "J2-2", rl=3)])
    end_turn(game)
    caught = next(e for e in game.log_for("umpire") if e["kind"] == "roll" and e["rule"] == "CD-47")
    assert (caught["sides"], caught["total"]) == (3, 3) and "entering burning the shop" in caught["text"]
    burned = "A figure of P1 is wounded (burned (entering burning the shop))."
    assert texts(game, 1, "umpire").count(burned) == 3


def test_cd51_cd52_a_rioting_crowd_sets_four_rioters_on_the_player_and_a_draw_decides_nothing(cd):
    """CD-52: the commander grabs at a rioting crowd (RL 7): four rioters fight him, one at a time,
    and he is outnumbered 4-1 (-3, CD-53; +1 as a police officer). CD-51: a D10 each, the higher
    total wins. Against rioter 1 his 7 - 2 = 5 to 5 is a draw and decides nothing; against rioter 2
    his 10 - 2 = 8 to 2 wins by 6, his first win: the rioter is cuffed (CD-54 / CD-55). Rioters 3 and
    4 draw. Then the crowd attacks him: four more draws, no wound."""
    dice = cd.dice({"CD-51": [7, 5, 10, 2, 7, 5, 7, 5] + [7, 5] * 4})
    game = cd.game(dice=dice, crowds=[cd.crowd("A", "x16y14", rl=7)])
    game.apply("commander", "arrest:A")
    game.apply("commander", "stay")
    fights = [e for e in game.log_for("umpire") if e["kind"] == "roll" and e["rule"] == "CD-51"]
    assert [e["who"] for e in fights[:8:2]] == ["commander"] * 4
    assert [e["who"] for e in fights[1:8:2]] == [f"rioter {n} of crowd A" for n in (1, 2, 3, 4)]
    assert "outnumbered 4-1" in fights[0]["text"] and dice.left == {}
    told = [e["text"] for e in game.log_for("umpire") if e.get("rule") in ("CD-54", "CD-55", "CD-56")]
    assert [t for t in told if "arrest" in t or "wounded" in t or "beaten" in t] == [
        "commander cuffs a rioter of crowd A: under arrest, escorted to a police vehicle (3 turn(s) at the walk)."]
    [crowd] = game.view("commander")["state"]["crowds"]
    assert crowd["figures"] == 24


def test_cd66_a_bombs_fire_roll_may_need_a_6_but_not_a_7(cd):
    """CD-66: the scenario sets the D6 score on which a bomb sets each building in the blast alight:
    6 is the highest a scenario may write; 7 (never) is a one-line error."""
    bomb = {"id": "b", "crowd": "A", "turn": 1, "damage": 10}
    crowds = [cd.crowd("A", "x16y8", figures=2, rl=6)]
    game = cd.game(crowds=crowds, bombs=[{**bomb, "fire_on": 6}])
    assert game.legal_actions("commander")
    with pytest.raises(ScenarioError, match=r"bombs\.0\.fire_on"):
        cd.game(crowds=crowds, bombs=[{**bomb, "fire_on": 7}])


@pytest.mark.parametrize("modifiers", [-20, 20])
def test_cd21_the_rl_roll_odds_take_modifiers_up_to_20_either_way(modifiers: int) -> None:
    """CD-20 / CD-21: the odds of a crowd's RL roll take the sum of its factors from -20 to +20; one
    beyond is refused with a one-line error."""
    procedure = find_procedure(get_ruleset("civil-disorder"), "rl-roll")
    odds = procedure.run([f"modifiers={modifiers}"])
    assert sum(odds.outcomes.values()) == 1
    with pytest.raises(OddsError, match="modifiers"):
        procedure.run([f"modifiers={modifiers + (1 if modifiers > 0 else -1)}"])


def test_a_scenario_without_a_town_plays_on_the_default_3_by_3_junctions() -> None:
    """A scenario that sets no town plays on the default one: three columns and three rows of
    junctions (J0-0 to J2-2), the moves a unit at the centre may be ordered to."""
    data = {"ruleset": "civil-disorder", "id": "t", "title": "no town", "seats": ["commander"],
            "setup": {"players": [{"seat": "commander", "at": "J1-1"}],
                      "units": [{"id": "R1", "type": "riot_police", "figures": 8, "at": "J1-1",
                                 "player": "commander"}]}}
    game = Game(parse_scenario(data, "no-town.toml"), seed=1)
    moves = {a.id.rpartition(":")[2] for a in game.legal_actions("commander") if a.id.startswith("order:R1:move:")}
    assert moves == {f"J{c}-{r}" for c in range(3) for r in range(3)} - {"J1-1"}


def test_cd33_an_average_negotiator_scoring_5_takes_the_crowd_down_one_rl(cd):
    """CD-32 / CD-33 default table: the commander, an average negotiator face to face, talks to
    crowd A at RL 5 and rolls a 5: a score of 5 is RL -1 (6 or more would be -2), so the crowd's
    marker shows 4."""
    dice = cd.dice({"CD-33": [5]})
    game = cd.game(dice=dice, players=[{"seat": "commander", "at": "J1-1", "negotiator": "average"}],
                   crowds=[cd.crowd("A", "x16y14", rl=5)])
    game.apply("commander", "negotiate:A")
    game.apply("commander", "stay")
    assert dice.left == {}
    assert "Crowd A's RL marker now shows 4 (8 is bad, 1 is good)." in texts(game, 1)
    [crowd] = game.view("commander")["state"]["crowds"]
    assert crowd["rl"] == 4


def test_cd21_two_police_units_charging_a_crowd_count_one_charging_factor(cd):
    """CD-20 / CD-21 (c): patrols P1 and P2 both charge crowd A in turn 1. The crowd's RL roll
    names both triggers, but takes the charging factor once, in the rule's words: -1 for ordinary
    police charging the crowd (a 4 - 1 = 3)."""
    dice = cd.dice({"CD-20": [4]}, default=3)
    game = cd.game(dice=dice, crowds=[cd.crowd("A", "J1-0", rl=5)],
                   units=[cd.unit("P1", "patrol", "x16y8", order="charge:A"),
                          cd.unit("P2", "patrol", "x16y8", order="charge:A")])
    end_turn(game)
    [roll] = [e for e in game.log_for("umpire") if e["kind"] == "roll" and e["rule"] == "CD-20"]
    assert "(P1 charges; P2 charges)" in roll["text"] and roll["total"] == 3
    assert roll["modifiers"] == [{"value": -1, "reason": "ordinary police or soldiers charging the crowd",
                                  "rule": "CD-21"}]
