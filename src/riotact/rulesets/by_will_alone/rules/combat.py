"""Confrontations (BWA-31..34, 43..45), accidental attacks (BWA-50/51), arrests
(BWA-35/36), escapes (BWA-37/38) and the loss of nonviolent discipline (BWA-39..41)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from riotact.core.log import ALL
from riotact.core.modifiers import Modifier

from .. import view
from ..state import Stand, Task, Unit, World
from ..tables import (
    ACCIDENT_BASE,
    ACCIDENT_ENVELOPED,
    ACCIDENT_FRATERNIZING,
    ACCIDENT_PARTYING,
    ACCIDENT_TOUCHING_SHOT,
    ARREST_DEDICATED,
    ARREST_POLICE,
    ARREST_WAVERING,
    AUTHORITY,
    BARRICADE_DISCIPLINE,
    BARRICADE_MULTIPLIER,
    CONDITION_MULTIPLIER,
    CONFLICT_COLUMN,
    CONFLICT_DROP,
    COUNTRY_MODIFIER,
    DISCIPLINE_BONUS,
    ENVELOPE_MULTIPLIER,
    FOOD_MODIFIER,
    FORCE_MULTIPLIER,
    HOUSING_MULTIPLIER,
    LANGUAGE_MODIFIER,
    NO_COMMANDER_TOUCHING_MODIFIER,
    NONVIOLENT,
    REGION_MODIFIER,
    TOP_LEVEL,
    VIOLENCE_LEVELS,
    compare_points,
    result_row,
)
from . import morale, movement

#: Jails that envelop the arrested stands (BWA-38).
ENCLOSED_JAILS = ("building", "vehicle", "fence")


@dataclass(frozen=True)
class Outcome:
    """A settled confrontation: points, higher and lower side, ratio (None: infinite) and row."""

    points: dict[str, int]
    higher: Unit | None
    lower: Unit | None
    ratio: Fraction | None
    row: int

    def won_by(self, unit: Unit, at_least: int = 2) -> bool:
        return self.higher is unit and self.row >= at_least


def _shoots_below(number: int) -> Callable[[int], str]:
    """BWA-50: a total under the stand's morale check number shoots."""
    return lambda total: "shoots" if total < number else "holds fire"


def enveloped(w: World, unit: Unit) -> bool:
    """BWA-22: an opposing unit in the same feature envelops it."""
    return any(u.enveloping == unit.id and u.node == unit.node and u.on_table
               for u in w.units.values())


def multipliers(w: World, unit: Unit, stand: Stand, opponent: Unit, *, offensive: bool,
                band_attack: bool, shooting: bool, jailers: bool) -> list[tuple[int, str, str]]:
    """BWA-43: the condition multipliers that apply to one stand's dice."""
    out: list[tuple[int, str, str]] = []
    if unit.side == NONVIOLENT and (not band_attack or w.options.band_keeps_multipliers):
        if unit.condition:
            out.append((CONDITION_MULTIPLIER[unit.condition], unit.condition, "BWA-43"))
        if unit.node and w.map.features[unit.node].kind == "housing":
            out.append((HOUSING_MULTIPLIER, "stand in housing block", "BWA-43"))
    if unit.side == AUTHORITY:
        if shooting:  # BWA-51: the deadliest weapon, whatever the level of violence
            out.append((FORCE_MULTIPLIER[unit.weapons], "accidental shot with its deadliest weapon",
                        "BWA-51"))
        else:
            level = min(w.levels.get(unit.group, 1), unit.weapons)
            if FORCE_MULTIPLIER[level] > 1:
                out.append((FORCE_MULTIPLIER[level], f"level {level} force used", "BWA-48"))
    if w.options.envelope_gives_multiplier and (enveloped(w, opponent) or jailers):
        why = "jail envelops the arrested stands" if jailers else "enveloped opposing unit"
        out.append((ENVELOPE_MULTIPLIER, why, "BWA-38" if jailers else "BWA-22"))
    if not offensive and unit.barricade is not None and unit.barricade == unit.node:
        out.append((BARRICADE_MULTIPLIER, "defending behind its barricade", "BWA-53"))
    return out


