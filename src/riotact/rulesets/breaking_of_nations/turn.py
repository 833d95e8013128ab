"""The protocol and the sequence of play: initiative (BON-004), alternating unit activation (BON-006),
the turn (BON-007: Actions, then Glory Tests), actions (BON-008, BON-013), and the end (BON-003).

A seat picks one of its units (``activate:A``); the unit's Orders step runs (glory tests, BON-037;
MG ammunition, BON-076; panic reactions, BON-039), then the seat gives it orders, each paid in AC by
every soldier who takes part, until ``end:A``. Moves are continuous: ``move:A:12.5,8.0`` takes the
unit's centre to any reachable point, and the menu offers a finite set of such points.
"""

from __future__ import annotations

import math
from typing import Any

from shapely.geometry import Point
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points

from riotact.core.log import Visibility
from riotact.core.protocol import Action, Result
from riotact.core.scenario import Scenario
from riotact.core.umpire import Umpire
from riotact.core.umpiring import Power
from riotact.core.words import counted, possessive
from riotact.tabletop import bearing, in_arc

from . import umpiring
from .armies import force_note
from .board import MOVE_ORDER, Board
from .options import Options
from .rules import artillery, bombardment, buildings, combat, glory, heroes, vehicles, wire
from .rules.artillery import GUN_VERBS
from .rules.buildings import BUILDING_VERBS
from .rules.glory import PANIC_GL
from .state import Soldier, Unit, place
from .tables import GAIT_MINIMUM, GAITS, TERRAIN, TURN_COST, WEAPONS, gait_limit, ride_reach, terrain_speed
from .view import scenario_for, seat_view

FORMATIONS = ("open", "closed", "mass", "square")
TAKE_COVER_RANGE = 9.0  # BON-039
COVER_INSET = 0.2  # inches inside the edge of cover a soldier taking cover runs to (BON-039)


def _just_inside(shape: BaseGeometry, p: tuple[float, float]) -> tuple[float, float]:
    """The point of ``shape`` nearest ``p``, a little inside its edge (so a step rounded to the 0.1"
    grid still ends in it); a sliver too thin for that gives its representative point."""
    inner = shape.buffer(-COVER_INSET)
    target = inner if not inner.is_empty else shape.representative_point()
    q = nearest_points(target, Point(p))[0]
    return (q.x, q.y)


def _xy(text: str) -> tuple[float, float] | None:
    try:
        x, y = (float(v) for v in text.split(","))
    except ValueError:
        return None
    return (x, y) if math.isfinite(x) and math.isfinite(y) else None


