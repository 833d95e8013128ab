"""House rules: every ``gap:`` default of a catalogue, as a named option.

A ruleset declares its house rules; a scenario's ``[house_rules]`` table and
the command line (``--option key=value``) override the defaults.

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
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .errors import OptionError

Value = bool | int | float | str


@dataclass(frozen=True)
class HouseRule:
    """One overridable option: its key, default, the rule it fills in, and what it does."""

    key: str
    default: Value
    rule: str
    text: str
    choices: tuple[Value, ...] = ()

    def check(self, ruleset: str, value: Any) -> Value:
        expected = type(self.default)
        if expected is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if type(value) is not expected:
            raise OptionError(
                f"{ruleset} house rule {self.key!r} takes a {expected.__name__}, got {reprlib.repr(value)}"
            )
        if isinstance(value, float) and not math.isfinite(value):
            raise OptionError(f"{ruleset} house rule {self.key!r} takes a finite number, got {value!r}")
        if self.choices and value not in self.choices:
            allowed = ", ".join(map(str, self.choices))
            raise OptionError(f"{ruleset} house rule {self.key!r} must be one of {allowed}; got {value!r}")
        return value


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
