"""Carrying out each action (BWA-13..27, 30, 42, 49, 52): what every order does when it resolves."""

from __future__ import annotations

import math
from collections.abc import Callable

from riotact.core.log import ALL, Visibility
from riotact.core.modifiers import Modifier

from .. import view
from ..state import Task, Unit, World
from ..tables import (
    ACTIONS,
    AUTHORITY,
    BARRICADE_COLUMN,
    CONDITION_OF_ACTION,
    ESCALATION_MODIFIERS,
    ESCALATION_TARGET,
    NONVIOLENT,
    RALLY_HIGH_COMMAND,
    RALLY_NONE_IN_SIGHT,
    RALLY_TOUCHED,
    REACTION_NAMES,
    REGAIN_BLOCKED,
    REGAIN_IN_SIGHT,
    REGAIN_OUTNUMBERED,
    REGAIN_SURROUNDED,
    REGAIN_TOUCHING,
    REINFORCEMENT_COLUMN,
    SMOKE_METHODS,
    VIOLENCE_LEVELS,
    action_name,
    other,
)
from . import combat, morale, movement, orders


def fizzle(w: World, unit: Unit, what: str, why: str) -> None:
    w.umpire.effect("BWA-17", f"{view.own_label(w, unit)}: {what} is not carried out ({why}).",
                       visible_to=view.side_only(w, unit.side), unit=unit.id)


def activate(w: World, unit: Unit, action: str) -> bool:
    """BWA-18: activation for an action is a risk when it can fail (BWA-02); failing it costs the
    initiative."""
    bonus = ACTIONS[action][2]
    if bonus is None:
        return True
    if w.activation_can_fail(unit, bonus):
        w.took_risk = True
    if morale.activation(w, unit, action, bonus):
        return True
    fizzle(w, unit, action, "activation failed")
    if w.options.activation_failure_loses_initiative:
        w.lose_initiative = True
    return False


def move_dummy(w: World, label: str, node: str) -> None:
    dummy = w.dummies[label]
    start, dummy.node = dummy.node, node
    w.umpire.effect("BWA-11", f"Counter {label} moves from {start} to {node}.",
                       visible_to=view.side_only(w, other(dummy.side)), counter=label, to=node)
    w.umpire.effect("BWA-11", f"Dummy counter {label} moves from {start} to {node}.",
                       visible_to=view.side_only(w, dummy.side), counter=label, to=node)
    movement.update_sighting(w)


def do_move(w: World, unit: Unit, node: str) -> None:
    path = w.destinations(unit).get(node)
    if path is None:
        fizzle(w, unit, "the move", f"{node} is out of reach now")
        return
    movement.move_along(w, unit, path)


def do_sit(w: World, unit: Unit, arg: str) -> None:
    condition(w, unit, "sit")


def do_fraternize(w: World, unit: Unit, arg: str) -> None:
    condition(w, unit, "fraternize")


def do_party(w: World, unit: Unit, arg: str) -> None:
    condition(w, unit, "party")


def condition(w: World, unit: Unit, action: str) -> None:
    """BWA-19: Sit Down, Fraternize (activation +2) and Party (activation)."""
    if action != "sit" and w.options.condition_needs_contact and not w.contact(unit):
        fizzle(w, unit, action, "it is not touching an authority unit")
        return
    if not activate(w, unit, action):
        return
    unit.condition = CONDITION_OF_ACTION[action]
    w.umpire.effect("BWA-19", f"{view.own_label(w, unit)} is {unit.condition} "
                       f"(its confrontation dice are multiplied, BWA-43).", visible_to=view.witnesses(w, unit),
                       unit=unit.id)


def do_mount(w: World, unit: Unit, vehicle_id: str) -> None:
    """BWA-20: mounting uses the whole action; carried stands move with the vehicle."""
    vehicle = w.units[vehicle_id]
    if vehicle.node != unit.node or not vehicle.on_table:
        fizzle(w, unit, "mounting", "the vehicle is not there")
        return
    unit.mounted_in = vehicle.id
    movement.leave_position(w, unit)
    if vehicle.hidden and not unit.hidden:  # a sighted unit climbing in gives the vehicle away
        movement.reveal(w, vehicle)
    w.umpire.effect("BWA-20", f"{view.label(unit)} mounts {view.own_label(w, vehicle)}.",
                       visible_to=view.witnesses(w, vehicle), unit=view.key(unit))


