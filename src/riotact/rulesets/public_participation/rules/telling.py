"""The log: effects and rolls told only to the seats whose characters witness them (fog of war)."""

from __future__ import annotations

from typing import Any

from riotact.core.adjudication import RollTotal
from riotact.core.log import ALL
from riotact.core.modifiers import Modifier

from .. import view
from ..state import Character, World


def tell(w: World, rule: str, text: str, *figures: Character, **fields: Any) -> None:
    """An effect that the witnesses of ``figures`` see (everyone when there are none)."""
    w.umpire.effect(rule, text, visible_to=view.witnesses(w, *figures) if figures else ALL, **fields)


def roll(w: World, rule: str, who: Character, purpose: str, *, n: int = 1, sides: int = 6,
         modifiers: list[Modifier] | None = None, target: int | None = None,
         judge: Any = None, also: tuple[Character, ...] = ()) -> RollTotal:
    return w.umpire.roll_total(rule, who.card.name, n, sides, purpose=purpose,
                               modifiers=modifiers or [], target=target, judge=judge,
                               visible_to=view.witnesses(w, who, *also))
