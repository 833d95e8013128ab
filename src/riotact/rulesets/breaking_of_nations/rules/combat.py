"""Ranged fire on the D12 (BON-024..030, BON-063/064, BON-074/075), grenades (BON-057..060), close
combat on the D6 (BON-031..035, BON-054, BON-086, BON-114), and damage (BON-009, BON-027,
BON-048, BON-049, BON-112)."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from riotact.core.words import counted
from riotact.tabletop import bearing, clock_point, in_arc

from .. import view
from ..board import CONTACT
from ..state import PIECE_BASE, VEHICLE_BASE, Soldier, Unit
from ..tables import (
    BASE,
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
from . import buildings, glory, sequence, vehicles

GRENADE_RADIUS = 1.0  # BON-057: the 2" marker
if TYPE_CHECKING:
    from ..state import World


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


# -- ranged ---------------------------------------------------------------------
def ranged_tn(w: World, firer: Soldier, target: Soldier, *, cover: bool = True,
              band: str | None = None) -> tuple[int, str]:
    """BON-025: TN = DS (+ armour) + CV + range (BON-030) + firer (BON-113) + cluster charging."""
    u = w.unit_of(target)
    parts = [(target.ds(u.formation, u.charging), "DS")]
    if cover:
        cv, name = buildings.cover(w, firer.pos, target, firer)
        if cv:
            parts.append((cv, f"cover ({name})"))
    band = band or WEAPONS[firer.weapon].band(w.board.gap(firer, target)) or "long"
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
    return tn, " ".join(f"{'+' if v >= 0 and i else ''}{v} {why}" for i, (v, why) in enumerate(parts))


def can_fire(w: World, m: Soldier) -> bool:
    """Who may shoot: AC left, a firearm, not barred by a wound (BON-112) or by moving with a
    bulky weapon (BON-052: more than half his AC on movement, or a charge, unless prone)."""
    weapon = m.weapon
    if m.ac < 1 or m.panic in ("freeze", "flee", "onwards") or weapon in ("cc_weapon", "grenades"):
        return False
    if m.stunned_turn == w.turn or "arm_heavy" in m.injuries:
        return False
    if weapon in ("lmg", "lft") and ("arm_light" in m.injuries or (not m.prone and (
            m.move_ac * 2 > m.max_ac() or m.id in w.charged))):
        return False
    return weapon != "mg"


def targets_for(w: World, m: Soldier, u: Unit) -> list[Soldier]:
    """BON-024: models of ``u`` in range and in sight; prone models cannot be aimed at (BON-023)."""
    return list(aims(w, m, u))


def aims(w: World, m: Soldier, u: Unit) -> Iterator[Soldier]:
    """:func:`targets_for` one by one, each checked only when it is read (whether there is any target
    needs the first only)."""
    reach, gap = w.board.weapon_reach(m), w.board.gap
    return (t for t in w.members(u) if not t.prone and gap(m, t) <= reach and buildings.sees(w, m, t))


def shots(w: World, firers: list[Soldier], u: Unit) -> list[tuple[Soldier, Soldier]]:
    """Each firer's shots (3 for an LMG, BON-063), aimed in turn at the models in his reach,
    nearest first."""
    out = []
    for f in firers:
        aims = sorted(buildings.targets_for(w, f, u), key=lambda t: (w.board.gap(f, t), t.id))
        if aims:
            f.ac -= 1  # BON-011 gap: a firing is one action
            f.prone = False  # BON-023: firing ends prone
            out += [(f, aims[i % len(aims)]) for i in range(WEAPONS[f.weapon].shots)]
    return out


def volley(w: World, shooters: list[tuple[Soldier, Soldier]], u: Unit, rule: str) -> None:
    """Roll every shot (BON-025/026), then give hits one per model (BON-029 gap), surplus to the
    unit behind (BON-029)."""
    hits: list[Hit] = []
    for f, t in shooters:
        tn, why = ranged_tn(w, f, t)
        face = w.umpire.roll_total(rule, f.id, 1, 12, purpose=f"a {WEAPONS[f.weapon].name} shot at {t.id} "
                                      f"(TN {tn}: {why})", judge=_ranged_judge(tn)).total
        if face == CRITICAL_RANGED or face >= tn:
            hits.append(Hit(t, face == CRITICAL_RANGED, WEAPONS[f.weapon].damage, f))
    allocate(w, hits, u)


def allocate(w: World, hits: list[Hit], u: Unit) -> None:
    taken: set[str] = set()
    surplus: list[Hit] = []
    for h in hits:
        if h.target.id in taken or not h.target.in_play:
            spare = [m for m in w.members(u) if m.id not in taken]
            if not spare:
                surplus.append(h)
                continue
            h.target = min(spare, key=lambda m: (w.board.gap(h.by, m), m.id))
        taken.add(h.target.id)
        counter_attack(w, h)
        vehicles.damage(w, h)
    if surplus and w.options.great_equalizer:
        equalize(w, surplus, u)
    after_losses(w)


def counter_attack(w: World, h: Hit) -> None:
    """BON-028: a defender hit (not by bloody death) whose unit has not been activated this turn
    fires back at the attacker before he falls, for 1 AC."""
    d, a = h.target, h.by
    du = w.unit_of(d)
    if (h.critical or du.activated or d.ac < 1 or not w.options.counter_attack or d.is_piece
            or WEAPONS[d.weapon].reach < w.board.gap(d, a) or d.weapon in ("grenades", "lft", "cc_weapon")
            or not buildings.sees(w, d, a) or d.panic):
        return
    d.ac -= 1
    tn, why = ranged_tn(w, d, a)
    face = w.umpire.roll_total("BON-028", d.id, 1, 12, purpose=f"a counter attack on {a.id} "
                                  f"(TN {tn}: {why})", judge=_ranged_judge(tn)).total
    if face == CRITICAL_RANGED or face >= tn:
        vehicles.damage(w, Hit(a, face == CRITICAL_RANGED, WEAPONS[d.weapon].damage, d))


def equalize(w: World, surplus: list[Hit], target: Unit) -> None:
    """BON-029: the nearest unit behind the target (farther from the firer), friend or foe, within
    the weapon's range, takes the extra hits one per model, nearest first, without a roll."""
    by = surplus[0].by
    reach = w.board.weapon_reach(by)
    t_dist = min((w.table.distance(by.pos, w.men[m].pos) for m in target.members), default=0)
    behind = []
    for u in w.units.values():
        if u is target or u.id == by.unit:
            continue
        near = [m for m in w.members(u) if t_dist < w.table.distance(by.pos, m.pos)
                and w.board.gap(by, m) <= reach]
        if near:
            behind.append((min(w.board.gap(by, m) for m in near), u.id, near))
    if not behind:
        w.tell("BON-029", f"{counted(len(surplus), 'extra hit')} find no unit behind {target.name}.")
        return
    _, uid, near = min(behind, key=lambda b: (b[0], b[1]))
    u = w.units[uid]
    sequence.reveal(w, u, "the Great Equalizer finds it")
    near.sort(key=lambda m: (w.board.gap(by, m), m.id))
    w.tell("BON-029", f"The Great Equalizer: {counted(len(surplus), 'extra hit')} go to {u.name}.")
    for h, m in zip(surplus, near, strict=False):
        vehicles.damage(w, Hit(m, h.critical, h.damage, h.by))