def combine(w: World, factors: list[tuple[int, str, str]]) -> int:
    """BWA-43 gap: multipliers multiply together (house rule: or only the highest)."""
    if not factors:
        return 1
    if w.options.multipliers == "highest":
        return max(f for f, _, _ in factors)
    return math.prod(f for f, _, _ in factors)


def dice_modifiers(w: World, unit: Unit, opponent: Unit) -> list[Modifier]:
    """BWA-34: confrontation dice modifiers for ``unit``'s side."""
    mods = []
    if unit.side == NONVIOLENT and opponent.side == AUTHORITY:
        if unit.food and not opponent.fed:
            mods.append(Modifier(FOOD_MODIFIER, "unit has food and opponent stands are unfed", "BWA-34"))
        if unit.country != opponent.country:  # replaces the region modifier (BWA-34 gap)
            mods.append(Modifier(COUNTRY_MODIFIER, "from a different country than its opponent",
                                 "BWA-34"))
        elif unit.region != opponent.region:
            mods.append(Modifier(REGION_MODIFIER, "from a different region than its opponent",
                                 "BWA-34"))
        if unit.language != opponent.language:
            mods.append(Modifier(LANGUAGE_MODIFIER, "speaks a different language from its opponent",
                                 "BWA-34"))
    if unit.side == AUTHORITY and opponent.led and opponent.commander is None:
        # BWA-34: only a unit that has a commander to touch (not a vehicle, band or escapers)
        mods.append(Modifier(NO_COMMANDER_TOUCHING_MODIFIER,
                             "nonviolent commander not touching a stand of his unit", "BWA-34"))
    return mods


def accidental_check(w: World, auth: Unit, target: Unit) -> set[str]:
    """Before a confrontation, each authority stand in it tests, one at a time."""
    shooters: set[str] = set()
    if not w.options.accidental_attacks:
        return shooters
    for stand in auth.stands:
        mods = []
        if target.condition == "fraternizing":
            mods.append(Modifier(ACCIDENT_FRATERNIZING, "some nonviolent stands are fraternizing", "BWA-50"))
        if target.condition == "partying":
            mods.append(Modifier(ACCIDENT_PARTYING, "some nonviolent stands are partying", "BWA-50"))
        if shooters:
            mods.append(Modifier(ACCIDENT_TOUCHING_SHOT, "touching stand shot accidentally", "BWA-50"))
        if enveloped(w, auth):
            mods.append(Modifier(ACCIDENT_ENVELOPED, "stand is enveloped", "BWA-50"))
        mods.insert(0, Modifier(ACCIDENT_BASE, "on every accidental attack check", "BWA-50"))
        roll = w.umpire.roll_total(
            "BWA-50", f"{view.label(auth)} stand {stand.id}", 2, 6, purpose="accidental attack check",
            modifiers=mods, judge=_shoots_below(stand.morale_number))
        if roll.result == "shoots":
            shooters.add(stand.id)
            w.umpire.effect("BWA-51", f"Stand {stand.id} accidentally shoots at {view.label(target)} "
                               f"with its deadliest weapon (level {auth.weapons}).", stand=stand.id)
            if w.options.accidental_shot_raises_level and w.levels.get(auth.group, 1) < auth.weapons:
                w.levels[auth.group] = auth.weapons  # house rule; by default the level stays
                w.umpire.effect("BWA-48", f"Commander {auth.group} is now at level {auth.weapons}: "
                                   f"{VIOLENCE_LEVELS[auth.weapons]}.", group=auth.group,
                                   level=auth.weapons)
    return shooters


