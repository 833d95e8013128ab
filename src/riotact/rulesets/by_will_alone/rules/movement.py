"""Sighting (BWA-11), movement (BWA-12), street signs and wrong-direction moves (BWA-07, BWA-14..16)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from riotact.core.modifiers import Modifier

from .. import view
from ..state import Task, Unit, World
from ..tables import (
    AUTHORITY,
    GPS_MODIFIER,
    ORIGIN_MODIFIER,
    SIDES,
    STREET_SIGN_COLUMN,
    WRONG_DIRECTION,
    other,
)
from . import morale


def update_sighting(w: World) -> None:
    """BWA-11: a sighted counter is replaced by its stands; a sighted dummy is removed."""
    table = w.table_units()
    for side in SIDES:
        # one sight check per pair of places, however many units stand there
        watchers = {u.node for u in table if u.side != side and u.node is not None}
        hidden = [u for u in table if u.side == side and u.hidden and u.node]
        hiding = {u.node for u in hidden if u.node} | {d.node for d in w.dummies.values() if d.side == side}
        seen = {n for n in hiding if any(w.sees(watcher, n) for watcher in watchers)}
        for unit in hidden:
            if unit.node in seen:
                reveal(w, unit)
        for label, dummy in list(w.dummies.items()):
            if dummy.side == side and dummy.node in seen:
                del w.dummies[label]
                w.umpire.effect("BWA-11", f"Counter {label} at {dummy.node} is sighted: it is a "
                                   "dummy and is removed.", counter=label)


def reveal(w: World, unit: Unit) -> None:
    label = unit.counter
    unit.hidden = False
    carried = [u for u in w.units.values() if u.mounted_in == unit.id]
    for c in carried:
        c.hidden = False
    stands = ", ".join(f"{s.quality_name}" for s in unit.stands)
    w.umpire.effect("BWA-11", f"Counter {label} at {unit.node} is sighted: it is {unit.name} "
                       f"({unit.id}), {len(unit.stands)} stands ({stands})"
                       + (f", carrying {', '.join(c.name for c in carried)}" if carried else "") + ".",
                       counter=label, unit=unit.id, carrying=[c.id for c in carried])


def place(w: World, unit: Unit, node: str) -> None:
    """Put a unit (and what it carries, and media following it) in ``node``; it faces the way it went."""
    if unit.node is not None and unit.node != node:
        unit.heading = w.map.bearing(unit.node, node)
    unit.node = node
    for u in w.units.values():
        if u.mounted_in == unit.id:
            u.node = node
    for mid, (_, follows) in w.media.items():
        if follows == unit.id:
            w.media[mid] = (node, follows)


def leave_position(w: World, unit: Unit) -> None:
    """Moving ends a condition (BWA-19) and an envelopment (BWA-22)."""
    unit.condition = None
    unit.enveloping = None
    for u in w.units.values():
        if u.enveloping == unit.id:
            u.enveloping = None


def move_along(w: World, unit: Unit, path: Sequence[str], rule: str = "BWA-12") -> bool:
    """Move step by step; authority units check changed street signs (BWA-14).

    Returns True when the unit reached the end of ``path``.
    """
    if not path:
        return True
    leave_position(w, unit)
    start = unit.node
    assert start is not None
    checks_signs = unit.side == AUTHORITY and not unit.airborne
    if checks_signs and unit.sign_state == "roll_again":
        # BWA-07: after a 51-75% result the unit checks again even on correct signs.
        unit.sign_state = None
        if not street_sign_check(w, unit, path[0], came_from=start):
            moved(w, unit, start)
            return False
    for node in path:
        previous = unit.node
        assert previous is not None
        place(w, unit, node)
        if checks_signs and node in w.changed_signs and node not in unit.signs_known:
            unit.signs_known.add(node)
            if not street_sign_check(w, unit, node, came_from=previous):
                moved(w, unit, start)
                return False
    moved(w, unit, start)
    return unit.node == path[-1]


def moved(w: World, unit: Unit, start: str) -> None:
    if unit.hidden:  # the other side reads what a dummy's move says (BWA-11); its own side, the unit
        w.umpire.effect("BWA-11", f"Counter {unit.counter} moves from {start} to {unit.node}.",
                           visible_to=view.side_only(w, other(unit.side)), counter=unit.counter, to=unit.node)
        w.umpire.effect("BWA-12", f"{view.own_label(w, unit)} moves from {start} to {unit.node}.",
                           visible_to=view.side_only(w, unit.side), unit=unit.id, to=unit.node)
    else:
        w.umpire.effect("BWA-12", f"{view.label(unit)} moves from {start} to {unit.node}.",
                           unit=unit.id, to=unit.node)
    update_sighting(w)


def street_sign_check(w: World, unit: Unit, node: str, came_from: str | None = None) -> bool:
    """Returns True when the unit carries on moving."""
    mods = []
    if ORIGIN_MODIFIER[unit.origin]:  # BWA-15: area (+2) or neighbouring area (+1), never both
        where = "the area of the game" if unit.origin == "area" else "the neighbouring area"
        mods.append(Modifier(ORIGIN_MODIFIER[unit.origin], f"unit is from {where}", "BWA-15"))
    if unit.gps:
        mods.append(Modifier(GPS_MODIFIER, "unit has GPS mapping software", "BWA-15"))
    w.umpire.effect("BWA-14", f"{view.own_label(w, unit)} finds changed street signs at {node}.",
                       visible_to=view.witnesses(w, unit), unit=unit.id, at=node)
    check = morale.unit_check(w, unit, "BWA-14", "Street Sign Check", STREET_SIGN_COLUMN, mods)
    if check.row == 0:
        return True
    if check.row == 3:  # BWA-07: lost; the opponent places it two moves away
        unit.lost = True
        w.tasks.insert(0, Task("place_lost", w.first_seat(other(unit.side)), {"unit": unit.id}))
        w.umpire.effect("BWA-07", f"{view.label(unit)} is lost: the opponent places it "
                           f"{w.options.lost_moves} moves away; it will not move until rallied.",
                           unit=view.key(unit))
        return False
    unit.sign_state = "roll_again" if check.row == 2 else None
    heading = w.map.bearing(came_from, node) if came_from else 0.0
    return wrong_direction(w, unit, heading)


def wrong_direction(w: World, unit: Unit, heading: float) -> bool:
    """BWA-16: 1-2 right, 3-4 reverse, 5-6 left; reroll while the way is blocked.

    Returns True when the unit carries on with the move it was making (every way blocked under the
    ``wrong_way_all_blocked = "as_ordered"`` house rule)."""
    assert unit.node is not None
    at = unit.node
    turns = {"right": -math.pi / 2, "reverse": math.pi, "left": math.pi / 2}
    ways = {name: w.map.turn(at, heading, angle) for name, angle in turns.items()}
    # Counters block like units: a dummy must not be told apart by the roll (BWA-11).
    open_ways = {n: to for n, to in ways.items()
                 if to is not None and w.can_enter(unit, to)
                 and not any(u.node == to for u in w.table_units() if u is not unit)
                 and not any(d.node == to for d in w.dummies.values())}
    if not open_ways:  # BWA-16 gap: the reroll would never end
        as_ordered = w.options.wrong_way_all_blocked == "as_ordered"
        outcome = "it carries on with its move" if as_ordered else "it stays where it is"
        w.umpire.effect("BWA-16", f"{view.own_label(w, unit)} would go the wrong way, but every way is "
                           f"blocked: {outcome}.", visible_to=view.witnesses(w, unit), unit=unit.id)
        return as_ordered
    while True:
        roll = w.umpire.roll_total("BWA-16", view.own_label(w, unit), 1, 6, purpose="wrong direction",
                                      judge=lambda t: WRONG_DIRECTION[t], visible_to=view.witnesses(w, unit))
        way = str(roll.result)
        if way in open_ways:
            break
        w.umpire.effect("BWA-16", f"Going {way} is blocked: roll again.", visible_to=view.witnesses(w, unit))
    place(w, unit, open_ways[way])
    w.umpire.effect("BWA-16", f"{view.own_label(w, unit)} goes the wrong way ({way}) to {unit.node}.",
                       visible_to=view.witnesses(w, unit), unit=unit.id, to=unit.node)
    return False