def pin(w: World, u: Unit, by_machine_gun: bool) -> None:
    """BON-036 gap: pinned when shot at in two turns in a row, or once by an LMG or MG
    (BON-064, BON-075); pinned soldiers are suppressed next turn (BON-023)."""
    if w.turn not in u.shot_at_turns:
        u.shot_at_turns.append(w.turn)
    if by_machine_gun or w.turn - 1 in u.shot_at_turns:
        u.pinned_turn = w.turn
        glory.trigger(w, u, "pinned")


# -- damage ----------------------------------------------------------------------
def damage(w: World, h: Hit) -> None:
    m = h.target
    if not m.in_play:
        return
    u = w.unit_of(m)
    if h.critical and not m.is_piece:  # BON-026 / BON-033 / BON-049: bloody death, no save
        remove(w, m, "bloody death", "BON-026")
    elif m.is_hero:
        hit_location(w, m)
    else:
        m.wounds -= h.damage  # BON-027
        if m.wounds <= 0:
            remove(w, m, "a casualty", "BON-009" if not m.is_piece else "BON-027")
        else:
            w.tell("BON-027", f"{m.id} is hit and has {counted(m.wounds, 'wound')} left.", unit=u)
    if m.is_hero:
        glory.trigger(w, u, "leader")  # BON-036
    elif m.banner:
        glory.trigger(w, u, "banner")  # BON-036: "their leader or banner is wounded or killed"


