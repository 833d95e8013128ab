"""Civil Disorder's protocol class and its turn (CD-12).

Each turn every SF seat secretly declares one action (CD-07, CD-12 step 1) and
then, unless it ran, where its figure walks. When all have declared (and the
umpire seat, if a person holds it, has had its say), riotact resolves the turn:

2. the umpire moves crowds and subordinate units (CD-13, CD-17);
3. personal figures walk (CD-14);
4. firing, crowd violence, fights and negotiations, then over-reaction tests;
5. players' actions (orders, runs, conversations);
6. the umpire's assessment: fires, medics, water, RL rolls (CD-20), then gas drifts.

A person in the umpire's chair may hold the game before step 6 (``hold at=assessment``), to make
his assessment with the turn's rolls in front of him: set a crowd's RL, override the RL rolls to
come, then let the game go on (``advance``).

The phases live in :mod:`.rules` and act on the :class:`.state.World` this class extends; this
module imports them, and none of them imports it. What a seat knows is :mod:`.view`'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from riotact.core.adjudication import Umpire
from riotact.core.compiling import mypyc_attr
from riotact.core.errors import OptionError, ScenarioError
from riotact.core.log import UMPIRE
from riotact.core.options import make_options
from riotact.core.protocol import Action, Result
from riotact.core.scenario import Scenario
from riotact.core.umpiring import Power, stop

from . import umpiring
from .board import Town, build_town
from .options import Options, checked_tables
from .rules import (
    bombs,
    combat,
    conversation,
    crowds,
    custody,
    fire,
    gas,
    looting,
    medical,
    missiles,
    orders,
    personal,
)
from .setup import CDSetup
from .state import World
from .tables import Table
from .view import hidden_tokens, plant_sentinels, scenario_data_for, view

#: The first action of every player's list (orders.player_actions) and walk (orders.walk_actions).
#: The hold point of a person in the umpire's chair before step 6 (CD-12).
ASSESSMENT = "assessment"
ALWAYS_OPEN = {"pass": Action("pass", "take no action this turn"), "stay": Action("stay", "stay where you are")}


@mypyc_attr(allow_interpreted_subclasses=True)  # copied without __init__ (core/compiling.py)
class CivilDisorder(World):
    """One game of Civil Disorder; riotact is the umpire (CD-01, CD-03, CD-05)."""

    def __init__(self, scenario: Scenario, options: Options, umpire: Umpire) -> None:
        setup: CDSetup = scenario.setup
        tables = _tables(scenario, options)
        t = setup.town
        town = build_town(t.columns, t.rows, t.block, t.step,
                          tuple((b.id, *b.block, b.part) for b in setup.buildings))
        _validate(scenario, setup, town)
        super().__init__(scenario, options, umpire, town, tables)
        looting.setup_looters(self)
        for crowd in self.crowds.values():
            crowd.seen_sf = sorted(u.id for u in self.units.values() if self.town.sees(crowd.node, u.node))
            crowd.history.append(crowd.rl)
        orders.report_reach(self)  # CD-07: what each player may order in turn 1

    # -- the protocol ---------------------------------------------------------
    def to_act(self) -> tuple[str, ...]:
        waiting = tuple(s for s in self.sf_seats if self.phase[s] != "done")
        if waiting or not self.human_umpire:
            return waiting
        return (UMPIRE,) if self.phase[UMPIRE] == "discretion" else ()

    def legal_actions(self, seat: str) -> Sequence[Action]:
        if seat == UMPIRE:
            return orders.umpire_actions(self)
        if self.phase[seat] == "walk":
            return orders.walk_actions(self, seat)
        return orders.player_actions(self, seat)

    def why_illegal(self, seat: str, action_id: str) -> str:
        return orders.why_illegal(self, seat, action_id)

    def legal_action(self, seat: str, action_id: str) -> Action | None:
        """CD-07 / CD-14: taking no action, or staying put, is always open to a player who is to
        decide; accepting it needs none of the hundreds of orders the full list holds, nor does an
        order (only its unit's part of the list is read)."""
        deciding = seat in self.sf_seats and seat in self.to_act()
        always = ALWAYS_OPEN.get(action_id)
        if always is not None and deciding and (self.phase[seat] == "walk") == (action_id == "stay"):
            return always
        if deciding and self.phase[seat] == "action":
            return orders.player_actions(self, seat).find(action_id)
        return super().legal_action(seat, action_id)

    def decision_visibility(self, seat: str, action: Action) -> list[str]:
        """CD-12 step 1: declarations are secret until they happen (CD-08: no free conferring)."""
        return [seat]

    def apply(self, seat: str, action: Action) -> None:
        """CD-07 / CD-14: an action, then a walk; the turn resolves once every seat is done."""
        if seat == UMPIRE:
            orders.apply_umpire(self, action.id)
            self.phase[UMPIRE] = "done"
        elif self.phase[seat] == "walk":
            if action.id != "stay":
                self.walks[seat] = action.id
            self.phase[seat] = "done"
        else:
            self.declared[seat] = action.id  # CD-07: one action per turn
            self.phase[seat] = "done" if action.id.startswith("run:") else "walk"  # CD-14
        if all(self.phase[s] == "done" for s in self.sf_seats):
            if self.human_umpire and self.phase[UMPIRE] == "wait":
                self.phase[UMPIRE] = "discretion"
                return
            self.resolve_turn()

    def umpire_powers(self) -> tuple[Power, ...]:
        return umpiring.umpire_powers(self)  # CD-03

    def talk(self, seat: str, to: str, text: str) -> str:
        return conversation.talk_action(self, seat, to, text)  # CD-08: talking is the turn's action

    def parse_action(self, seat: str, action_id: str) -> Action | None:
        return conversation.parse_talk(self, seat, action_id)  # CD-08: a conversation with words

    def hold_points(self) -> dict[str, str]:
        return {ASSESSMENT: "CD-12 step 6, the umpire's assessment: after the turn's firing, fights and "
                            "actions, before fires, medics and the RL rolls (CD-20)"}

    def resume(self, point: str) -> None:
        if point == ASSESSMENT:
            self.assess_turn()

    def view(self, seat: str) -> dict[str, Any]:
        return view(self, seat)

    def scenario_data_for(self, seat: str) -> dict[str, Any]:
        return scenario_data_for(self, seat)

    # -- the turn (CD-12) -------------------------------------------------------
    def resolve_turn(self) -> None:
        """CD-12: steps 2 to 6 in the guide order."""
        self.charged, self.withdrew = {}, set()  # CD-21 (d): this turn's charges and withdrawals
        self.messages = {s: [] for s in self.sf_seats}
        self.note("CD-12", f"Turn {self.turn}: step 2, the umpire moves crowds and subordinate units.")
        crowds.move_crowds(self)  # step 2 (CD-17)
        orders.move_units(self)  # step 2 (CD-13)
        orders.walk_players(self)  # step 3 (CD-14)
        self.note("CD-12", f"Turn {self.turn}: step 4, firing, fights and negotiations.")
        orders.player_step4(self)  # players' own firing and grabs (CD-07 c)
        combat.firing(self)
        combat.snipers_fire(self)
        bombs.bombs_go_off(self)  # CD-66
        with self.standing():  # throwing and fighting move nobody (figures fall, units may leave)
            missiles.crowd_violence(self)
            combat.fights(self)
            personal.crowds_attack_players(self)
        orders.negotiations(self)  # CD-32: after this turn's shooting and gas
        fire.firefighting(self)
        looting.property_and_looting(self)
        combat.overreaction_tests(self)  # CD-62: after firing and fights
        self.note("CD-12", f"Turn {self.turn}: step 5, players' actions.")
        orders.player_step5(self)
        if ASSESSMENT in self.umpire.holds:
            stop(self.umpire, ASSESSMENT, f"at turn {self.turn}'s assessment (CD-12 step 6)")
            return
        self.assess_turn()

    def assess_turn(self) -> None:
        """CD-12 step 6: the umpire's assessment, then the next turn."""
        self.note("CD-12", f"Turn {self.turn}: step 6, the umpire assesses the turn.")
        with self.standing():  # fires burn where they are: nobody moves
            fire.burn(self)
        medical.paramedics(self)
        crowds.assess(self)  # RL rolls (CD-20) and crowd status
        for crowd in self.live_crowds():
            looting.break_off(self, crowd)  # CD-31
        looting.looter_vehicles(self)  # CD-29
        crowds.merge_and_split(self)  # CD-11
        gas.gas_drift(self)  # CD-22: after the RL rolls, so this turn's gas counts in them
        crowds.record_history(self)
        custody.escort_prisoners(self)  # CD-55
        orders.recover(self)
        self.declared, self.walks, self.bargain = {}, {}, {}
        self._end_or_next()

    def _end_or_next(self) -> None:
        active = self.live_crowds()
        if self.turn >= self.turns or not active:
            self.result = self._result("all crowds have dispersed or left" if not active else
                                       f"the scenario's {self.turns} turns are over")
            return
        self.turn += 1
        self.umpire.turn = self.turn
        orders.report_reach(self)  # CD-07: a unit that left a player's list is named to him
        for seat in self.sf_seats:
            self.phase[seat] = "action"
        if self.human_umpire:
            self.phase[UMPIRE] = "wait"

    def _result(self, reason: str) -> Result:
        score = self.score()
        won = score >= self.setup.victory_score
        winners = self.sf_seats if won else ()
        text = f"{reason}; SF score {score} ({'at least' if won else 'below'} {self.setup.victory_score})"
        return Result(winners, text, dict.fromkeys(self.sf_seats, score), self.details())

    # -- conformance hooks (view.py states what each seat may know) ------------
    def plant_sentinels(self) -> None:
        plant_sentinels(self)

    def hidden_tokens(self, seat: str) -> set[str]:
        return hidden_tokens(self, seat)


def _tables(scenario: Scenario, options: Options) -> tuple[Table, Table, Table]:
    """The house rules' tables (:func:`.options.checked_tables`): a bad table in the scenario's
    ``[house_rules]`` is a ScenarioError naming the file, one given as an option an OptionError."""
    try:
        checked_tables(make_options(Options, scenario.ruleset, scenario.house_rules))
    except OptionError as exc:
        raise ScenarioError(scenario.source, "house_rules", str(exc)) from None
    return checked_tables(options)


def _validate(scenario: Scenario, setup: CDSetup, town: Town) -> None:
    """Cross-checks the setup model leaves to the game (seats and the chain of command, CD-02, are
    checked by :class:`CDSetup`): places on the town, ids, no crowd players (CD-05), crowd layouts
    (CD-19), and what snipers and bombs refer to."""
    src = scenario.source

    def fail(field: str, problem: str) -> None:
        raise ScenarioError(src, f"setup.{field}", problem)

    buildings = {b.id for b in setup.buildings}
    places = [("players", p.at) for p in setup.players] + [("units", u.at) for u in setup.units] + \
        [("crowds", c.at) for c in setup.crowds] + [("features", f.at) for f in setup.features] + \
        [("looter_vehicles", v.at) for v in setup.looter_vehicles] + [("gas", g.at) for g in setup.gas] + \
        [("gunfire", g.at) for g in setup.gunfire]
    for field, node in places:
        if node not in town.pos:
            fail(field, f"{node!r} is not a street point of the town (junctions are J<col>-<row>)")
    for field, ids in (("units", [u.id for u in setup.units] + [c.id for c in setup.crowds]),
                       ("buildings", [b.id for b in setup.buildings]), ("snipers", [s.id for s in setup.snipers]),
                       ("bombs", [b.id for b in setup.bombs]),
                       ("looter_vehicles", [v.id for v in setup.looter_vehicles])):
        twice = sorted({i for i in ids if ids.count(i) > 1})
        if twice:
            fail(field, f"ids must all be different{' (units and crowds too)' if field == 'units' else ''}; "
                        f"used twice: {', '.join(twice)}")
    known = {"place": set(town.pos), "building": buildings, "crowd": {c.id for c in setup.crowds},
             "sniper": {s.id for s in setup.snipers}, "hydrant": {f.at for f in setup.features if f.kind == "hydrant"}}
    for u in setup.units:  # CD-13: the standing order the unit starts on
        problem = orders.order_problem(u.order, known)
        if problem:
            fail("units", f"unit {u.id}'s order: {problem}")
    for c in setup.crowds:
        if c.controlled_by is not None:  # CD-05
            fail("crowds", f"crowd {c.id} cannot be controlled by {c.controlled_by!r}: no player ever "
                           "controls a crowd (CD-05)")
        if c.objective is not None and c.objective not in town.pos and c.objective not in buildings:
            fail("crowds", f"crowd {c.id}'s objective {c.objective!r} is neither a building nor a place")
        if c.layout is not None:
            problem = crowds.layout_problem(c.layout)
            if problem:
                fail("crowds", f"crowd {c.id} layout: {problem} (CD-19)")
    for b in setup.buildings:
        if not (0 <= b.block[0] < setup.town.columns - 1 and 0 <= b.block[1] < setup.town.rows - 1):
            fail("buildings", f"building {b.id} stands in block {list(b.block)}, outside the town")
    for s in setup.snipers:
        if s.building is not None and s.building not in buildings:
            fail("snipers", f"sniper {s.id}'s building {s.building!r} does not exist")
        if s.crowd is not None and s.crowd not in {c.id for c in setup.crowds}:
            fail("snipers", f"agent {s.id}'s crowd {s.crowd!r} does not exist")
        if s.target not in {u.id for u in setup.units}:
            fail("snipers", f"sniper {s.id}'s target {s.target!r} is not an SF unit")
    for bomb in setup.bombs:  # CD-66
        if bomb.crowd not in {c.id for c in setup.crowds}:
            fail("bombs", f"bomb {bomb.id}'s crowd {bomb.crowd!r} does not exist")
