"""What each seat may decide now: orders (BWA-17), reactions (BWA-27) and the
choices results leave to a side (withdrawals, placing a lost unit, rally dice, blocks).

Action ids: ``<unit>:<verb>[:<argument>]`` for orders, ``done`` to end the
orders, ``react:<reaction>[:<feature>]`` for reactions, and ``withdraw:``,
``place:``, ``rally:``, ``block:`` / ``noblock``, ``arrest-stand:`` / ``arrest-done`` for the
other choices.
Texts are plain words, read in a numbered list: ``<unit>: <what it does>``.
"""

from __future__ import annotations

import math

from riotact.core.protocol import Action

from .board import Board, Task
from .tables import ACTION_NAMES, AUTHORITY, NONVIOLENT, REACTION_NAMES, REACTIONS, may_take, other
from .units import Dummy, Unit

DONE = Action("done", "End the orders for this action step")


def split(action_id: str) -> tuple[str, str, str]:
    key, verb, *rest = action_id.split(":", 2)
    return key, verb, rest[0] if rest else ""


def find_target(state: Board, key: str) -> Unit | Dummy | None:
    """A target by unit id (when sighted) or counter label (while hidden)."""
    if key in state.dummies:
        return state.dummies[key]
    unit = state.units.get(key)
    if unit is not None and unit.on_table and not unit.hidden:
        return unit
    return next((u for u in state.units.values() if u.hidden and u.counter == key and u.on_table), None)


def where(state: Board, node: str) -> str:
    """A feature as a player reads it: its id, then its name, streets or kind."""
    f = state.map.features[node]
    if f.name != f.id:
        return f"{node} ({f.name})"
    if f.streets:
        return f"{node} ({' / '.join(sorted(f.streets))})"
    return f"{node} ({f.kind})"


def known_as(unit: Unit) -> str:
    """A unit as the other side may read it: a hidden one is only its counter (BWA-11)."""
    return f"counter {unit.counter}" if unit.hidden else unit.name


def prompt_actions(state: Board, task: Task, seat: str) -> list[Action]:
    if task.kind == "orders":
        return [*order_actions(state, seat), DONE]
    if task.kind == "react":
        return reaction_actions(state, state.units[task.data["unit"]], state.units[task.data["target"]])
    if task.kind == "withdraw":
        unit = state.units[task.data["unit"]]
        return [Action(f"withdraw:{n}", f"{known_as(unit)}: withdraw to {where(state, n)}")
                for n in task.data["options"]]
    if task.kind == "place_lost":
        return place_actions(state, state.units[task.data["unit"]])
    if task.kind == "rally_die":
        return [Action(f"rally:{u.id}", f"Give a rally die to the commander of {u.name}")
                for u in state.table_units(NONVIOLENT) if u.commander is not None and not u.band]
    if task.kind == "arrest":
        return arrest_actions(state, task)
    if task.kind == "block":
        band = state.units[task.data["band"]]
        return [*(Action(f"block:{uid}", f"{state.units[uid].name}: try to block {band.name}")
                  for uid in task.data["options"]),
                Action("noblock", f"Let {band.name} go")]
    raise AssertionError(task.kind)


def arrest_actions(state: Board, task: Task) -> list[Action]:
    """BWA-35: the authority picks the next stand to arrest, one at a time, or stops ("up to")."""
    target = state.units[task.data["target"]]
    left = sum(n for _, n in task.data["capacity"])
    picks = [Action(f"arrest-stand:{s.id}", f"Arrest stand {s.id} of {target.name} ({s.quality_name}"
                    + (", commander" if s.commander else "") + f"); {left} arrest(s) left")
             for s in target.stands if s.id not in task.data["tried"]]
    return [*picks, Action("arrest-done", "Stop arresting")]


