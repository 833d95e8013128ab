"""Paramedics: triage (CD-57), stretchers and loading (CD-58), ambulances (CD-59), and the
recovery duty (CD-56). The ambulance drives to the casualty (CD-15), so walking wounded and
stretchers have no distance to cover."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..tables import AMBULANCE_PLACES, TRIAGE
from ..view import tell, witnesses
from .movement import travel

if TYPE_CHECKING:
    from ..state import Casualty, SFUnit, World

#: CD-57 / CD-58 / CD-56 default: the turns of work after the paramedic reaches the body.
WORK = {
    "scratch": ["patch"],  # 1: one turn of patching, then carries on as before
    "walking": ["patch", "load"],  # 2-3: patched, walks unaided to the ambulance
    "stretcher": ["patch", "stretcher", "load"],  # 4-5: patch, stretcher, load (separate turns)
    "dies": ["resuscitate", "resuscitate", "stretcher", "load"],  # 6: dies after two turns
    "dead": ["stretcher", "load"],  # CD-56 default: bodies are recovered as stretcher cases
}


def space(casualty: Casualty) -> int:
    """CD-59 default: a stretcher case (a body too, CD-56) takes the space of 2 walking wounded."""
    return 2 if casualty.stage in ("stretcher", "dead") else 1


def places(s: World, unit: SFUnit) -> int:
    """CD-59: the places taken in an ambulance."""
    return sum(space(s.casualties[c]) for c in unit.load)


def claimed(s: World) -> set[str]:
    return {str(u.task["casualty"]) for u in s.units.values() if u.task}


def move_paramedics(s: World, unit: SFUnit) -> None:
    """CD-12 step 2: a paramedic unit on 'treat' drives to the nearest untreated casualty."""
    if unit.task is None:
        lying = [c for c in s.casualties.values() if c.stage == "lying" and c.id not in claimed(s)]
        if not lying:
            return
        hops = s.town.hops_to(unit.node)
        casualty = min(lying, key=lambda c: (hops[c.node], c.id))
        unit.task = {"casualty": casualty.id, "steps": None}
    node = s.casualties[str(unit.task["casualty"])].node
    if unit.node != node:
        travel(s, unit, node)


def paramedics(s: World) -> None:
    """CD-12 step 6: ambulances return, evacuate, or work on their casualty."""
    for unit in s.units.values():
        if not unit.type.paramedics:
            continue
        if unit.away_until and s.turn >= unit.away_until:
            unit.away_until = 0
            tell(s, "CD-59", f"Ambulance {unit.id} is back.", units=[unit.id])
        if not unit.on_table:
            continue
        if unit.order == "evacuate":
            evacuate(s, unit)
        elif unit.order == "treat" and unit.task is not None:
            work(s, unit)


def work(s: World, unit: SFUnit) -> None:
    """CD-57/CD-58: one turn of work on the unit's casualty (triage on reaching it)."""
    assert unit.task is not None
    casualty = s.casualties[str(unit.task["casualty"])]
    if unit.node != casualty.node:
        return
    steps = unit.task["steps"]
    if steps is None:  # reaching the body
        unit.task["steps"] = list(WORK[triage(s, unit, casualty)])
        return
    assert isinstance(steps, list)
    step = steps[0]
    if step in ("stretcher", "load") and casualty.stage in ("stretcher", "dead", "dying") and unit.fit < 2:
        tell(s, "CD-58", f"{unit.id} needs two paramedics to man the stretcher.", units=[unit.id])
        return
    if step == "load" and places(s, unit) + space(casualty) > AMBULANCE_PLACES:
        tell(s, "CD-59", f"Ambulance {unit.id} is full (2 stretcher cases or 4 walking wounded).",
             units=[unit.id])
        return
    steps.pop(0)
    do_step(s, unit, casualty, step, steps)
    if not steps:
        unit.task = None


