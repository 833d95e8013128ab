"""Revolting Behaviour! through the core's state protocol: each method calls the rules (:mod:`.rules`)
or the statement of what a seat knows (:mod:`.view`)."""

from __future__ import annotations

from typing import Any

from riotact.core import Action, Scenario, Umpire
from riotact.core.umpiring import Power

from . import umpiring, view
from .options import Options
from .rules import actions, order
from .state import World


class RevoltingBehaviour(World):
    def __init__(self, scenario: Scenario, options: Options, umpire: Umpire) -> None:
        super().__init__(scenario, options, umpire)
        order.set_up(self)

    def to_act(self) -> tuple[str, ...]:
        return (self.acting(),)

    def legal_actions(self, seat: str) -> list[Action]:
        return actions.legal_actions(self, seat)

    def why_illegal(self, seat: str, action_id: str) -> str:
        return actions.why_illegal(self, seat, action_id)

    def apply(self, seat: str, action: Action) -> None:
        actions.apply(self, seat, action)

    def umpire_powers(self) -> tuple[Power, ...]:
        return umpiring.umpire_powers(self)

    def view(self, seat: str) -> dict[str, Any]:
        return view.view(self, seat)

    def plant_sentinels(self) -> None:
        view.plant_sentinels(self)

    def hidden_tokens(self, seat: str) -> set[str]:
        return view.hidden_tokens(self, seat)
