"""The MaskablePPO worked example (riotact.rl.ppo, docs/examples/train_rb_maskable_ppo.py), small:
one update of training, then paired games against the heuristic bot. Needs the extra ``train``
(CI installs it, so this runs there rather than being skipped)."""

from __future__ import annotations

import numpy as np
import pytest

from riotact.rl.gymnasium import SingleSeatEnv
from riotact.rl.ppo import HeuristicSeat, cause_progress, masked_env, new_model, outcomes, paired

SCENARIO = "revolting-behaviour/first-game"


def test_a_short_maskable_ppo_training_plays_only_legal_actions_in_paired_games() -> None:
    env = masked_env("revolting-behaviour/first-game", "p1")
    model = new_model(env, seed=0)
    before = [p.detach().clone() for p in model.policy.parameters()]
    model.learn(256)  # one rollout, one update
    assert any(not np.allclose(a.numpy(), b.detach().numpy()) for a, b in zip(before, model.policy.parameters(),
                                                                               strict=True))
    held_out = masked_env("revolting-behaviour/first-game", "p1")
    seeds = range(10**6, 10**6 + 3)
    result = paired(model, held_out, seeds)  # outcomes() fails if the policy picks an action its mask forbids
    assert result.n == 3 and set(result.policy) | set(result.heuristic) <= {-1.0, 0.0, 1.0}
    assert outcomes(held_out, seeds, HeuristicSeat()) == result.heuristic  # same seeds, same games


def test_shaped_rewards_add_up_to_the_game_score_less_the_starting_potential() -> None:
    """Potential-based shaping (riotact.rl.ppo.Shaped) changes no policy's worth: undiscounted, a game's
    shaped rewards add up to its score minus the potential of the start, the same for every policy
    (here the seat's whole Cause to defeat, RB-24: -1)."""
    shaped, plain = masked_env(SCENARIO, "p1", shaping=0.5, gamma=1.0), masked_env(SCENARIO, "p1")
    for env in (shaped, plain):
        env.reset(seed=11)
    inner = shaped.unwrapped
    assert isinstance(inner, SingleSeatEnv) and cause_progress(inner.game.view("p1")) == -1.0
    total, done, seat = 0.0, False, HeuristicSeat()
    while not done:
        action = seat(inner, {})
        _, reward, terminated, truncated, _ = shaped.step(action)
        _, score, _, _, _ = plain.step(action)  # the same seed and actions: the same game, unshaped
        total, done = total + float(reward), terminated or truncated
    assert float(score) != 0.0 and total == pytest.approx(float(score) + 0.5)
