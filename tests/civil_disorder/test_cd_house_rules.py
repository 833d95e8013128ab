"""House rules: the catalogue's gap defaults can be changed by a scenario or an umpire."""

from __future__ import annotations

import pytest

from riotact.core import OptionError, ScenarioError
from riotact.core.errors import IllegalActionError
from riotact.core.log import UMPIRE
from support import umpire_sees


def played(game, turns: int = 1):
    """The game after ``turns`` turns in which the commander takes no action."""
    for _ in range(turns):
        game.apply("commander", "pass")
        game.apply("commander", "stay")
    return game


def seen(game, kind: str, pid: str) -> dict:
    """A crowd or unit as the umpire sees it on the table."""
    return next(p for p in umpire_sees(game)[kind] if p["id"] == pid)


def texts(game, rule: str) -> list[str]:
    return [e["text"] for e in game.log_for(UMPIRE) if e.get("rule") == rule]


def test_bad_options_are_clear_errors(cd):
    """Unknown keys, wrong types and malformed tables are refused with the key named."""
    with pytest.raises(OptionError, match="no house rule"):
        cd.game(options={"walk": 6})
    with pytest.raises(OptionError, match="takes a int"):
        cd.game(options={"walk_inches": "six"})
    with pytest.raises(OptionError, match="fight_table"):
        cd.game(options={"fight_table": "three:scuffle"})
    with pytest.raises(OptionError, match="must be one of"):
        cd.game(options={"looters": "everywhere"})
    with pytest.raises(ScenarioError, match="house_rules"):
        cd.game(house_rules={"run_inches": 1.5})


def test_cd14_walk_and_run_paces(cd):
    """CD-14: walk_inches / run_inches change the personal figure's moves."""
    game = cd.game(options={"walk_inches": 4, "run_inches": 8}, crowds=[cd.crowd("A", "J2-2", rl=3)])
    runs = {a.id for a in game.legal_actions("commander") if a.id.startswith("run:")}
    assert "run:x24y16" in runs and "run:x26y16" not in runs
    with pytest.raises(IllegalActionError, match='up to 8" away'):  # the refusal quotes the house rule
        game.apply("commander", "run:x26y16")
    game.apply("commander", "pass")
    with pytest.raises(IllegalActionError, match='walk up to 4"'):
        game.apply("commander", "pass")


def test_cd15_vehicle_start_inches(cd):
    """CD-15: a stationary vehicle may move vehicle_start_inches: 20" down the street from J0-0."""
    game = cd.game(options={"vehicle_start_inches": 20}, dice=cd.dice({}),
                   units=[cd.unit("V1", "patrol", "J0-0", vehicle="van", aboard=True, order="move:J2-2")])
    assert seen(played(game), "units", "V1")["node"] in {"x20y0", "x0y20"}


def test_cd18_gunfire_memory(cd):
    """CD-18: with gunfire_turns 3, gunfire two turns ago still turns crowds away: the rioting crowd
    stays put, where by default (2 turns) it is forgotten and the crowd heads for the soldiers."""
    def crowd_after_a_turn(**options: int) -> str:
        game = cd.game(options=options, units=[cd.unit("S1", "soldiers", "J2-1")], dice=cd.dice({}),
                       crowds=[cd.crowd("A", "J0-1", rl=8)], gunfire=[{"at": "J2-1", "turns_ago": 2}])
        return str(seen(played(game), "crowds", "A")["node"])

    assert crowd_after_a_turn(gunfire_turns=3) == "J0-1"
    assert crowd_after_a_turn() != "J0-1"


def test_cd11_merging_can_be_switched_off(cd):
    """CD-11: merge_crowds false keeps crowds apart at one point."""
    kw = {"crowds": [cd.crowd("A", "J0-0", figures=10, rl=4), cd.crowd("B", "J0-0", figures=10, rl=5)],
          "dice": cd.dice({})}  # both drift to x0y2 together
    merged = played(cd.game(**kw))
    assert seen(merged, "crowds", "B")["gone"] == "merged into A"
    assert seen(merged, "crowds", "A")["figures"] == 20
    apart = played(cd.game(options={"merge_crowds": False}, **kw))
    assert seen(apart, "crowds", "B")["gone"] is None
    assert seen(apart, "crowds", "A")["node"] == seen(apart, "crowds", "B")["node"]


