"""Crowds under the umpire's Game Control rules: units, movement, RL, gas and water, missiles
and petrol bombs (CD-11, CD-17, CD-18, CD-20 to CD-24, CD-35 to CD-37)."""

from __future__ import annotations

import json

from riotact.core.log import UMPIRE
from riotact.rulesets.civil_disorder.rules import combat, crowds, missiles
from riotact.rulesets.civil_disorder.rules.combat import SHOT_AT, rioter_fight_modifiers
from riotact.rulesets.civil_disorder.rules.fire import hose_crowd
from riotact.rulesets.civil_disorder.rules.orders import carry_out
from riotact.rulesets.civil_disorder.tables import RL_CHART


def test_cd11_split_and_merge_keep_the_figures_and_set_the_rl(cd):
    """CD-11: splitting or merging keeps the total; both parts keep the RL; a merge takes the
    larger part's RL, or the higher one if equal."""
    game = cd.game(crowds=[cd.crowd("A", "J0-0", figures=26, rl=6), cd.crowd("B", "J0-0", figures=10, rl=4)])
    s = game.state
    part = crowds.split(s, s.crowds["A"], 11)
    assert (s.crowds["A"].figures, part.figures, part.rl) == (15, 11, 6)
    crowds.merge(s, s.crowds["A"], s.crowds["B"])
    assert s.crowds["A"].figures == 25 and s.crowds["A"].rl == 6 and s.crowds["B"].gone
    even = cd.game(crowds=[cd.crowd("A", "J0-0", figures=10, rl=4), cd.crowd("B", "J0-0", figures=10, rl=5)])
    crowds.merge(even.state, even.state.crowds["A"], even.state.crowds["B"])
    assert even.state.crowds["A"].rl == 5


def test_cd11_crowds_flow_through_each_other(cd):
    """CD-11: another crowd in the way does not block a move."""
    game = cd.game(crowds=[cd.crowd("A", "x10y16", objective="J2-1"), cd.crowd("B", "x14y16", rl=3)],
                   dice=[6])  # RL 5: 1d6" towards the objective
    crowds.move_crowd(game.state, game.state.crowds["A"])
    assert game.state.crowds["A"].node == "J1-1"


def test_cd17_a_die_decides_between_routes(cd):
    """CD-17 default: 1d6 split evenly among the routes; unassigned numbers are re-rolled."""
    game = cd.game(crowds=[cd.crowd("A", "J1-1")], dice=[3, 4, 5, 6, 3])
    s, crowd = game.state, game.state.crowds["A"]
    assert crowds.choose_route(s, crowd, ["a", "b"]) == "a"
    assert crowds.choose_route(s, crowd, ["a", "b"]) == "b"
    assert crowds.choose_route(s, crowd, ["a", "b", "c", "d"]) == "c"  # 5 and 6 re-rolled


def test_cd17_a_crowd_drifts_towards_its_objective_more_often_than_not(cd):
    """CD-17: with no other influences, a protesting crowd ends its moves nearer its objective."""
    nearer = 0
    for seed in range(30):  # one move from the start in each of 30 games
        game = cd.game(crowds=[cd.crowd("A", "J0-0", rl=4, objective="J2-2")], seed=seed)
        s, crowd = game.state, game.state.crowds["A"]
        crowds.move_crowd(s, crowd)
        nearer += s.town.hops_to("J2-2")[crowd.node] < s.town.hops_to("J2-2")["J0-0"]
    assert nearer > 15


def test_cd18_crowds_do_not_move_closer_to_gunfire(cd):
    """CD-18 default: a move that would end closer to gunfire of this or last turn is cut short."""
    game = cd.game(units=[cd.unit("S1", "soldiers", "J2-1")], crowds=[cd.crowd("A", "J0-1", rl=8)],
                   dice=[6, 6, 6])
    s = game.state
    combat.gunfire(s, "J2-1")
    crowds.move_crowd(s, s.crowds["A"])
    assert s.crowds["A"].node == "J0-1"
    old = cd.game(units=[cd.unit("S1", "soldiers", "J2-1")], crowds=[cd.crowd("A", "J0-1", rl=8)],
                  gunfire=[{"at": "J2-1", "turns_ago": 2}], dice=[1, 1, 1])  # too long ago
    crowds.move_crowd(old.state, old.state.crowds["A"])
    assert old.state.crowds["A"].node == "x4y16"


