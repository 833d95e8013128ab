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
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from riotact.core.open_orders import OrderList, Orders, Run, split
from riotact.core.protocol import Action

from ..state import Dummy, Task, Unit, World
from ..tables import ACTION_NAMES, AUTHORITY, NONVIOLENT, REACTION_NAMES, REACTIONS, may_take

DONE = Action("done", "End the orders for this action step")  # BWA-01: the side ends its step

__all__ = ["DONE", "split"]


def find_target(state: World, key: str) -> Unit | Dummy | None:
    """A target by unit id (when sighted) or counter label (while hidden)."""
    if key in state.dummies:
        return state.dummies[key]
    unit = state.units.get(key)
    if unit is not None and unit.on_table and not unit.hidden:
        return unit
    return next((u for u in state.units.values() if u.hidden and u.counter == key and u.on_table), None)


def where(state: World, node: str) -> str:
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


def prompt_actions(state: World, task: Task, seat: str) -> Sequence[Action]:
    if task.kind == "orders":
        return order_actions(state, seat)
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


def arrest_actions(state: World, task: Task) -> list[Action]:
    """BWA-35: the authority picks the next stand to arrest, one at a time, or stops ("up to")."""
    target = state.units[task.data["target"]]
    left = sum(n for _, n in task.data["capacity"])
    picks = [Action(f"arrest-stand:{s.id}", f"Arrest stand {s.id} of {target.name} ({s.quality_name}"
                    + (", commander" if s.commander else "") + f"); {left} arrest(s) left")
             for s in target.stands if s.id not in task.data["tried"]]
    return [*picks, Action("arrest-done", "Stop arresting")]


def order_actions(state: World, seat: str) -> OrderList:
    """Orders still open to ``seat`` this step: nothing moves while orders are declared, so each
    piece's orders are worked out once per step and closed as orders are given (see riotact.core.open_orders)."""
    if state.orders_cache is None:
        state.orders_cache = _all_orders(state, state.side_of(seat))
    return OrderList(state.orders_cache, seat, DONE)


def once_per_initiative(state: World, key: str, verb: str, arg: str) -> str:
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
    if verb == "escape" and state.options.escape_once_per_initiative:
        return "escape"
    return ""


def _all_orders(state: World, side: str) -> Orders:
    """Every piece's orders not yet given this step, with the seat that gives them."""
    table = step_table(state, side)
    orders = table.orders

    def add(key: str, seat: str, name: str, actions: list[Action], runs: list[Run]) -> None:
        if key in state.ordered:
            return
        uses = [(a, once_per_initiative(state, *split(a.id))) for a in actions]
        orders.add(key, seat, name, [(a, use) for a, use in uses if not use or use not in state.used], runs)

    for unit in table.mine + [u for u in state.units.values() if u.mounted_in and u.on_table and u.side == side]:
        actions, runs = unit_orders(state, unit, table)
        add(unit.id, unit.player or state.first_seat(side), unit.name, actions, runs)
    for label, dummy in state.dummies.items():
        if dummy.side == side:
            moves = [Action(f"{label}:move:{n}", f"Dummy counter {label}: move to {where(state, n)}")
                     for n in sorted(state.map.reach(dummy.node, table.counter_rate, enter=lambda n: True,
                                                     stop=table.stops.__contains__))]
            add(label, dummy.player or state.first_seat(side), label, moves, [])
    if side == NONVIOLENT and state.jail and state.setup.jail:
        add("jail", state.first_seat(side), "Jail",
            [Action("jail:escape", f"Jail: the {len(state.jail)} arrested stands try to escape")], [])
    return orders


_TARGET_TEXTS = (("confront", "confront {}"), ("envelope", "envelop {}"), ("disrupt", "disrupt {}"),
                 ("disperse", "disperse {}"), ("arrest", "arrest stands of {}"))


@dataclass
class StepTable:
    """What every unit's orders look at, worked out once per side and step (nothing moves while
    orders are declared): the pieces on the table, where enemies stop a move or touch, what each
    place sees, and the runs of orders pieces share (see riotact.core.open_orders), made once per kind and place."""

    state: World
    side: str
    orders: Orders
    everyone: list[Unit]
    mine: list[Unit]
    weapons: dict[str | None, int]
    stops: set[str]
    touched: set[str | None]
    enemy_places: set[str]
    counter_rate: int
    loads: dict[str, int]
    sight: dict[tuple[str, str], bool] = field(default_factory=dict)
    runs: dict[tuple[object, ...], Run] = field(default_factory=dict)
    reach: dict[tuple[str, int | None, bool], dict[str, list[str]]] = field(default_factory=dict)


