"""The ``search`` bot: information-set Monte Carlo search that never reads hidden state.

Each iteration deals a *determinisation*: a game built from the seat's own view by the ruleset's
determiniser (``RulesetSpec.encoding`` → ``Encoding.determinise``), with everything the seat cannot
see dealt at random. The seat's candidate decision is picked by UCB1 over the decisions it has now
(the same in every determinisation, since they come from its view), the game is played out, and
the outcome (+1 win, -1 loss, 0 nobody) is credited to that decision. After the budget the most
tried decision is played. This is IS-MCTS with a one-level tree (Cowling, Powley &
Whitehouse 2012, "Information Set Monte Carlo Tree Search"), which keeps each search independent of
the real game's secrets: the bot is only ever given its view. Rollouts are played by the ruleset's
heuristic bot for every seat when it has one (a rollout of a base policy improves on that policy,
Bertsekas 1997), else uniformly at random.

>>> from riotact.core import Game, find_scenario
>>> from riotact.core.bots import make_bot
>>> game = Game(find_scenario("revolting-behaviour/first-game"), seed=2, options={"first_turn_order": "seats"})
>>> bot = make_bot("search", game, "p1")
>>> bot.choose(game.view("p1"), game.legal_actions("p1")) in {a.id for a in game.legal_actions("p1")}
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from typing import Any

from .encoding import Determiniser
from .errors import RiotactError
from .game import Game
from .protocol import Action, Bot, Result
from .scenario import Scenario

#: Determinisations per decision and the longest rollout (decisions) before it counts as a draw.
ITERATIONS, ROLLOUT_CAP = 32, 300


def outcome(result: Result | None, seats: tuple[str, ...]) -> dict[str, float]:
    """+1 to each winner and -1 to every other seat when somebody won; 0 to all when nobody did.

    >>> outcome(Result(("p2",), "won"), ("p1", "p2"))
    {'p1': -1.0, 'p2': 1.0}
    """
    if result is None or not result.winners:
        return dict.fromkeys(seats, 0.0)
    return {s: 1.0 if s in result.winners else -1.0 for s in seats}


class SearchBot(Bot):
    def __init__(self, seat: str, rng: random.Random, *, scenario: Scenario, options: Mapping[str, Any],
                 determinise: Determiniser, iterations: int = ITERATIONS, exploration: float = 0.7,
                 rollout_cap: int = ROLLOUT_CAP,
                 rollout_bot: Callable[[str, random.Random], Bot] | None = None) -> None:
        super().__init__(seat, rng)
        self.scenario, self.options, self.determinise = scenario, dict(options), determinise
        self.iterations, self.exploration, self.rollout_cap = iterations, exploration, rollout_cap
        self.rollout_bot = rollout_bot

    def choose(self, view: dict[str, Any] | None, legal: list[Action]) -> str:
        if view is None:
            raise RiotactError("the search bot needs its seat's view")
        if len(legal) == 1:
            return legal[0].id
        tries = dict.fromkeys((a.id for a in legal), 0)
        wins = dict.fromkeys(tries, 0.0)
        for n in range(1, self.iterations + 1):
            action = max(tries, key=lambda a: math.inf if not tries[a] else
                         wins[a] / tries[a] + self.exploration * math.sqrt(math.log(n) / tries[a]))
            world = self.determinise(self.scenario, self.options, view, self.rng.getrandbits(62))
            world.apply(self.seat, action)
            wins[action] += self._rollout(world)
            tries[action] += 1
        return max(tries, key=lambda a: (tries[a], wins[a]))

    def _rollout(self, world: Game) -> float:
        """Every seat played by the rollout bot (the ruleset's heuristic bot: a rollout of a base policy
        improves on it) or uniformly at random, to the end or the cap (a draw)."""
        rng = random.Random(self.rng.getrandbits(32))
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
