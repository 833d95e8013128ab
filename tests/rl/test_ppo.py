"""The MaskablePPO worked example (riotact.rl.ppo, docs/examples/train_rb_maskable_ppo.py), small:
one update of training, then paired games against the heuristic bot. Needs the extra ``train``
(CI installs it, so this runs there rather than being skipped)."""

from __future__ import annotations

import numpy as np

from riotact.rl.ppo import HeuristicSeat, masked_env, new_model, outcomes, paired


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
