"""The engine protocol over the world (``BreakingOfNations(World)``): whose decision it is, the legal
orders, applying one, parsing and refusing typed ones; each a short call into ``rules/`` (the sequence
of play: initiative BON-004, alternating activation BON-006, the turn BON-007, the end BON-003) and
``view.py`` (what a seat knows).

A seat picks one of its units (``activate:A``); the unit's Orders step runs (glory tests, BON-037;
MG ammunition, BON-076; panic reactions, BON-039), then the seat gives it orders, each paid in AC by
every soldier who takes part, until ``end:A``. Moves are continuous: ``move:A:12.5,8.0`` takes the
unit's centre to any reachable point, and the menu offers a finite set of such points.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from riotact.core.adjudication import Umpire
from riotact.core.compiling import mypyc_attr
from riotact.core.log import Visibility
from riotact.core.protocol import Action
from riotact.core.scenario import Scenario
from riotact.core.umpiring import Power

from . import umpiring
from .options import Options
from .rules import artillery, buildings, combat, glory, heroes, movement, orders, sequence, wire
from .rules.artillery import GUN_VERBS
from .rules.buildings import BUILDING_VERBS
from .state import Unit, World
from .tables import WEAPONS
from .view import decision_audience, hidden_tokens, plant_sentinels, scenario_for, seat_view


def _xy(text: str) -> tuple[float, float] | None:
    try:
        x, y = (float(v) for v in text.split(","))
    except ValueError:
        return None
    return (x, y) if math.isfinite(x) and math.isfinite(y) else None


def _end(w: World, u: Unit) -> None:
    w.tell("BON-006", f"{u.name} ends its activation.", unit=u)
    sequence.finish_activation(w)


def _throw(w: World, u: Unit, aim: tuple[float, float]) -> None:
    thrower = orders.grenadier(w, u)
    assert thrower is not None, "a throw is legal only while the unit has a grenadier (BON-053)"
    combat.throw(w, thrower, aim)


def _fight(w: World, u: Unit) -> None:
    sequence.reveal(w, u, "it fights")
    heroes.melee(w, u)


#: A unit's order (the verb of ``verb:UNIT:ARGUMENT``) -> the rule procedure that carries it out,
#: called with the world, the unit, the verb and the argument.
Order = Callable[[World, Unit, str, str], None]
ORDERS: dict[str, Order] = {
    "activate": lambda w, u, verb, arg: sequence.begin(w, u),  # BON-006 / BON-014
    "end": lambda w, u, verb, arg: _end(w, u),  # BON-006
    "move": lambda w, u, verb, arg: movement.move_unit(w, u, _xy(arg) or (0.0, 0.0), "BON-015"),
    "fallback": lambda w, u, verb, arg: movement.fall_back(w, u),  # BON-042
    "rally": lambda w, u, verb, arg: glory.steady(w, u, "BON-041", "rallies"),
    "formation": lambda w, u, verb, arg: movement.change_formation(w, u, arg),  # BON-018
    "prone": lambda w, u, verb, arg: movement.go_prone(w, u, True),  # BON-023
    "rise": lambda w, u, verb, arg: movement.go_prone(w, u, False),  # BON-023
    "fire": lambda w, u, verb, arg: orders.fire(w, u, w.units[arg]),
    "rotate": lambda w, u, verb, arg: artillery.rotate(w, u, float(arg)),  # BON-066
    "throw": lambda w, u, verb, arg: _throw(w, u, _xy(arg) or (0.0, 0.0)),  # BON-057
    "charge": lambda w, u, verb, arg: movement.charge(w, u, w.units[arg]),  # BON-017
    "fight": lambda w, u, verb, arg: _fight(w, u),  # BON-032
    "cut": lambda w, u, verb, arg: wire.cut_wire(w, u, arg),  # BON-102
    **{verb: buildings.building_order for verb in BUILDING_VERBS},
    **{verb: artillery.gun_order for verb in GUN_VERBS},
}


@mypyc_attr(allow_interpreted_subclasses=True)  # copied without __init__ (core/compiling.py)
class BreakingOfNations(World):
    def __init__(self, scenario: Scenario, options: Options, umpire: Umpire) -> None:
        super().__init__(scenario, options, umpire)
        sequence.set_up(self)

    # -- whose decision -------------------------------------------------------------------
    def to_act(self) -> tuple[str, ...]:
        return (self.current,) if self.current and self.result is None else ()

    def legal_actions(self, seat: str) -> list[Action]:
        if seat not in self.to_act():
            return []
        if not self.active:
            return [Action(f"activate:{u.id}", f"activate {u.name}") for u in self.units.values()
                    if u.seat == seat and sequence.may_activate(self, u)]
        return orders.unit_actions(self, self.units[self.active])

    def decision_visibility(self, seat: str, action: Action) -> Visibility:
        return decision_audience(self, action)

    def apply(self, seat: str, action: Action) -> None:
        verb, _, rest = action.id.partition(":")
        uid, _, arg = rest.partition(":")
        ORDERS[verb](self, self.units[uid], verb, arg)
        sequence.spot(self)
        sequence.check_victory(self)
        if self.result is None and self.active and not orders.has_orders(self, self.units[self.active]):
            sequence.finish_activation(self)
        if self.result is None:
            sequence.advance(self)

    def umpire_powers(self) -> tuple[Power, ...]:
        return umpiring.umpire_powers(self)  # a person in the umpire's chair moves or removes a unit

    def parse_action(self, seat: str, action_id: str) -> Action | None:
        """A move or a grenade's aiming point anywhere on the table, not only the menu's points."""
        if seat not in self.to_act() or not self.active:
            return None
        verb, _, rest = action_id.partition(":")
        uid, _, where = rest.partition(":")
        p = _xy(where)
        if uid == self.active and verb in GUN_VERBS:
            return artillery.gun_parse(self, self.units[uid], verb, where)
        if uid == self.active and verb == "rotate":
            return artillery.rotation_parse(self, self.units[uid], where)  # BON-066: any bearing
        if uid != self.active or p is None:
            return None
        u = self.units[uid]
        if verb == "move" and movement.move_problem(self, u, p) is None:
            return Action(action_id, f"{u.name} moves to ({p[0]:.1f}, {p[1]:.1f})")
        g = orders.grenadier(self, u)
        if verb == "throw" and g is not None and self.table.ruler(g.pos, g.base, p, 0) <= WEAPONS["grenades"].reach:
            return Action(action_id, f"{g.id} throws a grenade at ({p[0]:.1f}, {p[1]:.1f})")
        return None

    def why_illegal(self, seat: str, action_id: str) -> str:
        if seat not in self.to_act():
            return "it is not your decision now"
        verb, _, rest = action_id.partition(":")
        uid, _, where = rest.partition(":")
        if self.active and uid == self.active and verb in ("lob", "plan") and self.units[uid].kind == "gun":
            return artillery.gun_refusal(self, self.units[uid], where)
        if self.active and uid == self.active and verb == "rotate":
            return artillery.rotation_refusal(self, self.units[uid], where)
        if self.active and uid == self.active and verb == "enter":
            return buildings.entry_refusal(self, self.units[uid], where) or "that is not one of the legal actions now"
        if self.active and uid == self.active and verb == "move" and (p := _xy(where)):
            return movement.move_problem(self, self.units[uid], p) or "that is not one of the legal actions now"
        return "that is not one of the legal actions now"

    def view(self, seat: str) -> dict[str, Any]:
        return seat_view(self, seat)

    def scenario_data_for(self, seat: str) -> dict[str, Any]:
        return scenario_for(self, seat)

    # -- what each seat knows (view.py) ------------------------------------------------------
    def plant_sentinels(self) -> None:
        plant_sentinels(self)

    def hidden_tokens(self, seat: str) -> set[str]:
        return hidden_tokens(self, seat)
