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

from riotact.core import Game, Scenario, find_scenario
from riotact.core.search import outcome


def resolve(scenario: str | Scenario) -> Scenario:
    return find_scenario(scenario) if isinstance(scenario, str) else scenario


returns = outcome  # the same rewards as the search bot's (core/search.py)


def new_game(scenario: Scenario, seed: int, options: Mapping[str, Any] | None) -> Game:
    return Game(scenario, seed=seed, options=dict(options or {}))
