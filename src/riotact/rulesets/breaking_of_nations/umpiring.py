"""The Breaking of Nations: the powers of a person in the umpire's chair beside the generic ones
(:mod:`riotact.core.umpiring`): move a unit to a point of the table, or take it off the table.

The seed has no umpire; these are the umpire's own authority (rule ``umpire``). A unit on the open
table is seen by both players, so what a move or removal shows is told as the rules tell any event
about the unit: to all, or to its own seat while it is hidden (the ``hidden_deployment`` house rule).
"""

from __future__ import annotations

from typing import Any

from riotact.core.umpiring import UMPIRE_RULE, Arg, Power, PowerError, move_and_remove

from .state import Unit, World


def umpire_powers(s: World) -> tuple[Power, ...]:
    def unit_on_table(uid: str) -> Unit:
        unit = s.units.get(uid)
        if unit is None or not s.members(unit):
            raise PowerError(f"{uid!r} is not a unit on the table")
        return unit

    def move(args: dict[str, Any]) -> None:
        unit = unit_on_table(args["unit"])
        try:
            x, y = (float(v) for v in args["to"].split(","))
        except ValueError:
            raise PowerError(f"{args['to']!r} is not a point x,y in inches, e.g. 12.5,8") from None
        men = s.members(unit)
        cx, cy = s.centre(unit)
        moved = [(m.x + x - cx, m.y + y - cy) for m in men]
        if not all(s.table.on_table(p) for p in moved):
            raise PowerError(f"{unit.name} would not fit on the table at ({x:g}, {y:g})")
        for m, (mx, my) in zip(men, moved, strict=True):
            m.x, m.y = mx, my
        s.tell(UMPIRE_RULE, f"The umpire moves {unit.name} to ({x:g}, {y:g}).", unit=unit)

    def remove(args: dict[str, Any]) -> None:
        unit = unit_on_table(args["unit"])
        for m in s.members(unit):
            m.removed = "taken off the table by the umpire"
        s.tell(UMPIRE_RULE, f"The umpire takes {unit.name} off the table.", unit=unit)

    return move_and_remove(UMPIRE_RULE, Arg("unit", "id", "a unit (all its models)"),
                           "a point x,y in inches, e.g. 12.5,8 (the unit's centre)", move, remove)