def order_actions(state: Board, seat: str) -> list[Action]:
    """Orders still open to ``seat`` this step: nothing moves while orders are declared, so each
    piece's orders (with the once-per-initiative use each takes up) are worked out once per step
    and filtered as orders are given."""
    if state.orders_cache is None:
        state.orders_cache = _all_orders(state, state.side_of(seat))
    out: list[Action] = []
    for key, (owner, actions) in state.orders_cache.items():
        if owner == seat and key not in state.ordered:
            out += [a for a, use in actions if not use or use not in state.used]
    return out


def once_per_initiative(state: Board, key: str, verb: str, arg: str) -> str:
    """The once-per-initiative use an order takes up when it is declared, or "" (BWA-06, 30, 37, 42,
    49; a reserve that did not arrive may be asked for again in a later initiative, BWA-06 gap)."""
    if verb == "reinforce":
        return f"reinforce:{arg}"
    if verb == "escalate":
        return f"escalate:{state.units[key].group}"
    if verb == "rally":
        return f"rally:{arg}"
    if verb == "regain":
        return f"regain:{key}"
    if verb == "escape" and state.options["escape_once_per_initiative"]:
        return "escape"
    return ""


def _all_orders(state: Board, side: str) -> dict[str, tuple[str, list[tuple[Action, str]]]]:
    """Every piece's orders with their once-per-initiative uses, by piece, with the seat that gives them."""
    pieces: dict[str, tuple[str, list[Action]]] = {}
    table = _Table(state, side)
    for unit in table.mine + [u for u in state.units.values() if u.mounted_in and u.on_table and u.side == side]:
        pieces[unit.id] = (unit.player or state.first_seat(side), unit_orders(state, unit, table))
    for label, dummy in state.dummies.items():
        if dummy.side == side:
            moves = [Action(f"{label}:move:{n}", f"Dummy counter {label}: move to {where(state, n)}")
                     for n in sorted(state.map.reach(dummy.node, state.counter_rate(side),
                                                     enter=lambda n: True,
                                                     stop=lambda n: state.enemy_at(side, n)))]
            pieces[label] = (dummy.player or state.first_seat(side), moves)
    if side == NONVIOLENT and state.jail and state.setup.jail:
        pieces["jail"] = (state.first_seat(side),
                          [Action("jail:escape", f"Jail: the {len(state.jail)} arrested stands try to escape")])
    return {key: (owner, [(a, once_per_initiative(state, *split(a.id))) for a in actions])
            for key, (owner, actions) in pieces.items()}


def _targets(state: Board, unit: Unit) -> list[tuple[str, str, str]]:
    """Opposing units or counters in contact or within reach: (key, node, description)."""
    reach = set(state.destinations(unit)) if not unit.lost else set()
    reach.add(unit.node or "")
    found = []
    for u in state.table_units(other(unit.side)):
        if u.node in reach and (u.hidden or not u.airborne):  # a counter may be anything (BWA-11)
            found.append((u.counter, u.node, f"counter {u.counter}") if u.hidden else (u.id, u.node, u.name))
    for label, d in state.dummies.items():
        if d.side != unit.side and d.node in reach:
            found.append((label, d.node, f"counter {label}"))
    return sorted(found)


class _Table:
    """What every unit's orders look at, worked out once per side and step (nothing moves while
    orders are declared): the pieces on the table, the side's reserves, each group's best weapons."""

    def __init__(self, state: Board, side: str) -> None:
        self.everyone = state.table_units()
        self.mine = [u for u in self.everyone if u.side == side]
        self.reserves = [r for r in state.units.values() if r.side == side and r.status == "reserve"]
        self.weapons: dict[str | None, int] = {}
        for u in state.units.values():
            if u.on_table:
                self.weapons[u.group] = max(self.weapons.get(u.group, u.weapons), u.weapons)