def hit_location(w: World, m: Soldier) -> None:
    """BON-048 / BON-112: a wounded hero rolls a D12 for where he is hit."""
    u = w.unit_of(m)
    face = w.umpire.roll_total("BON-048", m.id, 1, 12, purpose="hit location",
                                  visible_to=view.witnesses(w, u)).total
    where = HIT_LOCATION[face]
    w.tell("BON-112", f"{m.id}: {LOCATION_TEXT[where]}.", unit=u, location=where)
    if where in REMOVING_LOCATIONS:
        remove(w, m, LOCATION_TEXT[where], "BON-112")
        return
    m.injuries.append(where)
    if where in ("groin", "leg_heavy"):
        m.prone = True
    if where == "head_light":
        m.stunned_turn = w.turn + 1 if u.activated else w.turn


def remove(w: World, m: Soldier, why: str, rule: str) -> None:
    u = w.unit_of(m)
    m.removed = why
    w.tell(rule, f"{m.id} of {u.name} is removed: {why}.", unit=u, soldier=m.id)
    if m.role == "ammo" and not u.ammo_since:
        u.ammo_since = w.turn  # BON-076


def after_losses(w: World) -> None:
    for u in w.units.values():
        glory.check_half(w, u)


# -- the light flame thrower ---------------------------------------------------------
def stream(w: World, m: Soldier, aim: Soldier) -> None:
    """BON-061: a 9" stream straight at the aimed model; every base it touches is attacked with a
    d12 against his DS alone (no cover, no modifiers; a natural 12 is critical), D 1; each unit so
    attacked takes a glory trigger (gap: "causes fear")."""
    from shapely.geometry import LineString, Point

    m.ac -= 1
    m.prone = False
    d = w.table.distance(m.pos, aim.pos) or 1.0
    reach = WEAPONS["lft"].short + m.base
    end = (m.x + (aim.x - m.x) / d * reach, m.y + (aim.y - m.y) / d * reach)
    line = LineString([m.pos, end])
    crossed = sorted((t for t in w.men.values() if t.in_play and t is not m
                      and line.distance(Point(t.pos)) <= t.base),
                     key=lambda t: (w.table.distance(m.pos, t.pos), t.id))
    w.tell("BON-061", f"{m.id}'s flame thrower sends a 9\" stream at {aim.id}: "
              f"{', '.join(t.id for t in crossed) or 'nobody'} in its path.")
    hits, scared = [], []
    for t in crossed:
        tu = w.unit_of(t)
        sequence.reveal(w, tu, "the flame thrower's stream finds it")
        if t.vehicle:  # BON-062: a flame thrower automatically causes criticals on vehicles
            w.tell("BON-062", f"The stream engulfs {t.id}: an automatic critical.")
            hits.append(Hit(t, True, WEAPONS["lft"].damage, m, av=True))
            continue
        tn = t.ds(tu.formation, tu.charging)
        face = w.umpire.roll_total("BON-061", m.id, 1, 12, purpose=f"the stream against {t.id} (TN {tn}: "
                                      "DS alone)", judge=_ranged_judge(tn)).total
        if face == CRITICAL_RANGED or face >= tn:
            hits.append(Hit(t, face == CRITICAL_RANGED, WEAPONS["lft"].damage, m))
        if tu not in scared:
            scared.append(tu)
    for h in hits:
        vehicles.damage(w, h)
    for tu in scared:
        glory.trigger(w, tu, "fear")
    after_losses(w)


