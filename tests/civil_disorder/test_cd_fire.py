"""Petrol bomb attacks, fires and firefighting (CD-38, CD-44 to CD-50). Played through ``Game``: a
building's fires burn, grow and spread in step 6 of each turn (CD-12), engines fight them in step 4;
crowd A far off keeps the game going, and every die not scripted by rule is a 1."""

from __future__ import annotations

import pytest

from civil_disorder.cd_play import building, texts, turn, unit

SHOP = {"id": "shop", "block": [0, 0], "value": 60}
WEST = {"id": "w", "block": [0, 0], "part": "west", "value": 40, "kind": "house"}
EAST = {"id": "e", "block": [0, 0], "part": "east", "value": 40, "kind": "house"}
FAR_OFF = {"id": "A", "figures": 25, "at": "J2-2", "rl": 3}


def burning(cd, *buildings, script, units=(), crowds=(FAR_OFF,), **kw):
    return cd.game(buildings=list(buildings), units=list(units), crowds=list(crowds), dice=cd.dice(script), **kw)


def fires(game, *building_ids: str) -> tuple[int, ...]:
    return tuple(building(game, b)["fires"] for b in building_ids)


@pytest.mark.parametrize(("kind", "face", "figures"), [("patrol", 4, 8), ("patrol", 5, 7),
                                                       ("riot_police", 5, 8), ("riot_police", 6, 7)])
def test_cd38_petrol_bomb_attack_wounds_on_5_or_6_and_on_6_only_with_a_shield(cd, kind, face, figures):
    """CD-38 default: no shield: 5-6 wounds, 1-4 does not; riot shield: only a 6. Crowd A, its petrol
    bombs made, throws one at the unit 8" off in turn 1: 1d3 = 1 figure under attack."""
    game = burning(cd, script={"CD-38": [1, face]}, units=[cd.unit("U1", kind, "x16y8")],
                   crowds=[cd.crowd("A", "J1-0", rl=7, petrol_bombs=True, bombs_made=True, missiles=0)])
    turn(game)
    assert "Crowd A throws a petrol bomb at U1." in texts(game, "CD-38")
    assert unit(game, "U1")["figures"] == figures


def test_cd44_each_fire_burns_a_point_a_turn_and_wrecks_keep_burning(cd):
    """CD-44: 3 fires cost 3 points a turn; at value 0 the fires remain and still grow."""
    game = burning(cd, {**SHOP, "fires": 3}, script={"CD-45": [6], "CD-46": [6]})
    turn(game)
    assert (building(game, "shop")["value"], fires(game, "shop")) == (57, (3,))
    wreck = burning(cd, {**SHOP, "value": 3, "fires": 3}, script={"CD-45": [6, 1], "CD-46": [6, 6]})
    turn(wreck)
    assert (building(wreck, "shop")["value"], fires(wreck, "shop")) == (0, (3,))
    turn(wreck)
    assert (building(wreck, "shop")["value"], fires(wreck, "shop")) == (0, (4,))


def test_cd45_fire_grows_on_the_number_of_fires_or_less(cd):
    """CD-45: with 2 fires a 2 makes 3 fires and a 3 changes nothing; 6+ fires always grow."""
    game = burning(cd, {**SHOP, "fires": 2}, script={"CD-45": [3, 2], "CD-46": [6, 6]})
    turn(game)
    assert fires(game, "shop") == (2,)
    turn(game)
    assert fires(game, "shop") == (3,)
    blaze = burning(cd, {**SHOP, "fires": 6}, script={"CD-45": [6], "CD-46": [6]})
    turn(blaze)
    assert fires(blaze, "shop") == (7,)


def test_cd46_fire_spreads_below_the_number_of_fires(cd):
    """CD-46: 1 fire never spreads; 3 fires spread on 1-2 to an adjacent building, which gains
    one fire while the source keeps its own."""
    one = burning(cd, {**WEST, "fires": 1}, EAST, script={"CD-45": [6], "CD-46": [1]})
    turn(one)  # growth 6; spread 1 is not below 1
    assert fires(one, "e") == (0,)
    game = burning(cd, {**WEST, "fires": 3}, EAST, script={"CD-45": [6, 6], "CD-46": [3, 2]})
    turn(game)  # growth 6; spread 3 is not below 3
    assert fires(game, "e") == (0,)
    turn(game)  # growth 6; spread 2
    assert fires(game, "w", "e") == (3, 1)


