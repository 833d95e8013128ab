"""Scenario files (TOML), validated with a clear message on any fault.

A scenario names its ruleset, id, title and seats, may override house rules,
and gives the ruleset's own ``[setup]`` table (validated by the ruleset's model,
which receives the seats as pydantic validation context: ``info.context["seats"]``).
Example (``revolting-behaviour`` first game)::

    ruleset = "revolting-behaviour"
    id = "first-game"
    title = "First game: two players, ten Cause cards"
    seats = ["p1", "p2"]
    [setup]
    cause_cards = 10
"""

from __future__ import annotations

import functools
import math
import tomllib
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, ValidationInfo

from .errors import OptionError, RiotactError, ScenarioError
from .log import UMPIRE
from .options import resolve_options
from .protocol import RulesetSpec
from .registry import all_specs, ruleset_spec

#: A seat's name is what people type (``--seat p1=human``) and read in every log line.
SEAT_NAME_LIMIT = 32

class _Header(BaseModel):
    model_config = ConfigDict(extra="forbid")

    ruleset: str = Field(max_length=64)
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$", max_length=64)
    title: str = Field(min_length=1, max_length=200)
    description: str = Field("", max_length=10_000)
    seats: list[str] = Field(min_length=1, max_length=64)
    house_rules: dict[str, Any] = {}
    setup: dict[str, Any] = {}


@dataclass(frozen=True)
class Scenario:
    ruleset: str
    id: str
    title: str
    seats: tuple[str, ...]
    setup: Any
    description: str = ""
    house_rules: dict[str, Any] = field(default_factory=dict)
    source: str = "<data>"
    data: dict[str, Any] = field(default_factory=dict)

    @property
    def ref(self) -> str:
        return f"{self.ruleset}/{self.id}"


def scenario_seat(seat: str, info: ValidationInfo) -> str:
    """A setup model's field validator: ``seat`` must be one of the scenario's seats (given as
    validation context; a bare model, without it, keeps only the form)."""
    seats = (info.context or {}).get("seats", ())
    if seats and seat not in seats:
        raise ValueError(f"seat {seat!r} is not one of the scenario's seats ({', '.join(seats)})")
    return seat


def _fail(source: str, exc: ValidationError, prefix: tuple[str, ...] = ()) -> ScenarioError:
    """The first fault, as "file: field: problem" (without pydantic's "Value error, " prefix)."""
    err = exc.errors()[0]
    loc = ".".join([*prefix, *(str(p) for p in err["loc"])])
    return ScenarioError(source, loc, err["msg"].removeprefix("Value error, "))


def parse_scenario(data: dict[str, Any], source: str = "<data>") -> Scenario:
    """Validate scenario data; errors name the source, the field and the fault."""
    _check_finite(data, source)
    try:
        head = _Header.model_validate(data)
    except ValidationError as exc:
        raise _fail(source, exc) from None
    try:
        spec = ruleset_spec(head.ruleset)
    except Exception as exc:  # unknown ruleset: say which exist
        raise ScenarioError(source, "ruleset", str(exc)) from None
    _check_seats(spec, head.seats, source)
    setup: Any = head.setup
    if spec.setup is not None:
        try:
            # The seats are context, so a setup model can check its names against them.
            setup = spec.setup.model_validate(head.setup, context={"seats": tuple(head.seats)})
        except ValidationError as exc:
            raise _fail(source, exc, ("setup",)) from None
    try:
        resolve_options(spec.id, spec.house_rules, head.house_rules)
    except OptionError as exc:
        raise ScenarioError(source, "house_rules", str(exc)) from None
    return Scenario(head.ruleset, head.id, head.title, tuple(head.seats), setup,
                    head.description, dict(head.house_rules), source, data)


def _check_finite(data: Any, source: str) -> None:
    """NaN and Infinity are refused anywhere in a scenario (TOML allows them; no rule wants them).

    The walk uses its own stack, so data nested however deep cannot exhaust Python's.
    """
    stack: list[tuple[str, Any]] = [("", data)]
    while stack:
        where, value = stack.pop()
        if isinstance(value, float) and not math.isfinite(value):
            raise ScenarioError(source, where, f"Input should be a finite number, not {value}")
        if isinstance(value, dict | list | tuple):  # fields named as pydantic names them: setup.features.3.x
            items = value.items() if isinstance(value, dict) else enumerate(value)
            stack.extend((f"{where}.{k}" if where else str(k), v) for k, v in items)


