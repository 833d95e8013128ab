"""Looting and property damage (CD-25 to CD-31, CD-40 to CD-43). Played through ``Game``: crowds
move in step 2 of the turn, loot and smash property in step 4, and looters break off and pickups
leave in step 6 (CD-12); the dice are scripted by rule, every other die a 1."""

from __future__ import annotations

import json

from civil_disorder.cd_play import building, crowd, events, piece, texts, turn
from riotact.core.log import UMPIRE
from riotact.rulesets.civil_disorder.board import build_town
from support import umpire_sees

SHOP = {"id": "shop", "block": [0, 0], "value": 60}  # fronts include J0-0
TOWN = build_town(3, 3, 16, 2, ())  # the test town's streets (conftest), for distances


def looters(cd, figures: int = 4, rl: int = 7, script=None, shop=SHOP, **kw):
    return cd.game(buildings=[shop], crowds=[cd.crowd("L", "J0-0", figures=figures, rl=rl, looters=True)],
                   dice=cd.dice(script or {}), **kw)


def looted_shop(cd, **kw):
    """A game where looters L have emptied the shop (CD-27: a shop with no LU left is "already looted"):
    they broke in (CD-28) in turn 1 and found nothing to take in turn 2."""
    game = looters(cd, script={"CD-42": [2]}, shop={**SHOP, "loot": 0}, **kw)
    turn(game)  # CD-28: breaking in takes the turn
    turn(game)  # no LU to take: looted
    assert building(game, "shop")["looted"] and not building(game, "shop")["fires"]
    return game


def test_cd25_one_d6_looters_hidden_in_every_crowd(cd):
    """CD-25 option "per_crowd": each crowd hides 1-6 looters; players are never told."""
    game = cd.game(crowds=[cd.crowd("A", "J1-0"), cd.crowd("B", "J2-1")], dice=cd.dice({"CD-25": [3, 6]}),
                   house_rules={"looters": "per_crowd"})
    assert (crowd(game, "A")["looters_inside"], crowd(game, "B")["looters_inside"]) == (3, 6)
    view = json.dumps(game.view("commander"))
    assert "looter" not in view and "looters_inside" not in view
    assert crowd(cd.game(crowds=[cd.crowd("A", "J1-0")], dice=[]), "A")["looters_inside"] == 0


def test_cd26_looters_wait_for_their_rl_then_break_in_or_burn(cd):
    """CD-26: below the looting RL no break-in; at it, break in; at an already-looted place,
    start a fire (default one a turn)."""
    calm = looters(cd, rl=6)
    turn(calm)
    assert not texts(calm, "CD-28")
    game = looters(cd, script={"CD-42": [2]})
    turn(game)
    assert texts(game, "CD-28") == ["People smash their way into shop."]
    looted = looted_shop(cd)
    turn(looted)
    assert texts(looted, "CD-26") == ["Fire in the shop (people set it alight): 1 fire."]


def test_cd26_looter_crowds_never_move_closer_to_the_sf(cd):
    """CD-26: looter crowds always move away from the SF and avoid confrontation."""
    game = cd.game(buildings=[{"id": "shop", "block": [1, 1], "value": 60}],
                   units=[cd.unit("P1", "patrol", "x10y16")],
                   crowds=[cd.crowd("L", "J0-1", figures=6, rl=6, looters=True)], dice=cd.dice({"CD-23": [4]}))
    turn(game)
    assert TOWN.inches(crowd(game, "L")["node"], "x10y16") >= TOWN.inches("J0-1", "x10y16")


def test_cd27_loot_units_are_half_the_property_value(cd):
    """CD-27: 50% of value (rounded down); the house rule can change the percentage."""
    assert building(looters(cd), "shop")["loot"] == 30
    assert building(looters(cd, house_rules={"loot_percent": 25}), "shop")["loot"] == 15


def test_cd28_break_in_one_turn_then_one_lu_per_looter_then_leave(cd):
    """CD-28 / CD-42: 4 looters at a 30-LU shop break in (1d6 damage), take 4 LU, and leave."""
    game = looters(cd, script={"CD-42": [5]})
    turn(game)
    assert (building(game, "shop")["value"], building(game, "shop")["loot"]) == (55, 30)  # CD-42
    turn(game)
    assert building(game, "shop")["loot"] == 26 and crowd(game, "L")["carrying"] == 4
    assert building(game, "shop")["value"] == 55  # CD-27 default: taking loot does not reduce value
    turn(game)
    [escape] = events(game, "CD-30", "roll")
    assert "escape with loot" in escape["text"]  # CD-30: they make off with the goods


