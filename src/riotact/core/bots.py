"""Bots and the loop that plays a game out with them.

>>> import random
>>> from riotact.core.protocol import Action
>>> RandomBot("p1", random.Random(3)).choose(None, [Action("a", "A"), Action("b", "B")])
'a'
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from .engines import game_parts
from .errors import RiotactError
from .game import Game
from .protocol import Action, Bot
from .search import HARD_ITERATIONS, SECONDS, SearchBot

BOT_KINDS = ("random", "heuristic", "search")
#: Difficulty levels, named the same in the terminal, the web lobby and the laboratory: each is a name
#: for a bot kind (games record the kind).
LEVELS = {"easy": "random", "normal": "heuristic", "hard": "search"}
T = TypeVar("T")


class RandomBot(Bot):
    """Picks uniformly among the legal actions."""

    needs_view = False

    def choose(self, view: dict[str, Any] | None, legal: Sequence[Action]) -> str:
        return uniform_pick(self.rng, legal).id


def uniform_pick(rng: random.Random, items: Sequence[T]) -> T:
    """One of ``items``, uniformly, with one draw of ``rng`` (random bots on ``Game`` and on a
    ruleset's other engines pick alike: core/engines.py)."""
    return items[int(rng.random() * len(items))]


def bot_rng(seed: int, seat: str) -> random.Random:
    """Each bot's own generator, derived from the game seed: bots never touch the game's."""
    return random.Random(f"bot:{seed}:{seat}")


def bot_kind(name: str) -> str:
    """The bot kind a level (``easy``, ``normal``, ``hard``) or a kind names; refused in one line otherwise.

    >>> bot_kind("hard"), bot_kind("heuristic")
    ('search', 'heuristic')
    >>> bot_kind("expert")
    Traceback (most recent call last):
    ...
    riotact.core.errors.RiotactError: unknown bot level 'expert': choose easy, normal or hard (or a kind: ...
    """
    if name in BOT_KINDS:
        return name
    if name in LEVELS:
        return LEVELS[name]
    *first, last = LEVELS
    raise RiotactError(f"unknown bot level {name!r}: choose {', '.join(first)} or {last} "
                       f"(or a kind: {', '.join(BOT_KINDS)})")


def make_bot(kind: str, game: Game, seat: str) -> Bot:
    """The bot of ``kind`` (a kind or a level, :func:`bot_kind`) for ``seat``; the ``search`` bot thinks
    for at most :data:`~riotact.core.search.SECONDS` of CPU time a decision."""
    kind = bot_kind(kind)
    rng = bot_rng(game.seed, seat)
    if kind == "random":
        return RandomBot(seat, rng)
    if kind == "search":
        return _search_bot(game, seat, rng)
    if game.spec.heuristic_bot is None:
        raise RiotactError(f"{game.spec.title} has no heuristic bot yet; use a random bot")
    return game.spec.heuristic_bot(seat, rng)


def _search_bot(game: Game, seat: str, rng: random.Random) -> Bot:
    """The information-set search bot (core/search.py), if the ruleset can deal determinisations: its
    worlds and rollouts on the game's own engine (a compiled game's determiniser deals compiled worlds)."""
    parts = game_parts(game.spec, game.engine, explain=False)
    if parts.determinise is None:
        raise RiotactError(f"the search bot cannot play {game.spec.title} yet (no determiniser)")
    return SearchBot(seat, rng, game=game, determinise=parts.determinise,
                     iterations=HARD_ITERATIONS, seconds=SECONDS,
                     rollout_bot=game.spec.heuristic_bot, evaluation=parts.evaluation)


class DecisionLimitError(RuntimeError):
    """A game did not end within the decision limit (a ruleset bug, never a user error)."""


def play_out(game: Game, bots: Mapping[str, Bot], *, max_decisions: int = 100_000) -> Game:
    """Let the bots decide until the game ends."""
    for _ in range(max_decisions):
        acting = game.to_act()
        if not acting:
            return game
        seat = acting[0]
        bot = bots[seat]
        view = game.view(seat) if bot.needs_view else None
        game.apply(seat, bot.choose(view, game.legal_actions(seat)))
    raise DecisionLimitError(f"{game.scenario.ref} seed {game.seed}: no end after {max_decisions} decisions")
