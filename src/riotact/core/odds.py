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
    from .protocol import RulesetSpec


class OddsError(RiotactError):
    """An odds procedure or one of its parameters is unknown or malformed."""


@dataclass(frozen=True)
class Param:
    """One named parameter of a procedure: its default sets its type (int, float, bool, str)."""

    name: str
    default: Value
    help: str
    choices: tuple[Value, ...] = ()

    def parse(self, procedure: str, raw: Value) -> Value:
        expected = type(self.default)
        value: Value = raw
        if expected is str:
            value = str(raw).lower() if isinstance(raw, bool) else str(raw)
        elif expected is float and isinstance(raw, int) and not isinstance(raw, bool):
            value = float(raw)
        if type(value) is not expected:
            raise OddsError(f"{procedure}: {self.name} takes a {expected.__name__}, got {raw!r}")
        if self.choices and value not in self.choices:
            raise OddsError(f"{procedure}: {self.name} must be one of {', '.join(map(str, self.choices))}; "
                            f"got {raw!r}")
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