def _check_seats(spec: RulesetSpec, seats: list[str], source: str) -> None:
    low, high = spec.seat_counts
    if not low <= len(seats) <= high:
        raise ScenarioError(source, "seats", f"{spec.title} takes {low} to {high} seats, got {len(seats)}")
    for seat in seats:
        if not 1 <= len(seat) <= SEAT_NAME_LIMIT or not all(c.isprintable() and not c.isspace() for c in seat):
            shown = seat if len(seat) <= SEAT_NAME_LIMIT else seat[:SEAT_NAME_LIMIT] + "..."
            raise ScenarioError(source, "seats", f"seat name {shown!r} should be 1 to {SEAT_NAME_LIMIT} "
                                "printable characters without spaces")
    if len(set(seats)) != len(seats):
        raise ScenarioError(source, "seats", "seat names must be different")
    if UMPIRE in seats and not spec.umpire_seat:
        raise ScenarioError(source, "seats", f"{UMPIRE!r} is reserved for the umpire")


def load_scenario_file(path: str | Path) -> Scenario:
    source = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ScenarioError(source, "", f"cannot read the file ({exc.__class__.__name__}: {exc})") from None
    return scenario_from_toml(text, source)


def scenario_from_toml(text: str, source: str) -> Scenario:
    """A scenario from the text of a TOML file (read from disk, or uploaded to the web table)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(source, "", f"not valid TOML ({exc})") from None
    except RecursionError:
        raise ScenarioError(source, "", "not valid TOML (nested too deeply)") from None
    except ValueError:  # tomllib's only other fault: an integer of more than 4,300 digits
        raise ScenarioError(source, "", "not valid TOML (an integer of more than 4,300 digits)") from None
    return parse_scenario(data, source)


def builtin_scenarios(spec: RulesetSpec) -> list[Scenario]:
    """The scenarios shipped inside a ruleset's package, sorted by id."""
    if spec.scenario_package is None:
        return []
    folder = resources.files(spec.scenario_package)
    return [_parsed_builtin(entry.read_text(encoding="utf-8"), f"{spec.id}:{entry.name}")
            for entry in sorted(folder.iterdir(), key=lambda e: e.name) if entry.name.endswith(".toml")]


@functools.lru_cache(maxsize=256)
def _parsed_builtin(text: str, source: str) -> Scenario:
    """A built-in scenario file parsed once per text: the web lobby and every new table look the built-ins
    up, and parsing them all took tens of milliseconds on the event loop; a file edited is parsed again.
    Sharing the parsed scenario is safe: a game never changes its scenario (a sweep plays one many times)."""
    return parse_scenario(tomllib.loads(text), source)


def find_scenario(ref: str) -> Scenario:
    """A scenario by file path, by ``ruleset/id``, or by a bare id that is unique."""
    if ref.endswith(".toml") or Path(ref).is_file():
        return load_scenario_file(ref)
    return _builtin(ref, "no such scenario file or id (see `riotact scenarios`)", files=True)


def find_builtin_scenario(ref: str) -> Scenario:
    """A built-in scenario by ``ruleset/id`` or by a bare id that is unique, never a file: the web table's
    lookup, whose refusals say nothing of the server's files (none is looked at)."""
    return _builtin(ref, "no such built-in scenario (see the lobby's list)", files=False)


def _builtin(ref: str, not_found: str, *, files: bool) -> Scenario:
    ruleset, _, scenario_id = ref.rpartition("/")
    try:
        specs = [ruleset_spec(ruleset)] if ruleset else all_specs()
    except RiotactError as exc:
        raise _not_found(ref, str(exc), files) from None
    matches = [s for spec in specs for s in builtin_scenarios(spec) if s.id == scenario_id]
    if len(matches) == 1:
        return matches[0]
    if not matches:
        raise _not_found(ref, not_found, files)
    names = ", ".join(s.ref for s in matches)
    raise ScenarioError(ref, "", f"more than one scenario has this id; say which: {names}")


def _not_found(ref: str, problem: str, files: bool) -> ScenarioError:
    if files and Path(ref).is_dir():
        problem = "is a folder, not a scenario file or id (see `riotact scenarios`)"
    return ScenarioError(ref, "", problem)