def test_cd29_looters_pickup_holds_5_lu_and_leaves_when_full(cd):
    """CD-29 (optional): a car carries 5 LU, a van 10; full, it drives off (at the end of the turn)."""
    game = looters(cd, figures=8, script={"CD-42": [1]}, house_rules={"looter_vehicles": True},
                   looter_vehicles=[{"id": "car1", "kind": "car", "at": "x2y0"}])
    turn(game)  # break in
    turn(game)  # 8 LU taken: 5 into the car, 3 carried off on foot
    car = piece(game, "looter_vehicles", "car1")
    assert car["load"] == 5 and car["gone"] and umpire_sees(game)["stats"]["loot_escaped"] == 5
    assert [c["carrying"] for c in umpire_sees(game)["crowds"] if c["carrying"]] == [3]
    assert "A loaded car drives off at speed." in texts(game, "CD-29")


def test_cd30_escaping_looters_move_1d6_and_sf_see_only_goods(cd):
    """CD-30: a loaded looter crowd moves a rolled 1-6" towards leaving (4": half way to the exit
    at J1-0); the SF who see it are told only that people are carrying goods."""
    game = cd.game(crowds=[cd.crowd("L", "x16y8", figures=4, looters=True, carrying=4)],
                   dice=cd.dice({"CD-30": [4]}))
    turn(game)
    assert crowd(game, "L")["node"] == "x16y4"
    [seen] = game.view("commander")["state"]["crowds"]
    assert seen["seen"] == "a crowd of people carrying stereos and TVs"


def test_cd30_looters_loaded_at_an_exit_get_away_on_their_move(cd):
    """CD-30: looters who took their loot at a shop on a table exit (J0-0) leave by that exit on
    their next move: the way off the table is where they stand, so there is no street to walk."""
    game = cd.game(crowds=[cd.crowd("L", "J0-0", figures=4, looters=True, carrying=4)],
                   dice=cd.dice({"CD-30": [4]}))
    turn(game)
    assert crowd(game, "L")["gone"] == "escaped" and umpire_sees(game)["stats"]["loot_escaped"] == 4
    assert "People carrying stereos and TVs get away off the table (L)." in texts(game, "CD-30")


def test_cd31_looters_break_off_once_and_are_lost_to_the_crowd(cd):
    """CD-31 default: the crowd's 1d6 looters break off once at the looting RL, for the nearest shop."""
    game = cd.game(buildings=[SHOP], crowds=[cd.crowd("A", "J2-2", figures=25, rl=7)], dice=cd.dice({"CD-25": [3]}),
                   house_rules={"looters": "per_crowd"})
    turn(game)
    turn(game)
    bands = [c for c in umpire_sees(game)["crowds"] if c["looter"]]
    assert crowd(game, "A")["figures"] == 22 and len(bands) == 1 and bands[0]["figures"] == 3
    assert bands[0]["shop"] == "shop" and len([e for e in game.log_for(UMPIRE) if e.get("rule") == "CD-31"]) == 1


def smashing(cd, value: int, script, **kw):
    """Crowd A (20 figures, RL 6: it damages property, CD-23) in front of a building in block [0, 0]."""
    return cd.game(buildings=[{"id": "shop", "block": [0, 0], "value": value}],
                   crowds=[cd.crowd("A", "J0-0", figures=20, rl=6)], dice=cd.dice(script), **kw)


def test_cd40_property_starts_at_its_value_and_never_goes_below_0(cd):
    """CD-40: damage lowers the value but never below 0."""
    game = smashing(cd, 10, {"CD-41": [6, 6]})
    assert building(game, "shop")["value"] == 10
    turn(game)
    assert building(game, "shop")["value"] == 0


def test_cd41_a_20_figure_crowd_rolls_2d6_damage(cd):
    """CD-41: one die per 10 figures; the value falls by the total."""
    game = smashing(cd, 60, {"CD-41": [3, 4]})
    turn(game)
    assert building(game, "shop")["value"] == 53


def test_cd43_a_wreck_catches_fire_on_a_6(cd):
    """CD-43: each damage or looting attempt on a value-0 building starts a fire on a 6."""
    game = smashing(cd, 7, {"CD-41": [3, 4], "CD-43": [5, 6], "CD-45": [6]})
    turn(game)  # CD-41: 2d6 = 7 points: a wreck
    assert (building(game, "shop")["value"], building(game, "shop")["fires"]) == (0, 0)
    turn(game)
    assert building(game, "shop")["fires"] == 0
    turn(game)
    assert building(game, "shop")["fires"] == 1


def test_cd42_breaking_in_costs_the_building_1d6(cd):
    """CD-42: the break-in turn takes 1d6 from the building's value."""
    game = looters(cd, script={"CD-42": [6]})
    turn(game)
    assert building(game, "shop")["value"] == 54 and texts(game, "CD-28") == ["People smash their way into shop."]


def behind(cd, shop_block, shop_part, rl: int, script, *, screen: bool = True, **kw):
    """SF in the north-west corner (J0-0), looters at J1-1, a normal crowd just north of them (it
    moves after them: the looters are the scenario's first crowd)."""
    normal = [cd.crowd("A", "x16y12", rl=3)] if screen else []
    return cd.game(buildings=[{"id": "shop", "block": shop_block, "part": shop_part, "value": 60}],
                   units=[cd.unit("P1", "patrol", "J0-0")],
                   crowds=[cd.crowd("L", "J1-1", figures=6, rl=rl, looters=True), *normal], dice=cd.dice(script), **kw)