def test_cd20_no_trigger_no_roll_and_fresh_sf_give_one_roll(cd):
    """CD-20 default: without a trigger the RL stays; SF coming into view cause one roll."""
    game = cd.game(crowds=[cd.crowd("A", "J1-0", rl=5)], dice=[6], seats=["commander", UMPIRE])
    s = game.state
    crowds.assess(s)
    assert s.crowds["A"].rl == 5
    game.intervene("add-unit", unit="R2", kind="riot_police", player="commander", at="J1-1", figures=8,
                   reason="reinforcements")  # CD-03: the umpire brings them on in sight of the crowd
    crowds.assess(s)
    rolls = [e for e in s.umpire.log.events if e.get("rule") == "CD-20"]
    assert len(rolls) == 1 and s.crowds["A"].rl == 6  # the score 6 becomes the RL (rl_roll "absolute")


def test_cd21_soaked_in_cs_gas_and_under_automatic_fire_rolls_minus_9(cd):
    """CD-21: soaked -2, CS gas -3, automatic fire -4: 1d6-9 (and the score is kept within 1-8)."""
    game = cd.game(crowds=[cd.crowd("A", "J1-0", rl=6, wet=2)], gas=[{"kind": "cs", "at": "J1-0"}], dice=[6],
                   house_rules={"rl_roll": "absolute"})
    s, crowd = game.state, game.state.crowds["A"]
    s.trigger(crowd, "shot at", *SHOT_AT["auto"])
    assert sum(m.value for m in crowds.rl_modifiers(s, crowd)) == -9
    crowds.rl_roll(s, crowd)
    assert crowd.rl == 1


def test_cd21_specialists_first_seen_and_a_higher_neighbour_give_plus_3(cd):
    """CD-21: Specialist Riot forces appear for the first time +2; adjacent crowd at a higher RL +1."""
    game = cd.game(crowds=[cd.crowd("A", "J1-0", rl=5), cd.crowd("B", "x18y0", rl=7)], seats=["commander", UMPIRE])
    s, crowd = game.state, game.state.crowds["A"]
    game.intervene("add-unit", unit="AR1", kind="anti_riot", player="commander", at="J1-1", figures=8,
                   reason="the anti-riot team arrives")
    crowds._new_sf_in_view(s, crowd)
    assert sum(m.value for m in crowds.rl_modifiers(s, crowd)) == 3


def test_cd21_withdrawing_in_sight(cd):
    """CD-21: ordinary police withdrawing +1 (default for the lost value), specialists +2."""
    for withdrawing, value in (("P1", 1), ("AR1", 2)):
        game = cd.game(units=[cd.unit("P1", "patrol", "J1-1", order="withdraw" if withdrawing == "P1" else "hold"),
                              cd.unit("AR1", "anti_riot", "x16y12",
                                      order="withdraw" if withdrawing == "AR1" else "hold")],
                       crowds=[cd.crowd("A", "J1-0", rl=5)])
        s, crowd = game.state, game.state.crowds["A"]
        carry_out(s, s.units[withdrawing])  # CD-13: it pulls back, still in the crowd's sight
        crowds._new_sf_in_view(s, crowd)
        assert [m.value for m in crowds.rl_modifiers(s, crowd)] == [value], withdrawing


def test_cd22_gas_and_water(cd):
    """CD-22: CS gas -3 on the RL and -4 in fights; soaked -1 in fights; a hose makes a crowd damp
    then soaked, and it dries a step after 3 turns without water."""
    gassed = cd.game(crowds=[cd.crowd("A", "x16y8", rl=6)], gas=[{"kind": "cs", "at": "x16y8"}]).state
    assert [m.value for m in rioter_fight_modifiers(gassed, gassed.crowds["A"])] == [-4]
    game = cd.game(units=[cd.unit("F1", "firefighters", "J1-1", figures=6, vehicle="engine")],
                   crowds=[cd.crowd("A", "x16y8", rl=6)])
    s, crowd = game.state, game.state.crowds["A"]
    assert rioter_fight_modifiers(s, crowd) == []
    hose_crowd(s, s.units["F1"], crowd)
    assert crowd.wet == 1
    hose_crowd(s, s.units["F1"], crowd)
    assert crowd.wet == 2 and [m.value for m in rioter_fight_modifiers(s, crowd)] == [-1]
    for _ in range(4):  # the turn it was hosed, then 3 dry turns
        crowds._water(s, crowd)
    assert crowd.wet == 1


