"""Modifiers: a value with the reason it applies and the rule that grants it.

>>> m = Modifier(-1, "target is in cover", "BWA-34")
>>> m.as_dict()
{'value': -1, 'reason': 'target is in cover', 'rule': 'BWA-34'}
>>> describe([m, Modifier(2, "veterans", "BWA-03")])
'-1 target is in cover (BWA-34), +2 veterans (BWA-03)'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final


class Modifier:
    """Read-only; a plain class rather than a frozen dataclass, whose generated ``__init__`` stays
    interpreted Python in the compiled laboratory engine (core/compiled.py)."""

    __slots__ = ("reason", "rule", "value")

    def __init__(self, value: int, reason: str, rule: str) -> None:
        self.value: Final = value
        self.reason: Final = reason
        self.rule: Final = rule

    def __repr__(self) -> str:
        return f"Modifier(value={self.value!r}, reason={self.reason!r}, rule={self.rule!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Modifier) and (self.value, self.reason, self.rule) == \
            (other.value, other.reason, other.rule)

    def __hash__(self) -> int:
        return hash((self.value, self.reason, self.rule))

    def as_dict(self) -> dict[str, object]:
        return {"value": self.value, "reason": self.reason, "rule": self.rule}

    def __str__(self) -> str:
        return f"{self.value:+d} {self.reason} ({self.rule})"


def total(modifiers: Iterable[Modifier]) -> int:
    return sum(m.value for m in modifiers)


def describe(modifiers: Iterable[Modifier]) -> str:
    return ", ".join(str(m) for m in modifiers)
