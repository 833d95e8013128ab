"""Modifiers: a value with the reason it applies and the rule that grants it.

>>> m = Modifier(-1, "target is in cover", "BWA-34")
>>> m.as_dict()
{'value': -1, 'reason': 'target is in cover', 'rule': 'BWA-34'}
>>> describe([m, Modifier(2, "veterans", "BWA-03")])
'-1 target is in cover (BWA-34), +2 veterans (BWA-03)'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar, Final


class Record:
    """A read-only value compared, hashed and shown by its ``FIELDS``: a plain class rather than a
    frozen dataclass, whose generated ``__init__`` stays interpreted Python in a compiled build of
    the rules (riotact/compiled.py), where every roll and modifier makes one."""

    __slots__ = ()
    FIELDS: ClassVar[tuple[str, ...]] = ()

    def _values(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self.FIELDS)

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={value!r}" for name, value in zip(self.FIELDS, self._values(), strict=True))
        return f"{type(self).__name__}({shown})"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and isinstance(other, Record) and self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __deepcopy__(self, memo: dict[int, object]) -> Record:
        return self  # read-only: copies of a game share it (a compiled one cannot be made without __init__)


class Modifier(Record):
    FIELDS = ("value", "reason", "rule")
    __slots__ = FIELDS

    def __init__(self, value: int, reason: str, rule: str) -> None:
        self.value: Final = value
        self.reason: Final = reason
        self.rule: Final = rule

    def as_dict(self) -> dict[str, object]:
        return {"value": self.value, "reason": self.reason, "rule": self.rule}

    def __str__(self) -> str:
        return f"{self.value:+d} {self.reason} ({self.rule})"


def total(modifiers: Iterable[Modifier]) -> int:
    return sum(m.value for m in modifiers)


def describe(modifiers: Iterable[Modifier]) -> str:
    return ", ".join(str(m) for m in modifiers)
