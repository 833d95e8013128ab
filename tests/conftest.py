"""Shared fixtures."""

from __future__ import annotations

import pytest

from riotact.core import Scenario
from support import rb_scenario


@pytest.fixture
def rb_first_game() -> Scenario:
    return rb_scenario()
