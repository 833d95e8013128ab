"""Where the pieces stand (spots.py): the bucketed look-ups that make a big riot cost in proportion
to its size must answer exactly as a walk over every piece on the table would, turn after turn of
a played game, with many crowds and units stacked on the same street points (CD-06 sight, CD-21
adjacency and sight of SF, CD-23 "nearest SF seen", CD-36 missile range and target, CD-51 contact).
The laboratory mode, which takes these short cuts and sums CD-21 factors without their words,
explains to the explained game of the same seed and decisions."""

from __future__ import annotations

import copy

from riotact.core import Game, builtin_scenarios, parse_scenario
from riotact.rulesets import get_ruleset
from riotact.rulesets.civil_disorder.rules.crowds import in_sight, show_of_force
from riotact.rulesets.civil_disorder.tables import people
from riotact.rulesets.civil_disorder.turn import CivilDisorder


def stacked_riot(copies: int) -> Game:
    """The largest built-in scenario with its crowds and units copied onto the same places."""
    scenario = max(builtin_scenarios(get_ruleset("civil-disorder")), key=lambda s: len(s.data["setup"]["units"]))
    data = copy.deepcopy(scenario.data)
    for kind in ("units", "crowds"):
        data["setup"][kind] += [{**item, "id": f"{item['id']}x{n}"} for n in range(1, copies)
                                for item in data["setup"][kind]]
    return Game(parse_scenario(data, "stacked.toml"), seed=3, explain=False)


def walked(s: CivilDisorder, node: str) -> dict[str, object]:
    """The answers by a walk over every piece (the rules' definitions)."""
    town, units, crowds = s.town, s.live_units(), s.live_crowds()
    seen = [u for u in units if town.sees(node, u.node)]
    near = min(seen, key=lambda u: town.inches(node, u.node), default=None)  # min keeps the first of a tie
    targets = [u for u in units if town.inches(node, u.node) <= 10 and u.inside is None and town.sees(node, u.node)]
    target = min(targets, key=lambda u: (town.inches(node, u.node), u.id), default=None)
    return {"seen": [u.id for u in seen],
            "seen by id": sorted(u.id for u in seen),
            "SF people in sight": sum(people(u.figures, crowd=False) for u in seen if show_of_force(s, u)),
            "missile target": target.id if target else None,
            "within 2": [u.id for u in units if town.inches(node, u.node) <= 2],
            "within 10": [u.id for u in units if town.inches(node, u.node) <= 10],
            "crowds within 2": [c.id for c in crowds if town.inches(node, c.node) <= 2],
            "crowds here": [c.id for c in crowds if c.node == node],
            "nearest seen": near.id if near else None}


def indexed(s: CivilDisorder, node: str) -> dict[str, object]:
    near = s.nearest_unit(node, seen_from=node)
    target = s.nearest_unit_by_id(node, 10, lambda u: u.inside is None and s.town.sees(node, u.node))
    sight = in_sight(s, node)
    return {"seen": [u.id for u in s.units_seen_from(node)],
            "seen by id": sight.ids,
            "SF people in sight": sight.people,
            "missile target": target.id if target else None,
            "within 2": [u.id for u in s.units_within(node, 2)],
            "within 10": [u.id for u in s.units_within(node, 10)],
            "crowds within 2": [c.id for c in s.crowds_within(node, 2)],
            "crowds here": [c.id for c in s.crowds_at([node])],
            "nearest seen": near.id if near else None}


def test_spots_answer_as_a_walk_over_every_piece_through_a_played_riot() -> None:
    game = stacked_riot(4)
    state = game.state
    assert isinstance(state, CivilDisorder)
    checked = 0
    while not game.is_over():
        places = sorted({c.node for c in state.live_crowds()} | {u.node for u in state.live_units()}
                        | {"J0-0", "J1-1", "x24y16"})
        for node in places:
            expected = walked(state, node)
            assert indexed(state, node) == expected, node  # a fresh index per question
            with state.standing():  # one index for a stretch of the turn in which nobody moves
                assert indexed(state, node) == expected, node
            checked += 1
        for seat in game.to_act():
            game.apply(seat, "pass")
            game.apply(seat, "stay")
    assert checked > 100  # the riot ran for turns, with crowds and units on the move


def test_a_unit_that_falls_while_nobody_moves_drops_out_of_the_answers() -> None:
    state = copy.deepcopy(stacked_riot(2).state)  # a copy of the table: its unit falls by hand
    assert isinstance(state, CivilDisorder)
    unit = state.live_units()[0]
    with state.standing():
        assert unit in state.units_seen_from(unit.node)
        unit.figures = 0  # e.g. its last figure wounded by a brick (CD-36) in the middle of step 4
        assert unit not in state.units_seen_from(unit.node)
        assert unit not in state.units_within(unit.node, 2)
        assert state.nearest_unit(unit.node) is not unit
        assert state.nearest_unit_by_id(unit.node, 2, lambda u: True) is not unit


def test_a_stacked_laboratory_riot_explains_to_the_explained_game_of_its_seed_and_decisions() -> None:
    """Same dice in the same order: the lab game's replay with the full log is the explained game
    (every CD-21 factor of every adjacent crowd listed there, summed in the lab), event for event."""
    quiet = stacked_riot(3)
    full = Game(quiet.scenario, seed=3)
    while not quiet.is_over():
        for seat in quiet.to_act():
            for game in (quiet, full):
                game.apply(seat, "pass")
                game.apply(seat, "stay")
    assert full.is_over() and quiet.result is not None and full.result is not None
    assert quiet.result.as_dict() == full.result.as_dict()
    explained = quiet.explained()  # checks the replay reaches the lab game's state
    assert explained.log.events == full.log.events
    assert any(e.get("rule") == "CD-20" and any("adjacent crowd" in m["reason"] for m in e["modifiers"])
               for e in full.log.events)  # stacked crowds do count each other (CD-21)
