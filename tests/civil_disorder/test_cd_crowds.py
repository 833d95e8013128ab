"""Crowds under the umpire's Game Control rules: units, movement, RL, gas and water, missiles
and petrol bombs (CD-11, CD-17, CD-18, CD-20 to CD-24, CD-35 to CD-37). Played through ``Game``:
crowds move in step 2 of the turn, throw in step 4, and roll their RL, merge and split in step 6
(CD-12); the dice are scripted by rule, every other die a 1."""

from __future__ import annotations

import json

from civil_disorder.cd_play import building, crowd, events, texts, turn, unit
from riotact.core.log import UMPIRE
from riotact.rulesets.civil_disorder.board import build_town
from riotact.rulesets.civil_disorder.tables import RL_CHART
from support import umpire_sees

TOWN = build_town(3, 3, 16, 2, ())  # the test town's streets (conftest), for distances


def rl_factors(game, crowd_id: str = "A") -> dict[str, int]:
    """The CD-21 factors on the crowd's last RL roll (CD-20), by reason."""
    roll = [e for e in events(game, "CD-20", "roll") if e["who"] == f"Crowd {crowd_id}"][-1]
    return {m["reason"]: m["value"] for m in roll["modifiers"]}


def rl_mods(game, crowd_id: str = "A") -> list[int]:
    return list(rl_factors(game, crowd_id).values())


def test_cd11_split_and_merge_keep_the_figures_and_set_the_rl(cd):
    """CD-11: splitting or merging keeps the total; both parts keep the RL; a merge takes the
    larger part's RL, or the higher one if equal. At the end of turn 1: crowd A (40, over the 30 a
    crowd may be) splits in two; A (15, RL 5, at its objective) and B (10, RL 6, within throwing
    range of P1) stand together and merge at RL 5; two of 10 merge at the higher RL."""
    big = cd.game(crowds=[cd.crowd("A", "J0-0", figures=40, rl=6)])
    turn(big)
    assert [(c["figures"], c["rl"]) for c in umpire_sees(big)["crowds"]] == [(20, 6), (20, 6)]

    def merged(larger: int) -> dict:
        game = cd.game(units=[cd.unit("P1", "patrol", "x0y8")], dice=cd.dice({"CD-63": [6]}),
                       crowds=[cd.crowd("A", "J0-0", figures=larger, rl=5, objective="J0-0"),
                               cd.crowd("B", "J0-0", figures=10, rl=6)])
        turn(game)
        assert crowd(game, "B")["gone"] == "merged into A"
        return crowd(game, "A")

    assert (merged(15)["figures"], merged(15)["rl"]) == (25, 5)
    assert merged(10)["rl"] == 6


def test_cd11_crowds_flow_through_each_other(cd):
    """CD-11: another crowd in the way does not block a move."""
    game = cd.game(crowds=[cd.crowd("A", "x10y16", objective="J2-1"), cd.crowd("B", "x14y16", rl=3)],
                   dice=cd.dice({"CD-23": [6]}))  # RL 5: 1d6" towards the objective
    turn(game)
    assert crowd(game, "A")["node"] == "J1-1"


def test_cd17_a_die_decides_between_routes(cd):
    """CD-17 default: 1d6 split evenly among the routes; unassigned numbers are re-rolled. A passive
    crowd (RL 3, 4" this turn) at a corner has 2 routes (1-3, 4-6); at a crossroads 4 (5 and 6
    re-rolled)."""
    def move(at: str, faces: list[int]) -> str:
        game = cd.game(crowds=[cd.crowd("A", at, rl=3)], dice=cd.dice({"CD-23": [3], "CD-17": faces}))
        turn(game)
        assert len(events(game, "CD-17", "roll")) == len(faces)
        return crowd(game, "A")["node"]

    assert move("J0-0", [1]) == move("J0-0", [3]) != move("J0-0", [4]) == move("J0-0", [6])
    assert len({move("J1-1", [face]) for face in (1, 2, 3, 4)}) == 4
    assert move("J1-1", [5, 6, 3]) == move("J1-1", [3])


