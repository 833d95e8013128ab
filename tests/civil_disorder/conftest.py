"""Shared fixtures: a small test town (3x3 junctions, 16" blocks, 2" steps) and a game
factory with scripted dice, so each test reads like the rule it checks."""

from __future__ import annotations

import copy
import re
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


class RuleDice:
    """Scripted dice by rule: ``RuleDice({"CD-20": [2], "CD-22": [6]})`` gives each listed rule's
    rolls its faces in order and every other roll ``default`` (1 unless told), so a test that
    plays whole turns through ``Game`` scripts only the rolls it is about. ``asked`` lists every
    request, ``left`` the scripted faces not yet used."""

    def __init__(self, script: dict[str, list[int]], default: int = 1) -> None:
        self.script = {rule: list(faces) for rule, faces in script.items()}
        self.default = default
        self.asked: list[str] = []

    @property
    def left(self) -> dict[str, list[int]]:
        return {rule: faces for rule, faces in self.script.items() if faces}

    def faces(self, sides: int, n: int, request: str) -> list[int]:
        self.asked.append(request)
        rule = re.findall(r"\(([A-Z]+-\d+), ", request)[-1]
        queue = self.script.get(rule, [])
        return [min(sides, queue.pop(0) if queue else self.default) for _ in range(n)]


def make_game(*, dice: list[int] | RuleDice | None = None, seed: int = 1, options: dict[str, Any] | None = None,
              seats: list[str] | None = None, house_rules: dict[str, Any] | None = None,
              **setup: Any) -> Game:
    data = copy.deepcopy(BASE)
    data["setup"].update(setup)
    if seats is not None:
        data["seats"] = seats
    if house_rules:
        data["house_rules"] = house_rules
    scenario = parse_scenario(data, "test.toml")
    source = dice if isinstance(dice, RuleDice) else ScriptedDice(dice) if dice is not None else None
    return Game(scenario, seed=seed, options=options, dice=source)


def unit(uid: str, kind: str, at: str, figures: int = 8, **kw: Any) -> dict[str, Any]:
    return {"id": uid, "type": kind, "figures": figures, "at": at, "player": "commander", **kw}


def crowd(cid: str, at: str, figures: int = 25, rl: int = 5, **kw: Any) -> dict[str, Any]:
    return {"id": cid, "figures": figures, "at": at, "rl": rl, **kw}


@pytest.fixture
def cd() -> Any:
    """The helpers, as a namespace: cd.game(...), cd.unit(...), cd.crowd(...)."""

    class Helpers:
        game = staticmethod(make_game)
        dice = RuleDice
        unit = staticmethod(unit)
        crowd = staticmethod(crowd)

    return Helpers
