"""Looting and property damage (CD-25 to CD-31, CD-40 to CD-43)."""

from __future__ import annotations

import json

from riotact.rulesets.civil_disorder.rules import crowds, looting

SHOP = {"id": "shop", "block": [0, 0], "value": 60}  # fronts include J0-0


def looters(cd, figures: int = 4, rl: int = 7, dice=None, shop=SHOP, **kw):
    return cd.game(buildings=[shop], crowds=[cd.crowd("L", "J0-0", figures=figures, rl=rl, looters=True)],
                   dice=dice if dice is not None else [], **kw)


def looted_shop(cd, **kw):
    """A game where looters L have emptied the shop (CD-27: a shop with no LU left is "already looted"):
    they broke in (CD-28) and found nothing to take."""
    game = looters(cd, dice=[2], shop={**SHOP, "loot": 0}, **kw)
    looting.property_and_looting(game.state)  # CD-28: breaking in takes the turn
    looting.property_and_looting(game.state)  # no LU to take: looted
    assert game.state.buildings["shop"].looted and not game.state.buildings["shop"].fires
    return game


def test_cd25_one_d6_looters_hidden_in_every_crowd(cd):
    """CD-25 option "per_crowd": each crowd hides 1-6 looters; players are never told."""
    game = cd.game(crowds=[cd.crowd("A", "J1-0"), cd.crowd("B", "J2-1")], dice=[3, 6],
                   house_rules={"looters": "per_crowd"})
    s = game.state
    assert (s.crowds["A"].looters_inside, s.crowds["B"].looters_inside) == (3, 6)
    view = json.dumps(game.view("commander"))
    assert "looter" not in view and "looters_inside" not in view
    assert cd.game(crowds=[cd.crowd("A", "J1-0")], dice=[]).state.crowds["A"].looters_inside == 0


def test_cd26_looters_wait_for_their_rl_then_break_in_or_burn(cd):
    """CD-26: below the looting RL no break-in; at it, break in; at an already-looted place,
    start a fire (default one a turn)."""
    calm = looters(cd, rl=6)
    looting.property_and_looting(calm.state)
    assert not calm.state.crowds["L"].broken_in
    game = looters(cd, dice=[2])
    looting.property_and_looting(game.state)
    assert game.state.crowds["L"].broken_in
    looted = looted_shop(cd)
    looting.property_and_looting(looted.state)
    assert looted.state.buildings["shop"].fires == 1


def test_cd26_looter_crowds_never_move_closer_to_the_sf(cd):
    """CD-26: looter crowds always move away from the SF and avoid confrontation."""
    game = cd.game(buildings=[{"id": "shop", "block": [1, 1], "value": 60}],
                   units=[cd.unit("P1", "patrol", "x10y16")],
                   crowds=[cd.crowd("L", "J0-1", figures=6, rl=6, looters=True)], dice=[4])
    s = game.state
    before = s.town.inches("J0-1", "x10y16")
    crowds.move_crowd(s, s.crowds["L"])
    assert s.town.inches(s.crowds["L"].node, "x10y16") >= before


def test_cd27_loot_units_are_half_the_property_value(cd):
    """CD-27: 50% of value (rounded down); the house rule can change the percentage."""
    assert looters(cd).state.buildings["shop"].loot == 30
    assert looters(cd, house_rules={"loot_percent": 25}).state.buildings["shop"].loot == 15


def test_cd28_break_in_one_turn_then_one_lu_per_looter_then_leave(cd):
    """CD-28 / CD-42: 4 looters at a 30-LU shop break in (1d6 damage), take 4 LU, and leave."""
    game = looters(cd, dice=[5])
    s = game.state
    looting.property_and_looting(s)
    assert s.buildings["shop"].value == 55 and s.buildings["shop"].loot == 30  # CD-42
    looting.property_and_looting(s)
    assert s.buildings["shop"].loot == 26
    assert s.crowds["L"].carrying == 4 and s.crowds["L"].escaping
    assert s.buildings["shop"].value == 55  # CD-27 default: taking loot does not reduce value


def test_cd29_looters_pickup_holds_5_lu_and_leaves_when_full(cd):
    """CD-29 (optional): a car carries 5 LU, a van 10; full, it drives off."""
    game = looters(cd, figures=8, dice=[1], house_rules={"looter_vehicles": True},
                   looter_vehicles=[{"id": "car1", "kind": "car", "at": "x2y0"}])
    s = game.state
    looting.property_and_looting(s)  # break in
    looting.property_and_looting(s)  # 8 LU taken: 5 into the car, 3 carried off on foot
    car = s.vehicles["car1"]
    assert car.load == 5
    walkers = [c for c in s.crowds.values() if c.carrying]
    assert [c.carrying for c in walkers] == [3]
    looting.looter_vehicles(s)
    assert car.gone and s.stats["loot_escaped"] == 5


