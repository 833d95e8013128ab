"""Hand-to-hand fights and arrests (CD-51 to CD-55), firearms (CD-60, CD-61) and the
over-reaction test (CD-62 to CD-65)."""

from __future__ import annotations

from typing import Any

from riotact.rulesets.civil_disorder.rules import combat, crowds, missiles
from riotact.rulesets.civil_disorder.rules.medical import wound_sf
from riotact.rulesets.civil_disorder.tables import FIGHT_TABLE, OVERREACTION_TABLE, lookup


def brawl(cd, kind: str, sf: int, rioters: int, rl: int, dice, **unit_kw):
    return cd.game(units=[cd.unit("U1", kind, "J1-0", figures=sf, **unit_kw)],
                   crowds=[cd.crowd("A", "J1-0", figures=rioters, rl=rl)], dice=list(dice))


def test_cd51_riot_policeman_6_plus_3_beats_rioter_8_by_1_then_arrests_on_plus_5(cd):
    """CD-51 / CD-54 example 2: 9 against 8 is +1, a continued scuffle; 11 against 6 is +5: cuffed."""
    game = brawl(cd, "riot_police", 1, 20, 5, [6, 8, 8, 6])
    s, unit, crowd = game.state, game.state.units["U1"], game.state.crowds["A"]
    combat.fight(s, unit, crowd, sf_attacking=True, arrest=True, charging=False)
    assert crowd.figures == 20 and s.stats["arrests"] == 0 and unit.down == []
    combat.fight(s, unit, crowd, sf_attacking=True, arrest=True, charging=False)
    assert crowd.figures == 19 and s.stats["arrests"] == 1


def test_cd52_a_stunned_officer_is_not_rolled_against_the_second_rioter(cd):
    """CD-52 / CD-53 example 1: police officer 2 - 1 + 1 = 2 against 6: stunned by the first;
    the second combat is not rolled (only two faces are scripted)."""
    game = brawl(cd, "patrol", 1, 2, 7, [2, 6])
    s, unit = game.state, game.state.units["U1"]
    combat.fight(s, unit, s.crowds["A"], sf_attacking=False, arrest=False, charging=False)
    assert len(unit.down) == 1 and unit.fit == 0


def test_cd52_an_outnumbered_figure_wins_against_one_opponent_only(cd):
    """CD-52: two winning rolls give one result; the other win is a continued scuffle."""
    game = brawl(cd, "patrol", 1, 2, 7, [10, 1, 10, 1])
    s = game.state
    combat.fight(s, s.units["U1"], s.crowds["A"], sf_attacking=False, arrest=False, charging=False)
    assert s.stats["crowd_wounded"] == 1 and s.crowds["A"].figures == 1


def test_cd53_fight_factors_and_the_two_worked_examples(cd):
    """CD-53: outnumbered 2-1 -1 and police +1 (example 1: 2); riot trained +3 only (example 2: 9);
    mounted +2/+4 charging, mounted riot +3/+6; masks ignore gas."""
    units = [cd.unit("P1", "patrol", "J1-0"), cd.unit("R1", "riot_police", "J1-0"),
             cd.unit("M1", "mounted", "J1-0"), cd.unit("MR1", "mounted_riot", "J1-0")]
    clear = cd.game(units=units).state
    gassed = cd.game(units=units, gas=[{"kind": "tear", "at": "J1-0"}]).state  # CD-22: a cloud over them

    def score(uid: str, roll: int, odds: int = 1, charging: bool = False, s: Any = clear) -> int:
        return roll + sum(m.value for m in combat.sf_fight_modifiers(s, s.units[uid], odds, charging=charging))

    assert score("P1", 2, odds=2) == 2
    assert score("R1", 6) == 9
    assert score("P1", 5, odds=3) == 4 and score("P1", 5, odds=4) == 3 and score("P1", 5, odds=6) == 3
    assert (score("M1", 0), score("M1", 0, charging=True)) == (2, 4)
    assert (score("MR1", 0), score("MR1", 0, charging=True)) == (3, 6)
    assert score("P1", 5, s=gassed) == 4 and score("R1", 5, s=gassed) == 8  # riot police wear masks


def test_cd54_results_by_margin(cd):
    """CD-54: +1 scuffle, +4 stunned, +5 cuffed when arresting (else stunned), 8+ wounded."""
    assert [lookup(FIGHT_TABLE, m) for m in (1, 3, 4, 5, 7, 8)] == [
        "scuffle", "scuffle", "stunned", "arrest_or_stunned", "arrest_or_stunned", "wounded"]
    game = brawl(cd, "riot_police", 1, 20, 5, [5, 4])  # 8 against 4: +4, the rioter falls
    s = game.state
    combat.fight(s, s.units["U1"], s.crowds["A"], sf_attacking=True, arrest=True, charging=False)
    assert s.crowds["A"].figures == 20 and s.stats["arrests"] == 0
    assert any("stunned and falls" in e["text"] for e in s.umpire.log.events)


