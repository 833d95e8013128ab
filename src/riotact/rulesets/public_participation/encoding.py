"""Public Participation for learning and search: its fixed action numbering.

Moves and aimed throws carry table coordinates (``move:M1:10.2,13.9``), so they cannot be listed in
advance. They are numbered by their place in the position's finite menu (``move_menu``, PP-03; the
aiming points of ``bomb``, PP-21): the k-th move on offer for character ``M1`` now is
``move:M1:#k``. The menu offers at most two points (walking, running) towards each other character
and each feature and one away from the nearest foe, so ``2 * (characters + features)`` slots always
suffice. Everything else is the grammar of ``state.py`` over the scenario's characters, weapons and
lines: holding, dropping, bandaging, speaking at each volume (PP-07), firing (PP-08), throwing
(PP-21), opportunity shots (PP-08), kicking a lit stick (PP-24), cowering back after a failed nerve test
(PP-48) and the umpire's surprise rulings.
Observations are the generic hashed view features.

>>> from riotact.core import find_scenario
>>> enc = encoding(find_scenario("public-participation/picket-line"), {})
>>> enc.action_ids[0]
'done'
>>> enc.number(["move:C1:10.0,3.9", "move:C1:12.5,3.0", "hold:C1"]) == {
...     enc.index["move:C1:#1"]: "move:C1:10.0,3.9", enc.index["move:C1:#2"]: "move:C1:12.5,3.0",
...     enc.index["hold:C1"]: "hold:C1"}
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from riotact.core import Game, Scenario
from riotact.core.encoding import Encoding, hashed_features

from . import tables as T
from .state import World

#: Verbs whose last part is a point on the table, numbered by menu order.
_AIMED = ("move", "bomb", "back")


def _slug(name: str) -> str:
    return name.replace(" ", "-")


def action_ids(state: World) -> list[str]:
    chars = sorted(state.chars)
    weapons = sorted({_slug(w) for w in state.weapon_book})
    lines = sorted(state.messages)
    slots = [f"#{k}" for k in range(1, 2 * (len(chars) + len(state.table.features)) + 1)]
    ids = ["done"]
    for c in chars:
        ids += [f"{verb}:{c}" for verb in ("hold", "drop", "noopp", "nokick", "stay")]
        ids += [f"back:{c}:#{k}" for k in range(1, 4)]  # PP-48: stepping back, three ways at most
        ids += [f"move:{c}:{s}" for s in slots]
        ids += [f"bomb:{c}:{w}:{s}" for w in weapons for s in slots]
        ids += [f"say:{c}:{v}:{line}" for v in T.VOLUMES for line in lines]
        ids += [f"{verb}:{c}:{w}:{o}" for verb in ("fire", "throw") for w in weapons for o in chars]
        ids += [f"{verb}:{c}:{o}" for verb in ("opp", "bandage") for o in chars]
        ids += [f"kick:{c}:{face}" for face in range(1, 7)]
        ids += [f"surprise:{c}:{v}" for v in range(3)]
    return ids


def menu_slots(legal: Sequence[str]) -> dict[str, str]:
    """Aimed actions renamed by their place in the menu on offer now (per verb, character, weapon)."""
    seen: dict[str, int] = {}
    out = {}
    for action_id in legal:
        prefix, _, point = action_id.rpartition(":")
        if action_id.split(":", 1)[0] in _AIMED and "," in point:
            seen[prefix] = seen.get(prefix, 0) + 1
            out[action_id] = f"{prefix}:#{seen[prefix]}"
    return out


def encoding(scenario: Scenario, options: dict[str, Any]) -> Encoding:
    state = Game(scenario, seed=0, options=options).state  # the numbering is fixed: any seed will do
    assert isinstance(state, World)
    return Encoding(action_ids(state), observe=hashed_features, canonical=menu_slots)
