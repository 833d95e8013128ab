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


class Combat(World):
    """World procedures plus the conflict rules."""

    lose_initiative: bool
    took_risk: bool

    # -- BWA-31, BWA-43: dice per stand ----------------------------------------------
    def enveloped(self, unit: Unit) -> bool:
        """BWA-22: an opposing unit in the same feature envelops it."""
        return any(u.enveloping == unit.id and u.node == unit.node and u.on_table
                   for u in self.units.values())

    def multipliers(self, unit: Unit, stand: Stand, opponent: Unit, *, offensive: bool,
                    band_attack: bool, shooting: bool, jailers: bool) -> list[tuple[int, str, str]]:
        """BWA-43: the condition multipliers that apply to one stand's dice."""
        out: list[tuple[int, str, str]] = []
        if unit.side == NONVIOLENT and (not band_attack or self.options.band_keeps_multipliers):
            if unit.condition:
                out.append((CONDITION_MULTIPLIER[unit.condition], unit.condition, "BWA-43"))
            if unit.node and self.map.features[unit.node].kind == "housing":
                out.append((HOUSING_MULTIPLIER, "stand in housing block", "BWA-43"))
        if unit.side == AUTHORITY:
            if shooting:  # BWA-51: the deadliest weapon, whatever the level of violence
                out.append((FORCE_MULTIPLIER[unit.weapons], "accidental shot with its deadliest weapon",
                            "BWA-51"))
            else:
                level = min(self.levels.get(unit.group, 1), unit.weapons)
                if FORCE_MULTIPLIER[level] > 1:
                    out.append((FORCE_MULTIPLIER[level], f"level {level} force used", "BWA-48"))
        if self.options.envelope_gives_multiplier and (self.enveloped(opponent) or jailers):
            why = "jail envelops the arrested stands" if jailers else "enveloped opposing unit"
            out.append((ENVELOPE_MULTIPLIER, why, "BWA-38" if jailers else "BWA-22"))
        if not offensive and unit.barricade is not None and unit.barricade == unit.node:
            out.append((BARRICADE_MULTIPLIER, "defending behind its barricade", "BWA-53"))
        return out

    def combine(self, factors: list[tuple[int, str, str]]) -> int:
        """BWA-43 gap: multipliers multiply together (house rule: or only the highest)."""
        if not factors:
            return 1
        if self.options.multipliers == "highest":
            return max(f for f, _, _ in factors)
        return math.prod(f for f, _, _ in factors)

    def dice_modifiers(self, unit: Unit, opponent: Unit) -> list[Modifier]:
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

    # -- BWA-50: accidental attacks ----------------------------------------------------
    def accidental_check(self, auth: Unit, target: Unit) -> set[str]:
        """Before a confrontation, each authority stand in it tests, one at a time."""
        shooters: set[str] = set()
        if not self.options.accidental_attacks:
            return shooters
        for stand in auth.stands:
            mods = []
            if target.condition == "fraternizing":
                mods.append(Modifier(ACCIDENT_FRATERNIZING, "some nonviolent stands are fraternizing", "BWA-50"))
            if target.condition == "partying":
                mods.append(Modifier(ACCIDENT_PARTYING, "some nonviolent stands are partying", "BWA-50"))
            if shooters:
                mods.append(Modifier(ACCIDENT_TOUCHING_SHOT, "touching stand shot accidentally", "BWA-50"))
            if self.enveloped(auth):
                mods.append(Modifier(ACCIDENT_ENVELOPED, "stand is enveloped", "BWA-50"))
            mods.insert(0, Modifier(ACCIDENT_BASE, "on every accidental attack check", "BWA-50"))
            roll = self.umpire.roll_total(
                "BWA-50", f"{self.label(auth)} stand {stand.id}", 2, 6, purpose="accidental attack check",
                modifiers=mods, judge=_shoots_below(stand.morale_number))
            if roll.result == "shoots":
                shooters.add(stand.id)
                self.umpire.effect("BWA-51", f"Stand {stand.id} accidentally shoots at {self.label(target)} "
                                   f"with its deadliest weapon (level {auth.weapons}).", stand=stand.id)
                if self.options.accidental_shot_raises_level and self.levels.get(auth.group, 1) < auth.weapons:
                    self.levels[auth.group] = auth.weapons  # house rule; by default the level stays
                    self.umpire.effect("BWA-48", f"Commander {auth.group} is now at level {auth.weapons}: "
                                       f"{VIOLENCE_LEVELS[auth.weapons]}.", group=auth.group,
                                       level=auth.weapons)
        return shooters

    # -- BWA-31..33: the confrontation ---------------------------------------------------
    def confront(self, attacker: Unit, defender: Unit, *, why: str, band_attack: bool = False,
                 moves_initiative: bool = True, jailed: bool = False) -> Outcome:
        """Resolve one confrontation and its initiative result (BWA-44)."""
        for unit in (attacker, defender):
            if unit.hidden:  # BWA-11: units touching in a confrontation are in sight of each other
                self.reveal(unit)
        self.umpire.effect("BWA-31", f"Confrontation: {self.label(attacker)} against {self.label(defender)} "
                           f"({why}).", attacker=attacker.id, defender=defender.id)
        shooters: set[str] = set()
        auth = attacker if attacker.side == AUTHORITY else defender
        target = defender if auth is attacker else attacker
        if auth.side != target.side:
            shooters = self.accidental_check(auth, target)
        points = {}
        for unit, opponent in ((attacker, defender), (defender, attacker)):
            points[unit.id] = self._roll_side(unit, opponent, offensive=unit is attacker,
                                              band_attack=band_attack and unit is attacker,
                                              shooters=shooters,
                                              jailers=jailed and unit is defender)
        a, d = points[attacker.id], points[defender.id]
        zero_as = self.options.zero_points_counts_as
        sign, ratio, row = compare_points(a, d, zero_as)
        higher, lower = {1: (attacker, defender), -1: (defender, attacker), 0: (None, None)}[sign]
        row_ratio = ratio if ratio is not None else Fraction(zero_as)
        shown = "infinite (lower side scored 0)" if ratio is None else f"{float(ratio):.2f}"
        if higher is None:
            text = f"{a} points each: ratio 1, both sides Hold (BWA-44)."
        else:
            assert lower is not None
            _, action, initiative, reaction = result_row(row_ratio)
            text = (f"{self.label(higher)} is the higher side, {points[higher.id]} points to "
                    f"{points[lower.id]}: ratio {shown}: action {action}, initiative {initiative}; "
                    f"lower side {reaction} (BWA-44, BWA-45).")
        self.umpire.effect("BWA-33", text, points=points, ratio=None if ratio is None else float(ratio),
                           row=row, higher=None if higher is None else higher.id)
        if moves_initiative:
            self._initiative_after(higher, row)
        return Outcome(points, higher, lower, ratio, row)

    def _roll_side(self, unit: Unit, opponent: Unit, *, offensive: bool, band_attack: bool,
                   shooters: set[str], jailers: bool) -> int:
        """BWA-31/32: dice per stand, rolled per morale number; natural 6 scores, natural 1 never."""
        # BWA-40: 2 dice per attacking stand (house rule band_dice)
        base = self.options.band_dice if band_attack else self.options.base_dice
        by_number: dict[int, int] = {}
        notes: list[str] = []
        for stand in unit.stands:
            factors = self.multipliers(unit, stand, opponent, offensive=offensive, band_attack=band_attack,
                                       shooting=stand.id in shooters, jailers=jailers)
            dice = base * self.combine(factors)
            by_number[stand.morale_number] = by_number.get(stand.morale_number, 0) + dice
            if factors:
                notes.append(f"{stand.id}: {base} x " + " x ".join(f"{f} ({why}, {r})" for f, why, r in factors)
                             + f" = {dice}")
        if notes:
            self.umpire.effect("BWA-43", f"{self.label(unit)} dice: " + "; ".join(notes) + ".", unit=unit.id)
        mods = self.dice_modifiers(unit, opponent)
        points = 0
        for number in sorted(by_number):
            roll = self.umpire.roll_pool(
                "BWA-32", f"{self.label(unit)} (stands scoring on {number}+)", by_number[number], 6,
                purpose="confrontation dice", target=number, modifiers=mods,
                natural_max_succeeds=True, natural_min_fails=True)
            points += roll.successes
        return points

    def _initiative_after(self, higher: Unit | None, row: int) -> None:
        """BWA-02/44: below 2 the side holding the initiative loses it; at 2+ the higher side has it."""
        self.took_risk = True
        if row < 2:
            self.lose_initiative = True
            self.umpire.effect("BWA-44", f"Ratio under 2: the {self.initiative} side loses the initiative.")
        elif higher is not None and higher.side != self.initiative:
            self.lose_initiative = True
            self.umpire.effect("BWA-44", f"The {higher.side} side is higher at 2 or more and gains the "
                               "initiative.")
        elif higher is not None:
            self.umpire.effect("BWA-44", f"The {higher.side} side keeps the initiative.")

    # -- BWA-45: the lower side ----------------------------------------------------------
    def settle(self, out: Outcome, *, discipline: bool = True) -> None:
        """Apply the lower side's result: Hold, Withdraw (Lower/Higher), Morale Check / Withdraw."""
        higher, lower = out.higher, out.lower
        if higher is None or lower is None or out.row < 2:
            return
        follow: list[Task] = []
        ratio_ok = out.ratio is None or out.ratio >= self.options.discipline_loss_ratio
        if lower.nonviolent and not lower.band and discipline and ratio_ok:
            follow += self.discipline_checks(lower)
        if not lower.stands:
            self.tasks[0:0] = follow
            return
        if out.row >= 4:
            check = self.unit_check(lower, "BWA-45", "Conflict", CONFLICT_COLUMN)
            self.drop_levels(lower, CONFLICT_DROP[check.row], "BWA-05")
        chooser = lower.side if out.row == 2 else higher.side
        follow += self.withdrawal(lower, higher, chooser, rule="BWA-45")
        self.tasks[0:0] = follow

    def withdrawal(self, unit: Unit, away_from: Unit, chooser: str, *, rule: str) -> list[Task]:
        """One move at the unit's rate away from the higher side (BWA-45 gap)."""
        assert unit.node is not None and away_from.node is not None
        if unit.side == AUTHORITY:
            self.incidents.append((self.initiative_number, "withdrew", unit.group))
        else:
            self.incidents.append((self.initiative_number, "nv_withdrew", away_from.group))
        here = self.map.dist(unit.node, away_from.node)
        options = sorted(n for n in self.destinations(unit)
                         if self.map.dist(n, away_from.node) > here and not self.enemy_at(unit.side, n))
        if not options:
            self.umpire.effect(rule, f"{self.label(unit)} cannot withdraw away from {self.label(away_from)}: "
                               "it holds where it is.", unit=unit.id)
            return []
        if len(options) == 1:
            self.withdraw_to(unit, options[0], rule)
            return []
        seat = unit.player if chooser == unit.side else away_from.player
        return [Task("withdraw", seat or self.first_seat(chooser), {"unit": unit.id, "options": options,
                                                                     "rule": rule})]

    def withdraw_to(self, unit: Unit, node: str, rule: str) -> None:
        self.leave_position(unit)
        start = unit.node
        self.place(unit, node)
        self.umpire.effect(rule, f"{self.label(unit)} withdraws from {start} to {node}.", unit=unit.id, to=node)
        self.update_sighting()

    # -- BWA-39..41: nonviolent discipline -----------------------------------------------------
    def discipline_checks(self, unit: Unit) -> list[Task]:
        """BWA-39: each stand still on the table rolls 2D6+1 (-1 behind a barricade, BWA-54)."""
        failing = []
        for stand in unit.stands:
            if stand.role == "provocateur":  # BWA-26: a provocateur always turns violent
                self.umpire.effect("BWA-26", f"Stand {stand.id} is a provocateur: it abandons "
                                   "nonviolent discipline.", visible_to=self.side_vis(AUTHORITY), stand=stand.id)
                failing.append(stand)
                continue
            mods = [Modifier(DISCIPLINE_BONUS, "on every discipline roll", "BWA-39")]
            if unit.barricade is not None and unit.barricade == unit.node:
                mods.append(Modifier(BARRICADE_DISCIPLINE, "behind a barricade", "BWA-54"))
            roll = self.umpire.roll_total("BWA-39", f"{self.label(unit)} stand {stand.id}", 2, 6,
                                          purpose="keeping nonviolent discipline", modifiers=mods,
                                          target=stand.morale_number)
            if not roll.passed:
                failing.append(stand)
        if not failing:
            return []
        return [self.form_band(unit, failing)]

    def form_band(self, unit: Unit, stands: list[Stand]) -> Task:
        """BWA-40: stands that lost discipline leave command and go for the authority."""
        for s in stands:
            unit.stands.remove(s)
            if s.commander:
                s.commander = False
                self.umpire.effect("BWA-46", f"The commander of {self.label(unit)} has lost nonviolent "
                                   "discipline: the unit has no commander.", unit=unit.id)
        self.lost_discipline += len(stands)
        band = Unit(id=f"{unit.id}-band{self._counter_seq}", side=NONVIOLENT,
                    name=f"Undisciplined stands of {unit.name}", type="actionists", node=unit.node,
                    stands=stands, band=True, player=unit.player, region=unit.region, country=unit.country,
                    language=unit.language, food=unit.food)
        self._counter_seq += 1
        self.units[band.id] = band
        self.umpire.effect("BWA-40", f"{len(stands)} stand(s) of {self.label(unit)} lose nonviolent "
                           f"discipline and become {band.name} ({band.id}).", band=band.id)
        if not unit.stands:
            self.remove_unit(unit, "it has no stands left")
        return Task("band", None, {"band": band.id, "asked": False})

    def band_target(self, band: Unit) -> Unit | None:
        """BWA-40: the closest authority unit in sight."""
        assert band.node is not None
        seen = [u for u in self.in_sight_of(band, AUTHORITY) if not u.airborne and u.node]
        if not seen:
            return None
        return min(seen, key=lambda u: (self.map.dist(band.node or "", u.node or ""), u.id))

    def band_attack(self, band: Unit, target: Unit) -> None:
        """BWA-40: 2 dice per stand; the attacked unit is Dedicated at once."""
        for s in target.stands:
            s.quality = TOP_LEVEL
        self.umpire.effect("BWA-40", f"{self.label(band)} attack {self.label(target)}: its reliability "
                           "becomes Dedicated.", band=band.id, unit=target.id)
        self.incidents.append((self.initiative_number, "attacked", target.group))
        out = self.confront(band, target, why="attack by stands without discipline", band_attack=True,
                            moves_initiative=False)
        self.settle(out, discipline=False)

    def remove_unit(self, unit: Unit, why: str) -> None:
        unit.status = "gone"
        unit.node = None
        self.umpire.effect("BWA-12", f"{self.label(unit)} leaves the table: {why}.", unit=self.key(unit))

    # -- BWA-35, BWA-36: arrests --------------------------------------------------------
    def arrest(self, police: Unit, target: Unit) -> None:
        """BWA-35: 1D6 per arresting stand is the number of stands it can arrest; the authority then
        picks those stands one at a time (an ``arrest`` task), and may stop early ("up to")."""
        capacity: list[list[Any]] = []
        for stand in police.stands:
            roll = self.umpire.roll_total("BWA-35", f"{self.label(police)} stand {stand.id}", 1, 6,
                                          purpose="stands it can arrest")
            if roll.total:
                capacity.append([stand.id, roll.total])
        total = sum(n for _, n in capacity)
        self.umpire.effect("BWA-35", f"{self.label(police)} can arrest up to {total} stand(s) of "
                           f"{self.label(target)}.", unit=police.id, target=target.id, capacity=total)
        seat = police.player or self.first_seat(AUTHORITY)
        self.tasks.insert(0, Task("arrest", seat, {"unit": police.id, "target": target.id,
                                                   "capacity": capacity, "tried": [], "arrested": 0}))

    def resist_arrest(self, police: Unit, target: Unit, capacity: list[list[Any]], stand_id: str) -> bool:
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
        roll = self.stand_check(stand, f"{self.label(target)} stand {stand.id}", "BWA-36",
                                "resisting arrest", mods)
        if not roll.passed:
            self.jail_stand(target, stand)
        return not roll.passed

    def end_arrest(self, target: Unit, arrested: int) -> None:
        self.umpire.effect("BWA-35", f"{arrested} stand(s) of {self.label(target)} are arrested and taken "
                           "to jail.", unit=target.id, arrested=arrested)
        if not target.stands:
            self.remove_unit(target, "all its stands are arrested")

    def jail_stand(self, unit: Unit, stand: Stand) -> None:
        unit.stands.remove(stand)
        self.jail.append(stand)
        if stand.commander:
            stand.commander = False
            self.umpire.effect("BWA-46", f"The commander of {self.label(unit)} is arrested: the unit has "
                               "no commander.", unit=unit.id)

    # -- BWA-37, BWA-38: escapes ------------------------------------------------------------
    def jailers(self) -> Unit | None:
        """BWA-38 gap: who guards the jail: its guard unit while it stands on the jail or (house rule
        ``jail_guarded_from = "sight"``) can see it, else another authority unit on the jail."""
        jail = self.setup.jail
        if jail is None:
            return None
        guard = self.units.get(jail.guards or "")
        if guard is not None and guard.on_table and guard.node is not None and (
                guard.node == jail.feature
                or (self.options.jail_guarded_from == "sight" and self.sees(guard.node, jail.feature))):
            return guard
        present = [u for u in self.table_units(AUTHORITY) if u.node == jail.feature and not u.airborne]
        return present[0] if present else None

    def escape(self) -> None:
        jail = self.setup.jail
        assert jail is not None
        passed = [s for s in self.jail
                  if self.stand_check(s, f"arrested stand {s.id}", "BWA-37", "escape roll",
                                      target=s.escape_number).passed]
        if not passed:
            return
        guards = self.jailers()
        if guards is None:
            self.free(passed, "no jailers guard the jail")
            return
        escapers = Unit(id="escapers", side=NONVIOLENT, name="Escaping stands", type="actionists",
                        node=jail.feature, stands=passed)
        out = self.confront(escapers, guards, why="breaking out of jail",
                            jailed=jail.kind in ENCLOSED_JAILS)
        if out.won_by(escapers, self.options.breach_ratio):
            self.umpire.effect("BWA-38", "A breach is opened in the jailers' line: every arrested stand "
                               "can escape.")
            self.free(list(self.jail), "through the breach")
            self.settle(out, discipline=False)

    def free(self, stands: list[Stand], why: str) -> None:
        """BWA-38 gap: escaped stands join the nearest nonviolent commander's unit."""
        jail = self.setup.jail
        assert jail is not None
        for s in stands:
            self.jail.remove(s)
        led = [u for u in self.table_units(NONVIOLENT)
               if u.commander is not None and not u.band and not u.hidden
               and self.options.escaped_join == "nearest_commander"]
        if led:
            unit = min(led, key=lambda u: (self.map.dist(jail.feature, u.node or ""), u.id))
            unit.stands.extend(stands)
        else:
            unit = Unit(id=f"escaped{self._counter_seq}", side=NONVIOLENT, name="Escaped stands",
                        type="actionists", node=jail.feature, stands=stands, player=self.first_seat(NONVIOLENT),
                        led=True)
            self._counter_seq += 1
            self.units[unit.id] = unit
        self.umpire.effect("BWA-38", f"{len(stands)} stand(s) escape ({why}) and join {self.label(unit)} "
                           f"at {unit.node}.", visible_to=ALL, unit=unit.id)
