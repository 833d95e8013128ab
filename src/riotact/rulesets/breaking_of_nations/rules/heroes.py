"""Heroic deeds (BON-043): a unit that does something heroic reassures every friendly unit nearby.

The seed does not say what is heroic or how near "nearby" is. The catalogue's proposal, as house
rules: destroying an enemy hero, gun (a piece or an MG) or vehicle in close combat is a heroic deed
(``heroic_deeds = "close_combat"``; ``"off"`` turns it off), and every friendly unit within
``heroic_range`` (12") of the unit that did it loses ``rally_gl`` (2) GL, never below its level's own
GL, and its soldiers stop panicking if it falls below GL 7.
"""

from __future__ import annotations

from collections.abc import Callable

from ..state import Soldier, Unit
from ..tables import STATS
from .combat import Combat
from .glory import PANIC_GL


class Heroics(Combat):
    def melee(self, u: Unit) -> None:
        self.watch_for_deeds(u, lambda: super(Heroics, self).melee(u))

    def watch_for_deeds(self, u: Unit, fight: Callable[[], None]) -> None:
        """BON-043: run a close combat of ``u`` and see whether it struck down a hero, a gun or a vehicle."""
        if self.options.heroic_deeds == "off":
            fight()
            return
        prizes = [m for m in self.men.values() if m.in_play and self.unit_of(m).seat != u.seat
                  and (m.is_hero or m.is_piece or m.vehicle is not None)]
        fight()
        fallen = [m for m in prizes if not m.in_play]
        if fallen and self.members(u):
            self.heroic_deed(u, fallen)

    def heroic_deed(self, u: Unit, fallen: list[Soldier]) -> None:
        """BON-043: every friendly unit within range of the doer (the doer too) takes away GL."""
        what = ", ".join(f"{'the gun' if m.is_piece else 'the vehicle' if m.vehicle else 'the leader'} {m.id}"
                         for m in fallen)
        self.tell("BON-043", f"A heroic deed: {u.name} strikes down {what} in close combat.", unit=u)
        reach = self.options.heroic_range
        here = self.centre(u)
        for f in self.units.values():
            if f.seat != u.seat or not self.members(f):
                continue
            if min(self.table.distance(here, m.pos) for m in self.members(f)) > reach:
                continue
            floor = STATS[f.level].gl if f.kind != "mg" else STATS["green"].gl
            before = f.gl
            f.gl = max(floor, f.gl - self.options.rally_gl)
            calmed = []
            if f.gl < PANIC_GL:
                for m in self.members(f):
                    if m.panic:
                        m.panic = ""
                        calmed.append(m.id)
            if before != f.gl or calmed:
                self.tell("BON-043", f"{f.name} takes heart: GL {before}+ to {f.gl}+"
                          + (f"; {', '.join(calmed)} stop panicking" if calmed else "") + ".", unit=f)
