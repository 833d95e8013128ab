"""By Will Alone's side of the core ``State`` protocol: short methods over the world that call the
sequence of play (:mod:`.rules.sequence`) and the view (:mod:`.view`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from riotact.core.adjudication import Umpire
from riotact.core.compiling import mypyc_attr
from riotact.core.log import Visibility
from riotact.core.open_orders import OrderList
from riotact.core.protocol import Action
from riotact.core.scenario import Scenario
from riotact.core.umpiring import Power

from . import umpiring, view
from .options import Options
from .rules import movement, orders, sequence
from .state import World


@mypyc_attr(allow_interpreted_subclasses=True)  # copied without __init__ (core/compiling.py)
class ByWillAlone(World):
    """By Will Alone: two sides, one initiative, actions and reactions."""

    def __init__(self, scenario: Scenario, options: Options, umpire: Umpire) -> None:
        super().__init__(scenario, options, umpire)
        self.umpire.effect("BWA-01", f"{scenario.title}: the {self.initiative} side starts with the "
                           "initiative.")
        movement.update_sighting(self)
        sequence.run(self)

    # -- the protocol --------------------------------------------------------------
    def to_act(self) -> tuple[str, ...]:
        if self.result is not None or not self.tasks:
            return ()
        task = self.tasks[0]
        if task.kind == "orders":  # BWA-01: every player of the acting side orders at the same time
            return tuple(s for s in self.side_seats[task.data["side"]] if s not in task.data["done"])
        return () if task.seat is None else (task.seat,)

    def legal_actions(self, seat: str) -> Sequence[Action]:
        if seat not in self.to_act():
            return []
        if self.legal_cache is None or self.legal_cache[0] != self.legal_version or self.legal_cache[1] != seat:
            self.legal_cache = (self.legal_version, seat, orders.prompt_actions(self, self.tasks[0], seat))
        return self.legal_cache[2]

    def legal_action(self, seat: str, action_id: str) -> Action | None:
        """One decision checked without reading the whole list (orders are looked up by id)."""
        legal = self.legal_actions(seat)
        if isinstance(legal, OrderList):
            return legal.find(action_id)
        return next((a for a in legal if a.id == action_id), None)

    def apply(self, seat: str, action: Action) -> None:
        self.legal_version += 1
        task = self.tasks[0]
        handler = sequence.ANSWERS[task.kind]
        handler(self, task, action.id, seat)
        sequence.run(self)

    def umpire_powers(self) -> tuple[Power, ...]:
        return tuple(replace(p, run=self._then_orders_afresh(p.run)) for p in umpiring.umpire_powers(self))

    def _then_orders_afresh(self, run: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], None]:
        """The umpire moving, splitting, merging or removing a unit changes the board in the middle of
        the orders (BWA-01: they are worked out once per step): the orders still open are made again."""
        def run_then_refresh(args: dict[str, Any]) -> None:
            run(args)
            self.orders_cache = None
            self.legal_version += 1
        return run_then_refresh

    def view(self, seat: str) -> dict[str, Any]:
        return view.seat_view(self, seat)

    def scenario_data_for(self, seat: str) -> dict[str, Any]:
        return view.scenario_for(self, seat)

    def decision_visibility(self, seat: str, action: Action) -> Visibility:
        """Orders and answers are secret to their side; their effects are logged as they happen."""
        return view.side_only(self, self.side_of(seat))

    def why_illegal(self, seat: str, action_id: str) -> str:
        return orders.why_illegal(self, seat, action_id)

    def plant_sentinels(self) -> None:
        view.plant_sentinels(self)

    def hidden_tokens(self, seat: str) -> set[str]:
        return view.hidden_tokens(self, seat)
