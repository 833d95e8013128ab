"""Ranged fire on the D12 (BON-024..030, BON-063/064, BON-074/075), grenades (BON-057..060), close
combat on the D6 (BON-031..035, BON-054, BON-086, BON-114), and damage (BON-009, BON-027,
BON-048, BON-049, BON-112)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from riotact.core.words import counted
from riotact.tabletop import bearing, clock_point, in_arc

from ..board import Board
from ..state import Soldier, Unit
from ..tables import (
    CAVALRY_CC_MOD,
    CC_CRITICAL_HIT,
    CC_CRITICAL_MISS,
    CHARGING_CLUSTER_MOD,
    CRITICAL_RANGED,
    HIT_LOCATION,
    HORSEBACK_MOD,
    LOCATION_TEXT,
    PIECES,
    RANGE_MOD,
    REMOVING_LOCATIONS,
    WEAPONS,
)
from . import glory, vehicles

GRENADE_RADIUS = 1.0  # BON-057: the 2" marker


#: BON-065: why a piece's shots are Green whatever level its unit is listed at (said in the modifier text).
CREW_FIRER = "Green crew (artillery and MG crews are Green, BON-065)"


def d3_of(face: int) -> int:
    """BON-001 gap: the D3 read from a D6 face (1-2 = 1, 3-4 = 2, 5-6 = 3)."""
    return (face + 1) // 2


def _ranged_judge(tn: int) -> Callable[[int], str]:
    """BON-025 / BON-026: a natural 12 always hits (critical); otherwise TN or more hits."""
    return lambda n: "critical hit" if n == CRITICAL_RANGED else "hit" if n >= tn else "miss"


@dataclass
class Hit:
    target: Soldier
    critical: bool
    damage: int
    by: Soldier
    av: bool = False  # BON-012: anti-vehicle ammunition (shell, shrapnel, the LFT)


class Combat(Board):
    # -- ranged ---------------------------------------------------------------------
    def ranged_tn(self, firer: Soldier, target: Soldier, *, cover: bool = True,
                  band: str | None = None) -> tuple[int, str]:
        """BON-025: TN = DS (+ armour) + CV + range (BON-030) + firer (BON-113) + cluster charging."""
        u = self.unit_of(target)
        parts = [(target.ds(u.formation, u.charging), "DS")]
        if cover:
            cv, name = self.cover(firer.pos, target, firer)
            if cv:
                parts.append((cv, f"cover ({name})"))
        band = band or WEAPONS[firer.weapon].band(self.gap(firer, target)) or "long"
        if WEAPONS[firer.weapon].medium is not None or band != "short":
            parts.append((RANGE_MOD[band], f"{band} range"))
        else:
            parts.append((RANGE_MOD["short"], "short range"))
        parts.append((firer.stats.fire_mod, CREW_FIRER if firer.role == "crew" else f"{firer.stats.name} firer"))
        if u.charging and u.formation in ("closed", "mass"):
            parts.append((CHARGING_CLUSTER_MOD, "charging cluster"))
        if firer.mounted:
            parts.append((HORSEBACK_MOD, "firer on horseback"))  # BON-085
        tn = sum(v for v, _ in parts)
        return tn, " ".join(f"{'+' if v >= 0 and i else ''}{v} {w}" for i, (v, w) in enumerate(parts))

    def can_fire(self, m: Soldier) -> bool:
        """Who may shoot: AC left, a firearm, not barred by a wound (BON-112) or by moving with a
        bulky weapon (BON-052: more than half his AC on movement, or a charge, unless prone)."""
        w = m.weapon
        if m.ac < 1 or m.panic in ("freeze", "flee", "onwards") or w in ("cc_weapon", "grenades"):
            return False
        if m.stunned_turn == self.turn or "arm_heavy" in m.injuries:
            return False
        if w in ("lmg", "lft") and ("arm_light" in m.injuries or (not m.prone and (
                m.move_ac * 2 > m.max_ac() or m.id in self.charged))):
            return False
        return w != "mg"

    def targets_for(self, m: Soldier, u: Unit) -> list[Soldier]:
        """BON-024: models of ``u`` in range and in sight; prone models cannot be aimed at (BON-023)."""
        return [t for t in self.members(u) if not t.prone and self.gap(m, t) <= self.weapon_reach(m)
                and self.sees(m, t)]

    def shots(self, firers: list[Soldier], u: Unit) -> list[tuple[Soldier, Soldier]]:
        """Each firer's shots (3 for an LMG, BON-063), aimed in turn at the models in his reach,
        nearest first."""
        out = []
        for f in firers:
            aims = sorted(self.targets_for(f, u), key=lambda t: (self.gap(f, t), t.id))
            if aims:
                f.ac -= 1  # BON-011 gap: a firing is one action
                f.prone = False  # BON-023: firing ends prone
                out += [(f, aims[i % len(aims)]) for i in range(WEAPONS[f.weapon].shots)]
        return out

    def volley(self, shooters: list[tuple[Soldier, Soldier]], u: Unit, rule: str) -> None:
        """Roll every shot (BON-025/026), then give hits one per model (BON-029 gap), surplus to the
        unit behind (BON-029)."""
        hits: list[Hit] = []
        for f, t in shooters:
            tn, why = self.ranged_tn(f, t)
            face = self.umpire.roll_total(rule, f.id, 1, 12, purpose=f"a {WEAPONS[f.weapon].name} shot at {t.id} "
                                          f"(TN {tn}: {why})", judge=_ranged_judge(tn)).total
            if face == CRITICAL_RANGED or face >= tn:
                hits.append(Hit(t, face == CRITICAL_RANGED, WEAPONS[f.weapon].damage, f))
        self.allocate(hits, u)

    def allocate(self, hits: list[Hit], u: Unit) -> None:
        taken: set[str] = set()
        surplus: list[Hit] = []
        for h in hits:
            if h.target.id in taken or not h.target.in_play:
                spare = [m for m in self.members(u) if m.id not in taken]
                if not spare:
                    surplus.append(h)
                    continue
                h.target = min(spare, key=lambda m: (self.gap(h.by, m), m.id))
            taken.add(h.target.id)
            self.counter_attack(h)
            vehicles.damage(self, h)
        if surplus and self.options.great_equalizer:
            self.equalize(surplus, u)
        self.after_losses()

    def counter_attack(self, h: Hit) -> None:
        """BON-028: a defender hit (not by bloody death) whose unit has not been activated this turn
        fires back at the attacker before he falls, for 1 AC."""
        d, a = h.target, h.by
        du = self.unit_of(d)
        if (h.critical or du.activated or d.ac < 1 or not self.options.counter_attack or d.is_piece
                or WEAPONS[d.weapon].reach < self.gap(d, a) or d.weapon in ("grenades", "lft", "cc_weapon")
                or not self.sees(d, a) or d.panic):
            return
        d.ac -= 1
        tn, why = self.ranged_tn(d, a)
        face = self.umpire.roll_total("BON-028", d.id, 1, 12, purpose=f"a counter attack on {a.id} "
                                      f"(TN {tn}: {why})", judge=_ranged_judge(tn)).total
        if face == CRITICAL_RANGED or face >= tn:
            vehicles.damage(self, Hit(a, face == CRITICAL_RANGED, WEAPONS[d.weapon].damage, d))

    def equalize(self, surplus: list[Hit], target: Unit) -> None:
        """BON-029: the nearest unit behind the target (farther from the firer), friend or foe, within
        the weapon's range, takes the extra hits one per model, nearest first, without a roll."""
        by = surplus[0].by
        reach = self.weapon_reach(by)
        t_dist = min((self.table.distance(by.pos, self.men[m].pos) for m in target.members), default=0)
        behind = []
        for u in self.units.values():
            if u is target or u.id == by.unit:
                continue
            near = [m for m in self.members(u) if t_dist < self.table.distance(by.pos, m.pos)
                    and self.gap(by, m) <= reach]
            if near:
                behind.append((min(self.gap(by, m) for m in near), u.id, near))
        if not behind:
            self.tell("BON-029", f"{counted(len(surplus), 'extra hit')} find no unit behind {target.name}.")
            return
        _, uid, near = min(behind, key=lambda b: (b[0], b[1]))
        u = self.units[uid]
        self.reveal(u, "the Great Equalizer finds it")
        near.sort(key=lambda m: (self.gap(by, m), m.id))
        self.tell("BON-029", f"The Great Equalizer: {counted(len(surplus), 'extra hit')} go to {u.name}.")
        for h, m in zip(surplus, near, strict=False):
            vehicles.damage(self, Hit(m, h.critical, h.damage, h.by))

    def pin(self, u: Unit, by_machine_gun: bool) -> None:
        """BON-036 gap: pinned when shot at in two turns in a row, or once by an LMG or MG
        (BON-064, BON-075); pinned soldiers are suppressed next turn (BON-023)."""
        if self.turn not in u.shot_at_turns:
            u.shot_at_turns.append(self.turn)
        if by_machine_gun or self.turn - 1 in u.shot_at_turns:
            u.pinned_turn = self.turn
            glory.trigger(self, u, "pinned")

    # -- damage ----------------------------------------------------------------------
    def damage(self, h: Hit) -> None:
        m = h.target
        if not m.in_play:
            return
        u = self.unit_of(m)
        if h.critical and not m.is_piece:  # BON-026 / BON-033 / BON-049: bloody death, no save
            self.remove(m, "bloody death", "BON-026")
        elif m.is_hero:
            self.hit_location(m)
        else:
            m.wounds -= h.damage  # BON-027
            if m.wounds <= 0:
                self.remove(m, "a casualty", "BON-009" if not m.is_piece else "BON-027")
            else:
                self.tell("BON-027", f"{m.id} is hit and has {counted(m.wounds, 'wound')} left.", unit=u)
        if m.is_hero:
            glory.trigger(self, u, "leader")  # BON-036
        elif m.banner:
            glory.trigger(self, u, "banner")  # BON-036: "their leader or banner is wounded or killed"

    def hit_location(self, m: Soldier) -> None:
        """BON-048 / BON-112: a wounded hero rolls a D12 for where he is hit."""
        u = self.unit_of(m)
        face = self.umpire.roll_total("BON-048", m.id, 1, 12, purpose="hit location",
                                      visible_to=self.vis(u)).total
        where = HIT_LOCATION[face]
        self.tell("BON-112", f"{m.id}: {LOCATION_TEXT[where]}.", unit=u, location=where)
        if where in REMOVING_LOCATIONS:
            self.remove(m, LOCATION_TEXT[where], "BON-112")
            return
        m.injuries.append(where)
        if where in ("groin", "leg_heavy"):
            m.prone = True
        if where == "head_light":
            m.stunned_turn = self.turn + 1 if u.activated else self.turn

    def remove(self, m: Soldier, why: str, rule: str) -> None:
        u = self.unit_of(m)
        m.removed = why
        self.tell(rule, f"{m.id} of {u.name} is removed: {why}.", unit=u, soldier=m.id)
        if m.role == "ammo" and not u.ammo_since:
            u.ammo_since = self.turn  # BON-076

    def after_losses(self) -> None:
        for u in self.units.values():
            glory.check_half(self, u)

    # -- the light flame thrower ---------------------------------------------------------
    def stream(self, m: Soldier, aim: Soldier) -> None:
        """BON-061: a 9" stream straight at the aimed model; every base it touches is attacked with a
        d12 against his DS alone (no cover, no modifiers; a natural 12 is critical), D 1; each unit so
        attacked takes a glory trigger (gap: "causes fear")."""
        from shapely.geometry import LineString, Point

        m.ac -= 1
        m.prone = False
        d = self.table.distance(m.pos, aim.pos) or 1.0
        reach = WEAPONS["lft"].short + m.base
        end = (m.x + (aim.x - m.x) / d * reach, m.y + (aim.y - m.y) / d * reach)
        line = LineString([m.pos, end])
        crossed = sorted((t for t in self.men.values() if t.in_play and t is not m
                          and line.distance(Point(t.pos)) <= t.base),
                         key=lambda t: (self.table.distance(m.pos, t.pos), t.id))
        self.tell("BON-061", f"{m.id}'s flame thrower sends a 9\" stream at {aim.id}: "
                  f"{', '.join(t.id for t in crossed) or 'nobody'} in its path.")
        hits, scared = [], []
        for t in crossed:
            tu = self.unit_of(t)
            self.reveal(tu, "the flame thrower's stream finds it")
            if t.vehicle:  # BON-062: a flame thrower automatically causes criticals on vehicles
                self.tell("BON-062", f"The stream engulfs {t.id}: an automatic critical.")
                hits.append(Hit(t, True, WEAPONS["lft"].damage, m, av=True))
                continue
            tn = t.ds(tu.formation, tu.charging)
            face = self.umpire.roll_total("BON-061", m.id, 1, 12, purpose=f"the stream against {t.id} (TN {tn}: "
                                          "DS alone)", judge=_ranged_judge(tn)).total
            if face == CRITICAL_RANGED or face >= tn:
                hits.append(Hit(t, face == CRITICAL_RANGED, WEAPONS["lft"].damage, m))
            if tu not in scared:
                scared.append(tu)
        for h in hits:
            vehicles.damage(self, h)
        for tu in scared:
            glory.trigger(self, tu, "fear")
        self.after_losses()

    # -- grenades ---------------------------------------------------------------------
    def throw(self, m: Soldier, aim: tuple[float, float]) -> None:
        """BON-057: a location d12 (1-3 deviates D3" in a D12 clock direction, BON-060), the 2" marker,
        then 2D12 (BON-059), each die against up to two models under it, TN = DS + firing modifiers
        without cover or trench (BON-058), D3 damage per figure hit."""
        u = self.unit_of(m)
        m.ac -= 1
        m.prone = False
        self.reveal(u, "it throws a grenade")
        loc = self.umpire.roll_total("BON-057", m.id, 1, 12, purpose="the grenade's placement",
                                     judge=lambda n: "critical miss" if n <= 3 else "on target").total
        point = aim
        if loc <= 3:  # BON-060
            face = self.umpire.roll_total("BON-060", m.id, 1, 12, purpose="deviation direction").total
            dist = self.d3("BON-060", m.id, "deviation distance")
            point = self.table.clamp(clock_point(aim, bearing(m.pos, aim), face, dist))
            self.tell("BON-060", f"The grenade deviates {dist}\" towards {face} o'clock to "
                      f"({point[0]:.1f}, {point[1]:.1f}).", scatter={"from": list(aim), "to": list(point)})
        under = sorted((t for t in self.men.values() if t.in_play and t is not m
                        and self.table.distance(point, t.pos) <= GRENADE_RADIUS + t.base),
                       key=lambda t: (self.table.distance(point, t.pos), t.id))
        self.tell("BON-057", f"{m.id}'s grenade lands at ({point[0]:.1f}, {point[1]:.1f}): "
                  f"{', '.join(t.id for t in under) or 'nobody'} under the 2\" marker.",
                  template={"kind": "grenade", "x": point[0], "y": point[1], "radius": GRENADE_RADIUS})
        for t in under:
            self.reveal(self.unit_of(t), "a grenade lands on it")
        dice = self.umpire.roll_total("BON-059", m.id, 2, 12, purpose="the grenade's attack (2D12)").dice
        hits = []
        for i, face in enumerate(dice):
            for t in under[2 * i: 2 * i + 2]:
                tn, why = self.ranged_tn(m, t, cover=False, band="short")
                if face == CRITICAL_RANGED or face >= tn:
                    self.tell("BON-057", f"Die {face} against {t.id} (TN {tn}: {why}): "
                              f"{'critical hit' if face == CRITICAL_RANGED else 'hit'}.")
                    dmg = self.d3("BON-057", m.id, f"grenade damage on {t.id}")  # told after the hit it follows
                    hits.append(Hit(t, face == CRITICAL_RANGED, dmg, m))
                else:
                    self.tell("BON-057", f"Die {face} against {t.id} (TN {tn}: {why}): miss.")
        for h in hits:
            vehicles.damage(self, h)
        self.after_losses()

    def d3(self, rule: str, who: str, purpose: str) -> int:
        """BON-001 gap: a D3 is a D6 read 1-2 = 1, 3-4 = 2, 5-6 = 3; the log gives the face and the D3."""
        face = self.umpire.roll_total(rule, who, 1, 6, purpose=f"{purpose} (a D3: the D6 halved, rounded up)",
                                      judge=lambda n: f"{d3_of(n)} on the D3").total
        return d3_of(face)

    # -- machine guns -------------------------------------------------------------------
    def mg_targets(self, mg: Unit, u: Unit) -> list[Soldier]:
        piece = self.members(mg)[0]
        return [t for t in self.members(u) if not t.prone and self.gap(piece, t) <= WEAPONS["mg"].reach
                and self.sees(piece, t) and in_arc(mg.facing, PIECES["mg"]["arc"], piece.pos, t.pos)]

    def mg_crew(self, mg: Unit) -> list[Soldier]:
        return [m for m in self.members(mg) if m.role in ("crew", "ammo") and not m.panic]

    def salvo(self, mg: Unit, u: Unit) -> None:
        """BON-074: a salvo of 6 shots (1 crew AC, at most 3 a turn) at targets in the 90 degree arc;
        it pins (BON-075)."""
        piece = self.members(mg)[0]
        crew = max(self.mg_crew(mg), key=lambda m: (m.ac, m.id))
        crew.ac -= 1
        mg.salvos += 1
        self.reveal(mg, "it opens fire")
        aims = sorted(self.mg_targets(mg, u), key=lambda t: (self.gap(piece, t), t.id))
        shooter = Soldier(piece.id, mg.id, "crew", "green", "flak", "mg", piece.x, piece.y)
        self.tell("BON-074", f"{mg.name} fires salvo {mg.salvos} of 3 at {u.name}.", unit=mg)
        self.volley([(shooter, aims[i % len(aims)]) for i in range(WEAPONS["mg"].shots)], u, "BON-074")
        self.pin(u, True)

    def ammo_check(self, mg: Unit) -> None:
        """BON-076: without its ammunition crewman, the n-th turn's D6 of 7 - n or more runs it out."""
        if mg.kind != "mg" or mg.ammo_out or not mg.ammo_since:
            return
        n = self.turn - mg.ammo_since + 1
        need = max(1, self.options.ammo_turn_face - n)
        roll = self.umpire.roll_total("BON-076", mg.name, 1, 6, purpose=f"ammunition (turn {n} without "
                                      "its crewman)", target=need, visible_to=self.vis(mg))
        if roll.passed:
            mg.ammo_out = True
            self.tell("BON-076", f"{mg.name} is out of ammunition for the rest of the game.", unit=mg)

    # -- close combat ---------------------------------------------------------------------
    def cc_tn(self, a: Soldier, t: Soldier) -> tuple[int, str]:
        """BON-032 gap: TN = target DS (+ armour) + trench (BON-035) or cover (BON-114) + Square
        (BON-022) + uphill (BON-086) - facing away (BON-114) - attacker's CS."""
        tu, au = self.unit_of(t), self.unit_of(a)
        parts = [(t.ds(tu.formation, tu.charging), "DS")]
        if self.in_trench(t) and not self.in_trench(a):
            parts.append((self.options.trench_defender_ds, "defending a trench"))
        elif self.in_trench(a) and not self.in_trench(t):
            parts.append((self.options.trench_attacker_ds, "attacking a trench"))
        elif self.cover(a.pos, t)[0] and not self.in_trench(t):
            parts.append((1, "in cover"))
        if tu.formation == "square":
            parts.append((1, "in Square"))
        if self.height(t) > self.height(a):
            parts.append((1, "uphill"))
        if not in_arc(tu.facing, 180.0, t.pos, a.pos):
            parts.append((-1, "facing away"))
        if a.mounted and not t.mounted:
            parts.append((CAVALRY_CC_MOD, "cavalryman against a man on foot"))  # BON-083
        parts.append((-a.cs(), "attacker's CS"))
        del au
        tn = sum(v for v, _ in parts)
        return tn, " ".join(f"{'+' if v >= 0 and i else ''}{v} {w}" for i, (v, w) in enumerate(parts))

    def fighters(self, m: Soldier) -> list[Soldier]:
        return sorted((e for e in self.men.values() if e.in_play and self.unit_of(e).seat != self.unit_of(m).seat
                       and self.in_contact(m, e)), key=lambda e: (self.gap(m, e), e.id))

    def melee(self, u: Unit) -> None:
        """BON-032: every model of the unit in base contact (1 AC each) and every enemy model touching
        it rolls a D6 once; casualties are removed together."""
        attackers = [m for m in self.members(u) if m.ac >= 1 and not m.panic and self.fighters(m)
                     and m.stunned_turn != self.turn]
        defenders = sorted({e.id for m in self.members(u) for e in self.fighters(m)
                            if e.panic not in ("freeze", "flee", "prone", "take_cover")})
        hits: list[Hit] = []
        for a in attackers:
            a.ac -= 1
            a.prone = False
            hits += self.strike(a, self.fighters(a)[0])
        for d_id in defenders:
            d = self.men[d_id]
            foes = [m for m in self.fighters(d) if m.unit == u.id]
            if foes and not d.is_piece:
                hits += self.strike(d, foes[0])
        for h in hits:
            vehicles.damage(self, h)
        self.after_losses()

    def strike(self, a: Soldier, t: Soldier) -> list[Hit]:
        tn, why = self.cc_tn(a, t)

        def judge(n: int) -> str:
            return ("critical hit" if n >= CC_CRITICAL_HIT else "critical miss" if n <= CC_CRITICAL_MISS
                    else "hit" if n >= tn else "miss")

        face = self.umpire.roll_total("BON-032", a.id, 1, 6, purpose=f"close combat against {t.id} "
                                      f"(TN {tn}: {why})", judge=judge).total
        if a.cc_weapon and face < CC_CRITICAL_HIT and self.options.cc_reroll == "when_not_critical":
            again = self.umpire.roll_total("BON-054", a.id, 1, 6, purpose="the close-combat weapon's reroll",
                                           judge=judge).total
            face = max(face, again)
        if face >= CC_CRITICAL_HIT:  # BON-033
            return [Hit(t, True, 1, a)]
        if face <= CC_CRITICAL_MISS:  # BON-034
            others = sorted({e.id for e in [*self.touching(a), *self.touching(t)]} - {a.id, t.id})
            if not others:
                self.tell("BON-034", f"{a.id}'s blow goes wild and hits nobody.")
                return []
            victim = self.umpire.choose("BON-034", others, purpose=f"whom {a.id}'s wild blow hits")
            return [Hit(self.men[victim], False, 1, a)]
        return [Hit(t, False, 1, a)] if face >= tn else []

    def touching(self, m: Soldier) -> list[Soldier]:
        return [e for e in self.men.values() if e.in_play and e is not m and self.in_contact(m, e)]
