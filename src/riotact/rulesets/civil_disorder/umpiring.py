"""CD-03: the powers of a person in the umpire's chair, beside the generic ones
(:mod:`riotact.core.umpiring`): set a crowd's RL, move or remove a crowd or unit.

Each is a logged decision of the ``umpire`` seat (umpire-only, like all Game Control business,
CD-01); a unit's player is told when the umpire moves or removes one of its units, since the
player's own view shows where its units are.
"""

from __future__ import annotations

from typing import Any

from riotact.core.umpiring import REASON, Arg, Power, PowerError, move_and_remove

from .movement import move_vehicle
from .tables import RL_MAX, RL_MIN
from .units import Crowd, SFUnit
from .world import World


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
        s.umpire.effect("CD-03", f"The umpire moves {found.id} to {node}.", visible_to=[found.player])

    def remove(args: dict[str, Any]) -> None:
        found = piece(args["piece"])
        if isinstance(found, Crowd):
            found.gone = "removed by the umpire"
            return
        found.away_until = s.turns + 1  # off the table for the rest of the game
        s.umpire.effect("CD-03", f"The umpire takes {found.id} off the table.", visible_to=[found.player])

    return (
        Power("set-rl", "set a crowd's Response Level (CD-20)",
              (Arg("crowd", "id", "the crowd"), Arg("rl", "int", f"the new RL, {RL_MIN} to {RL_MAX}"), REASON),
              set_rl, lambda a: f"crowd {a['crowd']}'s RL is now {a['rl']} ({a['reason']})", rule="CD-03"),
        *move_and_remove("CD-03", Arg("piece", "id", "a crowd or a unit"), "a street point, e.g. J2-3", move, remove),
    )