def confront(w: World, attacker: Unit, defender: Unit, *, why: str, band_attack: bool = False,
             moves_initiative: bool = True, jailed: bool = False) -> Outcome:
    """Resolve one confrontation and its initiative result (BWA-44)."""
    for unit in (attacker, defender):
        if unit.hidden:  # BWA-11: units touching in a confrontation are in sight of each other
            movement.reveal(w, unit)
    w.umpire.effect("BWA-31", f"Confrontation: {view.label(attacker)} against {view.label(defender)} "
                       f"({why}).", attacker=attacker.id, defender=defender.id)
    shooters: set[str] = set()
    auth = attacker if attacker.side == AUTHORITY else defender
    target = defender if auth is attacker else attacker
    if auth.side != target.side:
        shooters = accidental_check(w, auth, target)
    points = {}
    for unit, opponent in ((attacker, defender), (defender, attacker)):
        points[unit.id] = roll_side(w, unit, opponent, offensive=unit is attacker,
                                          band_attack=band_attack and unit is attacker,
                                          shooters=shooters,
                                          jailers=jailed and unit is defender)
    a, d = points[attacker.id], points[defender.id]
    zero_as = w.options.zero_points_counts_as
    sign, ratio, row = compare_points(a, d, zero_as)
    higher, lower = {1: (attacker, defender), -1: (defender, attacker), 0: (None, None)}[sign]
    row_ratio = ratio if ratio is not None else Fraction(zero_as)
    shown = "infinite (lower side scored 0)" if ratio is None else f"{float(ratio):.2f}"
    if higher is None:
        text = f"{a} points each: ratio 1, both sides Hold (BWA-44)."
    else:
        assert lower is not None
        _, action, initiative, reaction = result_row(row_ratio)
        text = (f"{view.label(higher)} is the higher side, {points[higher.id]} points to "
                f"{points[lower.id]}: ratio {shown}: action {action}, initiative {initiative}; "
                f"lower side {reaction} (BWA-44, BWA-45).")
    w.umpire.effect("BWA-33", text, points=points, ratio=None if ratio is None else float(ratio),
                       row=row, higher=None if higher is None else higher.id)
    if moves_initiative:
        initiative_after(w, higher, row)
    return Outcome(points, higher, lower, ratio, row)


def roll_side(w: World, unit: Unit, opponent: Unit, *, offensive: bool, band_attack: bool,
               shooters: set[str], jailers: bool) -> int:
    """BWA-31/32: dice per stand, rolled per morale number; natural 6 scores, natural 1 never."""
    # BWA-40: 2 dice per attacking stand (house rule band_dice)
    base = w.options.band_dice if band_attack else w.options.base_dice
    by_number: dict[int, int] = {}
    notes: list[str] = []
    for stand in unit.stands:
        factors = multipliers(w, unit, stand, opponent, offensive=offensive, band_attack=band_attack,
                                   shooting=stand.id in shooters, jailers=jailers)
        dice = base * combine(w, factors)
        by_number[stand.morale_number] = by_number.get(stand.morale_number, 0) + dice
        if factors:
            notes.append(f"{stand.id}: {base} x " + " x ".join(f"{f} ({why}, {r})" for f, why, r in factors)
                         + f" = {dice}")
    if notes:
        w.umpire.effect("BWA-43", f"{view.label(unit)} dice: " + "; ".join(notes) + ".", unit=unit.id)
    mods = dice_modifiers(w, unit, opponent)
    points = 0
    for number in sorted(by_number):
        roll = w.umpire.roll_pool(
            "BWA-32", f"{view.label(unit)} (stands scoring on {number}+)", by_number[number], 6,
            purpose="confrontation dice", target=number, modifiers=mods,
            natural_max_succeeds=True, natural_min_fails=True)
        points += roll.successes
    return points


def initiative_after(w: World, higher: Unit | None, row: int) -> None:
    """BWA-02/44: below 2 the side holding the initiative loses it; at 2+ the higher side has it."""
    w.took_risk = True
    if row < 2:
        w.lose_initiative = True
        w.umpire.effect("BWA-44", f"Ratio under 2: the {w.initiative} side loses the initiative.")
    elif higher is not None and higher.side != w.initiative:
        w.lose_initiative = True
        w.umpire.effect("BWA-44", f"The {higher.side} side is higher at 2 or more and gains the "
                           "initiative.")
    elif higher is not None:
        w.umpire.effect("BWA-44", f"The {higher.side} side keeps the initiative.")


