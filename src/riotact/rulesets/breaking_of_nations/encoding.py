"""The Breaking of Nations for learning and search: its fixed action numbering.

For the scenario's units, in list order: ``activate|end|fight|rally|fallback|prone|rise:<unit>``,
``formation:<unit>:<formation>``, ``fire|charge:<unit>:<enemy unit>``; for a gun ``shoot:<gun>:<enemy>``,
``lob:<gun>`` and ``lob|plan:<gun>:<enemy>:<guess>``; the building orders and ``cut:<unit>:<wire>``
(BON-102) for every belt of wire; points, bearings and guesses chosen
during play (a move's destination, a grenade's aim, an MG's new bearing) take slots ``~1``..``~16``
(core/encoding.py).

Features (all from the seat's view: a unit still hidden from it is not there, BON-002; a gun's
ammunition is its owner's, BON-073; a mortar's plan too, BON-077), laid out once per scenario over
its seats, units and men: the turn over the game's length; per seat whether it is the observing one
and deciding; per unit in sight: whether it is the seat's own, hidden (from the others), active,
activated, charging (BON-017), pinned, out of ammunition, climbing (BON-089), its formation, kind,
level, facing, glory level and tests owed (BON-036), salvos, men lost, and a lob the seat planned;
per man of it: where (over the table's size), prone, panicking (and how), wounds and injuries,
inside a building, armour class (and that of its move).

>>> from riotact.core import find_scenario
>>> enc = encoding(find_scenario("breaking-of-nations/trench-raid"), {})
>>> enc.action_ids[:3]
('activate:A', 'end:A', 'fight:A')
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from riotact.core import Game, Scenario
from riotact.core.encoding import Encoding, dense, grammar_encoding, slot_names

from .rules.buildings import building_action_ids
from .rules.movement import FORMATIONS
from .rules.wire import cut_action_ids
from .tables import LEVELS
from .turn import BreakingOfNations

SLOTS = 16


def action_ids(state: BreakingOfNations) -> list[str]:
    ids: list[str] = []
    slots = slot_names(SLOTS)
    for u in state.units.values():
        ids += [f"{verb}:{u.id}" for verb in ("activate", "end", "fight", "rally", "fallback", "prone", "rise")]
        ids += [f"formation:{u.id}:{f}" for f in FORMATIONS]
        foes = [e.id for e in state.units.values() if e.seat != u.seat]
        ids += [f"{verb}:{u.id}:{e}" for verb in ("fire", "charge") for e in foes]
        ids += [f"{verb}:{u.id}:{s}" for verb in ("move", "throw", "rotate") for s in slots]
        ids += building_action_ids(state, u) + cut_action_ids(state.table, u)
        if u.kind == "gun":  # artillery.py: direct fire, a guessed range, a mortar's plan and its firing
            ids += [f"shoot:{u.id}:{e}" for e in foes] + [f"lob:{u.id}"]
            ids += [f"{verb}:{u.id}:{e}:{s}" for verb in ("lob", "plan") for e in foes for s in slots]
    return ids


KINDS = ("squad", "mg", "gun", "cavalry")
PANICS = ("prone", "take_cover", "freeze", "flee", "onwards", "berserk")
#: Per unit: present, own, hidden, active, activated, charging, pinned, out of ammunition, climbing,
#: facing (sine, cosine), glory level, tests, salvos, men lost, a planned lob; then one-hots.
_PER_UNIT = 16 + len(FORMATIONS) + len(KINDS) + len(LEVELS)
#: Per man: present, x, y, prone, panicking, wounds, injuries, inside, armour class, its move's; then
#: the panic one-hot.
_PER_MAN = 10 + len(PANICS)
_FORMATION = {f: i for i, f in enumerate(FORMATIONS)}
_KIND = {k: i for i, k in enumerate(KINDS)}
_LEVEL = {lv: i for i, lv in enumerate(LEVELS)}
_PANIC = {p: i for i, p in enumerate(PANICS)}


def _features(state: BreakingOfNations) -> tuple[Callable[[Mapping[str, Any]], np.ndarray], int]:
    """The observation function of a scenario and its size, laid out from its set-up (the table, the
    seats, and the names of its units and men)."""
    width, depth = max(1.0, state.table.width), max(1.0, state.table.depth)
    seats = {seat: i for i, seat in enumerate(state.scenario.seats)}
    units = {u: i for i, u in enumerate(state.units)}
    men = {m: i for i, m in enumerate(state.men)}
    units_at = 1 + 2 * len(seats)
    men_at = units_at + _PER_UNIT * len(units)
    size = men_at + _PER_MAN * len(men)

    def observe(view: Mapping[str, Any]) -> np.ndarray:
        s = view["state"]
        seat = view["seat"]
        f: dict[int, float] = {0: s["turn"] / s["turns"]}
        for other, k in seats.items():
            f[1 + 2 * k] = float(other == seat)
            f[2 + 2 * k] = float(other == s["deciding"])
        for u in s["units"]:
            at = units_at + _PER_UNIT * units[u["id"]]
            facing = math.radians(u["facing"])
            f.update({at: 1.0, at + 1: float(u["seat"] == seat), at + 2: float(u["hidden"]),
                      at + 3: float(u["id"] == s["active"]), at + 4: float(u["activated"]),
                      at + 5: float(u["charging"]), at + 6: float(u["pinned"]), at + 7: float(u["ammo_out"]),
                      at + 8: float(u["climbing"] is not None), at + 9: math.sin(facing), at + 10: math.cos(facing),
                      at + 11: u["gl"] / 7, at + 12: u["tests"] / 3, at + 13: u["salvos"] / 2,
                      at + 14: u["lost"] / 10, at + 15: float(u["id"] in s["plans"])})
            at += 16
            if u["formation"] in _FORMATION:
                f[at + _FORMATION[u["formation"]]] = 1.0
            at += len(FORMATIONS)
            if u["kind"] in _KIND:
                f[at + _KIND[u["kind"]]] = 1.0
            at += len(KINDS)
            if u["level"] in _LEVEL:
                f[at + _LEVEL[u["level"]]] = 1.0
            for m in u["models"]:
                at = men_at + _PER_MAN * men[m["id"]]
                f.update({at: 1.0, at + 1: m["x"] / width, at + 2: m["y"] / depth, at + 3: float(m["prone"]),
                          at + 4: float(bool(m["panic"])), at + 5: m["wounds"] / 3, at + 6: len(m["injuries"]) / 3,
                          at + 7: float(bool(m["inside"])), at + 8: m["ac"] / 3, at + 9: m["move_ac"] / 3})
                if m["panic"] in _PANIC:
                    f[at + 10 + _PANIC[m["panic"]]] = 1.0
        return dense(f, size)

    return observe, size


def encoding(scenario: Scenario, options: dict[str, Any]) -> Encoding:
    state = Game(scenario, seed=0, options=options).state  # the numbering is fixed: any seed will do
    assert isinstance(state, BreakingOfNations)
    observe, size = _features(state)
    return grammar_encoding(action_ids(state), observe, size)