def test_cd55_each_arrest_is_minus_1_on_the_next_rl_roll_and_needs_an_escort(cd):
    """CD-55: two arrests give -2 on the crowd's next RL roll; one SF figure escorts each."""
    game = brawl(cd, "anti_riot", 8, 20, 7, [])
    s, unit, crowd = game.state, game.state.units["U1"], game.state.crowds["A"]
    for _ in range(2):
        combat.make_arrest(s, unit.id, unit.node, crowd)
    assert -2 in [m.value for m in crowds.rl_modifiers(s, crowd)]
    assert crowd.figures == 18 and unit.fit == 6


def test_cd60_one_d6_per_firer_single_shots_down_one_on_4_or_more(cd):
    """CD-60 default: 4 firers roll 4 dice; each 4+ downs one crowd member (then CD-61)."""
    game = brawl(cd, "soldiers", 4, 20, 6, [4, 3, 6, 1, 3, 4], weapon="single")
    s = game.state
    combat.fire_at_crowd(s, s.units["U1"], s.crowds["A"])
    assert s.crowds["A"].figures == 18
    assert (s.stats["crowd_wounded"], s.stats["crowd_dead"], s.stats["firearm_deaths"]) == (1, 1, 1)
    assert s.gunfire == [(1, "J1-0")]


def test_cd60_over_the_heads_and_baton_rounds(cd):
    """CD-60 default: over heads hits nobody but counts as shot at; a baton round hit knocks a
    figure down and wounds only on a further 6."""
    game = brawl(cd, "soldiers", 2, 20, 6, [5, 5, 6, 2], weapon="baton")
    s, crowd = game.state, game.state.crowds["A"]
    combat.fire_at_crowd(s, s.units["U1"], crowd, over_heads=True)
    assert crowd.figures == 20 and (-1, 'shot at by baton gun or other "non-lethal" firearm') in crowd.factors
    combat.fire_at_crowd(s, s.units["U1"], crowd)
    assert crowd.figures == 19 and s.stats["crowd_wounded"] == 1 and s.stats["crowd_dead"] == 0


def test_cd61_casualty_roll(cd):
    """CD-61: 3 wounded, 4 dead; 1 (missing) wounded by default."""
    game = cd.game(dice=[3, 4, 1])
    assert [combat.casualty_roll(game.state, "x") for _ in range(3)] == ["wounded", "dead", "wounded"]


def test_cd62_second_bricks_do_not_test_a_wounded_member_does(cd):
    """CD-62: bricks a second time with no other trigger: no test; a member wounded: a test."""
    game = cd.game(units=[cd.unit("P1", "patrol", "x16y8")], crowds=[cd.crowd("A", "J1-0", rl=6)],
                   dice=[1, 1, 6, 1, 1, 5])
    s, unit = game.state, game.state.units["P1"]

    def tests() -> int:
        return sum(e["kind"] == "roll" and e["rule"] == "CD-63" for e in s.umpire.log.events)

    missiles.throw_missiles(s, s.crowds["A"], unit)  # the first bricks (two misses): a test, rolled 6
    combat.overreaction_tests(s)
    assert tests() == 1 and unit.node == "x16y8"
    missiles.throw_missiles(s, s.crowds["A"], unit)  # the second: no test
    combat.overreaction_tests(s)
    assert tests() == 1
    wound_sf(s, unit, "test")
    combat.overreaction_tests(s)
    assert tests() == 2 and [e["rule"] for e in s.umpire.log.events if e["kind"] == "roll"][-1] == "CD-63"


def test_cd63_conscripts_under_fire_alone_roll_minus_7_anti_riot_outnumbering_plus_4(cd):
    """CD-63: conscripts -2, no support -1, under gunfire -4; anti-riot +3, crowd outnumbered +1."""
    game = cd.game(units=[cd.unit("C1", "conscripts", "J0-2", figures=10)])
    s = game.state
    s.unit_event(s.units["C1"], "shot at")
    assert sum(m.value for m in combat.overreaction_modifiers(s, s.units["C1"])) == -7
    riot = cd.game(units=[cd.unit("AR1", "anti_riot", "J1-1"), cd.unit("R1", "riot_police", "x16y18")],
                   crowds=[cd.crowd("A", "x16y10", figures=2)])
    assert sum(m.value for m in combat.overreaction_modifiers(riot.state, riot.state.units["AR1"])) == 4