def test_cd17_a_crowd_drifts_towards_its_objective_more_often_than_not(cd):
    """CD-17: with no other influences, a protesting crowd ends its moves nearer its objective."""
    nearer = 0
    for seed in range(30):  # one move from the start in each of 30 games
        game = cd.game(crowds=[cd.crowd("A", "J0-0", rl=4, objective="J2-2")], seed=seed)
        turn(game)
        nearer += TOWN.hops_to("J2-2")[crowd(game, "A")["node"]] < TOWN.hops_to("J2-2")["J0-0"]
    assert nearer > 15


def test_cd18_crowds_do_not_move_closer_to_gunfire(cd):
    """CD-18 default: a move that would end closer to gunfire of this or last turn is cut short:
    shots at J2-1 in the moments before turn 1 stop a full riot (RL 8) charging the soldiers there;
    shots two turns before the game do not; the soldiers' own shots in turn 1 do in turn 2."""
    game = cd.game(units=[cd.unit("S1", "soldiers", "J2-1")], crowds=[cd.crowd("A", "J0-1", rl=8)],
                   gunfire=[{"at": "J2-1"}], dice=cd.dice({"CD-23": [6, 6, 6]}))
    turn(game)
    assert crowd(game, "A")["node"] == "J0-1"
    old = cd.game(units=[cd.unit("S1", "soldiers", "J2-1")], crowds=[cd.crowd("A", "J0-1", rl=8)],
                  gunfire=[{"at": "J2-1", "turns_ago": 2}], dice=cd.dice({"CD-23": [1, 1, 1]}))  # too long ago
    turn(old)
    assert crowd(old, "A")["node"] == "x4y16"
    shot_at = cd.game(units=[cd.unit("S1", "soldiers", "J2-1", weapon="single", order="fire:A")],
                      crowds=[cd.crowd("A", "J0-1", rl=8)], house_rules={"rl_roll": "relative"},
                      dice=cd.dice({"CD-23": [1, 1, 1, 6, 6, 6], "CD-20": [6], "CD-63": [6]}))
    turn(shot_at)  # the riot closes in 3"; the soldiers fire at it (its RL stays: 6 - 3, CD-20)
    closed_in = crowd(shot_at, "A")["node"]
    turn(shot_at)  # their shots of turn 1 hold it back in turn 2
    assert closed_in != "J0-1" and crowd(shot_at, "A")["node"] == closed_in


def test_cd20_no_trigger_no_roll_and_fresh_sf_give_one_roll(cd):
    """CD-20 default: without a trigger the RL stays; SF coming into view cause one roll."""
    game = cd.game(crowds=[cd.crowd("A", "J1-0", rl=5)], dice=cd.dice({"CD-20": [6]}), seats=["commander", UMPIRE])
    turn(game)
    game.apply(UMPIRE, "proceed")
    assert crowd(game, "A")["rl"] == 5 and not events(game, "CD-20", "roll")
    game.intervene("add-unit", unit="R2", kind="riot_police", player="commander", at="J1-1", figures=8,
                   reason="reinforcements")  # CD-03: the umpire brings them on in sight of the crowd
    turn(game)
    game.apply(UMPIRE, "proceed")
    assert len(events(game, "CD-20", "roll")) == 1 and crowd(game, "A")["rl"] == 6  # the score 6 becomes the RL


def test_cd21_soaked_in_cs_gas_and_under_automatic_fire_rolls_minus_9(cd):
    """CD-21: soaked -2, CS gas -3, automatic fire -4: 1d6-9 (and the score is kept within 1-8)."""
    game = cd.game(units=[cd.unit("S1", "soldiers", "J1-0", weapon="auto", order="fire:A")],
                   crowds=[cd.crowd("A", "J1-0", rl=6, wet=2)], gas=[{"kind": "cs", "at": "J1-0"}],
                   dice=cd.dice({"CD-20": [6], "CD-63": [6]}), house_rules={"rl_roll": "absolute"})
    turn(game)
    assert sum(rl_mods(game)) == -9 and crowd(game, "A")["rl"] == 1


