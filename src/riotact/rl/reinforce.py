"""A small policy-gradient learner (numpy only) for one seat: the worked example of docs/rl.md.

A linear softmax policy over the seat's observation features, masked to the legal actions, trained
by REINFORCE (Williams 1992) with a running-mean baseline on :class:`riotact.rl.gymnasium.SingleSeatEnv`.
Rewards are the env's: +1 win, -1 loss, 0 when nobody wins, paid at the end.

>>> from riotact.rl.gymnasium import SingleSeatEnv
>>> env = SingleSeatEnv("revolting-behaviour/first-game", "p1", opponents="random")
>>> policy = LinearPolicy(env.encoding.observation_size, env.encoding.num_actions, seed=0)
>>> curve = train(policy, env, episodes=4, evaluate_every=2, evaluation_games=2, seed=1)
>>> [episode for episode, _ in curve]
[0, 2, 4]
"""

from __future__ import annotations

import numpy as np

from .gymnasium import SingleSeatEnv


class LinearPolicy:
    """Action logits = W · [features, 1]; actions outside the mask get no probability."""

    def __init__(self, observation_size: int, actions: int, *, seed: int = 0) -> None:
        self.weights = np.random.default_rng(seed).normal(0.0, 0.01, (actions, observation_size + 1))

    def probabilities(self, observation: dict[str, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
        x = np.append(observation["observation"].astype(np.float64), 1.0)
        logits = self.weights @ x
        logits[observation["action_mask"] == 0] = -np.inf
        p = np.exp(logits - logits.max())
        return p / p.sum(), x

    def act(self, observation: dict[str, np.ndarray], rng: np.random.Generator, *, greedy: bool = False) -> int:
        p, _ = self.probabilities(observation)
        return int(p.argmax()) if greedy else int(rng.choice(len(p), p=p))


def win_rate(policy: LinearPolicy, env: SingleSeatEnv, games: int, seed: int) -> float:
    """Share of ``games`` the policy wins (sampling its actions), seeds ``seed``.. for the games."""
    rng = np.random.default_rng(seed)
    wins = 0
    for k in range(games):
        observation, _ = env.reset(seed=seed + k)
        done, reward = False, 0.0
        while not done:
            observation, reward, terminated, truncated, _ = env.step(policy.act(observation, rng))
            done = terminated or truncated
        wins += reward > 0
    return wins / games


def train(policy: LinearPolicy, env: SingleSeatEnv, *, episodes: int, learning_rate: float = 0.05,
          evaluate_every: int = 100, evaluation_games: int = 100, seed: int = 0) -> list[tuple[int, float]]:
    """REINFORCE for ``episodes`` games; returns the learning curve [(episode, win rate), ...] measured
    on held-out seeds (10**6 + ...) every ``evaluate_every`` episodes, and at the start."""
    rng = np.random.default_rng(seed)
    baseline = 0.0
    curve = [(0, win_rate(policy, env, evaluation_games, 10**6))]
    for episode in range(1, episodes + 1):
        observation, _ = env.reset(seed=seed * 10**5 + episode)
        steps: list[tuple[np.ndarray, np.ndarray, int]] = []
        done, reward = False, 0.0
        while not done:
            p, x = policy.probabilities(observation)
            action = int(rng.choice(len(p), p=p))
            steps.append((p, x, action))
            observation, reward, terminated, truncated, _ = env.step(action)
            done = terminated or truncated
        advantage = reward - baseline
        baseline += 0.05 * (reward - baseline)
        for p, x, action in steps:
            grad = -p
            grad[action] += 1.0
            policy.weights += learning_rate * advantage / len(steps) * np.outer(grad, x)
        if episode % evaluate_every == 0:
            curve.append((episode, win_rate(policy, env, evaluation_games, 10**6)))
    return curve
