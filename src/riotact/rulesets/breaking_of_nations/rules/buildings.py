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
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from shapely.geometry import LineString, Point

from riotact.core.protocol import Action
from riotact.core.scenario import Scenario
from riotact.core.umpire import Umpire
from riotact.tabletop import bearing, spots_in, steeper_than

from ..options import Options
from ..state import Soldier, Unit, place
from ..tables import CRITICAL_RANGED, RANGE_MOD, TERRAIN, WEAPONS, terrain_speed
from . import heroes, vehicles
from .combat import Combat, Hit, _ranged_judge
from .structures import DOORSTEP, Blueprint, Opening, walk_length

BUILDING_VERBS = ("enter", "leave", "open", "bash", "assault", "batter")
AT_DOOR = 1.5  # inches (base edge to the spot in front of an opening) to count as at the door
FROM_ABOVE_REACH = 2.0  # BON-101
FROM_ABOVE_CV = 2  # BON-101
STEEP = 45.0  # BON-097
RUBBLE = "rubble"  # BON-093 gap: a fallen building is rubble (BON-110)
Where = tuple[str, str]  # (building, section)


@dataclass
class Works:
    """What changes in a building during play: its DP, its doors, who fired through which opening."""

    dp: int
    doors: dict[str, str]
    collapsed: bool = False
    users: dict[str, list[str]] = field(default_factory=dict)  # BON-091: this turn's firers per opening
    opened: dict[str, str] = field(default_factory=dict)  # BON-094: opening -> who opened it this turn


@dataclass
class Climb:
    """BON-089: a unit's walk into another room of an open-able building that takes more than one
    movement action: the room and the opening, the walk's inches (a level change included) and those
    covered so far. It holds while the unit's soldiers stand where its last step left them (``spots``)."""

    building: str
    opening: str
    section: str
    need: float
    done: float
    turn: int
    spots: dict[str, tuple[float, float]] = field(default_factory=dict)