def do_dismount(w: World, unit: Unit, arg: str) -> None:
    dismount(w, unit, "BWA-20")


def dismount(w: World, unit: Unit, rule: str) -> None:
    vehicle = w.units[unit.mounted_in or ""]
    unit.mounted_in = None
    if vehicle.hidden:
        unit.counter = w.next_counter(unit.side)
    w.umpire.effect(rule, f"{view.label(unit)} dismounts from {view.own_label(w, vehicle)} at {unit.node}.",
                       visible_to=view.witnesses(w, vehicle), unit=view.key(unit))
    if unit.hidden:
        w.umpire.effect("BWA-11", f"A new counter {unit.counter} appears at {unit.node}.",
                           counter=unit.counter)
    movement.update_sighting(w)


def do_confront(w: World, unit: Unit, target: str) -> None:
    targeted(w, unit, "confront", target)


def do_envelope(w: World, unit: Unit, target: str) -> None:
    targeted(w, unit, "envelope", target)


def do_disrupt(w: World, unit: Unit, target: str) -> None:
    targeted(w, unit, "disrupt", target)


def do_disperse(w: World, unit: Unit, target: str) -> None:
    targeted(w, unit, "disperse", target)


def do_arrest(w: World, unit: Unit, target: str) -> None:
    targeted(w, unit, "arrest", target)


def targeted(w: World, unit: Unit, verb: str, key: str) -> None:
    """BWA-21: move into contact; a counter is revealed (or a dummy removed); the target reacts."""
    target = orders.find_target(w, key)
    if target is None:
        fizzle(w, unit, verb, "the target is gone")
        return
    where = target.node
    assert where is not None
    if unit.node != where:
        path = w.destinations(unit).get(where)
        if path is None or unit.lost:
            fizzle(w, unit, verb, "the target is out of reach")
            return
        if not movement.move_along(w, unit, path):
            return
    if not isinstance(target, Unit):  # a dummy: it is sighted and removed on contact
        movement.update_sighting(w)
        return
    if target.hidden:
        movement.reveal(w, target)
    if target.airborne:  # a counter that proves to be an aircraft: nothing to touch
        w.umpire.effect("BWA-12", f"{view.label(target)} is an aircraft: {view.label(unit)} cannot "
                           f"take {action_name(verb)} against it.", unit=unit.id, target=target.id)
        return
    w.umpire.effect("BWA-27", f"{view.label(unit)} takes {action_name(verb)} against {view.label(target)}: "
                       f"the {target.side} side chooses a reaction.", unit=unit.id, target=target.id)
    w.tasks.insert(0, Task("react", target.player or w.first_seat(target.side),
                              {"unit": unit.id, "verb": verb, "target": target.id}))


def react(w: World, actor: Unit, target: Unit, reaction: str, node: str) -> None:
    name = REACTION_NAMES[reaction]
    w.umpire.effect("BWA-27", f"{view.label(target)} reacts: {name}.", unit=target.id, reaction=reaction)
    if reaction == "sit" and target.side == NONVIOLENT:
        target.condition = "sitting"
    elif reaction == "slow":   # moves half its rate and is still confronted: the actor follows
        combat.withdraw_to(w, target, node, "BWA-27")
        movement.leave_position(w, actor)
        movement.place(w, actor, node)
    elif reaction in ("shadow", "withdraw"):
        combat.withdraw_to(w, target, node, "BWA-27")
    elif reaction == "dismount":
        for carried in [u for u in w.units.values() if u.mounted_in == target.id]:
            dismount(w, carried, "BWA-20")


def disperse(w: World, target: Unit) -> None:
    """BWA-24 gap: the touching stands are removed to the discarded pool (BWA-28)."""
    for stand in list(target.stands):
        if stand.commander:
            stand.commander = False
            w.umpire.effect("BWA-46", f"The commander of {view.label(target)} is dispersed.")
        w.discarded.append(stand)
    count = len(target.stands)
    target.stands.clear()
    w.umpire.effect("BWA-24", f"{count} stand(s) of {view.label(target)} are dispersed and "
                       "discarded.", unit=target.id, dispersed=count)
    combat.remove_unit(w, target, "dispersed")


