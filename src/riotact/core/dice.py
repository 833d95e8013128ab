"""Dice sources: where the natural faces of every roll come from.

A game owns exactly one :class:`random.Random`, seeded once and injected; the
:class:`SeededDice` source draws from it. Tests inject :class:`ScriptedDice`
(a queue of faces, so a test reads like the rule) and people playing on a real
table use :class:`ManualDice`, which asks for the faces they rolled.

>>> dice = ScriptedDice([6, 2, 5])
>>> dice.faces(6, 2, "2D6 for a stand morale check")
[6, 2]
>>> dice.faces(6, 2, "2D6 again")
Traceback (most recent call last):
...
riotact.core.errors.DiceExhaustedError: scripted dice ran out: 2D6 again wanted 2 faces, 1 left
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterable
from typing import Protocol

from .compiling import mypyc_attr
from .errors import DiceError, DiceExhaustedError

#: Clock-face D12 directions and arrow-D6 directions (the face says where it points).
CLOCK_DIRECTIONS = tuple(f"{h} o'clock" for h in range(1, 13))
ARROW_DIRECTIONS = ("ahead", "ahead-right", "behind-right", "behind", "behind-left", "ahead-left")


class DiceSource(Protocol):
    """Gives ``n`` natural faces of a ``sides``-sided die."""

    def faces(self, sides: int, n: int, request: str) -> list[int]: ...


@mypyc_attr(allow_interpreted_subclasses=True)  # copied without __init__ (core/compiling.py)
class SeededDice:
    """Faces from the game's own seeded generator (never the global one)."""

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng  # the object, not its bound method: deepcopy must copy the generator

    def faces(self, sides: int, n: int, request: str) -> list[int]:
        r = self._rng.random
        return [int(r() * sides) + 1 for _ in range(n)]


class ScriptedDice:
    """Faces from a fixed queue; raises when a test scripted too few."""

    def __init__(self, faces: Iterable[int]) -> None:
        self._queue = deque(int(f) for f in faces)

    @property
    def remaining(self) -> int:
        return len(self._queue)

    def extend(self, faces: Iterable[int]) -> None:
        """Script more faces (a test adds the dice for its next step)."""
        self._queue.extend(int(f) for f in faces)

    def faces(self, sides: int, n: int, request: str) -> list[int]:
        if len(self._queue) < n:
            raise DiceExhaustedError(
                f"scripted dice ran out: {request} wanted {n} faces, {len(self._queue)} left"
            )
        out = [self._queue.popleft() for _ in range(n)]
        for face in out:
            if not 1 <= face <= sides:
                raise DiceError(f"scripted face {face} is not on a D{sides} ({request})")
        return out


class ManualDice:
    """Asks a person for the faces rolled on a real table, validated 1..sides.

    ``ask`` receives a prompt and returns the typed answer; ``tell`` reports a
    problem with the answer before asking again.

    >>> answers = iter(["7", "3 4"])
    >>> ManualDice(lambda prompt: next(answers), tell=lambda msg: None).faces(6, 2, "2D6")
    [3, 4]
    """

    #: A person rolls these: rolls that no seat may see are not theirs to make unless a person
    #: sits in the umpire's chair (see :class:`~riotact.core.game.Game`).
    by_hand = True

    def __init__(self, ask: Callable[[str], str], tell: Callable[[str], None] = print) -> None:
        self._ask, self._tell = ask, tell

    def faces(self, sides: int, n: int, request: str) -> list[int]:
        prompt = f"Roll {n}D{sides} for {request}; enter the {n} face(s) shown"
        while True:
            answer = self._ask(prompt)
            problem = _manual_problem(answer, sides, n)
            if problem is None:
                return [int(t) for t in answer.replace(",", " ").split()]
            self._tell(problem)


def _manual_problem(answer: str, sides: int, n: int) -> str | None:
    tokens = answer.replace(",", " ").split()
    if len(tokens) != n:
        return f"expected {n} face(s), got {len(tokens)}"
    for token in tokens:
        if not (token.isascii() and token.isdigit()) or not 1 <= int(token) <= sides:  # not '³'
            return f"{token!r} is not a face of a D{sides} (1..{sides})"
    return None
