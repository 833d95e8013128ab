"""Train one seat with sb3-contrib's MaskablePPO on :class:`~riotact.rl.gymnasium.SingleSeatEnv`, and
measure it against riotact's heuristic bot on paired seeds (the worked example of docs/rl.md).

Needs the optional extra ``train`` (torch, stable-baselines3, sb3-contrib). The environment's
``action_mask`` goes to MaskablePPO through ``ActionMasker``, so the policy only ever picks legal
actions, in training and in :func:`outcomes` alike.

Paired seeds: game ``k`` of an evaluation is ``env.reset(seed=first + k)``, once with the trained
policy in the seat and once with the heuristic bot in it, the opponents being the same bots on the
same deal; so the two rows of a pair differ only in who sits in the seat.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import gymnasium
import numpy as np
from sb3_contrib import MaskablePPO
from sb3_contrib.common.wrappers import ActionMasker

from riotact.core import Bot, make_bot

from .gymnasium import SingleSeatEnv

#: The seat's decisions after which a game is cut short (scored 0): a policy may loop (draw, stop, draw...).
MAX_STEPS = 300


Potential = Callable[[Mapping[str, Any]], float]


def cause_progress(view: Mapping[str, Any]) -> float:
    """Revolting Behaviour!'s score in the making, from the seat's own view: minus the Cause cards it
    still has to defeat (RB-24: the first to defeat his whole Cause wins; a Joker adds cards to it,
    RB-21), per card of a Cause at set-up. A seat always sees its own Cause's size (RB-07)."""
    me = view["state"]["players"][view["seat"]]
    return -float(me["cause_cards"]) / max(1, int(view["state"]["cause_size"]))


class Shaped(gymnasium.Wrapper[dict[str, Any], Any, dict[str, Any], Any]):
    """Potential-based reward shaping (Ng, Harada & Russell 1999): each step also pays
    ``weight * (gamma * potential(after) - potential(before))``, the potential of a finished game
    being 0. Over a game the extra rewards telescope to ``-weight * potential(start)``, the same for
    every policy, so the best policy is unchanged; the learner just hears sooner which moves helped."""

    def __init__(self, env: SingleSeatEnv, potential: Potential, weight: float, gamma: float) -> None:
        super().__init__(env)
        self.potential, self.weight, self.gamma = potential, weight, gamma
        self.last = 0.0

    def _now(self) -> float:
        inner = self.env.unwrapped
        assert isinstance(inner, SingleSeatEnv)
        return self.potential(inner.game.view(inner.seat))

    def reset(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        observation, info = self.env.reset(**kwargs)
        self.last = self._now()
        return observation, info

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        observation, reward, terminated, truncated, info = self.env.step(action)
        now = 0.0 if terminated or truncated else self._now()
        shaped = float(reward) + self.weight * (self.gamma * now - self.last)
        self.last = now
        return observation, shaped, terminated, truncated, info


def masked_env(scenario: str, seat: str, opponents: str = "heuristic", *, shaping: float = 0.0,
               gamma: float = 0.99) -> ActionMasker:
    """The seat's ``SingleSeatEnv`` with its action mask for MaskablePPO; with ``shaping`` > 0 its
    rewards are shaped by :func:`cause_progress` (:class:`Shaped`, discounted as the learner's ``gamma``)."""
    env = SingleSeatEnv(scenario, seat, opponents=opponents, max_steps=MAX_STEPS)
    inner: gymnasium.Env[dict[str, Any], Any] = Shaped(env, cause_progress, shaping, gamma) if shaping else env
    return ActionMasker(inner, lambda _: env.observer.mask(env.seat).astype(bool))


def new_model(env: ActionMasker, seed: int, *, n_steps: int = 256, batch_size: int = 64, width: int = 64,
              ent_coef: float = 0.0, gamma: float = 0.99) -> MaskablePPO:
    """MaskablePPO with SB3's defaults but, by default, smaller rollouts (256 steps per update), so that
    a CPU-minute's training makes several updates; a policy and a value network of two ``width``-unit
    layers each over the Dict observation (``MultiInputPolicy``)."""
    return MaskablePPO("MultiInputPolicy", env, n_steps=n_steps, batch_size=batch_size, ent_coef=ent_coef,
                       gamma=gamma, policy_kwargs={"net_arch": [width, width]}, seed=seed, verbose=0,
                       device="cpu")


Chooser = Callable[[SingleSeatEnv, dict[str, Any]], int]


def outcomes(env: ActionMasker, seeds: Sequence[int], choose: Chooser) -> list[float]:
    """The seat's score (+1 win, -1 loss, 0 nobody) in the game of each seed, ``choose`` picking its
    action numbers."""
    inner = env.unwrapped
    assert isinstance(inner, SingleSeatEnv)
    scores = []
    for seed in seeds:
        observation, _ = env.reset(seed=seed)
        done, reward = False, 0.0
        while not done:
            observation, score, terminated, truncated, info = env.step(choose(inner, observation))
            assert not info.get("illegal"), "the seat chose an action its mask forbids"
            done, reward = terminated or truncated, float(score)
        scores.append(reward)
    return scores


def policy_chooser(model: MaskablePPO) -> Chooser:
    def choose(env: SingleSeatEnv, observation: dict[str, Any]) -> int:
        action, _ = model.predict(observation, action_masks=observation["action_mask"].astype(bool),
                                  deterministic=True)
        return int(action)
    return choose


class HeuristicSeat:
    """riotact's heuristic bot in the seat, on the env's own game (one bot per game, as in play);
    called as a chooser, it gives the bot's choice as an action number."""

    def __init__(self) -> None:
        self.game: object = None
        self.bot: Bot | None = None

    def __call__(self, env: SingleSeatEnv, observation: dict[str, Any]) -> int:
        game, seat = env.game, env.seat
        if self.bot is None or self.game is not game:
            self.game, self.bot = game, make_bot("heuristic", game, seat)
        action_id = self.bot.choose(game.view(seat) if self.bot.needs_view else None, game.legal_actions(seat))
        return next(n for n, a in env.observer.legal(seat).items() if a == action_id)


@dataclass(frozen=True)
class Paired:
    """Scores of the policy and of the heuristic bot on the same seeds, seat and opponents."""

    policy: list[float]
    heuristic: list[float]

    @property
    def n(self) -> int:
        return len(self.policy)

    def wins(self, scores: Sequence[float]) -> tuple[float, float, float]:
        """Win rate with its 95% Wilson interval."""
        k, n, z = sum(s > 0 for s in scores), len(scores), 1.96
        p = k / n
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return p, centre - half, centre + half

    def difference(self) -> tuple[float, float, float]:
        """Mean paired difference of scores (policy - heuristic) with its 95% normal interval."""
        d = np.array(self.policy) - np.array(self.heuristic)
        half = 1.96 * float(d.std(ddof=1)) / math.sqrt(len(d)) if len(d) > 1 else math.inf
        return float(d.mean()), float(d.mean()) - half, float(d.mean()) + half


def paired(model: MaskablePPO, env: ActionMasker, seeds: Sequence[int], heuristic: list[float] | None = None) -> Paired:
    """The policy's scores on ``seeds`` paired with the heuristic bot's (measured now unless given:
    the same seeds always give the heuristic bot the same games)."""
    return Paired(outcomes(env, seeds, policy_chooser(model)),
                  heuristic if heuristic is not None else outcomes(env, seeds, HeuristicSeat()))
