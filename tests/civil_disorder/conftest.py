"""Shared fixtures: a small test town (3x3 junctions, 16" blocks, 2" steps) and a game
factory with scripted dice, so each test reads like the rule it checks."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from riotact.core import Game, ScriptedDice, parse_scenario

BASE: dict[str, Any] = {
    "ruleset": "civil-disorder", "id": "test", "title": "test town", "seats": ["commander"],
    "setup": {
        "turns": 10,
        "town": {"columns": 3, "rows": 3, "block": 16, "step": 2},
        "players": [{"seat": "commander", "at": "J1-1"}],
    },
}


def make_game(*, dice: list[int] | None = None, seed: int = 1, options: dict[str, Any] | None = None,
              seats: list[str] | None = None, house_rules: dict[str, Any] | None = None,
              **setup: Any) -> Game:
    data = copy.deepcopy(BASE)
    data["setup"].update(setup)
    if seats is not None:
        data["seats"] = seats
    if house_rules:
        data["house_rules"] = house_rules
    scenario = parse_scenario(data, "test.toml")
    return Game(scenario, seed=seed, options=options,
                dice=ScriptedDice(dice) if dice is not None else None)


def unit(uid: str, kind: str, at: str, figures: int = 8, **kw: Any) -> dict[str, Any]:
    return {"id": uid, "type": kind, "figures": figures, "at": at, "player": "commander", **kw}


def crowd(cid: str, at: str, figures: int = 25, rl: int = 5, **kw: Any) -> dict[str, Any]:
    return {"id": cid, "figures": figures, "at": at, "rl": rl, **kw}


@pytest.fixture
def cd() -> Any:
    """The helpers, as a namespace: cd.game(...), cd.unit(...), cd.crowd(...)."""

    class Helpers:
        game = staticmethod(make_game)
        unit = staticmethod(unit)
        crowd = staticmethod(crowd)

    return Helpers
