"""How SF units and vehicles move along the streets (CD-14, CD-15): pace, travel, running
away from danger and closing with a crowd. Used by orders (CD-13), over-reaction (CD-64) and
paramedics (CD-58)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..state import Crowd, SFUnit, World


def vehicle_reach(s: World, unit: SFUnit) -> int:
    """CD-15: a vehicle already moving goes anywhere by road; from stationary, 12" (default)."""
    return 10**6 if unit.vehicle_moving else s.options.vehicle_start_inches


def pace(s: World, unit: SFUnit, inches: int | None = None) -> int:
    """CD-14 / CD-15: foot or horse pace, or the vehicle's reach."""
    if unit.aboard:
        return vehicle_reach(s, unit)
    if inches:
        return inches
    return unit.type.walk if unit.type.mounted else s.options.walk_inches


def run_pace(s: World, unit: SFUnit) -> int:
    """CD-14 default: run 12"; horses charge up to 18"."""
    return unit.type.run if unit.type.mounted else s.options.run_inches


def travel(s: World, unit: SFUnit, target: str, *, inches: int | None = None,
           stop: Callable[[str], bool] | None = None) -> None:
    """Move along the streets towards ``target`` (the first nearer street point at each step)."""
    town = s.town
    steps = pace(s, unit, inches) // town.step
    node = unit.node
    for _ in range(steps):
        if node == target or (stop is not None and stop(node)):
            break
        node = town.step_towards(node, target)[0]
    _arrive(s, unit, node)


def _arrive(s: World, unit: SFUnit, node: str) -> None:
    if node == unit.node:
        return
    if unit.aboard:
        if driver(s, unit) is not None:
            s.note("CD-07", f"{unit.id} rides where the player at the wheel drives the vehicle.")
            return
        move_vehicle(s, unit, node)
    else:
        unit.node = node


def driver(s: World, unit: SFUnit) -> str | None:
    """CD-07 (c): the player sitting at the wheel of this unit's vehicle, if any."""
    return next((p.seat for p in s.players.values() if p.vehicle == unit.id), None)


def move_vehicle(s: World, unit: SFUnit, node: str) -> None:
    """A vehicle moves, with its crew if aboard and the player at the wheel (CD-07 c, CD-15)."""
    unit.vehicle_node, unit.vehicle_moved = node, True
    unit.hydrant = False  # CD-50 default: moving disconnects the engine
    if unit.aboard:
        unit.node = node
    seat = driver(s, unit)
    if seat is not None:
        s.players[seat].node = node


def move_away(s: World, unit: SFUnit, danger: str, inches: int) -> None:
    """Move directly away from ``danger`` along the streets."""
    town = s.town
    node = unit.node
    for _ in range(pace(s, unit, inches) // town.step):
        here = town.inches(node, danger)
        options = [n for n in town.neighbours(node) if town.inches(n, danger) > here]
        if not options:
            break
        node = max(options, key=lambda n: (town.inches(n, danger), n))
    _arrive(s, unit, node)


def move_into_contact(s: World, unit: SFUnit, crowd: Crowd, inches: int) -> bool:
    """Move towards a crowd until in contact (2", CD-21 d); True when in contact."""
    contact = s.options.adjacent_inches
    travel(s, unit, crowd.node, inches=inches, stop=lambda n: s.town.inches(n, crowd.node) <= contact)
    return s.town.inches(unit.node, crowd.node) <= contact