def do_reinforce(w: World, unit: Unit, reserve_id: str) -> None:
    """BWA-06: the requested unit makes a unit morale check, Reinforcement column."""
    reserve = w.units[reserve_id]
    if reserve.status != "reserve":
        fizzle(w, unit, "the request for reinforcements", f"{reserve.name} is not in reserve")
        return
    vis: Visibility = view.side_only(w, unit.side)
    w.umpire.effect("BWA-06", f"{view.label(unit)} requests reinforcements: {reserve.name}.",
                       visible_to=vis)
    check = morale.unit_check(w, reserve, "BWA-06", "Reinforcement", REINFORCEMENT_COLUMN, vis=vis)
    if check.row <= 1:
        arrive(w, reserve)
    elif check.row == 2:
        reserve.status = "arriving"
        w.umpire.effect("BWA-06", f"{reserve.name} will arrive at the {reserve.side} side's next "
                           "initiative.", visible_to=vis)
    elif not w.options.reinforcement_retry:
        reserve.status = "gone"


def arrive(w: World, unit: Unit) -> None:
    assert unit.entry is not None
    unit.status = "table"
    movement.place(w, unit, unit.entry)
    if unit.hidden:
        unit.counter = w.next_counter(unit.side)
        w.umpire.effect("BWA-06", f"{unit.name} arrives as counter {unit.counter}.",
                           visible_to=view.side_only(w, unit.side))
        w.umpire.effect("BWA-11", f"A new counter {unit.counter} appears at {unit.entry}.",
                           counter=unit.counter)
    else:
        w.umpire.effect("BWA-06", f"Reinforcements arrive: {view.label(unit)} at {unit.entry}.",
                           unit=unit.id)
    movement.update_sighting(w)


def do_escalate(w: World, unit: Unit, arg: str) -> None:
    """BWA-49: 1D6 + modifiers, 5 or more; once per commander per initiative."""
    group = unit.group
    # BWA-11: a commander none of whose units is sighted is named to his own side only.
    vis: Visibility = ALL if w.group_seen(group) else view.side_only(w, AUTHORITY)
    mods = []
    for key, (value, text) in ESCALATION_MODIFIERS.items():
        times = escalation_situation(w, group, key)
        if times and w.options.escalation_counts == "once":  # BWA-49 gap: once each
            times = 1
        if times:
            mods.append(Modifier(value * times, text + (f" ({times} times)" if times > 1 else ""),
                                 "BWA-49"))
    roll = w.umpire.roll_total("BWA-49", f"Commander {group}", 1, 6, purpose="escalation",
                                  modifiers=mods, target=ESCALATION_TARGET, visible_to=vis)
    if roll.passed:
        w.levels[group] += 1
        w.escalations += 1
        w.escalated[group] = w.escalated.get(group, 0) + 1
        level = w.levels[group]
        w.umpire.effect("BWA-48", f"Commander {group} escalates to level {level}: "
                           f"{VIOLENCE_LEVELS[level]}.", visible_to=vis, group=group, level=level)


def escalation_situation(w: World, group: str, key: str) -> int:
    """How often the situation ``key`` happened in the escalation window (media: 1 if in sight)."""
    first = w.initiative_number - w.options.escalation_window + 1
    recent = [(kind, g) for n, kind, g in w.incidents if n >= first]
    if key == "own_attacked":
        return recent.count(("attacked", group))
    if key == "other_attacked":
        return sum(kind == "attacked" and g != group for kind, g in recent)
    if key == "withdrew":
        return recent.count(("withdrew", group))
    if key == "nv_withdrew":
        return recent.count(("nv_withdrew", group))
    return int(media_in_sight(w, group))


def media_in_sight(w: World, group: str) -> bool:
    mine = [u for u in w.table_units(AUTHORITY) if u.group == group and u.node]
    return any(w.sees(u.node or "", node) for node, _ in w.media.values() for u in mine)


def do_message(w: World, unit: Unit, to: str) -> None:
    """BWA-25 gap: a message passes orders or information; no other effect."""
    w.umpire.effect("BWA-25", f"{view.own_label(w, unit)} sends a message to {view.label(w.units[to])}.",
                       visible_to=view.side_only(w, unit.side), unit=unit.id, to=to)


