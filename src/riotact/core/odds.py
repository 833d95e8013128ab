"""Exact odds of a ruleset's chance procedures: the engine-neutral vocabulary.

A ruleset names, in its SPEC (``RulesetSpec.odds``), a module that declares
``PROCEDURES``: a tuple of :class:`OddsProcedure`. Each takes typed, named
parameters (``stands=veteran,trained``) and returns an :class:`Odds`: the exact
probability of each outcome (fractions) and a few exact figures (expectations).

>>> proc = OddsProcedure("coin", ("X-1",), "a fair coin", (Param("sides", 2, "faces"),),
...                      lambda sides: Odds("a coin", {"heads": Fraction(1, sides), "tails": 1 - Fraction(1, sides)}))
>>> proc.run(["sides=2"]).outcomes["heads"]
Fraction(1, 2)
>>> proc.run(["side=2"])
Traceback (most recent call last):
...
riotact.core.odds.OddsError: coin has no parameter 'side'; known: sides
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from .errors import RiotactError
from .options import Value, parse_cli_option

if TYPE_CHECKING:
    from .game import Game
    from .protocol import RulesetSpec


class OddsError(RiotactError):
    """An odds procedure or one of its parameters is unknown or malformed."""


#: What a parameter of each type takes, in words.
KINDS: dict[type, str] = {int: "a whole number", float: "a number", bool: "true or false", str: "a word"}


@dataclass(frozen=True)
class Param:
    """One named parameter of a procedure: its default sets its type (int, float, bool, str).

    A number carries ``bounds`` (lowest, highest): an exact distribution of a thousand dice, or of
    10**28 rioters, is not a question the rules ask, and computing it would run without end.

    >>> Param("dice", 2, "dice rolled", bounds=(1, 60)).parse("roll", 61)
    Traceback (most recent call last):
    ...
    riotact.core.odds.OddsError: roll: dice takes a number from 1 to 60, got 61
    """

    name: str
    default: Value
    help: str
    choices: tuple[Value, ...] = ()
    bounds: tuple[float, float] | None = None

    def parse(self, procedure: str, raw: Value) -> Value:
        expected = type(self.default)
        value: Value = raw
        if expected is str:
            value = str(raw).lower() if isinstance(raw, bool) else str(raw)
        elif expected is float and isinstance(raw, int) and not isinstance(raw, bool):
            value = float(raw)
        if type(value) is not expected:
            raise OddsError(f"{procedure}: {self.name} takes {KINDS[expected]}, got {raw!r}")
        if self.choices and value not in self.choices:
            raise OddsError(f"{procedure}: {self.name} must be one of {', '.join(map(str, self.choices))}; "
                            f"got {raw!r}")
        if self.bounds is not None and isinstance(value, int | float) and not isinstance(value, bool):
            low, high = self.bounds
            if not low <= value <= high:  # also refuses NaN
                raise OddsError(f"{procedure}: {self.name} takes a number from {low:g} to {high:g}, got {raw!r}")
        return value


@dataclass(frozen=True)
class Odds:
    """An exact distribution: ``outcomes`` (probabilities that sum to 1) and exact ``figures``."""

    title: str
    outcomes: dict[str, Fraction]
    figures: dict[str, Fraction] = field(default_factory=dict)
    notes: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        """JSON-safe: each probability as a float and as an exact fraction string."""
        return {
            "title": self.title,
            "outcomes": {k: {"p": float(p), "exact": str(p)} for k, p in self.outcomes.items()},
            "figures": {k: {"value": float(v), "exact": str(v)} for k, v in self.figures.items()},
            "notes": list(self.notes),
        }


@dataclass(frozen=True)
class OddsProcedure:
    """A chance procedure of the rules, with the rule IDs it computes."""

    name: str
    rules: tuple[str, ...]
    summary: str
    params: tuple[Param, ...]
    compute: Callable[..., Odds]

    def arguments(self, pairs: Iterable[str]) -> dict[str, Value]:
        """Defaults, overridden by ``name=value`` pairs (values read as TOML would read them)."""
        declared = {p.name: p for p in self.params}
        values: dict[str, Value] = {p.name: p.default for p in self.params}
        for pair in pairs:
            try:
                key, raw = parse_cli_option(pair)
            except RiotactError:
                raise OddsError(f"{self.name}: {pair!r} should look like name=value") from None
            if key not in declared:
                raise OddsError(f"{self.name} has no parameter {key!r}; known: {', '.join(declared) or 'none'}")
            values[key] = declared[key].parse(self.name, raw)
        return values

    def run(self, pairs: Iterable[str] = ()) -> Odds:
        return self.compute(**self.arguments(pairs))


def procedures(spec: RulesetSpec) -> tuple[OddsProcedure, ...]:
    """The procedures a ruleset declares (none for a ruleset without an odds module)."""
    if spec.odds is None:
        return ()
    return tuple(importlib.import_module(spec.odds).PROCEDURES)


def find_procedure(spec: RulesetSpec, name: str) -> OddsProcedure:
    found = {p.name: p for p in procedures(spec)}
    if name not in found:
        known = ", ".join(found) or "none yet"
        raise OddsError(f"{spec.title} has no odds procedure {name!r}; known: {known}")
    return found[name]


def pmf(items: Iterable[tuple[Any, Any]]) -> dict[str, Fraction]:
    """Outcome -> exact probability, from (outcome, probability) pairs (icepool or fractions)."""
    out: dict[str, Fraction] = {}
    for outcome, p in items:
        out[str(outcome)] = out.get(str(outcome), Fraction(0)) + Fraction(p)
    return out



# -- odds where decisions are made ---------------------------------------------------------
@dataclass(frozen=True)
class Chance:
    """The odds shown beside one option a seat may take: an exact probability and its words
    ("62% to succeed ...")."""

    p: Fraction
    text: str

    def as_dict(self) -> dict[str, Any]:
        return {"p": float(self.p), "exact": str(self.p), "text": self.text}


def percent(p: Fraction) -> str:
    """A probability as a person reads it: whole percents, never 0% or 100% for what may happen.

    >>> percent(Fraction(2, 3)), percent(Fraction(1, 1000)), percent(Fraction(999, 1000)), percent(Fraction(0))
    ('67%', '<1%', '>99%', '0%')
    """
    if 0 < p < Fraction(1, 100):
        return "<1%"
    if Fraction(99, 100) < p < 1:
        return ">99%"
    return f"{round(p * 100)}%"


def action_odds(game: Game, seat: str, view: dict[str, Any] | None = None) -> dict[str, Chance]:
    """The odds beside each of ``seat``'s legal actions whose outcome turns on chance (action id ->
    :class:`Chance`; actions without chance are left out).

    The ruleset's odds module (``RulesetSpec.odds``) may define ``action_odds(view, options)``; it is
    given only the seat's view (``Game.view(seat)``, legal actions included) and the game's typed
    house rules (the ruleset's ``Options``), which every seat knows, so the odds it shows cannot carry hidden state.
    """
    spec = game.spec
    if spec.odds is None:
        return {}
    hook = getattr(importlib.import_module(spec.odds), "action_odds", None)
    if hook is None:
        return {}
    view = game.view(seat) if view is None else view
    if not view["legal_actions"]:
        return {}
    found: dict[str, Chance] = hook(view, game.state.options)
    return found