def test_cd47_crowds_keep_out_and_sf_entering_a_burning_building_roll(cd):
    """CD-47: looters will not go into a burning shop; SF entering roll as under petrol bomb
    attack, and again each turn they stay (default). Looters L break into shop e in turn 1; the fire
    next door spreads to it (CD-46: 1 is below 3) and they take nothing in turn 2 (the fire leaves
    their RL as it was: a 4 under the ``relative`` RL roll, CD-20)."""
    raid = burning(cd, {**WEST, "fires": 3}, {**EAST, "kind": "shop"}, script={
        "CD-45": [6, 6], "CD-46": [1, 6], "CD-20": [4, 4]}, house_rules={"rl_roll": "relative"},
        crowds=[cd.crowd("L", "J1-0", figures=4, rl=7, looters=True), FAR_OFF])
    turn(raid)
    assert texts(raid, "CD-28") == ["People smash their way into e."] and fires(raid, "e") == (1,)
    turn(raid)
    assert not [e for e in raid.log_for("umpire") if e.get("rule") == "CD-28" and "take" in e["text"]]
    game = burning(cd, {**SHOP, "fires": 1}, units=[cd.unit("P1", "patrol", "J0-0", order="enter:shop")],
                   script={"CD-47": [1, 2], "CD-38": [6, 1], "CD-45": [6], "CD-46": [6]})
    turn(game)  # step 2: in, 1 figure caught, wounded on the 6; step 6: 2 figures caught, unharmed
    assert unit(game, "P1")["inside"] == "shop" and unit(game, "P1")["figures"] == 7
    assert [e["total"] for e in game.log.events if e["kind"] == "roll" and e["rule"] == "CD-47"] == [1, 2]


def _engine(cd, fires: int, crew: int = 6, script=None):
    return burning(cd, {**SHOP, "fires": fires}, script={"CD-45": [6], "CD-46": [6], **(script or {})},
                   units=[cd.unit("F1", "firefighters", "x8y16", figures=crew, vehicle="engine",
                                  order="hose:shop")])


def test_cd48_firefighters_immune_to_2_fires_exposed_at_4(cd):
    """CD-48: no roll at a building with 2 fires; a petrol bomb attack roll at 4 fires."""
    calm = _engine(cd, 2, script={"CD-49": [1]})
    turn(calm)
    assert texts(calm, "CD-49") == ["F1 fights the fire in the shop: 1 fire left."] and not texts(calm, "CD-48")
    hot = _engine(cd, 4, script={"CD-48": [1], "CD-38": [6], "CD-49": [1]})
    turn(hot)  # 1d3 = 1 figure exposed, burned on the 6; then 1 fire out
    assert unit(hot, "F1")["figures"] == 5 and texts(hot, "CD-49") == ["F1 fights the fire in the shop: 3 fires left."]


def test_cd49_four_firefighters_man_the_hose_and_put_out_1d6_fires(cd):
    """CD-49: 3 crew put out nothing; 4 put out 1d6, not going below 0."""
    short = _engine(cd, 2, crew=3)
    turn(short)
    assert texts(short, "CD-49") == ["F1 cannot man the hose: it needs 4 firefighters off the engine."]
    full = _engine(cd, 2, crew=4, script={"CD-49": [5]})
    turn(full)
    assert fires(full, "shop") == (0,)


def test_cd50_two_turns_of_water_then_a_hydrant(cd):
    """CD-50: an unconnected engine cannot fight fires in its third turn; a turn connecting to
    a hydrant (within 2", default) lets it carry on. Played turn by turn: the commander orders the
    engine (his orders are carried out from the next turn); every die is a 1, so the hose puts out 1
    of the shop's 2 fires a turn and the fire grows back (CD-45) in the first two turns, not after; a
    crowd far off keeps the game going."""
    game = cd.game(buildings=[{**SHOP, "fires": 2}], crowds=[cd.crowd("A", "J2-2", rl=4)],
                   units=[cd.unit("F1", "firefighters", "x8y16", figures=6, vehicle="engine", order="hose:shop")],
                   features=[{"kind": "hydrant", "at": "x8y16"}], dice=cd.dice({"CD-45": [1, 1, 6, 6, 6]}))
    turn(game)
    turn(game)
    assert fires(game, "shop") == (2,) and unit(game, "F1")["water_turns_used"] == 2
    turn(game, "order:F1:connect")
    assert fires(game, "shop") == (2,) and unit(game, "F1")["water_turns_used"] == 2  # out of water
    turn(game, "order:F1:hose:shop")
    engine = unit(game, "F1")
    assert engine["hydrant"] and engine["order"] == "hose:shop" and fires(game, "shop") == (2,)
    turn(game)
    assert fires(game, "shop") == (1,)


def test_cd46_a_location_that_began_the_turn_with_1_fire_does_not_spread_after_growing(cd):
    """CD-45 / CD-46: growth and spread both count the fires the location had when the turn's
    burning began: 1 fire grows to 2 on a growth roll of 1, but the spread roll of 1 is not
    below 1, so nothing spreads this turn (a location with 1 fire never spreads)."""
    game = burning(cd, {**WEST, "fires": 1}, EAST, script={"CD-45": [1], "CD-46": [1]})
    turn(game)
    assert fires(game, "w", "e") == (2, 0)
    assert building(game, "w")["value"] == 39  # CD-44: one point for the one fire burning at the start