def looters_route_rolls(game) -> list[dict]:
    return [e for e in events(game, "CD-17", "roll") if e["who"] == "Crowd L"]


def test_cd26_looters_choose_the_route_that_keeps_a_normal_crowd_in_front(cd):
    """CD-26: looters normally stay behind normal crowds. Heading for a shop at J2-2 they could go
    east or south; east keeps crowd A between them and the SF, so they go east without a route
    die (movement 4 + 2 = 6"). With no crowd to hide behind, or cover switched off, the CD-17
    die (a 1: the first route, south) decides."""
    game = behind(cd, [1, 1], "se", 6, {"CD-23": [4]})
    turn(game)
    assert crowd(game, "L")["node"] == "x22y16" and not looters_route_rolls(game)
    for exposed in (behind(cd, [1, 1], "se", 6, {"CD-23": [4]}, screen=False),
                    behind(cd, [1, 1], "se", 6, {"CD-23": [4]}, house_rules={"looter_cover_inches": 0})):
        turn(exposed)
        assert crowd(exposed, "L")["node"] == "x16y22" and looters_route_rolls(exposed)


def test_cd26_waiting_looters_do_not_step_out_from_behind_a_crowd(cd):
    """CD-26: below the looting RL, looters screened by a normal crowd stay behind it rather than
    walk south into the open towards their shop; at the looting RL they go (2d6 = 6")."""
    waiting = behind(cd, [0, 1], "se", 6, {"CD-23": [4]})
    turn(waiting)
    assert crowd(waiting, "L")["node"] == "J1-1"
    looting_now = behind(cd, [0, 1], "se", 7, {"CD-23": [3, 3]})
    turn(looting_now)
    assert crowd(looting_now, "L")["node"] == "x16y22"
    exposed = behind(cd, [0, 1], "se", 6, {"CD-23": [4]}, screen=False)
    turn(exposed)
    assert crowd(exposed, "L")["node"] == "x16y22"


def test_cd25_the_sf_are_not_told_that_the_fire_raisers_at_a_looted_shop_are_looters(cd):
    """CD-25 / CD-26: SF who see looters set fire to an already-looted shop learn of the fire,
    never that the crowd is a looter crowd."""
    game = looted_shop(cd, units=[cd.unit("P1", "patrol", "x4y0")])
    turn(game)
    told = texts(game, "CD-26", seat="commander")
    assert told and "loot" not in " ".join(told).lower()


def test_cd29_looters_load_a_pickup_only_within_the_loading_distance(cd):
    """CD-29 default: looters load a pickup parked within 4" (``pickup_load_inches``); the car 2"
    away is loaded by default, not when the house rule says 1"."""
    for reach, loaded in ((None, 4), (1, 0)):
        rules = {"looter_vehicles": True} | ({"pickup_load_inches": reach} if reach is not None else {})
        game = looters(cd, script={"CD-42": [1]}, house_rules=rules,
                       looter_vehicles=[{"id": "car1", "kind": "car", "at": "x2y0"}])
        turn(game)  # break in
        turn(game)  # 4 LU taken
        assert piece(game, "looter_vehicles", "car1")["load"] == loaded


def test_cd29_a_loaded_pickup_leaves_when_sf_come_within_the_leaving_distance(cd):
    """CD-29 default: a loaded pickup drives off when SF come within 10" (``pickup_leave_inches``):
    SF 8" away send it off by default, not when the house rule says 6"."""
    for too_close, gone in ((None, True), (6, False)):
        rules = {"looter_vehicles": True} | ({"pickup_leave_inches": too_close} if too_close is not None else {})
        game = cd.game(house_rules=rules, units=[cd.unit("P1", "patrol", "x16y8")],
                       looter_vehicles=[{"id": "van1", "kind": "van", "at": "J1-0", "load": 3}], dice=[])
        turn(game)
        assert piece(game, "looter_vehicles", "van1")["gone"] is gone


def test_cd26_a_looter_move_cut_short_for_one_unit_is_checked_again_for_the_others(cd):
    """CD-26: no move by a looter crowd ends closer to any SF unit. From x2y16 the 3" move by the
    first route (J0-1, x0y14) ends closer to P2; cut back to J0-1 it would end closer to P1, so it
    is cut to nothing."""
    game = cd.game(units=[cd.unit("P1", "patrol", "J0-2"), cd.unit("P2", "patrol", "x8y0")],
                   crowds=[cd.crowd("L", "x2y16", figures=4, looters=True)], dice=cd.dice({"CD-23": [3]}))
    turn(game)
    assert crowd(game, "L")["node"] == "x2y16"
