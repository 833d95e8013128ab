"""Fires and firefighting (CD-44 to CD-50), and water on crowds (CD-22)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from riotact.core.words import counted

from ..board import building_name
from ..state import Threat
from ..view import tell, witnesses
from .combat import petrol_attack

if TYPE_CHECKING:
    from ..state import Crowd, SFUnit, World

HOSE_CREW = 4  # CD-49: it takes 4 firefighters to man the hose
ONBOARD_WATER_TURNS = 2  # CD-50


def start_fire(s: World, building_id: str, rule: str, why: str) -> None:
    """One more fire in a building (CD-44 records the number of fires per location)."""
    b = s.buildings[building_id]
    b.fires += 1
    fronts = s.town.buildings[building_id].fronts
    s.count("fires_started", witnesses(s, fronts))
    tell(s, rule, f"Fire in {building_name(building_id)} ({why}): {counted(b.fires, 'fire')}.", nodes=fronts,
         building=building_id)
    for crowd in s.crowds_at(fronts):  # CD-20: a dramatic change next to the crowd
        s.trigger(crowd, f"fire breaks out in {building_name(building_id)}")


def burn(s: World) -> None:
    """CD-12 step 6: every burning location burns (CD-44), grows (CD-45) and may spread (CD-46)."""
    # every location burns, grows and spreads on the fires it had when the step began, so a fire
    # that grew or spread this turn neither burns, grows nor spreads until the next
    burning = {b.id: b.fires for b in s.buildings.values() if b.fires > 0}
    for bid, fires in sorted(burning.items()):
        b = s.buildings[bid]
        b.value = max(0, b.value - fires)  # CD-44: one point per fire per turn; at 0 it still burns
        if s.roll("CD-45", f"fire in {building_name(bid)}", 1, 6, f"fire growth ({fires} fires: grows on "
                  f"{fires} or less)", target=fires, at_most=True).passed:
            start_fire(s, bid, "CD-45", "the fire grows")
        spread(s, bid, fires)
    for unit in s.live_units():  # CD-47 default: SF inside roll each turn they stay
        if unit.inside is not None and s.buildings[unit.inside].fires > 0:
            where = building_name(unit.inside)
            figures = s.roll("CD-47", unit.id, 1, 3, f"figures caught by the fire in {where}").total
            petrol_attack(s, unit, figures, f"fire in {where}",
                          Threat(s.town.buildings[unit.inside].fronts[0]))


def spread(s: World, bid: str, fires: int) -> None:
    """CD-46 default: a separate d6 below the number of fires spreads one fire to an adjacent
    building (dice choose among several); the source keeps its fires."""
    neighbours = [n for n in s.town.buildings[bid].neighbours if n in s.buildings]
    face = s.roll("CD-46", f"fire in {building_name(bid)}", 1, 6, f"fire spread (spreads below {fires})").total
    if face >= fires or not neighbours:
        return
    if len(neighbours) == 1:
        target = neighbours[0]
    else:
        per = 6 // len(neighbours)
        while True:
            pick = s.roll("CD-46", f"fire in {building_name(bid)}", 1, 6, "which adjacent building catches").total
            if pick <= per * len(neighbours):
                target = neighbours[(pick - 1) // per]
                break
    start_fire(s, target, "CD-46", f"spreads from {building_name(bid)}")


def engine_reaches(s: World, unit: SFUnit, building_id: str) -> bool:
    """CD-49 default: an engine works on one building within 10"."""
    node = unit.vehicle_node or unit.node
    reach = s.options.hose_range
    return any(s.town.inches(node, f) <= reach for f in s.town.buildings[building_id].fronts)


def use_water(s: World, unit: SFUnit) -> bool:
    """CD-50: water for 2 turns on board, then only while connected to a hydrant."""
    if unit.vehicle == "water_cannon" or unit.hydrant:
        return True
    if unit.water_turns >= ONBOARD_WATER_TURNS:
        tell(s, "CD-50", f"{unit.id}'s engine is out of water: it must connect to a hydrant.", units=[unit.id])
        return False
    unit.water_turns += 1
    return True