# -- grenades ---------------------------------------------------------------------
def throw(w: World, m: Soldier, aim: tuple[float, float]) -> None:
    """BON-057: a location d12 (1-3 deviates D3" in a D12 clock direction, BON-060), the 2" marker,
    then 2D12 (BON-059), each die against up to two models under it, TN = DS + firing modifiers
    without cover or trench (BON-058), D3 damage per figure hit."""
    u = w.unit_of(m)
    m.ac -= 1
    m.prone = False
    sequence.reveal(w, u, "it throws a grenade")
    loc = w.umpire.roll_total("BON-057", m.id, 1, 12, purpose="the grenade's placement",
                                 judge=lambda n: "critical miss" if n <= 3 else "on target").total
    point = aim
    if loc <= 3:  # BON-060
        face = w.umpire.roll_total("BON-060", m.id, 1, 12, purpose="deviation direction").total
        dist = d3(w, "BON-060", m.id, "deviation distance")
        point = w.table.clamp(clock_point(aim, bearing(m.pos, aim), face, dist))
        w.tell("BON-060", f"The grenade deviates {dist}\" towards {face} o'clock to "
                  f"({point[0]:.1f}, {point[1]:.1f}).", scatter={"from": list(aim), "to": list(point)})
    under = sorted((t for t in w.men.values() if t.in_play and t is not m
                    and w.table.distance(point, t.pos) <= GRENADE_RADIUS + t.base),
                   key=lambda t: (w.table.distance(point, t.pos), t.id))
    w.tell("BON-057", f"{m.id}'s grenade lands at ({point[0]:.1f}, {point[1]:.1f}): "
              f"{', '.join(t.id for t in under) or 'nobody'} under the 2\" marker.",
              template={"kind": "grenade", "x": point[0], "y": point[1], "radius": GRENADE_RADIUS})
    for t in under:
        sequence.reveal(w, w.unit_of(t), "a grenade lands on it")
    dice = w.umpire.roll_total("BON-059", m.id, 2, 12, purpose="the grenade's attack (2D12)").dice
    hits = []
    for i, face in enumerate(dice):
        for t in under[2 * i: 2 * i + 2]:
            tn, why = ranged_tn(w, m, t, cover=False, band="short")
            if face == CRITICAL_RANGED or face >= tn:
                w.tell("BON-057", f"Die {face} against {t.id} (TN {tn}: {why}): "
                          f"{'critical hit' if face == CRITICAL_RANGED else 'hit'}.")
                dmg = d3(w, "BON-057", m.id, f"grenade damage on {t.id}")  # told after the hit it follows
                hits.append(Hit(t, face == CRITICAL_RANGED, dmg, m))
            else:
                w.tell("BON-057", f"Die {face} against {t.id} (TN {tn}: {why}): miss.")
    for h in hits:
        vehicles.damage(w, h)
    after_losses(w)


def d3(w: World, rule: str, who: str, purpose: str) -> int:
    """BON-001 gap: a D3 is a D6 read 1-2 = 1, 3-4 = 2, 5-6 = 3; the log gives the face and the D3."""
    face = w.umpire.roll_total(rule, who, 1, 6, purpose=f"{purpose} (a D3: the D6 halved, rounded up)",
                                  judge=lambda n: f"{d3_of(n)} on the D3").total
    return d3_of(face)


# -- machine guns -------------------------------------------------------------------
def mg_targets(w: World, mg: Unit, u: Unit) -> list[Soldier]:
    piece = w.members(mg)[0]
    return [t for t in w.members(u) if not t.prone and w.board.gap(piece, t) <= WEAPONS["mg"].reach
            and buildings.sees(w, piece, t) and in_arc(mg.facing, PIECES["mg"].arc, piece.pos, t.pos)]


def mg_crew(w: World, mg: Unit) -> list[Soldier]:
    return [m for m in w.members(mg) if m.role in ("crew", "ammo") and not m.panic]


