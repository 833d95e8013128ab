"""Heroic deeds (BON-043): a unit that does something heroic reassures every friendly unit nearby.

The seed does not say what is heroic or how near "nearby" is. The catalogue's proposal, as house
rules: destroying an enemy hero, gun (a piece or an MG) or vehicle in close combat is a heroic deed
(``heroic_deeds = "close_combat"``; ``"off"`` turns it off), and every friendly unit within
``heroic_range`` (12") of the unit that did it loses ``rally_gl`` (2) GL, never below its level's own
GL, and its soldiers stop panicking if it falls below GL 7.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..state import Soldier, Unit
from ..tables import STATS
from . import combat
from .glory import PANIC_GL

if TYPE_CHECKING:
    from ..state import World


def melee(w: World, u: Unit) -> None:
    watch_for_deeds(w, u, lambda: combat.melee(w, u))


def watch_for_deeds(w: World, u: Unit, fight: Callable[[], None]) -> None:
    """BON-043: run a close combat of ``u`` and see whether it struck down a hero, a gun or a vehicle."""
    if w.options.heroic_deeds == "off":
        fight()
        return
    prizes = [m for m in w.men.values() if m.in_play and w.unit_of(m).seat != u.seat
              and (m.is_hero or m.is_piece or m.vehicle is not None)]
    fight()
    fallen = [m for m in prizes if not m.in_play]
    if fallen and w.members(u):
        heroic_deed(w, u, fallen)


def heroic_deed(w: World, u: Unit, fallen: list[Soldier]) -> None:
    """BON-043: every friendly unit within range of the doer (the doer too) takes away GL."""
    what = ", ".join(f"{'the gun' if m.is_piece else 'the vehicle' if m.vehicle else 'the leader'} {m.id}"
                     for m in fallen)
    w.tell("BON-043", f"A heroic deed: {u.name} strikes down {what} in close combat.", unit=u)
    reach = w.options.heroic_range
    here = w.centre(u)
    for f in w.units.values():
        if f.seat != u.seat or not w.members(f):
            continue
        if min(w.table.distance(here, m.pos) for m in w.members(f)) > reach:
            continue
        floor = STATS[f.level].gl if f.kind != "mg" else STATS["green"].gl
        before = f.gl
        f.gl = max(floor, f.gl - w.options.rally_gl)
        calmed = []
        if f.gl < PANIC_GL:
            for m in w.members(f):
                if m.panic:
                    m.panic = ""
                    calmed.append(m.id)
        if before != f.gl or calmed:
            w.tell("BON-043", f"{f.name} takes heart: GL {before}+ to {f.gl}+"
                      + (f"; {', '.join(calmed)} stop panicking" if calmed else "") + ".", unit=f)
