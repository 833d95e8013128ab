"""Fixed numberings of actions and numeric observations, for learning and search interfaces.

A ruleset declares ``RulesetSpec.encoding``: given a scenario and its resolved options it returns an
:class:`Encoding` that

- numbers every action id the scenario can ever offer, once and for all (``action_ids``), so that
  action ``k`` means the same decision in every game of that scenario;
- turns a seat's view (``Game.view(seat)``, nothing else) into a fixed-size ``float32`` vector.

Ids that name things created during play (a crowd that splits, a prisoner taken) cannot be listed
in advance; an encoding maps them to numbered *slots* (see :meth:`Encoding.number`).

>>> enc = Encoding(("pass", "draw"), observe=lambda view: np.array([view["state"]["rp"] / 10]), observation_size=1)
>>> enc.number(["draw"])
{1: 'draw'}
>>> enc.observe({"state": {"rp": 3}})
array([0.3], dtype=float32)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from .errors import RiotactError

if TYPE_CHECKING:
    pass

#: Every ruleset's features lie within plus or minus this (observation spaces need finite bounds).
FEATURE_BOUND = 1000.0


class EncodingError(RiotactError):
    """An action id the scenario's numbering does not know: the ruleset's encoding needs updating."""


class Encoding:
    """A scenario's action numbering and observation features (see the module docstring)."""

    def __init__(self, action_ids: Iterable[str], *,
                 observe: Callable[[Mapping[str, Any]], np.ndarray],
                 observation_size: int,
                 canonical: Callable[[Sequence[str]], dict[str, str]] | None = None) -> None:
        self.action_ids: tuple[str, ...] = tuple(dict.fromkeys(action_ids))
        self.index = {a: i for i, a in enumerate(self.action_ids)}
        self.observation_size = observation_size
        self._observe = observe
        self._canonical = canonical

    @property
    def num_actions(self) -> int:
        return len(self.action_ids)

    def number(self, legal: Sequence[str]) -> dict[int, str]:
        """Action number -> the real legal id it stands for now.

        Fixed ids number themselves; slot ids (``canonical``) are renamed first, e.g. the
        second split part of crowd ``B`` on offer now, whatever its id, is ``B~2``.
        """
        names = self._canonical(legal) if self._canonical else {}
        out = {}
        for action_id in legal:
            key = names.get(action_id, action_id)
            if key not in self.index:
                raise EncodingError(f"action {action_id!r} has no number in this scenario's encoding")
            out[self.index[key]] = action_id
        return out

    def observe(self, view: Mapping[str, Any]) -> np.ndarray:
        vector = np.asarray(self._observe(view), dtype=np.float32)
        if vector.shape != (self.observation_size,):
            raise EncodingError(f"observation of shape {vector.shape}, expected ({self.observation_size},)")
        return vector


#: Slots for names created during play (``~1``..``~SLOTS``), per step.
SLOTS = 8


def slot_names(n: int = SLOTS) -> list[str]:
    return [f"~{k}" for k in range(1, n + 1)]


def slotted(known_ids: Iterable[str]) -> Callable[[Sequence[str]], dict[str, str]]:
    """Rename the names made during play: any ``:``-separated part of a legal id that no fixed id
    uses becomes a slot ``~k``, numbered by sorted order among those on offer now.

    >>> rename = slotted(["fire:A", "fire:~1", "fire:~2"])
    >>> rename(["fire:A", "fire:A-7", "fire:A-12"])
    {'fire:A-7': 'fire:~2', 'fire:A-12': 'fire:~1'}
    """
    fixed = set(known_ids)
    known = {part for action_id in fixed for part in action_id.split(":")}
    # per legal id: its parts and those no fixed id uses (a fixed id has none); the same ids come back
    # step after step, so each is split once (the memo is emptied when it grows past _MEMO)
    memo: dict[str, tuple[list[str], frozenset[str]]] = {}
    plain: tuple[list[str], frozenset[str]] = ([], frozenset())

    def parts_of(action_id: str) -> tuple[list[str], frozenset[str]]:
        if action_id in fixed:
            return plain
        parts = action_id.split(":")
        return parts, frozenset(part for part in parts if part not in known)

    def rename(legal: Sequence[str]) -> dict[str, str]:
        if len(memo) > _MEMO:
            memo.clear()
        renamed: list[tuple[str, list[str]]] = []
        made: set[str] = set()
        for action_id in legal:
            found = memo.get(action_id)
            if found is None:
                found = memo[action_id] = parts_of(action_id)
            if found[1]:
                renamed.append((action_id, found[0]))
                made |= found[1]
        if not made:
            return {}
        slot = {name: f"~{k}" for k, name in enumerate(sorted(made), 1)}
        return {a: ":".join(slot.get(part, part) for part in parts) for a, parts in renamed}

    return rename


#: The most legal ids :func:`slotted` keeps split at once.
_MEMO = 100_000


class Places:
    """Fixed places for named things in a ruleset's compact features: the scenario's names in order,
    then ``slots`` places (:data:`SLOTS` unless told) for names made during play or kept from the
    seat at set-up (by sorted order among those named now; any beyond the slots are left out).

    >>> crowds = Places(["A", "B"])
    >>> crowds.size, crowds.places(["B", "B-7", "A-2"])
    (10, {'B': 1, 'A-2': 2, 'B-7': 3})
    >>> Places([], slots=3).places(["C", "A"])
    {'A': 0, 'C': 1}
    """

    def __init__(self, names: Iterable[str], slots: int = SLOTS) -> None:
        self.index = {name: i for i, name in enumerate(dict.fromkeys(names))}
        self.slots = slots
        self.size = len(self.index) + slots

    def places(self, names: Iterable[str]) -> dict[str, int]:
        names = list(names)
        made = sorted(name for name in names if name not in self.index)[:self.slots]
        out = {name: self.index[name] for name in names if name in self.index}
        out.update((name, len(self.index) + k) for k, name in enumerate(made))
        return out


def dense(features: Mapping[int, float], size: int) -> np.ndarray:
    """A ``size`` vector of zeros but for ``features`` (position -> value): compact features are
    gathered in a dict and written to numpy once (numpy's per-item writes cost more)."""
    out = np.zeros(size, dtype=np.float32)
    if features:
        out[list(features)] = list(features.values())
    return out


def one_hot(features: dict[int, float], at: int, index: Mapping[str, int], value: Any) -> int:
    """Set ``features[at + index[value]]`` to 1 (nothing when ``value`` is not in ``index``) and return
    the offset after the block, ``at + len(index)``.

    >>> f: dict[int, float] = {}
    >>> one_hot(f, 10, {"walk": 0, "run": 1}, "run"), one_hot(f, 12, {"walk": 0, "run": 1}, None), f
    (12, 14, {11: 1.0})
    """
    if value in index:
        features[at + index[value]] = 1.0
    return at + len(index)


def grammar_encoding(action_ids: Sequence[str], observe: Callable[[Mapping[str, Any]], np.ndarray],
                     observation_size: int) -> Encoding:
    """The encoding of a ruleset that lists its action grammar over the scenario's names: names made
    during play take slots (:func:`slotted`); observations are the ruleset's own features
    (``observe``, of ``observation_size``)."""
    return Encoding(action_ids, observe=observe, observation_size=observation_size, canonical=slotted(action_ids))