def test_cd23_looting_and_damage_rls(cd):
    """CD-23: the umpire can move the RLs at which crowds damage and loot: with damage at 5 and
    looting at 6, rioters at RL 5 smash up the shop they stand by (CD-41); looters at RL 5 only hang
    around it (CD-26) and at RL 6 break in (CD-28)."""
    def at_the_shop(rl: int, looters: bool):
        return played(cd.game(options={"looting_rl": 6, "damage_rl": 5}, dice=cd.dice({}),
                              buildings=[{"id": "shop", "block": [0, 0], "value": 40, "kind": "shop"}],
                              crowds=[cd.crowd("A", "x16y14", rl=rl, looters=looters)]))

    assert texts(at_the_shop(5, looters=False), "CD-41")[-1] == "Crowd A smashes up the shop."
    assert texts(at_the_shop(5, looters=True), "CD-28") == []
    assert texts(at_the_shop(6, looters=True), "CD-28") == ["People smash their way into shop."]
    assert umpire_sees(at_the_shop(4, looters=False))["buildings"][0]["value"] == 40


def test_cd54_fight_table(cd):
    """CD-54: a harsher table: a margin of 2 (a scuffle by default) already stuns U1, attacked by
    rioting crowd A (1 against 3)."""
    def stunned(**options: str) -> bool:
        game = cd.game(options=options, units=[cd.unit("U1", "patrol", "J1-0", figures=1)],
                       crowds=[cd.crowd("A", "J1-0", figures=2, rl=7)], dice=cd.dice({"CD-51": [1, 3]}))
        return "A figure of U1 is stunned and falls." in texts(played(game), "CD-54")

    assert stunned(fight_table="0:scuffle,99:stunned") and not stunned()


def test_cd53_snatch_squad_size(cd):
    """CD-53 / CD-10: snatch_squad 4 sends four figures in (eight d10s)."""
    game = cd.game(options={"snatch_squad": 4}, units=[cd.unit("U1", "anti_riot", "J1-0", order="arrest:A")],
                   crowds=[cd.crowd("A", "J1-0", rl=5)], dice=cd.dice({"CD-51": [5] * 8}))
    played(game)
    assert "Fight: 4 of U1 against crowd A (arrest attempt)." in texts(game, "CD-51")
    assert sum(1 for e in game.log.events if e.get("rule") == "CD-51" and e["kind"] == "roll") == 8


def test_cd60_hit_on(cd):
    """CD-60: hit_on 6: only sixes hit (a 5 and a 4 miss)."""
    game = cd.game(options={"hit_on": 6}, dice=cd.dice({"CD-60": [5, 4]}), crowds=[cd.crowd("A", "J1-0")],
                   units=[cd.unit("S1", "soldiers", "J1-0", figures=2, weapon="single", order="fire:A")])
    assert "S1 rolls 2D6 for firing (single) at crowd A (CD-60): 5 4, 6+ succeeds: 0 successes." in texts(
        played(game), "CD-60")
    assert seen(game, "crowds", "A")["figures"] == 25


def test_cd64_overreaction_table(cd):
    """CD-64: a table where 5 still means shaken: U1, attacked by rioting crowd A, tests 5 + 2 police
    - 1 outnumbered - 1 alone = 5 (steady by default)."""
    def results(**options: str) -> list[str]:
        game = cd.game(options=options, units=[cd.unit("U1", "patrol", "J1-0", figures=1)],
                       crowds=[cd.crowd("A", "J1-0", figures=2, rl=7)], dice=cd.dice({"CD-51": [1, 3], "CD-63": [5]}))
        return texts(played(game), "CD-64")

    assert results(overreaction_table="0:panic,2:overreaction,5:shaken,99:steady") == [
        "U1 is shaken and will not advance."]
    assert results() == []


