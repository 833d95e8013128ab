"""A PettingZoo AEC environment for every scenario of every implemented ruleset.

>>> e = env("revolting-behaviour/first-game")
>>> e.reset(seed=1)
>>> e.agent_selection in e.possible_agents
True
>>> observation, reward, terminated, truncated, info = e.last()
>>> observation["action_mask"].dtype, int(e.action_space("p1").n)
(dtype('int8'), 40)

Agents are the scenario's seats; an action is the scenario's fixed action number
(``riotact.core.encoding``: the ruleset's ``encoding.py`` documents it) and must be one the
``action_mask`` allows (any other is refused with a one-line ``IllegalActionError``); the observation
is ``{"observation": float32 features, "action_mask": int8}``, both from the seat's own view.
``max_cycles`` truncates a game after that many decisions. ``render_mode="ansi"`` returns the text
screen of the seat to act (``"human"`` prints it); ``render_seat`` shows one seat's screen instead.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from riotact.core import Game, IllegalActionError, Scenario
from riotact.core.encoding import FEATURE_BOUND

from .common import new_game, resolve, returns
from .observer import Observer, scenario_encoding

__all__ = ["RiotactAEC", "env", "raw_env"]


class RiotactAEC(AECEnv[str, dict[str, np.ndarray], int]):
    RENDER_MODES: ClassVar[list[str]] = ["human", "ansi"]
    metadata: ClassVar[dict[str, Any]] = {"render_modes": RENDER_MODES, "name": "riotact_v0",
                                          "is_parallelizable": False}

    def __init__(self, scenario: str | Scenario = "revolting-behaviour/first-game",
                 options: dict[str, Any] | None = None, render_mode: str | None = None,
                 max_cycles: int | None = None, render_seat: str | None = None) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.RENDER_MODES:
            raise ValueError(f"render_mode {render_mode!r}: choose from {', '.join(self.RENDER_MODES)}")
        self.scenario = resolve(scenario)
        self.options = dict(options or {})
        self.render_mode, self.max_cycles, self.render_seat = render_mode, max_cycles, render_seat
        probe = new_game(self.scenario, 0, self.options)
        self.encoding = scenario_encoding(self.scenario, probe.options)
        self.possible_agents = list(self.scenario.seats)
        size, n = self.encoding.observation_size, self.encoding.num_actions
        self._observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(-FEATURE_BOUND, FEATURE_BOUND, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (n,), np.int8)}) for a in self.possible_agents}
        self._action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._seeds = np.random.default_rng()
        self.game: Game = probe
        self.observer = Observer(probe, self.encoding)

    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        self.game = new_game(self.scenario, int(self._seeds.integers(2**62)), self.options)
        self.observer = Observer(self.game, self.encoding)
        self.decisions = 0
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.game.to_act()[0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return {"observation": self.observer.tensor(agent), "action_mask": self.observer.mask(agent)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        legal = self.observer.legal(agent)
        if action is None or int(action) not in legal:
            raise IllegalActionError(agent, str(action), "that action number is not in the action mask now")
        self._cumulative_rewards[agent] = 0.0
        self.game.apply(agent, legal[int(action)])
        self.decisions += 1
        self._clear_rewards()
        if self.game.result is not None:
            self.rewards = returns(self.game.result, tuple(self.agents))
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_cycles is not None and self.decisions >= self.max_cycles:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.game.to_act()[0]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        seat = self.render_seat or self.agent_selection
        screen = self.observer.string(seat)
        if self.game.result is not None:
            screen += f"\nGame over: {self.game.result.reason}"
        if self.render_mode == "ansi":
            return screen
        print(screen)
        return None

    def close(self) -> None:
        pass


def raw_env(scenario: str | Scenario = "revolting-behaviour/first-game", options: dict[str, Any] | None = None,
            render_mode: str | None = None, **kwargs: Any) -> RiotactAEC:
    return RiotactAEC(scenario, options, render_mode, **kwargs)


def env(scenario: str | Scenario = "revolting-behaviour/first-game", options: dict[str, Any] | None = None,
        render_mode: str | None = None, **kwargs: Any) -> AECEnv:
    """The AEC environment, wrapped as PettingZoo's own games are (calls in the right order)."""
    return wrappers.OrderEnforcingWrapper(raw_env(scenario, options, render_mode, **kwargs))
