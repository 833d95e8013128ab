"""A Gymnasium environment that plays one seat against riotact's own bots.

>>> env = SingleSeatEnv("revolting-behaviour/first-game", "p1", opponents="random")
>>> observation, info = env.reset(seed=3)
>>> observation["observation"].shape == env.observation_space["observation"].shape
True
>>> action = int(observation["action_mask"].nonzero()[0][0])
>>> observation, reward, terminated, truncated, info = env.step(action)

The action is the scenario's fixed action number (see ``riotact.core.encoding``); the observation
is ``{"observation": float32 features, "action_mask": int8}`` from the seat's own view. Every other
seat is played by a bot of kind ``opponents`` (``"random"``, ``"heuristic"``, ``"search"``, or a
dict seat -> kind). Rewards: +1 win, -1 loss, 0 when nobody wins, paid at the end. An action the
mask does not allow ends the episode with ``illegal_reward`` (``info["illegal"]``), as PettingZoo's
classic games do, so that unmasked samplers cannot break the game. ``max_steps`` truncates.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from riotact.core import Bot, Game, Scenario, make_bot
from riotact.core.encoding import FEATURE_BOUND

from .common import new_game, resolve, returns
from .observer import Observer, scenario_encoding


class SingleSeatEnv(gymnasium.Env[dict[str, Any], Any]):
    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 (gymnasium.Env declares it an instance attribute)

    def __init__(self, scenario: str | Scenario, seat: str, opponents: str | Mapping[str, str] = "heuristic",
                 *, options: dict[str, Any] | None = None, render_mode: str | None = None,
                 max_steps: int | None = None, illegal_reward: float = -1.0) -> None:
        self.scenario = resolve(scenario)
        if seat not in self.scenario.seats:
            raise ValueError(f"no seat {seat!r} in {self.scenario.ref} (seats: {', '.join(self.scenario.seats)})")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r}: only 'ansi' is offered")
        self.seat, self.render_mode, self.max_steps, self.illegal_reward = seat, render_mode, max_steps, illegal_reward
        others = [s for s in self.scenario.seats if s != seat]
        self.kinds = {s: opponents for s in others} if isinstance(opponents, str) else dict(opponents)
        self.options = dict(options or {})
        self.game: Game = new_game(self.scenario, 0, self.options)
        for other in others:  # an unknown kind or seat fails here, in one line
            make_bot(self.kinds[other], self.game, other)
        self.encoding = scenario_encoding(self.scenario, self.game.options)
        self.observer = Observer(self.game, self.encoding)
        size, n = self.encoding.observation_size, self.encoding.num_actions
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(-FEATURE_BOUND, FEATURE_BOUND, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (n,), np.int8)})
        self.action_space = spaces.Discrete(n)
        self.bots: dict[str, Bot] = {}
        self.steps = 0

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        self.game = new_game(self.scenario, int(self.np_random.integers(2**62)), self.options)
        self.observer = Observer(self.game, self.encoding)
        self.bots = {s: make_bot(kind, self.game, s) for s, kind in self.kinds.items()}
        self.steps = 0
        self._opponents_play()
        return self._observation(), {}

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        legal = self.observer.legal(self.seat)
        if int(action) not in legal:
            return self._observation(), self.illegal_reward, True, False, {"illegal": True}
        self.game.apply(self.seat, legal[int(action)])
        self.steps += 1
        self._opponents_play()
        over = self.game.result is not None
        reward = returns(self.game.result, self.game.seats)[self.seat] if over else 0.0
        truncated = not over and self.max_steps is not None and self.steps >= self.max_steps
        return self._observation(), reward, over, truncated, {}

    def render(self) -> str | None:
        return self.observer.string(self.seat) if self.render_mode == "ansi" else None

    def _opponents_play(self) -> None:
        game = self.game
        while (acting := game.to_act()) and self.seat not in acting:
            seat = acting[0]
            bot = self.bots[seat]
            game.apply(seat, bot.choose(game.view(seat) if bot.needs_view else None, game.legal_actions(seat)))

    def _observation(self) -> dict[str, np.ndarray]:
        return {"observation": self.observer.tensor(self.seat), "action_mask": self.observer.mask(self.seat)}
