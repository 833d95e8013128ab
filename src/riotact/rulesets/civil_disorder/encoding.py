"""Civil Disorder for learning and search: its fixed action numbering (the grammar of orders.py).

The numbering lists, in this order, for the scenario's town, seats, units, crowds, buildings and
snipers (as set up): ``pass``, ``stay``, ``alight``, ``proceed``; ``run|walk|drive:<point>`` for every
street point; ``negotiate|arrest|fire:<crowd>``; ``talk:<seat>``; ``board:<unit>``; every unit's
orders ``order:<unit>:<order>[:<target>]`` (CD-08, CD-13); and the umpire's chair
(``bargain_good|bargain_bad:<seat>``, ``rile|calm:<crowd>``, ``free:<prisoner>``, CD-03, CD-33,
CD-55). Crowds that split during play (CD-24) and prisoners taken (CD-55) are named then: they take
slots ``~1``..``~8`` (core/encoding.py). Observations are the generic hashed view features.

>>> from riotact.core import find_scenario
>>> enc = encoding(find_scenario("civil-disorder/embassy-protest"), {})
>>> enc.action_ids[:4]
('pass', 'stay', 'alight', 'proceed')
"""

from __future__ import annotations

from typing import Any

from riotact.core import Game, Scenario
from riotact.core.encoding import Encoding, grammar_encoding, slot_names

from .rules.orders import ORDER_TARGETS, ORDER_WORDS
from .turn import CivilDisorder


def action_ids(state: CivilDisorder) -> list[str]:
    slots = slot_names()
    points = sorted(state.town.pos)
    crowds = [*state.crowds, *slots]
    targets = {"place": points, "crowd": crowds, "building": sorted(state.buildings),
               "sniper": sorted(state.snipers)}
    ids = ["pass", "stay", "alight", "proceed"]
    ids += [f"{verb}:{p}" for verb in ("run", "walk", "drive") for p in points]
    ids += [f"{verb}:{c}" for verb in ("negotiate", "arrest", "fire") for c in crowds]
    ids += [f"talk:{s}" for s in state.sf_seats]
    ids += [f"board:{u}" for u in state.units]
    for unit in state.units:
        for order in ORDER_WORDS:
            kind = ORDER_TARGETS.get(order)
            if kind is None:
                ids.append(f"order:{unit}:{order}")
            else:
                ids += [f"order:{unit}:{order}:{t}" for t in targets[kind]]
    ids += [f"{verb}:{s}" for verb in ("bargain_good", "bargain_bad") for s in state.sf_seats]
    ids += [f"{verb}:{c}" for verb in ("rile", "calm") for c in crowds]
    ids += [f"free:{p}" for p in slots]
    return ids


def encoding(scenario: Scenario, options: dict[str, Any]) -> Encoding:
    state = Game(scenario, seed=0, options=options).state  # the numbering is fixed: any seed will do
    assert isinstance(state, CivilDisorder)
    return grammar_encoding(action_ids(state))
