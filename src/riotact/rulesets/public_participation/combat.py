"""Hits and what they do: shooting (PP-08..13), throwing (PP-14..20), saves and wounds (PP-25..36),
fighting (PP-21..24) and the morale triggers they raise (PP-32, PP-37)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import partial

from riotact.core.modifiers import Modifier, describe
from riotact.tabletop import arrow_point, bearing_word

from . import tables as T
from .board import Board
from .figures import XY, Character
from .tables import Weapon


@dataclass
class Cloud:
    """PP-20: a gas cloud 6" across, formed in move ``formed``, lasting to the end of move ``until``."""

    x: float
    y: float
    until: int
    formed: int
    radius: float = 3.0


@dataclass
class LitStick:
    """PP-19: a dynamite stick on the table, waiting for kicks before it goes off."""

    x: float
    y: float
    thrower: str
    tried: list[str] = field(default_factory=list)


class Combat(Board):
    clouds: list[Cloud]
    stick: LitStick | None
    morale_queue: list[str] | None

    # -- morale triggers (PP-37) ---------------------------------------------------
    def trigger(self, c: Character, why: str, rule: str = "PP-37") -> None:
        """Queue a morale throw; several triggers in one move still give one throw (PP-37 gap)."""
        if c.out_of_play or c.tested_move == self.move:
            return
        c.triggers.append(why)
        if self.morale_queue is not None and c.id not in self.morale_queue:
            self.morale_queue.append(c.id)
        self.tell(rule, f"{c.card.name} must take a morale throw: {why}.", c)

    def scream(self, c: Character, rule: str) -> None:
        """PP-32: heard within 18"; every non-enemy within 6" who hears it takes a morale throw."""
        understood, heard = self.sound(rule, c, "scream")
        for other in understood + heard:
            if not self.enemies(c, other) and self.gap(c, other) <= 6:
                self.trigger(other, f"{c.card.name} screams within 6\"", "PP-32")

    def rout(self, c: Character) -> None:
        """PP-37: a friend routing (Terrified or Faint) within 6"."""
        for other in self.on_table():
            if self.friends(c, other) and self.gap(c, other) <= 6:
                self.trigger(other, f"{c.card.name} routs within 6\"")

    # -- saves and wounds (PP-25..36) ---------------------------------------------
    def take_hit(self, victim: Character, result: str, table: str, sdd: int, weapon: str) -> None:
        """PP-30: D6 + SDD on the weapon type's table, on the row of the hit result."""
        rule = "PP-31" if table == "piercing" else "PP-33"
        mods = [Modifier(sdd, f"{weapon} SDD", rule)] if sdd else []
        judge = partial(T.piercing_save if table == "piercing" else T.bludgeoning_save, result)
        outcome = self.roll("PP-30", victim, f"a saving throw: {result}, {table} ({weapon})",
                            modifiers=mods, judge=judge).result
        assert outcome is not None
        self.wound(victim, outcome, table, rule, downed=result == "Downed")

    def wound(self, c: Character, outcome: str, table: str, rule: str, *, downed: bool = False) -> None:
        name = c.card.name
        if outcome == "superficial":
            if table == "bludgeoning":  # PP-34
                c.enraged_until = self.move + self.options.enraged_moves
                self.tell("PP-34", f"{name} is only superficially hurt, and enraged: +1 in melee.", c)
            else:
                self.tell("PP-34", f"{name} is only superficially hurt.", c)
        elif outcome == "hurt":  # PP-35
            self.tell("PP-35", f"{name} is hurt.", c)
            self.trigger(c, "hurt", "PP-35")
        elif outcome == "stunned":  # PP-36
            c.stunned = True
            self.tell("PP-36", f"{name} is stunned: prone and helpless.", c)
        else:
            before = c.state
            if outcome == "AD":
                c.wounds = max(c.wounds, c.card.wound_thresholds[3])
            elif self.options.wound_totals:
                c.wounds += T.WOUND_VALUE[outcome]  # PP-29 gap: the values add up
            else:
                c.wounds = max(c.wounds, T.WOUND_VALUE[outcome])
            if c.state == "LI" and table == "piercing":
                c.bleeds = True  # PP-25; a bludgeoning LI does not bleed (PP-33)
            after = c.state
            extra = f" ({before} + {outcome}: now {after}, PP-29)" if before != "unhurt" else ""
            words = {"LI": "lightly injured (pink)", "BI": "badly injured (green)",
                     "DI": "dangerously injured (red)", "AD": "apparently dead (blue)"}
            self.tell({"LI": "PP-25", "BI": "PP-26", "DI": "PP-27", "AD": "PP-28"}[after],
                      f"{name} is {words[after]}{extra}.", c, wound=after)
            if after == "AD":
                return
            if outcome == "BI" and table == "piercing":
                self.scream(c, "PP-32")
            if downed and table == "bludgeoning" and outcome == "LI":
                c.rising_li = True  # PP-33: -1 in melee to rise
            self.trigger(c, f"injured ({after})")
        if downed and not c.out_of_play and not c.stunned:  # PP-33 gap: down now, rises next move
            c.down_move = self.move
            if self.options.downed_rises:
                c.rising_move = self.move + 1
                self.tell("PP-33", f"{name} is down, and spends next move getting up.", c)
            else:
                self.tell("PP-33", f"{name} is down for the rest of this move.", c)

    # -- shooting (PP-08..13) --------------------------------------------------------
    def shot_range(self, firer: Character, target: Character) -> float:
        return self.gap(firer, target)

    def shot_modifiers(self, firer: Character, target: Character, weapon: Weapon, *, opportunity: bool,
                       attacked: bool, thrown: bool = False) -> list[Modifier]:
        mods: list[Modifier] = []
        if firer.card.shooting == "good":
            mods.append(Modifier(T.GOOD_SHOT, "good shot", "PP-11"))
        elif firer.card.shooting == "poor":
            mods.append(Modifier(T.POOR_SHOT, "poor shot", "PP-11"))
        cover = self.cover_from(firer.pos, target.pos)
        if cover is not None:
            feature, cls = cover
            value = T.IN_COVER if cls == "light" else self.options.heavy_cover
            kind = "heavy cover" if cls == "heavy" else "cover"
            mods.append(Modifier(value, f"target in {kind} ({feature.name})", "PP-11"))
        elif self.options.figures_in_the_way == "cover" and (screen := self.in_the_way(firer, target)):
            mods.append(Modifier(T.IN_COVER, f"target in cover ({screen.card.name} in the way)", "PP-11"))
        if not thrown and self.coup_de_grace(firer, target):
            mods.append(Modifier(T.COUP_DE_GRACE, "coup de grace within 1\"", "PP-11"))
        if firer.moved > 2:
            mods.append(Modifier(T.FIRER_MOVED, f"firer moved {firer.moved:.1f}\"", "PP-11"))
        if target.moved > 6:
            mods.append(Modifier(T.TARGET_MOVED, f"target moved {target.moved:.1f}\"", "PP-11"))
        if not thrown and weapon.long_gun and firer.moved == 0 and self.supported(firer):
            mods.append(Modifier(T.RESTED, "rested long gun", "PP-11"))
        if not thrown and weapon.telescopic:
            mods.append(Modifier(T.TELESCOPIC, "telescopic sight", "PP-11"))
        if opportunity:
            if attacked:
                value = T.OPPORTUNITY_ATTACKED + (T.OPPORTUNITY if self.options.opportunity_attacked == "add"
                                                  else 0)
                mods.append(Modifier(value, "opportunity shot, attacked from under 10 cm", "PP-08"))
            else:
                mods.append(Modifier(T.OPPORTUNITY, "opportunity shot", "PP-08"))
        if firer.shaken(self.move):
            mods.append(Modifier(-1, "Shaken", "PP-42"))
        penalty = self.firing_wound_penalty(firer)
        if penalty:
            mods.append(Modifier(-penalty, f"{firer.state} wound", "PP-25" if firer.state == "LI" else "PP-26"))
        return mods

    def in_the_way(self, firer: Character, target: Character) -> Character | None:
        """A figure whose base the line of fire crosses (house rule ``figures_in_the_way``)."""
        from shapely.geometry import LineString, Point

        line = LineString([firer.pos, target.pos])
        return next((o for o in sorted(self.on_table(), key=lambda o: o.id) if o is not firer and o is not target
                     and line.distance(Point(o.pos)) < o.card.base), None)

    def firing_wound_penalty(self, c: Character) -> int:
        """PP-25: LI -1 to firing; PP-26 gap: BI and DI take their melee penalty to firing too."""
        if c.state == "LI":
            return 1
        if c.state in ("BI", "DI") and self.options.bi_di_firing_penalty:
            return c.wound_penalty()
        return 0

    def coup_de_grace(self, firer: Character, target: Character) -> bool:
        """PP-11 gap: a shot within 1" at a helpless target (house rule ``coup_de_grace``: or any shot
        within 1", reading the sheet's "Coup de grace shot within 1"" literally)."""
        return self.gap(firer, target) <= 1 and (
            target.helpless(self.move) or self.options.coup_de_grace == "point_blank")

    def supported(self, c: Character) -> bool:
        """PP-11 gap: a rest is a wall, fence or other cover or obstacle touching the firer's base
        (house rule ``rested``: ``still`` needs no rest, only a firer who has not moved)."""
        if self.options.rested == "still":
            return True
        from shapely.geometry import Point

        spot = Point(c.pos).buffer(c.card.base + 0.5)
        return any((self.cover_class(f) or self.obstacle_class(f)) and f.shape.intersects(spot)
                   for f in self.table.features)

    def to_hit(self, weapon: Weapon, distance: float) -> int:
        """PP-10 gap: 4+ up to half the card range, 5+ beyond; a card's own score first."""
        if weapon.to_hit is not None:
            return weapon.to_hit
        half = distance <= weapon.range / 2
        return int(self.options.hit_half_range if half else self.options.hit_full_range)

    def roll_shots(self, firer: Character, weapon: Weapon) -> int:
        """PP-09: the weapon's shots dice say how many shots the character fires this move."""
        n, sides, fixed = T.shots_dice(weapon.shots)
        if not sides:
            self.tell("PP-09", f"{firer.card.name}'s {weapon.name} fires {fixed} shot(s) this move.", firer)
            return fixed
        if sides == 3:  # a D3 is a D6 halved, rounded up
            face = self.roll("PP-09", firer, f"shots with the {weapon.name} (D3: half a D6, up)", n=n).total
            return math.ceil(face / 2)
        return self.roll("PP-09", firer, f"shots with the {weapon.name}", n=n, sides=sides).total

    def first_shooting(self, firer: Character, target: Character) -> None:
        """PP-37 gap: the first shot with the firer or the target within 12" of a character (house rule
        ``initial_shooting``: or the first such shot of each move)."""
        for c in self.on_table():
            once = self.options.initial_shooting == "first"
            if c is firer or (c.first_shot_move >= 0 if once else c.first_shot_move == self.move):
                continue
            if self.gap(c, firer) <= 12 or self.gap(c, target) <= 12:
                c.first_shot_move = self.move
                self.trigger(c, "initial shooting within 12\"")

    def shoot(self, firer: Character, target: Character, weapon: Weapon, *, opportunity: bool = False,
              attacked: bool = False) -> int:
        """Fire a weapon at a stated target (PP-10); returns the number of hits."""
        if firer.shots_left is None:
            firer.shots_left = self.roll_shots(firer, weapon)
        hits = 0
        if firer.shots_left > 0 and not target.out_of_play:
            self.sound("PP-07", firer, "shot")  # once for the volley: its shots are heard together
        while firer.shots_left > 0 and not target.out_of_play:
            firer.shots_left -= 1
            self.first_shooting(firer, target)
            distance = self.shot_range(firer, target)
            need = self.to_hit(weapon, distance)
            mods = self.shot_modifiers(firer, target, weapon, opportunity=opportunity, attacked=attacked)
            shot = self.roll("PP-10", firer, f"a shot at {target.card.name}, {distance:.1f}\" away, "
                             f"{need}+ to hit", modifiers=mods, target=need)
            self.unseen_attacker(firer, target, "shot at", shot.passed)
            if shot.passed:
                hits += 1
                cdg = self.coup_de_grace(firer, target)
                effect = self.roll("PP-12", target, "the effect of the hit",
                                   modifiers=[Modifier(2, "coup de grace", "PP-12")] if cdg else [],
                                   judge=T.hit_effect).result
                assert effect is not None
                self.tell("PP-13", f"{target.card.name} {effect.lower()}; the save is on the Piercing "
                          "table.", target)
                self.take_hit(target, effect, "piercing", weapon.sdd, weapon.name)
            if opportunity:
                break
        return hits

    # -- throwing (PP-14..20) -------------------------------------------------------
    def unseen_attacker(self, attacker: Character, target: Character, what: str, hit: bool) -> None:
        """The roll is told to those who see the attacker; those who only see the target learn that
        it was attacked, from which direction, and whether it was hit (not by whom)."""
        seeing = set(self.witnesses(attacker))
        others = [s for s in self.witnesses(target) if s not in seeing]
        if others:
            where = bearing_word(target.pos, attacker.pos)
            self.umpire.effect("PP-10", f"{target.card.name} is {what} from the {where}: "
                               f"{'hit' if hit else 'missed'}.", visible_to=others)

    def throw_range(self, thrower: Character, weapon: Weapon) -> float:
        """PP-14 gap: the listed range plus the fighting value in inches, at least 1"."""
        bonus = thrower.card.fight if self.options.throw_range_melee else 0
        return max(1.0, weapon.range + bonus)

    def throw_need(self, thrower: Character, weapon: Weapon, distance: float) -> tuple[int, bool]:
        """PP-14: the HR score up to half range, else the FR score; (score, at full range)."""
        full = distance > self.throw_range(thrower, weapon) / 2
        return (weapon.full_hit if full else weapon.half_hit), full

    def throw(self, thrower: Character, target: Character, weapon: Weapon) -> bool:
        """A stone or spear at a character: a hit is a bludgeoning blow (PP-15)."""
        thrower.throwables[weapon.name] -= 1
        distance = self.gap(thrower, target)
        need, _ = self.throw_need(thrower, weapon, distance)
        mods = self.shot_modifiers(thrower, target, weapon, opportunity=False, attacked=False, thrown=True)
        roll = self.roll("PP-14", thrower, f"a {weapon.name} thrown at {target.card.name}, "
                         f"{distance:.1f}\" away, {need}+ to hit", modifiers=mods, target=need)
        self.unseen_attacker(thrower, target, f"hit at with a {weapon.name}", roll.passed)
        if not roll.passed:
            return False
        effect: str | None = "Staggers"
        if self.options.thrown_effect == "staggers":
            self.tell("PP-15", f"The {weapon.name} hits {target.card.name}: every thrown hit Staggers (house rule).",
                      target)
        else:  # PP-15 gap: the shooting hit-effect die
            effect = self.roll("PP-15", target, f"the effect of the {weapon.name}", judge=T.hit_effect).result
        assert effect is not None
        table = "piercing" if weapon.name == "spear" and self.options.spear_table == "piercing" else "bludgeoning"
        self.take_hit(target, effect, table, weapon.sdd, weapon.name)
        return True

    def throw_explosive(self, thrower: Character, weapon: Weapon, aim: XY) -> None:
        """PP-16, PP-17: aim, roll, scatter on a miss, a natural 1 is a dud; then the blast or cloud."""
        thrower.throwables[weapon.name] -= 1
        distance = max(0.0, self.table.distance(thrower.pos, aim) - thrower.card.base)
        need, full = self.throw_need(thrower, weapon, distance)
        name = thrower.card.name
        dud = False
        if self.options.exploding_point == "scatter":
            mods = [m for m in self._throw_mods(thrower)]
            roll = self.roll("PP-16", thrower, f"a {weapon.name} thrown at ({aim[0]:.1f}, {aim[1]:.1f}), "
                             f"{distance:.1f}\" away, {need}+ to hit", modifiers=mods, target=need)
            dud = roll.dice[0] == 1 and self.options.explosive_natural_one == "dud"
            point = aim if roll.passed and roll.dice[0] != 1 else self.scatter(thrower, aim, None)
        else:
            mods = [Modifier(-1, "full range", "PP-16")] if full else []
            place = self.roll("PP-16", thrower, f"the exploding point of a {weapon.name} (5+ on the spot, "
                              "3+ 0.75\" away, 2- 1.5\" away)", modifiers=mods)
            dud = place.dice[0] == 1 and self.options.explosive_natural_one == "dud"
            off = 0.0 if place.total >= 5 else 0.75 if place.total >= 3 else 1.5
            point = aim if off == 0 else self.scatter(thrower, aim, off)
        if dud:
            self.tell("PP-17", f"A natural 1: {name}'s {weapon.name} is a dud and does not go off "
                      f"(it lies at ({point[0]:.1f}, {point[1]:.1f})).", thrower)
            return
        if weapon.explosive == "gas":
            self.gas(point)
        else:
            self.stick = LitStick(point[0], point[1], thrower.id)

    def _throw_mods(self, thrower: Character) -> list[Modifier]:
        """PP-14 gap: the PP-11 factors that fit a throw at a point (shooting quality, movement, Shaken,
        wounds)."""
        mods = []
        if thrower.card.shooting != "average":
            good = thrower.card.shooting == "good"
            mods.append(Modifier(T.GOOD_SHOT if good else T.POOR_SHOT, f"{thrower.card.shooting} shot", "PP-11"))
        if thrower.moved > 2:
            mods.append(Modifier(T.FIRER_MOVED, f"thrower moved {thrower.moved:.1f}\"", "PP-11"))
        if thrower.shaken(self.move):
            mods.append(Modifier(-1, "Shaken", "PP-42"))
        penalty = self.firing_wound_penalty(thrower)
        if penalty:
            mods.append(Modifier(-penalty, f"{thrower.state} wound", "PP-25"))
        return mods

    def scatter(self, thrower: Character, aim: XY, distance: float | None) -> XY:
        """PP-16: the arrow die for direction, then half a D6 inches (or a set distance)."""
        face = self.roll("PP-16", thrower, "the arrow die (1 points north, then every 60 degrees "
                         "clockwise)").total
        if distance is None:
            distance = self.roll("PP-16", thrower, "the scatter distance (half a D6 inches)").total / 2
        point = self.table.clamp(arrow_point(aim, face, distance))
        self.tell("PP-16", f"It lands {distance:g}\" from the aiming point, at ({point[0]:.1f}, "
                  f"{point[1]:.1f}).", thrower, scatter={"from": list(aim), "to": list(point)})
        return point

    def gas(self, point: XY) -> None:
        """PP-20: a cloud 6" across; every creature with its head inside rolls D6 + size, 3 or less
        falls unconscious."""
        cloud = Cloud(point[0], point[1], self.move + self.options.gas_moves - 1, self.move)
        self.clouds.append(cloud)
        self.umpire.effect("PP-20", f"A gas cloud 6\" across forms at ({point[0]:.1f}, {point[1]:.1f}), lasting "
                           f"{self.options.gas_moves} moves.", visible_to=self.within_earshot(point),
                           template={"kind": "gas", "x": point[0], "y": point[1], "radius": cloud.radius})
        self.gas_rolls(cloud)

    def drift(self, cloud: Cloud) -> None:
        """PP-20 (house rule ``gas_drift``): the cloud drifts by the arrow die and half a D6 inches."""
        face = self.umpire.roll_total("PP-20", "the gas cloud", 1, 6, purpose="the drift of the gas cloud (arrow die)",
                                      visible_to=self.within_earshot((cloud.x, cloud.y))).total
        half = self.umpire.roll_total("PP-20", "the gas cloud", 1, 6, purpose="how far it drifts (half a D6 inches)",
                                      visible_to=self.within_earshot((cloud.x, cloud.y))).total / 2
        start = (cloud.x, cloud.y)
        cloud.x, cloud.y = self.table.clamp(arrow_point(start, face, half))
        self.umpire.effect("PP-20", f"The gas cloud drifts {half:g}\" {bearing_word(start, (cloud.x, cloud.y))}, "
                           f"to ({cloud.x:.1f}, {cloud.y:.1f}).",
                           visible_to=sorted({*self.within_earshot(start), *self.within_earshot((cloud.x, cloud.y))}),
                           template={"kind": "gas", "x": cloud.x, "y": cloud.y, "radius": cloud.radius},
                           scatter={"from": list(start), "to": [cloud.x, cloud.y]})

    def gas_rolls(self, cloud: Cloud) -> None:
        for c in sorted(self.on_table(), key=lambda c: c.id):
            if c.out_of_play or c.unconscious(self.move):
                continue
            if self.table.distance(c.pos, (cloud.x, cloud.y)) > cloud.radius:
                continue
            size = T.SIZE_GAS[c.card.size]
            mods = [Modifier(size, c.card.size.replace("_", " "), "PP-20")] if size else []
            if self.roll("PP-20", c, "the gas (3 or less: unconscious)", modifiers=mods, target=3,
                         judge=lambda t: "unconscious" if t <= 3 else "resists").result == "unconscious":
                c.unconscious_until, c.gassed = 10**6, True
                self.tell("PP-20", f"{c.card.name} falls unconscious in the gas.", c)

    def within_earshot(self, point: XY) -> list[str]:
        """Seats with a character who sees ``point`` or is within 18" of it (a blast is heard, PP-07)."""
        return [seat for seat in self.seats if any(
            c.seat == seat and not c.out_of_play and not c.unconscious(self.move)
            and (self.table.distance(c.pos, point) <= 18 or self.table.line_of_sight(c.pos, point))
            for c in self.chars.values())]

    def kick_candidates(self) -> list[Character]:
        """PP-19: characters within 1" of the lit stick with attempts left (house rule ``kick_attempts``),
        those who have tried least first, then nearest first."""
        stick = self.stick
        assert stick is not None
        attempts = self.options.kick_attempts
        found = [(stick.tried.count(c.id), max(0.0, self.table.distance(c.pos, (stick.x, stick.y)) - c.card.base),
                  c.id, c)
                 for c in self.on_table() if stick.tried.count(c.id) < attempts and c.can_act(self.move)
                 and not c.stunned and self.table.distance(c.pos, (stick.x, stick.y)) - c.card.base <= 1]
        return [c for *_, c in sorted(found)]

    def kick(self, c: Character, face: int) -> None:
        """PP-19: kick (standing) or throw (prone or kneeling) it D6-3 inches; 0 or less fails."""
        stick = self.stick
        assert stick is not None
        how = "throws" if c.rising_move == self.move else "kicks"
        distance = self.roll("PP-19", c, f"{how[:-1]}ing the lit dynamite away (D6-3 inches)",
                             modifiers=[Modifier(-3, "D6-3", "PP-19")]).total
        if distance <= 0:
            self.tell("PP-19", f"{c.card.name} fails to get rid of the stick.", c)
            return
        point = self.table.clamp(arrow_point((stick.x, stick.y), face, distance))
        stick.x, stick.y = point
        self.tell("PP-19", f"{c.card.name} {how} the stick {distance}\" away, to ({point[0]:.1f}, "
                  f"{point[1]:.1f}).", c)

    def explode(self) -> None:
        """PP-18 gap: everyone within 3" is hit: the hit-effect die, then a Piercing save with the
        distance SDD (1" -1, 2" 0, 3" +1)."""
        stick = self.stick
        assert stick is not None
        self.stick = None
        radius = self.options.dynamite_radius
        self.umpire.effect("PP-18", f"The dynamite explodes at ({stick.x:.1f}, {stick.y:.1f}).",
                           visible_to=self.within_earshot((stick.x, stick.y)),
                           template={"kind": "blast", "x": stick.x, "y": stick.y, "radius": radius})
        for c in sorted(self.on_table(), key=lambda c: c.id):
            if c.state == "AD":
                continue
            d = max(0.0, self.table.distance(c.pos, (stick.x, stick.y)) - c.card.base)
            if d > radius:
                continue
            sdd = T.dynamite_sdd(d)
            sdd = 1 if sdd is None else sdd
            effect = self.roll("PP-18", c, f"the blast, {d:.1f}\" away", judge=T.hit_effect).result
            assert effect is not None
            self.take_hit(c, effect, self.options.blast_table, sdd, f"dynamite at {d:.1f}\"")

    # -- fighting (PP-21..24) ---------------------------------------------------------
    def fighters(self) -> list[Character]:
        return sorted((c for c in self.on_table() if not c.helpless(self.move) and not c.cowering),
                      key=lambda c: c.id)

    def melees(self) -> list[tuple[list[Character], list[Character]]]:
        """Who fights whom this round. First the pairs the umpire has ruled (rulings.py); then N to one
        when N attackers touch only their one foe (PP-23); the rest, by the PP-23 gap default, split
        into one-to-one fights (lowest ids first), or with ``uneven_fights = "sides"`` each knot of
        fighters that is not N to one fights side against side."""
        able = self.fighters()
        used: set[str] = set()
        fights: list[tuple[list[Character], list[Character]]] = []

        def touching(x: Character) -> list[Character]:
            return [z for z in able if z.id not in used and self.enemies(x, z) and self.in_contact(x, z)]

        for a_id, b_id in self.rulings["pairs"].get(self.move, []):
            a, b = self.chars[a_id], self.chars[b_id]
            if a in able and b in able and not {a_id, b_id} & used and self.in_contact(a, b):
                fights.append(([a], [b]))
                used.update([a_id, b_id])
        for y in able:
            attackers = [x for x in touching(y) if [z.id for z in touching(x)] == [y.id]]
            if y.id not in used and len(attackers) >= 2:
                fights.append(([y], attackers))
                used.update([y.id, *(x.id for x in attackers)])
        if self.options.uneven_fights == "sides":
            for x in able:
                if x.id in used or not touching(x):
                    continue
                knot, todo = [x], [x]
                while todo:
                    for z in touching(todo.pop()):
                        if z not in knot:
                            knot.append(z)
                            todo.append(z)
                ours = sorted((z for z in knot if not self.enemies(x, z)), key=lambda z: z.id)
                theirs = sorted((z for z in knot if self.enemies(x, z)), key=lambda z: z.id)
                if all(self.enemies(a, b) for a in ours for b in theirs) and not any(
                        self.enemies(a, b) for group in (ours, theirs) for a in group for b in group):
                    fights.append((ours, theirs))
                    used.update(z.id for z in knot)
        for x in able:
            foes = touching(x) if x.id not in used else []
            if foes:
                fights.append(([x], [foes[0]]))
                used.update([x.id, foes[0].id])
        return fights

    def fight_factors(self, c: Character, foe: Character, charge_round: bool) -> list[Modifier]:
        """PP-22 (and PP-25..27 wounds, PP-33 rising, PP-34 enraged, PP-36 groggy, PP-42 Shaken)."""
        mods = []
        charging = charge_round and c.charged == foe.id and not c.panicked(self.move)  # PP-22, PP-43
        if charging and c.surprise:
            value = T.FULL_SURPRISE if c.surprise == 2 else T.HALF_SURPRISE
            mods.append(Modifier(value, "full surprise" if c.surprise == 2 else "half surprise", "PP-22"))
        if self.table.height_at(c.pos) > self.table.height_at(foe.pos):
            mods.append(Modifier(T.HEIGHT, "height advantage", "PP-22"))
        if c.shaken(self.move):
            mods.append(Modifier(T.SHAKEN, "Shaken", "PP-42"))
        if c.groggy(self.move):
            mods.append(Modifier(T.GROGGY, "groggy", "PP-36"))
        if c.enraged(self.move):
            mods.append(Modifier(T.ENRAGED, "enraged", "PP-34"))
        penalty = c.wound_penalty()
        if penalty:
            mods.append(Modifier(-penalty, f"{c.state} wound", "PP-25"))
        if c.melee.fight:
            mods.append(Modifier(c.melee.fight, c.melee.name, "PP-22"))
        if c.card.mounted:
            mods.append(Modifier(T.MOUNTED, "mounted", "PP-22"))
        if charging:
            if c.card.mounted:
                mods.append(Modifier(T.MOUNTED_CHARGE, "mounted charge", "PP-22"))
            if not c.card.mounted or self.options.mounted_charge == "adds":
                mods.append(Modifier(T.CHARGING, "charging", "PP-22"))
        if c.rising_move == self.move and c.rising_li:
            mods.append(Modifier(-self.options.rising_penalty, "rising with LI", "PP-33"))
        return mods

    def side_total(self, side: list[Character], foe: Character, charge_round: bool,
                   against: int = 1) -> tuple[int, Character]:
        """PP-21: D6 + fighting value + factors; PP-23: a group uses the mean of its dice (down) +N at N
        to one, and its best fighter's value and factors; side against side (house rule
        ``uneven_fights``), +1 for each man over the other side's count."""
        best = max(side, key=lambda c: (c.card.fight, c.id))
        mods = [Modifier(best.card.fight, f"{best.card.name}'s fighting value", "PP-21"),
                *self.fight_factors(best, foe, charge_round)]
        n = len(side)
        if n == 1:
            return self.roll("PP-21", best, f"fighting {foe.card.name}", modifiers=mods, also=(foe,)).total, best
        names = " and ".join(c.card.name for c in side)
        odds = f"{n} to one" if against == 1 else f"{n} to {against}"
        roll = self.roll("PP-23", best, f"{names} fighting {foe.card.name} together ({odds})", n=n,
                         also=(foe, *side))
        mean = roll.natural // n if self.options.outnumber_mean == "down" else int(roll.natural / n + 0.5)
        bonus = n if against == 1 else max(0, n - against)
        total = mean + bonus + sum(m.value for m in mods)
        rounded = self.options.outnumber_mean
        self.tell("PP-23", f"{names}: mean of the dice {mean} (rounded {rounded}), +{bonus} for {odds}, "
                  f"{describe(mods)}: {total}.", foe, *side)
        return total, best

    def fight_round(self, one: list[Character], many: list[Character], rnd: int) -> None:
        first = rnd <= self.options.charge_rounds  # PP-22 gap: charge bonuses in the first round
        total_a, best_a = self.side_total(one, many[0], first, len(many))
        total_b, best_b = self.side_total(many, one[0], first, len(one))
        table = self.options.fight_table
        for side, best, mine, theirs, winner in ((one, best_a, total_a, total_b, best_b),
                                                 (many, best_b, total_b, total_a, best_a)):
            result = T.fight_result(mine - theirs, table)
            names = " and ".join(c.card.name for c in side)
            self.tell("PP-24", f"Round {rnd}: {names} {mine} against {theirs}, a difference of "
                      f"{mine - theirs:+d}: {result}.", *side, winner)
            if result in ("Flinches", "Staggers", "Downed"):
                if len(side) == 1:
                    victim = side[0]
                elif self.options.group_loss == "best":
                    victim = best
                else:
                    victim = self.chars[self.umpire.choose(
                        "PP-23", sorted(c.id for c in side), purpose="who in the group takes the result",
                        visible_to=self.witnesses(*side))]
                weapon = winner.melee  # PP-30 gap: saved against the winner's weapon
                table = "bludgeoning" if self.options.fight_save == "bludgeoning" else weapon.table
                self.take_hit(victim, result, table, weapon.sdd, weapon.name)
