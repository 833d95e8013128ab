"""The ``search`` bot: information-set Monte Carlo search that never reads hidden state.

Each sample deals a *determinisation*: a world the seat cannot tell from its game, every fact
hidden from it dealt anew from its view (the ruleset's determiniser, ``RulesetSpec.determinise``;
:mod:`riotact.core.worlds`). A candidate decision is made in the world and the game played on
by the ruleset's heuristic bot in every seat (a rollout of a base policy improves on that policy,
Bertsekas 1997; uniformly random decisions for a ruleset without one) for the ruleset's horizon of
decisions, then the world is judged by the ruleset's evaluation (``RulesetSpec.evaluation``, -1..1
for the seat; a finished world too). Without an evaluation the rollout plays to the end and the
outcome (+1 win, -1 loss, 0 nobody) is credited to the candidate. This is IS-MCTS with a one-level
tree (Cowling, Powley & Whitehouse 2012): at one second a decision the slower rulesets afford a
handful of rollouts, too few for a deeper tree. It is made sharper in five ways:

- **common random numbers**: every candidate is tried in the same worlds with the same rollout
  dice, so candidates are compared pair by pair, not through the noise of different deals;
- **a budget per decision**: ``iterations`` rollouts and, if ``seconds`` is given, that much CPU
  time (whichever ends first; the ``hard`` level: 1 s). The deadline is checked at every decision of
  a rollout, and a rollout it cuts is not counted. Without ``seconds`` the choice depends on the seed
  alone; with it, on how much the machine gets done in the time;
- **successive halving** (Karnin, Koren & Somekh 2013) spends each slice of the budget on the
  candidates left, then keeps the better half, down to the best and the heuristic's choice, which
  share what remains; **progressive widening** considers at most ``widening * sqrt(n)`` candidates,
  ``n`` the rollouts the budget affords at the pace of the first one (the heuristic bot's own choice
  first, the others in a random order), so a ruleset whose rollouts are slow compares few;
- **anchored to the heuristic**: the bot leaves the heuristic bot's choice (one bot for the whole
  game: heuristic bots remember) only when the best candidate beats it, on the same worlds, by more
  than ``margin`` standard errors of the paired differences drawn after the last halving (the
  samples that picked the finalist flatter it), so noise alone does not make it play worse than its
  rollout policy. A rollout cut by ``rollout_cap`` counts as a loss for the seat: counted a draw, it
  made stalling look good to a seat that was losing;
- **moot decisions bank their time**: when every rollout of every candidate got the same value after
  ``MOOT_SAMPLES`` samples, nothing can be told apart and the heuristic's choice stands; with
  ``seconds``, what a decision leaves of its budget is banked (at most ``seconds``) and the next may
  spend it, so the decisions that matter get more rollouts and the mean stays within ``seconds``.

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
from .protocol import Action, Bot, Evaluation, Result

#: Rollouts per decision, the longest rollout (decisions; one cut there counts as a loss), the widening
#: factor and the paired standard errors needed to leave the heuristic's choice (2: the best of
#: several noisy candidates looks better than it is; at 1 the bot lost ground on Revolting Behaviour!).
ITERATIONS, ROLLOUT_CAP, WIDENING, MARGIN = 64, 300, 1.0, 2.0
#: The CPU time a ``search`` seat (level ``hard``) thinks per decision, with :data:`HARD_ITERATIONS`
#: rollouts at most: whichever ends first (a decision may add what earlier ones banked, at most as much again).
SECONDS, HARD_ITERATIONS = 1.0, 1024
#: Samples after which a decision whose rollouts all got one value stops (PP's umpire, whom every world
#: leaves at 0; CD's second SF seat, whose orders changed no score within the horizon in 68 of 68 worlds).
MOOT_SAMPLES = 4

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
                 rollout_bot: Callable[[str, random.Random], Bot] | None = None,
                 evaluation: Evaluation | None = None) -> None:
        super().__init__(seat, rng)
        self.game, self.determinise = game, determinise
        self.iterations, self.seconds, self.rollout_cap = iterations, seconds, rollout_cap
        self.widening, self.margin, self.rollout_bot = widening, margin, rollout_bot
        #: The rollout policy playing this seat in the real game, the one the search starts from and
        #: anchors to: one bot for the whole game, as the heuristic bots keep memories (CD's snatch squads).
        self.policy = rollout_bot(seat, random.Random(rng.getrandbits(32))) if rollout_bot else None
        self.evaluate = evaluation.value if evaluation else None
        #: Decisions a rollout plays before the evaluation judges its world (None: to the end).
        self.horizon = evaluation.horizon if evaluation else None
        #: Decisions in which the bot left its rollout policy's choice (benchmarks/bench_search.py).
        self.departures = 0
        #: CPU seconds earlier decisions left unspent, which the next may add to its ``seconds``.
        self.banked = 0.0
        #: The last decision's test (benchmarks/bench_search.py --audit): the best candidate, the rollout
        #: policy's choice, the mean paired gain of the one over the other and its standard error (the
        #: policy's choice twice and zeros when no other was tested; None without a policy or a choice).
        self.verdict: tuple[str, str, float, float] | None = None

    def choose(self, view: dict[str, Any] | None, legal: Sequence[Action]) -> str:
        if view is None:
            raise RiotactError("the search bot needs its seat's view")
        self.verdict = None
        if len(legal) == 1:
            return legal[0].id
        if self.seconds is None:
            return self._search(view, legal, _Budget(self.iterations, None))
        budget = _Budget(self.iterations, self.seconds + self.banked)
        choice = self._search(view, legal, budget)
        # What the decision left of its budget is banked, at most one decision's worth (an overrun empties it).
        self.banked = min(self.seconds, max(0.0, budget.deadline - time.process_time()))
        return choice

    def _search(self, view: dict[str, Any], legal: Sequence[Action], budget: _Budget) -> str:
        base = self.policy.choose(view, legal) if self.policy else None
        if base is not None:
            self.verdict = (base, base, 0.0, 0.0)
        others = [a.id for a in legal if a.id != base]
        self.rng.shuffle(others)
        candidates = ([base] if base else []) + others
        samples = [(self.rng.getrandbits(62), self.rng.getrandbits(32))]  # (world seed, rollout seed): shared
        first = self.rollout(candidates[0], *samples[0], budget.deadline)
        if first is None:  # the budget ran out inside the first rollout: the rollout policy's choice stands
            return candidates[0]
        budget.rollouts = 1
        # Progressive widening by the rollouts the budget affords (the first one timed the rest).
        survivors = candidates[:max(2, int(self.widening * math.sqrt(budget.affordable())))]
        values: dict[str, list[float]] = {a: [] for a in survivors}
        values[candidates[0]].append(first)
        rounds, done = max(1, math.ceil(math.log2(len(survivors)))), 0
        fresh = 0  # the first sample drawn after the last halving: the final test reads only those
        while not budget.spent():
            for action in survivors:  # the sample for every survivor; a survivor kept back in catches up
                for world_seed, roll_seed in samples[len(values[action]):]:
                    value = self.rollout(action, world_seed, roll_seed, budget.deadline)
                    if value is None:
                        break
                    values[action].append(value)
                    budget.rollouts += 1
                    if budget.spent():
                        break
                if budget.spent():
                    break
            if len(samples) >= MOOT_SAMPLES and len({v for a in survivors for v in values[a]}) == 1:
                break  # every rollout of every candidate judged alike: nothing to tell apart, the time is banked
            if len(survivors) > 2 and budget.share() >= (done + 1) / rounds:  # halve once per slice of the budget
                done += 1
                ranked = sorted((a for a in survivors if a != base), key=lambda a: -_mean(values[a]))
                survivors = ([base] if base else []) + ranked[:max(2, len(survivors) // 2) - (1 if base else 0)]
                fresh = len(samples)
            if not budget.spent():
                samples.append((self.rng.getrandbits(62), self.rng.getrandbits(32)))
        tried = [a for a in survivors if values[a]]
        best = max(tried, key=lambda a: (_mean(values[a]), a == base))
        if base is None or best == base:
            return best
        n = min(len(values[best]), len(values[base]))
        diffs = [x - y for x, y in zip(values[best][fresh:n], values[base][fresh:n], strict=True)]
        if len(diffs) < 2:
            return base
        gain = statistics.fmean(diffs)
        spread = statistics.stdev(diffs) / math.sqrt(len(diffs))
        self.verdict = (best, base, gain, spread)
        if gain > 0 and gain > self.margin * spread:
            self.departures += 1
            return best
        return base

    def rollout(self, action: str, world_seed: int, roll_seed: int, deadline: float = math.inf) -> float | None:
        """The value for the seat of ``action`` made in the world ``world_seed`` deals, played on with
        the rollout dice and decisions of ``roll_seed`` (the same for every candidate): the ruleset's
        evaluation of the world after :attr:`horizon` decisions or at the end (without one, the outcome
        at the end); -1 when :attr:`rollout_cap` decisions pass first; None when the decision's time ran
        out before the rollout ended."""
        world = self.determinise(self.game, self.seat, world_seed)
        world.umpire.rng.seed(roll_seed)  # the world's future after the decision: shared by candidates
        world.apply(self.seat, action)
        rng = random.Random(roll_seed)
        bots = {s: self.rollout_bot(s, rng) for s in world.seats} if self.rollout_bot else {}
        for made in range(self.rollout_cap):
            acting = world.to_act()
            if not acting:
                break
            if self.evaluate is not None and self.horizon is not None and made >= self.horizon:
                return self.evaluate(world.state, self.seat)
            if time.process_time() > deadline:
                return None
            seat = acting[0]
            legal = world.legal_actions(seat)
            bot = bots.get(seat)
            world.apply(seat, bot.choose(world.view(seat) if bot.needs_view else None, legal) if bot
                        else legal[int(rng.random() * len(legal))].id)
        if world.result is None:  # counted a draw, an unfinished rollout taught a losing seat to stall
            return -1.0
        if self.evaluate is not None:
            return self.evaluate(world.state, self.seat)
        return outcome(world.result, world.seats)[self.seat]


def _mean(values: list[float]) -> float:
    """The mean outcome of a candidate; one not tried yet (the budget ran out) ranks last."""
    return statistics.fmean(values) if values else -math.inf


class _Budget:
    """A decision's budget: ``iterations`` rollouts, and ``seconds`` of CPU time if given (whichever ends
    first); :meth:`share` is the part of it spent."""

    def __init__(self, iterations: int, seconds: float | None) -> None:
        self.iterations, self.seconds, self.rollouts = iterations, seconds, 0
        self.started = time.process_time()
        self.deadline = math.inf if seconds is None else self.started + seconds

    def share(self) -> float:
        used = self.rollouts / self.iterations
        if self.seconds is not None:
            used = max(used, (time.process_time() - self.started) / self.seconds)
        return used

    def affordable(self) -> float:
        """How many rollouts the budget affords, at the pace of those made so far."""
        if self.seconds is None:
            return self.iterations
        pace = max(time.process_time() - self.started, 1e-6) / max(self.rollouts, 1)
        return min(self.iterations, self.seconds / pace)

    def spent(self) -> bool:
        return self.share() >= 1.0