def test_cd36_missile_range_and_cd35_turns(cd):
    """CD-35 / CD-36: missile_turns and missile_range: crowd A gathers 2 turns of bricks at J1-0 in
    turn 1; the patrol 8" away is out of its 4" range, so in turn 2 it comes to x16y4 to throw."""
    game = cd.game(options={"missile_turns": 2, "missile_range": 4}, units=[cd.unit("P1", "patrol", "x16y8")],
                   crowds=[cd.crowd("A", "J1-0", rl=6, missiles=0)],
                   features=[{"kind": "missiles", "at": "J1-0"}], dice=cd.dice({}))
    played(game)
    assert texts(game, "CD-35") == ["Crowd A gathers bricks and bottles."] and not texts(game, "CD-36")
    assert seen(game, "crowds", "A")["missiles"] == 2
    played(game)
    assert texts(game, "CD-36")[0] == "Crowd A throws bricks and bottles at P1."
    assert (seen(game, "crowds", "A")["node"], seen(game, "crowds", "A")["missiles"]) == ("x16y4", 1)


def test_cd59_ambulance_return_turns(cd):
    """CD-59: the ambulance is back ambulance_return_turns after it left (1: the next turn; 3 by
    default), played through whole turns."""
    def trips(**options: int) -> list[tuple[int, str]]:
        game = cd.game(options=options, turns=6, crowds=[cd.crowd("A", "J2-2", rl=3)], dice=cd.dice({}, default=3),
                       units=[cd.unit("AMB1", "paramedics", "J1-0", figures=2, vehicle="ambulance", order="evacuate")])
        for _ in range(4):
            game.apply("commander", "pass")
            game.apply("commander", "stay")
        return [(e["turn"], e["text"]) for e in game.log_for(UMPIRE) if e.get("rule") == "CD-59"]

    assert trips(ambulance_return_turns=1) == [(1, "Ambulance AMB1 leaves for hospital with 0 casualties."),
                                               (2, "Ambulance AMB1 is back.")]
    assert trips()[-1] == (4, "Ambulance AMB1 is back.")


def test_cd09_counting_figures_instead_of_people(cd):
    """CD-09: with count_people false, 30 SF outnumber a 25-figure crowd (-3 on its RL roll).
    The soldiers advance to threaten crowd A, which rolls for its RL (CD-20)."""
    def rl_modifiers(**options: bool) -> list[int]:
        game = cd.game(options=options, crowds=[cd.crowd("A", "J1-0")], dice=cd.dice({}),
                       units=[cd.unit("S1", "soldiers", "x16y8", figures=30, order="advance:A")])
        [roll] = [e for e in played(game).log.events if e.get("rule") == "CD-20" and e["kind"] == "roll"]
        return [m["value"] for m in roll["modifiers"]]

    assert -3 not in rl_modifiers()
    assert -3 in rl_modifiers(count_people=False)


def test_house_rule_numbers_and_table_results_the_rules_cannot_use_are_refused(cd):
    """CD-41 / CD-60 / CD-54 / CD-64: no damage die per 0 figures, no d6 score of 9, no fight or
    over-reaction result the engine does not know; from a scenario file the error names the file
    and its ``house_rules``."""
    with pytest.raises(OptionError, match=r"'damage_per_figures' \(CD-41\) must be from 1 to 1000; got 0"):
        cd.game(options={"damage_per_figures": 0})
    with pytest.raises(OptionError, match=r"'hit_on' \(CD-60\) must be from 1 to 6; got 9"):
        cd.game(options={"hit_on": 9})
    with pytest.raises(OptionError, match=r"'walk_inches' \(CD-14\) must be from 0 to 72"):
        cd.game(options={"walk_inches": -5})
    with pytest.raises(OptionError, match=r"'pickup_leave_inches' \(CD-29\) must be from 0 to 72"):
        cd.game(options={"pickup_leave_inches": -1})
    with pytest.raises(OptionError, match=r"unknown result.*explode"):
        cd.game(options={"fight_table": "3:scuffle,99:explode"})
    with pytest.raises(OptionError, match=r"unknown result.*flee"):
        cd.game(options={"overreaction_table": "0:flee,99:steady"})
    with pytest.raises(ScenarioError, match=r"test\.toml: house_rules: .*'split_above'"):
        cd.game(house_rules={"split_above": 0})
    assert cd.game(options={"ordinary_withdrawing": -1}).options["ordinary_withdrawing"] == -1