def settle(w: World, out: Outcome, *, discipline: bool = True) -> None:
    """Apply the lower side's result: Hold, Withdraw (Lower/Higher), Morale Check / Withdraw."""
    higher, lower = out.higher, out.lower
    if higher is None or lower is None or out.row < 2:
        return
    follow: list[Task] = []
    ratio_ok = out.ratio is None or out.ratio >= w.options.discipline_loss_ratio
    if lower.nonviolent and not lower.band and discipline and ratio_ok:
        follow += discipline_checks(w, lower)
    if not lower.stands:
        w.tasks[0:0] = follow
        return
    if out.row >= 4:
        check = morale.unit_check(w, lower, "BWA-45", "Conflict", CONFLICT_COLUMN)
        morale.drop_levels(w, lower, CONFLICT_DROP[check.row], "BWA-05")
    chooser = lower.side if out.row == 2 else higher.side
    follow += withdrawal(w, lower, higher, chooser, rule="BWA-45")
    w.tasks[0:0] = follow


def withdrawal(w: World, unit: Unit, away_from: Unit, chooser: str, *, rule: str) -> list[Task]:
    """One move at the unit's rate away from the higher side (BWA-45 gap)."""
    assert unit.node is not None and away_from.node is not None
    if unit.side == AUTHORITY:
        w.incidents.append((w.initiative_number, "withdrew", unit.group))
    else:
        w.incidents.append((w.initiative_number, "nv_withdrew", away_from.group))
    here = w.map.dist(unit.node, away_from.node)
    options = sorted(n for n in w.destinations(unit)
                     if w.map.dist(n, away_from.node) > here and not w.enemy_at(unit.side, n))
    if not options:
        w.umpire.effect(rule, f"{view.label(unit)} cannot withdraw away from {view.label(away_from)}: "
                           "it holds where it is.", unit=unit.id)
        return []
    if len(options) == 1:
        withdraw_to(w, unit, options[0], rule)
        return []
    seat = unit.player if chooser == unit.side else away_from.player
    return [Task("withdraw", seat or w.first_seat(chooser), {"unit": unit.id, "options": options,
                                                                 "rule": rule})]


def withdraw_to(w: World, unit: Unit, node: str, rule: str) -> None:
    movement.leave_position(w, unit)
    start = unit.node
    movement.place(w, unit, node)
    w.umpire.effect(rule, f"{view.label(unit)} withdraws from {start} to {node}.", unit=unit.id, to=node)
    movement.update_sighting(w)


def discipline_checks(w: World, unit: Unit) -> list[Task]:
    """BWA-39: each stand still on the table rolls 2D6+1 (-1 behind a barricade, BWA-54)."""
    failing = []
    for stand in unit.stands:
        if stand.role == "provocateur":  # BWA-26: a provocateur always turns violent
            w.umpire.effect("BWA-26", f"Stand {stand.id} is a provocateur: it abandons "
                               "nonviolent discipline.", visible_to=view.side_only(w, AUTHORITY), stand=stand.id)
            failing.append(stand)
            continue
        mods = [Modifier(DISCIPLINE_BONUS, "on every discipline roll", "BWA-39")]
        if unit.barricade is not None and unit.barricade == unit.node:
            mods.append(Modifier(BARRICADE_DISCIPLINE, "behind a barricade", "BWA-54"))
        roll = w.umpire.roll_total("BWA-39", f"{view.label(unit)} stand {stand.id}", 2, 6,
                                      purpose="keeping nonviolent discipline", modifiers=mods,
                                      target=stand.morale_number)
        if not roll.passed:
            failing.append(stand)
    if not failing:
        return []
    return [form_band(w, unit, failing)]


