"""By Will Alone's own powers for a person in the umpire's chair, beside the generic ones
(:mod:`riotact.core.umpiring`): move, split, merge or remove a unit.

A move, split or merge is told to the unit's own side only (the other side sees the counters where
its sight reaches, as always: a hidden unit's part split off shows as a new counter with a fresh
label, BWA-11, which neither ties it to the counter it came from nor shows that counter to be a unit
and not a dummy); a removal is the rules' own "leaves the table" event (BWA-12), public and naming a
hidden unit only by its counter.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from riotact.core.umpiring import REASON, Arg, Power, PowerError, move_and_remove

from . import view
from .rules import combat
from .state import Unit, World


def umpire_powers(s: World) -> tuple[Power, ...]:
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
        s.umpire.effect("BWA-12", f"The umpire moves {view.own_label(s, unit)} to {node}.",
                        visible_to=view.seats_only(s, unit.player), unit=unit.id)

    def remove(args: dict[str, Any]) -> None:
        combat.remove_unit(s, unit_on_table(args["unit"]), "the umpire's decision")

    def told(unit: Unit, text: str) -> None:
        s.umpire.effect("BWA-12", text, visible_to=view.seats_only(s, unit.player), unit=unit.id)

    def split(args: dict[str, Any]) -> None:
        unit, new = unit_on_table(args["unit"]), args["new"]
        if new in s.units:
            raise PowerError(f"{new!r} is already the id of a unit")
        if not 1 <= args["stands"] < len(unit.stands):
            raise PowerError(f"stands must be 1 to {len(unit.stands) - 1} (BWA-03: {unit.id} has "
                             f"{len(unit.stands)})")
        if unit.capacity or any(u.mounted_in == unit.id for u in s.units.values()):
            raise PowerError(f"{unit.id} is a vehicle or carries a unit: it cannot split")
        moved = unit.stands[-args["stands"]:]
        del unit.stands[-args["stands"]:]
        # BWA-11: a fresh label, as any counter's says nothing of what is behind it (a label made
        # from the old one would show the other side which counter split, so that it is no dummy)
        s.units[new] = replace(unit, id=new, stands=moved, signs_known=set(unit.signs_known),
                               counter=s.next_counter(unit.side) if unit.counter else "", enveloping=None)
        told(unit, f"The umpire splits {len(moved)} stand(s) off {view.own_label(s, unit)} as {new}.")

    def merge(args: dict[str, Any]) -> None:
        unit, into = unit_on_table(args["unit"]), unit_on_table(args["into"])
        if unit is into or (unit.side, unit.node) != (into.side, into.node) or unit.capacity or into.capacity:
            raise PowerError(f"{unit.id} can merge only into another unit of its side at the same feature, "
                             "neither a vehicle")
        into.stands += unit.stands
        unit.stands, unit.status, unit.node = [], "gone", None
        told(into, f"The umpire merges {view.own_label(s, unit)} into {view.own_label(s, into)}.")

    return (
        *move_and_remove("BWA-12", Arg("unit", "id", "a unit (and what it carries)"), "a feature of the map",
                         move, remove),
        Power("split", "split stands off a unit as a new unit of the same kind (BWA-03)",
              (Arg("unit", "id", "the unit"), Arg("new", "id", "the new unit's id"),
               Arg("stands", "int", "how many stands go"), REASON),
              split, lambda a: f"{a['stands']} stand(s) of {a['unit']} split off as {a['new']} ({a['reason']})",
              rule="BWA-12"),
        Power("merge", "merge a unit's stands into another unit of its side at the same feature",
              (Arg("unit", "id", "the unit that merges"), Arg("into", "id", "the unit it joins"), REASON),
              merge, lambda a: f"{a['unit']} merges into {a['into']} ({a['reason']})", rule="BWA-12"),
    )
