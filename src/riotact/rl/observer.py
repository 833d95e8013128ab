"""One observer feeds text and tensors, both from a seat's own view (``Game.view(seat)``).

>>> from riotact.core import Game, find_scenario
>>> game = Game(find_scenario("revolting-behaviour/first-game"), seed=1)
>>> observer = Observer(game)
>>> observer.tensor("p1").shape, observer.mask("p1").dtype
((40,), dtype('int8'))
>>> "p1" in observer.string("p1")
True
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import numpy as np

from riotact.core import Action, Game, Scenario
from riotact.core.encoding import Encoding, EncodingError
from riotact.rulesets import get_ruleset


def scenario_encoding(scenario: Scenario, options: dict[str, Any]) -> Encoding:
    """The ruleset's declared encoding for this scenario (``RulesetSpec.encoding``)."""
    spec = get_ruleset(scenario.ruleset)
    if spec.encoding is None:
        raise EncodingError(f"{spec.title} declares no encoding yet (RulesetSpec.encoding)")
    return spec.encoding(scenario, options)


class Observer:
    """What a seat observes of ``game``: a text screen, a feature vector and the legal-action mask.

    Everything is computed from ``game.view(seat)`` (the tensor from the view without its legal
    actions, the mask from the legal actions), never from the rules' state.
    """

    def __init__(self, game: Game, encoding: Encoding | None = None) -> None:
        self.game = game
        self.encoding = encoding or scenario_encoding(game.scenario, game.options)
        self._numbered: tuple[str, Sequence[Action], dict[int, str]] | None = None

    def tensor(self, seat: str) -> np.ndarray:
        return self.encoding.observe(self.game.view(seat, legal=False))

    def string(self, seat: str) -> str:
        view = self.game.view(seat)
        text_view = self.game.spec.text_view
        return text_view(view) if text_view else json.dumps(view["state"], indent=1, sort_keys=True)

    def legal(self, seat: str) -> dict[int, str]:
        """Action number -> legal action id for ``seat`` now (empty when it may not act). Numbered once
        per list: the game hands out the same list until its next decision (``Game.legal_actions``),
        and an environment asks for the mask and then for the chosen number's id."""
        actions = self.game.legal_actions(seat)
        if self._numbered is None or self._numbered[0] != seat or self._numbered[1] is not actions:
            self._numbered = (seat, actions, self.encoding.number([a.id for a in actions]))
        return dict(self._numbered[2])

    def mask(self, seat: str) -> np.ndarray:
        mask = np.zeros(self.encoding.num_actions, dtype=np.int8)
        mask[list(self.legal(seat))] = 1
        return mask
