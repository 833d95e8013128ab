"""The sequence of play (BWA-01/02): initiative, orders, reactions and their resolution.

The game is a queue of :class:`~..state.Task` steps. A task with a seat waits for that seat's
decision (orders, a reaction, a withdrawal, ...); the others run at once. Orders are declared first
and then resolved in the order given (BWA-01 gap); each targeted unit chooses its reaction when its
turn comes.
"""

from __future__ import annotations

from collections.abc import Callable

from riotact.core.modifiers import Modifier

from .. import view
from ..state import Task, World
from ..tables import (
    NONVIOLENT,
    REACTION_NAMES,
    REACTIONS,
    SIDES,
    other,
)
from . import actions, combat, morale, movement, orders
from .victory import final_result


def run(w: World) -> None:
    while w.result is None:
        if not w.tasks:
            begin_step(w)
            continue
        task = w.tasks[0]
        if task.kind == "orders":
            if w.to_act():
                return
            resolve_orders(w, task)
            continue
        if task.seat is not None:
            actions = orders.prompt_actions(w, task, task.seat)
            if actions:  # kept for legal_actions: nothing changes before the next apply
                w.legal_cache = (w.legal_version, task.seat, actions)
                return
            w.tasks.pop(0)  # nothing left to decide
            continue
        w.tasks.pop(0)
        RUNS[task.kind](w, task)


def begin_step(w: World) -> None:
    if w.umpire.turn >= w.setup.length or side_gone(w):
        w.result = final_result(w)
        return
    w.umpire.turn += 1
    w.ordered = set()
    w.orders_cache = None
    w.lose_initiative = False
    w.took_risk = False
    w.umpire.effect("BWA-01", f"Action step {w.umpire.turn} of {w.setup.length}: the "
                       f"{w.initiative} side declares its actions.")
    w.tasks.append(Task("orders", None, {"side": w.initiative, "done": [], "orders": []}))


def side_gone(w: World) -> bool:
    for side in SIDES:
        alive = [u for u in w.units.values() if u.side == side and u.stands
                 and u.status in ("table", "reserve", "arriving")]
        if not alive and not (side == NONVIOLENT and w.jail):
            return True
    return False


def run_end_step(w: World, task: Task) -> None:
    side = w.initiative
    for unit in w.units.values():
        if unit.side == side:
            unit.disrupted = False
    if w.lose_initiative:
        change_initiative(w, "a risk failed")
    elif not w.took_risk and w.options.no_risk_ends_initiative:
        change_initiative(w, "it took no risk in this step (BWA-02)")
    else:
        w.umpire.effect("BWA-02", f"The {side} side took risks and succeeded: it keeps the initiative.")


def change_initiative(w: World, why: str) -> None:
    """BWA-02: the initiative passes; smoke clears (BWA-13), discards test (BWA-29)."""
    new = other(w.initiative)
    w.umpire.effect("BWA-02", f"The {w.initiative} side loses the initiative ({why}); the {new} "
                       "side has it now.")
    if w.smoke and w.options.smoke_clears_on_initiative:
        w.smoke.clear()
        w.umpire.effect("BWA-13", "All smoke clears.")
        movement.update_sighting(w)
    discard_losses(w)
    w.initiative = new
    w.initiative_number += 1
    w.used = set()
    follow: list[Task] = []
    for unit in list(w.units.values()):
        if unit.status == "arriving" and unit.side == new:
            actions.arrive(w, unit)
    for unit in list(w.units.values()):
        if unit.band and unit.on_table:
            follow.append(Task("band", None, {"band": unit.id, "asked": False}))
    if new == NONVIOLENT:
        if w.options.condition_lasts == "next_initiative":  # BWA-19 house rule
            for unit in w.table_units(NONVIOLENT):
                if unit.condition:
                    w.umpire.effect("BWA-19", f"{view.own_label(w, unit)} is no longer {unit.condition}.",
                                       visible_to=view.witnesses(w, unit), unit=unit.id)
                    unit.condition = None
        find_commanders(w)
        follow += rally_dice(w)
    w.tasks[0:0] = follow


def answer_orders(w: World, task: Task, action_id: str, seat: str) -> None:
    """BWA-01: each player declares his units' orders; they resolve once all are done."""
    if action_id != "done":
        key, verb, arg = orders.split(action_id)
        task.data["orders"].append([key, verb, arg])
        w.ordered.add(key)
        use = orders.once_per_initiative(w, key, verb, arg)  # used up when declared
        if use:
            w.used.add(use)
        if w.orders_cache is not None:
            w.orders_cache.take(key, use)
        return  # the seat ends its orders itself, so a "done" typed ahead ends only this step
    task.data["done"].append(seat)


def resolve_orders(w: World, task: Task) -> None:
    w.tasks.pop(0)
    steps = [Task("resolve", None, {"key": k, "verb": v, "arg": a}) for k, v, a in task.data["orders"]]
    w.tasks[0:0] = [*steps, Task("end_step")]