def crew_at_hose(s: World, unit: SFUnit) -> bool:
    """CD-49: 4 firefighters, off the engine, man the hose."""
    if unit.vehicle == "water_cannon":
        return True
    ready = not unit.aboard and unit.node == unit.vehicle_node and unit.fit >= HOSE_CREW
    if not ready:
        tell(s, "CD-49", f"{unit.id} cannot man the hose: it needs {HOSE_CREW} firefighters off the engine.",
             units=[unit.id])
    return ready


def firefighting(s: World) -> None:
    """CD-12 step 4: engines on their orders fight fires, hose crowds or connect to hydrants."""
    for unit in s.live_units():
        verb, _, target = unit.order.partition(":")
        if verb == "hose" and target in s.buildings:
            fight_fire(s, unit, target)
        elif verb == "hose_crowd" and target in s.crowds:
            hose_crowd(s, unit, s.crowds[target])
        elif verb == "connect":
            connect(s, unit)


def fight_fire(s: World, unit: SFUnit, bid: str) -> None:
    """CD-48 exposure, CD-49 extinguishing 1d6 fires, CD-50 water."""
    b = s.buildings[bid]
    if b.fires == 0:
        unit.order = "hold"
        return
    if not engine_reaches(s, unit, bid) or unit.aboard or not crew_at_hose(s, unit):
        return
    if b.fires >= 3:  # CD-48: immune at 1-2, under petrol bomb attack at 3+ (5+: cannot enter)
        figures = s.roll("CD-48", unit.id, 1, 3, f"firefighters exposed to {b.fires} fires").total
        petrol_attack(s, unit, figures, f"{b.fires} fires in {building_name(bid)}",
                      Threat(s.town.buildings[bid].fronts[0]))
        if unit.fit < HOSE_CREW:
            return
    if not use_water(s, unit):
        return
    out = s.roll("CD-49", unit.id, 1, 6, f"fires put out in {building_name(bid)}").total
    b.fires = max(0, b.fires - out)
    tell(s, "CD-49", f"{unit.id} fights the fire in {building_name(bid)}: {counted(b.fires, 'fire')} left.",
         nodes=s.town.buildings[bid].fronts, units=[unit.id])


def hose_crowd(s: World, unit: SFUnit, crowd: Crowd) -> None:
    """CD-22 default: a hose or water cannon within 10" makes a crowd damp after one turn and
    soaked after two."""
    if crowd.gone or s.town.inches(unit.vehicle_node or unit.node, crowd.node) > s.options.water_range:
        return
    if not crew_at_hose(s, unit) or not use_water(s, unit):
        return
    crowd.wet = min(2, crowd.wet + 1)
    crowd.hosed_turns, crowd.dry_turns = 1, 0
    s.trigger(crowd, f"{unit.id} turns water on the crowd")
    tell(s, "CD-22", f"{unit.id} turns water on crowd {crowd.id}.", nodes=[unit.node, crowd.node],
         units=[unit.id])


def connect(s: World, unit: SFUnit) -> None:
    """CD-50: a turn within 2" of a hydrant connects the engine (unlimited water while connected)."""
    node = unit.vehicle_node or unit.node
    reach = s.options.hydrant_reach
    if not unit.aboard and unit.node != node:  # the crew connects the hose: it must be at the engine
        tell(s, "CD-50", f"{unit.id} cannot connect to a hydrant: its crew is away from the engine.",
             units=[unit.id])
        return
    if not unit.vehicle_moved and any(s.town.inches(node, h) <= reach for h in s.features.get("hydrant", [])):
        unit.hydrant = True
        unit.order = "hold"
        tell(s, "CD-50", f"{unit.id} connects its engine to a hydrant.", units=[unit.id])