def test_cd23_default_chart_behaviour_by_rl(cd):
    """CD-23: RL 3 neither damages nor loots, RL 6 damages but does not loot, RL 7 loots;
    only RL 4 and 5 can be negotiated with."""
    for rl, damages, loots in ((3, False, False), (6, True, False), (7, True, True)):
        s = cd.game(crowds=[cd.crowd("A", "J0-0", rl=rl)]).state
        assert crowds.violent(s, s.crowds["A"]) is damages and crowds.loots(s, s.crowds["A"]) is loots
    assert [r for r, row in RL_CHART.items() if row.negotiable] == [4, 5]


def test_cd24_players_see_the_rl_marker_and_the_key_only(cd):
    """CD-24: a visible crowd's RL number and "8 bad, 1 good", never the chart."""
    game = cd.game(crowds=[cd.crowd("A", "J1-0", rl=6)])
    view = game.view("commander")["state"]
    assert view["crowds"][0]["rl"] == 6 and "8 is bad, 1 is good" in view["key"]
    text = json.dumps(view)
    assert "Hostile" not in text and "move_dice" not in text


def test_cd35_five_turns_of_throwing_then_restock(cd):
    """CD-35 default: exactly 5 turns of throwing; a turn at a source restores them."""
    game = cd.game(units=[cd.unit("P1", "patrol", "x16y8")], crowds=[cd.crowd("A", "J1-0", rl=6)],
                   dice=[1, 1] * 5)
    s, crowd = game.state, game.state.crowds["A"]
    for _ in range(5):
        missiles.crowd_violence(s)
    assert crowd.missiles == 0
    missiles.crowd_violence(s)  # no dice left: it cannot throw
    spent = cd.game(units=[cd.unit("P1", "patrol", "x16y8")], crowds=[cd.crowd("A", "J1-0", rl=6, missiles=0)],
                    features=[{"kind": "missiles", "at": "J1-0"}], dice=[])
    missiles.crowd_violence(spent.state)  # at a source: restocks, throws nothing
    assert spent.state.crowds["A"].missiles == 5


def test_cd36_first_bricks_trigger_a_test_later_ones_do_not_and_shields_save(cd):
    """CD-36: only the first brick-and-bottle attack tests; each 6 wounds; a riot shield saves
    unless a d6 scores 4+."""
    game = cd.game(units=[cd.unit("R1", "riot_police", "x16y8"), cd.unit("P1", "patrol", "x16y8")],
                   crowds=[cd.crowd("A", "J1-0", rl=6)], dice=[6, 1, 3, 6, 6, 1, 5, 6, 1])
    s, crowd, riot = game.state, game.state.crowds["A"], game.state.units["R1"]
    missiles.throw_missiles(s, crowd, riot)
    assert "bricks and bottles for the first time" in s.unit_events["R1"] and riot.figures == 8
    combat.overreaction_tests(s)  # CD-62: the turn's test (a 6: steady) uses up its triggers
    assert riot.node == "x16y8"
    missiles.throw_missiles(s, crowd, riot)
    assert "R1" not in s.unit_events or "bricks and bottles for the first time" not in s.unit_events["R1"]
    assert riot.figures == 7  # the shield failed on a 5
    missiles.throw_missiles(s, crowd, s.units["P1"])
    assert s.units["P1"].figures == 7  # no shield


def test_cd37_petrol_bombs_made_in_sight_and_thrown_once_every_4_turns(cd):
    """CD-37: SF who see bottles and petrol gathered are told; at most one bomb every 4 turns.
    Played turn by turn: the crowd gathers bottles in turn 1 and petrol in turn 2, bombs P1 in turn 3,
    and next in turn 7 (every die a 1, but P1 keeps its nerve, CD-63, so nothing else stirs the RL)."""
    game = cd.game(units=[cd.unit("P1", "patrol", "x16y8")],
                   crowds=[cd.crowd("A", "J1-0", rl=7, petrol_bombs=True, missiles=0)],
                   features=[{"kind": "bottles", "at": "J1-0"}, {"kind": "petrol", "at": "J1-0"}],
                   dice=cd.dice({"CD-63": [6] * 10}))
    crowd = game.state.crowds["A"]

    def turn() -> None:
        game.apply("commander", "pass")
        game.apply("commander", "stay")

    turn()
    turn()
    assert crowd.bottles and crowd.petrol
    told = [e for e in game.log_for("commander") if e.get("rule") == "CD-37"]
    assert len(told) == 2 and "petrol bombs" in told[0]["text"]
    turn()
    assert crowd.last_petrol == 3
    for _ in (4, 5, 6):
        turn()
        assert crowd.last_petrol == 3
    turn()
    assert crowd.last_petrol == 7
    bombed = [e["turn"] for e in game.log_for("commander") if e.get("rule") == "CD-38" and e["kind"] == "effect"]
    assert bombed == [3, 7]


