"""Shared fixtures."""

from __future__ import annotations

import pytest

from riotact.core import Scenario
from support import dice_race_scenario, rb_scenario


@pytest.fixture
def rb_first_game() -> Scenario:
    return rb_scenario()


@pytest.fixture
def dice_race(monkeypatch: pytest.MonkeyPatch) -> Scenario:
    """A two-seat test ruleset that rolls a D6 per decision (see support.DiceRace)."""
    return dice_race_scenario(monkeypatch)