def run_resolve(w: World, task: Task) -> None:
    key, verb, arg = task.data["key"], task.data["verb"], task.data["arg"]
    if w.lose_initiative:  # BWA-01/02: a side that has lost the initiative acts no more
        w.umpire.effect("BWA-02", f"The {w.initiative} side has lost the initiative: the order "
                           f"for {order_label(w, key)} ({verb}) is not carried out.",
                           visible_to=view.side_only(w, w.initiative))
        return
    if key in w.dummies:
        actions.move_dummy(w, key, arg)
        return
    if key not in w.units and key != "jail":
        w.umpire.effect("BWA-11", f"Counter {key} was removed: its order lapses.",
                           visible_to=view.side_only(w, w.initiative))
        return
    if key == "jail":
        combat.escape(w)
        return
    unit = w.units[key]
    if not unit.on_table or not unit.stands:
        w.umpire.effect("BWA-17", f"{unit.name} ({unit.id}) is no longer on the table: its "
                           f"{verb} is not carried out.", visible_to=view.side_only(w, unit.side))
        return
    actions.ORDERS[verb](w, unit, arg)


def order_label(w: World, key: str) -> str:
    """A piece named for its own side: a unit by name, a dummy or the jail by its key."""
    unit = w.units.get(key)
    return f"{unit.name} ({unit.id})" if unit is not None else key


def answer_react(w: World, task: Task, action_id: str, seat: str) -> None:
    w.tasks.pop(0)
    w.tasks.insert(0, Task("finish", None, {**task.data, "reaction": action_id}))


def run_finish(w: World, task: Task) -> None:
    """BWA-27: apply the reaction, then resolve the action if a confrontation follows."""
    unit, target = w.units[task.data["unit"]], w.units[task.data["target"]]
    verb = task.data["verb"]
    if not (unit.on_table and unit.stands and target.on_table and target.stands):
        actions.fizzle(w, unit, verb, "one of the units has left the table")
        return
    parts = task.data["reaction"].split(":")
    reaction, node = parts[1], (parts[2] if len(parts) > 2 else "")
    follows, bonus = REACTIONS[reaction]
    name = REACTION_NAMES[reaction]
    if bonus is not None and not morale.activation(w, target, f"the {name} reaction", bonus):
        w.umpire.effect("BWA-18", f"{view.label(target)} fails activation: it Holds instead.",
                           unit=target.id)
        reaction, follows = "hold", True
    actions.react(w, unit, target, reaction, node)
    if not follows or target.node != unit.node or not target.on_table:
        w.umpire.effect("BWA-27", f"No confrontation follows: {view.label(unit)}'s {verb} has "
                           "no effect.", unit=unit.id)
        return
    if verb == "arrest":
        combat.arrest(w, unit, target)
        return
    if verb == "envelope":
        unit.enveloping = target.id
        w.umpire.effect("BWA-22", f"{view.label(unit)} envelops {view.label(target)}.", unit=unit.id)
    out = combat.confront(w, unit, target, why=verb)
    if verb == "disperse" and out.won_by(unit):
        actions.disperse(w, target)
        return
    if verb == "disrupt" and out.won_by(unit) and w.options.disrupt_effect:
        target.disrupted = True
        w.umpire.effect("BWA-23", f"{view.label(target)} is disrupted: it loses its next action.",
                           unit=target.id)
    combat.settle(w, out)


def answer_arrest(w: World, task: Task, action_id: str, seat: str) -> None:
    """BWA-35: one chosen stand tests to resist arrest; stop when told or when nothing is left."""
    police, target = w.units[task.data["unit"]], w.units[task.data["target"]]
    if action_id != "arrest-done":
        stand_id = action_id.split(":", 1)[1]
        task.data["tried"].append(stand_id)
        if combat.resist_arrest(w, police, target, task.data["capacity"], stand_id):
            task.data["arrested"] += 1
    left = [s for s in target.stands if s.id not in task.data["tried"]]
    if action_id == "arrest-done" or not left or not task.data["capacity"]:
        w.tasks.pop(0)
        combat.end_arrest(w, target, task.data["arrested"])


def answer_withdraw(w: World, task: Task, action_id: str, seat: str) -> None:
    w.tasks.pop(0)
    combat.withdraw_to(w, w.units[task.data["unit"]], action_id.split(":", 1)[1], task.data["rule"])


def answer_place_lost(w: World, task: Task, action_id: str, seat: str) -> None:
    """BWA-07: the opponent places the lost unit."""
    w.tasks.pop(0)
    unit = w.units[task.data["unit"]]
    movement.place(w, unit, action_id.split(":", 1)[1])
    w.umpire.effect("BWA-07", f"The {other(unit.side)} side places lost {view.own_label(w, unit)} at "
                       f"{unit.node}.", visible_to=view.witnesses(w, unit), unit=unit.id)
    if unit.hidden:
        w.umpire.effect("BWA-11", f"Counter {unit.counter} is moved to {unit.node}.",
                           counter=unit.counter)
    movement.update_sighting(w)


