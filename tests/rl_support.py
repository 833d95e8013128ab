"""Shared helpers for the research-interface tests."""

from __future__ import annotations

from riotact.core import Scenario, builtin_scenarios
from riotact.rulesets import all_rulesets


def implemented_scenarios() -> list[Scenario]:
    """Every built-in scenario of every implemented ruleset (PP and BON join as they land)."""
    return [sc for spec in all_rulesets() if spec.implemented for sc in builtin_scenarios(spec)]


SCENARIOS = implemented_scenarios()
REFS = [sc.ref for sc in SCENARIOS]
