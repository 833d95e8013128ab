"""The engine's conformance harness on every By Will Alone scenario (BWA-01, BWA-11)."""

from __future__ import annotations

import pytest

from riotact.core import conformance
from riotact.core.scenario import builtin_scenarios
from riotact.rulesets import get_ruleset

SCENARIOS = builtin_scenarios(get_ruleset("by-will-alone"))
IDS = [s.id for s in SCENARIOS]


def test_three_scenarios_of_different_character() -> None:
    assert {"ministry-sit-in", "village-bulldozer", "night-of-barricades"} <= set(IDS)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=IDS)
@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_end_with_legal_actions_only(scenario, seed) -> None:
    conformance.check_legal_only(scenario, seed)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=IDS)
def test_determinism_replay_clone_undo(scenario) -> None:
    conformance.check_determinism(scenario, 3)
    conformance.check_replay(conformance.random_game(scenario, 4))
    conformance.check_clone_and_undo(scenario, 5, steps=40)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=IDS)
@pytest.mark.parametrize("seed", [6, 7])
def test_hidden_units_never_leak(scenario, seed) -> None:
    """BWA-11: counters, dummies and infiltrators stay secret until sighted."""
    assert conformance.check_no_leaks(scenario, seed) > 0
