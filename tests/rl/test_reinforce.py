"""The worked example's learner (riotact.rl.reinforce) really learns: docs/rl.md's claim, small."""

from __future__ import annotations

from riotact.rl.gymnasium import SingleSeatEnv
from riotact.rl.reinforce import LinearPolicy, train


def test_a_short_training_beats_the_untrained_policy_against_the_random_bot() -> None:
    env = SingleSeatEnv("revolting-behaviour/first-game", "p1", opponents="random")
    policy = LinearPolicy(env.encoding.observation_size, env.encoding.num_actions, seed=0)
    curve = train(policy, env, episodes=60, learning_rate=0.5, evaluate_every=60, evaluation_games=80, seed=1)
    (_, before), (_, after) = curve
    assert after >= before + 0.15, curve
    assert after > 0.6, curve
