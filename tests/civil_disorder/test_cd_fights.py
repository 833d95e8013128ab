"""Hand-to-hand fights and arrests (CD-51 to CD-55), firearms (CD-60, CD-61) and the
over-reaction test (CD-62 to CD-65). Played through ``Game``: units carry out their orders and
crowds attack in step 4 of the turn (CD-12); the dice are scripted by rule, every other die a 1."""

from __future__ import annotations

import pytest

from civil_disorder.cd_play import crowd, events, texts, turn, unit
from riotact.rulesets.civil_disorder.tables import FIGHT_TABLE, OVERREACTION_TABLE, lookup
from support import umpire_sees


def brawl(cd, kind: str, sf: int, rioters: int, rl: int, script, **unit_kw):
    """Unit U1 and crowd A face to face at J1-0."""
    return cd.game(units=[cd.unit("U1", kind, "J1-0", figures=sf, **unit_kw)],
                   crowds=[cd.crowd("A", "J1-0", figures=rioters, rl=rl)], dice=cd.dice(script))


def fight_rolls(game, uid: str = "U1") -> list[dict]:
    """The SF figures' fight rolls (CD-51), in order."""
    return [e for e in events(game, "CD-51", "roll") if e["who"].startswith(f"{uid} figure")]


def bonus(roll: dict) -> int:
    return sum(m["value"] for m in roll["modifiers"])


def rl_roll(game) -> dict:
    """The crowd's last RL roll (CD-20): its modifiers are the CD-21 factors of the turn."""
    return events(game, "CD-20", "roll")[-1]


def test_cd51_riot_policeman_6_plus_3_beats_rioter_8_by_1_then_arrests_on_plus_5(cd):
    """CD-51 / CD-54 example 2: 9 against 8 is +1, a continued scuffle; 11 against 6 is +5: cuffed.
    The riot policeman is a snatch squad of one, on 'arrest' (the crowd's RL rolls a 5: it stays)."""
    game = brawl(cd, "riot_police", 1, 20, 5, {"CD-51": [6, 8, 8, 6], "CD-20": [5, 5]}, order="arrest:A")
    turn(game)
    assert crowd(game, "A")["figures"] == 20 and umpire_sees(game)["stats"]["arrests"] == 0
    assert not texts(game, "CD-54")  # a scuffle: nobody falls
    turn(game)
    assert crowd(game, "A")["figures"] == 19 and umpire_sees(game)["stats"]["arrests"] == 1


def test_cd52_a_stunned_officer_is_not_rolled_against_the_second_rioter(cd):
    """CD-52 / CD-53 example 1: police officer 2 - 1 + 1 = 2 against 6: stunned by the first;
    the second combat is not rolled. Two rioters at RL 7 attack him."""
    game = brawl(cd, "patrol", 1, 2, 7, {"CD-51": [2, 6], "CD-63": [6]})
    turn(game)
    assert len(events(game, "CD-51", "roll")) == 2 and [r["total"] for r in fight_rolls(game)] == [2]
    assert "A figure of U1 is stunned and falls." in texts(game, "CD-54") and unit(game, "U1")["fit"] == 0


def test_cd52_an_outnumbered_figure_wins_against_one_opponent_only(cd):
    """CD-52: two winning rolls give one result; the other win is a continued scuffle."""
    game = brawl(cd, "patrol", 1, 2, 7, {"CD-51": [10, 1, 10, 1], "CD-63": [6]})
    turn(game)
    assert umpire_sees(game)["stats"]["crowd_wounded"] == 1 and crowd(game, "A")["figures"] == 1


def first_fight_bonus(cd, kind: str, *, rioters: int = 1, gas: bool = False) -> int:
    """CD-53: the modifiers on a figure of a 1-figure unit ``kind`` that crowd A (RL 7) attacks."""
    game = cd.game(units=[cd.unit("U1", kind, "J1-0", figures=1)],
                   crowds=[cd.crowd("A", "J1-0", figures=rioters, rl=7)],
                   gas=[{"kind": "tear", "at": "J1-0"}] if gas else [], dice=cd.dice({"CD-63": [6]}))
    turn(game)
    return bonus(fight_rolls(game)[0])