def triage(s: World, unit: SFUnit, casualty: Casualty) -> str:
    """CD-57: 1d6 for a wounded figure; CD-56 default: no roll for the dead."""
    if casualty.status == "dead":
        casualty.stage = "dead"
        return "dead"
    face = s.d6("CD-57", unit.id, f"triage of {casualty.id}")
    result = TRIAGE[face]
    casualty.stage = {"scratch": "treated", "walking": "walking", "stretcher": "stretcher",
                      "dies": "dying"}[result]
    words = {"scratch": "It's only a scratch", "walking": "Don't worry, you'll be fine",
             "stretcher": "Lie still, you're in good hands now", "dies": "Sorry, there was nothing we could do"}
    tell(s, "CD-57", f"{unit.id} reaches casualty {casualty.id}: \"{words[result]}\".", nodes=[casualty.node],
         units=[unit.id])
    return result


def do_step(s: World, unit: SFUnit, casualty: Casualty, step: str, rest: list[str]) -> None:
    """Finish one turn's step of the casualty's care (``rest``: the steps still to come)."""
    if step == "patch" and casualty.stage == "treated":  # CD-57 result 1: back in action
        casualty.stage = "returned"
        _return_to_action(s, casualty)
    elif step == "resuscitate" and "resuscitate" not in rest:
        casualty.status, casualty.stage = "dead", "dead"  # CD-57 result 6: dies after two turns
        told = witnesses(s, units=[unit.id])
        s.count(f"{casualty.side}_wounded", told, -1)
        s.count(f"{casualty.side}_dead", told)
        tell(s, "CD-57", f"Casualty {casualty.id} dies in the paramedics' arms.", units=[unit.id])
    elif step == "load":  # CD-58: one turn to put a casualty into the ambulance
        unit.load.append(casualty.id)
        casualty.stage = "stretcher" if casualty.stage in ("stretcher", "dead") else "walking"
        tell(s, "CD-58", f"{unit.id} loads casualty {casualty.id}.", units=[unit.id])


def _return_to_action(s: World, casualty: Casualty) -> None:
    s.count(f"{casualty.side}_wounded", witnesses(s, [casualty.node]), -1)
    if casualty.side == "sf" and casualty.origin in s.players:
        s.players[casualty.origin].out = False  # a player's own figure is back in action
    elif casualty.side == "sf" and casualty.origin in s.units:
        s.units[casualty.origin].figures += 1
    elif casualty.side == "crowd" and s.crowds[casualty.origin].gone is None:
        s.crowds[casualty.origin].figures += 1
    tell(s, "CD-57", f"Casualty {casualty.id} is patched up and carries on.", nodes=[casualty.node])


def evacuate(s: World, unit: SFUnit) -> None:
    """CD-59 default: casualties are evacuated when the ambulance leaves; it is back after a while."""
    for cid in unit.load:
        s.casualties[cid].stage = "evacuated"
    tell(s, "CD-59", f"Ambulance {unit.id} leaves for hospital with {len(unit.load)} casualties.",
         units=[unit.id])
    unit.load = []
    unit.task = None
    unit.away_until = s.turn + s.options.ambulance_return_turns
    unit.order = "treat"


def wound_sf(s: World, unit: SFUnit, cause: str, *, dead: bool = False) -> None:
    """An SF figure is wounded (or killed): it leaves the unit as a casualty (CD-56)."""
    if unit.figures <= 0:
        return
    unit.figures -= 1
    if unit.down and len(unit.down) > unit.figures:
        unit.down.pop()
    s.add_casualty(unit.node, "sf", unit.id, "dead" if dead else "wounded", cause,
                   witnesses(s, [unit.node], [unit.id]))
    s.unit_wounded[unit.id] = s.unit_wounded.get(unit.id, 0) + 1
    s.unit_event(unit, "member wounded")
    tell(s, "CD-56", f"A figure of {unit.id} is {'killed' if dead else 'wounded'} ({cause}).",
         nodes=[unit.node], units=[unit.id])
