"""Petrol bomb attacks, fires and firefighting (CD-38, CD-44 to CD-50)."""

from __future__ import annotations

from riotact.rulesets.civil_disorder.rules import fire, looting
from riotact.rulesets.civil_disorder.rules.combat import petrol_attack
from riotact.rulesets.civil_disorder.rules.orders import enter

SHOP = {"id": "shop", "block": [0, 0], "value": 60}
WEST = {"id": "w", "block": [0, 0], "part": "west", "value": 40, "kind": "house"}
EAST = {"id": "e", "block": [0, 0], "part": "east", "value": 40, "kind": "house"}


def test_cd38_petrol_bomb_attack_wounds_on_5_or_6_and_on_6_only_with_a_shield(cd):
    """CD-38 default: no shield: 5-6 wounds, 1-4 does not; riot shield: only a 6."""
    game = cd.game(units=[cd.unit("P1", "patrol", "J0-0"), cd.unit("R1", "riot_police", "J0-0")],
                   dice=[4, 5, 5, 6])
    s = game.state
    petrol_attack(s, s.units["P1"], 1, "petrol bomb")
    assert s.units["P1"].figures == 8
    petrol_attack(s, s.units["P1"], 1, "petrol bomb")
    assert s.units["P1"].figures == 7
    petrol_attack(s, s.units["R1"], 1, "petrol bomb")
    assert s.units["R1"].figures == 8
    petrol_attack(s, s.units["R1"], 1, "petrol bomb")
    assert s.units["R1"].figures == 7


def test_cd44_each_fire_burns_a_point_a_turn_and_wrecks_keep_burning(cd):
    """CD-44: 3 fires cost 3 points a turn; at value 0 the fires remain and still grow."""
    game = cd.game(buildings=[{**SHOP, "fires": 3}], dice=[6, 6])
    fire.burn(game.state)
    assert (game.state.buildings["shop"].value, game.state.buildings["shop"].fires) == (57, 3)
    wreck = cd.game(buildings=[{**SHOP, "value": 3, "fires": 3}], dice=[6, 6, 1, 6])
    s, shop = wreck.state, wreck.state.buildings["shop"]
    fire.burn(s)
    assert (shop.value, shop.fires) == (0, 3)
    fire.burn(s)
    assert (shop.value, shop.fires) == (0, 4)


def test_cd45_fire_grows_on_the_number_of_fires_or_less(cd):
    """CD-45: with 2 fires a 2 makes 3 fires and a 3 changes nothing; 6+ fires always grow."""
    game = cd.game(buildings=[{**SHOP, "fires": 2}], dice=[3, 6, 2, 6])
    s, shop = game.state, game.state.buildings["shop"]
    fire.burn(s)
    assert shop.fires == 2
    fire.burn(s)
    assert shop.fires == 3
    blaze = cd.game(buildings=[{**SHOP, "fires": 6}], dice=[6, 6])
    fire.burn(blaze.state)
    assert blaze.state.buildings["shop"].fires == 7


def test_cd46_fire_spreads_below_the_number_of_fires(cd):
    """CD-46: 1 fire never spreads; 3 fires spread on 1-2 to an adjacent building, which gains
    one fire while the source keeps its own."""
    one = cd.game(buildings=[{**WEST, "fires": 1}, EAST], dice=[6, 1])
    fire.burn(one.state)  # growth 6; spread 1 is not below 1
    assert one.state.buildings["e"].fires == 0
    game = cd.game(buildings=[{**WEST, "fires": 3}, EAST], dice=[6, 3, 6, 2])
    s = game.state
    fire.burn(s)  # growth 6; spread 3 is not below 3
    assert s.buildings["e"].fires == 0
    fire.burn(s)  # growth 6; spread 2
    assert (s.buildings["w"].fires, s.buildings["e"].fires) == (3, 1)


