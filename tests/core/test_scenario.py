"""Scenario files: every fault names the file, the field and what is wrong."""

from __future__ import annotations

import copy
import random
from pathlib import Path

import pytest

from riotact.core import Game, OptionError, ScenarioError, find_scenario, load_scenario_file
from riotact.core.options import parse_cli_option
from riotact.core.registry import all_specs
from riotact.core.scenario import builtin_scenarios, find_builtin_scenario
from support import play_random

GOOD = '''
ruleset = "revolting-behaviour"
id = "mine"
title = "Mine"
seats = ["a", "b"]
[setup]
cause_cards = 5
'''


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "s.toml"
    path.write_text(text)
    return path


def test_a_good_file_loads(tmp_path: Path) -> None:
    scenario = load_scenario_file(write(tmp_path, GOOD))
    assert (scenario.ref, scenario.seats) == ("revolting-behaviour/mine", ("a", "b"))
    assert scenario.setup.cause_cards == 5
    assert find_scenario(str(tmp_path / "s.toml")).id == "mine"


@pytest.mark.parametrize(("change", "field", "words"), [
    (("cause_cards = 5", "cause_cards = 0"), "setup.cause_cards", "greater than or equal to 1"),
    (("cause_cards = 5", "cause_cards = 'x'"), "setup.cause_cards", "valid integer"),
    (("cause_cards = 5", "cards = 5"), "setup.cards", "Extra inputs"),
    (('seats = ["a", "b"]', 'seats = ["a", "a"]'), "seats", "different"),
    (('seats = ["a", "b"]', "seats = []"), "seats", "at least 1"),
    (('seats = ["a", "b"]', 'seats = ["a", "umpire"]'), "seats", "reserved"),
    (('ruleset = "revolting-behaviour"', 'ruleset = "chess"'), "ruleset", "no ruleset 'chess'"),
    (('id = "mine"', 'id = "My Game"'), "id", "pattern"),
    (('title = "Mine"', ""), "title", "Field required"),
    (("[setup]", "[house_rules]\nseverity = 3\n[setup]"), "house_rules", "no house rule 'severity'"),
    (("[setup]", "[house_rules]\nsevere = 3\n[setup]"), "house_rules", "takes a bool"),
])
def test_bad_fields_are_named(tmp_path: Path, change: tuple[str, str], field: str, words: str) -> None:
    path = write(tmp_path, GOOD.replace(*change))
    with pytest.raises(ScenarioError) as caught:
        load_scenario_file(path)
    assert caught.value.source == str(path) and caught.value.field == field
    assert words in str(caught.value)


def test_not_toml_and_missing_files(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match="not valid TOML"):
        load_scenario_file(write(tmp_path, "ruleset = "))
    with pytest.raises(ScenarioError, match="cannot read"):
        load_scenario_file(tmp_path / "absent.toml")
    with pytest.raises(ScenarioError, match="no such scenario"):
        find_scenario("revolting-behaviour/absent")


def test_cli_option_values() -> None:
    assert parse_cli_option("a=1.5") == ("a", 1.5)
    assert parse_cli_option("a=random") == ("a", "random")
    with pytest.raises(OptionError, match="key=value"):
        parse_cli_option("nokey")


def test_a_scenario_of_an_unimplemented_ruleset_cannot_be_played(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """It loads (the file is valid), but playing it says which file and why (every catalogued ruleset is
    implemented now, so the test registers a planned one)."""
    import riotact.rulesets
    from riotact.core import Game, RulesetSpec

    planned = RulesetSpec("planned", "PL", "A planned ruleset", "not written yet", None)
    real = riotact.rulesets.get_ruleset
    monkeypatch.setattr(riotact.rulesets, "get_ruleset", lambda r: planned if r == "planned" else real(r))
    scenario = load_scenario_file(write(tmp_path, 'ruleset = "planned"\nid = "pl"\ntitle = "PL"\n'
                                                  'seats = ["a"]\n'))
    with pytest.raises(ScenarioError, match=r"s\.toml: ruleset: A planned ruleset is not implemented"):
        Game(scenario)


def test_only_rulesets_with_an_umpire_chair_take_an_umpire_seat(tmp_path: Path) -> None:
    from riotact.rulesets import get_ruleset

    assert get_ruleset("civil-disorder").umpire_seat and not get_ruleset("revolting-behaviour").umpire_seat
    with pytest.raises(ScenarioError, match="reserved for the umpire"):
        load_scenario_file(write(tmp_path, GOOD.replace('seats = ["a", "b"]', 'seats = ["a", "umpire"]')))


def test_the_built_in_scenarios_are_parsed_once_and_no_game_changes_them() -> None:
    """The web lobby and every new table look the built-ins up: each file is parsed once and the scenario
    shared, which is sound only because playing a game leaves its scenario as it was."""
    for spec in all_specs():
        for scenario in builtin_scenarios(spec)[:1]:
            assert find_builtin_scenario(scenario.ref) is scenario
            data, setup = copy.deepcopy(scenario.data), copy.deepcopy(scenario.setup)
            play_random(Game(scenario, seed=5), random.Random(5), 40)
            assert (scenario.data, scenario.setup) == (data, setup), scenario.ref
