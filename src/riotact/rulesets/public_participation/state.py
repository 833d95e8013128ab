"""The protocol and the sequence of play (PP-01): five phases a move, characters acting one at a time.

Seats alternate (PP-01 gap), each decision ordering one character; ``done`` ends a seat's part of the
phase. Moves are continuous: ``move:A1:12.5,8.0`` takes a character to any point it can reach, and the
legal list offers a finite menu of such points (towards and away from what it sees, into contact, to
cover). Opportunity shots, kicking dynamite away and the umpire's rulings interrupt as decisions of the
seat concerned.
"""

from __future__ import annotations

import math
from typing import Any

from riotact.core.log import UMPIRE, Visibility
from riotact.core.protocol import Action, Result
from riotact.core.scenario import Scenario
from riotact.core.umpire import Umpire
from riotact.core.umpiring import Power
from riotact.tabletop import step_toward

from . import rulings
from . import tables as T
from .figures import XY, Character
from .morale import Morale
from .options import Options
from .view import scenario_for, seat_view

ORDERS = {"advance": "Advance!", "hold": "Hold here!", "fall-back": "Fall back!", "fire": "Fire!"}
PHASES = ("moving", "speaking", "firing", "fighting", "morale")


def _xy(text: str) -> XY | None:
    try:
        x, y = (float(v) for v in text.split(","))
    except ValueError:
        return None
    return (x, y) if math.isfinite(x) and math.isfinite(y) else None


def _fmt(p: XY) -> str:
    return f"{p[0]:.1f},{p[1]:.1f}"


