"""What every research interface shares: finding the scenario, rewards from the result, seeds.

Rewards are paid once, when the game ends: +1 to each winner and -1 to every other seat when
somebody won, 0 to everyone when nobody did (a draw, a turn limit, or a Civil Disorder game the
Security Forces did not win: ``Result.winners`` is empty then).

>>> from riotact.core import Result
>>> returns(Result(("p2",), "won"), ("p1", "p2"))
{'p1': -1.0, 'p2': 1.0}
>>> returns(Result((), "turn limit"), ("p1", "p2"))
{'p1': 0.0, 'p2': 0.0}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from riotact.core import Game, Result, Scenario, find_scenario


def resolve(scenario: str | Scenario) -> Scenario:
    return find_scenario(scenario) if isinstance(scenario, str) else scenario


def returns(result: Result | None, seats: tuple[str, ...]) -> dict[str, float]:
    if result is None or not result.winners:
        return dict.fromkeys(seats, 0.0)
    return {s: 1.0 if s in result.winners else -1.0 for s in seats}


def new_game(scenario: Scenario, seed: int, options: Mapping[str, Any] | None) -> Game:
    return Game(scenario, seed=seed, options=dict(options or {}))