def test_cd21_specialists_first_seen_and_a_higher_neighbour_give_plus_3(cd):
    """CD-21: Specialist Riot forces appear for the first time +2; adjacent crowd at a higher RL +1.
    The umpire brings an anti-riot team on at J1-1; A and B (RL 7) both close in on it, 2" apart."""
    game = cd.game(crowds=[cd.crowd("A", "J1-0", rl=5), cd.crowd("B", "x18y0", rl=7)], seats=["commander", UMPIRE],
                   dice=cd.dice({"CD-63": [6]}))
    game.intervene("add-unit", unit="AR1", kind="anti_riot", player="commander", at="J1-1", figures=8,
                   reason="the anti-riot team arrives")
    turn(game)
    game.apply(UMPIRE, "proceed")
    assert TOWN.inches(crowd(game, "A")["node"], crowd(game, "B")["node"]) <= 2
    assert sum(rl_mods(game)) == 3


def test_cd21_withdrawing_in_sight(cd):
    """CD-21: ordinary police withdrawing +1 (default for the lost value), specialists +2."""
    for withdrawing, value in (("P1", 1), ("AR1", 2)):
        game = cd.game(units=[cd.unit("P1", "patrol", "J1-1", order="withdraw" if withdrawing == "P1" else "hold"),
                              cd.unit("AR1", "anti_riot", "x16y12",
                                      order="withdraw" if withdrawing == "AR1" else "hold")],
                       crowds=[cd.crowd("A", "J1-0", rl=5)])
        turn(game)  # CD-13: it pulls back, still in the crowd's sight
        assert rl_mods(game) == [value], withdrawing


def test_cd22_gas_and_water(cd):
    """CD-22: CS gas -3 on the RL and -4 in fights; soaked -1 in fights; a hose makes a crowd damp
    then soaked, and it dries a step after 3 turns without water."""
    def rioters_fight_mods(**kw) -> list[int]:
        game = cd.game(units=[cd.unit("R1", "riot_police", "x16y8")], crowds=[cd.crowd("A", "x16y8", rl=7, **kw.pop(
            "crowd", {}))], dice=cd.dice({"CD-63": [6]}), **kw)
        turn(game)
        roll = next(e for e in events(game, "CD-51", "roll") if e["who"].startswith("rioter"))
        return [m["value"] for m in roll["modifiers"]]

    assert rioters_fight_mods(gas=[{"kind": "cs", "at": "x16y8"}]) == [-4]
    assert rioters_fight_mods() == [] and rioters_fight_mods(crowd={"wet": 2}) == [-1]
    game = cd.game(units=[cd.unit("F1", "firefighters", "J1-1", figures=6, vehicle="engine", order="hose_crowd:A")],
                   crowds=[cd.crowd("A", "x16y8", rl=6)], dice=cd.dice({"CD-63": [6] * 5, "CD-20": [6] * 5}))
    turn(game)
    assert crowd(game, "A")["wet"] == 1
    turn(game, "order:F1:hold")
    assert crowd(game, "A")["wet"] == 2
    wet = []
    for _ in range(3):  # 3 turns without water
        turn(game)
        wet.append(crowd(game, "A")["wet"])
    assert wet == [2, 2, 1]