def test_cd37_rioters_go_to_the_sources_for_petrol_bombs(cd):
    """CD-37: a rioting crowd allowed petrol bombs heads for a bottle or petrol source."""
    game = cd.game(crowds=[cd.crowd("A", "J0-1", rl=7, petrol_bombs=True)],
                   features=[{"kind": "petrol", "at": "J2-1"}], dice=[3, 3])
    s = game.state
    crowds.move_crowd(s, s.crowds["A"])
    assert s.crowds["A"].node == "x6y16"


def test_cd38_a_petrol_bomb_at_a_building_starts_a_fire_on_4_or_more(cd):
    """CD-38 default: with no SF in range, a crowd with petrol bombs bombs a building it touches."""
    for face, fires in ((3, 0), (4, 1)):
        game = cd.game(buildings=[{"id": "shop", "block": [0, 0], "value": 60}],
                       crowds=[cd.crowd("A", "J0-0", rl=7, petrol_bombs=True, bombs_made=True, missiles=0)],
                       dice=[face])
        s = game.state
        missiles.crowd_violence(s)
        assert s.buildings["shop"].fires == fires and s.crowds["A"].last_petrol == 1, face


def test_cd21_firefighters_pulling_back_are_not_police_or_soldiers_withdrawing(cd):
    """CD-21 (c): only police and soldiers are "ordinary" or "Specialist Riot forces"; a fire
    crew that withdraws in sight gives no withdrawing factor and no RL roll."""
    game = cd.game(units=[cd.unit("F1", "firefighters", "J1-1", figures=6, order="withdraw")],
                   crowds=[cd.crowd("A", "J1-0", rl=5)])
    s, crowd = game.state, game.state.crowds["A"]
    carry_out(s, s.units["F1"])
    assert s.units["F1"].node != "J1-1" and s.town.sees(s.units["F1"].node, "J1-0")  # pulled back, in sight
    crowds._new_sf_in_view(s, crowd)
    assert crowd.triggers == [] and crowds.rl_modifiers(s, crowd) == []


def test_cd23_a_full_riot_with_no_sf_in_sight_heads_for_property(cd):
    """CD-23 default: RL 8 is "as 7" (towards the nearest SF or property) plus charging any SF it
    can reach; with no SF in sight it makes for the nearest building, not a random drift."""
    game = cd.game(buildings=[{"id": "shop", "block": [0, 1], "value": 60}],
                   crowds=[cd.crowd("A", "J1-0", rl=8)], dice=[2, 2, 2])  # 3d6 = 6"
    s = game.state
    assert crowds._nearest_property(s, s.crowds["A"]) == "J1-1"  # the shop's corner, 16" south
    crowds.move_crowd(s, s.crowds["A"])
    assert s.crowds["A"].node == "x16y6"  # straight towards it: no route die


def test_cd21_a_split_off_part_does_not_take_the_first_casualty_minus_2_again(cd):
    """CD-21 (b) default: the -2 for the first casualty from firearms applies once per crowd; the
    part that splits off a crowd that has had it gets -1 for its next casualty, as the rest does."""
    from riotact.rulesets.civil_disorder.rules.combat import crowd_casualty

    game = cd.game(crowds=[cd.crowd("A", "J1-0", figures=26, rl=6)])
    s, crowd = game.state, game.state.crowds["A"]
    crowd_casualty(s, crowd, "wounded", "shot", firearm=True)
    assert (-2, "first casualty from firearms") in crowd.factors
    part = crowds.split(s, crowd, 10)
    crowd_casualty(s, part, "wounded", "shot", firearm=True)
    assert [v for v, _ in part.factors] == [-1]