class Buildings(Combat):
    # the sequence of play (state.py) defines these; the building rules use them
    able: Callable[[Unit], list[Soldier]]
    movers: Callable[[Unit], list[Soldier]]
    move_problem: Callable[[Unit, tuple[float, float]], str | None]

    def __init__(self, scenario: Scenario, options: Options, umpire: Umpire) -> None:
        super().__init__(scenario, options, umpire)
        self.houses = {b.id: Blueprint(b) for b in self.setup.buildings}
        self.works = {p.id: Works(p.damage_points, {o.id: o.door for o in p.openings.values()})
                      for p in self.houses.values()}
        self.inside: dict[str, Where] = {}
        self.section_moved: dict[str, int] = {}  # BON-090: soldier -> turn he changed section
        self.climbs: dict[str, Climb] = {}  # BON-089: unit -> its walk to another room under way
        for card in self.setup.units:
            if card.inside:
                bid, _, sid = card.inside.partition(".")
                self.put_inside(self.members(self.units[card.id]), (bid, sid))

    # -- where everyone is ----------------------------------------------------------
    def standing(self) -> list[Blueprint]:
        return [p for p in self.houses.values() if not self.works[p.id].collapsed]

    def where(self, m: Soldier) -> Where | None:
        return self.inside.get(m.id)

    def unit_where(self, u: Unit) -> Where | None:
        ms = self.members(u)
        return self.where(ms[0]) if ms else None

    def occupants(self, loc: Where) -> list[Soldier]:
        return [self.men[i] for i, w in self.inside.items() if w == loc and self.men[i].in_play]

    def elevation(self, m: Soldier) -> float:
        """BON-087 gap / BON-097: hill levels (1" each) plus the floor of the section he is in."""
        w = self.where(m)
        return self.table.height_at(m.pos) + (self.houses[w[0]].sections[w[1]].floor if w else 0.0)

    def put_inside(self, men: list[Soldier], loc: Where) -> None:
        plan = self.houses[loc[0]]
        for m, (x, y) in zip(men, spots_in(plan.sections[loc[1]].outline, len(men), 1.0), strict=True):
            m.x, m.y = x, y
            self.inside[m.id] = loc

    def clear_openings(self) -> None:
        """A new turn: every window has its two firers again (BON-091); a door opened by hand swings
        shut again unless the house rule keeps it open (BON-094 gap)."""
        for p in self.houses.values():
            w = self.works[p.id]
            w.users.clear()
            w.opened.clear()
            if not self.options.doors_stay_open:
                for oid, state in w.doors.items():
                    if state == "open":
                        w.doors[oid] = p.openings[oid].door

    def capacity(self, p: Blueprint, section: str) -> int:
        """BON-090 / BON-099 gap: the scenario's figure for the room, else the house rule's."""
        given = p.sections[section].capacity
        return given or (self.options.tower_capacity if p.kind == "watchtower" else self.options.section_capacity)

    # -- sight, cover and movement (hooks into the table) ----------------------------------
    def eyes(self, m: Soldier) -> list[tuple[tuple[float, float], tuple[float, float]]]:
        """Where a soldier looks from (the sight line) and stands (the 45 degree rule): his own place,
        or each door and window of his room (in front of it, and on the wall)."""
        w = self.where(m)
        if w is None or self.houses[w[0]].kind == "watchtower":
            return [(m.pos, m.pos)]
        plan = self.houses[w[0]]
        return [(plan.openings[o].outside, plan.openings[o].at) for o, beyond in plan.links(w[1]) if not beyond
                and plan.openings[o].kind != "ladder"]

    def walls_between(self, a: tuple[float, float], b: tuple[float, float]) -> bool:
        return any(p.blocks(a, b) for p in self.standing() if p.kind == "building")

    def sees(self, a: Soldier, b: Soldier) -> bool:
        """BON-098 spirit: walls stop sight; a room is seen through its openings only; BON-097:
        nothing between heights steeper than 45 degrees."""
        if not self.houses:
            return super().sees(a, b)
        wa, wb = self.where(a), self.where(b)
        if wa and wb and wa[0] == wb[0] and self.houses[wa[0]].kind == "building":
            return wa == wb
        ha, hb = self.elevation(a), self.elevation(b)
        return any(not steeper_than(sa, ha, sb, hb, STEEP) and not self.walls_between(ea, eb)
                   and self.table.line_of_sight(ea, eb) for ea, sa in self.eyes(a) for eb, sb in self.eyes(b))

    def window_for(self, m: Soldier, t: Soldier) -> str | None:
        """BON-091: the door or window ``m`` can fire at ``t`` through (at most two firers each a turn)."""
        w = self.where(m)
        if w is None or self.houses[w[0]].kind == "watchtower":
            return ""
        plan, works = self.houses[w[0]], self.works[w[0]]
        for oid, beyond in plan.links(w[1]):
            o = plan.openings[oid]
            users = works.users.get(oid, [])
            if beyond or o.kind == "ladder" or (len(users) >= self.options.window_firers and m.id not in users):
                continue
            if any(not self.walls_between(o.outside, e) and self.table.line_of_sight(o.outside, e)
                   for e, _ in self.eyes(t)):
                return oid
        return None

    def targets_for(self, m: Soldier, u: Unit) -> list[Soldier]:
        found = super().targets_for(m, u)
        if not self.houses or self.where(m) is None:
            return found
        return [t for t in found if self.window_for(m, t) is not None]

    def shots(self, firers: list[Soldier], u: Unit) -> list[tuple[Soldier, Soldier]]:
        """BON-091: each firer inside takes his window before the next one looks for one."""
        for f in firers:
            w = self.where(f)
            aims = self.targets_for(f, u) if w else []
            oid = self.window_for(f, aims[0]) if aims else None
            if w and oid:
                users = self.works[w[0]].users.setdefault(oid, [])
                if f.id not in users:
                    users.append(f.id)
        return super().shots(firers, u)

    def can_fire(self, m: Soldier) -> bool:
        """BON-090: a soldier who changed section this activation may only move."""
        return super().can_fire(m) and self.section_moved.get(m.id) != self.turn

    def cover(self, firer: tuple[float, float], m: Soldier, shooter: Soldier | None = None) -> tuple[int, str]:
        """BON-092 / BON-097 / BON-099: those inside have the building's (or tower's) CV; a fallen
        building is rubble (BON-093 gap); BON-101: against a higher firer, cover more than 2" away is CV 2."""
        w = self.where(m)
        if w is not None:
            return self.houses[w[0]].cv, self.houses[w[0]].name
        best, name = super().cover(firer, m, shooter)
        if shooter is not None and self.options.from_above and self.elevation(shooter) > self.elevation(m):
            best, name = self.cover_from_above(firer, m)
        for p in self.houses.values():
            if self.works[p.id].collapsed and p.shape.covers(Point(m.pos)) and TERRAIN[RUBBLE].cv > best:
                best, name = TERRAIN[RUBBLE].cv, f"the ruins of {p.name}"
        return best, name

    def cover_from_above(self, firer: tuple[float, float], m: Soldier) -> tuple[int, str]:
        """BON-101: a target more than 2" (base edge) from its cover, shot at from higher up, has
        CV 2 from it; a trench keeps its CV; the line of fire may cross the cover anywhere."""
        best, name = 0, ""
        crossed = self.table.crossed(firer, m.pos)
        for f in self.table.features:
            t = TERRAIN[str(f.tags["kind"])]
            if not t.cv or not ((t.area and f.contains(m.pos)) or (not t.area and f in crossed)):
                continue
            far = f.shape.distance(Point(m.pos)) - m.base > FROM_ABOVE_REACH
            cv = min(t.cv, FROM_ABOVE_CV) if far and not t.trench else t.cv
            if cv > best:
                best, name = cv, f.name + (" (seen from above)" if cv < t.cv else "")
        return best, name

    def path_problem(self, m: Soldier, a: tuple[float, float], b: tuple[float, float], *,
                     charging: bool = False) -> str | None:
        if not self.within_room(m, a, b):
            for p in self.standing():
                if p.blocks(a, b):
                    return f"the path goes through {p.name}: units go in and out by its doors (BON-090)"
        return super().path_problem(m, a, b, charging=charging)

    def within_room(self, m: Soldier, a: tuple[float, float], b: tuple[float, float]) -> bool:
        """BON-089: whether the walk a->b stays inside the open-able room ``m`` is in (its walls stop the rest)."""
        w = self.where(m)
        if w is None:
            return False
        p = self.houses[w[0]]
        if p.sectioned or p.kind == "watchtower" or self.works[p.id].collapsed:
            return False
        return bool(p.rooms[w[1]].covers(LineString([a, b]) if a != b else Point(a)))

    def step_allowance(self, m: Soldier, a: tuple[float, float], b: tuple[float, float], *,
                       charging: bool = False) -> float:
        allowed = super().step_allowance(m, a, b, charging=charging)
        if any(p.blocks(a, b) for p in self.houses.values() if self.works[p.id].collapsed):
            allowed = min(allowed, float(terrain_speed(allowed, TERRAIN[RUBBLE].move)))  # BON-093 gap
        return allowed

    def indoors_problem(self, u: Unit, dest: tuple[float, float]) -> str | None:
        """BON-090: inside a sectioned building, a unit moves by doors and sections; BON-089: inside an
        open-able one, it walks within its room (other rooms by their doors); outside, no model's path
        (riders' too) goes through a building's walls."""
        if not self.houses:
            return None
        c = self.centre(u)
        shift = (dest[0] - c[0], dest[1] - c[1])
        here = self.unit_where(u)
        if here:
            p = self.houses[here[0]]
            if p.sectioned or p.kind == "watchtower":
                return f"{u.name} is inside a building: it moves by its doors and sections (BON-090)"
            if any(not self.within_room(m, m.pos, (m.x + shift[0], m.y + shift[1])) for m in self.members(u)):
                return (f"{u.name} walks only within {self.section_name(p, here[1])}: into another room or out "
                        "by its doors (BON-089)")
            return None
        for m in self.members(u):
            end = (m.x + shift[0], m.y + shift[1])
            for p in self.standing():
                if p.blocks(m.pos, end):
                    return f"the path goes through {p.name}: units go in and out by its doors (BON-090)"
        return None

    def door_moves(self, u: Unit) -> list[Action]:
        """Moves besides the usual ones: to the nearest door of each building worth having (an
        objective's, or one the enemy holds), bringing the soldier nearest the door to its step; when a
        wall or a building stands in the way, a step aside (45 or 90 degrees off) instead."""
        out: list[Action] = []
        if self.houses and self.unit_where(u) and self.movers(u):
            return self.room_moves(u, self.movers(u))
        movers = self.movers(u) if self.houses and not self.unit_where(u) and u.kind != "cavalry" else []
        if not movers:
            return out
        c, reach = self.centre(u), self.reach(u, movers)
        for p in self.standing():
            doors = [o for o in p.openings.values() if not o.inner and o.kind != "window"]
            if not doors or not self.worth(u, p):
                continue
            o = min(doors, key=lambda o: (self.table.distance(c, o.outside), o.id))
            lead = min(movers, key=lambda m: (self.table.distance(m.pos, o.outside), m.id))
            goal = (c[0] + o.outside[0] - lead.x, c[1] + o.outside[1] - lead.y)
            if self.table.distance(c, goal) < 0.5:
                continue
            ahead = bearing(c, goal)
            for turn in (0.0, 45.0, -45.0, 90.0, -90.0):
                q = self.door_step(u, c, goal, ahead + turn, reach)
                if q is not None:
                    out.append(Action(f"move:{u.id}:{q[0]:.1f},{q[1]:.1f}", f"{u.name} heads for the "
                                      f"{o.kind} {o.id} of {p.name} to ({q[0]:.1f}, {q[1]:.1f})"))
                    break
        return out

    def room_moves(self, u: Unit, movers: list[Soldier]) -> list[Action]:
        """BON-089: in an open-able room, a walk towards each of the room's openings (to stand just inside
        it), as far as one movement action and the room's walls allow."""
        here = self.unit_where(u)
        assert here is not None
        p = self.houses[here[0]]
        if p.sectioned or p.kind == "watchtower":
            return []
        c, reach = self.centre(u), self.reach(u, movers)
        out: list[Action] = []
        for oid, _ in p.links(here[1]):
            o = p.openings[oid]
            goal = self.toward(o.at, p.centre(here[1]), DOORSTEP)
            length = min(reach, self.table.distance(c, goal))
            for frac in (1.0, 0.75, 0.5, 0.25):
                q = self.toward(c, goal, length * frac)
                if self.table.distance(c, q) >= 0.1 and self.move_problem(u, q) is None:
                    out.append(Action(f"move:{u.id}:{q[0]:.1f},{q[1]:.1f}", f"{u.name} walks towards the {o.kind} "
                                      f"{oid} of {self.section_name(p, here[1])} to ({q[0]:.1f}, {q[1]:.1f})"))
                    break
        return out

    def door_step(self, u: Unit, c: tuple[float, float], goal: tuple[float, float], heading: float,
                  reach: float) -> tuple[float, float] | None:
        """The farthest of a full, 2/3 or 1/3 move along ``heading`` (straight at ``goal``: no farther)."""
        straight = abs((heading - bearing(c, goal) + 180) % 360 - 180) < 1e-6
        for frac in (1.0, 2 / 3, 1 / 3):
            length = max(reach * frac, 0.5)
            if straight:
                q = self.toward(c, goal, length)
            else:
                rad = math.radians(heading)
                q = self.table.clamp((round(c[0] + length * math.sin(rad), 1), round(c[1] + length * math.cos(rad), 1)))
            if self.move_problem(u, q) is None:
                return q
        return None

    def worth(self, u: Unit, p: Blueprint) -> bool:
        """A building worth going for: it stands on an objective, or the enemy holds it."""
        if any(self.table.by_id[o.feature].shape.intersects(p.shape) for o in self.setup.objectives):
            return True
        return any(self.unit_of(m).seat != u.seat and not self.unit_of(m).concealed for m in self.occupants_of(p))

    def fighters(self, m: Soldier) -> list[Soldier]:
        """BON-096: walls part those on either side; a fight across them goes through an opening."""
        found = super().fighters(m)
        return [e for e in found if self.where(e) == self.where(m)] if self.houses else found

    def cc_tn(self, a: Soldier, t: Soldier) -> tuple[int, str]:
        tn, why = super().cc_tn(a, t)
        if self.houses and self.where(a) != self.where(t):
            return tn + 2, f"{why} +2 through a door or window"  # BON-096
        return tn, why

    # -- the orders -------------------------------------------------------------------
    def building_actions(self, u: Unit) -> list[Action]:
        """The building orders open to ``u`` now (its soldiers able to act)."""
        out: list[Action] = []
        if not self.houses or not self.able(u):
            return out
        here = self.unit_where(u)
        for p in self.standing():
            for o in p.openings.values():
                key = f"{p.id}.{o.id}"
                for sid in o.sections:
                    if self.entry_door(u, p, sid) is o:
                        out.append(Action(f"enter:{u.id}:{p.id}.{sid}", self.entry_text(u, p, o, sid)))
                if here and here[0] == p.id and here[1] in o.sections and self.exit_spots(u, p, o):
                    out.append(Action(f"leave:{u.id}:{key}", f"{u.name} leaves {p.name} by the {o.kind} {o.id}"))
                if self.works[p.id].doors[o.id] in ("heavy", "locked") and o.kind == "door":
                    if self.door_opener(u, p, o) is not None:
                        out.append(Action(f"open:{u.id}:{key}", f"a soldier of {u.name} spends his turn "
                                          f"opening the {self.works[p.id].doors[o.id]} door {o.id}"))
                    if self.door_basher(u, p, o) is not None:
                        out.append(Action(f"bash:{u.id}:{key}", f"a soldier of {u.name} tries to bash down "
                                          f"the door {o.id}"))
                mine, theirs = self.door_fight(u, p, o)
                if mine and theirs:
                    out.append(Action(f"assault:{u.id}:{key}", f"{u.name} fights through the {o.kind} {o.id} "
                                      f"of {p.name}"))
            if self.batterers(u, p) and any(self.unit_of(m).seat != u.seat and not self.unit_of(m).concealed
                                             for m in self.occupants_of(p)):
                out.append(Action(f"batter:{u.id}:{p.id}", f"{u.name} fires at the walls of {p.name}"))
        return list({a.id: a for a in out}.values())

    def building_order(self, u: Unit, verb: str, arg: str) -> None:
        """Carry out one of the building orders (``BUILDING_VERBS``) of the active unit."""
        bid, _, rest = arg.partition(".")
        p = self.houses[bid]
        if verb == "batter":
            self.batter(u, p)
            return
        if verb == "enter":
            door = self.entry_door(u, p, rest)
            assert door is not None
            self.enter(u, p, door, rest)
            return
        o = p.openings[rest]
        if verb == "leave":
            self.leave(u, p, o)
        elif verb == "open":
            self.open_door(u, p, o)
        elif verb == "bash":
            self.bash(u, p, o)
        elif verb == "assault":
            self.assault(u, p, o)

    def section_name(self, p: Blueprint, sid: str) -> str:
        s = p.sections[sid]
        return f"{s.name or sid} of {p.name}"

    def occupants_of(self, p: Blueprint) -> list[Soldier]:
        return [self.men[i] for i, w in self.inside.items() if w[0] == p.id and self.men[i].in_play]

    def at_door(self, u: Unit, o: Opening) -> list[Soldier]:
        """Able soldiers of ``u`` outside, within 1.5" of the spot in front of the opening, nearest first."""
        return sorted((m for m in self.able(u) if self.where(m) is None
                       and self.table.ruler(m.pos, m.base, o.outside, 0) <= AT_DOOR),
                      key=lambda m: (self.table.distance(m.pos, o.outside), m.id))

    # -- going in and out (BON-089, BON-090, BON-094, BON-099) ----------------------------------
    def entry_door(self, u: Unit, p: Blueprint, sid: str) -> Opening | None:
        """The opening an ``enter`` order into ``sid`` goes by: the one of the climb under way, else the
        first open to the unit."""
        climb = self.climb_of(u)
        doors = sorted(p.openings.values(),
                       key=lambda o: not (climb and (climb.building, climb.opening) == (p.id, o.id)))
        return next((o for o in doors if sid in o.sections and self.entry_problem(u, p, o, sid) is None), None)

    def entry_text(self, u: Unit, p: Blueprint, o: Opening, sid: str) -> str:
        step = self.climb_step_of(u, p, o, sid)
        if step is None:
            return f"{u.name} goes into {self.section_name(p, sid)} by the {o.kind} {o.id}"
        done, need = step
        return (f"{u.name} climbs towards {self.section_name(p, sid)} by the {o.kind} {o.id} ({done:.1f}\" of "
                f"{need:.1f}\")")

    def climb_of(self, u: Unit) -> Climb | None:
        """The unit's walk to another room under way, while its soldiers stand where its last step left
        them (any other move ends it) and, under ``climb_progress = "activation"``, begun this turn."""
        climb = self.climbs.get(u.id)
        if climb is None or any(climb.spots.get(m.id) != m.pos for m in self.members(u)):
            return None
        if self.options.climb_progress == "activation" and climb.turn != self.turn:
            return None
        return climb

    def walk_in(self, u: Unit, p: Blueprint, o: Opening, sid: str) -> tuple[float, float, float]:
        """BON-089: the inches still to go into ``sid`` by ``o`` (to the door, on to the room's middle,
        plus the inches between the floors), the part to the door, and the level change."""
        here = self.unit_where(u)
        rise = abs(p.sections[sid].floor - (p.sections[here[1]].floor if here else 0.0))
        climb = self.climb_of(u)
        if climb is not None and (climb.building, climb.opening, climb.section) == (p.id, o.id, sid):
            return climb.need - climb.done, 0.0, rise
        door = o.outside if here is None else o.at
        first = self.table.distance(self.centre(u), door)
        return first + walk_length([door, p.centre(sid)]) + rise, first, rise

    def climb_step_of(self, u: Unit, p: Blueprint, o: Opening, sid: str) -> tuple[float, float] | None:
        """(inches covered after the next ``enter`` order, the whole walk) when that order does not
        arrive yet (BON-089), else None."""
        if p.sectioned or o.kind == "ladder":
            return None
        left, _, _ = self.walk_in(u, p, o, sid)
        reach = self.reach(u, self.movers(u))
        if left <= reach + 1e-6:
            return None
        climb = self.climb_of(u)
        ongoing = climb is not None and (climb.building, climb.opening, climb.section) == (p.id, o.id, sid)
        done, need = (climb.done, climb.need) if climb is not None and ongoing else (0.0, round(left, 1))
        return round(done + reach, 1), need

    def moves_left(self, u: Unit, movers: list[Soldier]) -> int:
        """BON-016: the movement actions every mover still has this turn."""
        cost = 2 if u.kind == "mg" else 1
        limit = self.options.movement_actions
        return min((min(m.ac, limit - m.move_ac) // cost for m in movers if not m.is_piece), default=0)

    def entry_problem(self, u: Unit, p: Blueprint, o: Opening, sid: str) -> str | None:
        """Why ``u`` cannot go into section ``sid`` through ``o`` now, or None."""
        here = self.unit_where(u)
        members = self.members(u)
        if u.kind == "cavalry" or o.kind == "window" or not members:
            return "only men on foot go in, by a door or a ladder"
        if here is None:
            if o.inner or o.sections[0] != sid:
                return "that opening does not lead in from outside"
        elif here[0] != p.id or not o.inner or set(o.sections) != {here[1], sid} or here[1] == sid:
            return "that door does not join the unit's section to that one"
        works = self.works[p.id]
        if o.kind == "door" and works.doors[o.id] in ("heavy", "locked"):
            return f"the door {o.id} is shut: it must be opened or bashed down first (BON-094, BON-095)"
        known = [m for m in self.occupants((p.id, sid)) if self.seen_by(self.unit_of(m), u.seat)]
        if len(known) + len(members) > self.capacity(p, sid):  # a hidden enemy shows only when met (enter)
            return f"{self.section_name(p, sid)} holds only {self.capacity(p, sid)} (BON-090, BON-099)"
        if any(self.unit_of(m).seat != u.seat for m in known):
            return "the enemy holds that section: fight through the door first (BON-096)"
        opener = works.opened.get(o.id)
        if o.kind == "ladder":  # BON-099: the climb takes a full turn
            if any(m.ac < m.max_ac() or m.move_ac or m.panic for m in members if not m.is_piece):
                return "climbing the ladder takes every soldier's whole turn (BON-099)"
            return None if here is not None or self.reach(u, members) >= self.table.distance(
                self.centre(u), o.outside) else "the ladder is out of reach this move"
        movers = self.movers(u)
        if not movers or any(m not in movers and not m.is_piece and m.id != opener for m in members):
            return "every soldier needs a movement action left (BON-016)"
        reach = self.reach(u, movers)
        out_of_reach = f"{self.section_name(p, sid)} is out of reach this move"
        if p.sectioned:
            need = 0.0 if here else self.table.distance(self.centre(u), o.outside)  # BON-090
            return None if need <= reach + 1e-6 else out_of_reach
        # BON-089: the walk through the door plus the inches between floors, over several actions if need be
        left, to_door, _ = self.walk_in(u, p, o, sid)
        if here is None and to_door > reach + 1e-6:
            return out_of_reach  # from outside, the door is reached in this move (the walls are not crossed)
        if self.options.climb_progress == "activation" and left > reach * self.moves_left(u, movers) + 1e-6:
            return f"{self.section_name(p, sid)} is out of reach this activation (climb_progress house rule)"
        return None

    def reach(self, u: Unit, movers: list[Soldier]) -> float:
        return float(min((math.ceil(m.sp() / 2) if m.prone else m.sp() for m in movers if not m.is_piece),
                         default=0))

    def enter(self, u: Unit, p: Blueprint, o: Opening, sid: str) -> None:
        step = self.climb_step_of(u, p, o, sid)
        if step is not None:
            self.climb(u, p, o, sid, *step)
            return
        self.climbs.pop(u.id, None)
        lurking = {self.unit_of(m).id for m in self.occupants((p.id, sid)) if self.unit_of(m).seat != u.seat}
        if lurking:  # BON-002 house rule: a hidden enemy inside is found at the door, and stops the entry
            for uid in sorted(lurking):
                self.reveal(self.units[uid], f"{u.name} finds it in {self.section_name(p, sid)}")
            for m in self.able(u):
                m.ac, m.move_ac = m.ac - 1, m.move_ac + 1
            self.reveal(u, "it moves")
            self.tell("BON-090", f"{u.name} finds the enemy in {self.section_name(p, sid)} and stops at the "
                      f"{o.kind} {o.id}.", unit=u)
            return
        for m in self.pay_entry(u, p, o):
            self.section_moved[m.id] = self.turn
        self.put_inside(self.members(u), (p.id, sid))
        self.reveal(u, "it moves")
        rule = "BON-099" if o.kind == "ladder" else "BON-090" if p.sectioned else "BON-089"
        how = "climbs the ladder into" if o.kind == "ladder" else "goes into"
        self.tell(rule, f"{u.name} {how} {self.section_name(p, sid)} by the {o.kind} {o.id}.", unit=u)

    def pay_entry(self, u: Unit, p: Blueprint, o: Opening) -> list[Soldier]:
        """Each soldier going by ``o`` pays a movement action (an MG crew 2; the ladder, his whole turn,
        BON-099); one who spent his turn opening the door is carried along (BON-094). Returns the payers."""
        opener = self.works[p.id].opened.get(o.id)
        cost = 2 if u.kind == "mg" else 1
        payers = []
        for m in self.members(u):
            if m.is_piece or (m.id == opener and m.ac < cost):
                continue
            spent = m.ac if o.kind == "ladder" else cost
            m.ac, m.move_ac = m.ac - spent, m.move_ac + spent
            payers.append(m)
        return payers

    def climb(self, u: Unit, p: Blueprint, o: Opening, sid: str, done: float, need: float) -> None:
        """BON-089: one movement action of a walk to another room that does not arrive yet; the inches
        are kept for the next order. A hidden enemy there is met only on arrival (``enter``)."""
        climb = self.climb_of(u)
        if climb is None or (climb.building, climb.opening, climb.section) != (p.id, o.id, sid):
            climb = self.climbs[u.id] = Climb(p.id, o.id, sid, need, 0.0, self.turn)
        self.pay_entry(u, p, o)
        climb.done, climb.turn = done, self.turn
        climb.spots = {m.id: m.pos for m in self.members(u)}
        self.reveal(u, "it moves")
        rise = self.walk_in(u, p, o, sid)[2]
        self.tell("BON-089", f"{u.name} climbs towards {self.section_name(p, sid)} by the {o.kind} {o.id}: "
                  f"{done:.1f}\" of {need:.1f}\" ({rise:g}\" up).", unit=u)

    def climb_view(self, u: Unit) -> dict[str, Any] | None:
        """The unit's walk to another room under way (BON-089), as the seats that see the unit see it."""
        climb = self.climb_of(u)
        return None if climb is None else {"to": f"{climb.building}.{climb.section}", "by": climb.opening,
                                           "done": climb.done, "need": climb.need}

    def exit_spots(self, u: Unit, p: Blueprint, o: Opening) -> list[tuple[float, float]]:
        """Where the unit's models stand after leaving by ``o`` (its formation, facing away from the
        wall), or [] if there is no room or nobody may move."""
        members = self.members(u)
        if o.inner or o.kind == "window" or (o.kind == "door" and self.works[p.id].doors[o.id] in ("heavy", "locked")):
            return []
        if o.kind == "ladder":
            if any(m.ac < m.max_ac() or m.move_ac or m.panic for m in members if not m.is_piece):
                return []
        elif not self.movers(u) or any(m not in self.movers(u) and not m.is_piece for m in members):
            return []
        facing = bearing(o.at, o.outside)
        rows = math.ceil(len(members) / 5)
        away = DOORSTEP + 1.0 + (rows - 1) * 2.5
        d = self.table.distance(o.at, o.outside) or 1.0
        centre = (o.at[0] + (o.outside[0] - o.at[0]) / d * away, o.at[1] + (o.outside[1] - o.at[1]) / d * away)
        ghosts = [copy.copy(m) for m in members]
        place(ghosts, centre, u.formation, facing)
        spots = [g.pos for g in ghosts]
        if any(not self.table.on_table(s) or any(q.shape.covers(Point(s)) for q in self.standing())
               or any(f.impassable and f.contains(s) for f in self.table.features) for s in spots):
            return []
        return spots

    def leave(self, u: Unit, p: Blueprint, o: Opening) -> None:
        spots = self.exit_spots(u, p, o)
        cost = 2 if u.kind == "mg" else 1
        for m, (x, y) in zip(self.members(u), spots, strict=True):
            if not m.is_piece:
                spent = m.ac if o.kind == "ladder" else cost
                m.ac, m.move_ac = m.ac - spent, m.move_ac + spent
            m.x, m.y = x, y
            self.inside.pop(m.id, None)
        u.facing = bearing(o.at, o.outside)
        self.reveal(u, "it moves")
        self.tell("BON-099" if o.kind == "ladder" else "BON-090", f"{u.name} leaves {p.name} by the {o.kind} {o.id}.",
                  unit=u)

    def door_opener(self, u: Unit, p: Blueprint, o: Opening) -> Soldier | None:
        """BON-094: a soldier at the door (or in the room behind it) who has his whole turn left."""
        here = self.unit_where(u)
        near = ([m for m in self.able(u) if self.where(m) and self.where(m)[1] in o.sections]  # type: ignore[index]
                if here and here[0] == p.id else self.at_door(u, o) if not o.inner else [])
        return next((m for m in near if m.ac == m.max_ac() and not m.move_ac), None)

    def open_door(self, u: Unit, p: Blueprint, o: Opening) -> None:
        m = self.door_opener(u, p, o)
        assert m is not None
        m.ac = 0
        self.works[p.id].doors[o.id] = "open"
        self.works[p.id].opened[o.id] = m.id
        self.reveal(u, "it opens a door")
        self.tell("BON-094", f"{m.id} spends his turn getting the door {o.id} of {p.name} open; his squad may "
                  "pass.", unit=u)

    def door_basher(self, u: Unit, p: Blueprint, o: Opening) -> Soldier | None:
        here = self.unit_where(u)
        near = ([m for m in self.able(u) if self.where(m) and self.where(m)[1] in o.sections]  # type: ignore[index]
                if here and here[0] == p.id else self.at_door(u, o) if not o.inner else [])
        return max(near, key=lambda m: (m.cs(), m.ac, m.id), default=None)

    def bash(self, u: Unit, p: Blueprint, o: Opening) -> None:
        """BON-095: a D6 against DS 4 less the soldier's CS (gap), 1 AC an attempt."""
        m = self.door_basher(u, p, o)
        assert m is not None
        m.ac -= 1
        self.reveal(u, "it bashes at a door")
        tn = self.options.door_ds - m.cs()
        roll = self.umpire.roll_total("BON-095", m.id, 1, 6, purpose=f"bashing the door {o.id} (TN {tn}: DS "
                                      f"{self.options.door_ds} less CS {m.cs():+d})", target=tn)
        if roll.passed:
            self.works[p.id].doors[o.id] = "broken"
            self.tell("BON-095", f"{m.id} bashes the door {o.id} of {p.name} down.", unit=u)
        else:
            self.tell("BON-095", f"The door {o.id} of {p.name} holds.", unit=u)

    # -- close combat through an opening (BON-096) -------------------------------------------------
    def door_fight(self, u: Unit, p: Blueprint, o: Opening) -> tuple[list[Soldier], list[Soldier]]:
        """Up to two soldiers a side: ``u``'s at the opening and the enemy's on the other side."""
        if o.kind == "ladder":
            return [], []
        here = self.unit_where(u)
        foes = [m for m in self.men.values() if m.in_play and self.unit_of(m).seat != u.seat and not m.is_piece
                and not self.unit_of(m).concealed and m.panic not in ("flee",)]
        if here and here[0] == p.id and here[1] in o.sections:
            mine = [m for m in self.able(u) if not m.panic][:2]
            if o.inner:
                other = next(s for s in o.sections if s != here[1])
                theirs = [m for m in foes if self.where(m) == (p.id, other)]
            else:
                theirs = [m for m in foes if self.where(m) is None
                          and self.table.ruler(m.pos, m.base, o.outside, 0) <= AT_DOOR]
        elif here is None and not o.inner:
            mine = [m for m in self.at_door(u, o) if not m.panic][:2]
            theirs = [m for m in foes if self.where(m) == (p.id, o.sections[0])]
        else:
            return [], []
        return mine, sorted(theirs, key=lambda m: (self.table.distance(m.pos, o.outside), m.id))[:2]

    def assault(self, u: Unit, p: Blueprint, o: Opening) -> None:
        self.reveal(u, "it fights")
        self.tell("BON-096", f"{u.name} fights through the {o.kind} {o.id} of {p.name}: two a side at most.",
                  unit=u)
        heroes.watch_for_deeds(self, u, lambda: self.fight_through(u, p, o))

    def fight_through(self, u: Unit, p: Blueprint, o: Opening) -> None:
        mine, theirs = self.door_fight(u, p, o)
        hits: list[Hit] = []
        for i, a in enumerate(mine):
            a.ac -= 1
            a.prone = False
            hits += self.strike(a, theirs[i % len(theirs)])
        for i, d in enumerate(theirs):
            if d.panic not in ("freeze", "prone", "take_cover"):
                hits += self.strike(d, mine[i % len(mine)])
        for h in hits:
            vehicles.damage(self, h)
        self.after_losses()

    # -- fire at a building (BON-093) ---------------------------------------------------------
    def batterers(self, u: Unit, p: Blueprint) -> list[Soldier]:
        """Soldiers outside with a firearm, in range of the walls (edge of base) and seeing them."""
        if self.works[p.id].collapsed:
            return []
        out = []
        for m in self.able(u):
            if self.where(m) is not None or not self.can_fire(m) or m.weapon == "lft":
                continue
            if p.distance(m.pos) - m.base > self.weapon_reach(m):
                continue
            wall = p.shape.exterior.interpolate(p.shape.exterior.project(Point(m.pos)))
            aim = (wall.x, wall.y)
            if self.table.line_of_sight(m.pos, aim) and not any(q.blocks(m.pos, aim) for q in self.standing()
                                                                  if q is not p and q.kind == "building"):
                out.append(m)
        return out

    def batter(self, u: Unit, p: Blueprint) -> None:
        """BON-093: TN = the building's CV + range + firer (gap); a hit takes D from its DP; a natural
        12 also goes through the wall into one soldier inside; at 0 DP it falls in on them."""
        works = self.works[p.id]
        self.reveal(u, "it opens fire")
        self.tell("BON-093", f"{u.name} fires at the walls of {p.name} ({works.dp} DP).", unit=u)
        for m in self.batterers(u, p):
            m.ac -= 1
            m.prone = False
            weapon = WEAPONS[m.weapon]
            band = weapon.band(max(p.distance(m.pos) - m.base, 0.0)) or "long"
            tn = p.cv + RANGE_MOD[band] + m.stats.fire_mod
            for _ in range(weapon.shots):
                if works.collapsed:
                    return
                face = self.umpire.roll_total("BON-093", m.id, 1, 12, purpose=f"a {weapon.name} shot at {p.name} "
                                              f"(TN {tn}: CV {p.cv} {RANGE_MOD[band]:+d} {band} range "
                                              f"{m.stats.fire_mod:+d} {m.stats.name} firer)",
                                              judge=_ranged_judge(tn)).total
                if face == CRITICAL_RANGED:
                    inside = sorted(x.id for x in self.occupants_of(p))
                    if inside:
                        victim = self.umpire.choose("BON-093", inside, purpose="whom the shot through the wall hits")
                        self.tell("BON-093", f"The shot goes through the wall and hits {victim}.")
                        vehicles.damage(self, Hit(self.men[victim], False, weapon.damage, m))
                if face == CRITICAL_RANGED or face >= tn:
                    self.wreck(p, weapon.damage, m)
        self.after_losses()

    def wreck(self, p: Blueprint, damage: int, by: Soldier) -> None:
        """Take DP from a building (any weapon's hit on it); at 0 it collapses on those inside."""
        works = self.works[p.id]
        works.dp = max(0, works.dp - damage)
        self.tell("BON-093", f"{p.name} loses {damage} DP ({works.dp} left).", building=p.id, dp=works.dp)
        if works.dp:
            return
        works.collapsed = True
        inside = self.occupants_of(p)
        self.tell("BON-093", f"{p.name} collapses into rubble" + (f" on {', '.join(m.id for m in inside)}"
                                                                   if inside else "") + ".", building=p.id)
        for m in inside:
            self.inside.pop(m.id, None)
            vehicles.damage(self, Hit(m, False, 1, by))

    def buildings_view(self) -> list[dict[str, Any]]:
        """The buildings as every seat sees them: walls, rooms, openings and their doors, DP."""
        return [{"id": p.id, "name": p.name, "kind": p.kind, "material": p.material, "cv": p.cv,
                 "sectioned": p.sectioned, "outline": [list(q) for q in p.outline], "dp": self.works[p.id].dp,
                 "collapsed": self.works[p.id].collapsed,
                 "sections": [{"id": s.id, "name": s.name, "floor": s.floor, "capacity": self.capacity(p, s.id),
                               "outline": [list(q) for q in s.outline]} for s in p.sections.values()],
                 "openings": [{"id": o.id, "kind": o.kind, "at": list(o.at), "sections": list(o.sections),
                               "door": self.works[p.id].doors[o.id]} for o in p.openings.values()]}
                for p in self.houses.values()]


def building_action_ids(state: Buildings, u: Unit) -> list[str]:
    """The fixed numbering's building orders of one unit (encoding.py)."""
    ids: list[str] = []
    for p in state.houses.values():
        ids += [f"enter:{u.id}:{p.id}.{s}" for s in p.sections]
        ids += [f"{verb}:{u.id}:{p.id}.{o}" for verb in ("leave", "open", "bash", "assault") for o in p.openings]
        ids.append(f"batter:{u.id}:{p.id}")
    return ids
