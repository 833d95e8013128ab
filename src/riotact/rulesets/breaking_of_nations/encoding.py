"""The Breaking of Nations for learning and search: its fixed action numbering.

For the scenario's units, in list order: ``activate|end|fight|rally|fallback|prone|rise:<unit>``,
``formation:<unit>:<formation>``, ``fire|charge:<unit>:<enemy unit>``; for a gun ``shoot:<gun>:<enemy>``,
``lob:<gun>`` and ``lob|plan:<gun>:<enemy>:<guess>``; the building orders and ``cut:<unit>:<wire>``
(BON-102) for every belt of wire; points, bearings and guesses chosen
during play (a move's destination, a grenade's aim, an MG's new bearing) take slots ``~1``..``~16``
(core/encoding.py). Observations are the generic hashed view features.

>>> from riotact.core import find_scenario
>>> enc = encoding(find_scenario("breaking-of-nations/trench-raid"), {})
>>> enc.action_ids[:3]
('activate:A', 'end:A', 'fight:A')
"""

from __future__ import annotations

from typing import Any

from riotact.core import Game, Scenario
from riotact.core.encoding import Encoding, grammar_encoding, slot_names

from .rules.buildings import building_action_ids
from .rules.movement import FORMATIONS
from .rules.wire import cut_action_ids
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


def encoding(scenario: Scenario, options: dict[str, Any]) -> Encoding:
    state = Game(scenario, seed=0, options=options).state  # the numbering is fixed: any seed will do
    assert isinstance(state, BreakingOfNations)
    return grammar_encoding(action_ids(state))
