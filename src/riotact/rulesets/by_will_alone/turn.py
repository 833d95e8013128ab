"""The sequence of play (BWA-01/02): initiative, orders, reactions and their resolution.

The game is a queue of :class:`~.board.Task` steps. A task with a seat waits
for that seat's decision (orders, a reaction, a withdrawal, ...); the others
run at once. Orders are declared first and then resolved in the order given
(BWA-01 gap); each targeted unit chooses its reaction when its turn comes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from riotact.core.log import Visibility
from riotact.core.modifiers import Modifier
from riotact.core.protocol import Action
from riotact.core.scenario import Scenario
from riotact.core.umpire import Umpire
from riotact.core.umpiring import Power

from . import umpiring, view
from .options import Options
from .rules import orders
from .rules.actions import Actions
from .rules.open_orders import OrderList
from .rules.victory import final_result
from .state import Task, spied
from .tables import (
    NONVIOLENT,
    REACTION_NAMES,
    REACTIONS,
    SIDES,
    other,
)


class ByWillAlone(Actions):
    """By Will Alone: two sides, one initiative, actions and reactions."""

    def __init__(self, scenario: Scenario, options: Options, umpire: Umpire) -> None:
        super().__init__(scenario, options, umpire)
        self.lose_initiative = False
        self.took_risk = False
        self._legal: tuple[int, str, Sequence[Action]] | None = None
        self._version = 0
        self.umpire.effect("BWA-01", f"{scenario.title}: the {self.initiative} side starts with the "
                           "initiative.")
        self.update_sighting()
        self._run()

    # -- the protocol --------------------------------------------------------------
    def to_act(self) -> tuple[str, ...]:
        if self.result is not None or not self.tasks:
            return ()
        task = self.tasks[0]
        if task.kind == "orders":  # BWA-01: every player of the acting side orders at the same time
            return tuple(s for s in self.side_seats[task.data["side"]] if s not in task.data["done"])
        return () if task.seat is None else (task.seat,)

    def legal_actions(self, seat: str) -> Sequence[Action]:
        if seat not in self.to_act():
            return []
        if self._legal is None or self._legal[0] != self._version or self._legal[1] != seat:
            self._legal = (self._version, seat, orders.prompt_actions(self, self.tasks[0], seat))
        return self._legal[2]

    def legal_action(self, seat: str, action_id: str) -> Action | None:
        """One decision checked without reading the whole list (orders are looked up by id)."""
        legal = self.legal_actions(seat)
        if isinstance(legal, OrderList):
            return legal.find(action_id)
        return next((a for a in legal if a.id == action_id), None)

    def apply(self, seat: str, action: Action) -> None:
        self._version += 1
        task = self.tasks[0]
        handler = getattr(self, f"_answer_{task.kind}")
        handler(task, action.id, seat)
        self._run()

    def umpire_powers(self) -> tuple[Power, ...]:
        return tuple(replace(p, run=self._then_orders_afresh(p.run)) for p in umpiring.umpire_powers(self))

    def _then_orders_afresh(self, run: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], None]:
        """The umpire moving, splitting, merging or removing a unit changes the board in the middle of
        the orders (BWA-01: they are worked out once per step): the orders still open are made again."""
        def run_then_refresh(args: dict[str, Any]) -> None:
            run(args)
            self.orders_cache = None
            self._version += 1
        return run_then_refresh

    def view(self, seat: str) -> dict[str, Any]:
        return view.seat_view(self, seat)

    def scenario_data_for(self, seat: str) -> dict[str, Any]:
        return view.scenario_for(self, seat)

    def decision_visibility(self, seat: str, action: Action) -> Visibility:
        """Orders and answers are secret to their side; their effects are logged as they happen."""
        return self.side_vis(self.side_of(seat))

    def why_illegal(self, seat: str, action_id: str) -> str:
        return orders.why_illegal(self, seat, action_id)

    def plant_sentinels(self) -> None:
        for unit in self.units.values():
            if unit.hidden:
                unit.name = f"SENTINEL-{unit.id}"
        for dummy in self.dummies.values():
            dummy.note = f"SENTINEL-dummy-{dummy.counter}"
        for unit in self.units.values():
            for stand in unit.stands:
                if stand.role:
                    stand.role_note = f"SENTINEL-role-{stand.id}"

    def hidden_tokens(self, seat: str) -> set[str]:
        side = self.side_of(seat)
        tokens = {u.name for u in self.units.values()
                  if u.side != side and u.hidden and not spied(u, side)}
        tokens |= {d.note for d in self.dummies.values() if d.side != side}
        tokens |= {s.role_note for u in self.units.values() for s in u.stands
                   if s.role and u.side == side and s.role_note}
        return {t for t in tokens if t.startswith("SENTINEL")}

    # -- running the queue -------------------------------------------------------------
    def _run(self) -> None:
        while self.result is None:
            if not self.tasks:
                self._begin_step()
                continue
            task = self.tasks[0]
            if task.kind == "orders":
                if self.to_act():
                    return
                self._resolve_orders(task)
                continue
            if task.seat is not None:
                actions = orders.prompt_actions(self, task, task.seat)
                if actions:  # kept for legal_actions: nothing changes before the next apply
                    self._legal = (self._version, task.seat, actions)
                    return
                self.tasks.pop(0)  # nothing left to decide
                continue
            self.tasks.pop(0)
            getattr(self, f"_run_{task.kind}")(task)

    def _begin_step(self) -> None:
        if self.umpire.turn >= self.setup.length or self._side_gone():
            self.result = final_result(self)
            return
        self.umpire.turn += 1
        self.ordered = set()
        self.orders_cache = None
        self.lose_initiative = False
        self.took_risk = False
        self.umpire.effect("BWA-01", f"Action step {self.umpire.turn} of {self.setup.length}: the "
                           f"{self.initiative} side declares its actions.")
        self.tasks.append(Task("orders", None, {"side": self.initiative, "done": [], "orders": []}))

    def _side_gone(self) -> bool:
        for side in SIDES:
            alive = [u for u in self.units.values() if u.side == side and u.stands
                     and u.status in ("table", "reserve", "arriving")]
            if not alive and not (side == NONVIOLENT and self.jail):
                return True
        return False

    def _run_end_step(self, task: Task) -> None:
        side = self.initiative
        for unit in self.units.values():
            if unit.side == side:
                unit.disrupted = False
        if self.lose_initiative:
            self._change_initiative("a risk failed")
        elif not self.took_risk and self.options.no_risk_ends_initiative:
            self._change_initiative("it took no risk in this step (BWA-02)")
        else:
            self.umpire.effect("BWA-02", f"The {side} side took risks and succeeded: it keeps the initiative.")

    def _change_initiative(self, why: str) -> None:
        """BWA-02: the initiative passes; smoke clears (BWA-13), discards test (BWA-29)."""
        new = other(self.initiative)
        self.umpire.effect("BWA-02", f"The {self.initiative} side loses the initiative ({why}); the {new} "
                           "side has it now.")
        if self.smoke and self.options.smoke_clears_on_initiative:
            self.smoke.clear()
            self.umpire.effect("BWA-13", "All smoke clears.")
            self.update_sighting()
        self._discard_losses()
        self.initiative = new
        self.initiative_number += 1
        self.used = set()
        follow: list[Task] = []
        for unit in list(self.units.values()):
            if unit.status == "arriving" and unit.side == new:
                self._arrive(unit)
        for unit in list(self.units.values()):
            if unit.band and unit.on_table:
                follow.append(Task("band", None, {"band": unit.id, "asked": False}))
        if new == NONVIOLENT:
            if self.options.condition_lasts == "next_initiative":  # BWA-19 house rule
                for unit in self.table_units(NONVIOLENT):
                    if unit.condition:
                        self.umpire.effect("BWA-19", f"{self.own_label(unit)} is no longer {unit.condition}.",
                                           visible_to=self.vis(unit), unit=unit.id)
                        unit.condition = None
            self._find_commanders()
            follow += self._rally_dice()
        self.tasks[0:0] = follow

    # -- orders ----------------------------------------------------------------------
    def _answer_orders(self, task: Task, action_id: str, seat: str) -> None:
        """BWA-01: each player declares his units' orders; they resolve once all are done."""
        if action_id != "done":
            key, verb, arg = orders.split(action_id)
            task.data["orders"].append([key, verb, arg])
            self.ordered.add(key)
            use = orders.once_per_initiative(self, key, verb, arg)  # used up when declared
            if use:
                self.used.add(use)
            if self.orders_cache is not None:
                self.orders_cache.take(key, use)
            return  # the seat ends its orders itself, so a "done" typed ahead ends only this step
        task.data["done"].append(seat)

    def _resolve_orders(self, task: Task) -> None:
        self.tasks.pop(0)
        steps = [Task("resolve", None, {"key": k, "verb": v, "arg": a}) for k, v, a in task.data["orders"]]
        self.tasks[0:0] = [*steps, Task("end_step")]

    def _run_resolve(self, task: Task) -> None:
        key, verb, arg = task.data["key"], task.data["verb"], task.data["arg"]
        if self.lose_initiative:  # BWA-01/02: a side that has lost the initiative acts no more
            self.umpire.effect("BWA-02", f"The {self.initiative} side has lost the initiative: the order "
                               f"for {self._order_label(key)} ({verb}) is not carried out.",
                               visible_to=self.side_vis(self.initiative))
            return
        if key in self.dummies:
            self._move_dummy(key, arg)
            return
        if key not in self.units and key != "jail":
            self.umpire.effect("BWA-11", f"Counter {key} was removed: its order lapses.",
                               visible_to=self.side_vis(self.initiative))
            return
        if key == "jail":
            self.escape()
            return
        unit = self.units[key]
        if not unit.on_table or not unit.stands:
            self.umpire.effect("BWA-17", f"{unit.name} ({unit.id}) is no longer on the table: its "
                               f"{verb} is not carried out.", visible_to=self.side_vis(unit.side))
            return
        getattr(self, f"_do_{verb}")(unit, arg)

    def _order_label(self, key: str) -> str:
        """A piece named for its own side: a unit by name, a dummy or the jail by its key."""
        unit = self.units.get(key)
        return f"{unit.name} ({unit.id})" if unit is not None else key

    def _answer_react(self, task: Task, action_id: str, seat: str) -> None:
        self.tasks.pop(0)
        self.tasks.insert(0, Task("finish", None, {**task.data, "reaction": action_id}))

    def _run_finish(self, task: Task) -> None:
        """BWA-27: apply the reaction, then resolve the action if a confrontation follows."""
        unit, target = self.units[task.data["unit"]], self.units[task.data["target"]]
        verb = task.data["verb"]
        if not (unit.on_table and unit.stands and target.on_table and target.stands):
            self._fizzle(unit, verb, "one of the units has left the table")
            return
        parts = task.data["reaction"].split(":")
        reaction, node = parts[1], (parts[2] if len(parts) > 2 else "")
        follows, bonus = REACTIONS[reaction]
        name = REACTION_NAMES[reaction]
        if bonus is not None and not self.activation(target, f"the {name} reaction", bonus):
            self.umpire.effect("BWA-18", f"{self.label(target)} fails activation: it Holds instead.",
                               unit=target.id)
            reaction, follows = "hold", True
        self._react(unit, target, reaction, node)
        if not follows or target.node != unit.node or not target.on_table:
            self.umpire.effect("BWA-27", f"No confrontation follows: {self.label(unit)}'s {verb} has "
                               "no effect.", unit=unit.id)
            return
        if verb == "arrest":
            self.arrest(unit, target)
            return
        if verb == "envelope":
            unit.enveloping = target.id
            self.umpire.effect("BWA-22", f"{self.label(unit)} envelops {self.label(target)}.", unit=unit.id)
        out = self.confront(unit, target, why=verb)
        if verb == "disperse" and out.won_by(unit):
            self._disperse(target)
            return
        if verb == "disrupt" and out.won_by(unit) and self.options.disrupt_effect:
            target.disrupted = True
            self.umpire.effect("BWA-23", f"{self.label(target)} is disrupted: it loses its next action.",
                               unit=target.id)
        self.settle(out)

    def _answer_arrest(self, task: Task, action_id: str, seat: str) -> None:
        """BWA-35: one chosen stand tests to resist arrest; stop when told or when nothing is left."""
        police, target = self.units[task.data["unit"]], self.units[task.data["target"]]
        if action_id != "arrest-done":
            stand_id = action_id.split(":", 1)[1]
            task.data["tried"].append(stand_id)
            if self.resist_arrest(police, target, task.data["capacity"], stand_id):
                task.data["arrested"] += 1
        left = [s for s in target.stands if s.id not in task.data["tried"]]
        if action_id == "arrest-done" or not left or not task.data["capacity"]:
            self.tasks.pop(0)
            self.end_arrest(target, task.data["arrested"])

    def _answer_withdraw(self, task: Task, action_id: str, seat: str) -> None:
        self.tasks.pop(0)
        self.withdraw_to(self.units[task.data["unit"]], action_id.split(":", 1)[1], task.data["rule"])

    def _answer_place_lost(self, task: Task, action_id: str, seat: str) -> None:
        """BWA-07: the opponent places the lost unit."""
        self.tasks.pop(0)
        unit = self.units[task.data["unit"]]
        self.place(unit, action_id.split(":", 1)[1])
        self.umpire.effect("BWA-07", f"The {other(unit.side)} side places lost {self.own_label(unit)} at "
                           f"{unit.node}.", visible_to=self.vis(unit), unit=unit.id)
        if unit.hidden:
            self.umpire.effect("BWA-11", f"Counter {unit.counter} is moved to {unit.node}.",
                               counter=unit.counter)
        self.update_sighting()

    def _find_commanders(self) -> None:
        """BWA-47: the highest-quality stand makes a morale check, +1 per earlier attempt."""
        for unit in self.table_units(NONVIOLENT):
            if unit.band or unit.type != "actionists" or unit.commander is not None or not unit.stands:
                continue
            best = max(unit.stands, key=lambda s: s.quality)
            mods = [Modifier(unit.attempts, "earlier attempts", "BWA-47")] if unit.attempts else []
            unit.attempts += 1
            if self.stand_check(best, f"{self.label(unit)} stand {best.id}", "BWA-47",
                                "finding a new commander", mods, vis=self.vis(unit)).passed:
                best.commander = True
                unit.attempts = 0
                self.umpire.effect("BWA-47", f"{self.own_label(unit)} has a new commander: {best.id}.",
                                   visible_to=self.vis(unit), unit=unit.id)

    def _rally_dice(self) -> list[Task]:
        """BWA-28: one die per 10 discarded stands, each assigned to a leader."""
        dice = len(self.discarded) // self.options.rally_stands_per_die
        if dice:
            self.umpire.effect("BWA-28", f"{len(self.discarded)} discarded stands: the nonviolent side has "
                               f"{dice} rally dice.", dice=dice)
        return [Task("rally_die", self.first_seat(NONVIOLENT)) for _ in range(dice)]

    def _answer_rally_die(self, task: Task, action_id: str, seat: str) -> None:
        self.tasks.pop(0)
        unit = self.units[action_id.split(":", 1)[1]]
        roll = self.umpire.roll_total("BWA-28", f"Commander of {self.own_label(unit)}", 1, 6,
                                      purpose="rallying discarded stands", visible_to=self.vis(unit))
        rallied = self.discarded[:roll.total]
        del self.discarded[:roll.total]
        unit.stands.extend(rallied)
        self.umpire.effect("BWA-28", f"{len(rallied)} discarded stand(s) are rallied and placed touching "
                           f"the commander of {self.own_label(unit)}.", visible_to=self.vis(unit))

    def _discard_losses(self) -> None:
        """BWA-29: when the initiative changes, each discarded stand rolls 2D6 to stay."""
        for stand in list(self.discarded):
            roll = self.umpire.roll_total("BWA-29", f"discarded stand {stand.id}", 2, 6,
                                          purpose="staying available", target=stand.morale_number)
            if not roll.passed:
                self.discarded.remove(stand)
                self.removed[NONVIOLENT] += 1
                self.umpire.effect("BWA-29", f"Discarded stand {stand.id} is permanently removed.")

    # Escape and undisciplined stands --------------------------------------------------------

    def _run_band(self, task: Task) -> None:
        """BWA-40/41: the band moves toward the closest authority unit in sight and attacks."""
        band = self.units[task.data["band"]]
        if not band.on_table or not band.stands:
            return
        target = self.band_target(band)
        if target is None:
            self.umpire.effect("BWA-40", f"{self.label(band)} see no authority unit: they stay.")
            return
        assert band.node is not None and target.node is not None
        if band.node != target.node:
            nxt = min(self.map.neighbours[band.node],
                      key=lambda n: (self.map.dist(n, target.node or ""), n))
            if not task.data["asked"] and not task.data.get("stopped"):
                blockers = [u.id for u in self.table_units(NONVIOLENT)
                            if not u.band and u.commander is not None and u.node in (band.node, nxt)]
                if blockers:
                    seat = self.units[blockers[0]].player or self.first_seat(NONVIOLENT)
                    self.tasks.insert(0, Task("block", seat, {"band": band.id, "options": blockers}))
                    return
            if task.data.get("stopped"):
                return
            self.move_along(band, [nxt], rule="BWA-40")
            if band.node != target.node:
                return
        self.band_attack(band, target)

    def _answer_block(self, task: Task, action_id: str, seat: str) -> None:
        """BWA-41: a unit under command may confront the band to stop it."""
        self.tasks.pop(0)
        band = self.units[task.data["band"]]
        stopped = False
        if action_id != "noblock":
            blocker = self.units[action_id.split(":", 1)[1]]
            out = self.confront(blocker, band, why="blocking stands without discipline",
                                moves_initiative=False)
            if out.won_by(blocker, self.options.block_ratio):  # BWA-41 gap: 2 or more
                band.blocked = stopped = True
                self.umpire.effect("BWA-41", f"{self.label(band)} are blocked and stop.", band=band.id)
        self.tasks.insert(0, Task("band", None, {"band": band.id, "asked": True, "stopped": stopped}))
