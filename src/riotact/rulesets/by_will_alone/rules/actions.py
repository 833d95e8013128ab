"""Carrying out each action (BWA-13..27, 30, 42, 49, 52): what every order does when it resolves."""

from __future__ import annotations

import math

from riotact.core.log import ALL, Visibility
from riotact.core.modifiers import Modifier

from ..state import Task, Unit
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
from . import orders
from .combat import Combat


class Actions(Combat):
    """The ``_do_<verb>`` of every order, and the procedures they share."""

    def _fizzle(self, unit: Unit, what: str, why: str) -> None:
        self.umpire.effect("BWA-17", f"{self.own_label(unit)}: {what} is not carried out ({why}).",
                           visible_to=self.side_vis(unit.side), unit=unit.id)

    def _activate(self, unit: Unit, action: str) -> bool:
        """BWA-18: activation for an action is a risk when it can fail (BWA-02); failing it costs the
        initiative."""
        bonus = ACTIONS[action][2]
        if bonus is None:
            return True
        if self.activation_can_fail(unit, bonus):
            self.took_risk = True
        if self.activation(unit, action, bonus):
            return True
        self._fizzle(unit, action, "activation failed")
        if self.options.activation_failure_loses_initiative:
            self.lose_initiative = True
        return False

    def _move_dummy(self, label: str, node: str) -> None:
        dummy = self.dummies[label]
        start, dummy.node = dummy.node, node
        self.umpire.effect("BWA-11", f"Counter {label} moves from {start} to {node}.",
                           visible_to=self.side_vis(other(dummy.side)), counter=label, to=node)
        self.umpire.effect("BWA-11", f"Dummy counter {label} moves from {start} to {node}.",
                           visible_to=self.side_vis(dummy.side), counter=label, to=node)
        self.update_sighting()

    def _do_move(self, unit: Unit, node: str) -> None:
        path = self.destinations(unit).get(node)
        if path is None:
            self._fizzle(unit, "the move", f"{node} is out of reach now")
            return
        self.move_along(unit, path)

    def _do_sit(self, unit: Unit, arg: str) -> None:
        self._condition(unit, "sit")

    def _do_fraternize(self, unit: Unit, arg: str) -> None:
        self._condition(unit, "fraternize")

    def _do_party(self, unit: Unit, arg: str) -> None:
        self._condition(unit, "party")

    def _condition(self, unit: Unit, action: str) -> None:
        """BWA-19: Sit Down, Fraternize (activation +2) and Party (activation)."""
        if action != "sit" and self.options.condition_needs_contact and not self.contact(unit):
            self._fizzle(unit, action, "it is not touching an authority unit")
            return
        if not self._activate(unit, action):
            return
        unit.condition = CONDITION_OF_ACTION[action]
        self.umpire.effect("BWA-19", f"{self.own_label(unit)} is {unit.condition} "
                           f"(its confrontation dice are multiplied, BWA-43).", visible_to=self.vis(unit),
                           unit=unit.id)

    def _do_mount(self, unit: Unit, vehicle_id: str) -> None:
        """BWA-20: mounting uses the whole action; carried stands move with the vehicle."""
        vehicle = self.units[vehicle_id]
        if vehicle.node != unit.node or not vehicle.on_table:
            self._fizzle(unit, "mounting", "the vehicle is not there")
            return
        unit.mounted_in = vehicle.id
        self.leave_position(unit)
        if vehicle.hidden and not unit.hidden:  # a sighted unit climbing in gives the vehicle away
            self.reveal(vehicle)
        self.umpire.effect("BWA-20", f"{self.label(unit)} mounts {self.own_label(vehicle)}.",
                           visible_to=self.vis(vehicle), unit=self.key(unit))

    def _do_dismount(self, unit: Unit, arg: str) -> None:
        self._dismount(unit, "BWA-20")

    def _dismount(self, unit: Unit, rule: str) -> None:
        vehicle = self.units[unit.mounted_in or ""]
        unit.mounted_in = None
        if vehicle.hidden:
            unit.counter = self.next_counter(unit.side)
        self.umpire.effect(rule, f"{self.label(unit)} dismounts from {self.own_label(vehicle)} at {unit.node}.",
                           visible_to=self.vis(vehicle), unit=self.key(unit))
        if unit.hidden:
            self.umpire.effect("BWA-11", f"A new counter {unit.counter} appears at {unit.node}.",
                               counter=unit.counter)
        self.update_sighting()

    def _do_confront(self, unit: Unit, target: str) -> None:
        self._targeted(unit, "confront", target)

    def _do_envelope(self, unit: Unit, target: str) -> None:
        self._targeted(unit, "envelope", target)

    def _do_disrupt(self, unit: Unit, target: str) -> None:
        self._targeted(unit, "disrupt", target)

    def _do_disperse(self, unit: Unit, target: str) -> None:
        self._targeted(unit, "disperse", target)

    def _do_arrest(self, unit: Unit, target: str) -> None:
        self._targeted(unit, "arrest", target)

    def _targeted(self, unit: Unit, verb: str, key: str) -> None:
        """BWA-21: move into contact; a counter is revealed (or a dummy removed); the target reacts."""
        target = orders.find_target(self, key)
        if target is None:
            self._fizzle(unit, verb, "the target is gone")
            return
        where = target.node
        assert where is not None
        if unit.node != where:
            path = self.destinations(unit).get(where)
            if path is None or unit.lost:
                self._fizzle(unit, verb, "the target is out of reach")
                return
            if not self.move_along(unit, path):
                return
        if not isinstance(target, Unit):  # a dummy: it is sighted and removed on contact
            self.update_sighting()
            return
        if target.hidden:
            self.reveal(target)
        if target.airborne:  # a counter that proves to be an aircraft: nothing to touch
            self.umpire.effect("BWA-12", f"{self.label(target)} is an aircraft: {self.label(unit)} cannot "
                               f"take {action_name(verb)} against it.", unit=unit.id, target=target.id)
            return
        self.umpire.effect("BWA-27", f"{self.label(unit)} takes {action_name(verb)} against {self.label(target)}: "
                           f"the {target.side} side chooses a reaction.", unit=unit.id, target=target.id)
        self.tasks.insert(0, Task("react", target.player or self.first_seat(target.side),
                                  {"unit": unit.id, "verb": verb, "target": target.id}))

    def _react(self, actor: Unit, target: Unit, reaction: str, node: str) -> None:
        name = REACTION_NAMES[reaction]
        self.umpire.effect("BWA-27", f"{self.label(target)} reacts: {name}.", unit=target.id, reaction=reaction)
        if reaction == "sit" and target.side == NONVIOLENT:
            target.condition = "sitting"
        elif reaction == "slow":   # moves half its rate and is still confronted: the actor follows
            self.withdraw_to(target, node, "BWA-27")
            self.leave_position(actor)
            self.place(actor, node)
        elif reaction in ("shadow", "withdraw"):
            self.withdraw_to(target, node, "BWA-27")
        elif reaction == "dismount":
            for carried in [u for u in self.units.values() if u.mounted_in == target.id]:
                self._dismount(carried, "BWA-20")

    def _disperse(self, target: Unit) -> None:
        """BWA-24 gap: the touching stands are removed to the discarded pool (BWA-28)."""
        for stand in list(target.stands):
            if stand.commander:
                stand.commander = False
                self.umpire.effect("BWA-46", f"The commander of {self.label(target)} is dispersed.")
            self.discarded.append(stand)
        count = len(target.stands)
        target.stands.clear()
        self.umpire.effect("BWA-24", f"{count} stand(s) of {self.label(target)} are dispersed and "
                           "discarded.", unit=target.id, dispersed=count)
        self.remove_unit(target, "dispersed")

    def _do_reinforce(self, unit: Unit, reserve_id: str) -> None:
        """BWA-06: the requested unit makes a unit morale check, Reinforcement column."""
        reserve = self.units[reserve_id]
        if reserve.status != "reserve":
            self._fizzle(unit, "the request for reinforcements", f"{reserve.name} is not in reserve")
            return
        vis: Visibility = self.side_vis(unit.side)
        self.umpire.effect("BWA-06", f"{self.label(unit)} requests reinforcements: {reserve.name}.",
                           visible_to=vis)
        check = self.unit_check(reserve, "BWA-06", "Reinforcement", REINFORCEMENT_COLUMN, vis=vis)
        if check.row <= 1:
            self._arrive(reserve)
        elif check.row == 2:
            reserve.status = "arriving"
            self.umpire.effect("BWA-06", f"{reserve.name} will arrive at the {reserve.side} side's next "
                               "initiative.", visible_to=vis)
        elif not self.options.reinforcement_retry:
            reserve.status = "gone"

    def _arrive(self, unit: Unit) -> None:
        assert unit.entry is not None
        unit.status = "table"
        self.place(unit, unit.entry)
        if unit.hidden:
            unit.counter = self.next_counter(unit.side)
            self.umpire.effect("BWA-06", f"{unit.name} arrives as counter {unit.counter}.",
                               visible_to=self.side_vis(unit.side))
            self.umpire.effect("BWA-11", f"A new counter {unit.counter} appears at {unit.entry}.",
                               counter=unit.counter)
        else:
            self.umpire.effect("BWA-06", f"Reinforcements arrive: {self.label(unit)} at {unit.entry}.",
                               unit=unit.id)
        self.update_sighting()

    def _do_escalate(self, unit: Unit, arg: str) -> None:
        """BWA-49: 1D6 + modifiers, 5 or more; once per commander per initiative."""
        group = unit.group
        # BWA-11: a commander none of whose units is sighted is named to his own side only.
        vis: Visibility = ALL if self.group_seen(group) else self.side_vis(AUTHORITY)
        mods = []
        for key, (value, text) in ESCALATION_MODIFIERS.items():
            times = self._escalation_situation(group, key)
            if times and self.options.escalation_counts == "once":  # BWA-49 gap: once each
                times = 1
            if times:
                mods.append(Modifier(value * times, text + (f" ({times} times)" if times > 1 else ""),
                                     "BWA-49"))
        roll = self.umpire.roll_total("BWA-49", f"Commander {group}", 1, 6, purpose="escalation",
                                      modifiers=mods, target=ESCALATION_TARGET, visible_to=vis)
        if roll.passed:
            self.levels[group] += 1
            self.escalations += 1
            self.escalated[group] = self.escalated.get(group, 0) + 1
            level = self.levels[group]
            self.umpire.effect("BWA-48", f"Commander {group} escalates to level {level}: "
                               f"{VIOLENCE_LEVELS[level]}.", visible_to=vis, group=group, level=level)

    def _escalation_situation(self, group: str, key: str) -> int:
        """How often the situation ``key`` happened in the escalation window (media: 1 if in sight)."""
        first = self.initiative_number - self.options.escalation_window + 1
        recent = [(kind, g) for n, kind, g in self.incidents if n >= first]
        if key == "own_attacked":
            return recent.count(("attacked", group))
        if key == "other_attacked":
            return sum(kind == "attacked" and g != group for kind, g in recent)
        if key == "withdrew":
            return recent.count(("withdrew", group))
        if key == "nv_withdrew":
            return recent.count(("nv_withdrew", group))
        return int(self.media_in_sight(group))

    def media_in_sight(self, group: str) -> bool:
        mine = [u for u in self.table_units(AUTHORITY) if u.group == group and u.node]
        return any(self.sees(u.node or "", node) for node, _ in self.media.values() for u in mine)

    def _do_message(self, unit: Unit, to: str) -> None:
        """BWA-25 gap: a message passes orders or information; no other effect."""
        self.umpire.effect("BWA-25", f"{self.own_label(unit)} sends a message to {self.label(self.units[to])}.",
                           visible_to=self.side_vis(unit.side), unit=unit.id, to=to)

    def _do_identify(self, unit: Unit, key: str) -> None:
        """BWA-26 gap: on a passed stand morale check the umpire examines one stand."""
        target = self.units[key]
        vis: Visibility = self.side_vis(unit.side)
        check = self.stand_check(unit.stands[0], self.label(unit), "BWA-26",
                                 "identifying spies and provocateurs", vis=vis, target=unit.stands[0].morale_number)
        if not check.passed or not target.stands:
            return
        if self.options.identify_examines == "all":  # house rule: the whole unit is examined
            examined = list(target.stands)
        else:
            pick = self.umpire.roll_total("BWA-26", "umpire", 1, len(target.stands),
                                          purpose=f"which stand of {self.label(target)} is examined",
                                          visible_to=vis)
            examined = [target.stands[pick.total - 1]]
        for stand in examined:
            if stand.role:
                target.stands.remove(stand)
                self.removed[target.side] += 1
                self.umpire.effect("BWA-26", f"Stand {stand.id} of {self.own_label(target)} is unmasked as a "
                                   f"{stand.role} and removed.", visible_to=self.vis(target), unit=target.id)
            else:
                self.umpire.effect("BWA-26", f"Stand {stand.id} is not a spy or provocateur.", visible_to=vis)
        if not target.stands:
            self.remove_unit(target, "its last stand was unmasked")

    def _do_signs(self, unit: Unit, arg: str) -> None:
        """BWA-14: the nonviolent side secretly records the intersection as changed."""
        assert unit.node is not None
        self.changed_signs.add(unit.node)
        self.umpire.effect("BWA-14", f"{self.label(unit)} changes the street signs at {unit.node}.",
                           visible_to=self.side_vis(NONVIOLENT), at=unit.node)

    def _do_smoke(self, unit: Unit, arg: str) -> None:
        """BWA-13: cotton balls by dispersal method; each blocks sight like terrain."""
        method, _, where = arg.partition("@")
        balls, placement = SMOKE_METHODS[method]
        assert unit.node is not None
        if method == "pots":
            line = self.map.downwind_line(unit.node, self.setup.wind, balls)
            spots = [*line, *[line[-1]] * (balls - len(line))]
        elif method == "barrage":
            balls *= unit.cannons
            heading = self.map.bearing(unit.node, where)
            if self.options.artillery_smoke_split == "marker":
                sides = [where]
            else:
                sides = [self.map.turn(where, heading, a) or where for a in (math.pi / 2, -math.pi / 2)]
            spots = [sides[i % len(sides)] for i in range(balls)]
        else:
            spots = [where] * balls
        for spot in spots:
            self.smoke[spot] = self.smoke.get(spot, 0) + 1
        counts = {s: spots.count(s) for s in dict.fromkeys(spots)}
        self.umpire.effect("BWA-13", f"{self.label(unit)} makes smoke ({method}, {placement}): "
                           + ", ".join(f"{n} ball(s) at {s}" for s, n in counts.items()) + ".",
                           unit=self.key(unit), balls=counts)
        self.update_sighting()

    def _do_barricade(self, unit: Unit, arg: str) -> None:
        """BWA-52: activation, then a unit morale check read on the barricade column (BWA-08)."""
        if not self._activate(unit, "barricade"):
            return
        check = self.unit_check(unit, "BWA-52", "Building a Barricade", BARRICADE_COLUMN)
        if check.row <= 1:
            unit.barricade = unit.node
            self.barricades[unit.node or ""] = unit.id
            self.umpire.effect("BWA-08", f"{self.own_label(unit)} builds a barricade at {unit.node}.",
                               visible_to=self.vis(unit), unit=unit.id)
        elif self.options.barricade_failure_loses_initiative:
            # The morale check is the risk the side took (BWA-02): a barricade never built must not
            # hold the initiative step after step on the activation alone.
            self.lose_initiative = True

    def _do_rally(self, unit: Unit, target_id: str) -> None:
        """BWA-30: an authority unit morale check; 50% or fewer failing restores one level."""
        target = self.units[target_id]
        mods = []
        if self.contact(target):
            mods.append(Modifier(RALLY_TOUCHED, "unit touched by a nonviolent unit", "BWA-30"))
        if not self.in_sight_of(target, NONVIOLENT):
            mods.append(Modifier(RALLY_NONE_IN_SIGHT, "no nonviolent units in sight", "BWA-30"))
        if unit.high_command:
            mods.append(Modifier(RALLY_HIGH_COMMAND, "higher level commander rallying", "BWA-30"))
        check = self.unit_check(target, "BWA-30", "Rally", (), mods)
        limit = self.options.authority_rally_max_failed
        if check.failed * 100 > limit * check.stands:
            self.umpire.effect("BWA-30", f"More than {limit}% failed: the rally of {self.own_label(target)} fails.",
                               visible_to=self.vis(target))
            return
        for s in target.stands:
            s.quality = min(s.start_quality, s.quality + 1)
        target.lost = False
        target.sign_state = None
        self.umpire.effect("BWA-30", f"{self.own_label(target)} is rallied: "
                           f"{', '.join(s.quality_name for s in target.stands)}; it may move again.",
                           visible_to=self.vis(target), unit=target.id)

    def _do_regain(self, unit: Unit, band_id: str) -> None:
        """BWA-42: 1D6 + modifiers stands of the band regain discipline and join the commander."""
        band = self.units[band_id]
        if not band.on_table or not band.stands:
            self._fizzle(unit, "rallying the undisciplined stands", "they are gone")
            return
        roll = self.umpire.roll_total("BWA-42", f"Commander of {self.label(unit)}", 1, 6,
                                      purpose="regaining nonviolent discipline",
                                      modifiers=self.regain_modifiers(band))
        count = min(max(roll.total, 0), len(band.stands))
        if count:
            moving = band.stands[:count]
            del band.stands[:count]
            unit.stands.extend(moving)
            self.umpire.effect("BWA-42", f"{count} stand(s) regain nonviolent discipline and join "
                               f"{self.label(unit)}.", unit=self.key(unit), band=band.id, count=count)
        if not band.stands:
            self.remove_unit(band, "all its stands regained discipline")

    def regain_modifiers(self, band: Unit) -> list[Modifier]:
        """BWA-42 gap: -2 touching or else -1 in sight; the best of surrounded/outnumbered/blocked.

        House rules ``regain_penalties_stack`` and ``regain_bonus = "sum"`` count every one that applies."""
        penalties = []
        if self.contact(band):
            penalties.append(Modifier(REGAIN_TOUCHING, "authority unit touching", "BWA-42"))
        if self.in_sight_of(band, AUTHORITY):
            penalties.append(Modifier(REGAIN_IN_SIGHT, "authority unit in sight", "BWA-42"))
        friends = [u for u in self.table_units(NONVIOLENT) if not u.band and u.id != band.id]
        here = sum(len(u.stands) for u in friends if u.node == band.node)
        held = {u.node for u in friends}
        assert band.node is not None
        bonuses = []
        if all(n in held for n in self.map.neighbours[band.node]):
            bonuses.append(Modifier(REGAIN_SURROUNDED, "unit surrounded by nonviolent activists", "BWA-42"))
        if here > len(band.stands):
            bonuses.append(Modifier(REGAIN_OUTNUMBERED, "unit outnumbered by nonviolent activists", "BWA-42"))
        if band.blocked:
            bonuses.append(Modifier(REGAIN_BLOCKED, "unit blocked by nonviolent activists", "BWA-42"))
        if not self.options.regain_penalties_stack:
            penalties = penalties[:1]  # touching (listed first) replaces in sight
        if self.options.regain_bonus == "highest":
            bonuses = sorted(bonuses, key=lambda m: -m.value)[:1]
        return penalties + bonuses
