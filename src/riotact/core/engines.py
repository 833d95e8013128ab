"""Engines: the rules of a ruleset played faster, the same games (``RulesetSpec.engines``).

The Python engine plays every game. A ruleset may declare other engines by name (``compiled``:
a build of its rules made at install time), each a loader that returns an :class:`Engine` or
raises :class:`~riotact.core.errors.LaboratoryUnavailable` saying why it is not there (not built,
built from older sources). An engine plays laboratory-mode bot games (``sim``, ``sweep``):

- as a :class:`~riotact.core.game.Game` built from its own classes (:meth:`Engine.parts`;
  ``Game(..., explain=False, engine=name)``), or
- as a game of its own played by action number (a :class:`Laboratory`), whose decisions replay
  through the Python engine (``Laboratory.explained``).

``--engine`` is ``auto`` (the ruleset's ``compiled`` engine where it can play the game, else
Python), ``python`` or ``compiled`` (that engine, or a one-line refusal saying why not).

>>> python_parts(ruleset_spec("civil-disorder"), explain=False).log.__name__
'QuietLog'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from .adjudication import Umpire
from .dice import SeededDice
from .errors import LaboratoryUnavailable, RiotactError
from .log import GameLog, QuietLog
from .protocol import Evaluation, Result, RulesetSpec, State
from .registry import ruleset_spec
from .scenario import Scenario

if TYPE_CHECKING:
    from .game import Game

PYTHON = "python"
#: The engine ``auto`` prefers where it can play the game.
COMPILED = "compiled"
#: The choices of ``--engine``.
ENGINES = ("auto", PYTHON, COMPILED)


@dataclass(frozen=True)
class Parts:
    """The classes a :class:`~riotact.core.game.Game` builds its dice, log, umpire and state from, and
    the ruleset's determiniser and evaluation that read a state of those classes (the search bot's)."""

    seeded_dice: type[SeededDice]
    log: type[GameLog]
    umpire: type[Umpire]
    state: type[State]
    determinise: Callable[[Game, str, int], Game] | None
    evaluation: Evaluation | None


class Laboratory(Protocol):
    """A laboratory-mode game an engine plays by action number.

    ``legal_ids()`` lists the numbers in the order of ``Game.legal_actions``: a bot drawing from
    either list with the same generator picks the same decision."""

    scenario: Scenario
    seed: int
    seats: tuple[str, ...]
    #: The resolved house rules, as ``Game.options``.
    options: dict[str, Any]

    def to_act(self) -> tuple[str, ...]: ...
    def legal_ids(self) -> tuple[int, ...]: ...
    def apply_id(self, number: int, /) -> None: ...
    def is_over(self) -> bool: ...
    @property
    def decisions(self) -> list[tuple[str, str]]: ...
    @property
    def result(self) -> Result | None: ...
    @property
    def turn(self) -> int: ...
    def explained(self) -> Game: ...


class Engine(Protocol):
    """A faster build of a ruleset's rules that plays the Python engine's games."""

    def parts(self) -> Parts | None:
        """The classes ``Game(..., explain=False, engine=name)`` is built from; None when the engine
        plays only games of its own (:meth:`play`)."""

    def refusal(self, scenario: Scenario, options: Mapping[str, Any], players: Mapping[str, str]) -> str | None:
        """Why the engine cannot play this bot game (``players``: each seat's bot kind), or None."""

    def play(self, scenario: Scenario, *, seed: int, options: Mapping[str, Any], players: Mapping[str, str],
             max_decisions: int) -> Game | Laboratory:
        """The bot game played to the end: the decisions the Python engine's bots would make."""


#: ``RulesetSpec.engines``' values: the spec in, the engine out (or ``LaboratoryUnavailable``).
EngineLoader = Callable[[RulesetSpec], Engine]


def python_parts(spec: RulesetSpec, *, explain: bool) -> Parts:
    """The Python engine's classes: the full explained log, or the laboratory mode's counted one."""
    assert spec.state is not None, "an implemented ruleset"
    return Parts(SeededDice, GameLog if explain else QuietLog, Umpire, spec.state, spec.determinise, spec.evaluation)


def load_engine(spec: RulesetSpec, name: str) -> Engine:
    """The ruleset's engine ``name``, or :class:`LaboratoryUnavailable` saying why not."""
    loader = spec.engines.get(name)
    if loader is None:
        raise LaboratoryUnavailable(f"{spec.title} has no {name} engine")
    return loader(spec)


def game_parts(spec: RulesetSpec, name: str, *, explain: bool) -> Parts:
    """The classes a game of ``spec`` is built from on the engine ``name``."""
    if name == PYTHON:
        return python_parts(spec, explain=explain)
    parts = load_engine(spec, name).parts()
    if parts is None:
        raise LaboratoryUnavailable(f"the {name} engine of {spec.title} plays its own games only (sim, sweep)")
    return parts


def bot_engine(scenario: Scenario, engine: str, *, options: Mapping[str, Any] | None = None,
               players: Mapping[str, str] | None = None) -> Engine | None:
    """The engine that plays this bot game (None: the Python engine); under ``compiled``, the
    ruleset's compiled engine or a one-line :class:`LaboratoryUnavailable` saying why not."""
    if engine not in ENGINES:
        raise RiotactError(f"engine must be {', '.join(ENGINES)}, not {engine!r}")
    if engine == PYTHON:
        return None
    spec = ruleset_spec(scenario.ruleset)
    kinds = {s: (players or {}).get(s, "random") for s in scenario.seats}
    try:
        found = load_engine(spec, COMPILED)
        why = found.refusal(scenario, dict(options or {}), kinds)
        if why is not None:
            raise LaboratoryUnavailable(why)
    except LaboratoryUnavailable:
        if engine == COMPILED:
            raise
        return None
    return found


def play_laboratory(scenario: Scenario, *, seed: int, options: Mapping[str, Any] | None = None,
                    players: Mapping[str, str] | None = None, engine: str = "auto",
                    max_decisions: int = 100_000) -> Game | Laboratory | None:
    """The bot game played out on the ruleset's compiled engine, or None where the Python engine
    must play it. ``players`` gives each seat's bot kind (default random)."""
    found = bot_engine(scenario, engine, options=options, players=players)
    if found is None:
        return None
    kinds = {s: (players or {}).get(s, "random") for s in scenario.seats}
    return found.play(scenario, seed=seed, options=dict(options or {}), players=kinds, max_decisions=max_decisions)


def check_engine(scenario: Scenario, engine: str, *, options: Mapping[str, Any] | None = None,
                 players: Mapping[str, str] | None = None) -> None:
    """Fail now, in one line, where ``engine`` cannot be honoured (before any game or worker)."""
    bot_engine(scenario, engine, options=options, players=players)
