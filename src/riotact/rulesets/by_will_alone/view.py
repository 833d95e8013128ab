"""What each seat may see (BWA-11): its own pieces, sighted opposing units, and
opposing counters that say nothing about what is behind them.

The one statement of what a seat knows: the seat's view and its copy of the scenario, who is told
of an event (the audiences the rules pass as ``visible_to=``), how an event names a unit for its
audience, and the conformance sentinels that must not leak. The determiniser reads it too."""

from __future__ import annotations

import copy
from typing import Any

from riotact.core.audiences import seats_only as seats_only  # shared: see there
from riotact.core.log import ALL, UMPIRE, Visibility

from .rules.victory import scores
from .state import Unit, World, spied
from .tables import AUTHORITY, NONVIOLENT, seat_side


def unit_view(state: World, unit: Unit, seat: str) -> dict[str, Any]:
    side = "" if seat == UMPIRE else state.side_of(seat)
    own = seat == UMPIRE or side == unit.side
    out: dict[str, Any] = {
        "id": unit.id, "side": unit.side, "name": unit.name, "type": unit.type, "feature": unit.node,
        "stands": [{"id": s.id, "quality": s.quality_name, "morale": s.morale_number,
                    "commander": s.commander,
                    **({"role": s.role_note} if s.role and (seat == UMPIRE or side != unit.side) else {})}
                   for s in unit.stands],
        "condition": unit.condition, "behind_barricade": unit.barricade is not None and unit.barricade == unit.node,
        "enveloping": unit.enveloping, "lost": unit.lost, "band": unit.band, "disrupted": unit.disrupted,
        "mounted_in": unit.mounted_in, "police": unit.police, "weapons": unit.weapons,
        "player": unit.player,
        # BWA-34: what a unit in sight shows of itself (the confrontation dice modifiers)
        "traits": {"region": unit.region, "country": unit.country, "language": unit.language,
                   "food": unit.food, "fed": unit.fed, "led": unit.led},
    }
    if unit.side == AUTHORITY:
        out["group"] = unit.group
    if own and unit.hidden:
        out["counter"] = unit.counter
    return out


def seat_view(state: World, seat: str) -> dict[str, Any]:
    umpire = seat == UMPIRE
    side = "" if umpire else state.side_of(seat)
    units, counters = [], []
    for unit in state.units.values():
        if unit.status != "table" or unit.node is None:
            continue
        if umpire or unit.side == side or not unit.hidden or spied(unit, side):
            units.append(unit_view(state, unit, seat))
        elif unit.mounted_in is None:
            counters.append({"counter": unit.counter, "side": unit.side, "feature": unit.node})
    for dummy in state.dummies.values():
        if umpire or dummy.side == side:
            units.append({"counter": dummy.counter, "side": dummy.side, "feature": dummy.node,
                          "dummy": True, "note": dummy.note})
        else:
            counters.append({"counter": dummy.counter, "side": dummy.side, "feature": dummy.node})
    counters.sort(key=lambda c: c["counter"])
    signs = sorted(state.changed_signs if umpire else signs_known(state, side))
    prompt = None
    if seat in state.to_act():
        task = state.tasks[0]
        prompt = {"kind": task.kind, **{k: v for k, v in task.data.items() if k in ("verb", "band")}}
        for k in ("unit", "target"):  # an unsighted enemy unit (a lost one to place) by its counter only
            if k in task.data:
                unit = state.units[task.data[k]]
                prompt[k] = task.data[k] if umpire or unit.side == side else key(unit)
    reserves = [{"id": u.id, "name": u.name, "status": u.status} for u in state.units.values()
                if u.status in ("reserve", "arriving") and (umpire or u.side == side)]
    return {
        "seat": seat, "side": side, "allies": [s for s in state.side_seats.get(side, ()) if s != seat],
        "initiative": state.initiative, "initiative_number": state.initiative_number,
        "step": state.umpire.turn, "length": state.setup.length, "prompt": prompt,
        "units": units, "counters": counters, "reserves": reserves,
        "media": [{"id": m, "feature": node} for m, (node, _) in state.media.items()],
        "smoke": dict(sorted(state.smoke.items())), "changed_signs": signs,
        # BWA-52: a barricade is seen with the unit that built it (a hidden unit's only by its side).
        "barricades": sorted(node for node, uid in state.barricades.items()
                             if umpire or state.units[uid].side == side or not state.units[uid].hidden),
        "jail": {"feature": state.setup.jail.feature if state.setup.jail else None,
                 "stands": [s.id for s in state.jail]},
        "discarded": len(state.discarded),
        "levels": dict(state.levels) if umpire else levels_known(state, side),
        "objectives": list(state.setup.victory.objectives), "scores": scores(state, None if umpire else side),
        "victory": state.setup.victory.model_dump(),
        "wind": state.setup.wind, "map": state.map.as_view,
    }


