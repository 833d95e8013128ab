"""The orders a unit may be given when it activates (BON-013, BON-014) and the fire orders: rifles and
LMGs, the flame thrower, grenades (BON-025..030, BON-053, BON-057..061) and the MG (BON-074)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice
from typing import TYPE_CHECKING

from riotact.core.protocol import Action
from riotact.core.words import counted, possessive

from ..state import Soldier, Unit
from ..tables import WEAPONS
from . import artillery, buildings, combat, glory, movement, sequence, wire

if TYPE_CHECKING:
    from ..state import World


def unit_actions(w: World, u: Unit) -> list[Action]:
    return list(unit_orders(w, u))


def has_orders(w: World, u: Unit) -> bool:
    """Whether ``u`` has an order besides ending its activation: the list read only until one shows,
    the postures first (the cheapest, and in every menu of men on foot or mounted)."""
    able = movement.able(w, u)
    if able and u.kind not in ("mg", "gun", "vehicle") and next(postures(w, u, able), None):
        return True
    return next(islice(unit_orders(w, u), 1, None), None) is not None


def unit_orders(w: World, u: Unit) -> Iterator[Action]:
    """The unit's orders in the menu's order, each worked out only when it is read."""
    yield Action(f"end:{u.id}", f"end {possessive(u.name)} activation")
    able = movement.able(w, u)
    if not able:
        return
    foes = [e for e in w.enemy_units(u.seat) if not e.concealed]
    if u.kind in ("mg", "gun"):
        yield from mg_actions(w, u, foes) if u.kind == "mg" else artillery.gun_actions(w, u, foes)
        yield from movement.move_menu(w, u, foes)
        return
    firers = [(m, w.board.weapon_reach(m)) for m in able if buildings.can_fire(w, m)]
    for e in foes:  # BON-024: only a firer near enough the models that may be aimed at looks for a target
        aimed = combat.box(t for t in w.members(e) if not t.prone) if firers else None
        if aimed and any(not combat.beyond(m, aimed, reach) and buildings.has_target(w, m, e)
                         for m, reach in firers):
            yield Action(f"fire:{u.id}:{e.id}", f"{u.name} fires at {e.name}")
    g = grenadier(w, u)
    if g is not None:
        for e in foes:
            near = [t for t in w.members(e) if w.board.gap(g, t) <= WEAPONS["grenades"].reach]
            if near:
                t = min(near, key=lambda t: (w.board.gap(g, t), t.id))
                yield Action(f"throw:{u.id}:{t.x:.1f},{t.y:.1f}", f"{g.id} throws a grenade at {e.name}")
    if u.kind == "vehicle":  # BON-012 gap: a vehicle fires and moves
        yield from movement.move_menu(w, u, foes)
        return
    near = combat.near_men(w, able)
    if any(buildings.fighters(w, m, near) for m in able):
        yield Action(f"fight:{u.id}", f"{u.name} fights in close combat")
    movers = movement.unit_movers(w, u)
    if movers and foes and all(not m.prone for m in movers):
        allowances = [(m, movement.charge_allowance(w, m)) for m in movers]
        for e in foes:
            if movement.charge_reaches(w, allowances, e):
                yield Action(f"charge:{u.id}:{e.id}", f"{u.name} charges {e.name}")
    yield from movement.move_menu(w, u, foes)
    yield from wire.wire_actions(w, u)
    if glory.can_steady(w, u):
        yield Action(f"rally:{u.id}", f"the officer rallies {u.name} (GL -{w.options.rally_gl})")
        if foes and movers:
            p = movement.away_point(w, u)
            if movement.move_problem(w, u, p) is None:
                yield Action(f"fallback:{u.id}", f"the officer orders {u.name} to fall back")
    if u.kind in ("squad", "cavalry") and not buildings.unit_where(w, u):  # a room has no formation (BON-090)
        for f in movement.FORMATIONS:
            if f != u.formation and not (f == "square" and u.kind == "cavalry"):  # BON-022
                yield Action(f"formation:{u.id}:{f}", f"{u.name} forms {f} formation")
    yield from postures(w, u, able)
    yield from buildings.building_actions(w, u)


def postures(w: World, u: Unit, able: list[Soldier]) -> Iterator[Action]:
    """BON-023: going prone, getting up."""
    if any(not m.prone for m in able):
        yield Action(f"prone:{u.id}", f"{u.name} goes prone")
    if any(m.prone and movement.may_rise(w, m) for m in able):
        yield Action(f"rise:{u.id}", f"{u.name} gets up")


# -- firing -------------------------------------------------------------------------------
def fire(w: World, u: Unit, e: Unit) -> None:
    if u.kind == "mg":
        combat.salvo(w, u, e)
        return
    sequence.reveal(w, u, "it opens fire")
    firers = [m for m in movement.able(w, u) if buildings.can_fire(w, m) and buildings.targets_for(w, m, e)]
    flames = [m for m in firers if m.weapon == "lft"]
    firers = [m for m in firers if m.weapon != "lft"]
    lmg = any(m.weapon == "lmg" for m in firers)
    w.tell("BON-025", f"{u.name} fires at {e.name} ({counted(len(firers) + len(flames), 'firer')}).")
    for m in flames:
        targets = buildings.targets_for(w, m, e)
        if targets:
            combat.stream(w, m, min(targets, key=lambda t: (w.board.gap(m, t), t.id)))
    if firers:
        combat.volley(w, buildings.shots(w, firers, e), e, "BON-025")
    combat.pin(w, e, lmg)  # BON-064: an LMG pins


def grenadier(w: World, u: Unit) -> Soldier | None:
    """BON-053: a grenadier (or a hero listed with grenades) throws while he has AC; no count kept."""
    return next((m for m in movement.able(w, u) if m.role == "grenadier" or (m.is_hero and m.weapon == "grenades")),
                None)


def mg_actions(w: World, u: Unit, foes: list[Unit]) -> list[Action]:
    out: list[Action] = []
    crew = combat.mg_crew(w, u)
    pieces = [m for m in w.members(u) if m.is_piece]
    if not pieces or not crew:
        return out  # BON-065 gap: no crew, no firing
    if u.salvos < 3 and not u.ammo_out and any(m.ac >= 1 for m in crew):
        for e in foes:
            if combat.mg_targets(w, u, e):
                out.append(Action(f"fire:{u.id}:{e.id}", f"{u.name} fires a salvo at {e.name} "
                                  f"({u.salvos + 1} of 3)"))
    return out + artillery.rotation_actions(w, u, foes)  # BON-066 (artillery.py)