def test_cd64_default_results_panic_at_0_steady_at_5(cd):
    """CD-64: 0 or less panic (runs away), 1-2 over-reaction, 3-4 shaken, 5+ steady."""
    assert [lookup(OVERREACTION_TABLE, n) for n in (0, 1, 3, 5)] == ["panic", "overreaction", "shaken", "steady"]
    game = cd.game(units=[cd.unit("P1", "patrol", "x16y4")], crowds=[cd.crowd("A", "J1-0", rl=7)], dice=[])
    s, unit = game.state, game.state.units["P1"]
    combat.apply_overreaction(s, unit, "panic")
    assert s.town.inches(unit.node, "J1-0") > 4 and unit.id in s.withdrew
    steady = cd.game(units=[cd.unit("P1", "patrol", "x16y4", order="advance:A")],
                     crowds=[cd.crowd("A", "J1-0", rl=7)], dice=[])
    calm = steady.state.units["P1"]
    combat.apply_overreaction(steady.state, calm, "steady")  # a score of 5: no effect
    assert (calm.node, calm.order, calm.shaken_until, steady.state.stats["overreactions"]) == (
        "x16y4", "advance:A", 0, 0)


def test_cd65_soldiers_may_open_fire_instead_of_running_police_never_reroll(cd):
    """CD-65: a military unit re-rolls: 1-3 opens fire (into the nearest crowd), 4-6 runs."""
    fire = cd.game(units=[cd.unit("S1", "soldiers", "x16y4", figures=2, weapon="single")],
                   crowds=[cd.crowd("A", "J1-0")], dice=[3, 1, 1])
    combat.apply_overreaction(fire.state, fire.state.units["S1"], "panic")
    assert fire.state.gunfire and fire.state.units["S1"].node == "x16y4"
    run = cd.game(units=[cd.unit("S1", "soldiers", "x16y4", figures=2, weapon="single")],
                  crowds=[cd.crowd("A", "J1-0")], dice=[4])
    combat.apply_overreaction(run.state, run.state.units["S1"], "panic")
    assert not run.state.gunfire and run.state.units["S1"].node != "x16y4"
    police = cd.game(units=[cd.unit("P1", "patrol", "x16y4", weapon="single")],
                     crowds=[cd.crowd("A", "J1-0")], dice=[])
    combat.apply_overreaction(police.state, police.state.units["P1"], "panic")
    assert not police.state.gunfire


def test_cd53_a_fallen_officer_defends_on_the_ground_at_minus_2(cd):
    """CD-53: on ground -2: attacked again, a stunned figure fights from the ground."""
    game = brawl(cd, "patrol", 1, 1, 7, [2, 7, 9, 8])
    s, unit = game.state, game.state.units["U1"]
    combat.fight(s, unit, s.crowds["A"], sf_attacking=False, arrest=False, charging=False)
    assert unit.down and unit.fit == 0
    combat.fight(s, unit, s.crowds["A"], sf_attacking=False, arrest=False, charging=False)
    last_sf_roll = [e for e in s.umpire.log.events if e["kind"] == "roll"][-2]
    assert last_sf_roll["total"] == 9 + 1 - 2  # police +1, on ground -2: 8 against 8, a scuffle
    assert len(unit.down) == 1 and unit.figures == 1


def test_cd53_only_riot_equipped_units_and_swat_wear_gas_masks(cd):
    """CD-53 (e) / CD-22 default: riot-equipped units and SWAT ignore gas in fights; Special
    Forces (a soldier's +1) are not listed, so tear gas costs them -2."""
    game = cd.game(units=[cd.unit("SF1", "special_forces", "J1-0", figures=4),
                          cd.unit("SW1", "swat", "J1-0")], gas=[{"kind": "tear", "at": "J1-0"}])
    s = game.state

    def total(uid: str) -> int:
        return sum(m.value for m in combat.sf_fight_modifiers(s, s.units[uid], 1, charging=False))

    assert (total("SF1"), total("SW1")) == (1 - 2, 1)


def test_cd62_entering_a_burning_building_counts_as_being_petrol_bombed(cd):
    """CD-47 / CD-38 / CD-62: SF entering a burning building roll as if under petrol bomb attack,
    and being petrol bombed calls for an over-reaction test, even when nobody is burned."""
    from riotact.rulesets.civil_disorder.rules.orders import enter

    game = cd.game(buildings=[{"id": "shop", "block": [0, 0], "value": 60, "fires": 1}],
                   units=[cd.unit("P1", "patrol", "J0-0")], dice=[1, 1])  # 1 figure caught, unharmed
    s = game.state
    enter(s, s.units["P1"], "shop")
    assert s.units["P1"].figures == 8 and s.unit_events["P1"] == {"petrol bombed"}