def test_cd23_default_chart_behaviour_by_rl(cd):
    """CD-23: RL 3 neither damages nor loots, RL 6 damages but does not loot, RL 7 loots (its
    hidden looters break off, CD-31); only RL 4 and 5 can be negotiated with. A crowd in front of
    a shop, with 2 looters in it."""
    for rl, damages, loots in ((3, False, False), (6, True, False), (7, True, True)):
        game = cd.game(buildings=[{"id": "shop", "block": [0, 0], "value": 60}], house_rules={"looters": "per_crowd"},
                       crowds=[cd.crowd("A", "J0-0", rl=rl, objective="J0-0")], dice=cd.dice({"CD-25": [2]}))
        turn(game)
        assert (building(game, "shop")["value"] < 60) is damages, rl
        assert any(c["looter"] for c in umpire_sees(game)["crowds"]) is loots, rl
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
                   dice=cd.dice({"CD-63": [6]}))
    for _ in range(5):
        turn(game)
    assert crowd(game, "A")["missiles"] == 0 and len(texts(game, "CD-36")) == 5
    turn(game)  # it cannot throw
    assert len(texts(game, "CD-36")) == 5
    spent = cd.game(units=[cd.unit("P1", "patrol", "x16y8")], crowds=[cd.crowd("A", "J1-0", rl=6, missiles=0)],
                    features=[{"kind": "missiles", "at": "J1-0"}], dice=cd.dice({}))
    turn(spent)  # at a source: restocks, throws nothing
    assert crowd(spent, "A")["missiles"] == 5 and not texts(spent, "CD-36")
    assert texts(spent, "CD-35") == ["Crowd A gathers bricks and bottles."]


def test_cd36_first_bricks_trigger_a_test_later_ones_do_not_and_shields_save(cd):
    """CD-36: only the first brick-and-bottle attack tests; each 6 wounds; a riot shield saves
    unless a d6 scores 4+. Crowd A (RL 6, 25 figures: 2 dice) throws at the unit 8" off."""
    game = cd.game(units=[cd.unit("R1", "riot_police", "x16y8")], crowds=[cd.crowd("A", "J1-0", rl=6)],
                   dice=cd.dice({"CD-36": [6, 1, 3, 6, 1, 5], "CD-63": [6, 6]}))
    turn(game)  # a 6: the shield saves on the 3; CD-62: the turn's test (a 6: steady)
    [test] = events(game, "CD-63", "roll")
    assert "bricks and bottles for the first time" in test["text"] and unit(game, "R1")["figures"] == 8
    turn(game)  # a 6: the shield fails on the 5; the wound is tested, the bricks are not
    assert unit(game, "R1")["figures"] == 7
    assert "bricks and bottles for the first time" not in events(game, "CD-63", "roll")[-1]["text"]
    unshielded = cd.game(units=[cd.unit("P1", "patrol", "x16y8")], crowds=[cd.crowd("A", "J1-0", rl=6)],
                         dice=cd.dice({"CD-36": [6, 1], "CD-63": [6]}))
    turn(unshielded)
    assert unit(unshielded, "P1")["figures"] == 7 and len(events(unshielded, "CD-36", "roll")) == 1  # no shield


def test_cd37_petrol_bombs_made_in_sight_and_thrown_once_every_4_turns(cd):
    """CD-37: SF who see bottles and petrol gathered are told; at most one bomb every 4 turns.
    Played turn by turn: the crowd gathers bottles in turn 1 and petrol in turn 2, bombs P1 in turn 3,
    and next in turn 7 (every die a 1, but P1 keeps its nerve, CD-63, so nothing else stirs the RL)."""
    game = cd.game(units=[cd.unit("P1", "patrol", "x16y8")],
                   crowds=[cd.crowd("A", "J1-0", rl=7, petrol_bombs=True, missiles=0)],
                   features=[{"kind": "bottles", "at": "J1-0"}, {"kind": "petrol", "at": "J1-0"}],
                   dice=cd.dice({"CD-63": [6] * 10}))
    turn(game)
    turn(game)
    assert crowd(game, "A")["petrol"] == [True, True]
    told = [e for e in game.log_for("commander") if e.get("rule") == "CD-37"]
    assert len(told) == 2 and "petrol bombs" in told[0]["text"]
    for _ in range(3, 8):
        turn(game)
    bombed = [e["turn"] for e in game.log_for("commander") if e.get("rule") == "CD-38" and e["kind"] == "effect"]
    assert bombed == [3, 7]