def find_commanders(w: World) -> None:
    """BWA-47: the highest-quality stand makes a morale check, +1 per earlier attempt."""
    for unit in w.table_units(NONVIOLENT):
        if unit.band or unit.type != "actionists" or unit.commander is not None or not unit.stands:
            continue
        best = max(unit.stands, key=lambda s: s.quality)
        mods = [Modifier(unit.attempts, "earlier attempts", "BWA-47")] if unit.attempts else []
        unit.attempts += 1
        if morale.stand_check(w, best, f"{view.label(unit)} stand {best.id}", "BWA-47",
                            "finding a new commander", mods, vis=view.witnesses(w, unit)).passed:
            best.commander = True
            unit.attempts = 0
            w.umpire.effect("BWA-47", f"{view.own_label(w, unit)} has a new commander: {best.id}.",
                               visible_to=view.witnesses(w, unit), unit=unit.id)


def rally_dice(w: World) -> list[Task]:
    """BWA-28: one die per 10 discarded stands, each assigned to a leader."""
    dice = len(w.discarded) // w.options.rally_stands_per_die
    if dice:
        w.umpire.effect("BWA-28", f"{len(w.discarded)} discarded stands: the nonviolent side has "
                           f"{dice} rally dice.", dice=dice)
    return [Task("rally_die", w.first_seat(NONVIOLENT)) for _ in range(dice)]


def answer_rally_die(w: World, task: Task, action_id: str, seat: str) -> None:
    w.tasks.pop(0)
    unit = w.units[action_id.split(":", 1)[1]]
    roll = w.umpire.roll_total("BWA-28", f"Commander of {view.own_label(w, unit)}", 1, 6,
                                  purpose="rallying discarded stands", visible_to=view.witnesses(w, unit))
    rallied = w.discarded[:roll.total]
    del w.discarded[:roll.total]
    unit.stands.extend(rallied)
    w.umpire.effect("BWA-28", f"{len(rallied)} discarded stand(s) are rallied and placed touching "
                       f"the commander of {view.own_label(w, unit)}.", visible_to=view.witnesses(w, unit))


def discard_losses(w: World) -> None:
    """BWA-29: when the initiative changes, each discarded stand rolls 2D6 to stay."""
    for stand in list(w.discarded):
        roll = w.umpire.roll_total("BWA-29", f"discarded stand {stand.id}", 2, 6,
                                      purpose="staying available", target=stand.morale_number)
        if not roll.passed:
            w.discarded.remove(stand)
            w.removed[NONVIOLENT] += 1
            w.umpire.effect("BWA-29", f"Discarded stand {stand.id} is permanently removed.")


def run_band(w: World, task: Task) -> None:
    """BWA-40/41: the band moves toward the closest authority unit in sight and attacks."""
    band = w.units[task.data["band"]]
    if not band.on_table or not band.stands:
        return
    target = combat.band_target(w, band)
    if target is None:
        w.umpire.effect("BWA-40", f"{view.label(band)} see no authority unit: they stay.")
        return
    assert band.node is not None and target.node is not None
    if band.node != target.node:
        nxt = min(w.map.neighbours[band.node],
                  key=lambda n: (w.map.dist(n, target.node or ""), n))
        if not task.data["asked"] and not task.data.get("stopped"):
            blockers = [u.id for u in w.table_units(NONVIOLENT)
                        if not u.band and u.commander is not None and u.node in (band.node, nxt)]
            if blockers:
                seat = w.units[blockers[0]].player or w.first_seat(NONVIOLENT)
                w.tasks.insert(0, Task("block", seat, {"band": band.id, "options": blockers}))
                return
        if task.data.get("stopped"):
            return
        movement.move_along(w, band, [nxt], rule="BWA-40")
        if band.node != target.node:
            return
    combat.band_attack(w, band, target)


def answer_block(w: World, task: Task, action_id: str, seat: str) -> None:
    """BWA-41: a unit under command may confront the band to stop it."""
    w.tasks.pop(0)
    band = w.units[task.data["band"]]
    stopped = False
    if action_id != "noblock":
        blocker = w.units[action_id.split(":", 1)[1]]
        out = combat.confront(w, blocker, band, why="blocking stands without discipline",
                            moves_initiative=False)
        if out.won_by(blocker, w.options.block_ratio):  # BWA-41 gap: 2 or more
            band.blocked = stopped = True
            w.umpire.effect("BWA-41", f"{view.label(band)} are blocked and stop.", band=band.id)
    w.tasks.insert(0, Task("band", None, {"band": band.id, "asked": True, "stopped": stopped}))


#: The steps that run without a decision, by task kind.
RUNS: dict[str, Callable[[World, Task], None]] = {
    "end_step": run_end_step,
    "resolve": run_resolve,
    "finish": run_finish,
    "band": run_band,
}
#: What a seat's decision does, by the kind of task that waits for it.
ANSWERS: dict[str, Callable[[World, Task, str, str], None]] = {
    "orders": answer_orders,
    "react": answer_react,
    "arrest": answer_arrest,
    "withdraw": answer_withdraw,
    "place_lost": answer_place_lost,
    "rally_die": answer_rally_die,
    "block": answer_block,
}
