"""Buildings and watchtowers in play (BON-088..099) and cover against higher firers (BON-101).

A unit goes in and out of a building only by its doors (a watchtower by its ladder) and moves from
room to room by the doors between them; its walls stop movement and sight. Who is inside is recorded
by section (``inside``): a sectioned building's rooms are abstract (moving to a connected section is one
movement action, BON-090), an open-able building's are measured space (BON-089): its soldiers walk
inside their room by the ordinary movement rules (``move:A:x,y``, not through its walls), and going into
another room costs the walk to the door and on to the room's middle plus the inches between the floors.
Such a walk longer than one movement action is made over several: each ``enter`` order covers one
action's inches, and the inches covered are kept (``climbs``) until the unit arrives, even turns later,
unless it moves otherwise (the ``climb_progress`` house rule may require finishing within the
activation). A hidden enemy in the room is found only on arrival. Seen from outside, a room shows only
through its doors and windows, and a soldier inside fires out through one of them, two soldiers a window
a turn (BON-091); those inside have the building's CV (BON-092). Close combat goes through a door or
window, two a side, at TN +2 (BON-096). Fire between heights steeper than 45 degrees is impossible both
ways (BON-097). A building can be fired at, a CV save for a DP loss, a critical through the wall on
someone inside, and at 0 DP it falls in on them and is rubble (BON-093). Heavy or locked doors take a
soldier's full turn to open, or a bash (BON-094, BON-095).

Orders (``<b>.<s>`` a building's section, ``<b>.<o>`` an opening): ``enter:A:church.nave``,
``leave:A:church.west-door``, ``open:A:church.north-door``, ``bash:A:church.north-door``,
``assault:A:church.west-door``, ``batter:A:church``.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Callable, Iterator
from functools import cache, partial
from typing import TYPE_CHECKING, Any

from shapely.geometry import LineString, Point

from riotact.core.protocol import Action
from riotact.tabletop import bearing, spots_in, steeper_than

from .. import view
from ..board import DOORSTEP, Blueprint, Opening, walk_length
from ..state import Climb, Soldier, Unit, Where, place
from ..tables import CRITICAL_RANGED, RANGE_MOD, TERRAIN, WEAPONS, terrain_speed
from . import combat, heroes, movement, sequence, vehicles
from .combat import Hit, _ranged_judge

BUILDING_VERBS = ("enter", "leave", "open", "bash", "assault", "batter")
AT_DOOR = 1.5  # inches (base edge to the spot in front of an opening) to count as at the door
FROM_ABOVE_REACH = 2.0  # BON-101
FROM_ABOVE_CV = 2  # BON-101
STEEP = 45.0  # BON-097
RUBBLE = "rubble"  # BON-093 gap: a fallen building is rubble (BON-110)
if TYPE_CHECKING:
    from ..state import World


# -- where everyone is ----------------------------------------------------------
def standing(w: World) -> list[Blueprint]:
    return [p for p in w.houses.values() if not w.works[p.id].collapsed]


def where(w: World, m: Soldier) -> Where | None:
    return w.inside.get(m.id)


def unit_where(w: World, u: Unit) -> Where | None:
    ms = w.members(u)
    return where(w, ms[0]) if ms else None


def occupants(w: World, loc: Where) -> list[Soldier]:
    return [w.men[i] for i, place in w.inside.items() if place == loc and w.men[i].in_play]


def elevation(w: World, m: Soldier) -> float:
    """BON-087 gap / BON-097: hill levels (1" each) plus the floor of the section he is in."""
    loc = where(w, m)
    return w.table.height_at(m.pos) + (w.houses[loc[0]].sections[loc[1]].floor if loc else 0.0)


def put_inside(w: World, men: list[Soldier], loc: Where) -> None:
    plan = w.houses[loc[0]]
    for m, (x, y) in zip(men, spots_in(plan.sections[loc[1]].outline, len(men), 1.0), strict=True):
        m.x, m.y = x, y
        w.inside[m.id] = loc


def clear_openings(w: World) -> None:
    """A new turn: every window has its two firers again (BON-091); a door opened by hand swings
    shut again unless the house rule keeps it open (BON-094 gap)."""
    for p in w.houses.values():
        works = w.works[p.id]
        works.users.clear()
        works.opened.clear()
        if not w.options.doors_stay_open:
            for oid, state in works.doors.items():
                if state == "open":
                    works.doors[oid] = p.openings[oid].door


def capacity(w: World, p: Blueprint, section: str) -> int:
    """BON-090 / BON-099 gap: the scenario's figure for the room, else the house rule's."""
    given = p.sections[section].capacity
    return given or (w.options.tower_capacity if p.kind == "watchtower" else w.options.section_capacity)


# -- sight, cover and movement (hooks into the table) ----------------------------------
def eyes(w: World, m: Soldier) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """Where a soldier looks from (the sight line) and stands (the 45 degree rule): his own place,
    or each door and window of his room (in front of it, and on the wall)."""
    loc = where(w, m)
    if loc is None or w.houses[loc[0]].kind == "watchtower":
        return [(m.pos, m.pos)]
    plan = w.houses[loc[0]]
    return [(plan.openings[o].outside, plan.openings[o].at) for o, beyond in plan.links(loc[1]) if not beyond
            and plan.openings[o].kind != "ladder"]


def walls_between(w: World, a: tuple[float, float], b: tuple[float, float]) -> bool:
    return any(p.blocks(a, b) for p in standing(w) if p.kind == "building")


def sees(w: World, a: Soldier, b: Soldier) -> bool:
    """BON-098 spirit: walls stop sight; a room is seen through its openings only; BON-097:
    nothing between heights steeper than 45 degrees."""
    if not w.houses:
        return w.board.sees(a, b)
    wa, wb = where(w, a), where(w, b)
    if wa and wb and wa[0] == wb[0] and w.houses[wa[0]].kind == "building":
        return wa == wb
    ha, hb = elevation(w, a), elevation(w, b)
    return any(not steeper_than(sa, ha, sb, hb, STEEP) and not walls_between(w, ea, eb)
               and w.table.line_of_sight(ea, eb) for ea, sa in eyes(w, a) for eb, sb in eyes(w, b))


def window_for(w: World, m: Soldier, t: Soldier) -> str | None:
    """BON-091: the door or window ``m`` can fire at ``t`` through (at most two firers each a turn)."""
    loc = where(w, m)
    if loc is None or w.houses[loc[0]].kind == "watchtower":
        return ""
    plan, works = w.houses[loc[0]], w.works[loc[0]]
    for oid, beyond in plan.links(loc[1]):
        o = plan.openings[oid]
        users = works.users.get(oid, [])
        if beyond or o.kind == "ladder" or (len(users) >= w.options.window_firers and m.id not in users):
            continue
        if any(not walls_between(w, o.outside, e) and w.table.line_of_sight(o.outside, e)
               for e, _ in eyes(w, t)):
            return oid
    return None


def targets_for(w: World, m: Soldier, u: Unit) -> list[Soldier]:
    """BON-024 (``combat.targets_for``), and from inside only those seen through a free door or
    window (BON-091)."""
    return list(aims(w, m, u))


def has_target(w: World, m: Soldier, u: Unit) -> bool:
    """Whether ``m`` has a target in ``u``: the targets looked at until the first."""
    return next(aims(w, m, u), None) is not None


def aims(w: World, m: Soldier, u: Unit) -> Iterator[Soldier]:
    found = combat.aims(w, m, u)
    if not w.houses or where(w, m) is None:
        return found
    return (t for t in found if window_for(w, m, t) is not None)


def shots(w: World, firers: list[Soldier], u: Unit) -> list[tuple[Soldier, Soldier]]:
    """BON-091: each firer inside takes his window before the next one looks for one."""
    for f in firers:
        loc = where(w, f)
        aims = targets_for(w, f, u) if loc else []
        oid = window_for(w, f, aims[0]) if aims else None
        if loc and oid:
            users = w.works[loc[0]].users.setdefault(oid, [])
            if f.id not in users:
                users.append(f.id)
    return combat.shots(w, firers, u)


def can_fire(w: World, m: Soldier) -> bool:
    """BON-090: a soldier who changed section this activation may only move."""
    return combat.can_fire(w, m) and w.section_moved.get(m.id) != w.turn


def cover(w: World, firer: tuple[float, float], m: Soldier,
          shooter: Soldier | None = None) -> tuple[int, str]:
    """BON-092 / BON-097 / BON-099: those inside have the building's (or tower's) CV; a fallen
    building is rubble (BON-093 gap); BON-101: against a higher firer, cover more than 2" away is CV 2."""
    loc = where(w, m)
    if loc is not None:
        return w.houses[loc[0]].cv, w.houses[loc[0]].name
    best, name = w.board.cover(firer, m, shooter)
    if shooter is not None and w.options.from_above and elevation(w, shooter) > elevation(w, m):
        best, name = cover_from_above(w, firer, m)
    for p in w.houses.values():
        if w.works[p.id].collapsed and p.shape.covers(Point(m.pos)) and TERRAIN[RUBBLE].cv > best:
            best, name = TERRAIN[RUBBLE].cv, f"the ruins of {p.name}"
    return best, name


def cover_from_above(w: World, firer: tuple[float, float], m: Soldier) -> tuple[int, str]:
    """BON-101: a target more than 2" (base edge) from its cover, shot at from higher up, has
    CV 2 from it; a trench keeps its CV; the line of fire may cross the cover anywhere."""
    best, name = 0, ""
    crossed = w.table.crossed(firer, m.pos)
    for f in w.table.features:
        t = TERRAIN[str(f.tags["kind"])]
        if not t.cv or not ((t.area and f.contains(m.pos)) or (not t.area and f in crossed)):
            continue
        far = f.shape.distance(Point(m.pos)) - m.base > FROM_ABOVE_REACH
        cv = min(t.cv, FROM_ABOVE_CV) if far and not t.trench else t.cv
        if cv > best:
            best, name = cv, f.name + (" (seen from above)" if cv < t.cv else "")
    return best, name


def path_problem(w: World, m: Soldier, a: tuple[float, float], b: tuple[float, float], *,
                 charging: bool = False) -> str | None:
    if not within_room(w, m, a, b):
        for p in standing(w):
            if p.blocks(a, b):
                return f"the path goes through {p.name}: units go in and out by its doors (BON-090)"
    return w.board.path_problem(m, a, b, charging=charging, allowance=partial(step_allowance, w))


def within_room(w: World, m: Soldier, a: tuple[float, float], b: tuple[float, float]) -> bool:
    """BON-089: whether the walk a->b stays inside the open-able room ``m`` is in (its walls stop the rest)."""
    loc = where(w, m)
    if loc is None:
        return False
    p = w.houses[loc[0]]
    if p.sectioned or p.kind == "watchtower" or w.works[p.id].collapsed:
        return False
    return bool(p.rooms[loc[1]].covers(LineString([a, b]) if a != b else Point(a)))


def step_allowance(w: World, m: Soldier, a: tuple[float, float], b: tuple[float, float], *,
                   charging: bool = False) -> float:
    allowed = w.board.step_allowance(m, a, b, charging=charging)
    if any(p.blocks(a, b) for p in w.houses.values() if w.works[p.id].collapsed):
        allowed = min(allowed, float(terrain_speed(allowed, TERRAIN[RUBBLE].move)))  # BON-093 gap
    return allowed


def indoors_problem(w: World, u: Unit, dest: tuple[float, float]) -> str | None:
    """BON-090: inside a sectioned building, a unit moves by doors and sections; BON-089: inside an
    open-able one, it walks within its room (other rooms by their doors); outside, no model's path
    (riders' too) goes through a building's walls."""
    if not w.houses:
        return None
    c = w.centre(u)
    shift = (dest[0] - c[0], dest[1] - c[1])
    here = unit_where(w, u)
    if here:
        p = w.houses[here[0]]
        if p.sectioned or p.kind == "watchtower":
            return f"{u.name} is inside a building: it moves by its doors and sections (BON-090)"
        if any(not within_room(w, m, m.pos, (m.x + shift[0], m.y + shift[1])) for m in w.members(u)):
            return (f"{u.name} walks only within {section_name(w, p, here[1])}: into another room or out "
                    "by its doors (BON-089)")
        return None
    men = w.members(u)
    if not men:
        return None
    xs = [x for m in men for x in (m.x, m.x + shift[0])]
    ys = [y for m in men for y in (m.y, m.y + shift[1])]
    near = [p for p in standing(w) if p.near((min(xs), min(ys)), (max(xs), max(ys)))]  # the rest are clear
    for m in men:
        end = (m.x + shift[0], m.y + shift[1])
        for p in near:
            if p.blocks(m.pos, end):
                return f"the path goes through {p.name}: units go in and out by its doors (BON-090)"
    return None


def door_moves(w: World, u: Unit) -> list[Action]:
    """Moves besides the usual ones: to the nearest door of each building worth having (an
    objective's, or one the enemy holds), bringing the soldier nearest the door to its step; when a
    wall or a building stands in the way, a step aside (45 or 90 degrees off) instead."""
    out: list[Action] = []
    if w.houses and unit_where(w, u) and movement.unit_movers(w, u):
        return room_moves(w, u, movement.unit_movers(w, u))
    movers = movement.unit_movers(w, u) if w.houses and not unit_where(w, u) and u.kind != "cavalry" else []
    if not movers:
        return out
    c, reach = w.centre(u), move_reach(w, u, movers)
    for p in standing(w):
        doors = [o for o in p.openings.values() if not o.inner and o.kind != "window"]
        if not doors or not worth(w, u, p):
            continue
        o = min(doors, key=lambda o: (w.table.distance(c, o.outside), o.id))
        lead = min(movers, key=lambda m: (w.table.distance(m.pos, o.outside), m.id))
        goal = (c[0] + o.outside[0] - lead.x, c[1] + o.outside[1] - lead.y)
        if w.table.distance(c, goal) < 0.5:
            continue
        ahead = bearing(c, goal)
        for turn in (0.0, 45.0, -45.0, 90.0, -90.0):
            q = door_step(w, u, c, goal, ahead + turn, reach)
            if q is not None:
                out.append(Action(f"move:{u.id}:{q[0]:.1f},{q[1]:.1f}", f"{u.name} heads for the "
                                  f"{o.kind} {o.id} of {p.name} to ({q[0]:.1f}, {q[1]:.1f})"))
                break
    return out


def room_moves(w: World, u: Unit, movers: list[Soldier]) -> list[Action]:
    """BON-089: in an open-able room, a walk towards each of the room's openings (to stand just inside
    it), as far as one movement action and the room's walls allow."""
    here = unit_where(w, u)
    assert here is not None
    p = w.houses[here[0]]
    if p.sectioned or p.kind == "watchtower":
        return []
    c, reach = w.centre(u), move_reach(w, u, movers)
    out: list[Action] = []
    for oid, _ in p.links(here[1]):
        o = p.openings[oid]
        goal = w.board.toward(o.at, p.centre(here[1]), DOORSTEP)
        length = min(reach, w.table.distance(c, goal))
        for frac in (1.0, 0.75, 0.5, 0.25):
            q = w.board.toward(c, goal, length * frac)
            if w.table.distance(c, q) >= 0.1 and movement.move_problem(w, u, q) is None:
                out.append(Action(f"move:{u.id}:{q[0]:.1f},{q[1]:.1f}", f"{u.name} walks towards the {o.kind} "
                                  f"{oid} of {section_name(w, p, here[1])} to ({q[0]:.1f}, {q[1]:.1f})"))
                break
    return out


def door_step(w: World, u: Unit, c: tuple[float, float], goal: tuple[float, float], heading: float,
              reach: float) -> tuple[float, float] | None:
    """The farthest of a full, 2/3 or 1/3 move along ``heading`` (straight at ``goal``: no farther)."""
    straight = abs((heading - bearing(c, goal) + 180) % 360 - 180) < 1e-6
    for frac in (1.0, 2 / 3, 1 / 3):
        length = max(reach * frac, 0.5)
        if straight:
            q = w.board.toward(c, goal, length)
        else:
            rad = math.radians(heading)
            q = w.table.clamp((round(c[0] + length * math.sin(rad), 1), round(c[1] + length * math.cos(rad), 1)))
        if movement.move_problem(w, u, q) is None:
            return q
    return None


def worth(w: World, u: Unit, p: Blueprint) -> bool:
    """A building worth going for: it stands on an objective, or the enemy holds it."""
    if any(w.table.by_id[o.feature].shape.intersects(p.shape) for o in w.setup.objectives):
        return True
    return any(w.unit_of(m).seat != u.seat and not w.unit_of(m).concealed for m in occupants_of(w, p))


def fighters(w: World, m: Soldier, among: list[Soldier] | None = None) -> list[Soldier]:
    """BON-096: walls part those on either side; a fight across them goes through an opening."""
    found = combat.fighters(w, m, among)
    return [e for e in found if where(w, e) == where(w, m)] if w.houses else found


def cc_tn(w: World, a: Soldier, t: Soldier) -> tuple[int, str]:
    tn, why = combat.cc_tn(w, a, t)
    if w.houses and where(w, a) != where(w, t):
        return tn + 2, f"{why} +2 through a door or window"  # BON-096
    return tn, why


# -- the orders -------------------------------------------------------------------
def building_actions(w: World, u: Unit) -> list[Action]:
    """The building orders open to ``u`` now (its soldiers able to act)."""
    out: list[Action] = []
    if not w.houses or not movement.able(w, u):
        return out
    here = unit_where(w, u)
    foes = cache(partial(door_foes, w, u))  # the enemy's men are looked at once, if someone is at an opening
    for p in standing(w):
        entries: dict[str, Opening | None] = {}  # each section's way in, found once
        for o in p.openings.values():
            key = f"{p.id}.{o.id}"
            for sid in o.sections:
                if sid not in entries:
                    entries[sid] = entry_door(w, u, p, sid)
                if entries[sid] is o:
                    out.append(Action(f"enter:{u.id}:{p.id}.{sid}", entry_text(w, u, p, o, sid)))
            if here and here[0] == p.id and here[1] in o.sections and exit_spots(w, u, p, o):
                out.append(Action(f"leave:{u.id}:{key}", f"{u.name} leaves {p.name} by the {o.kind} {o.id}"))
            if w.works[p.id].doors[o.id] in ("heavy", "locked") and o.kind == "door":
                if door_opener(w, u, p, o) is not None:
                    out.append(Action(f"open:{u.id}:{key}", f"a soldier of {u.name} spends his turn "
                                      f"opening the {w.works[p.id].doors[o.id]} door {o.id}"))
                if door_basher(w, u, p, o) is not None:
                    out.append(Action(f"bash:{u.id}:{key}", f"a soldier of {u.name} tries to bash down "
                                      f"the door {o.id}"))
            mine, theirs = door_fight(w, u, p, o, foes)
            if mine and theirs:
                out.append(Action(f"assault:{u.id}:{key}", f"{u.name} fights through the {o.kind} {o.id} "
                                  f"of {p.name}"))
        if any(w.unit_of(m).seat != u.seat and not w.unit_of(m).concealed
               for m in occupants_of(w, p)) and batterers(w, u, p):
            out.append(Action(f"batter:{u.id}:{p.id}", f"{u.name} fires at the walls of {p.name}"))
    return list({a.id: a for a in out}.values())


def building_order(w: World, u: Unit, verb: str, arg: str) -> None:
    """Carry out one of the building orders (``BUILDING_VERBS``) of the active unit."""
    bid, _, rest = arg.partition(".")
    p = w.houses[bid]
    if verb == "batter":
        batter(w, u, p)
        return
    if verb == "enter":
        door = entry_door(w, u, p, rest)
        assert door is not None
        enter(w, u, p, door, rest)
        return
    o = p.openings[rest]
    if verb == "leave":
        leave(w, u, p, o)
    elif verb == "open":
        open_door(w, u, p, o)
    elif verb == "bash":
        bash(w, u, p, o)
    elif verb == "assault":
        assault(w, u, p, o)


def section_name(w: World, p: Blueprint, sid: str) -> str:
    s = p.sections[sid]
    return f"{s.name or sid} of {p.name}"


def occupants_of(w: World, p: Blueprint) -> list[Soldier]:
    return [w.men[i] for i, loc in w.inside.items() if loc[0] == p.id and w.men[i].in_play]


def at_door(w: World, u: Unit, o: Opening) -> list[Soldier]:
    """Able soldiers of ``u`` outside, within 1.5" of the spot in front of the opening, nearest first."""
    return sorted((m for m in movement.able(w, u) if where(w, m) is None
                   and w.table.ruler(m.pos, m.base, o.outside, 0) <= AT_DOOR),
                  key=lambda m: (w.table.distance(m.pos, o.outside), m.id))


# -- going in and out (BON-089, BON-090, BON-094, BON-099) ----------------------------------
def entry_door(w: World, u: Unit, p: Blueprint, sid: str) -> Opening | None:
    """The opening an ``enter`` order into ``sid`` goes by: the one of the climb under way, else the
    first open to the unit."""
    climb = climb_of(w, u)
    doors = sorted(p.openings.values(),
                   key=lambda o: not (climb and (climb.building, climb.opening) == (p.id, o.id)))
    return next((o for o in doors if sid in o.sections and entry_problem(w, u, p, o, sid) is None), None)


def entry_refusal(w: World, u: Unit, where: str) -> str | None:
    """Why ``u`` may not go into ``where`` (``building.section``) now: the problem at the first
    opening into it (BON-089, BON-090, BON-094, BON-099); None when it is no room of a building."""
    bid, _, sid = where.partition(".")
    p = w.houses.get(bid)
    if p is None or sid not in p.sections:
        return None
    return next((why for o in p.openings.values() if sid in o.sections
                 if (why := entry_problem(w, u, p, o, sid)) is not None), None)


def entry_text(w: World, u: Unit, p: Blueprint, o: Opening, sid: str) -> str:
    step = climb_step_of(w, u, p, o, sid)
    if step is None:
        return f"{u.name} goes into {section_name(w, p, sid)} by the {o.kind} {o.id}"
    done, need = step
    return (f"{u.name} climbs towards {section_name(w, p, sid)} by the {o.kind} {o.id} ({done:.1f}\" of "
            f"{need:.1f}\")")


def climb_of(w: World, u: Unit) -> Climb | None:
    """The unit's walk to another room under way, while its soldiers stand where its last step left
    them (any other move ends it) and, under ``climb_progress = "activation"``, begun this turn."""
    climb = w.climbs.get(u.id)
    if climb is None or any(climb.spots.get(m.id) != m.pos for m in w.members(u)):
        return None
    if w.options.climb_progress == "activation" and climb.turn != w.turn:
        return None
    return climb


def walk_in(w: World, u: Unit, p: Blueprint, o: Opening, sid: str) -> tuple[float, float, float]:
    """BON-089: the inches still to go into ``sid`` by ``o`` (to the door, on to the room's middle,
    plus the inches between the floors), the part to the door, and the level change."""
    here = unit_where(w, u)
    rise = abs(p.sections[sid].floor - (p.sections[here[1]].floor if here else 0.0))
    climb = climb_of(w, u)
    if climb is not None and (climb.building, climb.opening, climb.section) == (p.id, o.id, sid):
        return climb.need - climb.done, 0.0, rise
    door = o.outside if here is None else o.at
    first = w.table.distance(w.centre(u), door)
    return first + walk_length([door, p.centre(sid)]) + rise, first, rise


def climb_step_of(w: World, u: Unit, p: Blueprint, o: Opening, sid: str) -> tuple[float, float] | None:
    """(inches covered after the next ``enter`` order, the whole walk) when that order does not
    arrive yet (BON-089), else None."""
    if p.sectioned or o.kind == "ladder":
        return None
    left, _, _ = walk_in(w, u, p, o, sid)
    reach = move_reach(w, u, movement.unit_movers(w, u))
    if left <= reach + 1e-6:
        return None
    climb = climb_of(w, u)
    ongoing = climb is not None and (climb.building, climb.opening, climb.section) == (p.id, o.id, sid)
    done, need = (climb.done, climb.need) if climb is not None and ongoing else (0.0, round(left, 1))
    return round(done + reach, 1), need


def moves_left(w: World, u: Unit, movers: list[Soldier]) -> int:
    """BON-016: the movement actions every mover still has this turn."""
    cost = 2 if u.kind == "mg" else 1
    limit = w.options.movement_actions
    return min((min(m.ac, limit - m.move_ac) // cost for m in movers if not m.is_piece), default=0)


def entry_problem(w: World, u: Unit, p: Blueprint, o: Opening, sid: str) -> str | None:
    """Why ``u`` cannot go into section ``sid`` through ``o`` now, or None."""
    here = unit_where(w, u)
    members = w.members(u)
    if u.kind == "cavalry" or o.kind == "window" or not members:
        return "only men on foot go in, by a door or a ladder"
    if here is None:
        if o.inner or o.sections[0] != sid:
            return "that opening does not lead in from outside"
    elif here[0] != p.id or not o.inner or set(o.sections) != {here[1], sid} or here[1] == sid:
        return "that door does not join the unit's section to that one"
    works = w.works[p.id]
    if o.kind == "door" and works.doors[o.id] in ("heavy", "locked"):
        return f"the door {o.id} is shut: it must be opened or bashed down first (BON-094, BON-095)"
    known = [m for m in occupants(w, (p.id, sid)) if view.seen_by(w.unit_of(m), u.seat)]
    if len(known) + len(members) > capacity(w, p, sid):  # a hidden enemy shows only when met (enter)
        return f"{section_name(w, p, sid)} holds only {capacity(w, p, sid)} (BON-090, BON-099)"
    if any(w.unit_of(m).seat != u.seat for m in known):
        return "the enemy holds that section: fight through the door first (BON-096)"
    opener = works.opened.get(o.id)
    if o.kind == "ladder":  # BON-099: the climb takes a full turn
        if any(m.ac < m.max_ac() or m.move_ac or m.panic for m in members if not m.is_piece):
            return "climbing the ladder takes every soldier's whole turn (BON-099)"
        return None if here is not None or move_reach(w, u, members) >= w.table.distance(
            w.centre(u), o.outside) else "the ladder is out of reach this move"
    movers = movement.unit_movers(w, u)
    if not movers or any(m not in movers and not m.is_piece and m.id != opener for m in members):
        return "every soldier needs a movement action left (BON-016)"
    reach = move_reach(w, u, movers)
    out_of_reach = f"{section_name(w, p, sid)} is out of reach this move"
    if p.sectioned:
        need = 0.0 if here else w.table.distance(w.centre(u), o.outside)  # BON-090
        return None if need <= reach + 1e-6 else out_of_reach
    # BON-089: the walk through the door plus the inches between floors, over several actions if need be
    left, to_door, _ = walk_in(w, u, p, o, sid)
    if here is None and to_door > reach + 1e-6:
        return out_of_reach  # from outside, the door is reached in this move (the walls are not crossed)
    if w.options.climb_progress == "activation" and left > reach * moves_left(w, u, movers) + 1e-6:
        return f"{section_name(w, p, sid)} is out of reach this activation (climb_progress house rule)"
    return None


def move_reach(w: World, u: Unit, movers: list[Soldier]) -> float:
    return float(min((math.ceil(m.sp() / 2) if m.prone else m.sp() for m in movers if not m.is_piece),
                     default=0))


def enter(w: World, u: Unit, p: Blueprint, o: Opening, sid: str) -> None:
    step = climb_step_of(w, u, p, o, sid)
    if step is not None:
        climb(w, u, p, o, sid, *step)
        return
    w.climbs.pop(u.id, None)
    lurking = {w.unit_of(m).id for m in occupants(w, (p.id, sid)) if w.unit_of(m).seat != u.seat}
    if lurking:  # BON-002 house rule: a hidden enemy inside is found at the door, and stops the entry
        for uid in sorted(lurking):
            sequence.reveal(w, w.units[uid], f"{u.name} finds it in {section_name(w, p, sid)}")
        for m in movement.able(w, u):
            m.ac, m.move_ac = m.ac - 1, m.move_ac + 1
        sequence.reveal(w, u, "it moves")
        w.tell("BON-090", f"{u.name} finds the enemy in {section_name(w, p, sid)} and stops at the "
                  f"{o.kind} {o.id}.", unit=u)
        return
    for m in pay_entry(w, u, p, o):
        w.section_moved[m.id] = w.turn
    put_inside(w, w.members(u), (p.id, sid))
    sequence.reveal(w, u, "it moves")
    rule = "BON-099" if o.kind == "ladder" else "BON-090" if p.sectioned else "BON-089"
    how = "climbs the ladder into" if o.kind == "ladder" else "goes into"
    w.tell(rule, f"{u.name} {how} {section_name(w, p, sid)} by the {o.kind} {o.id}.", unit=u)


def pay_entry(w: World, u: Unit, p: Blueprint, o: Opening) -> list[Soldier]:
    """Each soldier going by ``o`` pays a movement action (an MG crew 2; the ladder, his whole turn,
    BON-099); one who spent his turn opening the door is carried along (BON-094). Returns the payers."""
    opener = w.works[p.id].opened.get(o.id)
    cost = 2 if u.kind == "mg" else 1
    payers = []
    for m in w.members(u):
        if m.is_piece or (m.id == opener and m.ac < cost):
            continue
        spent = m.ac if o.kind == "ladder" else cost
        m.ac, m.move_ac = m.ac - spent, m.move_ac + spent
        payers.append(m)
    return payers


def climb(w: World, u: Unit, p: Blueprint, o: Opening, sid: str, done: float, need: float) -> None:
    """BON-089: one movement action of a walk to another room that does not arrive yet; the inches
    are kept for the next order. A hidden enemy there is met only on arrival (``enter``)."""
    climb = climb_of(w, u)
    if climb is None or (climb.building, climb.opening, climb.section) != (p.id, o.id, sid):
        climb = w.climbs[u.id] = Climb(p.id, o.id, sid, need, 0.0, w.turn)
    pay_entry(w, u, p, o)
    climb.done, climb.turn = done, w.turn
    climb.spots = {m.id: m.pos for m in w.members(u)}
    sequence.reveal(w, u, "it moves")
    rise = walk_in(w, u, p, o, sid)[2]
    w.tell("BON-089", f"{u.name} climbs towards {section_name(w, p, sid)} by the {o.kind} {o.id}: "
              f"{done:.1f}\" of {need:.1f}\" ({rise:g}\" up).", unit=u)


def climb_view(w: World, u: Unit) -> dict[str, Any] | None:
    """The unit's walk to another room under way (BON-089), as the seats that see the unit see it."""
    climb = climb_of(w, u)
    return None if climb is None else {"to": f"{climb.building}.{climb.section}", "by": climb.opening,
                                       "done": climb.done, "need": climb.need}


def exit_spots(w: World, u: Unit, p: Blueprint, o: Opening) -> list[tuple[float, float]]:
    """Where the unit's models stand after leaving by ``o`` (its formation, facing away from the
    wall), or [] if there is no room or nobody may move."""
    members = w.members(u)
    if o.inner or o.kind == "window" or (o.kind == "door" and w.works[p.id].doors[o.id] in ("heavy", "locked")):
        return []
    if o.kind == "ladder":
        if any(m.ac < m.max_ac() or m.move_ac or m.panic for m in members if not m.is_piece):
            return []
    elif not movement.unit_movers(w, u) or any(m not in movement.unit_movers(w, u) and not m.is_piece for m in members):
        return []
    facing = bearing(o.at, o.outside)
    rows = math.ceil(len(members) / 5)
    away = DOORSTEP + 1.0 + (rows - 1) * 2.5
    d = w.table.distance(o.at, o.outside) or 1.0
    centre = (o.at[0] + (o.outside[0] - o.at[0]) / d * away, o.at[1] + (o.outside[1] - o.at[1]) / d * away)
    ghosts = [copy.copy(m) for m in members]
    place(ghosts, centre, u.formation, facing)
    spots = [g.pos for g in ghosts]
    if any(not w.table.on_table(s) or any(q.shape.covers(Point(s)) for q in standing(w))
           or any(f.impassable and f.contains(s) for f in w.table.features) for s in spots):
        return []
    return spots


def leave(w: World, u: Unit, p: Blueprint, o: Opening) -> None:
    spots = exit_spots(w, u, p, o)
    cost = 2 if u.kind == "mg" else 1
    for m, (x, y) in zip(w.members(u), spots, strict=True):
        if not m.is_piece:
            spent = m.ac if o.kind == "ladder" else cost
            m.ac, m.move_ac = m.ac - spent, m.move_ac + spent
        m.x, m.y = x, y
        w.inside.pop(m.id, None)
    u.facing = bearing(o.at, o.outside)
    sequence.reveal(w, u, "it moves")
    w.tell("BON-099" if o.kind == "ladder" else "BON-090", f"{u.name} leaves {p.name} by the {o.kind} {o.id}.",
              unit=u)


def door_opener(w: World, u: Unit, p: Blueprint, o: Opening) -> Soldier | None:
    """BON-094: a soldier at the door (or in the room behind it) who has his whole turn left."""
    here = unit_where(w, u)
    near = ([m for m in movement.able(w, u) if where(w, m) and where(w, m)[1] in o.sections]  # type: ignore[index]
            if here and here[0] == p.id else at_door(w, u, o) if not o.inner else [])
    return next((m for m in near if m.ac == m.max_ac() and not m.move_ac), None)


def open_door(w: World, u: Unit, p: Blueprint, o: Opening) -> None:
    m = door_opener(w, u, p, o)
    assert m is not None
    m.ac = 0
    w.works[p.id].doors[o.id] = "open"
    w.works[p.id].opened[o.id] = m.id
    sequence.reveal(w, u, "it opens a door")
    w.tell("BON-094", f"{m.id} spends his turn getting the door {o.id} of {p.name} open; his squad may "
              "pass.", unit=u)


def door_basher(w: World, u: Unit, p: Blueprint, o: Opening) -> Soldier | None:
    here = unit_where(w, u)
    near = ([m for m in movement.able(w, u) if where(w, m) and where(w, m)[1] in o.sections]  # type: ignore[index]
            if here and here[0] == p.id else at_door(w, u, o) if not o.inner else [])
    return max(near, key=lambda m: (m.cs(), m.ac, m.id), default=None)


def bash(w: World, u: Unit, p: Blueprint, o: Opening) -> None:
    """BON-095: a D6 against DS 4 less the soldier's CS (gap), 1 AC an attempt."""
    m = door_basher(w, u, p, o)
    assert m is not None
    m.ac -= 1
    sequence.reveal(w, u, "it bashes at a door")
    tn = w.options.door_ds - m.cs()
    roll = w.umpire.roll_total("BON-095", m.id, 1, 6, purpose=f"bashing the door {o.id} (TN {tn}: DS "
                                  f"{w.options.door_ds} less CS {m.cs():+d})", target=tn)
    if roll.passed:
        w.works[p.id].doors[o.id] = "broken"
        w.tell("BON-095", f"{m.id} bashes the door {o.id} of {p.name} down.", unit=u)
    else:
        w.tell("BON-095", f"The door {o.id} of {p.name} holds.", unit=u)


# -- close combat through an opening (BON-096) -------------------------------------------------
def door_foes(w: World, u: Unit) -> list[Soldier]:
    """The enemy soldiers who may fight ``u`` through an opening (BON-096)."""
    return [m for m in w.men.values() if m.in_play and w.unit_of(m).seat != u.seat and not m.is_piece
            and not w.unit_of(m).concealed and m.panic not in ("flee",)]


def door_fight(w: World, u: Unit, p: Blueprint, o: Opening,
               foes: Callable[[], list[Soldier]]) -> tuple[list[Soldier], list[Soldier]]:
    """Up to two soldiers a side: ``u``'s at the opening and the enemy's (of ``foes()``, its
    ``door_foes``, asked only when ``u`` has someone there) on the other side; nobody when ``u`` has
    nobody there (no fight)."""
    if o.kind == "ladder":
        return [], []
    here = unit_where(w, u)
    if here and here[0] == p.id and here[1] in o.sections:
        mine = [m for m in movement.able(w, u) if not m.panic][:2]
        if not mine:
            return [], []
        if o.inner:
            other = next(s for s in o.sections if s != here[1])
            theirs = [m for m in foes() if where(w, m) == (p.id, other)]
        else:
            theirs = [m for m in foes() if where(w, m) is None
                      and w.table.ruler(m.pos, m.base, o.outside, 0) <= AT_DOOR]
    elif here is None and not o.inner:
        mine = [m for m in at_door(w, u, o) if not m.panic][:2]
        if not mine:
            return [], []
        theirs = [m for m in foes() if where(w, m) == (p.id, o.sections[0])]
    else:
        return [], []
    return mine, sorted(theirs, key=lambda m: (w.table.distance(m.pos, o.outside), m.id))[:2]


def assault(w: World, u: Unit, p: Blueprint, o: Opening) -> None:
    sequence.reveal(w, u, "it fights")
    w.tell("BON-096", f"{u.name} fights through the {o.kind} {o.id} of {p.name}: two a side at most.",
              unit=u)
    heroes.watch_for_deeds(w, u, lambda: fight_through(w, u, p, o))


def fight_through(w: World, u: Unit, p: Blueprint, o: Opening) -> None:
    mine, theirs = door_fight(w, u, p, o, partial(door_foes, w, u))
    hits: list[Hit] = []
    for i, a in enumerate(mine):
        a.ac -= 1
        a.prone = False
        hits += combat.strike(w, a, theirs[i % len(theirs)])
    for i, d in enumerate(theirs):
        if d.panic not in ("freeze", "prone", "take_cover"):
            hits += combat.strike(w, d, mine[i % len(mine)])
    for h in hits:
        vehicles.damage(w, h)
    combat.after_losses(w)


# -- fire at a building (BON-093) ---------------------------------------------------------
def batterers(w: World, u: Unit, p: Blueprint) -> list[Soldier]:
    """Soldiers outside with a firearm, in range of the walls (edge of base) and seeing them."""
    if w.works[p.id].collapsed:
        return []
    out = []
    for m in movement.able(w, u):
        if where(w, m) is not None or not can_fire(w, m) or m.weapon == "lft":
            continue
        if p.distance(m.pos) - m.base > w.board.weapon_reach(m):
            continue
        wall = p.shape.exterior.interpolate(p.shape.exterior.project(Point(m.pos)))
        aim = (wall.x, wall.y)
        if w.table.line_of_sight(m.pos, aim) and not any(q.blocks(m.pos, aim) for q in standing(w)
                                                              if q is not p and q.kind == "building"):
            out.append(m)
    return out


def batter(w: World, u: Unit, p: Blueprint) -> None:
    """BON-093: TN = the building's CV + range + firer (gap); a hit takes D from its DP; a natural
    12 also goes through the wall into one soldier inside; at 0 DP it falls in on them."""
    works = w.works[p.id]
    sequence.reveal(w, u, "it opens fire")
    w.tell("BON-093", f"{u.name} fires at the walls of {p.name} ({works.dp} DP).", unit=u)
    for m in batterers(w, u, p):
        m.ac -= 1
        m.prone = False
        weapon = WEAPONS[m.weapon]
        band = weapon.band(max(p.distance(m.pos) - m.base, 0.0)) or "long"
        tn = p.cv + RANGE_MOD[band] + m.stats.fire_mod
        for _ in range(weapon.shots):
            if works.collapsed:
                return
            face = w.umpire.roll_total("BON-093", m.id, 1, 12, purpose=f"a {weapon.name} shot at {p.name} "
                                          f"(TN {tn}: CV {p.cv} {RANGE_MOD[band]:+d} {band} range "
                                          f"{m.stats.fire_mod:+d} {m.stats.name} firer)",
                                          judge=_ranged_judge(tn)).total
            if face == CRITICAL_RANGED:
                inside = sorted(x.id for x in occupants_of(w, p))
                if inside:
                    victim = w.umpire.choose("BON-093", inside, purpose="whom the shot through the wall hits")
                    w.tell("BON-093", f"The shot goes through the wall and hits {victim}.")
                    vehicles.damage(w, Hit(w.men[victim], False, weapon.damage, m))
            if face == CRITICAL_RANGED or face >= tn:
                wreck(w, p, weapon.damage, m)
    combat.after_losses(w)


def wreck(w: World, p: Blueprint, damage: int, by: Soldier) -> None:
    """Take DP from a building (any weapon's hit on it); at 0 it collapses on those inside."""
    works = w.works[p.id]
    works.dp = max(0, works.dp - damage)
    w.tell("BON-093", f"{p.name} loses {damage} DP ({works.dp} left).", building=p.id, dp=works.dp)
    if works.dp:
        return
    works.collapsed = True
    inside = occupants_of(w, p)
    w.tell("BON-093", f"{p.name} collapses into rubble" + (f" on {', '.join(m.id for m in inside)}"
                                                               if inside else "") + ".", building=p.id)
    for m in inside:
        w.inside.pop(m.id, None)
        vehicles.damage(w, Hit(m, False, 1, by))


def buildings_view(w: World) -> list[dict[str, Any]]:
    """The buildings as every seat sees them: walls, rooms, openings and their doors, DP."""
    return [{"id": p.id, "name": p.name, "kind": p.kind, "material": p.material, "cv": p.cv,
             "sectioned": p.sectioned, "outline": [list(q) for q in p.outline], "dp": w.works[p.id].dp,
             "collapsed": w.works[p.id].collapsed,
             "sections": [{"id": s.id, "name": s.name, "floor": s.floor, "capacity": capacity(w, p, s.id),
                           "outline": [list(q) for q in s.outline]} for s in p.sections.values()],
             "openings": [{"id": o.id, "kind": o.kind, "at": list(o.at), "sections": list(o.sections),
                           "door": w.works[p.id].doors[o.id]} for o in p.openings.values()]}
            for p in w.houses.values()]


def building_action_ids(state: World, unit: str) -> list[str]:
    """The fixed numbering's building orders of one unit (or a hidden unit's slot; encoding.py)."""
    ids: list[str] = []
    for p in state.houses.values():
        ids += [f"enter:{unit}:{p.id}.{s}" for s in p.sections]
        ids += [f"{verb}:{unit}:{p.id}.{o}" for verb in ("leave", "open", "bash", "assault") for o in p.openings]
        ids.append(f"batter:{unit}:{p.id}")
    return ids