class BreakingOfNations(Board):
    def __init__(self, scenario: Scenario, options: Options, umpire: Umpire) -> None:
        super().__init__(scenario, options, umpire)
        for card in self.setup.units:  # BON-090: units that start inside a building's section
            if card.inside:
                bid, _, sid = card.inside.partition(".")
                buildings.put_inside(self, self.members(self.units[card.id]), (bid, sid))
        self.turns = options.turns or self.setup.turns
        self.active = ""
        self.current = ""
        self.pointer = 0
        umpire.turn = 1
        for seat in self.seats:  # BON-005: each player is told how his force compares with the guideline
            self.umpire.effect("BON-005", f"The force of {seat}: " + force_note(
                [u.model_dump() for u in self.setup.units if u.seat == seat], self.options.platoon_squads),
                visible_to=[seat])
        self.order = self.roll_initiative()
        bombardment.bombard(self)  # BON-002: after set-up, before the first turn (BON-071)
        self.start_turn()
        self.advance()

    # -- set-up and sequence ---------------------------------------------------------
    def roll_initiative(self) -> list[str]:
        """BON-004: each player rolls a D6; the highest starts last (gap: ties roll again)."""
        rolls: dict[str, tuple[int, ...]] = {}
        group = list(self.seats)
        while group:
            faces = {s: self.umpire.roll_total("BON-004", s, 1, 6, purpose="initiative").total for s in group}
            for s, f in faces.items():
                rolls[s] = (*rolls.get(s, ()), f)
            counts: dict[tuple[int, ...], int] = {}
            for s in self.seats:
                counts[rolls[s]] = counts.get(rolls[s], 0) + 1
            group = [s for s in self.seats if counts[rolls[s]] > 1]
            if self.options.initiative_ties == "seat_order":
                break
        order = sorted(self.seats, key=lambda s: (rolls[s], self.seats.index(s)))
        self.tell("BON-004", f"Activation order (lowest roll first, BON-004): {', '.join(order)}.", order=order)
        return order

    def start_turn(self) -> None:
        """BON-007: the Actions phase; every soldier's AC is refreshed (BON-008; unused AC is lost, BON-013)."""
        self.umpire.turn = self.turn
        self.charged.clear()
        buildings.clear_openings(self)  # BON-091
        for m in self.men.values():
            m.ac, m.move_ac = m.max_ac(), 0
        for u in self.units.values():
            u.activated, u.salvos, u.charging = not self.members(u), 0, False
            u.last_gait, u.gait = u.gait, "walk"  # BON-082 gap: standing still counts as walking
        self.pointer = 0
        self.tell("BON-007", f"Turn {self.turn} of {self.turns}: the Actions phase.")

    def advance(self) -> None:
        """BON-006: seats activate one unit each in initiative order; a seat with none left is skipped."""
        while self.result is None and not self.active:
            n = len(self.order)
            for k in range(n):
                seat = self.order[(self.pointer + k) % n]
                if any(self.may_activate(u) for u in self.units.values() if u.seat == seat):
                    self.current = seat
                    self.pointer = (self.pointer + k + 1) % n
                    return
            self.end_turn()

    def may_activate(self, u: Unit) -> bool:
        """BON-006: a unit not yet activated this turn, with men left on the table (one wiped out since
        the turn began has nobody to act, to test its glory or to give odds for)."""
        return not u.activated and bool(self.members(u))

    def end_turn(self) -> None:
        """BON-007: the Glory Tests phase (panic recovery, BON-040), then the next turn or the end."""
        self.current = ""
        self.tell("BON-007", f"Turn {self.turn}: the Glory Tests phase.")
        glory.recovery_phase(self)
        if self.turn >= self.turns:
            self.finish(f"after {self.turns} turns")
            return
        self.turn += 1
        self.start_turn()

    # -- whose decision -------------------------------------------------------------------
    def to_act(self) -> tuple[str, ...]:
        return (self.current,) if self.current and self.result is None else ()

    def legal_actions(self, seat: str) -> list[Action]:
        if seat not in self.to_act():
            return []
        if not self.active:
            return [Action(f"activate:{u.id}", f"activate {u.name}") for u in self.units.values()
                    if u.seat == seat and self.may_activate(u)]
        return self.unit_actions(self.units[self.active])

    def decision_visibility(self, seat: str, action: Action) -> Visibility:
        uid = action.id.split(":")[1] if ":" in action.id else ""
        u = self.units.get(uid)
        if u is not None and u.concealed and action.id.split(":")[0] in ("activate", "end", "formation",
                                                                          "prone", "rise", "rally", "rotate"):
            return [u.seat]  # BON-002 house rule: what a hidden unit does unseen stays with its owner
        if u is not None and action.id.startswith("plan:"):
            return [u.seat]  # BON-077 gap: the mortar's plan is secret until it fires
        return "all"

    def apply(self, seat: str, action: Action) -> None:
        verb, _, rest = action.id.partition(":")
        uid, _, arg = rest.partition(":")
        u = self.units[uid]
        if verb == "activate":
            self.begin(u)
        elif verb == "end":
            self.tell("BON-006", f"{u.name} ends its activation.", unit=u)
            self.finish_activation()
        elif verb == "move":
            self.move_unit(u, _xy(arg) or (0.0, 0.0), "BON-015")
        elif verb == "fallback":
            glory.steady(self, u, "BON-042", "orders a fallback for")
            self.move_unit(u, self.away_point(u), "BON-042")
        elif verb == "rally":
            glory.steady(self, u, "BON-041", "rallies")
        elif verb == "formation":
            self.change_formation(u, arg)
        elif verb in ("prone", "rise"):
            for m in self.able(u):
                if m.prone != (verb == "prone") and (verb == "prone" or self.may_rise(m)):
                    m.ac, m.prone = m.ac - 1, verb == "prone"
            self.tell("BON-023", f"{u.name} {'goes prone' if verb == 'prone' else 'gets up'}.", unit=u)
        elif verb == "fire":
            self.fire(u, self.units[arg])
        elif verb == "rotate":
            artillery.rotate(self, u, float(arg))
        elif verb == "throw":
            combat.throw(self, self.grenadier(u), _xy(arg) or (0.0, 0.0))
        elif verb == "charge":
            self.charge(u, self.units[arg])
        elif verb == "fight":
            self.reveal(u, "it fights")
            heroes.melee(self, u)
        elif verb == "cut":
            wire.cut_wire(self, u, arg)  # BON-102 (wire.py)
        elif verb in BUILDING_VERBS:
            buildings.building_order(self, u, verb, arg)
        elif verb in GUN_VERBS:
            artillery.gun_order(self, u, verb, arg)
        self.spot()
        self.check_victory()
        if self.result is None and self.active and not self.unit_actions(self.units[self.active])[1:]:
            self.finish_activation()
        if self.result is None:
            self.advance()

    def umpire_powers(self) -> tuple[Power, ...]:
        return umpiring.umpire_powers(self)  # a person in the umpire's chair moves or removes a unit

    def parse_action(self, seat: str, action_id: str) -> Action | None:
        """A move or a grenade's aiming point anywhere on the table, not only the menu's points."""
        if seat not in self.to_act() or not self.active:
            return None
        verb, _, rest = action_id.partition(":")
        uid, _, where = rest.partition(":")
        p = _xy(where)
        if uid == self.active and verb in GUN_VERBS:
            return artillery.gun_parse(self, self.units[uid], verb, where)
        if uid == self.active and verb == "rotate":
            return artillery.rotation_parse(self, self.units[uid], where)  # BON-066: any bearing
        if uid != self.active or p is None:
            return None
        u = self.units[uid]
        if verb == "move" and self.move_problem(u, p) is None:
            return Action(action_id, f"{u.name} moves to ({p[0]:.1f}, {p[1]:.1f})")
        g = self.grenadier(u)
        if verb == "throw" and g is not None and self.table.ruler(g.pos, g.base, p, 0) <= WEAPONS["grenades"].reach:
            return Action(action_id, f"{g.id} throws a grenade at ({p[0]:.1f}, {p[1]:.1f})")
        return None

    def why_illegal(self, seat: str, action_id: str) -> str:
        if seat not in self.to_act():
            return "it is not your decision now"
        verb, _, rest = action_id.partition(":")
        uid, _, where = rest.partition(":")
        if self.active and uid == self.active and verb in ("lob", "plan") and self.units[uid].kind == "gun":
            return artillery.gun_refusal(self, self.units[uid], where)
        if self.active and uid == self.active and verb == "rotate":
            return artillery.rotation_refusal(self, self.units[uid], where)
        if self.active and uid == self.active and verb == "move" and (p := _xy(where)):
            return self.move_problem(self.units[uid], p) or "that is not one of the legal actions now"
        return "that is not one of the legal actions now"

    def view(self, seat: str) -> dict[str, Any]:
        return seat_view(self, seat)

    def scenario_data_for(self, seat: str) -> dict[str, Any]:
        return scenario_for(self, seat)

    # -- activation ------------------------------------------------------------------------
    def begin(self, u: Unit) -> None:
        """BON-006 / BON-014: the unit's Orders step opens its activation."""
        self.active, u.activated = u.id, True
        self.tell("BON-006", f"{u.seat} activates {u.name}.", unit=u, unit_id=u.id)
        for m in self.members(u):
            if m.stunned_turn == self.turn:
                m.ac = 0  # BON-112: stunned, no actions in this activation
        artillery.ammo_check(self, u)
        glory.glory_tests(self, u)
        for m in self.members(u):
            if m.panic and m.in_play:
                self.react(m)

    def finish_activation(self) -> None:
        if self.active:
            self.units[self.active].charging = False
        self.active = ""

    def able(self, u: Unit) -> list[Soldier]:
        return [m for m in self.members(u) if not m.panic and m.ac >= 1 and not m.is_piece
                and m.stunned_turn != self.turn]

    def may_rise(self, m: Soldier) -> bool:
        """BON-023: not if suppressed (pinned last turn, gap); never with a heavy leg or groin wound."""
        return self.unit_of(m).pinned_turn != self.turn - 1 and not {"leg_heavy", "groin"} & set(m.injuries)

    def unit_actions(self, u: Unit) -> list[Action]:
        out = [Action(f"end:{u.id}", f"end {possessive(u.name)} activation")]
        able = self.able(u)
        if not able:
            return out
        foes = [e for e in self.enemy_units(u.seat) if not e.concealed]
        if u.kind in ("mg", "gun"):
            out += self.mg_actions(u, foes) if u.kind == "mg" else artillery.gun_actions(self, u, foes)
            out += self.move_menu(u, foes)
            return out
        for e in foes:
            if any(buildings.can_fire(self, m) and buildings.targets_for(self, m, e) for m in able):
                out.append(Action(f"fire:{u.id}:{e.id}", f"{u.name} fires at {e.name}"))
        g = self.grenadier(u)
        if g is not None:
            for e in foes:
                near = [t for t in self.members(e) if self.gap(g, t) <= WEAPONS["grenades"].reach]
                if near:
                    t = min(near, key=lambda t: (self.gap(g, t), t.id))
                    out.append(Action(f"throw:{u.id}:{t.x:.1f},{t.y:.1f}",
                                      f"{g.id} throws a grenade at {e.name}"))
        if u.kind == "vehicle":  # BON-012 gap: a vehicle fires and moves
            return out + self.move_menu(u, foes)
        if any(buildings.fighters(self, m) for m in able):
            out.append(Action(f"fight:{u.id}", f"{u.name} fights in close combat"))
        movers = self.movers(u)
        if movers and all(not m.prone for m in movers):
            for e in foes:
                if self.charge_reaches(movers, e):
                    out.append(Action(f"charge:{u.id}:{e.id}", f"{u.name} charges {e.name}"))
        out += self.move_menu(u, foes) + wire.wire_actions(self, u)
        if glory.can_steady(self, u):
            out.append(Action(f"rally:{u.id}", f"the officer rallies {u.name} (GL -2)"))
            if foes and movers:
                p = self.away_point(u)
                if self.move_problem(u, p) is None:
                    out.append(Action(f"fallback:{u.id}", f"the officer orders {u.name} to fall back"))
        if u.kind in ("squad", "cavalry") and not buildings.unit_where(self, u):  # a room has no formation (BON-090)
            for f in FORMATIONS:
                if f != u.formation and not (f == "square" and u.kind == "cavalry"):  # BON-022
                    out.append(Action(f"formation:{u.id}:{f}", f"{u.name} forms {f} formation"))
        if any(not m.prone for m in able):
            out.append(Action(f"prone:{u.id}", f"{u.name} goes prone"))
        if any(m.prone and self.may_rise(m) for m in able):
            out.append(Action(f"rise:{u.id}", f"{u.name} gets up"))
        return out + buildings.building_actions(self, u)

    # -- moving -----------------------------------------------------------------------------
    def movers(self, u: Unit) -> list[Soldier]:
        """BON-016: soldiers with AC for a movement action and under the movement limit; a gun moves
        only with two crewmen paying double (BON-066)."""
        cost = 2 if u.kind in ("mg", "gun") else 1
        limit = 1 if u.kind == "cavalry" else self.options.movement_actions  # BON-079: one gait move
        ms = [m for m in self.able(u) if m.ac >= cost and m.move_ac + cost <= limit]
        if u.kind in ("mg", "gun"):
            return artillery.piece_movers(self, u, ms)
        return [m for m in ms if m.id not in self.broken_down]  # BON-109 (vehicles.py)

    def move_problem(self, u: Unit, dest: tuple[float, float]) -> str | None:
        if (indoors := buildings.indoors_problem(self, u, dest)) is not None:
            return indoors  # BON-090
        movers = self.movers(u)
        if not movers:
            return f"{u.name} has nobody able to move (BON-016)"
        c = self.centre(u)
        vx, vy = dest[0] - c[0], dest[1] - c[1]
        if math.hypot(vx, vy) < 0.05:
            return "that is where the unit stands"
        if u.kind == "cavalry":
            gait, why = self.ride_gait(u, c, dest)
            if gait is None:
                return why
            return next((p for m in movers if (p := self.table.path_problem(m.pos, (m.x + vx, m.y + vy)))), None)
        for m in self.carried(u, movers):
            problem = buildings.path_problem(self, m if not m.is_piece else movers[0], m.pos, (m.x + vx, m.y + vy))
            if problem:
                return problem
        return None

    def carried(self, u: Unit, movers: list[Soldier]) -> list[Soldier]:
        return movers + [m for m in self.members(u) if m.is_piece]

    def move_unit(self, u: Unit, dest: tuple[float, float], rule: str) -> None:
        """BON-015: every mover goes the same way (the formation keeps its shape), 1 AC each (2 for a
        gun's crew, BON-066); the unit faces the way it moved."""
        movers = self.movers(u)
        cost = 2 if u.kind in ("mg", "gun") else 1
        c = self.centre(u)
        vx, vy = dest[0] - c[0], dest[1] - c[1]
        for m in self.carried(u, movers):
            m.x, m.y = round(m.x + vx, 2), round(m.y + vy, 2)
            if not m.is_piece:
                m.ac -= cost
                m.move_ac += cost
        u.facing = bearing(c, dest)
        self.reveal(u, "it moves")
        if u.kind == "cavalry":
            u.gait = self.ride_gait(u, c, dest)[0] or "walk"
            self.tell("BON-079", f"{u.name} goes at a {u.gait}.", unit=u)
            self.cavalry_fright(u)
        elif u.kind == "vehicle":
            vehicles.vehicle_moved(self, u, c, dest)  # BON-109, BON-036 (vehicles.py)
        self.tell(rule, f"{u.name} moves {math.hypot(vx, vy):.1f}\" to ({dest[0]:.1f}, {dest[1]:.1f}).", unit=u)

    def move_menu(self, u: Unit, foes: list[Unit]) -> list[Action]:
        """A finite menu of continuous moves: towards the nearest enemy, away, to objectives, to cover."""
        movers = self.movers(u)
        if not movers:
            return []
        c = self.centre(u)
        reach = self.ride_reach(u) if u.kind == "cavalry" else min(
            m.sp() if not m.prone else math.ceil(m.sp() / 2) for m in movers)
        goals: list[tuple[str, tuple[float, float]]] = []
        if foes:
            near = min(foes, key=lambda e: (self.table.distance(c, self.centre(e)), e.id))
            goals.append((f"advances towards {near.name}", self.centre(near)))
            goals.append(("withdraws", self.away_point(u)))
        for o in self.setup.objectives:
            goals.append((f"moves towards {self.table.by_id[o.feature].name}", self.table.by_id[o.feature].centre))
        out = []
        for text, goal in goals:
            for frac in (1.0, 2 / 3, 1 / 3):
                p = self.toward(c, goal, max(reach * frac, 0.5))
                if self.move_problem(u, p) is None:
                    out.append(Action(f"move:{u.id}:{p[0]:.1f},{p[1]:.1f}", f"{u.name} {text} to "
                                      f"({p[0]:.1f}, {p[1]:.1f})"))
                    break
        out += buildings.door_moves(self, u)  # BON-090
        return list({a.id: a for a in out}.values())

    def away_point(self, u: Unit) -> tuple[float, float]:
        """BON-042: straight away from the nearest enemy, one movement action."""
        c = self.centre(u)
        foes = [e for e in self.enemy_units(u.seat) if not e.concealed]
        movers = self.movers(u) or self.members(u)
        reach = min((m.sp() for m in movers if not m.is_piece), default=1)
        if not foes:
            return c
        e = self.centre(min(foes, key=lambda e: (self.table.distance(c, self.centre(e)), e.id)))
        d = self.table.distance(c, e) or 1.0
        return self.table.clamp((round(c[0] + (c[0] - e[0]) / d * reach, 1),
                                 round(c[1] + (c[1] - e[1]) / d * reach, 1)))

    def change_formation(self, u: Unit, formation: str) -> None:
        """BON-018: each soldier pays 1 AC; the models are laid out again (BON-019..022)."""
        for m in self.able(u):
            m.ac -= 1
        u.formation = formation
        place(self.members(u), self.centre(u), formation, u.facing)
        self.tell("BON-018", f"{u.name} forms {formation} formation.", unit=u)

    # -- cavalry ------------------------------------------------------------------------------
    def gait_limit(self, u: Unit, gait: str) -> float | None:
        """BON-079..084: a gait's distance for ``u`` this turn (``tables.gait_limit``)."""
        return gait_limit(u.last_gait, self.members(u)[0].armour if self.members(u) else "minimal", gait)

    def ride_reach(self, u: Unit) -> float:
        return ride_reach(u.last_gait, self.members(u)[0].armour if self.members(u) else "minimal")

    def ride_gait(self, u: Unit, a: tuple[float, float], b: tuple[float, float]) -> tuple[str | None, str]:
        """The lowest gait that covers the move with its turn (BON-081: 1" per 90 degrees at a canter,
        2" at a gallop) and respects its minimum (BON-080), on the slowest terrain crossed (BON-109)."""
        d = self.table.distance(a, b)
        turn = abs((bearing(a, b) - u.facing + 180) % 360 - 180)
        slowest = max((TERRAIN[k].move for k in self.ground(a, b)), key=lambda mv: MOVE_ORDER[mv], default="flat")
        if slowest == "impassable":
            return None, "mounts cannot cross that ground (BON-103)"
        for g in GAITS:
            limit = self.gait_limit(u, g)
            if limit is None or d < GAIT_MINIMUM[g]:
                continue
            if d + TURN_COST[g] * turn / 90 <= terrain_speed(limit, slowest) + 1e-6:
                return g, ""
        return None, (f"{u.name} cannot ride {d:.1f}\" that way this turn (last turn at a {u.last_gait}; "
                      "BON-079..084)")

    def cavalry_fright(self, u: Unit) -> None:
        """BON-036: cavalry at a canter or gallop heading straight for a unit (in its 90 degrees ahead,
        within a gallop) is a glory trigger for it."""
        if u.gait == "walk":
            return
        c = self.centre(u)
        for e in self.enemy_units(u.seat):
            ahead = self.centre(e)
            if in_arc(u.facing, 90.0, c, ahead) and self.table.distance(c, ahead) <= 2 * GAITS["gallop"]:
                glory.trigger(self, e, "cavalry")

    # -- charging ---------------------------------------------------------------------------
    def charge_allowance(self, m: Soldier) -> float:
        """BON-017: double SP on foot; a mount charges at the best gait it may reach (BON-079, BON-082)."""
        u = self.unit_of(m)
        if u.kind == "cavalry":
            return self.ride_reach(u)
        return buildings.step_allowance(self, m, m.pos, m.pos, charging=True)

    def charge_reaches(self, movers: list[Soldier], e: Unit) -> bool:
        """Whether some mover reaches the enemy model he would charge (the nearest, as ``charge`` picks
        it) by a path a charge may take: what is offered is what the charge then does."""
        for m in movers:
            t = min(self.members(e), key=lambda t: (self.gap(m, t), t.id))
            if (self.gap(m, t) <= self.charge_allowance(m)
                    and buildings.path_problem(self, m, m.pos, self.contact_point(m, t), charging=True) is None):
                return True
        return False

    def charge(self, u: Unit, e: Unit) -> None:
        """BON-017: double SP in a straight line to the nearest model of the target, no turning, not
        across dangerous terrain; a glory trigger for the chargers (BON-036) and for a target struck in
        the flank or rear; close combat follows (BON-032)."""
        u.charging = True
        self.reveal(u, "it charges")
        flank = False
        longest = 0.0
        movers = self.movers(u)
        for m in movers:
            t = min(self.members(e), key=lambda t: (self.gap(m, t), t.id))
            flank = flank or not in_arc(e.facing, 90.0, t.pos, m.pos)
            dest = self.contact_point(m, t)
            allowed = (self.charge_allowance(m) if u.kind == "cavalry"
                       else buildings.step_allowance(self, m, m.pos, t.pos, charging=True))
            if self.table.distance(m.pos, dest) > allowed:
                dest = self.toward(m.pos, dest, allowed)
            longest = max(longest, self.table.distance(m.pos, dest))
            if buildings.path_problem(self, m, m.pos, dest, charging=True) is None:
                m.x, m.y = dest
                m.ac -= 1
                m.move_ac += 1
                self.charged.add(m.id)
        if not self.charged & {m.id for m in movers}:  # nobody got going: the order is spent all the same
            for m in movers:
                m.ac, m.move_ac = m.ac - 1, m.move_ac + 1
        u.facing = bearing(self.centre(u), self.centre(e))
        self.tell("BON-017", f"{u.name} charges {e.name}.", unit=u)
        if u.kind == "cavalry":
            u.gait = next(g for g in GAITS if GAITS[g] >= longest or g == "gallop")
            if u.gait != "walk":
                glory.trigger(self, e, "cavalry")
        glory.trigger(self, u, "charge")
        if flank:
            glory.trigger(self, e, "flank")
        heroes.melee(self, u)

    # -- firing -------------------------------------------------------------------------------
    def fire(self, u: Unit, e: Unit) -> None:
        if u.kind == "mg":
            combat.salvo(self, u, e)
            return
        self.reveal(u, "it opens fire")
        firers = [m for m in self.able(u) if buildings.can_fire(self, m) and buildings.targets_for(self, m, e)]
        flames = [m for m in firers if m.weapon == "lft"]
        firers = [m for m in firers if m.weapon != "lft"]
        lmg = any(m.weapon == "lmg" for m in firers)
        self.tell("BON-025", f"{u.name} fires at {e.name} ({counted(len(firers) + len(flames), 'firer')}).")
        for m in flames:
            targets = buildings.targets_for(self, m, e)
            if targets:
                combat.stream(self, m, min(targets, key=lambda t: (self.gap(m, t), t.id)))
        if firers:
            combat.volley(self, buildings.shots(self, firers, e), e, "BON-025")
        combat.pin(self, e, lmg)  # BON-064: an LMG pins

    def grenadier(self, u: Unit) -> Soldier:
        """BON-053: a grenadier (or a hero listed with grenades) throws while he has AC; no count kept."""
        return next((m for m in self.able(u) if m.role == "grenadier" or (m.is_hero and m.weapon == "grenades")),
                    None)  # type: ignore[return-value]

    def mg_actions(self, u: Unit, foes: list[Unit]) -> list[Action]:
        out: list[Action] = []
        crew = combat.mg_crew(self, u)
        pieces = [m for m in self.members(u) if m.is_piece]
        if not pieces or not crew:
            return out  # BON-065 gap: no crew, no firing
        if u.salvos < 3 and not u.ammo_out and any(m.ac >= 1 for m in crew):
            for e in foes:
                if combat.mg_targets(self, u, e):
                    out.append(Action(f"fire:{u.id}:{e.id}", f"{u.name} fires a salvo at {e.name} "
                                      f"({u.salvos + 1} of 3)"))
        return out + artillery.rotation_actions(self, u, foes)  # BON-066 (artillery.py)

    # -- panic reactions ---------------------------------------------------------------------------
    def react(self, m: Soldier) -> None:
        """BON-039: a panicking soldier acts out his reaction at the start of his unit's activation."""
        u = self.unit_of(m)
        r = m.panic
        if r == "freeze":
            self.tell("BON-039", f"{m.id} is frozen with fear.", unit=u)
        elif r == "prone":
            m.prone = True
            self.tell("BON-039", f"{m.id} lies flat.", unit=u)
        elif r == "flee":
            self.flee(m)
        elif r == "take_cover":
            self.take_cover(m)
        elif r == "berserk":
            self.berserk(m)
        elif r == "onwards":
            self.onwards(m)

    def walk(self, m: Soldier, goal: tuple[float, float], actions: int, rule: str, why: str) -> None:
        for _ in range(actions):
            if (m.ac < 1 or m.move_ac >= self.options.movement_actions
                    or self.table.distance(m.pos, goal) < 0.05):
                break
            p = self.toward(m.pos, goal, buildings.step_allowance(self, m, m.pos, goal))
            if buildings.path_problem(self, m, m.pos, p) is not None:
                break
            m.x, m.y = p
            m.ac, m.move_ac = m.ac - 1, m.move_ac + 1
        self.tell(rule, f"{m.id} {why}, to ({m.x:.1f}, {m.y:.1f}).", unit=self.unit_of(m))

    def flee(self, m: Soldier) -> None:
        """BON-039 gap: full movement by the shortest way to his deployment area, and he stays there."""
        edge = self.edges[self.unit_of(m).seat]
        goal = {"south": (m.x, 0.0), "north": (m.x, self.table.depth), "west": (0.0, m.y),
                "east": (self.table.width, m.y)}[edge]
        self.walk(m, goal, self.options.movement_actions, "BON-039", "flees towards his own lines")

    def take_cover(self, m: Soldier) -> None:
        """BON-039: into the nearest cover within 9" that no enemy holds, measured from his base to the
        cover's nearest edge (BON-001), not to its middle: he runs to just inside that edge; with none,
        he goes prone (gap)."""
        best: tuple[float, tuple[float, float], str] | None = None
        seat = self.unit_of(m).seat
        for f in self.table.features:
            kind = TERRAIN[str(f.tags["kind"])]
            if not (kind.cv and kind.area and not f.impassable and not f.contains(m.pos)):
                continue
            if any(f.contains(e.pos) for e in self.men.values()
                   if e.in_play and self.unit_of(e).seat != seat and not self.unit_of(e).concealed):
                continue  # held by the opponent, as far as his side knows (a hidden enemy is not, BON-002)
            d = max(0.0, f.shape.distance(Point(m.pos)) - m.base)
            if d <= TAKE_COVER_RANGE and (best is None or d < best[0]):
                best = (d, _just_inside(f.shape, m.pos), f.name)
        if any(f.contains(m.pos) and f.cover for f in self.table.features):
            self.tell("BON-039", f"{m.id} stays in cover.", unit=self.unit_of(m))
        elif best is None:
            m.prone = True
            self.tell("BON-039", f"{m.id} finds no cover within 9\" and lies flat.", unit=self.unit_of(m))
        else:
            self.walk(m, best[1], self.options.movement_actions, "BON-039", f"runs for {best[2]}")

    def berserk(self, m: Soldier) -> None:
        """BON-039 gap: fires at the nearest visible model of either side, moving only to get in range."""
        others = [t for t in self.men.values() if t.in_play and t.unit != m.unit and not t.prone
                  and buildings.sees(self, m, t) and not self.unit_of(t).concealed]
        if not others or m.weapon in ("grenades", "lft", "cc_weapon", "mg"):
            self.tell("BON-039", f"{m.id} rages with nothing to shoot at.", unit=self.unit_of(m))
            return
        t = min(others, key=lambda t: (self.gap(m, t), t.id))
        if self.gap(m, t) > self.weapon_reach(m):
            self.walk(m, t.pos, 1, "BON-039", f"goes berserk and runs at {t.id}")
        while m.ac >= 1 and t.in_play and self.gap(m, t) <= self.weapon_reach(m):
            m.ac -= 1
            m.prone = False
            self.tell("BON-039", f"{m.id} goes berserk and fires at {t.id}.", unit=self.unit_of(m))
            combat.volley(self, [(m, t)], self.unit_of(t), "BON-039")

    def onwards(self, m: Soldier) -> None:
        """BON-039 gap: charges the nearest enemy within charge distance, or moves towards him."""
        foes = [t for t in self.men.values() if t.in_play and self.unit_of(t).seat != self.unit_of(m).seat
                and not self.unit_of(t).concealed]
        if not foes or m.ac < 1:
            return
        t = min(foes, key=lambda t: (self.gap(m, t), t.id))
        dest = self.contact_point(m, t)
        if (self.table.distance(m.pos, dest) <= buildings.step_allowance(self, m, m.pos, t.pos, charging=True)
                and buildings.path_problem(self, m, m.pos, dest, charging=True) is None):
            m.x, m.y = dest
            m.ac, m.move_ac, m.prone = m.ac - 1, m.move_ac + 1, False
            self.tell("BON-039", f"{m.id} charges {t.id} in a suicidal rush.", unit=self.unit_of(m))
            if m.ac >= 1:
                m.ac -= 1
                for h in combat.strike(self, m, t):
                    vehicles.damage(self, h)
                combat.after_losses(self)
        else:
            self.walk(m, t.pos, 1, "BON-039", f"rushes on towards {t.id}")

    # -- hidden deployment, victory ------------------------------------------------------------------
    def plant_sentinels(self) -> None:
        for u in self.units.values():
            if u.concealed:
                u.name += f" [SENTINEL-{u.id}]"

    def hidden_tokens(self, seat: str) -> set[str]:
        return {f"SENTINEL-{u.id}" for u in self.units.values() if u.concealed and u.seat != seat}

    def spot(self) -> None:
        """BON-002 house rule: a hidden unit is spotted by an enemy model within range with a clear line."""
        rng = self.options.spotting_range
        for u in self.units.values():
            if u.concealed and any(self.gap(e, m) <= rng and buildings.sees(self, e, m) for m in self.members(u)
                                   for e in self.men.values() if e.in_play and self.unit_of(e).seat != u.seat):
                self.reveal(u, "the enemy spots it")

    def steady_models(self, seat: str) -> int:
        return sum(1 for u in self.units.values() if u.seat == seat for m in self.members(u)
                   if m.panic not in ("flee",) and not (m.panic and u.gl >= PANIC_GL))

    def check_victory(self) -> None:
        """BON-003 gap: a side wins at once when every enemy unit is gone, fleeing or panicking."""
        standing = [s for s in self.seats if self.steady_models(s)]
        if len(standing) == 1 and len(self.seats) > 1:
            self.finish("every enemy unit is removed, fleeing or panicking", standing)

    def finish(self, reason: str, winners: list[str] | None = None) -> None:
        """BON-003: the scenario's objectives, else the side with more models not fleeing wins."""
        scores: dict[str, float] = {}
        for s in self.seats:
            scores[s] = float(sum(1 for u in self.units.values() if u.seat == s for m in self.members(u)
                                  if m.panic != "flee"))
        held: dict[str, list[str]] = {}
        for o in self.setup.objectives:
            f = self.table.by_id[o.feature]
            inside = {self.unit_of(m).seat for m in self.men.values() if m.in_play and f.contains(m.pos)}
            if inside == {o.seat}:
                scores[o.seat] += o.points
                held.setdefault(o.seat, []).append(f.name)
        if winners is None:
            best = max(scores.values())
            top = [s for s in self.seats if scores[s] == best]
            winners = top if len(top) == 1 else []
        self.current, self.active = "", ""
        self.result = Result(tuple(winners), reason if winners else f"{reason}: a draw", scores,
                             {"objectives_held": held})
