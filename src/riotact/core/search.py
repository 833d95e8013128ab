"""The ``search`` bot: information-set Monte Carlo search that never reads hidden state.

Each sample deals a *determinisation*: a world the seat cannot tell from its game, every fact
hidden from it dealt anew from its view (the ruleset's determiniser, ``RulesetSpec.determinise``;
:mod:`riotact.core.worlds`). A candidate decision is made in the world and the game played out
by the ruleset's heuristic bot in every seat (a rollout of a base policy improves on that policy,
Bertsekas 1997; uniformly random decisions for a ruleset without one), and the outcome (+1 win,
-1 loss, 0 nobody) is credited to the candidate. This is IS-MCTS with a one-level tree (Cowling,
Powley & Whitehouse 2012) made sharper in three ways:

- **common random numbers**: every candidate is tried in the same worlds with the same rollout
  dice, so candidates are compared pair by pair, not through the noise of different deals;
- **successive halving** (Karnin, Koren & Somekh 2013) spends the budget (``iterations`` rollouts,
  and ``seconds`` if given) on the better half of the candidates round after round; **progressive
  widening** considers at most ``widening * sqrt(iterations)`` candidates, the heuristic bot's own
  choice first, the others in a random order;
- **anchored to the heuristic**: the bot leaves the heuristic bot's choice only when the best
  candidate beats it, on the same worlds, by more than ``margin`` standard errors of the paired
  differences, so noise alone does not make it play worse than its rollout policy.

>>> from riotact.core import Game, find_scenario
>>> from riotact.core.bots import make_bot
>>> game = Game(find_scenario("revolting-behaviour/first-game"), seed=2, options={"first_turn_order": "seats"})
>>> bot = make_bot("search", game, "p1")
>>> bot.iterations = 8
>>> bot.choose(game.view("p1"), game.legal_actions("p1")) in {a.id for a in game.legal_actions("p1")}
True
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from .errors import RiotactError
from .game import Game
from .protocol import Action, Bot, Result

#: Rollouts per decision, the longest rollout (decisions) before it counts as a draw, the widening
#: factor and the paired standard errors needed to leave the heuristic's choice (2: the best of
#: several noisy candidates looks better than it is; at 1 the bot lost ground on Revolting Behaviour!).
ITERATIONS, ROLLOUT_CAP, WIDENING, MARGIN = 64, 300, 1.0, 2.0

#: ``(game, seat, seed) -> world`` (``RulesetSpec.determinise``).
Determiniser = Callable[[Game, str, int], Game]


def outcome(result: Result | None, seats: tuple[str, ...]) -> dict[str, float]:
    """+1 to each winner and -1 to every other seat when somebody won; 0 to all when nobody did.

    >>> outcome(Result(("p2",), "won"), ("p1", "p2"))
    {'p1': -1.0, 'p2': 1.0}
    """
    if result is None or not result.winners:
        return dict.fromkeys(seats, 0.0)
    return {s: 1.0 if s in result.winners else -1.0 for s in seats}


class SearchBot(Bot):
    """See the module docstring. It reads the live ``game`` only through its determiniser, whose
    worlds depend on the seat's view alone (tests/rl/test_determinise.py)."""

    def __init__(self, seat: str, rng: random.Random, *, game: Game, determinise: Determiniser,
                 iterations: int = ITERATIONS, seconds: float | None = None, rollout_cap: int = ROLLOUT_CAP,
                 widening: float = WIDENING, margin: float = MARGIN,
                 rollout_bot: Callable[[str, random.Random], Bot] | None = None) -> None:
        super().__init__(seat, rng)
        self.game, self.determinise = game, determinise
        self.iterations, self.seconds, self.rollout_cap = iterations, seconds, rollout_cap
        self.widening, self.margin, self.rollout_bot = widening, margin, rollout_bot

    def choose(self, view: dict[str, Any] | None, legal: Sequence[Action]) -> str:
        if view is None:
            raise RiotactError("the search bot needs its seat's view")
        if len(legal) == 1:
            return legal[0].id
        base = (self.rollout_bot(self.seat, random.Random(self.rng.getrandbits(32))).choose(view, legal)
                if self.rollout_bot else None)
        others = [a.id for a in legal if a.id != base]
        self.rng.shuffle(others)
        width = max(2, int(self.widening * math.sqrt(self.iterations)))
        survivors = ([base] if base else []) + others[:width - (1 if base else 0)]
        values: dict[str, list[float]] = {a: [] for a in survivors}
        samples: list[tuple[int, int]] = []  # (world seed, rollout seed): shared by every candidate
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        spent, rounds = 0, max(1, math.ceil(math.log2(len(survivors))))
        while True:
            per = max(1, self.iterations // (rounds * len(survivors)))
            target = len(samples) + per
            while len(samples) < target:
                samples.append((self.rng.getrandbits(62), self.rng.getrandbits(32)))
            for action in survivors:
                for world_seed, roll_seed in samples[len(values[action]):]:
                    values[action].append(self._value(action, world_seed, roll_seed))
                    spent += 1
            out_of_time = deadline is not None and time.perf_counter() > deadline
            if len(survivors) <= 2 or spent >= self.iterations or out_of_time:
                break
            ranked = sorted(survivors, key=lambda a: -statistics.fmean(values[a]))
            survivors = ranked[:max(2, len(ranked) // 2)]
            if base and base not in survivors:
                survivors.append(base)
        best = max(survivors, key=lambda a: (statistics.fmean(values[a]), a == base))
        if base is None or best == base:
            return best
        n = min(len(values[best]), len(values[base]))
        diffs = [x - y for x, y in zip(values[best][:n], values[base][:n], strict=True)]
        gain = statistics.fmean(diffs)
        spread = statistics.stdev(diffs) / math.sqrt(n) if n > 1 else math.inf
        return best if gain > 0 and gain > self.margin * spread else base

    def _value(self, action: str, world_seed: int, roll_seed: int) -> float:
        """The outcome for the seat of ``action`` made in the world ``world_seed`` deals, played out with
        the rollout dice and decisions of ``roll_seed`` (the same for every candidate)."""
        world = self.determinise(self.game, self.seat, world_seed)
        world.umpire.rng.seed(roll_seed)  # the world's future after the decision: shared by candidates
        world.apply(self.seat, action)
        rng = random.Random(roll_seed)
        bots = {s: self.rollout_bot(s, rng) for s in world.seats} if self.rollout_bot else {}
        for _ in range(self.rollout_cap):
            acting = world.to_act()
            if not acting:
                break
            seat = acting[0]
            legal = world.legal_actions(seat)
            bot = bots.get(seat)
            world.apply(seat, bot.choose(world.view(seat) if bot.needs_view else None, legal) if bot
                        else legal[int(rng.random() * len(legal))].id)
        return outcome(world.result, world.seats)[self.seat]