def charge_bonus(cd, kind: str) -> int:
    """CD-53 (d): the modifiers on a horseman charging crowd A from 8" away (his order, carried out
    in step 2)."""
    game = cd.game(units=[cd.unit("U1", kind, "x16y8", figures=1, order="charge:A")],
                   crowds=[cd.crowd("A", "J1-0", figures=1, rl=5)], dice=cd.dice({"CD-63": [6]}))
    turn(game)
    return bonus(fight_rolls(game)[0])


def test_cd53_fight_factors_and_the_two_worked_examples(cd):
    """CD-53: outnumbered 2-1 -1 and police +1 (example 1: 2); riot trained +3 only (example 2: 9);
    mounted +2/+4 charging, mounted riot +3/+6; masks ignore gas."""
    assert 2 + first_fight_bonus(cd, "patrol", rioters=2) == 2
    assert 6 + first_fight_bonus(cd, "riot_police") == 9
    assert [5 + first_fight_bonus(cd, "patrol", rioters=n) for n in (3, 4, 6)] == [4, 3, 3]
    assert (first_fight_bonus(cd, "mounted"), charge_bonus(cd, "mounted")) == (2, 4)
    assert (first_fight_bonus(cd, "mounted_riot"), charge_bonus(cd, "mounted_riot")) == (3, 6)
    assert 5 + first_fight_bonus(cd, "patrol", gas=True) == 4  # CD-22: a cloud over them
    assert 5 + first_fight_bonus(cd, "riot_police", gas=True) == 8  # riot police wear masks


def test_cd54_results_by_margin(cd):
    """CD-54: +1 scuffle, +4 stunned, +5 cuffed when arresting (else stunned), 8+ wounded."""
    assert [lookup(FIGHT_TABLE, m) for m in (1, 3, 4, 5, 7, 8)] == [
        "scuffle", "scuffle", "stunned", "arrest_or_stunned", "arrest_or_stunned", "wounded"]
    game = brawl(cd, "riot_police", 1, 20, 5, {"CD-51": [5, 4]}, order="arrest:A")  # 8 against 4: +4
    turn(game)
    assert crowd(game, "A")["figures"] == 20 and umpire_sees(game)["stats"]["arrests"] == 0
    assert "A rioter of crowd A is stunned and falls." in texts(game, "CD-54")


def test_cd55_each_arrest_is_minus_1_on_the_next_rl_roll_and_needs_an_escort(cd):
    """CD-55: two arrests give -2 on the crowd's next RL roll; one SF figure escorts each. The
    snatch squad of six goes into a crowd of 20 at RL 7 (3-1: -2): its first and fourth figures score
    5 + 3 - 2 against a rioter's 1, +5: cuffed; every other fight is a scuffle."""
    game = brawl(cd, "anti_riot", 8, 20, 7, {"CD-51": [5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
                                                       5, 1], "CD-63": [6]}, order="arrest:A")
    turn(game)
    assert {"value": -2, "reason": "2 crowd member(s) arrested", "rule": "CD-55"} in rl_roll(game)["modifiers"]
    assert crowd(game, "A")["figures"] == 18
    assert [(p["captor"], p["status"]) for p in umpire_sees(game)["prisoners"]] == [("U1", "in custody")] * 2


def test_cd60_one_d6_per_firer_single_shots_down_one_on_4_or_more(cd):
    """CD-60 default: 4 firers roll 4 dice; each 4+ downs one crowd member (then CD-61: 3 wounded,
    4 dead)."""
    game = brawl(cd, "soldiers", 4, 20, 5, {"CD-60": [4, 3, 6, 1], "CD-61": [3, 4], "CD-63": [6]},
                 weapon="single", order="fire:A")
    turn(game)
    assert texts(game, "CD-60") == ["U1 opens fire on crowd A."]
    assert crowd(game, "A")["figures"] == 18
    stats = umpire_sees(game)["stats"]
    assert (stats["crowd_wounded"], stats["crowd_dead"], stats["firearm_deaths"]) == (1, 1, 1)