def scenario_for(state: World, seat: str) -> dict[str, Any]:
    """The scenario's data as ``seat`` may know it while the game runs (its header's copy), as the
    view shows the table (BWA-11): without the other side's hidden units (and what they carry),
    unless a spy of the seat's side sits in one (BWA-26 gap), and its dummies, whose counters the
    view shows like any other; and without the infiltrators in the seat's own side's units."""
    data = copy.deepcopy(state.scenario.data)
    setup = data.get("setup", {})
    if seat == UMPIRE:
        return data
    side = state.side_of(seat)
    infiltrators = setup.get("infiltrators", [])
    sides = {u["id"]: u.get("side") for u in setup.get("units", [])}
    spies = {i["unit"] for i in infiltrators if i.get("kind") == "spy" and sides.get(i["unit"]) != side}
    unseen = {u["id"] for u in setup.get("units", [])
              if u.get("side") != side and u.get("hidden") and u["id"] not in spies}
    unseen |= {c for u in setup.get("units", []) if u["id"] in unseen for c in u.get("carrying", [])}
    if "units" in setup:
        setup["units"] = [u for u in setup["units"] if u["id"] not in unseen]
    if "dummies" in setup:
        setup["dummies"] = [d for d in setup["dummies"] if d.get("side") == side]
    if infiltrators:
        setup["infiltrators"] = [i for i in infiltrators if sides.get(i["unit"]) != side]
    return data


# -- who is told: the audiences of events (the same names in every ruleset's view.py) ---------------
def side_only(w: World, side: str) -> list[str]:
    """The seats of one side: allies see what their side knows."""
    return list(w.side_seats[side])


def witnesses(w: World, unit: Unit) -> Visibility:
    """Events about a hidden unit are seen only by its own side (BWA-11)."""
    return side_only(w, unit.side) if unit.hidden else ALL


def key(unit: Unit) -> str:
    """How event data name a unit: its counter while hidden (BWA-11), else its id."""
    return unit.counter if unit.hidden and unit.counter else unit.id


def label(unit: Unit, vis: Visibility = ALL) -> str:
    """How the log names a unit: its counter while hidden (BWA-11), else its name and id. An event
    only the unit's own side sees (``vis``) names it in full, with its counter."""
    if not (unit.hidden and unit.counter):
        return f"{unit.name} ({unit.id})"
    if vis != ALL and vis and all(seat_side(s) == unit.side for s in vis):
        return f"{unit.name} ({unit.id}, counter {unit.counter})"
    return f"counter {unit.counter}"


def own_label(w: World, unit: Unit) -> str:
    """A unit named in an event that goes where :func:`witnesses` sends it (its own side while hidden)."""
    return label(unit, witnesses(w, unit))


def signs_known(w: World, side: str) -> set[str]:
    """BWA-07: the nonviolent side knows every street sign it changed; the authority only those its
    units found changed."""
    if side == NONVIOLENT:
        return set(w.changed_signs)
    return {n for u in w.units.values() if u.side == AUTHORITY for n in u.signs_known}


def levels_known(w: World, side: str) -> dict[str, int]:
    """BWA-48: each commander's level of violence; the nonviolent side knows only sighted commanders'."""
    return {group: level for group, level in w.levels.items() if side == AUTHORITY or w.group_seen(group)}


def hidden_from(w: World, side: str) -> list[Unit]:
    """The other side's units that ``side`` knows only as counters (BWA-11), unless its spy sits
    in one (BWA-26)."""
    return [u for u in w.units.values() if u.side != side and u.hidden and not spied(u, side)]


# -- the conformance sentinels ---------------------------------------------------------
def plant_sentinels(w: World) -> None:
    """Mark what some seat must not learn: hidden units' names, dummies' notes, infiltrators' roles."""
    for unit in w.units.values():
        if unit.hidden:
            unit.name = f"SENTINEL-{unit.id}"
    for dummy in w.dummies.values():
        dummy.note = f"SENTINEL-dummy-{dummy.counter}"
    for unit in w.units.values():
        for stand in unit.stands:
            if stand.role:
                stand.role_note = f"SENTINEL-role-{stand.id}"


def hidden_tokens(w: World, seat: str) -> set[str]:
    """The sentinels ``seat`` must never see: the other side's hidden units and dummies, and which of
    its own side's stands are infiltrators (BWA-26)."""
    side = w.side_of(seat)
    tokens = {u.name for u in hidden_from(w, side)}
    tokens |= {d.note for d in w.dummies.values() if d.side != side}
    tokens |= {s.role_note for u in w.units.values() for s in u.stands
               if s.role and u.side == side and s.role_note}
    return {t for t in tokens if t.startswith("SENTINEL")}
