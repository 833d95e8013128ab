"""Army lists: Cost Units (BON-010) and the list-building rules, as one-line messages.

>>> from riotact.rulesets.breaking_of_nations.model import UnitCard
>>> squad = UnitCard(id="A", name="1st Section", seat="tommies", at=(5, 5),
...                  specialists=[{"kind": "lmg"}])
>>> unit_cost(squad)
33
>>> unit_problems(squad, entrenched=False)
[]
>>> unit_problems(squad.model_copy(update={"soldiers": 8}), entrenched=False)
['unit A: a squad is one officer and nine soldiers, specialists included (BON-044); it has 8 soldiers']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .ordnance import GUNS, VEHICLE_CU
from .tables import LEVELS, MOUNT_CU, PIECES, RADIO_CU, SPECIALISTS, STATS, WEAPONS

if TYPE_CHECKING:
    from .model import BONSetup, UnitCard

SQUAD_SOLDIERS, MAX_SPECIALISTS = 9, 2  # BON-044, BON-045
MAX_CUTTERS = 1  # BON-102 gap: one set of wire cutters a squad


def unit_cost(u: UnitCard) -> int:
    """BON-010: soldiers' CU plus weapons' CU; a specialist is his level's CU plus his weapon's
    (BON-045); a piece's crew is included in its cost (BON-065)."""
    if u.kind == "mg":
        return int(PIECES["mg"]["cu"])
    if u.kind == "gun":
        return GUNS[u.piece].cu
    if u.kind == "vehicle":
        return VEHICLE_CU + 5 * u.cv_class + WEAPONS[u.armament].cu
    level = STATS[u.level].cu
    hero = STATS[u.hero_level or u.level].cu + WEAPONS[u.hero_weapon].cu
    if u.kind == "hero":
        return hero
    if u.kind == "cavalry":
        return hero + u.soldiers * level + (u.soldiers + 1) * MOUNT_CU
    weapons = sum(WEAPONS[SPECIALISTS[s.kind]].cu for s in u.specialists)
    return (hero + u.soldiers * level + weapons + (RADIO_CU if u.radio else 0)
            + u.cc_weapons * WEAPONS["cc_weapon"].cu)


def unit_problems(u: UnitCard, *, entrenched: bool) -> list[str]:
    """What makes one list entry illegal, each in one line naming the unit and the rule."""
    return [f"unit {u.id}: {problem}" for _, problem in unit_issues(u, entrenched=entrenched)]


def unit_issues(u: UnitCard, *, entrenched: bool) -> list[tuple[str, str]]:
    """(field, problem) for each thing that makes one list entry illegal, naming the rule."""
    out: list[tuple[str, str]] = []
    if u.hero_level and LEVELS.index(u.hero_level) > LEVELS.index(u.level) and u.kind == "squad":
        out.append(("hero_level", f"a hero never has higher stats than his squad (BON-047): "
                                  f"{u.hero_level} leading {u.level}"))
    if u.wire_cutters and u.kind not in ("squad", "hero"):
        out.append(("wire_cutters", f"only soldiers on foot cut wire (BON-102): a squad or a hero carries the "
                                    f"cutters, not a {u.kind} unit"))
    elif u.wire_cutters > MAX_CUTTERS and not (u.kind == "squad" and u.historical):
        out.append(("wire_cutters", f"at most {MAX_CUTTERS} set of wire cutters a {u.kind} (BON-102 gap, unless "
                                    f"the scenario's squad is historical); it has {u.wire_cutters}"))
    if u.banner and u.kind not in ("squad", "cavalry"):
        out.append(("banner", f"a banner is borne by a soldier of a squad or a rider (BON-036), not in a {u.kind} "
                              "unit"))
    elif u.banner and u.soldiers - (len(u.specialists) + u.radio if u.kind == "squad" else 0) < 1:
        out.append(("banner", "a banner needs an ordinary soldier to bear it (BON-036): every soldier is a "
                              "specialist or the radio man"))
    if u.kind != "squad":
        return out
    if not u.historical and u.soldiers != SQUAD_SOLDIERS:
        out.append(("soldiers", "a squad is one officer and nine soldiers, specialists included (BON-044); "
                                f"it has {u.soldiers} soldiers"))
    hero_specialist = WEAPONS[u.hero_weapon].specialist
    allowed = MAX_SPECIALISTS - (1 if hero_specialist else 0)
    if not u.historical and len(u.specialists) > allowed:
        why = " with a hero carrying a specialist weapon (BON-050)" if hero_specialist else " (BON-045)"
        out.append(("specialists", f"at most {allowed} specialist{'s' if allowed != 1 else ''} in a squad{why}; "
                                   f"it has {len(u.specialists)}"))
    if len(u.specialists) + u.radio + max(u.cc_weapons, u.pistols) > u.soldiers:
        out.append(("specialists", "more specialists, radio men and specially armed soldiers than soldiers"))
    if entrenched and u.cc_weapons:
        out.append(("cc_weapons", "on an entrenched gameboard only heroes may have close-combat weapons "
                                  "(BON-055)"))
    return out


def army_problems(setup: BONSetup) -> list[str]:
    """Every list problem of the scenario, then each side's total against the points limit."""
    entrenched = any(f.kind == "trench" for f in setup.features)  # BON-055 gap
    out = [p for u in setup.units for p in unit_problems(u, entrenched=entrenched)]
    if setup.points_limit:
        for seat, total in army_totals(setup).items():
            if total > setup.points_limit:
                out.append(f"seat {seat}: the army list costs {total} CU, over the scenario's limit of "
                           f"{setup.points_limit} (BON-010)")
    return out


def army_totals(setup: BONSetup) -> dict[str, int]:
    totals: dict[str, int] = {}
    for u in setup.units:
        totals[u.seat] = totals.get(u.seat, 0) + unit_cost(u)
    return totals