def test_cd60_over_the_heads_and_baton_rounds(cd):
    """CD-60 default: over heads hits nobody but counts as shot at; a baton round hit knocks a
    figure down and wounds only on a further 6. Turn 1 over the heads; the commander then orders
    fire into the crowd: two hits, a 6 and a 2."""
    game = brawl(cd, "soldiers", 2, 20, 5, {"CD-60": [5, 5, 6, 2], "CD-63": [6, 6]}, weapon="baton",
                 order="fire_over:A")
    turn(game, "order:U1:fire:A")
    assert crowd(game, "A")["figures"] == 20 and not events(game, "CD-60", "roll")
    shot_at = {"value": -1, "reason": 'shot at by baton gun or other "non-lethal" firearm', "rule": "CD-21"}
    assert shot_at in rl_roll(game)["modifiers"]
    turn(game)
    stats = umpire_sees(game)["stats"]
    assert crowd(game, "A")["figures"] == 19 and stats["crowd_wounded"] == 1 and stats["crowd_dead"] == 0


def test_cd61_casualty_roll(cd):
    """CD-61: 3 wounded, 4 dead; 1 (missing) wounded by default."""
    game = brawl(cd, "soldiers", 3, 20, 5, {"CD-60": [6, 6, 6], "CD-61": [3, 4, 1], "CD-63": [6]},
                 weapon="single", order="fire:A")
    turn(game)
    assert [t.removeprefix("A figure of crowd A falls ").split()[0] for t in texts(game, "CD-61")] == [
        "wounded", "dead", "wounded"]


def test_cd62_second_bricks_do_not_test_a_wounded_member_does(cd):
    """CD-62: bricks a second time with no other trigger: no test; a member wounded: a test. Crowd
    A (RL 6, 25 figures: 2 dice) throws at P1 8" off in turns 1 to 3: misses, misses, then a 6."""
    game = cd.game(units=[cd.unit("P1", "patrol", "x16y8")], crowds=[cd.crowd("A", "J1-0", rl=6)],
                   dice=cd.dice({"CD-36": [1, 1, 1, 1, 6, 1], "CD-63": [6, 5], "CD-20": [6, 6, 6]}))
    tests = []
    for _ in range(3):
        turn(game)
        tests.append(len(events(game, "CD-63", "roll")))
    assert tests == [1, 1, 2] and unit(game, "P1")["node"] == "x16y8"
    assert "member wounded" in events(game, "CD-63", "roll")[-1]["text"]


def overreaction_bonus(game, uid: str) -> int:
    return bonus(next(e for e in events(game, "CD-63", "roll") if e["who"].startswith(uid)))


def test_cd63_conscripts_under_fire_alone_roll_minus_7_anti_riot_outnumbering_plus_4(cd):
    """CD-63: conscripts -2, no support -1, under gunfire -4 (a sniper shoots at them, and misses);
    anti-riot +3, crowd outnumbered +1 (two rioters throw bricks at it, supported by riot police)."""
    game = cd.game(units=[cd.unit("C1", "conscripts", "J0-2", figures=10)],
                   buildings=[{"id": "shop", "block": [0, 1], "value": 60}],
                   snipers=[{"id": "S", "building": "shop", "target": "C1"}], dice=cd.dice({}))
    turn(game)
    assert overreaction_bonus(game, "C1") == -7
    riot = cd.game(units=[cd.unit("AR1", "anti_riot", "J1-1"), cd.unit("R1", "riot_police", "x16y18")],
                   crowds=[cd.crowd("A", "x16y10", figures=2, rl=6)], dice=cd.dice({"CD-63": [6]}))
    turn(riot)
    assert overreaction_bonus(riot, "AR1") == 4


def test_cd64_default_results_panic_at_0_steady_at_5(cd):
    """CD-64: 0 or less panic (runs away), 1-2 over-reaction, 3-4 shaken, 5+ steady. Crowd A (RL 6)
    throws bricks at P1 4" off and wounds one (patrol +2, outnumbered -1, no support -1, wounded -1):
    a 1 makes 0, panic: it runs, and the crowd counts it as withdrawing (CD-21); a 6 makes 5, steady."""
    assert [lookup(OVERREACTION_TABLE, n) for n in (0, 1, 3, 5)] == ["panic", "overreaction", "shaken", "steady"]
    game = cd.game(units=[cd.unit("P1", "patrol", "x16y4")], crowds=[cd.crowd("A", "J1-0", rl=6)],
                   dice=cd.dice({"CD-36": [6, 1], "CD-63": [1]}))
    turn(game)
    assert "P1 panics and runs away, ignoring orders." in texts(game, "CD-64")
    assert unit(game, "P1")["node"] not in ("x16y4", "x16y2", "J1-0")
    assert any("withdrawing" in m["reason"] for m in rl_roll(game)["modifiers"])
    steady = cd.game(units=[cd.unit("P1", "patrol", "x16y4", order="advance:A")],
                     crowds=[cd.crowd("A", "J1-0", rl=6)], dice=cd.dice({"CD-36": [6, 1], "CD-63": [6]}))
    turn(steady)
    assert overreaction_bonus(steady, "P1") == -1 and not texts(steady, "CD-64")
    assert unit(steady, "P1")["order"] == "advance:A" and umpire_sees(steady)["stats"]["overreactions"] == 0