def do_identify(w: World, unit: Unit, key: str) -> None:
    """BWA-26 gap: on a passed stand morale check the umpire examines one stand."""
    target = w.units[key]
    vis: Visibility = view.side_only(w, unit.side)
    check = morale.stand_check(w, unit.stands[0], view.label(unit), "BWA-26",
                             "identifying spies and provocateurs", vis=vis, target=unit.stands[0].morale_number)
    if not check.passed or not target.stands:
        return
    if w.options.identify_examines == "all":  # house rule: the whole unit is examined
        examined = list(target.stands)
    else:
        pick = w.umpire.roll_total("BWA-26", "umpire", 1, len(target.stands),
                                      purpose=f"which stand of {view.label(target)} is examined",
                                      visible_to=vis)
        examined = [target.stands[pick.total - 1]]
    for stand in examined:
        if stand.role:
            target.stands.remove(stand)
            w.removed[target.side] += 1
            w.umpire.effect("BWA-26", f"Stand {stand.id} of {view.own_label(w, target)} is unmasked as a "
                               f"{stand.role} and removed.", visible_to=view.witnesses(w, target), unit=target.id)
        else:
            w.umpire.effect("BWA-26", f"Stand {stand.id} is not a spy or provocateur.", visible_to=vis)
    if not target.stands:
        combat.remove_unit(w, target, "its last stand was unmasked")


def do_signs(w: World, unit: Unit, arg: str) -> None:
    """BWA-14: the nonviolent side secretly records the intersection as changed."""
    assert unit.node is not None
    w.changed_signs.add(unit.node)
    w.umpire.effect("BWA-14", f"{view.label(unit)} changes the street signs at {unit.node}.",
                       visible_to=view.side_only(w, NONVIOLENT), at=unit.node)


def do_smoke(w: World, unit: Unit, arg: str) -> None:
    """BWA-13: cotton balls by dispersal method; each blocks sight like terrain."""
    method, _, where = arg.partition("@")
    balls, placement = SMOKE_METHODS[method]
    assert unit.node is not None
    if method == "pots":
        line = w.map.downwind_line(unit.node, w.setup.wind, balls)
        spots = [*line, *[line[-1]] * (balls - len(line))]
    elif method == "barrage":
        balls *= unit.cannons
        heading = w.map.bearing(unit.node, where)
        if w.options.artillery_smoke_split == "marker":
            sides = [where]
        else:
            sides = [w.map.turn(where, heading, a) or where for a in (math.pi / 2, -math.pi / 2)]
        spots = [sides[i % len(sides)] for i in range(balls)]
    else:
        spots = [where] * balls
    for spot in spots:
        w.smoke[spot] = w.smoke.get(spot, 0) + 1
    counts = {s: spots.count(s) for s in dict.fromkeys(spots)}
    w.umpire.effect("BWA-13", f"{view.label(unit)} makes smoke ({method}, {placement}): "
                       + ", ".join(f"{n} ball(s) at {s}" for s, n in counts.items()) + ".",
                       unit=view.key(unit), balls=counts)
    movement.update_sighting(w)


def do_barricade(w: World, unit: Unit, arg: str) -> None:
    """BWA-52: activation, then a unit morale check read on the barricade column (BWA-08)."""
    if not activate(w, unit, "barricade"):
        return
    check = morale.unit_check(w, unit, "BWA-52", "Building a Barricade", BARRICADE_COLUMN)
    if check.row <= 1:
        unit.barricade = unit.node
        w.barricades[unit.node or ""] = unit.id
        w.umpire.effect("BWA-08", f"{view.own_label(w, unit)} builds a barricade at {unit.node}.",
                           visible_to=view.witnesses(w, unit), unit=unit.id)
    elif w.options.barricade_failure_loses_initiative:
        # The morale check is the risk the side took (BWA-02): a barricade never built must not
        # hold the initiative step after step on the activation alone.
        w.lose_initiative = True


