"""Determinisations: worlds a seat cannot tell from its own game, for searches that must not cheat.

A ruleset's determiniser (``RulesetSpec.determinise``, in ``rulesets/<x>/determinise.py``) takes the
game, a seat and a seed, and returns a world in which **every fact hidden from the seat is dealt
anew** from what the seat may know: its view, the public part of the scenario (the state's
``scenario_data_for(seat)``), the house rules and the seed. The umpire's side of a set-up (hidden
units, secret ratings, who the looters are) is hidden state too: it is dealt from a prior that never
reads the truth, documented in the determiniser. The usual recipe:

1. :func:`world_copy`: a copy of the game whose future is the seed's (fresh seeded dice and
   generator, no scripted cards, none of the umpire's pending overrides) and whose log keeps only
   the count of events (the laboratory mode), so that no hidden event travels into the world;
2. the ruleset overwrites each hidden fact with a draw that depends only on the seat's view (a
   hidden counter taken for a dummy, an unseen piece the public scenario places put back where it
   starts, a rival's secret order not yet carried out forgotten so that the world asks for it
   again).

The promise is checked by playing: two games that differ only in a hidden fact give the *same*
world for the same seat and seed (``tests/rl/test_determinise.py``), so a search in these worlds
chooses the same whatever the truth.

>>> from riotact.core import Game, find_scenario
>>> game = Game(find_scenario("by-will-alone/ministry-sit-in"), seed=4)
>>> world = world_copy(game, 7)
>>> world.explain, "seed" in world.log.header, len(world.log.events) == len(game.log.events)
(False, False, True)
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterable
from typing import TypeVar

from .engines import game_parts
from .game import Game
from .log import GameLog, dumps
from .scenario import Scenario

T = TypeVar("T")


def world_copy(game: Game, seed: int) -> Game:
    """A deep copy of ``game`` with the seed's future and a count-only log (see the module docstring).

    The real log, decisions, dice, generator, card scripts and umpire's overrides are never copied:
    they are swapped for fresh ones in the copy's memo (decisions and events as placeholders, so
    their counts stay), so copying costs the state only.
    """
    rng = random.Random(seed)
    parts = game_parts(game.spec, game.engine, explain=False)  # the dice and log of the game's own engine
    dice = parts.seeded_dice(rng)
    header = {k: v for k, v in game.log.header.items() if k not in ("seed", "cards", "hidden_dice")}
    log = parts.log({**header, "dice": "seeded", "world": True})  # no replay rebuilds it: its past is gone
    log.events = [{"kind": e["kind"]} for e in game.log.events]
    umpire = game.umpire
    memo: dict[int, object] = {**game.copy_memo(), id(game.log): log, id(umpire.rng): rng, id(game.dice): dice,
                               id(umpire.dice): dice, id(umpire._card_script): {},
                               id(umpire.adjustments): [],
                               id(game.decisions): [("", "")] * len(game.decisions)}
    if umpire.hidden_dice is not None:
        memo[id(umpire.hidden_dice)] = dice
    world = copy.deepcopy(game, memo)
    world.seed, world.explain, world.cards = seed, False, {}
    world.umpire.hidden_dice, world.umpire._overridden = None, None
    world._legal_at = -1
    return world


#: The last few openings :func:`scenario_start` built, by scenario, options, seed and engine.
_STARTS: dict[tuple[int, str, int, str], tuple[Scenario, Game]] = {}


def scenario_start(game: Game, seed: int) -> Game:
    """The scenario's opening position dealt from ``seed`` (same options, same engine): the prior a determiniser
    deals a piece from when the seat knows nothing newer of it: take from it only what the seat's
    ``scenario_data_for`` shows (the rest is the truth). Shared between calls (built once): copy what
    you take from it, never change it."""
    key = (id(game.scenario), dumps(game.overrides), seed, game.engine)
    if key not in _STARTS:
        if len(_STARTS) >= 8:
            del _STARTS[next(iter(_STARTS))]
        _STARTS[key] = (game.scenario, Game(game.scenario, seed=seed, options=game.overrides, explain=False,
                                            engine=game.engine))
    return _STARTS[key][1]


def dealt(rng: random.Random, items: Iterable[T], key: Callable[[T], str]) -> list[T]:
    """``items`` in a random order that depends on the generator and the items' keys only (never on
    the order the truth holds them in)."""
    out = sorted(items, key=key)
    rng.shuffle(out)
    return out


def explaining(world: Game) -> Game:
    """``world`` explaining its events from now on (OpenSpiel's information-state strings read the
    seats' logs). Earlier events stay as placeholders no seat sees, so the count rules may key caches
    on goes on growing as before."""
    log = GameLog(world.log.header)
    log.events = [{"seq": n, "turn": 0, "kind": e["kind"], "visible_to": [], "text": ""}
                  for n, e in enumerate(world.log.events)]
    world.log = world.umpire.log = log
    world.explain = True
    return world
