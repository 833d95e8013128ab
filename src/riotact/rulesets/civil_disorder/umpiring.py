"""CD-03: the powers of a person in the umpire's chair, beside the generic ones
(:mod:`riotact.core.umpiring`): set a crowd's RL; move, split, merge, add or remove a crowd or
unit; hold the game at the umpire's assessment (CD-12 step 6, see ``CivilDisorder.hold_points``).

Each is a logged decision of the ``umpire`` seat (umpire-only, like all Game Control business,
CD-01, with the umpire's reason). What seats learn of it is what the table shows them: a crowd
that splits or merges is the rules' own CD-11 event, told to the figures that see it (CD-06); a
unit's player is told when the umpire moves, splits, merges, adds or removes one of its units,
since the player's own view shows where its units are. A seat whose figure sees nothing of the
change receives nothing new.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from riotact.core.umpiring import REASON, Arg, Power, PowerError, move_and_remove

from .rules import crowds
from .rules.movement import move_vehicle
from .state import Crowd, SFUnit, World
from .tables import RL_MAX, RL_MIN, UNIT_TYPES
from .view import seats_only, tell


def umpire_powers(s: World) -> tuple[Power, ...]:
    """CD-03: the umpire adjusts the crowds and the table in the spirit of the rules."""

    def piece(pid: str) -> Crowd | SFUnit:
        crowd = s.crowds.get(pid)
        if crowd is not None and crowd.gone is None and crowd.figures > 0:
            return crowd
        unit = s.units.get(pid)
        if unit is not None and unit.on_table:
            return unit
        raise PowerError(f"{pid!r} is not a crowd or unit on the table")

    def set_rl(args: dict[str, Any]) -> None:
        crowd = piece(args["crowd"])
        if not isinstance(crowd, Crowd):
            raise PowerError(f"{args['crowd']} is a unit, not a crowd")
        if not RL_MIN <= args["rl"] <= RL_MAX:
            raise PowerError(f"a crowd's RL is {RL_MIN} to {RL_MAX} (CD-20), not {args['rl']}")
        crowd.rl = args["rl"]

    def move(args: dict[str, Any]) -> None:
        found, node = piece(args["piece"]), args["to"]
        if node not in s.town.pos:
            raise PowerError(f"{node!r} is not a street point of the town (junctions are J<col>-<row>)")
        if isinstance(found, Crowd):
            found.node = node
            return
        if found.aboard:
            move_vehicle(s, found, node)
        else:
            found.node = node
        s.umpire.effect("CD-03", f"The umpire moves {found.id} to {node}.", visible_to=seats_only(s, found.player))

    def remove(args: dict[str, Any]) -> None:
        found = piece(args["piece"])
        if isinstance(found, Crowd):
            found.gone = "removed by the umpire"
            return
        found.away_until = s.turns + 1  # off the table for the rest of the game
        s.umpire.effect("CD-03", f"The umpire takes {found.id} off the table.", visible_to=seats_only(s, found.player))

    def place(node: str) -> str:
        if node not in s.town.pos:
            raise PowerError(f"{node!r} is not a street point of the town (junctions are J<col>-<row>)")
        return node

    def new_id(pid: str) -> str:
        if pid in s.crowds or pid in s.units:
            raise PowerError(f"{pid!r} is already the id of a crowd or unit (ids are never reused)")
        return pid

    def figures(args: dict[str, Any], most: int) -> int:
        count = args["figures"]
        if not 1 <= count <= most:
            raise PowerError(f"figures must be 1 to {most}, not {count}")
        return count

    def split(args: dict[str, Any]) -> None:
        found, pid = piece(args["piece"]), new_id(args["new"])
        count = figures(args, found.figures - 1)
        node = place(args.get("to") or found.node)
        if isinstance(found, Crowd):
            crowds.split(s, found, count, part_id=pid).node = node  # CD-11: the rules' own split, seen there
            return
        if found.aboard or found.load or found.escorts or found.task:
            raise PowerError(f"{found.id} is aboard its vehicle, carrying casualties or escorting prisoners: "
                             "it cannot split now")
        found.figures -= count
        s.units[pid] = replace(found, id=pid, figures=count, node=node, vehicle="none", vehicle_node=None,
                               down=[], escorts=[], load=[], task=None,
                               gas_stock=None if found.gas_stock is None else 0)  # the stock stays with the unit
        s.umpire.effect("CD-03", f"The umpire splits {count} figures off {found.id} as unit {pid} at {node}.",
                        visible_to=seats_only(s, found.player))

    def merge(args: dict[str, Any]) -> None:
        into, other = piece(args["into"]), piece(args["piece"])
        if into is other:
            raise PowerError("a piece cannot merge with itself")
        if isinstance(into, Crowd) and isinstance(other, Crowd):
            crowds.merge(s, into, other)  # CD-11: the larger part's RL, then the umpire may set-rl
            other.node = into.node
            return
        if isinstance(into, Crowd) or isinstance(other, Crowd):
            raise PowerError("a crowd merges only with a crowd, a unit only with a unit")
        if (into.kind, into.player) != (other.kind, other.player) or other.aboard or other.load:
            raise PowerError(f"{other.id} can merge into {into.id} only if both are {into.type.name} units of "
                             f"{into.player}, and {other.id} is on foot and carries nobody")
        into.figures += other.figures
        into.down += other.down
        into.escorts += other.escorts
        other.figures, other.down, other.escorts = 0, [], []
        other.away_until = s.turns + 1
        s.umpire.effect("CD-03", f"The umpire merges {other.id} into {into.id} ({into.figures} figures).",
                        visible_to=seats_only(s, *sorted({into.player, other.player})))

    def add_crowd(args: dict[str, Any]) -> None:
        pid, node, count = new_id(args["crowd"]), place(args["at"]), figures(args, 500)
        if not RL_MIN <= args["rl"] <= RL_MAX:
            raise PowerError(f"a crowd's RL is {RL_MIN} to {RL_MAX} (CD-20), not {args['rl']}")
        crowd = Crowd(pid, count, node, args["rl"], history=[args["rl"]])
        crowd.seen_sf = sorted(u.id for u in s.live_units() if s.town.sees(node, u.node))
        s.crowds[pid] = crowd
        tell(s, "CD-11", f"A crowd of {count} gathers at {node} (crowd {pid}).", nodes=[node])

    def add_unit(args: dict[str, Any]) -> None:
        pid, node, count = new_id(args["unit"]), place(args["at"]), figures(args, 100)
        kind, seat = args["kind"], args["player"]
        if kind not in UNIT_TYPES:
            raise PowerError(f"kind must be one of {', '.join(UNIT_TYPES)} (CD-10), not {kind!r}")
        if seat not in s.players:
            raise PowerError(f"player must be one of the SF seats {', '.join(s.sf_seats)}, not {seat!r}")
        s.units[pid] = SFUnit(pid, kind, count, node, seat)
        s.umpire.effect("CD-03", f"The umpire sends {pid} ({UNIT_TYPES[kind].name}, {count} figures) to "
                        f"{seat} at {node}.", visible_to=seats_only(s, seat))

    figures_arg = Arg("figures", "int", "how many figures")
    return (
        Power("set-rl", "set a crowd's Response Level (CD-20)",
              (Arg("crowd", "id", "the crowd"), Arg("rl", "int", f"the new RL, {RL_MIN} to {RL_MAX}"), REASON),
              set_rl, lambda a: f"crowd {a['crowd']}'s RL is now {a['rl']} ({a['reason']})", rule="CD-03"),
        *move_and_remove("CD-03", Arg("piece", "id", "a crowd or a unit"), "a street point, e.g. J2-3", move, remove),
        Power("split", "split figures off a crowd or unit as a new one (CD-11 for crowds)",
              (Arg("piece", "id", "the crowd or unit that splits"), Arg("new", "id", "the new piece's id"),
               figures_arg, REASON, Arg("to", "id", "where the new piece stands (default: with the other)",
                                        required=False)),
              split, lambda a: f"{a['figures']} figures of {a['piece']} split off as {a['new']} ({a['reason']})",
              rule="CD-03"),
        Power("merge", "merge a crowd into a crowd, or a unit into a unit of the same kind and player",
              (Arg("piece", "id", "the crowd or unit that merges"), Arg("into", "id", "the one it joins"), REASON),
              merge, lambda a: f"{a['piece']} merges into {a['into']} ({a['reason']})", rule="CD-03"),
        Power("add-crowd", "a new crowd gathers on the table",
              (Arg("crowd", "id", "its id"), Arg("at", "id", "a street point"), figures_arg,
               Arg("rl", "int", f"its RL, {RL_MIN} to {RL_MAX}"), REASON),
              add_crowd, lambda a: f"crowd {a['crowd']} ({a['figures']}, RL {a['rl']}) gathers at {a['at']} "
                                   f"({a['reason']})", rule="CD-03"),
        Power("add-unit", "a new SF unit arrives for a player",
              (Arg("unit", "id", "its id"), Arg("kind", "id", "a unit type, e.g. riot_police"),
               Arg("player", "seat", "the SF seat it answers to"), Arg("at", "id", "a street point"),
               figures_arg, REASON),
              add_unit, lambda a: f"unit {a['unit']} ({a['kind']}, {a['figures']}) joins {a['player']} at {a['at']} "
                                  f"({a['reason']})", rule="CD-03"),
    )