def unit_orders(state: Board, unit: Unit, table: _Table) -> list[Action]:
    """BWA-17: the actions this unit's side may take; BWA-46: a leaderless unit takes none."""
    side, uid, name = unit.side, unit.id, unit.name
    if unit.band or unit.disrupted:
        return []
    if unit.mounted_in:
        return [Action(f"{uid}:dismount", f"{name}: dismount")]
    if side == NONVIOLENT and unit.type == "actionists" and unit.commander is None:
        return []
    acts: list[Action] = []

    def add(verb: str, arg: str, text: str) -> None:
        if may_take(side, verb):
            acts.append(Action(f"{uid}:{verb}" + (f":{arg}" if arg else ""), text))

    if not unit.lost:
        for node in sorted(state.destinations(unit)):
            add("move", node, f"{name}: move to {where(state, node)}")
    if unit.airborne:
        return acts + _communication(state, unit, table)
    if unit.condition != "sitting" and not unit.vehicle:
        add("sit", "", f"{name}: sit down")
    # BWA-19 gap: in contact with the authority, unless the house rule lifts that
    if (state.contact(unit) or not state.options["condition_needs_contact"]) and not unit.vehicle:
        if unit.condition != "fraternizing":
            add("fraternize", "", f"{name}: fraternize with the authority (activation +2)")
        if unit.condition != "partying":
            add("party", "", f"{name}: party with the authority (activation)")
    for key, node, text in _targets(state, unit):
        add("confront", key, f"{name}: confront {text} at {node}")
        add("envelope", key, f"{name}: envelop {text} at {node}")
        add("disrupt", key, f"{name}: disrupt {text} at {node}")
        add("disperse", key, f"{name}: disperse {text} at {node}")
        if state.setup.jail is not None:
            add("arrest", key, f"{name}: arrest stands of {text} at {node}")
    assert unit.node is not None
    if state.map.features[unit.node].kind == "intersection" and unit.node not in state.changed_signs:
        add("signs", "", f"{name}: change the street signs at {unit.node}")
    if unit.barricade != unit.node:
        add("barricade", "", f"{name}: build a barricade at {unit.node} (activation)")
    add("smoke", "pots", f"{name}: light smoke pots (3 balls downwind)")
    if side == AUTHORITY or state.options["smoke_methods_open"]:  # BWA-13 gap: vehicle/artillery smoke
        for method in unit.smoke:
            spot = state.smoke_spot(unit, method)
            if spot is not None:
                place = "behind it" if method == "screen" else "in front of it"
                add("smoke", f"{method}@{spot}", f"{name}: vehicle smoke {method} {place}, at {where(state, spot)}")
        if unit.cannons:
            for n in sorted(state.map.features):
                if n != unit.node and state.sees(unit.node, n):
                    add("smoke", f"barrage@{n}", f"{name}: fire an artillery smoke barrage at {n}")
    if side == AUTHORITY:
        for target in state.table_units(AUTHORITY):
            if (target.reduced or target.lost) and target.node and state.sees(unit.node, target.node):
                acts.append(Action(f"{uid}:rally:{target.id}", f"{name}: rally {target.name}"))
    else:
        for band in state.table_units(NONVIOLENT):
            if band.band and band.node and state.sees(unit.node, band.node):
                acts.append(Action(f"{uid}:regain:{band.id}", f"{name}: commander rallies {band.name}"))
    for v in table.mine:
        if v.vehicle and v.node == unit.node and v is not unit and not unit.vehicle:
            load = sum(len(u.stands) for u in state.units.values() if u.mounted_in == v.id)
            if load + len(unit.stands) <= v.capacity:
                add("mount", v.id, f"{name}: mount {v.name}")
    return acts + _communication(state, unit, table)