class PublicParticipation(Morale):
    def __init__(self, scenario: Scenario, options: Options, umpire: Umpire) -> None:
        super().__init__(scenario, options, umpire)
        self.clouds = []
        self.stick = None
        self.morale_queue = None
        self.phase, self.round = "moving", 1
        self.passed: set[str] = set()
        self.current = ""
        self.pending: list[dict[str, Any]] = []
        self._plans: dict[tuple[XY, XY], tuple[float, float, list[str]]] = {}  # paths depend on the ends only
        self.messages = dict(ORDERS) | {f"line{i + 1}": text for i, text in enumerate(self.setup.lines)}
        umpire.turn = self.move
        self.tell("PP-01", "Move 1, phase 1: moving.")
        self.watch()
        self.start_moving()
        self.advance()

    # -- whose decision -------------------------------------------------------------
    def to_act(self) -> tuple[str, ...]:
        if self.pending:
            return (self.pending[0]["seat"],)
        return (self.current,) if self.current else ()

    def eligible(self, c: Character) -> bool:
        """May ``c`` be given a decision in the current phase (round)?"""
        m = self.move
        if self.phase == "moving":
            return (c.can_act(m) and "moving" not in c.done and not c.shaken(m) and not c.panicked(m)
                    and c.rising_move != m and not c.terrified and not c.cowering)
        if self.phase == "speaking":
            return (not c.out_of_play and not c.unconscious(m) and not c.stunned and not c.panicked(m)
                    and c.busy_move != m and f"speaking{self.round}" not in c.done)
        if self.phase == "firing":
            return (c.can_act(m) and "firing" not in c.done and self.may_fire_panicked(c) and not c.terrified
                    and not c.cowering and c.rising_move != m and self.obeys(c, "fire")
                    and self.has_missiles(c))
        return False

    def may_fire_panicked(self, c: Character) -> bool:
        """PP-43 gap: a Panicked character does not fire (house rule ``panicked_fires``)."""
        return not c.panicked(self.move) or self.options.panicked_fires

    @staticmethod
    def has_missiles(c: Character) -> bool:
        """Something to shoot (PP-09) or throw (PP-14): it may fire, or aim at any point it sees."""
        return (c.shots_left != 0 and any(w.kind == "firearm" for w in c.weapons)) or any(
            n > 0 for n in c.throwables.values())

    def obeys(self, c: Character, wanted: str) -> bool:
        """PP-41 gap: an Obedient character acts on an understood order from a friendly leader (house rule
        ``obedient``: or as a Controlled one)."""
        return c.morale != "Obedient" or self.options.obedient == "controlled" or self.order_for(c) == wanted

    def order_for(self, c: Character) -> str:
        recent = [order for move, order in c.orders if move >= self.move - 1]
        return recent[-1] if recent else ""

    def seats_with_work(self) -> list[str]:
        n = len(self.seats)
        start = (self.move - 1) % n
        order = self.seats[start:] + self.seats[:start]
        return [s for s in order if s not in self.passed
                and any(self.eligible(c) for c in self.chars.values() if c.seat == s)]

    def advance(self) -> None:
        """Run the automatic phases until some seat has a decision or the game ends."""
        while self.result is None and not self.pending:
            work = self.seats_with_work()
            if work:
                if self.options.turn_order == "seat_order" and self.current in work:
                    return
                if self.current in work:  # PP-01 gap: alternate between seats
                    i = work.index(self.current)
                    self.current = work[(i + 1) % len(work)]
                elif self.current:
                    later = [s for s in work if self.seats.index(s) > self.seats.index(self.current)]
                    self.current = later[0] if later else work[0]
                else:
                    self.current = work[0]
                return
            self.next_phase()

    def next_phase(self) -> None:
        self.passed, self.current = set(), ""
        if self.phase == "speaking" and self.round < self.options.speaking_rounds:
            self.round += 1
            self.tell("PP-05", f"Move {self.move}: speaking round {self.round}.")
            return
        if self.phase == "moving":
            self.phase, self.round = "speaking", 1
            self.tell("PP-01", f"Move {self.move}, phase 2: speaking (round 1, PP-05).")
        elif self.phase == "speaking":
            self.phase, self.round = "firing", 1
            self.tell("PP-01", f"Move {self.move}, phase 3: firing.")
        elif self.phase == "firing":
            self.phase = "fighting"
            self.tell("PP-01", f"Move {self.move}, phase 4: fighting (two rounds, PP-05).")
            for rnd in (1, 2):
                for one, many in self.melees():
                    self.fight_round(one, many, rnd)
            self.phase = "morale"
            self.tell("PP-01", f"Move {self.move}, phase 5: morale throws.")
            self.morale_phase()
            self.end_of_move()

    def end_of_move(self) -> None:
        self.end_of_move_rolls()
        if self.move >= self.setup.moves or len(self.sides_in_play()) <= 1:
            self.finish()
            return
        self.forget_paths()
        for c in self.chars.values():
            c.moved, c.charged, c.surprise, c.shots_left, c.opportunity_taken = 0.0, "", 0, None, False
            c.done.clear()
            c.unwatched.clear()
        self.move += 1
        self.umpire.turn = self.move
        self.phase, self.round = "moving", 1
        self.tell("PP-01", f"Move {self.move}, phase 1: moving.")
        self.watch()
        self.start_moving()

    def forget_paths(self) -> None:
        """Path costs change with the umpire's obstacle rulings (rulings.py)."""
        self._plans.clear()

    def umpire_powers(self) -> tuple[Power, ...]:
        return rulings.umpire_powers(self)

    # -- the protocol -----------------------------------------------------------------
    def legal_actions(self, seat: str) -> list[Action]:
        if self.pending:
            return self.pending_actions(self.pending[0]) if self.pending[0]["seat"] == seat else []
        if seat != self.current:
            return []
        out: list[Action] = []
        for c in sorted(self.chars.values(), key=lambda c: c.id):
            if c.seat == seat and self.eligible(c):
                if self.phase == "moving":
                    out += self.move_menu(c)
                elif self.phase == "speaking":
                    out += self.speak_actions(c)
                else:
                    out += [*self.fire_actions(c), Action(f"hold:{c.id}", f"{c.card.name} holds fire")]
        out.append(Action("done", f"end your part of the {self.phase} phase"))
        return out

    def parse_action(self, seat: str, action_id: str) -> Action | None:
        """A move or an explosive's aiming point anywhere on the table, not only the menu's points."""
        if seat not in self.to_act() or self.pending:
            return None
        verb, _, rest = action_id.partition(":")
        if verb == "move" and self.phase == "moving":
            cid, _, where = rest.partition(":")
            c, p = self.chars.get(cid), _xy(where)
            if c is None or p is None or c.seat != seat or not self.eligible(c):
                return None
            if self.move_problem(c, p) is None:
                return self.move_action(c, p, "")
        if verb == "bomb" and self.phase == "firing":
            cid, _, rest2 = rest.partition(":")
            weapon, _, where = rest2.partition(":")
            c, p = self.chars.get(cid), _xy(where)
            if c is None or p is None or c.seat != seat or not self.eligible(c):
                return None
            name = weapon.replace("-", " ")
            if self.bomb_problem(c, name, p) is None:
                return Action(action_id, f"{c.card.name} throws the {name} at ({_fmt(p)})")
        return None

    def why_illegal(self, seat: str, action_id: str) -> str:
        if seat not in self.to_act():
            return "it is not your decision now"
        verb, _, rest = action_id.partition(":")
        cid, _, where = rest.partition(":")
        c = self.chars.get(cid)
        if c is None or c.seat != seat or self.pending:
            return "that is not one of the legal actions now"
        if verb == "move":
            p = _xy(where)
            if self.phase != "moving":
                return f"characters move only in the moving phase (PP-01); this is the {self.phase} phase"
            if p is None:
                return "a move needs a point: move:ID:X,Y (inches)"
            return self.move_problem(c, p) or "that is not one of the legal actions now"
        if verb == "bomb":
            weapon, _, where = where.partition(":")
            p = _xy(where)
            if self.phase != "firing":
                return "explosives are thrown in the firing phase (PP-01)"
            if p is None:
                return "a throw needs an aiming point: bomb:ID:WEAPON:X,Y"
            return self.bomb_problem(c, weapon.replace("-", " "), p) or "that is not one of the legal actions now"
        return "that is not one of the legal actions now"

    def decision_visibility(self, seat: str, action: Action) -> Visibility:
        """Orders are secret: what they do is told to those who see or hear it."""
        return [seat]

    def apply(self, seat: str, action: Action) -> None:
        verb, _, rest = action.id.partition(":")
        parts = rest.split(":")
        if self.pending:
            self.apply_pending(self.pending.pop(0), verb, parts)
            # PP-08: no opportunity shot is offered at a figure an earlier one put out of play
            self.pending = [p for p in self.pending
                            if p["kind"] != "opportunity" or not self.chars[p["target"]].out_of_play]
        elif verb == "done":
            self.passed.add(seat)
        else:
            c = self.chars[parts[0]]
            if verb == "move":
                p = _xy(parts[1])
                assert p is not None
                self.do_move(c, p)
            elif verb == "hold":
                c.done.add(self.phase_key())
            elif verb == "bandage":
                self.start_bandage(c, self.chars[parts[1]])
            elif verb == "drop":
                self.drop_load(c)
            elif verb == "say":
                self.say(c, parts[1], parts[2])
            elif verb in ("fire", "throw", "bomb"):
                self.fire(c, verb, parts)
        self.advance()

    def phase_key(self) -> str:
        return f"speaking{self.round}" if self.phase == "speaking" else self.phase

    def view(self, seat: str) -> dict[str, Any]:
        return seat_view(self, seat)

    def scenario_data_for(self, seat: str) -> dict[str, Any]:
        return scenario_for(self, seat)

    # -- moving (PP-03, PP-04, PP-06, PP-08, PP-44, PP-46) -------------------------------------
    def move_plan(self, c: Character, p: XY) -> tuple[float, float, list[str]]:
        """Distance, obstacle cost (PP-06) and the obstacles crossed on the straight path."""
        key = (c.pos, p)
        plan = self._plans.get(key)
        if plan is None:
            crossed = [f for f in self.table.crossed(c.pos, p) if not f.impassable and self.obstacle_class(f)]
            # PP-06 gap: too little movement left, no crossing; or (house rule) stop on the obstacle, to
            # leave it next move (a figure standing in an obstacle pays nothing to leave it)
            paid = [f for f in crossed if self.options.short_of_movement == "no_crossing" or not f.contains(p)]
            cost = sum(T.OBSTACLE_COST[self.obstacle_class(f) or "most"] for f in paid)
            plan = self._plans[key] = (self.table.distance(c.pos, p), float(cost), [f.name for f in crossed])
        return plan

    def move_problem(self, c: Character, p: XY, foe: Character | None = None) -> str | None:
        """Why ``c`` cannot go to ``p`` now, in plain words, or None. ``foe``: the nearest foe ``c``
        sees, when the caller has it (the move menu asks for many points)."""
        name = c.card.name
        if not self.eligible(c):
            return f"{name} cannot move now"
        partner = self.partner(c)
        if c.load == "really_heavy" and partner is None and not self.options.one_man_really_heavy:
            return f"{name} cannot move a really heavy load alone (PP-04); drop it first"
        problem = self.table.path_problem(c.pos, p)
        if problem:
            return problem
        if c.morale == "Obedient" and self.options.obedient == "orders":  # PP-41
            order = self.order_for(c)
            foe = foe or self.nearest_foe(c)
            if order not in ("advance", "fall-back") or foe is None:
                return f"{name} is Obedient and has no understood order to move (PP-41)"
            now, then = self.table.distance(c.pos, foe.pos), self.table.distance(p, foe.pos)
            if (order == "advance") != (then < now):
                return f"{name} is Obedient and was ordered to {order.replace('-', ' ')} (PP-41)"
        distance, cost, crossed = self.move_plan(c, p)
        walk, run = self.reach(c, False), self.reach(c, True)
        if partner is not None:
            if not self.eligible(partner):
                return f"{name}'s fellow carrier {partner.card.name} cannot move now (PP-04)"
            walk, run = min(walk, self.reach(partner, False)), min(run, self.reach(partner, True))
            q = (partner.x + p[0] - c.x, partner.y + p[1] - c.y)
            problem = self.table.path_problem(partner.pos, q)
            if problem:
                return f"{partner.card.name}, carrying with {name}: {problem}"
        if distance + cost > run + 1e-9:
            over = f" with {', '.join(crossed)} (+{cost:g}\", PP-06)" if crossed else ""
            return (f"out of reach: {distance:.1f}\"{over}, but {name} walks {walk:g}\" and runs {run:g}\" "
                    "this move (PP-03)")
        return None

    def move_action(self, c: Character, p: XY, why: str) -> Action:
        distance, cost, crossed = self.move_plan(c, p)
        gait = "walks" if distance + cost <= self.reach(c, False) + 1e-9 else "runs"
        over = f" over {', '.join(crossed)}" if crossed else ""
        return Action(f"move:{c.id}:{_fmt(p)}",
                      f"{c.card.name} {gait} {distance:.1f}\"{over} to ({_fmt(p)}){why}")

    def visible_others(self, c: Character) -> list[Character]:
        return [o for o in sorted(self.on_table(), key=lambda o: o.id)
                if o is not c and self.sees(c, o) and not o.out_of_play]

    def nearest_foe(self, c: Character) -> Character | None:
        """The nearest foe ``c`` sees."""
        foes = [o for o in self.visible_others(c) if self.enemies(c, o)]
        return min(foes, key=lambda o: (self.gap(c, o), o.id)) if foes else None

    def move_menu(self, c: Character) -> list[Action]:
        """A finite, stable menu: towards each character it sees (into contact with foes), each
        feature, away from the nearest foe, walking and running; bandaging, dropping a load, holding."""
        out: dict[str, Action] = {}
        walk, run = self.reach(c, False), self.reach(c, True)
        targets: list[tuple[XY, str, float]] = []
        for o in self.visible_others(c):
            stop = c.card.base + o.card.base + (0.1 if self.enemies(c, o) else 1.0)
            targets.append((o.pos, f", towards {o.card.name}", stop))
        for f in self.table.features:
            targets.append((f.centre, f", towards {f.name}", 0.0))
        foe = self.nearest_foe(c)
        if foe is not None:
            away = (2 * c.x - foe.x, 2 * c.y - foe.y)
            targets.append((self.table.clamp(away), f", away from {foe.card.name}", 0.0))
        for point, why, stop in targets:
            room = self.table.distance(c.pos, point) - stop
            if room <= 0.05:
                continue
            for length in sorted({min(room, walk), min(room, run)}):
                p = self.reachable_along(c, point, length, foe)
                if p is not None:
                    action = self.move_action(c, p, why)
                    out.setdefault(action.id, action)
        actions = list(out.values())
        for o in sorted(self.chars.values(), key=lambda o: o.id):
            if (self.friends(c, o) or o is c) and o.state in ("LI", "BI", "DI") and not o.bandaged and (
                    o is c or self.in_contact(c, o)) and not o.out_of_play:
                actions.append(Action(f"bandage:{c.id}:{o.id}", f"{c.card.name} bandages "
                                      f"{'himself' if o is c else o.card.name} (the whole move, PP-25)"))
        if c.load != "none":
            actions.append(Action(f"drop:{c.id}", f"{c.card.name} puts down the {c.load.replace('_', ' ')} load"))
        actions.append(Action(f"hold:{c.id}", f"{c.card.name} stays where he is"))
        return actions

    def reachable_along(self, c: Character, point: XY, length: float, foe: Character | None) -> XY | None:
        """The farthest legal point at most ``length`` towards ``point`` (obstacles cost inches)."""
        for _ in range(4):
            if length <= 0.05:
                return None
            p = step_toward(c.pos, point, length)
            if self.move_problem(c, p, foe) is None:
                return p
            _, cost, _ = self.move_plan(c, p)
            length = length - max(cost, 0.5)
        return None

    def do_move(self, c: Character, p: XY) -> None:
        start, start_seen = c.pos, self.witnesses(c)
        for f in self.table.crossed(c.pos, p):  # PP-46: risky ground needs nerve
            act, danger, etc = self.risk(f)
            if act and not self.nerve_test(c, act, danger, etc):
                c.done.add("moving")
                self.offer_step_back(c, p)
                return
        distance, cost, crossed = self.move_plan(c, p)
        running = distance + cost > self.reach(c, False) + 1e-9
        carriers = [c] + ([q] if (q := self.partner(c)) is not None else [])
        foes_saw = {o.id: self.sees(o, c) for o in self.chars.values() if self.enemies(o, c)}
        dx, dy = p[0] - c.x, p[1] - c.y
        for m in carriers:
            m.x, m.y = round(m.x + dx, 2), round(m.y + dy, 2)
            m.moved += distance
            m.done.add("moving")
        seen = sorted(set(start_seen) | set(self.witnesses(c)))
        over = f", over {', '.join(crossed)} (-{cost:g}\", PP-06)" if crossed else ""
        rule = "PP-04" if len(carriers) > 1 else "PP-03"
        with_ = f" with {carriers[1].card.name} and the load" if len(carriers) > 1 else ""
        self.umpire.effect(rule, f"{c.card.name}{with_} {'runs' if running else 'walks'} {distance:.1f}\"{over} "
                           f"to ({_fmt(p)}).", visible_to=seen, who=c.id, to=list(p))
        self.watch()
        contact = sorted((o for o in self.on_table() if self.enemies(c, o) and self.in_contact(c, o)
                          and not o.out_of_play), key=lambda o: (self.gap(c, o), o.id))
        if contact:
            self.charge(c, contact[0], foes_saw.get(contact[0].id, True))
        self.offer_opportunity(c, start)

    def offer_step_back(self, c: Character, aim: XY) -> None:
        """PP-48 gap: who loses his nerve cowers back: he may step back up to ``nerve_step_back`` inches
        (straight back from where he meant to go, or back to either side), or stay."""
        step = self.options.nerve_step_back
        if step <= 0 or aim == c.pos:
            return
        back = math.atan2(c.x - aim[0], c.y - aim[1])
        points = []
        for turn in (0, -60, 60):
            angle = back + math.radians(turn)
            p = (round(c.x + step * math.sin(angle), 2), round(c.y + step * math.cos(angle), 2))
            if self.table.path_problem(c.pos, p) is None and not self.move_plan(c, p)[2]:
                points.append(list(p))
        if points:
            self.pending.append({"kind": "step_back", "seat": c.seat, "cid": c.id, "points": points})

    def charge(self, c: Character, foe: Character, foe_saw: bool) -> None:
        """PP-22: charging +1 in the first round; surprise judged by sight (gap default) or the umpire."""
        c.charged = foe.id
        surprise = 0
        if self.options.surprise == "sight":
            m = self.move
            not_ready = foe.shaken(m) or foe.panicked(m) or foe.groggy(m) or foe.rising_move == m
            surprise = 2 if not foe_saw else 1 if not_ready else 0
        c.surprise = surprise
        words = {0: "", 1: " (half surprise)", 2: " (full surprise)"}[surprise]
        self.tell("PP-22", f"{c.card.name} charges {foe.card.name}{words}.", c, foe)
        if UMPIRE in self.seats:
            self.pending.append({"kind": "surprise", "seat": UMPIRE, "cid": c.id, "foe": foe.id,
                                 "auto": surprise})

    def offer_opportunity(self, mover: Character, start: XY) -> None:
        """PP-08: an enemy who saw the target pass within range of a firearm may take an opportunity
        shot; it is fired at the nearest point of the path where he saw it in range."""
        end = mover.pos
        length = self.table.distance(start, end)
        steps = max(1, math.ceil(length / 0.5))
        path = [(start[0] + (end[0] - start[0]) * i / steps, start[1] + (end[1] - start[1]) * i / steps)
                for i in range(1, steps + 1)]
        for s in sorted(self.chars.values(), key=lambda o: o.id):
            if (not self.enemies(s, mover) or s.opportunity_taken or s.shots_left == 0
                    or not s.can_act(self.move) or not self.may_fire_panicked(s) or s.terrified or s.cowering
                    or s.rising_move == self.move or not self.obeys(s, "fire")):
                continue
            reach = max((w.range for w in s.weapons if w.kind == "firearm"), default=-1.0)
            seen = [(self.table.ruler(s.pos, s.card.base, p, mover.card.base), p) for p in path
                    if self.table.line_of_sight(s.pos, p)]
            in_range = [(d, p) for d, p in seen if d <= reach]
            if in_range:
                _, point = min(in_range)
                attacked = mover.charged == s.id and self.gap(s, mover) < T.ATTACK_RANGE
                self.pending.append({"kind": "opportunity", "seat": s.seat, "cid": s.id, "target": mover.id,
                                     "attacked": attacked, "at": [round(point[0], 2), round(point[1], 2)]})

    def start_moving(self) -> None:
        """PP-44: the Terrified run to safety first, or cower, or surrender to a foe in contact."""
        for c in sorted(self.chars.values(), key=lambda c: c.id):
            if c.terrified and not c.helpless(self.move):
                self.terrified_run(c)

    def terrified_run(self, c: Character) -> None:
        name = c.card.name
        if any(self.enemies(c, o) and self.in_contact(c, o) and not o.helpless(self.move) for o in self.on_table()):
            if self.options.terrified_in_contact == "surrender":
                c.surrendered = True
                self.tell("PP-44", f"{name}, Terrified with a foe in contact, surrenders.", c)
            else:
                c.cowering = True
                self.tell("PP-44", f"{name}, Terrified with a foe in contact, cowers down.", c)
            return
        threats = [o for o in self.on_table() if self.enemies(c, o) and self.sees(c, o) and not o.out_of_play]
        if not threats:
            self.tell("PP-44", f"{name}, Terrified, stays hidden where no foe can see him.", c)
            return
        nearest = min(threats, key=lambda o: (self.gap(c, o), o.id))
        reach = self.reach(c, True)
        best: tuple[tuple[bool, float], XY] | None = None
        for k in range(12):
            angle = math.radians(30 * k)
            aim = self.table.clamp((c.x + reach * math.sin(angle), c.y + reach * math.cos(angle)))
            p = self.reachable_along_any(c, aim, reach)
            if p is None:
                continue
            safe = all(not self.table.line_of_sight(o.pos, p) or self.table.cover_for(o.pos, p) is not None
                       for o in threats)
            score = (safe, self.table.distance(p, nearest.pos))
            if best is None or score > best[0]:
                best = (score, p)
        if best is None or best[0][1] <= self.table.distance(c.pos, nearest.pos):
            c.cowering = True
            self.tell("PP-44", f"{name}, Terrified with nowhere to run, cowers down.", c)
            return
        p = best[1]
        start_seen = self.witnesses(c)
        distance = self.table.distance(c.pos, p)
        c.x, c.y, c.moved = p[0], p[1], c.moved + distance
        c.done.add("moving")
        edge = min(p[0], p[1], self.table.width - p[0], self.table.depth - p[1]) <= c.card.base
        if edge and not best[0][0]:
            c.fled = True
        seen = sorted(set(start_seen) | set(self.witnesses(c)))
        self.umpire.effect("PP-44", f"{name}, Terrified, runs {distance:.1f}\" to ({_fmt(p)})"
                           f"{' and off the table' if c.fled else ''}.", visible_to=seen, who=c.id, to=list(p))
        self.watch()

    def reachable_along_any(self, c: Character, point: XY, length: float) -> XY | None:
        """Like :meth:`reachable_along`, for a run the player does not choose (no eligibility)."""
        for _ in range(4):
            if length <= 0.5:
                return None
            p = step_toward(c.pos, point, length)
            if self.table.path_problem(c.pos, p) is None:
                distance, cost, _ = self.move_plan(c, p)
                if distance + cost <= self.reach(c, True) + 1e-9:
                    return p
            length -= 1.0
        return None

    def step_back(self, c: Character, where: str) -> None:
        """PP-48: the step back, seen by those who see him before or after."""
        p = _xy(where)
        assert p is not None
        seen = set(self.witnesses(c))
        distance = self.table.distance(c.pos, p)
        c.x, c.y = p
        c.moved += distance
        self.umpire.effect("PP-48", f"{c.card.name} cowers back {distance:.1f}\" to ({_fmt(p)}).",
                           visible_to=sorted(seen | set(self.witnesses(c))), who=c.id, to=list(p))
        self.watch()

    def start_bandage(self, c: Character, patient: Character) -> None:
        """PP-25 gap: bandaging takes the helper's whole move."""
        c.bandaging, c.busy_move = patient.id, self.move
        c.done.add("moving")
        self.tell("PP-25", f"{c.card.name} starts bandaging {patient.card.name}.", c, patient)

    def drop_load(self, c: Character) -> None:
        """PP-04: putting the load down frees both carriers of a really heavy load."""
        partner = self.partner(c)
        for m in [c] + ([partner] if partner else []):
            m.load = "none"
        self.tell("PP-04", f"{c.card.name} puts the load down.", c)

    # -- speaking (PP-05, PP-07, PP-41) -----------------------------------------------------
    def speak_actions(self, c: Character) -> list[Action]:
        out = []
        for volume in T.VOLUMES:
            for key, text in self.messages.items():
                out.append(Action(f"say:{c.id}:{volume}:{key}", f"{c.card.name} {volume}s '{text}'"
                                  if volume != "normal" else f"{c.card.name} says '{text}'"))
        out.append(Action(f"hold:{c.id}", f"{c.card.name} keeps quiet"))
        return out

    def say(self, c: Character, volume: str, key: str) -> None:
        c.done.add(f"speaking{self.round}")
        understood, _ = self.sound("PP-07", c, volume, self.messages[key])
        if key in ORDERS and (c.card.leader or c.card.named):
            for o in understood:
                if self.friends(c, o):
                    o.orders.append((self.move, key))

    # -- firing (PP-08..20) -------------------------------------------------------------
    def fire_actions(self, c: Character) -> list[Action]:
        out = []
        if c.shots_left != 0:
            for w in c.weapons:
                if w.kind != "firearm":
                    continue
                for o in self.visible_others(c):
                    if self.enemies(c, o) and self.gap(c, o) <= w.range:
                        out.append(Action(f"fire:{c.id}:{w.name.replace(' ', '-')}:{o.id}",
                                          f"{c.card.name} fires the {w.name} at {o.card.name}, "
                                          f"{self.gap(c, o):.1f}\" away"))
        for name, count in sorted(c.throwables.items()):
            w = self.weapon_book[name]
            if count <= 0:
                continue
            slug = name.replace(" ", "-")
            for o in self.visible_others(c):
                if not self.enemies(c, o):
                    continue
                if w.explosive:
                    if self.bomb_problem(c, name, o.pos) is None:
                        out.append(Action(f"bomb:{c.id}:{slug}:{_fmt(o.pos)}",
                                          f"{c.card.name} throws the {name} at {o.card.name}'s feet "
                                          f"({_fmt(o.pos)})"))
                elif self.gap(c, o) <= self.throw_range(c, w):
                    out.append(Action(f"throw:{c.id}:{slug}:{o.id}", f"{c.card.name} throws a {name} at "
                                      f"{o.card.name}, {self.gap(c, o):.1f}\" away"))
        return out

    def bomb_problem(self, c: Character, name: str, p: XY) -> str | None:
        w = self.weapon_book.get(name)
        if w is None or not w.explosive or c.throwables.get(name, 0) <= 0:
            return f"{c.card.name} has no {name} to throw"
        if not self.table.on_table(p):
            return "the aiming point is off the table"
        if not self.table.line_of_sight(c.pos, p):
            return f"{c.card.name} cannot see the aiming point"
        d = max(0.0, self.table.distance(c.pos, p) - c.card.base)
        full = self.throw_range(c, w)
        if d > full:
            return f"out of range: {d:.1f}\" but the {name} carries {full:g}\" (PP-14)"
        return None

    def fire(self, c: Character, verb: str, parts: list[str]) -> None:
        c.done.add("firing")
        weapon = self.weapon_book[parts[1].replace("-", " ")]
        if verb == "fire":
            self.shoot(c, self.chars[parts[2]], weapon)
        elif verb == "throw":
            self.throw(c, self.chars[parts[2]], weapon)
        else:
            p = _xy(parts[2])
            assert p is not None
            self.throw_explosive(c, weapon, p)
            if self.stick is not None:
                self.next_kick()

    def next_kick(self) -> None:
        """PP-19: one chance each for those within 1", nearest first; then the stick goes off."""
        candidates = self.kick_candidates()
        if candidates:
            k = candidates[0]
            assert self.stick is not None
            self.stick.tried.append(k.id)
            self.pending.append({"kind": "kick", "seat": k.seat, "cid": k.id})
        else:
            self.explode()

    # -- interruptions ----------------------------------------------------------------
    def pending_actions(self, p: dict[str, Any]) -> list[Action]:
        c = self.chars[p["cid"]]
        if p["kind"] == "opportunity":
            t = self.chars[p["target"]]
            how = " (he is attacking you: -2)" if p["attacked"] else " (-1)"
            return [Action(f"opp:{c.id}:{t.id}", f"{c.card.name} takes an opportunity shot at {t.card.name}{how}"),
                    Action(f"noopp:{c.id}", f"{c.card.name} lets {t.card.name} pass")]
        if p["kind"] == "step_back":
            sides = ("straight back", "back to the left", "back to the right")
            return [*(Action(f"back:{c.id}:{_fmt((x, y))}", f"{c.card.name} cowers back "
                             f"{self.table.distance(c.pos, (x, y)):.1f}\" to ({_fmt((x, y))}), {sides[i]} (PP-48)")
                      for i, (x, y) in enumerate(p["points"])),
                    Action(f"stay:{c.id}", f"{c.card.name} cowers where he is (PP-48)")]
        if p["kind"] == "kick":
            return [*(Action(f"kick:{c.id}:{face}", f"{c.card.name} kicks the lit dynamite away, bearing "
                             f"{bearing} degrees") for face, bearing in enumerate((0, 60, 120, 180, 240, 300), 1)),
                    Action(f"nokick:{c.id}", f"{c.card.name} leaves the stick")]
        words = {0: "no surprise", 1: "half surprise (+1)", 2: "full surprise (+2)"}
        foe = self.chars[p["foe"]]
        order = [p["auto"]] + [v for v in (0, 1, 2) if v != p["auto"]]
        return [Action(f"surprise:{c.id}:{v}", f"rule {c.card.name}'s charge on {foe.card.name}: {words[v]}")
                for v in order]

    def apply_pending(self, p: dict[str, Any], verb: str, parts: list[str]) -> None:
        c = self.chars[p["cid"]]
        if verb == "opp":
            c.opportunity_taken = True
            target = self.chars[parts[1]]
            end = target.pos
            target.x, target.y = p["at"]  # the shot is fired as it passes (PP-08)
            weapon = next(w for w in c.weapons if w.kind == "firearm" and self.gap(c, target) <= w.range)
            self.shoot(c, target, weapon, opportunity=True, attacked=bool(p["attacked"]))
            target.x, target.y = end
        elif verb == "back":
            self.step_back(c, parts[1])
        elif verb == "kick":
            if not self.options.kick_nerve or self.nerve_test(c, "kick away lit dynamite"):
                self.kick(c, int(parts[1]))
            self.next_kick()
        elif verb == "nokick":
            self.next_kick()
        elif verb == "surprise":
            c.surprise = int(parts[1])
            self.tell("PP-22", f"The umpire rules {c.card.name}'s charge: "
                      f"{['no', 'half', 'full'][c.surprise]} surprise.", c)

    # -- the end (scenario objectives) -------------------------------------------------
    def sides_in_play(self) -> set[str]:
        return {c.side for c in self.chars.values() if not c.out_of_play and c.seat != UMPIRE}

    def scores(self) -> dict[str, float]:
        out: dict[str, float] = {}
        for seat in self.seats:
            if seat == UMPIRE:
                continue
            mine = [c for c in self.chars.values() if c.seat == seat]
            foes = [o for o in self.chars.values() if any(self.enemies(c, o) for c in mine)]
            points = sum(self.setup.out_of_action_points for o in foes if o.out_of_play)
            for obj in self.setup.objectives:
                if obj.seat != seat:
                    continue
                if obj.kind == "protect":
                    points += obj.points * (not self.chars[obj.target].out_of_play)
                    continue
                f = self.table.by_id[obj.target]
                able = [c for c in (mine if obj.kind == "reach" else foes)
                        if not c.out_of_play and not c.unconscious(self.move) and f.contains(c.pos)]
                points += obj.points * (bool(able) if obj.kind == "reach" else not able)
            out[seat] = float(points)
        return out

    def finish(self) -> None:
        scores = self.scores()
        best = max(scores.values(), default=0.0)
        winners = tuple(s for s, v in scores.items() if v == best)
        if len(winners) == len(scores):
            winners = ()
        why = "the last move is played" if self.move >= self.setup.moves else "only one side is still in play"
        self.result = Result(winners, why, scores)

    # -- conformance hooks ------------------------------------------------------------
    def plant_sentinels(self) -> None:
        for c in self.chars.values():
            c.notes = f"SENTINEL-card-{c.id}"

    def hidden_tokens(self, seat: str) -> set[str]:
        if seat == UMPIRE:
            return set()
        return {c.notes for c in self.chars.values() if c.seat != seat and c.notes}
