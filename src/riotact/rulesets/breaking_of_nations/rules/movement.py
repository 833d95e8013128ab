"""Movement (BON-013..023, BON-079..087): who may move, how far, the move menu, formations, riding and charging."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from riotact.core.protocol import Action
from riotact.tabletop import bearing, in_arc, nearby

from .. import tables
from ..state import Soldier, Unit, place
from ..tables import GAIT_MINIMUM, GAITS, MOVE_ORDER, TERRAIN, TURN_COST, terrain_speed
from . import artillery, buildings, combat, glory, heroes, sequence, vehicles

if TYPE_CHECKING:
    from ..state import World

FORMATIONS = ("open", "closed", "mass", "square")


def able(w: World, u: Unit) -> list[Soldier]:
    return [m for m in w.members(u) if not m.panic and m.ac >= 1 and not m.is_piece
            and m.stunned_turn != w.turn]


def may_rise(w: World, m: Soldier) -> bool:
    """BON-023: not if suppressed (pinned last turn, gap); never with a heavy leg or groin wound."""
    return w.unit_of(m).pinned_turn != w.turn - 1 and not {"leg_heavy", "groin"} & set(m.injuries)


# -- moving -----------------------------------------------------------------------------
def unit_movers(w: World, u: Unit) -> list[Soldier]:
    """BON-016: soldiers with AC for a movement action and under the movement limit; a gun moves
    only with two crewmen paying double (BON-066)."""
    cost = 2 if u.kind in ("mg", "gun") else 1
    limit = 1 if u.kind == "cavalry" else w.options.movement_actions  # BON-079: one gait move
    ms = [m for m in able(w, u) if m.ac >= cost and m.move_ac + cost <= limit]
    if u.kind in ("mg", "gun"):
        return artillery.piece_movers(w, u, ms)
    return [m for m in ms if m.id not in w.broken_down]  # BON-109 (vehicles.py)


def move_problem(w: World, u: Unit, dest: tuple[float, float]) -> str | None:
    if (indoors := buildings.indoors_problem(w, u, dest)) is not None:
        return indoors  # BON-090
    movers = unit_movers(w, u)
    if not movers:
        return f"{u.name} has nobody able to move (BON-016)"
    c = w.centre(u)
    vx, vy = dest[0] - c[0], dest[1] - c[1]
    if math.hypot(vx, vy) < 0.05:
        return "that is where the unit stands"
    if u.kind == "cavalry":
        gait, why = ride_gait(w, u, c, dest)
        if gait is None:
            return why
        return next((p for m in movers if (p := w.table.path_problem(m.pos, (m.x + vx, m.y + vy)))), None)
    for m in carried(w, u, movers):
        holder = m if not m.is_piece else movers[0]  # a gun is carried at its crew's pace (BON-066)
        a, b = m.pos, (m.x + vx, m.y + vy)
        if not open_step(w, holder, a, b) and (problem := buildings.path_problem(w, holder, a, b)):
            return problem
    return None


def open_step(w: World, m: Soldier, a: tuple[float, float], b: tuple[float, float]) -> bool:
    """Whether ``m`` may take the step a->b over open ground, known without looking anything up: its
    box meets no terrain feature and no building (so it crosses no wall, BON-090, nothing slower than
    flat going, BON-109, and no hill, BON-087), it ends on the table and is within his allowance. When
    it is not, :func:`buildings.path_problem` says why or that he may."""
    return (not nearby(w.table.features, a, b) and not any(p.near(a, b) for p in w.houses.values())
            and w.table.on_table(b)
            and w.table.distance(a, b) <= w.board.step_allowance(m, a, b, open_ground=True) + 1e-6)


def carried(w: World, u: Unit, movers: list[Soldier]) -> list[Soldier]:
    return movers + [m for m in w.members(u) if m.is_piece]


def move_unit(w: World, u: Unit, dest: tuple[float, float], rule: str) -> None:
    """BON-015: every mover goes the same way (the formation keeps its shape), 1 AC each (2 for a
    gun's crew, BON-066); the unit faces the way it moved."""
    movers = unit_movers(w, u)
    cost = 2 if u.kind in ("mg", "gun") else 1
    c = w.centre(u)
    vx, vy = dest[0] - c[0], dest[1] - c[1]
    for m in carried(w, u, movers):
        m.x, m.y = round(m.x + vx, 2), round(m.y + vy, 2)
        if not m.is_piece:
            m.ac -= cost
            m.move_ac += cost
    u.facing = bearing(c, dest)
    sequence.reveal(w, u, "it moves")
    if u.kind == "cavalry":
        u.gait = ride_gait(w, u, c, dest)[0] or "walk"
        w.tell("BON-079", f"{u.name} goes at a {u.gait}.", unit=u)
        cavalry_fright(w, u)
    elif u.kind == "vehicle":
        vehicles.vehicle_moved(w, u, c, dest)  # BON-109, BON-036 (vehicles.py)
    w.tell(rule, f"{u.name} moves {math.hypot(vx, vy):.1f}\" to ({dest[0]:.1f}, {dest[1]:.1f}).", unit=u)


def move_menu(w: World, u: Unit, foes: list[Unit]) -> list[Action]:
    """A finite menu of continuous moves: towards the nearest enemy, away, to objectives, to cover."""
    movers = unit_movers(w, u)
    if not movers:
        return []
    c = w.centre(u)
    reach = ride_reach(w, u) if u.kind == "cavalry" else min(
        m.sp() if not m.prone else math.ceil(m.sp() / 2) for m in movers)
    goals: list[tuple[str, tuple[float, float]]] = []
    if foes:
        near = min(foes, key=lambda e: (w.table.distance(c, w.centre(e)), e.id))
        goals.append((f"advances towards {near.name}", w.centre(near)))
        goals.append(("withdraws", away_point(w, u)))
    for o in w.setup.objectives:
        goals.append((f"moves towards {w.table.by_id[o.feature].name}", w.table.by_id[o.feature].centre))
    out = []
    for text, goal in goals:
        for frac in (1.0, 2 / 3, 1 / 3):
            p = w.board.toward(c, goal, max(reach * frac, 0.5))
            if move_problem(w, u, p) is None:
                out.append(Action(f"move:{u.id}:{p[0]:.1f},{p[1]:.1f}", f"{u.name} {text} to "
                                  f"({p[0]:.1f}, {p[1]:.1f})"))
                break
    out += buildings.door_moves(w, u)  # BON-090
    return list({a.id: a for a in out}.values())


def away_point(w: World, u: Unit) -> tuple[float, float]:
    """BON-042: straight away from the nearest enemy, one movement action."""
    c = w.centre(u)
    foes = [e for e in w.enemy_units(u.seat) if not e.concealed]
    movers = unit_movers(w, u) or w.members(u)
    reach = min((m.sp() for m in movers if not m.is_piece), default=1)
    if not foes:
        return c
    e = w.centre(min(foes, key=lambda e: (w.table.distance(c, w.centre(e)), e.id)))
    d = w.table.distance(c, e) or 1.0
    return w.table.clamp((round(c[0] + (c[0] - e[0]) / d * reach, 1),
                             round(c[1] + (c[1] - e[1]) / d * reach, 1)))


def change_formation(w: World, u: Unit, formation: str) -> None:
    """BON-018: each soldier pays 1 AC; the models are laid out again (BON-019..022)."""
    for m in able(w, u):
        m.ac -= 1
    u.formation = formation
    place(w.members(u), w.centre(u), formation, u.facing)
    w.tell("BON-018", f"{u.name} forms {formation} formation.", unit=u)


# -- cavalry ------------------------------------------------------------------------------
def gait_limit(w: World, u: Unit, gait: str) -> float | None:
    """BON-079..084: a gait's distance for ``u`` this turn (``tables.gait_limit``)."""
    return tables.gait_limit(u.last_gait, w.members(u)[0].armour if w.members(u) else "minimal", gait)


def ride_reach(w: World, u: Unit) -> float:
    return tables.ride_reach(u.last_gait, w.members(u)[0].armour if w.members(u) else "minimal")


def ride_gait(w: World, u: Unit, a: tuple[float, float], b: tuple[float, float]) -> tuple[str | None, str]:
    """The lowest gait that covers the move with its turn (BON-081: 1" per 90 degrees at a canter,
    2" at a gallop) and respects its minimum (BON-080), on the slowest terrain crossed (BON-109)."""
    d = w.table.distance(a, b)
    turn = abs((bearing(a, b) - u.facing + 180) % 360 - 180)
    slowest = max((TERRAIN[k].move for k in w.board.ground(a, b)), key=lambda mv: MOVE_ORDER[mv], default="flat")
    if slowest == "impassable":
        return None, "mounts cannot cross that ground (BON-103)"
    for g in GAITS:
        limit = gait_limit(w, u, g)
        if limit is None or d < GAIT_MINIMUM[g]:
            continue
        if d + TURN_COST[g] * turn / 90 <= terrain_speed(limit, slowest) + 1e-6:
            return g, ""
    return None, (f"{u.name} cannot ride {d:.1f}\" that way this turn (last turn at a {u.last_gait}; "
                  "BON-079..084)")


def cavalry_fright(w: World, u: Unit) -> None:
    """BON-036: cavalry at a canter or gallop heading straight for a unit (in its 90 degrees ahead,
    within a gallop) is a glory trigger for it."""
    if u.gait == "walk":
        return
    c = w.centre(u)
    for e in w.enemy_units(u.seat):
        ahead = w.centre(e)
        if in_arc(u.facing, 90.0, c, ahead) and w.table.distance(c, ahead) <= 2 * GAITS["gallop"]:
            glory.trigger(w, e, "cavalry")


# -- charging ---------------------------------------------------------------------------
def charge_allowance(w: World, m: Soldier) -> float:
    """BON-017: double SP on foot; a mount charges at the best gait it may reach (BON-079, BON-082)."""
    u = w.unit_of(m)
    if u.kind == "cavalry":
        return ride_reach(w, u)
    return buildings.step_allowance(w, m, m.pos, m.pos, charging=True)


def charge_reaches(w: World, movers: list[tuple[Soldier, float]], e: Unit) -> bool:
    """Whether some mover (with his :func:`charge_allowance`) reaches the enemy model he would charge
    (the nearest, as ``charge`` picks it) by a path a charge may take: what is offered is what the
    charge then does."""
    targets, gap = w.members(e), w.board.gap
    around = combat.box(targets)
    for m, allowance in movers:
        if around is None or combat.beyond(m, around, allowance):
            continue  # no model of ``e`` within the charge
        t = min(targets, key=lambda t: (gap(m, t), t.id))
        if (gap(m, t) <= allowance
                and buildings.path_problem(w, m, m.pos, w.board.contact_point(m, t), charging=True) is None):
            return True
    return False


def charge(w: World, u: Unit, e: Unit) -> None:
    """BON-017: double SP in a straight line to the nearest model of the target, no turning, not
    across dangerous terrain; a glory trigger for the chargers (BON-036) and for a target struck in
    the flank or rear; close combat follows (BON-032)."""
    u.charging = True
    sequence.reveal(w, u, "it charges")
    flank = False
    longest = 0.0
    movers = unit_movers(w, u)
    for m in movers:
        t = min(w.members(e), key=lambda t: (w.board.gap(m, t), t.id))
        flank = flank or not in_arc(e.facing, 90.0, t.pos, m.pos)
        dest = w.board.contact_point(m, t)
        allowed = (charge_allowance(w, m) if u.kind == "cavalry"
                   else buildings.step_allowance(w, m, m.pos, t.pos, charging=True))
        if w.table.distance(m.pos, dest) > allowed:
            dest = w.board.toward(m.pos, dest, allowed)
        longest = max(longest, w.table.distance(m.pos, dest))
        if buildings.path_problem(w, m, m.pos, dest, charging=True) is None:
            m.x, m.y = dest
            m.ac -= 1
            m.move_ac += 1
            w.charged.add(m.id)
    if not w.charged & {m.id for m in movers}:  # nobody got going: the order is spent all the same
        for m in movers:
            m.ac, m.move_ac = m.ac - 1, m.move_ac + 1
    u.facing = bearing(w.centre(u), w.centre(e))
    w.tell("BON-017", f"{u.name} charges {e.name}.", unit=u)
    if u.kind == "cavalry":
        u.gait = next(g for g in GAITS if GAITS[g] >= longest or g == "gallop")
        if u.gait != "walk":
            glory.trigger(w, e, "cavalry")
    glory.trigger(w, u, "charge")
    if flank:
        glory.trigger(w, e, "flank")
    heroes.melee(w, u)


def go_prone(w: World, u: Unit, prone: bool) -> None:
    """BON-023: the unit's able soldiers go prone (1 AC each), or get up where they may."""
    for m in able(w, u):
        if m.prone != prone and (prone or may_rise(w, m)):
            m.ac, m.prone = m.ac - 1, prone
    w.tell("BON-023", f"{u.name} {'goes prone' if prone else 'gets up'}.", unit=u)


def fall_back(w: World, u: Unit) -> None:
    """BON-042: a fallback steadies the unit (as a rally does) and moves it straight away from the enemy."""
    glory.steady(w, u, "BON-042", "orders a fallback for")
    move_unit(w, u, away_point(w, u), "BON-042")