def salvo(w: World, mg: Unit, u: Unit) -> None:
    """BON-074: a salvo of 6 shots (1 crew AC, at most 3 a turn) at targets in the 90 degree arc;
    it pins (BON-075)."""
    piece = w.members(mg)[0]
    crew = max(mg_crew(w, mg), key=lambda m: (m.ac, m.id))
    crew.ac -= 1
    mg.salvos += 1
    sequence.reveal(w, mg, "it opens fire")
    aims = sorted(mg_targets(w, mg, u), key=lambda t: (w.board.gap(piece, t), t.id))
    shooter = Soldier(piece.id, mg.id, "crew", "green", "flak", "mg", piece.x, piece.y)
    w.tell("BON-074", f"{mg.name} fires salvo {mg.salvos} of 3 at {u.name}.", unit=mg)
    volley(w, [(shooter, aims[i % len(aims)]) for i in range(WEAPONS["mg"].shots)], u, "BON-074")
    pin(w, u, True)


def ammo_check(w: World, mg: Unit) -> None:
    """BON-076: without its ammunition crewman, the n-th turn's D6 of 7 - n or more runs it out."""
    if mg.kind != "mg" or mg.ammo_out or not mg.ammo_since:
        return
    n = w.turn - mg.ammo_since + 1
    need = max(1, w.options.ammo_turn_face - n)
    roll = w.umpire.roll_total("BON-076", mg.name, 1, 6, purpose=f"ammunition (turn {n} without "
                                  "its crewman)", target=need, visible_to=view.witnesses(w, mg))
    if roll.passed:
        mg.ammo_out = True
        w.tell("BON-076", f"{mg.name} is out of ammunition for the rest of the game.", unit=mg)


# -- close combat ---------------------------------------------------------------------
def cc_tn(w: World, a: Soldier, t: Soldier) -> tuple[int, str]:
    """BON-032 gap: TN = target DS (+ armour) + trench (BON-035) or cover (BON-114) + Square
    (BON-022) + uphill (BON-086) - facing away (BON-114) - attacker's CS."""
    tu, au = w.unit_of(t), w.unit_of(a)
    parts = [(t.ds(tu.formation, tu.charging), "DS")]
    if w.board.in_trench(t) and not w.board.in_trench(a):
        parts.append((w.options.trench_defender_ds, "defending a trench"))
    elif w.board.in_trench(a) and not w.board.in_trench(t):
        parts.append((w.options.trench_attacker_ds, "attacking a trench"))
    elif buildings.cover(w, a.pos, t)[0] and not w.board.in_trench(t):
        parts.append((1, "in cover"))
    if tu.formation == "square":
        parts.append((1, "in Square"))
    if w.board.height(t) > w.board.height(a):
        parts.append((1, "uphill"))
    if not in_arc(tu.facing, 180.0, t.pos, a.pos):
        parts.append((-1, "facing away"))
    if a.mounted and not t.mounted:
        parts.append((CAVALRY_CC_MOD, "cavalryman against a man on foot"))  # BON-083
    parts.append((-a.cs(), "attacker's CS"))
    del au
    tn = sum(v for v, _ in parts)
    return tn, " ".join(f"{'+' if v >= 0 and i else ''}{v} {why}" for i, (v, why) in enumerate(parts))


def fighters(w: World, m: Soldier, among: Iterable[Soldier] | None = None) -> list[Soldier]:
    """BON-031: the enemy models in base contact with ``m``, nearest first (``among``: a part of the
    table's men known to hold them all, ``near_men``)."""
    seat = w.unit_of(m).seat
    return sorted((e for e in (w.men.values() if among is None else among) if not e.removed
                   and w.board.in_contact(m, e) and w.unit_of(e).seat != seat),
                  key=lambda e: (w.board.gap(m, e), e.id))


Box = tuple[float, float, float, float]
#: The widest base on the table, and room to spare for rounding: what a quick test by place allows.
_WIDEST = max(BASE, PIECE_BASE, VEHICLE_BASE) + 0.01


