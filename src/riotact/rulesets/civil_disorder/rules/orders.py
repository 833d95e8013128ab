"""Players' actions (CD-07, CD-08, CD-14, CD-32), the orders they give, and how subordinate
units carry out their last orders (CD-13) on foot, on horse and in vehicles (CD-14 to CD-16).

Action ids: ``pass``, ``run:<point>``, ``negotiate:<crowd>``, ``talk:<seat>``,
``arrest:<crowd>``, ``fire:<crowd>`` and ``drive:<point>`` (personal actions),
``order:<unit>:<order>``; then ``walk:<point>``, ``board:<unit>``, ``alight`` or ``stay``. Orders are
``hold``, ``withdraw``, ``move:<junction>``, ``advance|charge|arrest|fire|fire_over|gas|hose_crowd:<crowd>``,
``hose|enter|suppress:<building>``, ``counter_snipe:<sniper>``, ``connect``, ``treat``,
``evacuate``, ``mount``, ``dismount``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache, partial
from typing import TYPE_CHECKING

from riotact.core.log import UMPIRE
from riotact.core.modifiers import Modifier
from riotact.core.open_orders import Chain, Grid
from riotact.core.protocol import Action

from ..board import building_name
from ..state import Threat
from ..tables import NEGOTIATOR_QUALITY, RL_CHART, lookup
from ..view import (
    commanded_units,
    earshot,
    in_reach,
    known_crowds,
    known_units,
    player_sees,
    seats_and_witnesses,
    seats_only,
    tell,
    within_earshot,
)
from . import medical
from .combat import petrol_attack
from .crowds import recent_gunfire
from .custody import escorting, free_prisoner
from .fire import engine_reaches
from .gas import gas_in_sight
from .movement import driver, move_away, move_into_contact, move_vehicle, pace, run_pace, travel, vehicle_reach
from .personal import can_grab, personal_fight, personal_fire

if TYPE_CHECKING:
    from ..board import Town
    from ..state import Crowd, SFUnit, World

THREATEN_INCHES = 4  # an advance ending this close threatens the crowd (CD-20)


# -- what a player may declare ----------------------------------------------------------
def player_actions(s: World, seat: str) -> Chain:
    """CD-07: one of (a) conversation, (b) orders, (c) a personal action, (d) run, (e) negotiate.
    The orders of every unit in earshot against every crowd the player knows of grow as units x
    crowds: each unit's part of the list is counted, and its orders made only as they are read
    (core/open_orders.py :class:`~riotact.core.open_orders.Chain`)."""
    me = s.players[seat]
    actions = [Action("pass", "take no action this turn")]
    if not me.able:  # CD-54 / CD-55 / CD-56: on the ground, escorting a prisoner, or a casualty
        return Chain([actions], {"": (0, 1)}, section_of)
    if me.vehicle is not None:  # CD-07 (c): drive the vehicle you sit in (CD-15 distances)
        unit = s.units[me.vehicle]
        if unit.away_until == 0:
            actions.extend(place_actions(s.town, "drive", f"drive {unit.id}'s {unit.vehicle} to", me.node,
                                         vehicle_reach(s, unit)))
    else:
        actions.extend(place_actions(s.town, "run", "run to", me.node, s.options.run_inches))
    known = sorted(known_crowds(s, seat))
    for cid in known:
        crowd = s.crowds[cid]
        if negotiation_problem(s, seat, crowd) is None:
            actions.append(Action(f"negotiate:{cid}", f"negotiate with crowd {cid}"))
        if me.vehicle is None and can_grab(s, me, crowd):  # CD-07 (c): hit someone (and arrest them)
            actions.append(Action(f"arrest:{cid}", f"grab a rioter of crowd {cid} and arrest them"))
        if me.weapon != "none" and player_sees(s, seat, crowd.node):  # CD-07 (c): fire your gun
            actions.append(Action(f"fire:{cid}", f"fire your {me.weapon} gun at crowd {cid}"))
    for other in s.sf_seats:
        if other != seat and can_talk(s, seat, other):
            actions.append(Action(f"talk:{other}", f"talk with {other}"))
    parts: list[Sequence[Action]] = [actions]
    sections = {"": (0, 1)}
    suspects = suspect_buildings(s, seat)
    for unit in sorted(commanded_units(s, seat), key=lambda u: (u.player != seat, u.id)):  # own first
        if within_earshot(s, seat, unit):
            first = len(parts)
            parts.append((order_action(unit.id, "hold"), order_action(unit.id, "withdraw")))
            verbs = crowd_verbs(unit)
            if verbs and known:
                parts.append(Grid(known, verbs, partial(crowd_order, unit.id)))
            others = other_orders(s, seat, unit, suspects)
            if others:
                parts.append(tuple(order_action(unit.id, o) for o in others))
            parts.append(move_actions(s.town, unit.id, unit.node))
            sections[unit.id] = (first, len(parts))
    return Chain(parts, sections, section_of)


def section_of(action_id: str) -> str:
    """Where :func:`player_actions` files an action: an order under its unit, the rest under ""."""
    verb, _, rest = action_id.partition(":")
    return rest.partition(":")[0] if verb == "order" else ""


def crowd_order(unit_id: str, crowd_id: str, verb: str) -> Action:
    """The order to ``unit_id`` to ``verb`` crowd ``crowd_id`` (a :func:`player_actions` grid's)."""
    return order_action(unit_id, f"{verb}:{crowd_id}")


@lru_cache(maxsize=1 << 14)
def move_actions(town: Town, unit_id: str, node: str) -> tuple[Action, ...]:
    """A unit's orders to move to each other junction, nearest first, with the way each lies
    (built once per unit and place: the hot path of every legal-action list)."""
    return tuple(order_action(unit_id, f"move:{j}", town.heading(node, j)) for j in town.junctions_near(node))


@lru_cache(maxsize=1 << 14)
def place_actions(town: Town, verb: str, words: str, start: str, inches: int) -> tuple[Action, ...]:
    """Runs, walks and drives to every street point in reach, clockwise from north and nearest
    first, each saying which way it lies (the towns are immutable, so these are built once)."""
    return tuple(Action(f"{verb}:{n}", f"{words} {n} ({town.heading(start, n)})")
                 for n in town.by_heading(start, town.within(start, inches)))


#: Orders in plain words ({} is the target).
ORDER_WORDS = {
    "hold": "hold position", "withdraw": "withdraw", "move": "move to {}",
    "advance": "advance on crowd {}", "charge": "charge crowd {}",
    "arrest": "send a snatch squad into crowd {}", "fire": "open fire on crowd {}",
    "fire_over": "fire over the heads of crowd {}", "gas": "fire gas at crowd {}",
    "hose_crowd": "turn the water on crowd {}", "hose": "fight the fire in {}", "enter": "enter {}",
    "suppress": "fire at {}", "counter_snipe": "pick off sniper {}", "connect": "connect to a hydrant",
    "treat": "treat casualties", "evacuate": "take the casualties to hospital",
    "mount": "get into the vehicle", "dismount": "get out of the vehicle",
}


#: What each order's target is (orders not listed take none).
ORDER_TARGETS = {"move": "place", "hose": "building", "enter": "building", "suppress": "building",
                 "counter_snipe": "sniper",
                 **dict.fromkeys(("advance", "charge", "arrest", "fire", "fire_over", "gas", "hose_crowd"), "crowd")}


def order_problem(order: str, known: dict[str, set[str]]) -> str | None:
    """What is wrong with a scenario's standing order (None if nothing): an unknown order, a
    target that is not a ``known[kind]`` id, or ``connect`` with no ``known["hydrant"]``."""
    verb, colon, target = order.partition(":")
    if verb not in ORDER_WORDS:
        return f"unknown order {verb!r}; known: {', '.join(ORDER_WORDS)}"
    kind = ORDER_TARGETS.get(verb)
    if kind is None:
        if colon:
            return f"the order {verb!r} takes no target"
        if verb == "connect" and not known["hydrant"]:
            return "there is no hydrant to connect to (CD-50)"
        return None
    if target not in known[kind]:
        return f"{order!r}: {target!r} is not a {kind} of the scenario"
    return None


def describe_order(order: str) -> str:
    """An order in words; a building by its name, not its id (``enter:terrace_w``: "enter the west terrace")."""
    verb, _, target = order.partition(":")
    return ORDER_WORDS[verb].format(building_name(target) if ORDER_TARGETS.get(verb) == "building" else target)


@lru_cache(maxsize=1 << 16)
def order_action(unit_id: str, order: str, heading: str = "") -> Action:
    """Actions are immutable: the same order to the same unit is built once (``heading``: which
    way a move goes)."""
    return Action(f"order:{unit_id}:{order}",
                  f"order {unit_id} to {describe_order(order)}{f' ({heading})' if heading else ''}")


def walk_actions(s: World, seat: str) -> list[Action]:
    """CD-14: walking is not an action (default 6"); nor is getting into a vehicle next to you, or
    out of the one you sit in (CD-07 c, CD-16)."""
    me = s.players[seat]
    stay = [Action("stay", "stay where you are")]
    if not me.able:
        return stay
    if me.vehicle is not None:
        driving = s.declared.get(seat, "").startswith("drive:")
        return stay if driving else [*stay, Action("alight", f"get out of {me.vehicle}'s vehicle")]
    walks = list(place_actions(s.town, "walk", "walk to", me.node, s.options.walk_inches))
    near = s.options.next_to_inches  # CD-07 default: "next to" is 1"
    boards = [Action(f"board:{u.id}", f"get into {u.id}'s {u.vehicle} and take the wheel")
              for u in sorted(s.units.values(), key=lambda u: u.id)
              if drivable(s, u) and s.town.inches(me.node, str(u.vehicle_node)) <= near]
    return stay + walks + boards


def drivable(s: World, unit: SFUnit) -> bool:
    """CD-07 (c): a vehicle on the table with nobody at the wheel (the crews drive ambulances)."""
    return (unit.vehicle not in ("none", "ambulance") and unit.vehicle_node is not None
            and unit.away_until == 0 and driver(s, unit) is None)


def umpire_actions(s: World) -> list[Action]:
    """CD-03: a person in the umpire's chair may adjust a crowd in the spirit of the rules."""
    actions = [Action("proceed", "let the Game Control rules run the turn")]
    for seat, declared in sorted(s.declared.items()):  # CD-33: a good or bad bargaining point
        if declared.startswith("negotiate:"):
            actions.append(Action(f"bargain_good:{seat}", f"{seat} makes a good bargaining point (+1)"))
            actions.append(Action(f"bargain_bad:{seat}", f"{seat} makes a bad bargaining point (-1)"))
    for crowd in s.live_crowds():
        actions.append(Action(f"rile:{crowd.id}", f"rile crowd {crowd.id} (+1 RL)"))
        actions.append(Action(f"calm:{crowd.id}", f"calm crowd {crowd.id} (-1 RL)"))
    for p in escorting(s):  # CD-55: rescue or escape is at the umpire's discretion
        actions.append(Action(f"free:{p.id}", f"free prisoner {p.id} of crowd {p.crowd}, escorted by "
                                              f"{p.captor} (a rescue, or an escape if the crowd is gone)"))
    return actions


def apply_umpire(s: World, action_id: str) -> None:
    verb, _, target = action_id.partition(":")
    if verb == "free":
        free_prisoner(s, s.prisoners[target])
    elif verb in ("rile", "calm"):
        s.crowds[target].discretion = 1 if verb == "rile" else -1
    elif verb in ("bargain_good", "bargain_bad"):
        s.bargain[target] = 1 if verb == "bargain_good" else -1


def can_talk(s: World, seat: str, other: str) -> bool:
    """CD-08 default: next to (1"), within earshot, or both on the radio; it uses the action."""
    me, them = s.players[seat], s.players[other]
    return (me.radio and them.radio) or s.town.inches(me.node, them.node) <= max(
        earshot(s, seat), s.options.next_to_inches)


def negotiation_problem(s: World, seat: str, crowd: Crowd) -> str | None:
    """CD-32: range 2" by voice, 8" by megaphone or PA. This is all a player needs to know to try:
    shooting or gas in sight of the crowd (which the player may not see) makes the attempt fail
    when it is made (:func:`negotiate`), so whether it is offered tells nothing hidden."""
    me, reach = s.players[seat], earshot(s, seat)
    if s.town.inches(me.node, crowd.node) > reach:
        return (f"crowd {crowd.id} is {s.town.inches(me.node, crowd.node):.0f}\" away, beyond the {reach:g}\" "
                f"your {'megaphone' if me.megaphone else 'voice'} carries (2\" by voice, 8\" with a "
                "megaphone or PA)")
    return None


def shooting_or_gas_in_sight(s: World, crowd: Crowd) -> bool:
    """CD-32 default: firearm or baton-gun fire this turn or the last, or a gas cloud, in sight of
    the crowd."""
    return gas_in_sight(s, crowd.node) or any(s.town.sees(crowd.node, n) for n in recent_gunfire(s))


def crowd_verbs(unit: SFUnit) -> tuple[str, ...]:
    """The orders a unit may be given against a crowd, in the order they are listed."""
    kind = unit.type
    verbs: list[str] = []
    if kind.police or kind.military:
        verbs += ["advance", "charge"]
    if kind.riot_equipped and not kind.mounted:
        verbs.append("arrest")  # CD-10: snatch squads
    if unit.weapon != "none":
        verbs += ["fire", "fire_over"]
    if unit.has_gas:
        verbs.append("gas")
    if kind.firefighters or unit.vehicle == "water_cannon":
        verbs.append("hose_crowd")
    return tuple(verbs)


def other_orders(s: World, seat: str, unit: SFUnit, suspects: list[str]) -> list[str]:
    """A unit's orders neither against a crowd nor to move (``suspects``: :func:`suspect_buildings`)."""
    kind = unit.type
    out: list[str] = []
    if kind.firefighters:
        out += [f"hose:{b.id}" for b in sorted(s.buildings.values(), key=lambda b: b.id)
                if b.fires and any(player_sees(s, seat, f) or s.town.sees(unit.node, f)
                                   for f in s.town.buildings[b.id].fronts)]
        if s.features.get("hydrant") and not unit.hydrant:
            out.append("connect")
    if kind.paramedics:
        out.append("treat")
        if unit.load:
            out.append("evacuate")
    if unit.vehicle != "none":
        if unit.aboard:
            out.append("dismount")
        elif unit.node == unit.vehicle_node:
            out.append("mount")
    if (kind.police or kind.military) and not kind.mounted and not unit.aboard:
        out += [f"enter:{b}" for b in s.town.buildings_at(unit.node)]
    if unit.weapon != "none":
        out += [f"suppress:{b}" for b in suspects]
    if unit.snipers and kind.swat:
        out += [f"counter_snipe:{sn.id}" for sn in s.snipers.values() if seat in sn.known_to and not sn.out]
    return out


def suspect_buildings(s: World, seat: str) -> list[str]:
    """Where a player may think a sniper is: spotted places they were told of (CD-68), and
    buildings near one of their own units that was told it is under fire this turn or last
    (CD-67, the view's ``under_fire``)."""
    places = {sn.building for sn in s.snipers.values() if seat in sn.known_to and sn.building}
    for uid, turn in s.under_fire.items():
        unit = s.units[uid]
        if turn >= s.turn - 1 and unit.player == seat:
            places.update(b for b, shape in s.town.buildings.items()
                          if s.town.inches(unit.node, shape.fronts[0]) <= 20)
    return sorted(p for p in places if p is not None)


def why_illegal(s: World, seat: str, action_id: str) -> str:
    """Explain a refusal in the rules' words; ``action_id`` may also be words typed at the
    terminal ("negotiate", "negotiate A", "negotiate with crowd A")."""
    verb, colon, rest = action_id.partition(":")
    if not colon:  # words: the first is the verb, the last the target
        words = action_id.lower().split()
        verb, rest = (words[0], words[-1].upper() if len(words) > 1 else "") if words else ("", "")
    if seat == UMPIRE:
        return ("the umpire may proceed, rile or calm a crowd that is on the table (CD-03), reward or "
                "spoil a declared negotiation (CD-33) or free a prisoner under escort (CD-55)")
    if s.phase.get(seat) == "walk":
        return (f"you have used your action this turn (CD-07); now walk up to {s.options.walk_inches}\" or "
                f"stay (CD-14), or get into a vehicle next to you ({s.options.next_to_inches}\") or out of yours "
                "unless you drive it (CD-16)")
    if verb in ("walk", "stay", "board", "alight"):
        return "declare your one action first; you may walk afterwards (CD-07, CD-14)"
    if not s.players[seat].able:
        return "your figure is down, escorting a prisoner or a casualty: it can do nothing this turn"
    if verb in ("arrest", "fire"):
        return ("you can grab a rioter only as a police officer or soldier in contact with the crowd, "
                "and fire only a gun you carry at a crowd you see (CD-07)")
    if verb == "negotiate":
        known = sorted(known_crowds(s, seat))
        if not rest:  # which crowds could be talked to, and why not
            if not known:
                return "you cannot see or hear of any crowd to negotiate with (CD-06, CD-32)"
            reach, me = earshot(s, seat), s.players[seat]
            far = ", ".join(f"crowd {c} {s.town.inches(me.node, s.crowds[c].node):.0f}\"" for c in known)
            return (f"no crowd you know of is within the {reach:g}\" your {'megaphone' if me.megaphone else 'voice'} "
                    f"carries (2\" by voice, 8\" with a megaphone or PA): {far} (CD-32)")
        crowd = s.crowds.get(rest)
        if crowd is None or rest not in known:
            return f"you cannot see or hear of a crowd {rest!r}"
        return (negotiation_problem(s, seat, crowd) or "not possible now") + " (CD-32)"
    if verb == "order":
        uid, _, order = rest.partition(":")
        unit = s.units.get(uid)
        if uid in s.crowds:
            return "no player ever controls a crowd: crowds are the umpire's (CD-05)"
        if unit is None or unit not in commanded_units(s, seat):
            return f"{uid!r} is not a unit under your command (CD-02)"
        if not within_earshot(s, seat, unit):
            return f"{uid} is out of earshot and you cannot reach it by radio (CD-07)"
        return f"{uid} cannot be given the order {order!r} now"
    if verb == "run":
        return (f"you can run only to a place up to {s.options.run_inches}\" away along the streets, and not "
                "from a vehicle (CD-14)")
    if verb == "drive":
        return ("you can drive only the vehicle you sit in: anywhere by road if it was moving, else up "
                f"to {s.options.vehicle_start_inches}\" (CD-07 c, CD-15)")
    if verb == "talk":
        return f"{rest} is not next to you, in earshot or on the radio (CD-08)"
    return "that is not one of your actions (CD-07: talk, order, a personal action, run or negotiate)"


# -- step 2: subordinate units act on their last orders (CD-13) ------------------------------
def move_units(s: World) -> None:
    """CD-12 step 2 / CD-13: every unit acts on its last orders."""
    for unit in sorted(s.live_units(), key=lambda u: u.id):
        carry_out(s, unit)


def carry_out(s: World, unit: SFUnit) -> None:
    """CD-13: one unit's movement on its standing order (CD-64: shaken units do not advance)."""
    verb, _, target = unit.order.partition(":")
    if verb not in ("hold", "enter"):
        unit.inside = None
    if s.turn <= unit.shaken_until and verb in ("move", "advance", "charge", "arrest"):
        s.note("CD-64", f"{unit.id} is shaken and does not advance.")
        return
    crowd = s.crowds.get(target)
    if crowd is not None and (crowd.gone or crowd.figures <= 0):
        unit.order = "hold"
        return
    if verb in ("treat", "evacuate"):
        if verb == "treat":
            medical.move_paramedics(s, unit)
    elif verb == "mount":
        mount(s, unit, aboard=True)
    elif verb == "dismount":
        mount(s, unit, aboard=False)
    elif verb == "move":
        travel(s, unit, target)
        if unit.node == target:
            unit.order = "hold"
    elif verb == "withdraw":
        seen = [c for c in s.live_crowds() if s.town.sees(unit.node, c.node)]
        if seen:
            nearest = min(seen, key=lambda c: (s.town.inches(unit.node, c.node), c.id))
            move_away(s, unit, nearest.node, pace(s, unit))
            s.withdrew.add(unit.id)  # CD-21: withdrawing in sight of the crowd
        unit.order = "hold"
    elif verb == "advance" and crowd is not None:
        travel(s, unit, crowd.node, stop=lambda n: s.town.inches(n, crowd.node) <= THREATEN_INCHES)
        if s.town.inches(unit.node, crowd.node) <= THREATEN_INCHES:
            s.trigger(crowd, f"{unit.id} threatens the crowd")
    elif verb == "charge" and crowd is not None:
        start = s.town.inches(unit.node, crowd.node)
        if move_into_contact(s, unit, crowd, run_pace(s, unit)) and start >= s.options.charge_from_inches:
            s.charged[unit.id] = crowd.id  # CD-21 (d) / CD-53 (d): a charge
    elif verb == "arrest" and crowd is not None:
        move_into_contact(s, unit, crowd, pace(s, unit))
    elif verb in ("hose", "hose_crowd", "connect"):
        engine_moves(s, unit, verb, target)
    elif verb == "enter" and unit.inside != target:
        enter(s, unit, target)


def mount(s: World, unit: SFUnit, *, aboard: bool) -> None:
    """CD-16: occupants mount or dismount only while the vehicle stays stationary all turn."""
    unit.order = "hold"
    if unit.vehicle == "none" or unit.aboard == aboard or (aboard and unit.node != unit.vehicle_node):
        return
    if unit.vehicle_moved:
        tell(s, "CD-16", f"{unit.id} cannot get {'in' if aboard else 'out'}: the vehicle moved this turn.",
             units=[unit.id])
        return
    unit.aboard, unit.mounting = aboard, True
    tell(s, "CD-16", f"{unit.id} {'mounts' if aboard else 'dismounts'}.", units=[unit.id])


def engine_moves(s: World, unit: SFUnit, verb: str, target: str) -> None:
    """Engines and water cannon drive into reach, then the crew get off to work (CD-16, CD-49)."""
    town = s.town
    if verb == "hose":
        in_reach = engine_reaches(s, unit, target)
        goal = town.buildings[target].fronts[0]
    elif verb == "hose_crowd":
        goal = s.crowds[target].node
        in_reach = town.inches(unit.vehicle_node or unit.node, goal) <= s.options.water_range
    else:
        hydrants = s.features.get("hydrant", [])
        goal = min(hydrants, key=lambda h: (town.hops_to(h)[unit.node], h))
        in_reach = town.inches(unit.vehicle_node or unit.node, goal) <= s.options.hydrant_reach
    needs_crew_off = unit.vehicle not in ("none", "water_cannon")
    if in_reach and crew_away(unit):  # CD-49 / CD-50: a crew that ran off walks back to its engine
        travel(s, unit, str(unit.vehicle_node))
        return
    if in_reach:
        if unit.aboard and needs_crew_off:
            mount(s, unit, aboard=False)
            unit.order = f"{verb}:{target}" if target else verb
        return
    if unit.vehicle != "none" and not unit.aboard:
        if unit.node == unit.vehicle_node:
            mount(s, unit, aboard=True)
            unit.order = f"{verb}:{target}" if target else verb
        else:
            travel(s, unit, unit.vehicle_node or unit.node)
        return
    travel(s, unit, goal, stop=lambda n: town.inches(n, goal) <= 6)


def crew_away(unit: SFUnit) -> bool:
    """A vehicle's crew neither aboard nor with it (say, after running from a panic, CD-64)."""
    return unit.vehicle != "none" and not unit.aboard and unit.node != unit.vehicle_node


def enter(s: World, unit: SFUnit, building: str) -> None:
    """CD-47: SF entering a burning building roll as if under petrol bomb attack."""
    fronts = s.town.buildings[building].fronts
    if unit.node not in fronts:
        travel(s, unit, fronts[0])
        if unit.node not in fronts:
            return
    unit.inside = building
    tell(s, "CD-47", f"{unit.id} enters {building_name(building)}.", nodes=[unit.node], units=[unit.id])
    if s.buildings[building].fires:
        figures = s.roll("CD-47", unit.id, 1, 3, f"figures caught entering burning {building_name(building)}").total
        petrol_attack(s, unit, figures, f"entering burning {building_name(building)}", Threat(fronts[0]))


# -- steps 3 to 5: personal figures ------------------------------------------------------
def walk_players(s: World) -> None:
    """CD-12 step 3: personal figures walk, or get into or out of a vehicle."""
    for seat, move in sorted(s.walks.items()):
        verb, _, target = move.partition(":")
        if verb == "walk":
            s.players[seat].node = target
        else:
            board(s, seat, s.units[target] if verb == "board" else None)


def board(s: World, seat: str, unit: SFUnit | None) -> None:
    """CD-07 (c) / CD-16: a player gets in at the wheel (``unit``) or out (None); the vehicle must
    stay stationary all turn, so not if it has moved, and it will not move again this turn."""
    me = s.players[seat]
    vehicle = unit if unit is not None else s.units[str(me.vehicle)]
    if vehicle.vehicle_moved or (unit is not None and driver(s, unit) is not None):
        s.umpire.effect("CD-16", f"You cannot get {'in' if unit else 'out'}: the vehicle "
                                 f"{'moved this turn' if vehicle.vehicle_moved else 'has a driver'}.",
                        visible_to=seats_only(s, seat))
        return
    vehicle.mounting = True
    me.vehicle = unit.id if unit is not None else None
    if unit is not None:
        me.node = str(unit.vehicle_node)
    tell(s, "CD-16", f"{seat} gets {'into' if unit else 'out of'} {vehicle.id}'s {vehicle.vehicle}.",
         nodes=[me.node], units=[vehicle.id])


def drive(s: World, seat: str, node: str) -> None:
    """CD-07 (c): the player's personal action: drive the vehicle (CD-15 reach, checked when
    declared); not in a turn in which anyone got in or out (CD-16)."""
    me = s.players[seat]
    if me.vehicle is None or not me.able:
        return
    unit = s.units[me.vehicle]
    if unit.mounting:
        s.umpire.effect("CD-16", "The vehicle stays put this turn: someone got in or out of it.",
                        visible_to=seats_only(s, seat))
        return
    start = me.node
    move_vehicle(s, unit, node)
    tell(s, "CD-07", f"{seat} drives {unit.id}'s {unit.vehicle} to {node}.", nodes=[start, node],
         units=[unit.id])


def player_step4(s: World) -> None:
    """CD-12 step 4: players' declared firing and fights (CD-07 c)."""
    for seat, action in sorted(s.declared.items()):
        verb, _, cid = action.partition(":")
        if verb == "fire":
            personal_fire(s, seat, s.crowds[cid])
        elif verb == "arrest" and can_grab(s, s.players[seat], s.crowds[cid]):
            personal_fight(s, seat, s.crowds[cid], attacked=False)


def negotiations(s: World) -> None:
    """CD-12 step 4: declared negotiations, after the turn's firing and gas (CD-32: none while
    shooting or gas is in sight of the crowd, this turn's included)."""
    for seat, action in sorted(s.declared.items()):
        verb, _, cid = action.partition(":")
        if verb == "negotiate":
            negotiate(s, seat, s.crowds[cid])


def negotiate(s: World, seat: str, crowd: Crowd) -> None:
    """CD-32 / CD-33: 1d6 + factors on the (hidden, CD-34) table; only at RL 4 or 5."""
    me = s.players[seat]
    if crowd.gone is not None:
        return
    problem = negotiation_problem(s, seat, crowd)
    if problem is not None:
        if crowd.id not in known_crowds(s, seat):  # the distance would tell where it went unseen
            problem = f"crowd {crowd.id} is no longer within reach of your voice"
        s.umpire.effect("CD-32", f"Your negotiation fails: {problem}.", visible_to=seats_only(s, seat))
        return
    told = seats_and_witnesses(s, [seat], [me.node, crowd.node])
    s.count("negotiations", told)
    s.umpire.effect("CD-32", f"{seat} negotiates with crowd {crowd.id}.", visible_to=told)
    if shooting_or_gas_in_sight(s, crowd):  # CD-32: the player learns only that nothing comes of it
        s.note("CD-32", f"No negotiation with crowd {crowd.id}: there is shooting or gas in sight of the crowd.")
        return
    if not RL_CHART[crowd.rl].negotiable:  # CD-32 / CD-23: only RL 4 and 5
        s.note("CD-32", f"Crowd {crowd.id} is at RL {crowd.rl}: the negotiation has no effect, no roll.")
        return
    mods = []
    quality = NEGOTIATOR_QUALITY[me.negotiator]
    if quality:
        mods.append(Modifier(quality, f"{me.negotiator} negotiator", "CD-33"))
    if s.town.inches(me.node, crowd.node) > s.options.voice_inches:
        mods.append(Modifier(-2, "not face to face (megaphone or PA)", "CD-33"))
    if s.bargain.get(seat):
        good = s.bargain[seat] > 0
        mods.append(Modifier(s.bargain[seat], f"umpire's discretion: a {'good' if good else 'bad'} "
                                               "bargaining point", "CD-33"))
    roll = s.roll("CD-33", seat, 1, 6, f"negotiation with crowd {crowd.id}", mods)
    change = int(lookup(s.negotiation_table, roll.total))  # type: ignore[call-overload]
    crowd.negotiation = (crowd.negotiation or 0) + change
    s.note("CD-33", f"Negotiation result: RL {change:+d} for crowd {crowd.id}.")


def player_step5(s: World) -> None:
    """CD-12 step 5: runs, orders and conversations happen. The overall commander's orders come
    last, so that where he and a unit's own player order it the same turn, his stands (CD-02)."""
    ordered: dict[str, str] = {}  # unit -> the seat that ordered it this turn
    for seat, action in sorted(s.declared.items(), key=lambda item: (item[0] == s.commander, item[0])):
        verb, _, rest = action.partition(":")
        if verb == "run":
            s.players[seat].node = rest
        elif verb == "drive":
            drive(s, seat, rest)
        elif verb == "order":
            uid, _, order = rest.partition(":")
            give_order(s, seat, s.units[uid], order, overruled=ordered.get(uid))
            ordered[uid] = seat
        elif verb == "talk":
            other, _, words = rest.partition(":")
            talk(s, seat, other, words)


def give_order(s: World, seat: str, unit: SFUnit, order: str, *, overruled: str | None) -> None:
    """CD-13: the unit keeps the order until told otherwise. CD-02: a superior's order stands, so
    the player whose order his superior overrules the same turn is told (``overruled``), and so is a
    superior whose standing order a subordinate replaces, if the unit is within his voice or radio."""
    if overruled is not None:
        s.umpire.effect("CD-02", f"{seat} orders {unit.id} to {describe_order(order)} the same turn, "
                        f"and {unit.id} obeys: your superior's order stands over yours (CD-02).",
                        visible_to=seats_only(s, overruled))
    replaced = unit.ordered_by if unit.order == unit.given and unit.ordered_by not in ("", seat) else ""
    told = {seat, unit.player} | ({replaced} if replaced and within_earshot(s, replaced, unit) else set())
    instead = f", in place of {replaced}'s order to {describe_order(unit.order)}" if replaced else ""
    unit.order, unit.ordered_by, unit.given = order, seat, order
    s.umpire.effect("CD-02" if replaced else "CD-13", f"{seat} orders {unit.id} to {describe_order(order)}{instead}.",
                    visible_to=seats_only(s, *sorted(told)))


def report_reach(s: World) -> None:
    """CD-07: at the start of a turn, each player is told of every unit he could order last turn
    and cannot now (beyond his voice and off the radio): it drops out of his list, not in silence."""
    for seat in s.sf_seats:
        now = in_reach(s, seat)
        live = {u.id for u in s.live_units()}
        for uid in s.reach.get(seat, []):
            if uid not in now and uid in live:
                s.umpire.effect("CD-07", f"{uid} is beyond your voice and radio: you cannot order it this "
                                "turn, and it keeps its last orders (CD-13).", visible_to=seats_only(s, seat), unit=uid)
        s.reach[seat] = now


def talk(s: World, seat: str, other: str, words: str = "") -> None:
    """CD-08: a conversation passes on what the speaker knows (and costs the action): crowds and
    units they know of, the snipers' places they were told (CD-68), and what the player says."""
    crowds = known_crowds(s, seat)
    units = known_units(s, seat)
    summary = ", ".join(f"crowd {c} at {s.crowds[c].node} (RL {s.crowds[c].rl})" for c in sorted(crowds))
    summary += "; " + ", ".join(f"{u} at {s.units[u].node}" for u in sorted(units))
    for sniper in (sn for sn in s.snipers.values() if seat in sn.known_to and not sn.out):
        summary += f"; a sniper ({sniper.id}) in {sniper.building or 'crowd ' + str(sniper.crowd)}"
        if other not in sniper.known_to:
            sniper.known_to.append(other)
    s.messages[other].append(f"{seat} tells you: {summary}")
    s.umpire.effect("CD-08", f"{seat} talks with {other}.", visible_to=seats_only(s, seat, other))
    if words:
        s.messages[other].append(f"{seat} says: {words}")
        s.umpire.log.append("message", s.turn, [seat, other], f"{seat} to {other}: {words}", sender=seat,
                            to=other, rule="CD-08")


def recover(s: World) -> None:
    """End of turn: fallen figures get up (CD-54); a vehicle that moved this turn starts the
    next one moving (CD-15) and may be got into or out of again (CD-16)."""
    for unit in s.units.values():
        unit.down = [t - 1 for t in unit.down if t > 1]
        unit.vehicle_moving, unit.vehicle_moved, unit.mounting = unit.vehicle_moved, False, False
    for me in s.players.values():
        me.down = max(0, me.down - 1)
