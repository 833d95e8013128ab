"""House rules: the catalogue's gap defaults can be changed by a scenario or an umpire."""

from __future__ import annotations

import pytest

from riotact.core import OptionError, ScenarioError
from riotact.core.errors import IllegalActionError
from riotact.core.log import UMPIRE
from riotact.rulesets.civil_disorder.rules import combat, crowds, missiles
from riotact.rulesets.civil_disorder.rules.orders import travel


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
    """CD-15: a stationary vehicle may move vehicle_start_inches."""
    game = cd.game(options={"vehicle_start_inches": 20},
                   units=[cd.unit("V1", "patrol", "J0-0", vehicle="van", aboard=True)])
    travel(game.state, game.state.units["V1"], "J2-2")
    assert game.state.town.path_inches("J0-0", game.state.units["V1"].node) == 20


def test_cd18_gunfire_memory(cd):
    """CD-18: with gunfire_turns 3, gunfire two turns ago still turns crowds away."""
    game = cd.game(options={"gunfire_turns": 3}, units=[cd.unit("S1", "soldiers", "J2-1")],
                   crowds=[cd.crowd("A", "J0-1", rl=8)], gunfire=[{"at": "J2-1", "turns_ago": 2}], dice=[1, 1, 1])
    crowds.move_crowd(game.state, game.state.crowds["A"])
    assert game.state.crowds["A"].node == "J0-1"


def test_cd11_merging_can_be_switched_off(cd):
    """CD-11: merge_crowds false keeps crowds apart at one point."""
    kw = {"crowds": [cd.crowd("A", "J0-0", figures=10, rl=4), cd.crowd("B", "J0-0", figures=10, rl=5)]}
    merged = cd.game(**kw)
    crowds.merge_and_split(merged.state)
    assert merged.state.crowds["B"].gone
    apart = cd.game(options={"merge_crowds": False}, **kw)
    crowds.merge_and_split(apart.state)
    assert apart.state.crowds["B"].gone is None


def test_cd23_looting_and_damage_rls(cd):
    """CD-23: the umpire can move the RLs at which crowds damage and loot."""
    five, six = (cd.game(options={"looting_rl": 6, "damage_rl": 5}, crowds=[cd.crowd("A", "J0-0", rl=rl)])
                 for rl in (5, 6))
    assert crowds.violent(five.state, five.state.crowds["A"]) and not crowds.loots(five.state, five.state.crowds["A"])
    assert crowds.loots(six.state, six.state.crowds["A"])


def test_cd54_fight_table(cd):
    """CD-54: a harsher table: +1 already stuns."""
    game = cd.game(options={"fight_table": "0:scuffle,99:stunned"},
                   units=[cd.unit("U1", "patrol", "J1-0", figures=1)],
                   crowds=[cd.crowd("A", "J1-0", figures=2, rl=7)], dice=[1, 3])
    s = game.state
    combat.fight(s, s.units["U1"], s.crowds["A"], sf_attacking=False, arrest=False, charging=False)
    assert s.units["U1"].down


def test_cd53_snatch_squad_size(cd):
    """CD-53 / CD-10: snatch_squad 4 sends four figures in (eight d10s)."""
    game = cd.game(options={"snatch_squad": 4}, units=[cd.unit("U1", "anti_riot", "J1-0")],
                   crowds=[cd.crowd("A", "J1-0", rl=5)], dice=[5] * 8)
    s = game.state
    combat.fight(s, s.units["U1"], s.crowds["A"], sf_attacking=True, arrest=True, charging=False)
    assert sum(1 for e in s.umpire.log.events if e.get("rule") == "CD-51" and e["kind"] == "roll") == 8


def test_cd60_hit_on(cd):
    """CD-60: hit_on 6: only sixes hit."""
    game = cd.game(options={"hit_on": 6}, units=[cd.unit("S1", "soldiers", "J1-0", figures=2, weapon="single")],
                   crowds=[cd.crowd("A", "J1-0")], dice=[5, 4])
    combat.fire_at_crowd(game.state, game.state.units["S1"], game.state.crowds["A"])
    assert game.state.crowds["A"].figures == 25


def test_cd64_overreaction_table(cd):
    """CD-64: a table where 5 still means shaken."""
    game = cd.game(options={"overreaction_table": "0:panic,2:overreaction,5:shaken,99:steady"},
                   units=[cd.unit("P1", "patrol", "J0-2")], dice=[4])
    s = game.state
    s.unit_event(s.units["P1"], "member wounded")
    combat.overreaction_tests(s)  # 4 + 2 police - 1 alone = 5
    assert s.units["P1"].shaken_until == s.turn + 1


def test_cd36_missile_range_and_cd35_turns(cd):
    """CD-35 / CD-36: missile_turns and missile_range."""
    game = cd.game(options={"missile_turns": 2, "missile_range": 4}, units=[cd.unit("P1", "patrol", "x16y8")],
                   crowds=[cd.crowd("A", "J1-0", rl=6, missiles=0)],
                   features=[{"kind": "missiles", "at": "J1-0"}], dice=[])
    s = game.state
    missiles.crowd_violence(s)
    assert s.crowds["A"].missiles == 2
    missiles.crowd_violence(s)  # the patrol is 8" away: out of range, no dice
    assert s.crowds["A"].missiles == 2


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
    """CD-09: with count_people false, 30 SF outnumber a 25-figure crowd (-3 on its RL roll)."""
    kw = {"crowds": [cd.crowd("A", "J1-0")], "units": [cd.unit("S1", "soldiers", "J1-1", figures=30)]}
    people = cd.game(**kw)
    figures = cd.game(options={"count_people": False}, **kw)
    assert -3 not in [m.value for m in crowds.rl_modifiers(people.state, people.state.crowds["A"])]
    assert -3 in [m.value for m in crowds.rl_modifiers(figures.state, figures.state.crowds["A"])]


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
    assert cd.game(options={"ordinary_withdrawing": -1}).state.options.ordinary_withdrawing == -1