def _communication(state: Board, unit: Unit, table: _Table) -> list[Action]:
    side, uid, name = unit.side, unit.id, unit.name
    acts = [Action(f"{uid}:reinforce:{r.id}", f"{name}: request {r.name} as reinforcements") for r in table.reserves]
    if side == AUTHORITY and state.levels[unit.group] < table.weapons[unit.group]:  # BWA-48: up to its weapons
        acts.append(Action(f"{uid}:escalate", f"{name}: commander {unit.group} asks to escalate violence "
                           f"to level {state.levels[unit.group] + 1}"))
    for u in table.mine:
        if u is not unit and not u.band:
            acts.append(Action(f"{uid}:message:{u.id}", f"{name}: send a message to {u.name}"))
    assert unit.node is not None
    for u in table.everyone:
        if not u.band and u.node and (u.side == side or (not u.hidden and state.sees(unit.node, u.node))):
            acts.append(Action(f"{uid}:identify:{u.id}", f"{name}: look for spies and provocateurs in {u.name}"))
    return acts


def reaction_actions(state: Board, actor: Unit, unit: Unit) -> list[Action]:
    """BWA-27: the reactions open to the targeted unit, grouped by reaction; each text says its
    activation and whether a confrontation follows (Shadow and Withdraw avoid it)."""
    assert unit.node is not None and actor.node is not None

    def react(reaction: str, node: str = "") -> Action:
        follows, bonus = REACTIONS[reaction]
        to = f" to {where(state, node)}" if node else ""
        needs = "no activation" if bonus is None else "activation" + (f" +{bonus}" if bonus else "")
        then = "then confronted" if follows else "avoids the confrontation"
        return Action(f"react:{reaction}" + (f":{node}" if node else ""),
                      f"{unit.name}: {REACTION_NAMES[reaction].lower()}{to} ({needs}; {then})")

    acts = [react("hold")]
    if unit.condition != "sitting":
        acts.append(react("sit"))
    rate = state.move_rate(unit)
    free = sorted(n for n in state.destinations(unit) if not state.enemy_at(unit.side, n))
    if not unit.lost:
        half = math.ceil(rate / 2) if rate else None
        paths = state.destinations(unit)
        acts += [react("slow", n) for n in free if half is None or len(paths[n]) <= half]
        acts += [react("shadow", n) for n in free if state.sees(n, actor.node)]
        acts += [react("withdraw", n) for n in free
                 if state.map.dist(n, actor.node) > state.map.dist(unit.node, actor.node)]
    if any(u.mounted_in == unit.id for u in state.units.values()):
        acts.append(react("dismount"))
    return acts


def place_actions(state: Board, unit: Unit) -> list[Action]:
    """BWA-07 gap: two of the unit's own moves away, as far as the map allows."""
    assert unit.node is not None
    rate = unit.rate or 1
    want = rate * int(state.options["lost_moves"])
    dist = state.map.distance[unit.node]
    fits = [n for n, d in dist.items() if d <= want and state.can_enter(unit, n)
            and not state.enemy_at(unit.side, n)]
    far = max((dist[n] for n in fits), default=0)
    return [Action(f"place:{n}", f"Place the lost {known_as(unit)} at {where(state, n)}")
            for n in sorted(fits) if dist[n] == far]


def why_illegal(state: Board, seat: str, action_id: str) -> str:
    if seat not in state.to_act():
        return f"it is not {seat}'s decision now"
    task = state.tasks[0]
    side = state.side_of(seat)
    if task.kind == "orders" and ":" in action_id:
        key, verb, _ = split(action_id)
        unit = state.units.get(key)
        if unit is not None and unit.hidden and unit.side != side:
            unit = None  # BWA-11: an unsighted enemy unit is not known by its id
        if verb in ACTION_NAMES and not may_take(side, verb):
            return f"the {side} side may not take {ACTION_NAMES[verb]} (BWA-17)"
        if unit is not None and unit.side != side:
            return f"{key} is not a {side} unit"
        if unit is not None and unit.player != seat:
            return f"{key} takes its orders from {unit.player}, not {seat}"
        if key in state.ordered:
            return f"{key} already has an order this step (BWA-01)"
        if unit is not None and unit.commander is None and unit.nonviolent and unit.type == "actionists":
            return f"{unit.name} has no commander and cannot take actions (BWA-46)"
    return f"{action_id!r} is not among the {task.kind} choices now"