def test_cd30_escaping_looters_move_1d6_and_sf_see_only_goods(cd):
    """CD-30: a loaded looter crowd moves a rolled 1-6" towards leaving; the SF who see it are
    told only that people are carrying goods."""
    game = cd.game(crowds=[cd.crowd("L", "x16y8", figures=4, looters=True, carrying=4)], dice=[4])
    s, crowd = game.state, game.state.crowds["L"]
    crowds.move_crowd(s, crowd)
    assert s.town.path_inches("x16y8", crowd.node) == 4
    [seen] = game.view("commander")["state"]["crowds"]
    assert seen["seen"] == "a crowd of people carrying stereos and TVs"


def test_cd31_looters_break_off_once_and_are_lost_to_the_crowd(cd):
    """CD-31 default: the crowd's 1d6 looters break off once at the looting RL, for the nearest shop."""
    game = cd.game(buildings=[SHOP], crowds=[cd.crowd("A", "J1-0", figures=25, rl=7)], dice=[3],
                   house_rules={"looters": "per_crowd"})
    s, crowd = game.state, game.state.crowds["A"]
    looting.break_off(s, crowd)
    looting.break_off(s, crowd)
    bands = [c for c in s.crowds.values() if c.looter]
    assert crowd.figures == 22 and len(bands) == 1 and bands[0].figures == 3 and bands[0].shop == "shop"


def test_cd40_property_starts_at_its_value_and_never_goes_below_0(cd):
    """CD-40: damage lowers the value but never below 0."""
    game = cd.game(buildings=[{"id": "shack", "block": [0, 0], "value": 10, "kind": "shop"}],
                   crowds=[cd.crowd("A", "J0-0", figures=20, rl=6)], dice=[6, 6])
    s = game.state
    assert s.buildings["shack"].value == 10
    looting.damage(s, s.crowds["A"], "shack")
    assert s.buildings["shack"].value == 0


def test_cd41_a_20_figure_crowd_rolls_2d6_damage(cd):
    """CD-41: one die per 10 figures; the value falls by the total."""
    game = cd.game(buildings=[SHOP], crowds=[cd.crowd("A", "J0-0", figures=20, rl=6)], dice=[3, 4])
    looting.property_and_looting(game.state)
    assert game.state.buildings["shop"].value == 53


def test_cd43_a_wreck_catches_fire_on_a_6(cd):
    """CD-43: each damage or looting attempt on a value-0 building starts a fire on a 6."""
    game = cd.game(buildings=[{**SHOP, "value": 7}], crowds=[cd.crowd("A", "J0-0", figures=20, rl=6)],
                   dice=[3, 4, 5, 6])
    s = game.state
    looting.damage(s, s.crowds["A"], "shop")  # CD-41: 2d6 = 7 points: a wreck
    assert s.buildings["shop"].value == 0 and s.buildings["shop"].fires == 0
    looting.damage(s, s.crowds["A"], "shop")
    assert s.buildings["shop"].fires == 0
    looting.damage(s, s.crowds["A"], "shop")
    assert s.buildings["shop"].fires == 1


def test_cd42_breaking_in_costs_the_building_1d6(cd):
    """CD-42: the break-in turn takes 1d6 from the building's value."""
    game = looters(cd, dice=[6])
    looting.property_and_looting(game.state)
    assert game.state.buildings["shop"].value == 54 and game.state.crowds["L"].broken_in


def behind(cd, shop_block, shop_part, rl: int, dice, *, screen: bool = True, **kw):
    """SF in the north-west corner (J0-0), looters at J1-1, a normal crowd just north of them."""
    normal = [cd.crowd("A", "x16y12", rl=3)] if screen else []
    return cd.game(buildings=[{"id": "shop", "block": shop_block, "part": shop_part, "value": 60}],
                   units=[cd.unit("P1", "patrol", "J0-0")],
                   crowds=[*normal, cd.crowd("L", "J1-1", figures=6, rl=rl, looters=True)], dice=dice, **kw)