def form_band(w: World, unit: Unit, stands: list[Stand]) -> Task:
    """BWA-40: stands that lost discipline leave command and go for the authority."""
    for s in stands:
        unit.stands.remove(s)
        if s.commander:
            s.commander = False
            w.umpire.effect("BWA-46", f"The commander of {view.label(unit)} has lost nonviolent "
                               "discipline: the unit has no commander.", unit=unit.id)
    w.lost_discipline += len(stands)
    band = Unit(id=f"{unit.id}-band{w.counter_seq}", side=NONVIOLENT,
                name=f"Undisciplined stands of {unit.name}", type="actionists", node=unit.node,
                stands=stands, band=True, player=unit.player, region=unit.region, country=unit.country,
                language=unit.language, food=unit.food)
    w.counter_seq += 1
    w.units[band.id] = band
    w.umpire.effect("BWA-40", f"{len(stands)} stand(s) of {view.label(unit)} lose nonviolent "
                       f"discipline and become {band.name} ({band.id}).", band=band.id)
    if not unit.stands:
        remove_unit(w, unit, "it has no stands left")
    return Task("band", None, {"band": band.id, "asked": False})


def band_target(w: World, band: Unit) -> Unit | None:
    """BWA-40: the closest authority unit in sight."""
    assert band.node is not None
    seen = [u for u in w.in_sight_of(band, AUTHORITY) if not u.airborne and u.node]
    if not seen:
        return None
    return min(seen, key=lambda u: (w.map.dist(band.node or "", u.node or ""), u.id))


def band_attack(w: World, band: Unit, target: Unit) -> None:
    """BWA-40: 2 dice per stand; the attacked unit is Dedicated at once."""
    for s in target.stands:
        s.quality = TOP_LEVEL
    w.umpire.effect("BWA-40", f"{view.label(band)} attack {view.label(target)}: its reliability "
                       "becomes Dedicated.", band=band.id, unit=target.id)
    w.incidents.append((w.initiative_number, "attacked", target.group))
    out = confront(w, band, target, why="attack by stands without discipline", band_attack=True,
                        moves_initiative=False)
    settle(w, out, discipline=False)


def remove_unit(w: World, unit: Unit, why: str) -> None:
    unit.status = "gone"
    unit.node = None
    w.umpire.effect("BWA-12", f"{view.label(unit)} leaves the table: {why}.", unit=view.key(unit))


def arrest(w: World, police: Unit, target: Unit) -> None:
    """BWA-35: 1D6 per arresting stand is the number of stands it can arrest; the authority then
    picks those stands one at a time (an ``arrest`` task), and may stop early ("up to")."""
    capacity: list[list[Any]] = []
    for stand in police.stands:
        roll = w.umpire.roll_total("BWA-35", f"{view.label(police)} stand {stand.id}", 1, 6,
                                      purpose="stands it can arrest")
        if roll.total:
            capacity.append([stand.id, roll.total])
    total = sum(n for _, n in capacity)
    w.umpire.effect("BWA-35", f"{view.label(police)} can arrest up to {total} stand(s) of "
                       f"{view.label(target)}.", unit=police.id, target=target.id, capacity=total)
    seat = police.player or w.first_seat(AUTHORITY)
    w.tasks.insert(0, Task("arrest", seat, {"unit": police.id, "target": target.id,
                                               "capacity": capacity, "tried": [], "arrested": 0}))


