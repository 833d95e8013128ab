"""Scenario files and options: bad input gives a typed error; the log explains every roll."""

from __future__ import annotations

import pytest

from riotact.core.errors import OptionError, ScenarioError
from riotact.core.game import Game
from riotact.core.scenario import builtin_scenarios, parse_scenario
from riotact.rulesets import get_ruleset


def test_unknown_feature_is_a_scenario_error(bwa) -> None:
    data = bwa.data([bwa.nv("n", "nowhere"), bwa.auth("a", "w0")])
    with pytest.raises(ScenarioError, match="no feature 'nowhere'"):
        parse_scenario(data, "bad.toml")


def test_vehicle_in_a_building_is_refused(bwa) -> None:
    data = bwa.data([bwa.nv("n", "w0"), bwa.auth("v", "b", type="land_vehicle")])
    with pytest.raises(ScenarioError, match="land vehicle cannot stand"):
        parse_scenario(data, "bad.toml")


def test_extra_setup_key_is_refused(bwa) -> None:
    data = bwa.data([bwa.nv("n", "w0"), bwa.auth("a", "e6")], turns=3)
    with pytest.raises(ScenarioError, match=r"setup\.turns"):
        parse_scenario(data, "bad.toml")


def test_seats_must_be_the_two_sides(bwa) -> None:
    data = bwa.data([bwa.nv("n", "w0"), bwa.auth("a", "e6")])
    data["seats"] = ["p1", "p2"]
    scenario = parse_scenario(data, "bad.toml")
    with pytest.raises(ScenarioError, match="seats are nonviolent, authority"):
        Game(scenario)


def test_house_rules_are_checked(bwa) -> None:
    with pytest.raises(ScenarioError, match="no house rule"):
        parse_scenario(bwa.data([bwa.nv("n", "w0"), bwa.auth("a", "e6")], house_rules={"nope": 1}), "x")
    with pytest.raises(OptionError):
        bwa.game([bwa.nv("n", "w0"), bwa.auth("a", "e6")], options={"first_initiative": "umpire"})


def test_scenario_house_rule_overrides_default(bwa) -> None:
    """BWA-01 gap as data: a scenario may give the authority the first initiative."""
    data = bwa.data([bwa.nv("n", "w0"), bwa.auth("a", "e6")], house_rules={"first_initiative": "authority"})
    game = Game(parse_scenario(data, "x"))
    assert game.to_act() == ("authority",)


def test_every_roll_is_explained_with_its_rule() -> None:
    """Every roll in a whole game names a BWA rule and says in words what happened."""
    scenario = builtin_scenarios(get_ruleset("by-will-alone"))[0]
    from riotact.core.conformance import random_game
    game = random_game(scenario, 9)
    for event in game.log.events:
        if event["kind"] in ("roll", "effect"):
            assert event["rule"].startswith("BWA-") and event["text"]
    assert game.result is not None and set(game.result.scores) == {"nonviolent", "authority"}