def test_cd26_looters_choose_the_route_that_keeps_a_normal_crowd_in_front(cd):
    """CD-26: looters normally stay behind normal crowds. Heading for a shop at J2-2 they could go
    east or south; east keeps crowd A between them and the SF, so they go east without a route
    die (movement 4 + 2 = 6"). With no crowd to hide behind, or cover switched off, the CD-17
    die (a 1: the first route, south) decides."""
    game = behind(cd, [1, 1], "se", 6, [4, 1])
    s = game.state
    assert crowds.screen(s)("x18y16") and not crowds.screen(s)("x16y18")
    crowds.move_crowd(s, s.crowds["L"])
    assert s.crowds["L"].node == "x22y16"
    assert [e["rule"] for e in s.umpire.log.events if e["kind"] == "roll"] == ["CD-23"]
    for exposed in (behind(cd, [1, 1], "se", 6, [4, 1], screen=False),
                    behind(cd, [1, 1], "se", 6, [4, 1], house_rules={"looter_cover_inches": 0})):
        crowds.move_crowd(exposed.state, exposed.state.crowds["L"])
        assert exposed.state.crowds["L"].node == "x16y22"


def test_cd26_waiting_looters_do_not_step_out_from_behind_a_crowd(cd):
    """CD-26: below the looting RL, looters screened by a normal crowd stay behind it rather than
    walk south into the open towards their shop; at the looting RL they go (2d6 = 6")."""
    waiting = behind(cd, [0, 1], "se", 6, [4])
    crowds.move_crowd(waiting.state, waiting.state.crowds["L"])
    assert waiting.state.crowds["L"].node == "J1-1"
    looting_now = behind(cd, [0, 1], "se", 7, [3, 3])
    crowds.move_crowd(looting_now.state, looting_now.state.crowds["L"])
    assert looting_now.state.crowds["L"].node == "x16y22"
    exposed = behind(cd, [0, 1], "se", 6, [4], screen=False)
    crowds.move_crowd(exposed.state, exposed.state.crowds["L"])
    assert exposed.state.crowds["L"].node == "x16y22"


def test_cd25_the_sf_are_not_told_that_the_fire_raisers_at_a_looted_shop_are_looters(cd):
    """CD-25 / CD-26: SF who see looters set fire to an already-looted shop learn of the fire,
    never that the crowd is a looter crowd."""
    game = looted_shop(cd, units=[cd.unit("P1", "patrol", "x4y0")])
    looting.property_and_looting(game.state)
    told = [e["text"] for e in game.log_for("commander") if e.get("rule") == "CD-26"]
    assert told and "loot" not in " ".join(told).lower()


def test_cd26_a_looter_move_cut_short_for_one_unit_is_checked_again_for_the_others(cd):
    """CD-26: no move by a looter crowd ends closer to any SF unit. From x2y16 the path J0-1,
    x0y14 ends closer to P2; cut back to J0-1 it would end closer to P1, so it is cut to nothing."""
    game = cd.game(units=[cd.unit("P1", "patrol", "J0-2"), cd.unit("P2", "patrol", "x8y0")],
                   crowds=[cd.crowd("L", "x2y16", figures=4, looters=True)])
    assert crowds._keep_away(game.state, "x2y16", ["J0-1", "x0y14"]) == []


def test_cd29_looters_load_a_pickup_only_within_the_loading_distance(cd):
    """CD-29 default: looters load a pickup parked within 4" (``pickup_load_inches``); the car 2"
    away is loaded by default, not when the house rule says 1"."""
    for reach, loaded in ((None, 4), (1, 0)):
        rules = {"looter_vehicles": True} | ({"pickup_load_inches": reach} if reach is not None else {})
        game = looters(cd, dice=[1], house_rules=rules, looter_vehicles=[{"id": "car1", "kind": "car", "at": "x2y0"}])
        s = game.state
        looting.property_and_looting(s)  # break in
        looting.property_and_looting(s)  # 4 LU taken
        assert s.vehicles["car1"].load == loaded


def test_cd29_a_loaded_pickup_leaves_when_sf_come_within_the_leaving_distance(cd):
    """CD-29 default: a loaded pickup drives off when SF come within 10" (``pickup_leave_inches``):
    SF 8" away send it off by default, not when the house rule says 6"."""
    for too_close, gone in ((None, True), (6, False)):
        rules = {"looter_vehicles": True} | ({"pickup_leave_inches": too_close} if too_close is not None else {})
        game = cd.game(house_rules=rules, units=[cd.unit("P1", "patrol", "x16y8")],
                       looter_vehicles=[{"id": "van1", "kind": "van", "at": "J1-0", "load": 3}], dice=[])
        s = game.state
        looting.looter_vehicles(s)
        assert s.vehicles["van1"].gone is gone