def box(men: Iterable[Soldier]) -> Box | None:
    """The box holding the centres of ``men`` (None for nobody): built once, it tells at once which
    of many soldiers are too far from all of them (:func:`beyond`)."""
    xs, ys = [], []
    for m in men:
        xs.append(m.x)
        ys.append(m.y)
    return (min(xs), min(ys), max(xs), max(ys)) if xs else None


def beyond(m: Soldier, around: Box, within: float) -> bool:
    """Whether every soldier in ``around`` is surely farther than ``within`` from ``m``, base edge
    to base edge (``Ground.gap``): a quick test that never turns away one who is within it."""
    x0, y0, x1, y1 = around
    dx, dy = max(x0 - m.x, 0.0, m.x - x1), max(y0 - m.y, 0.0, m.y - y1)
    return math.hypot(dx, dy) > within + m.base + _WIDEST


def near_men(w: World, group: list[Soldier], within: float = CONTACT) -> list[Soldier]:
    """The men on the table who may be ``within`` inches (base edge to base edge) of a model of
    ``group``: those in a box around the group that wide, widened by the largest bases (by default
    those close enough to touch one, who ``fighters`` need look at)."""
    reach = within + 2 * max(BASE, PIECE_BASE, VEHICLE_BASE) + 0.5  # with room to spare for rounding
    x0, x1 = min(m.x for m in group) - reach, max(m.x for m in group) + reach
    y0, y1 = min(m.y for m in group) - reach, max(m.y for m in group) + reach
    return [e for e in w.men.values() if not e.removed and x0 <= e.x <= x1 and y0 <= e.y <= y1]


def melee(w: World, u: Unit) -> None:
    """BON-032: every model of the unit in base contact (1 AC each) and every enemy model touching
    it rolls a D6 once; casualties are removed together."""
    attackers = [m for m in w.members(u) if m.ac >= 1 and not m.panic and buildings.fighters(w, m)
                 and m.stunned_turn != w.turn]
    defenders = sorted({e.id for m in w.members(u) for e in buildings.fighters(w, m)
                        if e.panic not in ("freeze", "flee", "prone", "take_cover")})
    hits: list[Hit] = []
    for a in attackers:
        a.ac -= 1
        a.prone = False
        hits += strike(w, a, buildings.fighters(w, a)[0])
    for d_id in defenders:
        d = w.men[d_id]
        foes = [m for m in buildings.fighters(w, d) if m.unit == u.id]
        if foes and not d.is_piece:
            hits += strike(w, d, foes[0])
    for h in hits:
        vehicles.damage(w, h)
    after_losses(w)


def strike(w: World, a: Soldier, t: Soldier) -> list[Hit]:
    tn, why = buildings.cc_tn(w, a, t)

    def judge(n: int) -> str:
        return ("critical hit" if n >= CC_CRITICAL_HIT else "critical miss" if n <= CC_CRITICAL_MISS
                else "hit" if n >= tn else "miss")

    face = w.umpire.roll_total("BON-032", a.id, 1, 6, purpose=f"close combat against {t.id} "
                                  f"(TN {tn}: {why})", judge=judge).total
    if a.cc_weapon and face < CC_CRITICAL_HIT and w.options.cc_reroll == "when_not_critical":
        again = w.umpire.roll_total("BON-054", a.id, 1, 6, purpose="the close-combat weapon's reroll",
                                       judge=judge).total
        face = max(face, again)
    if face >= CC_CRITICAL_HIT:  # BON-033
        return [Hit(t, True, 1, a)]
    if face <= CC_CRITICAL_MISS:  # BON-034
        others = sorted({e.id for e in [*touching(w, a), *touching(w, t)]} - {a.id, t.id})
        if not others:
            w.tell("BON-034", f"{a.id}'s blow goes wild and hits nobody.")
            return []
        victim = w.umpire.choose("BON-034", others, purpose=f"whom {a.id}'s wild blow hits")
        return [Hit(w.men[victim], False, 1, a)]
    return [Hit(t, False, 1, a)] if face >= tn else []


def touching(w: World, m: Soldier) -> list[Soldier]:
    return [e for e in w.men.values() if e.in_play and e is not m and w.board.in_contact(m, e)]