def do_rally(w: World, unit: Unit, target_id: str) -> None:
    """BWA-30: an authority unit morale check; 50% or fewer failing restores one level."""
    target = w.units[target_id]
    mods = []
    if w.contact(target):
        mods.append(Modifier(RALLY_TOUCHED, "unit touched by a nonviolent unit", "BWA-30"))
    if not w.in_sight_of(target, NONVIOLENT):
        mods.append(Modifier(RALLY_NONE_IN_SIGHT, "no nonviolent units in sight", "BWA-30"))
    if unit.high_command:
        mods.append(Modifier(RALLY_HIGH_COMMAND, "higher level commander rallying", "BWA-30"))
    check = morale.unit_check(w, target, "BWA-30", "Rally", (), mods)
    limit = w.options.authority_rally_max_failed
    if check.failed * 100 > limit * check.stands:
        w.umpire.effect("BWA-30", f"More than {limit}% failed: the rally of {view.own_label(w, target)} fails.",
                           visible_to=view.witnesses(w, target))
        return
    for s in target.stands:
        s.quality = min(s.start_quality, s.quality + 1)
    target.lost = False
    target.sign_state = None
    w.umpire.effect("BWA-30", f"{view.own_label(w, target)} is rallied: "
                       f"{', '.join(s.quality_name for s in target.stands)}; it may move again.",
                       visible_to=view.witnesses(w, target), unit=target.id)


def do_regain(w: World, unit: Unit, band_id: str) -> None:
    """BWA-42: 1D6 + modifiers stands of the band regain discipline and join the commander."""
    band = w.units[band_id]
    if not band.on_table or not band.stands:
        fizzle(w, unit, "rallying the undisciplined stands", "they are gone")
        return
    roll = w.umpire.roll_total("BWA-42", f"Commander of {view.label(unit)}", 1, 6,
                                  purpose="regaining nonviolent discipline",
                                  modifiers=regain_modifiers(w, band))
    count = min(max(roll.total, 0), len(band.stands))
    if count:
        moving = band.stands[:count]
        del band.stands[:count]
        unit.stands.extend(moving)
        w.umpire.effect("BWA-42", f"{count} stand(s) regain nonviolent discipline and join "
                           f"{view.label(unit)}.", unit=view.key(unit), band=band.id, count=count)
    if not band.stands:
        combat.remove_unit(w, band, "all its stands regained discipline")


def regain_modifiers(w: World, band: Unit) -> list[Modifier]:
    """BWA-42 gap: -2 touching or else -1 in sight; the best of surrounded/outnumbered/blocked.

    House rules ``regain_penalties_stack`` and ``regain_bonus = "sum"`` count every one that applies."""
    penalties = []
    if w.contact(band):
        penalties.append(Modifier(REGAIN_TOUCHING, "authority unit touching", "BWA-42"))
    if w.in_sight_of(band, AUTHORITY):
        penalties.append(Modifier(REGAIN_IN_SIGHT, "authority unit in sight", "BWA-42"))
    friends = [u for u in w.table_units(NONVIOLENT) if not u.band and u.id != band.id]
    here = sum(len(u.stands) for u in friends if u.node == band.node)
    held = {u.node for u in friends}
    assert band.node is not None
    bonuses = []
    if all(n in held for n in w.map.neighbours[band.node]):
        bonuses.append(Modifier(REGAIN_SURROUNDED, "unit surrounded by nonviolent activists", "BWA-42"))
    if here > len(band.stands):
        bonuses.append(Modifier(REGAIN_OUTNUMBERED, "unit outnumbered by nonviolent activists", "BWA-42"))
    if band.blocked:
        bonuses.append(Modifier(REGAIN_BLOCKED, "unit blocked by nonviolent activists", "BWA-42"))
    if not w.options.regain_penalties_stack:
        penalties = penalties[:1]  # touching (listed first) replaces in sight
    if w.options.regain_bonus == "highest":
        bonuses = sorted(bonuses, key=lambda m: -m.value)[:1]
    return penalties + bonuses


#: What each order does when it resolves (BWA-17): ``ORDERS[verb](w, unit, argument)``.
ORDERS: dict[str, Callable[[World, Unit, str], None]] = {
    "move": do_move,
    "sit": do_sit,
    "fraternize": do_fraternize,
    "party": do_party,
    "mount": do_mount,
    "dismount": do_dismount,
    "confront": do_confront,
    "envelope": do_envelope,
    "disrupt": do_disrupt,
    "disperse": do_disperse,
    "arrest": do_arrest,
    "reinforce": do_reinforce,
    "escalate": do_escalate,
    "message": do_message,
    "identify": do_identify,
    "signs": do_signs,
    "smoke": do_smoke,
    "barricade": do_barricade,
    "rally": do_rally,
    "regain": do_regain,
}