def step_table(state: World, side: str) -> StepTable:
    everyone = state.table_units()
    weapons: dict[str | None, int] = {}
    for u in state.units.values():
        if u.on_table:
            weapons[u.group] = max(weapons.get(u.group, u.weapons), u.weapons)
    loads: dict[str, int] = {}
    for u in state.units.values():
        if u.mounted_in:
            loads[u.mounted_in] = loads.get(u.mounted_in, 0) + len(u.stands)
    return StepTable(state, side, Orders(), everyone, [u for u in everyone if u.side == side], weapons,
                     state.enemy_nodes(side), {u.node for u in everyone if u.side != side and not u.airborne},
                     state.enemy_places(side), state.counter_rate(side), loads)


def step_destinations(table: StepTable, unit: Unit) -> dict[str, list[str]]:
    """``World.destinations`` for the step's fixed table, once per place, rate and kind."""
    assert unit.node is not None
    rate = table.state.move_rate(unit)
    key = (unit.node, rate, unit.type == "land_vehicle")
    if key not in table.reach:
        table.reach[key] = table.state.destinations(unit, stops=table.stops)
    return table.reach[key]


def step_sees(table: StepTable, a: str, b: str | None) -> bool:
    """Sight from place ``a`` to place ``b`` (BWA-09/10), once per pair of places."""
    if b is None:
        return False
    if (a, b) not in table.sight:
        table.sight[a, b] = table.state.sees(a, b)
    return table.sight[a, b]


def shared_run(table: StepTable, key: tuple[object, ...],
               make: Callable[[], tuple[tuple[tuple[str, str], ...], list[tuple[str, str]]]],
               *, skip_self: bool = False, use: str = "") -> list[Run]:
    """The run ``key`` (made once by ``make``: verbs and items), as a holder's list (empty: nothing)."""
    if key not in table.runs:
        verbs, items = make()
        table.runs[key] = table.orders.run(verbs, items, skip_self=skip_self, use=use)
    run = table.runs[key]
    return [run] if run.width else []


def target_runs(table: StepTable, unit: Unit, reach: frozenset[str]) -> list[Run]:
    """BWA-21: opposing units or counters in contact or within reach, for each targeted action."""
    state, side = table.state, table.side

    def make() -> tuple[tuple[tuple[str, str], ...], list[tuple[str, str]]]:
        found = []
        for u in table.everyone:
            if u.side != side and u.node in reach and (u.hidden or not u.airborne):  # a counter may be anything
                found.append((u.counter, u.node, f"counter {u.counter}") if u.hidden else (u.id, u.node, u.name))
        for label, d in state.dummies.items():
            if d.side != side and d.node in reach:
                found.append((label, d.node, f"counter {label}"))
        verbs = tuple((v, t) for v, t in _TARGET_TEXTS if may_take(side, v)
                      and (v != "arrest" or state.setup.jail is not None))
        return verbs, [(key, f"{text} at {node}") for key, node, text in sorted(found)]

    return shared_run(table, ("targets", reach), make)


def communication_orders(table: StepTable, unit: Unit) -> tuple[list[Action], list[Run]]:
    """BWA-06, 25, 26, 49: reinforcements, escalation, messages and looking for spies."""
    state, side, node = table.state, table.side, unit.node
    assert node is not None
    acts = []
    if side == AUTHORITY and state.levels[unit.group] < table.weapons[unit.group]:  # BWA-48: up to its weapons
        acts.append(Action(f"{unit.id}:escalate", f"{unit.name}: commander {unit.group} asks to escalate "
                           f"violence to level {state.levels[unit.group] + 1}"))
    reserves = shared_run(table, ("reinforce",), lambda: (
        (("reinforce", "request {} as reinforcements"),),
        [(r.id, r.name) for r in state.units.values() if r.side == side and r.status == "reserve"
         and f"reinforce:{r.id}" not in state.used]), use="reinforce:")
    messages = shared_run(table, ("message",), lambda: (
        (("message", "send a message to {}"),), [(u.id, u.name) for u in table.mine if not u.band]),
        skip_self=True)
    identify = shared_run(table, ("identify", node), lambda: (
        (("identify", "look for spies and provocateurs in {}"),),
        [(u.id, u.name) for u in table.everyone if not u.band and u.node
         and (u.side == side or (not u.hidden and step_sees(table, node, u.node)))]))
    return acts, reserves + messages + identify


