"""Bot games on a ruleset's compiled laboratory core, where it has one and the bots can play there.

A ruleset may declare a compiled core (``RulesetSpec.laboratory``): a game in laboratory mode
played by action number (``legal_ids`` / ``apply_id``) that deals the same cards from the same
seed as :class:`~riotact.core.game.Game`. :func:`play_laboratory` plays such a game out with bots
that pick exactly what the Python engine's bots would pick (the same generator, the same calls,
the same list order; a ruleset's own bots through ``Laboratory.core_bot``), so a batch or a sweep
gets the same rows, faster. Bot kinds the core cannot play, and rulesets without a core, stay
with :class:`Game` (``play_laboratory`` returns None).

``engine`` is ``auto`` (the compiled core where it can play), ``python`` (never) or ``compiled``
(the core, or a one-line :class:`LaboratoryUnavailable` saying why not).

A ruleset may instead have a compiled *engine* (``RulesetSpec.compiled_state``,
:mod:`riotact.core.compiled`): its own rules compiled, played as a :class:`Game` with
``compiled=True``; :func:`plays_compiled` says when ``sim`` and ``sweep`` use it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from .bots import DecisionLimitError, bot_rng, uniform_pick
from .compiled import unavailable
from .errors import LaboratoryUnavailable, RiotactError
from .game import Game
from .protocol import Result
from .registry import ruleset_spec
from .scenario import Scenario

ENGINES = ("auto", "python", "compiled")


class Laboratory(Protocol):
    """A laboratory-mode game played by action number (a ruleset's compiled core).

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
    def core_bot(self, kind: str, seat: str, rng: random.Random) -> CoreBot | None:
        """The ruleset's own bot of ``kind`` on the core (``random`` is everyone's: :func:`random_core_bot`),
        making the decisions ``make_bot(kind, ...)`` makes on ``Game``; None if the core cannot play it."""


#: A bot on a core: the number of its decision, given the game.
CoreBot = Callable[[Laboratory], int]


def random_core_bot(rng: random.Random) -> CoreBot:
    """:class:`~riotact.core.bots.RandomBot` on action numbers: the same draw from the same list."""
    def choose(game: Laboratory) -> int:
        return uniform_pick(rng, game.legal_ids())
    return choose


def core_game(scenario: Scenario, *, seed: int, options: Mapping[str, Any] | None = None,
              players: Mapping[str, str] | None = None) -> tuple[Laboratory, dict[str, CoreBot]]:
    """A fresh game on the ruleset's compiled core and its seats' bots (each with the generator
    :func:`~riotact.core.bots.make_bot` would give it), or :class:`LaboratoryUnavailable` saying why not."""
    spec = ruleset_spec(scenario.ruleset)
    if spec.laboratory is None:
        raise LaboratoryUnavailable(f"{spec.title} has no compiled laboratory core")
    game = spec.laboratory(scenario, seed, dict(options or {}))
    bots = {}
    for seat in scenario.seats:
        kind, rng = (players or {}).get(seat, "random"), bot_rng(seed, seat)
        bot = random_core_bot(rng) if kind == "random" else game.core_bot(kind, seat, rng)
        if bot is None:
            raise LaboratoryUnavailable(f"the compiled core of {spec.title} cannot play a {kind} bot")
        bots[seat] = bot
    return game, bots


def play_laboratory(scenario: Scenario, *, seed: int, options: Mapping[str, Any] | None = None,
                    players: Mapping[str, str] | None = None, engine: str = "auto",
                    max_decisions: int = 100_000) -> Laboratory | None:
    """The bot game played out on the compiled core, or None where ``Game`` must play it.

    ``players`` gives each seat's bot kind (default random); the decisions are the Python path's."""
    if engine not in ENGINES:
        raise RiotactError(f"engine must be {', '.join(ENGINES)}, not {engine!r}")
    if engine == "python" or ruleset_spec(scenario.ruleset).compiled_state is not None:
        return None  # Game plays it (on the ruleset's compiled engine where plays_compiled says so)
    try:
        game, bots = core_game(scenario, seed=seed, options=options, players=players)
    except LaboratoryUnavailable:
        if engine == "compiled":
            raise
        return None
    for _ in range(max_decisions):
        acting = game.to_act()
        if not acting:
            return game
        game.apply_id(bots[acting[0]](game))
    raise DecisionLimitError(f"{scenario.ref} seed {seed}: no end after {max_decisions} decisions")


#: Bots that never copy the game: they may play on a compiled engine, whose games copy by replaying.
NON_COPYING_BOTS = ("random", "heuristic")


def plays_compiled(scenario: Scenario, engine: str, players: Mapping[str, str]) -> bool:
    """Whether :class:`Game` plays this laboratory-mode game on the ruleset's compiled engine
    (:mod:`riotact.core.compiled`): under ``auto`` where that is built and no bot copies the game
    (a search bot does, thousands of times); under ``compiled`` the same, or a one-line
    :class:`LaboratoryUnavailable` saying why not."""
    spec = ruleset_spec(scenario.ruleset)
    if engine == "python" or (spec.compiled_state is None and engine == "auto"):
        return False
    reason = unavailable() if spec.compiled_state else f"{spec.title} has no compiled laboratory engine"
    copying = sorted({kind for kind in players.values() if kind not in NON_COPYING_BOTS})
    if reason is None and copying:
        reason = f"a {copying[0]} bot copies the game, which the compiled engine does only by replaying it"
    if reason is not None and engine == "compiled":
        raise LaboratoryUnavailable(reason)
    return reason is None


def check_engine(scenario: Scenario, engine: str, *, options: Mapping[str, Any] | None = None,
                 players: Mapping[str, str] | None = None) -> None:
    """Fail now, in one line, where ``engine`` cannot be honoured (before any game or worker)."""
    if engine not in ENGINES:
        raise RiotactError(f"engine must be {', '.join(ENGINES)}, not {engine!r}")
    if engine == "compiled":
        if ruleset_spec(scenario.ruleset).compiled_state is not None:
            plays_compiled(scenario, engine, {s: (players or {}).get(s, "random") for s in scenario.seats})
        else:
            core_game(scenario, seed=0, options=options, players=players)