def test_cd62_a_member_wounded_after_step_4_is_tested_in_the_next_turn(cd):
    """CD-62: a unit that loses a member after the turn's over-reaction tests (burned in step 6,
    CD-47) is not let off: it takes its test in the next turn's step 4, with -1 for the wound."""
    game = cd.game(units=[cd.unit("P1", "patrol", "J0-0")], crowds=[cd.crowd("A", "J2-2", rl=3)], seed=4)
    s = game.state
    wound_sf(s, s.units["P1"], "burned in the fire")  # as fire.burn does in step 6
    game.apply("commander", "pass")
    game.apply("commander", "stay")
    [test] = [e for e in game.log.events if e.get("rule") == "CD-63" and e["kind"] == "roll"]
    assert test["who"].startswith("P1") and "member wounded" in test["text"]
    assert any(m["value"] == -1 and "wounded" in m["reason"] for m in test["modifiers"])
    assert s.unit_events == {} and s.unit_wounded == {}


def _first_sf_fight_roll(s) -> dict:
    return next(e for e in s.umpire.log.events if e["kind"] == "roll" and e["rule"] == "CD-51")


def test_cd53_cd64_an_overreacting_horseman_gets_the_charging_bonus_only_from_4_inches(cd):
    """CD-53 (d) / CD-21 (d) / CD-64: a mounted unit that over-reacts from 2" away is not charging
    (+2, not +4); from 8" away it charges (+4). Either way the crowd's RL roll counts a charge."""
    bonus = {}
    for start in ("x16y2", "x16y8"):
        game = cd.game(units=[cd.unit("M1", "mounted", start, figures=1)],
                       crowds=[cd.crowd("A", "J1-0", rl=5)], dice=[5, 9])  # a scuffle either way
        s = game.state
        combat.apply_overreaction(s, s.units["M1"], "overreaction")
        roll = _first_sf_fight_roll(s)
        bonus[start] = sum(m["value"] for m in roll["modifiers"])
        assert (-3, "mounted police charging the crowd") in s.crowds["A"].factors
    assert bonus == {"x16y2": 2, "x16y8": 4}


def test_cd53_the_charge_distance_house_rule_applies_to_overreaction_charges(cd):
    """CD-53 (d): with charge_from_inches 10, an 8" over-reaction charge is no charge (+2)."""
    game = cd.game(options={"charge_from_inches": 10}, units=[cd.unit("M1", "mounted", "x16y8", figures=1)],
                   crowds=[cd.crowd("A", "J1-0", rl=5)], dice=[5, 9])
    s = game.state
    combat.apply_overreaction(s, s.units["M1"], "overreaction")
    assert sum(m["value"] for m in _first_sf_fight_roll(s)["modifiers"]) == 2


def test_cd60_cd65_a_unit_that_fired_on_orders_does_not_fire_a_second_volley_when_it_panics(cd):
    """CD-60 / CD-65: one volley a turn. Soldiers who fired on their orders this turn and then
    panic into opening fire stand their ground, but roll no second volley (the scripted dice
    cover the ordered volley and the CD-65 re-roll only)."""
    game = cd.game(units=[cd.unit("S1", "soldiers", "x16y4", figures=2, weapon="single", order="fire:A")],
                   crowds=[cd.crowd("A", "J1-0")], dice=[1, 2, 3, 3, 1, 1])
    # turn 1: two misses on orders, then the re-roll 3 (fire); turn 2: re-roll 3, two misses
    s, unit = game.state, game.state.units["S1"]
    combat.firing(s)
    combat.apply_overreaction(s, unit, "panic")
    volleys = [e for e in s.umpire.log.events if e["kind"] == "roll" and e["rule"] == "CD-60"]
    assert len(volleys) == 1 and unit.node == "x16y4" and s.crowds["A"].figures == 25
    assert any("already fired its one volley" in e["text"] for e in s.umpire.log.events)
    # A new turn: soldiers who fired on their orders in turn 1 (played through, every die a 1)
    # panic in turn 2, and the panic fire is that turn's volley.
    later = cd.game(units=[cd.unit("S1", "soldiers", "x16y4", figures=2, weapon="single", order="fire:A")],
                    crowds=[cd.crowd("A", "J1-0")], dice=cd.dice({"CD-65": [3]}))
    later.apply("commander", "pass")
    later.apply("commander", "stay")
    assert later.state.turn == 2
    combat.apply_overreaction(later.state, later.state.units["S1"], "panic")
    volleys = [e for e in later.log.events if e["kind"] == "roll" and e["rule"] == "CD-60"]
    assert [v["turn"] for v in volleys] == [1, 2]