def panicking(cd, kind: str, reroll: list[int]):
    """A 2-figure unit 4" from crowd A (RL 6), which wounds one with its bricks; the test rolls a 1."""
    return cd.game(units=[cd.unit("S1", kind, "x16y4", figures=2, weapon="single")],
                   crowds=[cd.crowd("A", "J1-0", rl=6)], dice=cd.dice({"CD-36": [6, 1], "CD-63": [1], "CD-65": reroll}))


def test_cd65_soldiers_may_open_fire_instead_of_running_police_never_reroll(cd):
    """CD-65: a military unit re-rolls: 1-3 opens fire (into the crowd that threatened it), 4-6 runs."""
    fire = panicking(cd, "soldiers", [3])
    turn(fire)
    assert "S1 opens fire at crowd A!" in texts(fire, "CD-65") and unit(fire, "S1")["node"] == "x16y4"
    assert events(fire, "CD-60", "roll")
    run = panicking(cd, "soldiers", [4])
    turn(run)
    assert not events(run, "CD-60") and unit(run, "S1")["node"] != "x16y4"
    police = panicking(cd, "patrol", [])
    turn(police)
    assert not events(police, "CD-65", "roll") and not events(police, "CD-60")
    assert "S1 panics and runs away, ignoring orders." in texts(police, "CD-64")


def test_cd53_a_fallen_officer_defends_on_the_ground_at_minus_2(cd):
    """CD-53: on ground -2: attacked again in the next turn, a stunned figure fights from the ground."""
    game = brawl(cd, "patrol", 1, 1, 7, {"CD-51": [2, 7, 9, 8], "CD-63": [6, 6]})
    turn(game)
    assert "A figure of U1 is stunned and falls." in texts(game, "CD-54") and unit(game, "U1")["fit"] == 0
    turn(game)
    last_sf_roll = fight_rolls(game)[-1]
    assert last_sf_roll["total"] == 9 + 1 - 2  # police +1, on ground -2: 8 against 8, a scuffle
    assert unit(game, "U1")["fit"] == 0 and unit(game, "U1")["figures"] == 1


@pytest.mark.parametrize(("kind", "total"), [("special_forces", 1 - 2), ("swat", 1)])
def test_cd53_only_riot_equipped_units_and_swat_wear_gas_masks(cd, kind, total):
    """CD-53 (e) / CD-22 default: riot-equipped units and SWAT ignore gas in fights; Special
    Forces (a soldier's +1) are not listed, so tear gas costs them -2."""
    assert first_fight_bonus(cd, kind, gas=True) == total


def test_cd62_entering_a_burning_building_counts_as_being_petrol_bombed(cd):
    """CD-47 / CD-38 / CD-62: SF entering a burning building roll as if under petrol bomb attack,
    and being petrol bombed calls for an over-reaction test, even when nobody is burned."""
    game = cd.game(buildings=[{"id": "shop", "block": [0, 0], "value": 60, "fires": 1}],
                   units=[cd.unit("P1", "patrol", "J0-0", order="enter:shop")],
                   dice=cd.dice({"CD-47": [1], "CD-38": [1], "CD-45": [6], "CD-63": [6]}))  # 1 figure caught, unharmed
    turn(game)
    [test] = events(game, "CD-63", "roll")
    assert unit(game, "P1")["figures"] == 8 and "(petrol bombed)" in test["text"]


