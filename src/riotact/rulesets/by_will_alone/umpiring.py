"""By Will Alone's own powers for a person in the umpire's chair, beside the generic ones
(:mod:`riotact.core.umpiring`): move or remove a unit.

A move is told to the unit's own side only (the other side sees the counter where its sight
reaches, as always); a removal is the rules' own "leaves the table" event (BWA-12), public and
naming a hidden unit only by its counter.
"""

from __future__ import annotations

from typing import Any

from riotact.core.umpiring import Arg, Power, PowerError, move_and_remove

from .combat import Combat
from .units import Unit


def umpire_powers(s: Combat) -> tuple[Power, ...]:
    """The umpire moves or removes a unit on the table."""

    def unit_on_table(uid: str) -> Unit:
        unit = s.units.get(uid)
        if unit is None or not unit.on_table or unit.mounted_in is not None:
            raise PowerError(f"{uid!r} is not a unit on the table (a unit carried moves with its vehicle)")
        return unit

    def move(args: dict[str, Any]) -> None:
        unit, node = unit_on_table(args["unit"]), args["to"]
        if node not in s.map.features:
            raise PowerError(f"{node!r} is not a feature of the map")
        for carried in [u for u in s.units.values() if u.mounted_in == unit.id]:
            carried.node = node
        unit.node = node
        s.umpire.effect("BWA-12", f"The umpire moves {s.own_label(unit)} to {node}.",
                        visible_to=[unit.player] if unit.player else [], unit=unit.id)

    def remove(args: dict[str, Any]) -> None:
        s.remove_unit(unit_on_table(args["unit"]), "the umpire's decision")

    return move_and_remove("BWA-12", Arg("unit", "id", "a unit (and what it carries)"), "a feature of the map",
                           move, remove)
