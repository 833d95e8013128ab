"""What a seat may know: the table, its own units and every enemy unit not hidden from it (the
hidden-deployment house rule, BON-002). The umpire sees everything."""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from riotact.core.audiences import seats_only as seats_only  # shared: see there
from riotact.core.log import ALL, UMPIRE, Visibility
from riotact.core.protocol import Action

from .rules import artillery, buildings
from .rules.ordnance import ARC, GUNS
from .rules.wire import lanes_view
from .tables import PIECES, TERRAIN, WEAPONS

if TYPE_CHECKING:
    from .state import Plan, Unit, World


def seat_view(st: World, seat: str) -> dict[str, Any]:
    everything = seat == UMPIRE
    units = [u for u in st.units.values() if everything or seen_by(u, seat)]
    return {
        "turn": st.turn, "turns": st.turns, "order": list(st.order), "deciding": st.current,
        "active": st.active if st.active and (everything or seen_by(st.units[st.active], seat)) else "",
        "table": {"width": st.table.width, "depth": st.table.depth, "features": [
            {"id": f.id, "name": f.name, "kind": f.tags["kind"], "outline": [list(p) for p in f.outline],
             "height": f.height, **terrain(str(f.tags["kind"]))} for f in st.table.features],
            "lanes": lanes_view(st.table, st.cuts)},  # BON-102: lanes cut through the wire
        "deployment": dict(st.edges),
        "buildings": buildings.buildings_view(st),
        "units": [unit(st, u, everything or u.seat == seat) for u in units],
        "objectives": [o.model_dump() for o in st.setup.objectives],
        "weapons": weapons(st, units),
        "scores": st.result.scores if st.result else None,
        "plans": plans_for(st, seat),  # BON-077: a mortar's planned target, its owner's secret
    }


def unit(st: World, u: Unit, own: bool) -> dict[str, Any]:
    """One unit as a seat sees it; a piece's ammunition (BON-073) only to its owner (``own``)."""
    return {
        "id": u.id, "name": u.name, "seat": u.seat, "kind": u.kind, "level": u.level,
        "formation": u.formation, "facing": u.facing, "gl": u.gl, "activated": u.activated,
        "charging": u.charging,  # BON-017 / BON-020: announced to all, and a charging Closed unit has DS 1
        "tests": len(u.pending_tests),  # BON-036/037: glory tests owed (each trigger is announced)
        "last_gait": u.last_gait,  # BON-082: last turn's gait (announced) bounds this turn's
        "ammunition": artillery.ammo_of(st, u) if own and u.kind == "gun" else None,
        "hidden": u.concealed, "pinned": u.pinned_turn == st.turn, "salvos": u.salvos, "ammo_out": u.ammo_out,
        "climbing": buildings.climb_view(st, u),  # BON-089: a walk to another room of an open-able building under way
        "ammo_since": u.ammo_since,  # BON-076: the turn its ammunition crewman was lost (announced)
        "models": [{"id": m.id, "role": m.role, "level": m.level, "weapon": m.weapon, "armour": m.armour,
                    "cc_weapon": m.cc_weapon, "mounted": m.mounted, "vehicle": list(m.vehicle) if m.vehicle else None,
                    "move_ac": m.move_ac, "x": m.x, "y": m.y,
                    "prone": m.prone, "panic": m.panic, "wounds": m.wounds, "ac": m.ac,
                    "injuries": list(m.injuries), "inside": ".".join(st.inside.get(m.id, ())),
                    "cutters": m.cutters, "banner": m.banner}
                   for m in st.members(u)],
        "lost": sum(1 for m in u.members if not st.men[m].in_play),
    }


def terrain(kind: str) -> dict[str, Any]:
    """The terrain chart's line for a kind (BON-110): what the board draws and the ruler explains."""
    t = TERRAIN[kind]
    return {"cv": t.cv, "move": t.move, "blocks_sight": t.blocks_sight, "dangerous": t.dangerous}


def weapons(st: World, units: list[Unit]) -> dict[str, dict[str, Any]]:
    """The range bands (BON-030, BON-107) of the weapons the seat can see, for the board's range
    rings, and the arcs of fire: the MG's (BON-074) and a gun's (BON-067, with its least range, BON-077)."""
    out: dict[str, dict[str, Any]] = {}
    for w in sorted({m.weapon for u in units for m in st.members(u)}):
        if w in WEAPONS:
            out[w] = {"short": WEAPONS[w].short, "medium": WEAPONS[w].medium, "long": WEAPONS[w].long,
                      "arc": PIECES[w].arc if w in PIECES else None}
        elif w in GUNS:
            out[w] = {"short": GUNS[w].reach, "medium": None, "long": None, "arc": ARC, "minimum": GUNS[w].minimum}
    return out


def scenario_for(st: World, seat: str) -> dict[str, Any]:
    """The scenario's data as ``seat`` may know it while the game runs (its header's copy): under the
    hidden-deployment house rule (BON-002), without the units and ready-made armies another seat
    deploys hidden (the view shows each once it is spotted)."""
    data = copy.deepcopy(st.scenario.data)
    setup = data.get("setup", {})
    if seat != UMPIRE and st.options.hidden_deployment:
        for key in ("units", "armies"):
            if key in setup:
                setup[key] = [u for u in setup[key] if u.get("seat") == seat or not u.get("hidden")]
    return data


# -- who knows what -------------------------------------------------------------------------------
def seen_by(u: Unit, seat: str) -> bool:
    """What a seat may know of a unit: its own, or one not hidden from it (BON-002 house rule)."""
    return u.seat == seat or not u.concealed


# -- who is told: the audiences of events (the same names in every ruleset's view.py) -------------
def witnesses(w: World, u: Unit) -> Visibility:
    """Who is told what a unit does: everyone, but only its own seat while it is hidden (BON-002 house
    rule; :func:`seen_by`)."""
    return [u.seat] if u.concealed else ALL


def plans_known_to(w: World, seat: str) -> dict[str, Plan]:
    """BON-077 gap: a mortar's planned target is its owner's secret until it fires (the umpire sees all)."""
    return {uid: p for uid, p in w.plans.items() if seat in (w.units[uid].seat, UMPIRE)}


def plans_for(w: World, seat: str) -> dict[str, dict[str, object]]:
    """The mortar plans a seat may know, as its view shows them."""
    return {uid: {"turn": p.turn, "point": list(p.point), "guess": p.guess, "target": p.target}
            for uid, p in plans_known_to(w, seat).items()}


def decision_audience(w: World, action: Action) -> Visibility:
    """Who learns of a decision: what a hidden unit does unseen stays with its owner."""
    uid = action.id.split(":")[1] if ":" in action.id else ""
    u = w.units.get(uid)
    if u is not None and u.concealed and action.id.split(":")[0] in ("activate", "end", "formation", "prone",
                                                                    "rise", "rally", "rotate"):
        return seats_only(w, u.seat)  # BON-002 house rule
    if u is not None and action.id.startswith("plan:"):
        return seats_only(w, u.seat)  # BON-077 gap: the mortar's plan is secret until it fires
    return ALL


def plant_sentinels(w: World) -> None:
    """Conformance: a token in every hidden unit's name, which no other seat's view or log may show."""
    for u in w.units.values():
        if u.concealed:
            u.name += f" [SENTINEL-{u.id}]"


def hidden_tokens(w: World, seat: str) -> set[str]:
    """The sentinels of the units hidden from ``seat``."""
    return {f"SENTINEL-{u.id}" for u in w.units.values() if u.concealed and u.seat != seat}