def unit_orders(state: World, unit: Unit, table: StepTable) -> tuple[list[Action], list[Run]]:
    """BWA-17: the actions this unit's side may take (its own, and the runs it shares); BWA-46: a
    leaderless unit takes none."""
    side, uid, name = unit.side, unit.id, unit.name
    if unit.band or unit.disrupted:
        return [], []
    if unit.mounted_in:
        return [Action(f"{uid}:dismount", f"{name}: dismount")], []
    if side == NONVIOLENT and unit.type == "actionists" and unit.commander is None:
        return [], []
    acts: list[Action] = []
    runs: list[Run] = []

    def add(verb: str, arg: str, text: str) -> None:
        if may_take(side, verb):
            acts.append(Action(f"{uid}:{verb}" + (f":{arg}" if arg else ""), text))

    assert unit.node is not None
    node = unit.node
    paths = step_destinations(table, unit) if not unit.lost else {}
    for n in sorted(paths):
        add("move", n, f"{name}: move to {where(state, n)}")
    if unit.airborne:
        talk, shared = communication_orders(table, unit)
        return acts + talk, shared
    if unit.condition != "sitting" and not unit.vehicle:
        add("sit", "", f"{name}: sit down")
    # BWA-19 gap: in contact with the authority, unless the house rule lifts that
    if (node in table.touched or not state.options.condition_needs_contact) and not unit.vehicle:
        if unit.condition != "fraternizing":
            add("fraternize", "", f"{name}: fraternize with the authority (activation +2)")
        if unit.condition != "partying":
            add("party", "", f"{name}: party with the authority (activation)")
    runs += target_runs(table, unit, frozenset([*paths, node]))
    if state.map.features[node].kind == "intersection" and node not in state.changed_signs:
        add("signs", "", f"{name}: change the street signs at {node}")
    if unit.barricade != node:
        add("barricade", "", f"{name}: build a barricade at {node} (activation)")
    add("smoke", "pots", f"{name}: light smoke pots (3 balls downwind)")
    if side == AUTHORITY or state.options.smoke_methods_open:  # BWA-13 gap: vehicle/artillery smoke
        for method in unit.smoke:
            spot = state.smoke_spot(unit, method, table.enemy_places)
            if spot is not None:
                place = "behind it" if method == "screen" else "in front of it"
                add("smoke", f"{method}@{spot}", f"{name}: vehicle smoke {method} {place}, at {where(state, spot)}")
        if unit.cannons:
            for n in sorted(state.map.features):
                if n != node and state.sees(node, n):
                    add("smoke", f"barrage@{n}", f"{name}: fire an artillery smoke barrage at {n}")
    if side == AUTHORITY:  # BWA-30
        runs += shared_run(table, ("rally", node), lambda: ((("rally", "rally {}"),), [
            (t.id, t.name) for t in table.mine if (t.reduced or t.lost) and step_sees(table, node, t.node)
            and f"rally:{t.id}" not in state.used]), use="rally:")
    else:
        for band in table.mine:
            if band.band and step_sees(table, node, band.node):
                acts.append(Action(f"{uid}:regain:{band.id}", f"{name}: commander rallies {band.name}"))
    if not unit.vehicle and may_take(side, "mount"):  # BWA-20: a vehicle here with room for it
        runs += shared_run(table, ("mount", node, len(unit.stands)), lambda: ((("mount", "mount {}"),), [
            (v.id, v.name) for v in table.mine if v.vehicle and v.node == node
            and table.loads.get(v.id, 0) + len(unit.stands) <= v.capacity]))
    talk, shared = communication_orders(table, unit)
    return acts + talk, runs + shared


def reaction_actions(state: World, actor: Unit, unit: Unit) -> list[Action]:
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


def place_actions(state: World, unit: Unit) -> list[Action]:
    """BWA-07 gap: two of the unit's own moves away, as far as the map allows."""
    assert unit.node is not None
    rate = unit.rate or 1
    want = rate * state.options.lost_moves
    dist = state.map.distance[unit.node]
    fits = [n for n, d in dist.items() if d <= want and state.can_enter(unit, n)
            and not state.enemy_at(unit.side, n)]
    far = max((dist[n] for n in fits), default=0)
    return [Action(f"place:{n}", f"Place the lost {known_as(unit)} at {where(state, n)}")
            for n in sorted(fits) if dist[n] == far]


def why_illegal(state: World, seat: str, action_id: str) -> str:
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
