"""Helpers for tests: small scenarios built from data, so tests read like the rules."""

from __future__ import annotations

from typing import Any

from riotact.core import Scenario, parse_scenario


def rb_scenario(seats: int = 2, cause_cards: int = 10, **house_rules: Any) -> Scenario:
    return parse_scenario({
        "ruleset": "revolting-behaviour", "id": "test", "title": "test",
        "seats": [f"p{i + 1}" for i in range(seats)], "house_rules": house_rules,
        "setup": {"cause_cards": cause_cards},
    })
