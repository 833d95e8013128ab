"""Morale checks (BWA-03, BWA-04), activation (BWA-18) and drops in quality (BWA-05)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from riotact.core.adjudication import RollTotal
from riotact.core.log import ALL, Visibility
from riotact.core.modifiers import Modifier

from .. import view
from ..state import Stand, Unit, World
from ..tables import (
    MORALE_NUMBER,
    NONVIOLENT,
    QUALITY_NAMES,
    morale_row,
)


@dataclass(frozen=True, slots=True)
class UnitCheck:
    """BWA-04: the outcome of a unit morale check."""

    failed: int
    stands: int
    row: int


def stand_check(w: World, stand: Stand, who: str, rule: str, purpose: str,
                modifiers: Sequence[Modifier] = (), vis: Visibility = ALL,
                target: int | None = None) -> RollTotal:
    """BWA-03: 1D6 + modifiers against the stand's morale check number."""
    return w.umpire.roll_total(rule, who, 1, 6, purpose=purpose, modifiers=modifiers,
                                  target=stand.morale_number if target is None else target,
                                  visible_to=vis)


def unit_check(w: World, unit: Unit, rule: str, column: str, labels: Sequence[str],
               modifiers: Sequence[Modifier] = (), stands: Sequence[Stand] | None = None,
               vis: Visibility | None = None) -> UnitCheck:
    """BWA-04: a stand morale check per stand; the share failed picks the table row.

    ``labels`` are the column's results by row; without them (a rule with its own pass mark,
    BWA-30) only the share failed is told.
    """
    pool = list(unit.stands if stands is None else stands)
    if not w.options.unit_check_counts_commander and len(pool) > 1:
        pool = [s for s in pool if not s.commander]
    vis = view.witnesses(w, unit) if vis is None else vis
    failed = 0
    for level in sorted({s.quality for s in pool}, reverse=True):
        group = [s for s in pool if s.quality == level]
        roll = w.umpire.roll_pool(
            rule, f"{view.label(unit, vis)}: {len(group)} {QUALITY_NAMES[unit.side][level]} stand(s)",
            len(group), 6, purpose=f"unit morale check ({column})", target=group[0].morale_number,
            modifiers=modifiers, visible_to=vis)
        failed += len(group) - roll.successes
    row = morale_row(failed, len(pool))
    result = f": {column} result '{labels[row]}'" if labels else f" ({column})"
    w.umpire.effect("BWA-04", f"{view.label(unit, vis)}: {failed} of {len(pool)} stands failed "
                       f"({100 * failed / len(pool):.0f}%){result}.",
                       visible_to=vis, unit=unit.id, failed=failed, stands=len(pool), row=row)
    return UnitCheck(failed, len(pool), row)


def activation(w: World, unit: Unit, what: str, bonus: int, vis: Visibility | None = None) -> bool:
    """BWA-18: one stand morale check at the unit's level, the bracketed number added.

    A check that cannot fail is not rolled: it is no risk (BWA-02)."""
    vis = view.witnesses(w, unit) if vis is None else vis
    if not w.activation_can_fail(unit, bonus):
        w.umpire.effect("BWA-18", f"{view.label(unit, vis)} needs {MORALE_NUMBER[unit.level]}+ with "
                           f"+{bonus} for {what}: activation cannot fail, so no roll (and no risk, "
                           "BWA-02).", visible_to=vis, unit=view.key(unit))
        return True
    mods = [Modifier(bonus, f"activation bonus for {what}", "BWA-18")] if bonus else []
    return w.umpire.roll_total(
        "BWA-18", view.label(unit, vis), 1, 6, purpose=f"activation for {what}", modifiers=mods,
        target=MORALE_NUMBER[unit.level], visible_to=vis).passed


def drop_levels(w: World, unit: Unit, levels: int, rule: str) -> None:
    """BWA-05: reliability (or quality) drops, never below the lowest level."""
    if levels <= 0:
        return
    if unit.side == NONVIOLENT and not w.options.nonviolent_quality_drop:
        return
    for s in unit.stands:
        s.quality = max(0, s.quality - levels)
        if unit.side == NONVIOLENT:
            s.start_quality = s.quality  # permanent for nonviolent stands (BWA-05 gap)
    w.umpire.effect(rule, f"{view.label(unit)} drops {levels} level(s): now "
                       f"{', '.join(s.quality_name for s in unit.stands)}.", unit=unit.id)
