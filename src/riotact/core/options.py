"""House rules: every ``gap:`` default of a catalogue, as a named option.

A ruleset declares its house rules as one typed options class: a frozen dataclass whose every field
is a :func:`house_rule`. A scenario's ``[house_rules]`` table and the command line
(``--option key=value``) override the defaults; :func:`make_options` checks them once, when a game
starts, and the rules read the result by attribute.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Options:
...     cause_jokers: int = house_rule(2, "RB-03", "Jokers in each Cause Deck", low=0)
>>> make_options(Options, "revolting-behaviour", {"cause_jokers": 0}).cause_jokers
0
>>> make_options(Options, "revolting-behaviour", {"cause_jokers": -1}).cause_jokers
Traceback (most recent call last):
...
riotact.core.errors.OptionError: revolting-behaviour house rule 'cause_jokers' (RB-03) must be at least 0; got -1

>>> rules = (HouseRule("cause_jokers", 2, "RB-03", "Jokers in each Cause Deck"),)
>>> resolve_options("revolting-behaviour", rules, {"cause_jokers": 0})
{'cause_jokers': 0}
>>> resolve_options("revolting-behaviour", rules, {"jokers": 0})
Traceback (most recent call last):
...
riotact.core.errors.OptionError: revolting-behaviour has no house rule 'jokers'; known: cause_jokers
"""

from __future__ import annotations

import math
import reprlib
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field, fields
from functools import cache
from typing import Any, TypeVar

from .errors import OptionError

Value = bool | int | float | str
OptionsT = TypeVar("OptionsT", bound=Hashable)
#: The key of a field's metadata that holds its :class:`HouseRule`.
HOUSE_RULE = "riotact.house_rule"


@dataclass(frozen=True)
class HouseRule:
    """One overridable option: its key, default, the rule it fills in, and what it does."""

    key: str
    default: Value
    rule: str
    text: str
    choices: tuple[Value, ...] = ()
    #: The least and greatest value a number may take (None: no bound).
    low: float | None = None
    high: float | None = None

    def check(self, ruleset: str, value: Any) -> Value:
        expected = type(self.default)
        if expected is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if type(value) is not expected:
            raise OptionError(f"{self.named(ruleset)} takes a {expected.__name__}, got {reprlib.repr(value)}")
        if isinstance(value, float) and not math.isfinite(value):
            raise OptionError(f"{self.named(ruleset)} takes a finite number, got {value!r}")
        if self.choices and value not in self.choices:
            allowed = ", ".join(map(str, self.choices))
            raise OptionError(f"{self.named(ruleset)} must be one of {allowed}; got {value!r}")
        if isinstance(value, int | float) and not isinstance(value, bool) and (
                (self.low is not None and value < self.low) or (self.high is not None and value > self.high)):
            span = (f"from {_plain(self.low)} to {_plain(self.high)}" if self.low is not None and self.high is not None
                    else f"at least {_plain(self.low)}" if self.low is not None else f"at most {_plain(self.high)}")
            raise OptionError(f"{self.named(ruleset)} must be {span}; got {value!r}")
        return value

    def named(self, ruleset: str) -> str:
        """How an error names this house rule: the ruleset, its key and the rule it fills in."""
        return f"{ruleset} house rule {self.key!r} ({self.rule})"


def _plain(number: float | None) -> str:
    """A bound as a person writes it: 1000000, 0.5 (never 1e+06)."""
    return str(int(number)) if number is not None and number == int(number) else str(number)


@dataclass(frozen=True, slots=True)
class NoHouseRules:
    """The options of a ruleset that declares no house rules."""


def house_rule(default: Value, rule: str, text: str, *, choices: tuple[Value, ...] = (),
               low: float | None = None, high: float | None = None) -> Any:
    """A field of a ruleset's options class: its default, the rule it fills in and what it does
    (the field's name is the house rule's key)."""
    declared = HouseRule("", default, rule, text, choices, low, high)
    return field(default=default, metadata={HOUSE_RULE: declared})


@cache
def house_rules_of(options_class: type) -> tuple[HouseRule, ...]:
    """The house rules an options class declares, in the order of its fields (read once per class:
    every new game asks)."""
    return tuple(HouseRule(f.name, *(getattr(f.metadata[HOUSE_RULE], k) for k in
                                     ("default", "rule", "text", "choices", "low", "high")))
                 for f in fields(options_class) if HOUSE_RULE in f.metadata)


def make_options(options_class: type[OptionsT], ruleset: str, *overrides: Mapping[str, Any]) -> OptionsT:
    """An instance of ``options_class``: the defaults, then each override in turn, every value
    checked (unknown keys and bad values are :class:`OptionError`)."""
    return options_class(**resolve_options(ruleset, house_rules_of(options_class), *overrides))


def options_dict(options: object) -> dict[str, Value]:
    """The values of a typed options instance by key (what a log header and the interfaces show)."""
    return {f.name: getattr(options, f.name) for f in fields(options)}  # type: ignore[arg-type]


def resolve_options(
    ruleset: str, rules: Iterable[HouseRule], *overrides: Mapping[str, Any]
) -> dict[str, Value]:
    """Defaults, then each override in turn; unknown keys and bad values are errors."""
    declared = {r.key: r for r in rules}
    options: dict[str, Value] = {k: r.default for k, r in declared.items()}
    for override in overrides:
        for key, value in override.items():
            if key not in declared:
                known = ", ".join(sorted(declared)) or "none"
                raise OptionError(f"{ruleset} has no house rule {key!r}; known: {known}")
            options[key] = declared[key].check(ruleset, value)
    return options


def parse_cli_option(text: str) -> tuple[str, Value]:
    """``key=value`` from the command line; the value is read as TOML would read it.

    >>> parse_cli_option("severe_min_rank=9"), parse_cli_option("extreme=true")
    (('severe_min_rank', 9), ('extreme', True))
    """
    key, sep, raw = text.partition("=")
    if not sep or not key.strip():
        raise OptionError(f"option {text!r} should look like key=value")
    raw = raw.strip()
    value: Value
    if raw.lower() in ("true", "false"):
        value = raw.lower() == "true"
    else:
        try:
            value = int(raw)
        except ValueError:
            try:
                value = float(raw)
            except ValueError:
                value = raw
    return key.strip(), value