def test_cd62_a_member_wounded_after_step_4_is_tested_in_the_next_turn(cd):
    """CD-62: a unit that loses a member after the turn's over-reaction tests (burned in step 6,
    CD-47) is not let off: it takes its test in the next turn's step 4, with -1 for the wound."""
    game = cd.game(buildings=[{"id": "shop", "block": [0, 0], "value": 60, "fires": 1}],
                   units=[cd.unit("P1", "patrol", "J0-0", order="enter:shop")], crowds=[cd.crowd("A", "J2-2", rl=3)],
                   dice=cd.dice({"CD-47": [1, 1], "CD-38": [1, 6], "CD-45": [6, 6], "CD-46": [6, 6], "CD-63": [6, 6]}))
    turn(game)  # in (unharmed): tested in step 4; then burned in step 6
    assert len(events(game, "CD-63", "roll")) == 1 and unit(game, "P1")["figures"] == 7
    turn(game)
    test = events(game, "CD-63", "roll")[-1]
    assert test["turn"] == 2 and test["who"].startswith("P1") and "member wounded" in test["text"]
    assert any(m["value"] == -1 and "wounded" in m["reason"] for m in test["modifiers"])


def horseman(cd, start: str, options=None):
    """Mounted M1 (1 figure) at ``start``, crowd A (RL 6) at J1-0 throws bricks at it; its test
    rolls 1 (mounted +3, outnumbered -1, no support -1: 2, an over-reaction): it charges the crowd,
    a scuffle (5 against 9)."""
    return cd.game(options=options, units=[cd.unit("M1", "mounted", start, figures=1)],
                   crowds=[cd.crowd("A", "J1-0", rl=6)], dice=cd.dice({"CD-63": [1], "CD-51": [5, 9]}))


def test_cd53_cd64_an_overreacting_horseman_gets_the_charging_bonus_only_from_4_inches(cd):
    """CD-53 (d) / CD-21 (d) / CD-64: a mounted unit that over-reacts from 2" away is not charging
    (+2, not +4); from 8" away it charges (+4). Either way the crowd's RL roll counts a charge."""
    got = {}
    for start in ("x16y2", "x16y8"):
        game = horseman(cd, start)
        turn(game)
        assert "M1 over-reacts and charges crowd A!" in texts(game, "CD-64")
        got[start] = bonus(fight_rolls(game, "M1")[0])
        charge = {"value": -3, "reason": "mounted police charging the crowd", "rule": "CD-21"}
        assert charge in rl_roll(game)["modifiers"]
    assert got == {"x16y2": 2, "x16y8": 4}


def test_cd53_the_charge_distance_house_rule_applies_to_overreaction_charges(cd):
    """CD-53 (d): with charge_from_inches 10, an 8" over-reaction charge is no charge (+2)."""
    game = horseman(cd, "x16y8", options={"charge_from_inches": 10})
    turn(game)
    assert bonus(fight_rolls(game, "M1")[0]) == 2


def test_cd60_cd65_a_unit_that_fired_on_orders_does_not_fire_a_second_volley_when_it_panics(cd):
    """CD-60 / CD-65: one volley a turn. Soldiers who fired on their orders in turn 1 (three misses)
    and then panic into opening fire (crowd A's bricks wound one; the test a 1, the re-roll a 3) stand
    their ground, but roll no second volley. Ordered to hold, they panic again in turn 2, and the
    panic fire is that turn's volley. (The shots leave crowd A at RL 6: 6 - 3 under the ``relative``
    RL roll, CD-20.)"""
    game = cd.game(units=[cd.unit("S1", "soldiers", "x16y4", figures=3, weapon="single", order="fire:A")],
                   crowds=[cd.crowd("A", "J1-0", rl=6)], house_rules={"rl_roll": "relative"},
                   dice=cd.dice({"CD-36": [6, 1, 6, 1], "CD-63": [1, 1], "CD-65": [3, 3], "CD-20": [6]}))
    turn(game, "order:S1:hold")
    assert len(events(game, "CD-60", "roll")) == 1 and unit(game, "S1")["node"] == "x16y4"
    assert crowd(game, "A")["figures"] == 25
    assert any("already fired its one volley" in t for t in texts(game, "CD-65"))
    turn(game)
    assert [v["turn"] for v in events(game, "CD-60", "roll")] == [1, 2]