def test_cd37_rioters_go_to_the_sources_for_petrol_bombs(cd):
    """CD-37: a rioting crowd allowed petrol bombs heads for a bottle or petrol source."""
    game = cd.game(crowds=[cd.crowd("A", "J0-1", rl=7, petrol_bombs=True)],
                   features=[{"kind": "petrol", "at": "J2-1"}], dice=cd.dice({"CD-23": [3, 3]}))
    turn(game)
    assert crowd(game, "A")["node"] == "x6y16"


def test_cd38_a_petrol_bomb_at_a_building_starts_a_fire_on_4_or_more(cd):
    """CD-38 default: with no SF in range, a crowd with petrol bombs bombs a building it touches."""
    for face, fires in ((3, 0), (4, 1)):
        game = cd.game(buildings=[{"id": "shop", "block": [0, 0], "value": 60}],
                       crowds=[cd.crowd("A", "J0-0", rl=7, petrol_bombs=True, bombs_made=True, missiles=0)],
                       dice=cd.dice({"CD-38": [face], "CD-45": [6]}))
        turn(game)
        assert building(game, "shop")["fires"] == fires, face
        assert [e["turn"] for e in events(game, "CD-38")[:1]] == [1], face


def test_cd21_firefighters_pulling_back_are_not_police_or_soldiers_withdrawing(cd):
    """CD-21 (c): only police and soldiers are "ordinary" or "Specialist Riot forces"; a fire
    crew that withdraws in sight gives no withdrawing factor and no RL roll."""
    game = cd.game(units=[cd.unit("F1", "firefighters", "J1-1", figures=6, order="withdraw")],
                   crowds=[cd.crowd("A", "J1-0", rl=5)])
    turn(game)
    node = unit(game, "F1")["node"]
    assert node != "J1-1" and TOWN.sees(node, crowd(game, "A")["node"])  # pulled back, in sight
    assert not events(game, "CD-20", "roll")


def test_cd23_a_full_riot_with_no_sf_in_sight_heads_for_property(cd):
    """CD-23 default: RL 8 is "as 7" (towards the nearest SF or property) plus charging any SF it
    can reach; with no SF in sight it makes for the nearest building (the shop's corner, J1-1, 16"
    south), not a random drift."""
    game = cd.game(buildings=[{"id": "shop", "block": [0, 1], "value": 60}],
                   crowds=[cd.crowd("A", "J1-0", rl=8)], dice=cd.dice({"CD-23": [2, 2, 2]}))  # 3d6 = 6"
    turn(game)
    assert crowd(game, "A")["node"] == "x16y6" and not events(game, "CD-17", "roll")  # straight towards it


def test_cd21_a_split_off_part_does_not_take_the_first_casualty_minus_2_again(cd):
    """CD-21 (b) default: the -2 for the first casualty from firearms applies once per crowd; the
    part that splits off a crowd that has had it gets -1 for its next casualty, as the rest does.
    Soldiers shoot one of crowd A (40: it splits at the end of turn 1); the commander has them
    shoot at the part that split off, from turn 3."""
    game = cd.game(units=[cd.unit("S1", "soldiers", "J1-0", figures=2, weapon="single", order="fire:A")],
                   crowds=[cd.crowd("A", "J1-0", figures=40, rl=6)], house_rules={"rl_roll": "relative"},
                   dice=cd.dice({"CD-60": [6, 1, 1, 1, 6, 1], "CD-61": [3, 3], "CD-63": [6] * 3, "CD-20": [4] * 6}))
    turn(game)
    assert rl_factors(game)["first casualty from firearms"] == -2
    [part] = [c["id"] for c in umpire_sees(game)["crowds"] if c["id"] != "A"]
    turn(game, f"order:S1:fire:{part}")
    turn(game)
    factors = rl_factors(game, part)
    assert factors["a subsequent casualty from firearms"] == -1 and "first casualty from firearms" not in factors