def resist_arrest(w: World, police: Unit, target: Unit, capacity: list[list[Any]], stand_id: str) -> bool:
    """BWA-36: the chosen stand tests against the next arresting stand with arrests left (in the
    unit's order); returns True when it is arrested."""
    arrester = next(s for s in police.stands if s.id == capacity[0][0])
    capacity[0][1] -= 1
    if not capacity[0][1]:
        capacity.pop(0)
    stand = next(s for s in target.stands if s.id == stand_id)
    mods = []
    if police.police:
        mods.append(Modifier(ARREST_POLICE, "arresting stand is police", "BWA-36"))
    if arrester.quality == 2:
        mods.append(Modifier(ARREST_DEDICATED, "arresting stand is Dedicated", "BWA-36"))
    if arrester.quality == 0:
        mods.append(Modifier(ARREST_WAVERING, "arresting stand is Wavering", "BWA-36"))
    roll = morale.stand_check(w, stand, f"{view.label(target)} stand {stand.id}", "BWA-36",
                            "resisting arrest", mods)
    if not roll.passed:
        jail_stand(w, target, stand)
    return not roll.passed


def end_arrest(w: World, target: Unit, arrested: int) -> None:
    w.umpire.effect("BWA-35", f"{arrested} stand(s) of {view.label(target)} are arrested and taken "
                       "to jail.", unit=target.id, arrested=arrested)
    if not target.stands:
        remove_unit(w, target, "all its stands are arrested")


def jail_stand(w: World, unit: Unit, stand: Stand) -> None:
    unit.stands.remove(stand)
    w.jail.append(stand)
    if stand.commander:
        stand.commander = False
        w.umpire.effect("BWA-46", f"The commander of {view.label(unit)} is arrested: the unit has "
                           "no commander.", unit=unit.id)


def jailers(w: World) -> Unit | None:
    """BWA-38 gap: who guards the jail: its guard unit while it stands on the jail or (house rule
    ``jail_guarded_from = "sight"``) can see it, else another authority unit on the jail."""
    jail = w.setup.jail
    if jail is None:
        return None
    guard = w.units.get(jail.guards or "")
    if guard is not None and guard.on_table and guard.node is not None and (
            guard.node == jail.feature
            or (w.options.jail_guarded_from == "sight" and w.sees(guard.node, jail.feature))):
        return guard
    present = [u for u in w.table_units(AUTHORITY) if u.node == jail.feature and not u.airborne]
    return present[0] if present else None


def escape(w: World) -> None:
    jail = w.setup.jail
    assert jail is not None
    passed = [s for s in w.jail
              if morale.stand_check(w, s, f"arrested stand {s.id}", "BWA-37", "escape roll",
                                  target=s.escape_number).passed]
    if not passed:
        return
    guards = jailers(w)
    if guards is None:
        free(w, passed, "no jailers guard the jail")
        return
    escapers = Unit(id="escapers", side=NONVIOLENT, name="Escaping stands", type="actionists",
                    node=jail.feature, stands=passed)
    out = confront(w, escapers, guards, why="breaking out of jail",
                        jailed=jail.kind in ENCLOSED_JAILS)
    if out.won_by(escapers, w.options.breach_ratio):
        w.umpire.effect("BWA-38", "A breach is opened in the jailers' line: every arrested stand "
                           "can escape.")
        free(w, list(w.jail), "through the breach")
        settle(w, out, discipline=False)


def free(w: World, stands: list[Stand], why: str) -> None:
    """BWA-38 gap: escaped stands join the nearest nonviolent commander's unit."""
    jail = w.setup.jail
    assert jail is not None
    for s in stands:
        w.jail.remove(s)
    led = [u for u in w.table_units(NONVIOLENT)
           if u.commander is not None and not u.band and not u.hidden
           and w.options.escaped_join == "nearest_commander"]
    if led:
        unit = min(led, key=lambda u: (w.map.dist(jail.feature, u.node or ""), u.id))
        unit.stands.extend(stands)
    else:
        unit = Unit(id=f"escaped{w.counter_seq}", side=NONVIOLENT, name="Escaped stands",
                    type="actionists", node=jail.feature, stands=stands, player=w.first_seat(NONVIOLENT),
                    led=True)
        w.counter_seq += 1
        w.units[unit.id] = unit
    w.umpire.effect("BWA-38", f"{len(stands)} stand(s) escape ({why}) and join {view.label(unit)} "
                       f"at {unit.node}.", visible_to=ALL, unit=unit.id)