def test_cd47_crowds_keep_out_and_sf_entering_a_burning_building_roll(cd):
    """CD-47: looters will not go into a burning shop; SF entering roll as under petrol bomb
    attack, and again each turn they stay (default)."""
    raid = cd.game(buildings=[{**SHOP, "fires": 1}], crowds=[cd.crowd("L", "J0-0", figures=4, rl=7, looters=True)],
                   dice=[])
    looting.property_and_looting(raid.state)
    assert not raid.state.crowds["L"].broken_in
    game = cd.game(buildings=[{**SHOP, "fires": 1}], units=[cd.unit("P1", "patrol", "J0-0")], dice=[1, 6, 6, 6, 1, 2])
    s = game.state
    enter(s, s.units["P1"], "shop")  # 1 figure caught, wounded on the 6
    assert s.units["P1"].inside == "shop" and s.units["P1"].figures == 7
    fire.burn(s)  # growth 6, spread roll 6 (no neighbour), then 1 figure caught: 2, unharmed
    assert s.units["P1"].figures == 7


def _engine(cd, fires: int, crew: int = 6, dice=(), **kw):
    return cd.game(buildings=[{**SHOP, "fires": fires}], units=[cd.unit(
        "F1", "firefighters", "x8y16", figures=crew, vehicle="engine", order="hose:shop")], dice=list(dice), **kw)


def test_cd48_firefighters_immune_to_2_fires_exposed_at_4(cd):
    """CD-48: no roll at a building with 2 fires; a petrol bomb attack roll at 4 fires."""
    calm = _engine(cd, 2, dice=[1])
    fire.firefighting(calm.state)
    assert calm.state.buildings["shop"].fires == 1
    hot = _engine(cd, 4, dice=[1, 6, 1])
    fire.firefighting(hot.state)  # 1d3 = 1 figure exposed, burned on the 6; then 1 fire out
    assert hot.state.units["F1"].figures == 5 and hot.state.buildings["shop"].fires == 3


def test_cd49_four_firefighters_man_the_hose_and_put_out_1d6_fires(cd):
    """CD-49: 3 crew put out nothing; 4 put out 1d6, not going below 0."""
    short = _engine(cd, 2, crew=3)
    fire.firefighting(short.state)
    assert short.state.buildings["shop"].fires == 2
    full = _engine(cd, 2, crew=4, dice=[5])
    fire.firefighting(full.state)
    assert full.state.buildings["shop"].fires == 0


def test_cd50_two_turns_of_water_then_a_hydrant(cd):
    """CD-50: an unconnected engine cannot fight fires in its third turn; a turn connecting to
    a hydrant (within 2", default) lets it carry on. Played turn by turn: the commander orders the
    engine (his orders are carried out from the next turn); every die is a 1, so the hose puts out 1
    of the shop's 2 fires a turn and the fire grows back (CD-45) in the first two turns, not after; a
    crowd far off keeps the game going."""
    game = cd.game(buildings=[{**SHOP, "fires": 2}], crowds=[cd.crowd("A", "J2-2", rl=4)],
                   units=[cd.unit("F1", "firefighters", "x8y16", figures=6, vehicle="engine", order="hose:shop")],
                   features=[{"kind": "hydrant", "at": "x8y16"}], dice=cd.dice({"CD-45": [1, 1, 6, 6, 6]}))
    engine, shop = game.state.units["F1"], game.state.buildings["shop"]

    def turn(action: str = "pass") -> None:
        game.apply("commander", action)
        game.apply("commander", "stay")

    turn()
    turn()
    assert shop.fires == 2 and engine.water_turns == 2
    turn("order:F1:connect")
    assert shop.fires == 2 and engine.water_turns == 2  # out of water
    turn("order:F1:hose:shop")
    assert engine.hydrant and engine.order == "hose:shop" and shop.fires == 2
    turn()
    assert shop.fires == 1


def test_cd46_a_location_that_began_the_turn_with_1_fire_does_not_spread_after_growing(cd):
    """CD-45 / CD-46: growth and spread both count the fires the location had when the turn's
    burning began: 1 fire grows to 2 on a growth roll of 1, but the spread roll of 1 is not
    below 1, so nothing spreads this turn (a location with 1 fire never spreads)."""
    game = cd.game(buildings=[{**WEST, "fires": 1}, EAST], dice=[1, 1])
    s = game.state
    fire.burn(s)
    assert (s.buildings["w"].fires, s.buildings["e"].fires) == (2, 0)
    assert s.buildings["w"].value == 39  # CD-44: one point for the one fire burning at the start
