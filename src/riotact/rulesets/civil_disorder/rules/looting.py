"""Looting (CD-25 to CD-31) and property damage (CD-40 to CD-43)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..board import building_name
from ..state import CARRIED_SEEN
from ..view import tell, witnesses
from .crowds import loots, nearest_shop, split, violent
from .fire import start_fire

if TYPE_CHECKING:
    from ..state import Crowd, LooterVehicle, World


def setup_looters(s: World) -> None:
    """CD-25 option "per_crowd": every normal crowd hides 1d6 looters (umpire only)."""
    if s.options.looters != "per_crowd":
        return
    for crowd in s.crowds.values():
        if not crowd.looter:
            crowd.looters_inside = s.d6("CD-25", f"Crowd {crowd.id}", "looters hidden in the crowd")


def property_and_looting(s: World) -> None:
    """CD-12 step 4: looters loot (CD-26 to CD-29); crowds at the damage RL smash up the most
    valuable building they touch that is not burning (CD-41, CD-47)."""
    for crowd in s.live_crowds():
        if crowd.looter:
            if not crowd.escaping:
                _loot(s, crowd)
        elif violent(s, crowd):
            touching = [s.buildings[b] for b in s.town.front_of.get(crowd.node, ())
                        if s.buildings[b].fires == 0]
            if touching:
                damage(s, crowd, max(touching, key=lambda b: (b.value, b.id)).id)


def damage(s: World, crowd: Crowd, building_id: str) -> None:
    """CD-41: 1d6 per full 10 figures (at least one); CD-43 on a wreck: a 1 in 6 chance of fire."""
    b = s.buildings[building_id]
    who = f"Crowd {crowd.id}"
    if b.value == 0:
        wreck_fire(s, who, b.id)
        return
    dice = max(1, crowd.figures // s.options.damage_per_figures)
    total = s.roll("CD-41", who, dice, 6, f"property damage to {building_name(b.id)}").total
    b.value = max(0, b.value - total)  # CD-40: never below 0
    tell(s, "CD-41",
         f"Crowd {crowd.id} smashes up {building_name(b.id)}" + (" (now a wreck)." if b.value == 0 else "."),
         nodes=[crowd.node])


def wreck_fire(s: World, who: str, building_id: str) -> None:
    """CD-43: each damage or looting attempt on a wreck starts a fire on a 6."""
    if s.d6("CD-43", who, f"fire in the wreck of {building_name(building_id)}") == 6:
        start_fire(s, building_id, "CD-43", "a fire breaks out in the wreck")


def _loot(s: World, crowd: Crowd) -> None:
    """CD-26 to CD-29: break in for a turn, then one LU per looter per turn, then leave."""
    shop = crowd.shop = crowd.shop or nearest_shop(s, crowd)
    if shop is None or crowd.node not in s.town.buildings[shop].fronts or not loots(s, crowd):
        return  # below the looting RL looters only hang around (CD-26)
    b = s.buildings[shop]
    who = f"Crowd {crowd.id}"
    if b.fires:  # CD-47: crowds will not enter burning buildings
        crowd.shop, crowd.broken_in = None, False
        return
    if b.looted:  # CD-26: an already-looted place: they start fires (default 1 a turn)
        for _ in range(s.options.looter_fires):  # the SF must not learn who is a looter (CD-25)
            start_fire(s, shop, "CD-26", "people set it alight")
        return
    if not crowd.broken_in:  # CD-28: one turn to break in; CD-42: 1d6 damage
        crowd.broken_in = True
        if b.value == 0:
            wreck_fire(s, who, shop)
        else:
            hit = s.roll("CD-42", who, 1, 6, f"breaking into {shop}").total
            b.value = max(0, b.value - hit)
        tell(s, "CD-28", f"People smash their way into {shop}.", nodes=[crowd.node])
        return
    if b.value == 0:
        wreck_fire(s, who, shop)  # CD-43: looting a wreck
    taken = min(crowd.figures, b.loot)  # CD-28: one LU per looter per turn
    b.loot -= taken
    if b.loot == 0:
        b.looted = True  # CD-27: all LU gone: "already looted"
    s.note("CD-28", f"Looters {crowd.id} take {taken} LU from {shop} ({b.loot} left).")
    if taken == 0:
        return
    vehicle = _vehicle_near(s, crowd)
    if vehicle is not None:  # CD-29: load the pickup instead of walking off
        room = vehicle.capacity - vehicle.load
        vehicle.load += min(room, taken)
        s.note("CD-29", f"Looters load {min(room, taken)} LU into {vehicle.kind} {vehicle.id} "
                        f"({vehicle.load}/{vehicle.capacity}).")
        taken -= min(room, taken)
        if taken == 0:
            return
    carriers = crowd if taken >= crowd.figures else split(s, crowd, taken, looter=True)
    carriers.carrying = taken  # CD-28: each looter carries one LU and tries to leave
    carriers.broken_in = False


def _vehicle_near(s: World, crowd: Crowd) -> LooterVehicle | None:
    """CD-29 (optional): a looters' pickup with room, parked within 4" (default) of the looters."""
    if not s.options.looter_vehicles:
        return None
    reach = s.options.pickup_load_inches
    for v in s.vehicles.values():
        if not v.gone and v.load < v.capacity and s.town.inches(v.node, crowd.node) <= reach:
            return v
    return None


def looter_vehicles(s: World) -> None:
    """CD-29 default: a pickup leaves when full or when SF come within 10" (house rules)."""
    if not s.options.looter_vehicles:
        return
    too_close = s.options.pickup_leave_inches
    for v in s.vehicles.values():
        if v.gone or v.load == 0:
            continue
        near_sf = any(s.town.inches(v.node, u.node) <= too_close for u in s.live_units())
        if v.load >= v.capacity or near_sf:
            v.gone = True
            s.count("loot_escaped", witnesses(s, [v.node]), v.load, seen=CARRIED_SEEN)
            tell(s, "CD-29", f"A loaded {v.kind} drives off at speed.", nodes=[v.node])


def break_off(s: World, crowd: Crowd) -> None:
    """CD-31 default: with 1d6 looters in every crowd, they break off once, the first time the
    crowd reaches the looting RL, and are a permanent loss."""
    if crowd.broke_off or crowd.looter or crowd.looters_inside == 0 or not loots(s, crowd):
        return
    crowd.broke_off = True
    band = split(s, crowd, crowd.looters_inside, looter=True)
    band.shop = nearest_shop(s, band)
    s.note("CD-31", f"{band.figures} looters break off from crowd {crowd.id} for {band.shop}.")
