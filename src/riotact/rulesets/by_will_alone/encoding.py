"""By Will Alone for learning and search: its fixed action numbering (the grammar of orders.py).

The numbering lists, in this order, for the scenario's units, counters, stands and map features
(as set up): the fixed choices (``done``, ``noblock``, ``arrest-done``, ``jail:escape``, reactions
without a place), reactions and choices with a place (``react:slow|shadow|withdraw:<feature>``,
``withdraw:``, ``place:``), ``rally:``/``block:<unit>``, ``arrest-stand:<stand>``, then every piece's
orders (BWA-17) ``<piece>:<verb>[:<argument>]``. Units made during play (a band that lost
discipline, BWA-40; escaped stands, BWA-37) have no id at set-up: they take slots ``~1``..``~8``
(core/encoding.py). Observations are the generic hashed view features.

>>> from riotact.core import find_scenario
>>> enc = encoding(find_scenario("by-will-alone/ministry-sit-in"), {})
>>> enc.action_ids[:3]
('done', 'noblock', 'arrest-done')
"""

from __future__ import annotations

from typing import Any

from riotact.core import Game, Scenario
from riotact.core.encoding import Encoding, grammar_encoding, slot_names

from .turn import ByWillAlone

_PLAIN_VERBS = ("sit", "fraternize", "party", "signs", "barricade", "dismount", "escalate")
_TARGET_VERBS = ("confront", "envelope", "disrupt", "disperse", "arrest")
_UNIT_VERBS = ("rally", "regain", "mount", "reinforce", "message", "identify")


def action_ids(state: ByWillAlone) -> list[str]:
    slots = slot_names()
    units = [*state.units, *slots]
    counters = sorted({u.counter for u in state.units.values() if u.counter} | set(state.dummies))
    nodes = sorted(state.map.features)
    stands = [s.id for u in state.units.values() for s in u.stands]
    methods = sorted({m for u in state.units.values() for m in u.smoke} | {"barrage"})
    ids = ["done", "noblock", "arrest-done", "jail:escape", "react:hold", "react:sit", "react:dismount"]
    ids += [f"react:{r}:{n}" for r in ("slow", "shadow", "withdraw") for n in nodes]
    ids += [f"{choice}:{n}" for choice in ("withdraw", "place") for n in nodes]
    ids += [f"{choice}:{u}" for choice in ("rally", "block") for u in units]
    ids += [f"arrest-stand:{s}" for s in [*stands, *slots]]
    for piece in [*units, *counters]:
        ids += [f"{piece}:move:{n}" for n in nodes]
    for unit in units:
        ids += [f"{unit}:{verb}" for verb in _PLAIN_VERBS]
        ids.append(f"{unit}:smoke:pots")
        ids += [f"{unit}:smoke:{m}@{n}" for m in methods for n in nodes]
        ids += [f"{unit}:{verb}:{t}" for verb in _TARGET_VERBS for t in [*units, *counters]]
        ids += [f"{unit}:{verb}:{t}" for verb in _UNIT_VERBS for t in units]
    return ids


def encoding(scenario: Scenario, options: dict[str, Any]) -> Encoding:
    state = Game(scenario, seed=0, options=options).state  # the numbering is fixed: any seed will do
    assert isinstance(state, ByWillAlone)
    return grammar_encoding(action_ids(state))
