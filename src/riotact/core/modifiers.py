"""Modifiers: a value with the reason it applies and the rule that grants it.

>>> m = Modifier(-1, "target is in cover", "BWA-34")
>>> m.as_dict()
{'value': -1, 'reason': 'target is in cover', 'rule': 'BWA-34'}
>>> describe([m, Modifier(2, "veterans", "BWA-03")])
'-1 target is in cover (BWA-34), +2 veterans (BWA-03)'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Modifier:
    value: int
    reason: str
    rule: str

    def as_dict(self) -> dict[str, object]:
        return {"value": self.value, "reason": self.reason, "rule": self.rule}

    def __str__(self) -> str:
        return f"{self.value:+d} {self.reason} ({self.rule})"


def total(modifiers: Iterable[Modifier]) -> int:
    return sum(m.value for m in modifiers)


def describe(modifiers: Iterable[Modifier]) -> str:
    return ", ".join(str(m) for m in modifiers)
