"""Arrests and custody (CD-55): the arrested figure leaves its crowd; one SF figure walks it to
a police vehicle and does nothing else until they get there; any rescue or escape on the way is
the umpire's call (a person in the ``umpire`` seat, or riotact's ``rescue_chance`` house rule)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..state import Prisoner
from ..view import tell, witnesses
from .crowds import on_table

if TYPE_CHECKING:
    from ..state import Crowd, World


def make_arrest(s: World, captor: str, node: str, crowd: Crowd, *, units: Sequence[str] = ()) -> Prisoner:
    """CD-55: cuffed and under arrest; the figure leaves its crowd (-1 on its next RL roll, CD-21)
    and one figure of the captor (a unit, or a player's own figure) escorts it at walking pace to
    the nearest police vehicle (off the table if there is none)."""
    crowd.figures -= 1
    crowd.arrested += 1
    told = witnesses(s, [node], units)
    s.count("arrests", told)
    vans = [u.vehicle_node for u in s.units.values() if u.type.police and u.vehicle_node is not None]
    inches = min(s.town.path_inches(node, v) for v in (vans or s.town.exits))
    prisoner = Prisoner(s.new_id("pr"), crowd.id, captor, node,
                        max(1, math.ceil(inches / s.options.walk_inches)), known_to=told)
    s.prisoners[prisoner.id] = prisoner
    if captor in s.units:
        s.units[captor].escorts.append(prisoner.id)
    else:
        s.players[captor].escorting = prisoner.id
    s.trigger(crowd, "a member is arrested")
    tell(s, "CD-55", f"{captor} cuffs a rioter of crowd {crowd.id}: under arrest, escorted to a police "
                    f"vehicle ({prisoner.turns} turn(s) at the walk).", nodes=[node], units=units)
    return prisoner


def escorting(s: World) -> list[Prisoner]:
    return [p for p in s.prisoners.values() if p.status == "escorted"]


def _release_escort(s: World, prisoner: Prisoner) -> None:
    if prisoner.captor in s.units:
        s.units[prisoner.captor].escorts.remove(prisoner.id)
    else:
        s.players[prisoner.captor].escorting = None


def _captor_units(s: World, prisoner: Prisoner) -> list[str]:
    return [prisoner.captor] if prisoner.captor in s.units else []


def free_prisoner(s: World, prisoner: Prisoner) -> None:
    """CD-55: a rescue (back into its crowd, if that is still on the table) or an escape (gone);
    the escort is free again and the arrest no longer counts. The SF who see it are told what
    happens, never whose decision it was."""
    crowd = on_table(s, prisoner.crowd)
    prisoner.status = "rescued" if crowd is not None else "escaped"
    if crowd is not None:
        crowd.figures += 1
        crowd.arrested = max(0, crowd.arrested - 1)
    _release_escort(s, prisoner)
    nodes = [prisoner.node] + ([s.players[prisoner.captor].node] if prisoner.captor in s.players else [])
    told = witnesses(s, nodes, _captor_units(s, prisoner))
    s.count("arrests", told, -1)
    s.count("escapes", told)
    prisoner.known_to += [seat for seat in told if seat not in prisoner.known_to]  # CD-06: told of it now
    tell(s, "CD-55", f"The prisoner escorted by {prisoner.captor} "
                    f"{'escapes' if crowd is None else 'is rescued by crowd ' + crowd.id} in the confusion.",
         nodes=nodes, units=_captor_units(s, prisoner),
         prisoner=prisoner.id)


def escort_prisoners(s: World) -> None:
    """CD-12 step 6: riotact as umpire frees each escorted prisoner on ``rescue_chance`` % a turn
    (default 0: never; a person in the umpire seat decides instead, ``free:<prisoner>``); the
    others walk on, and reach the police vehicle when their turns run out."""
    chance = s.options.rescue_chance
    for prisoner in escorting(s):
        if chance > 0 and not s.human_umpire and s.roll(
                "CD-55", prisoner.id, 1, 100, f"rescue or escape ({chance}% or less)",
                target=chance, at_most=True).passed:
            free_prisoner(s, prisoner)
            continue
        prisoner.turns -= 1
        if prisoner.turns <= 0:
            prisoner.status = "in custody"
            _release_escort(s, prisoner)
            tell(s, "CD-55", f"{prisoner.captor} hands the prisoner over at the police vehicle.",
                 nodes=[prisoner.node], units=_captor_units(s, prisoner))
