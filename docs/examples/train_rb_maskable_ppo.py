"""Worked example (docs/rl.md): MaskablePPO (sb3-contrib) learns p1 of Revolting Behaviour! against the heuristic bot.

    .venv/bin/pip install -e '.[rl,train]'
    nice .venv/bin/python docs/examples/train_rb_maskable_ppo.py [--steps 60000] [--every 10000] [--games 200]

``--shaping W`` adds potential-based rewards from the seat's Cause progress (``riotact.rl.ppo.Shaped``;
docs/rl.md); the other options set MaskablePPO's discount, network width, entropy bonus and rollout
and batch sizes. Every ``--every`` training steps the policy (deterministic, masked) plays ``--games``
held-out games against the heuristic bot; the heuristic bot plays the same seeds in the same seat
once, as the paired baseline. Prints the curve as JSON and plots it (``--out``).
"""

from __future__ import annotations

import argparse
import json
import time

import torch

from riotact.rl.ppo import HeuristicSeat, masked_env, new_model, outcomes, paired

SCENARIO, SEAT, FIRST_SEED = "revolting-behaviour/first-game", "p1", 10**6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=60_000)
    parser.add_argument("--every", type=int, default=10_000)
    parser.add_argument("--games", type=int, default=200, help="evaluation games per point")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--shaping", type=float, default=0.0,
                        help="weight of the reward shaped by the seat's Cause progress (riotact.rl.ppo.Shaped)")
    parser.add_argument("--gamma", type=float, default=0.99)
    parser.add_argument("--width", type=int, default=64, help="units per hidden layer (two layers)")
    parser.add_argument("--ent-coef", type=float, default=0.0)
    parser.add_argument("--n-steps", type=int, default=256, help="steps per PPO update")
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--save", help="save the final model here (a zip; keep it out of the repository)")
    parser.add_argument("--out", default="docs/img/rl-maskable-ppo.png")
    args = parser.parse_args()
    torch.set_num_threads(1)  # one core: the machine is shared, and a small MLP gains nothing from more
    seeds = range(FIRST_SEED, FIRST_SEED + args.games)
    env = masked_env(SCENARIO, SEAT, shaping=args.shaping, gamma=args.gamma)
    held_out = masked_env(SCENARIO, SEAT)  # unshaped: the evaluation counts wins and losses only
    model = new_model(env, args.seed, n_steps=args.n_steps, batch_size=args.batch_size, width=args.width,
                      ent_coef=args.ent_coef, gamma=args.gamma)
    heuristic = outcomes(held_out, seeds, HeuristicSeat())
    curve = []
    start = time.process_time()
    for done in range(0, args.steps + 1, args.every):
        if done:
            model.learn(args.every, reset_num_timesteps=False)
        result = paired(model, held_out, seeds, heuristic)
        rate, low, high = result.wins(result.policy)
        diff = result.difference()
        curve.append({"steps": done, "cpu_s": round(time.process_time() - start, 1), "win": rate,
                      "win_95": [round(low, 3), round(high, 3)], "paired_diff": [round(x, 3) for x in diff]})
        print(json.dumps(curve[-1]), flush=True)
        if args.save:
            model.save(args.save)
    base, blow, bhigh = result.wins(heuristic)
    print(json.dumps({"heuristic_win": base, "heuristic_95": [round(blow, 3), round(bhigh, 3)]}))
    plot(curve, base, args.out, args.games)


def plot(curve: list[dict[str, object]], heuristic: float, out: str, games: int) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    steps = [c["steps"] for c in curve]
    rates = [c["win"] for c in curve]
    lows = [c["win_95"][0] for c in curve]  # type: ignore[index]
    highs = [c["win_95"][1] for c in curve]  # type: ignore[index]
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(steps, rates, marker="o", label="MaskablePPO policy (p1)")
    ax.fill_between(steps, lows, highs, alpha=0.2, label="95% interval (Wilson)")
    ax.axhline(heuristic, linestyle=":", color="black", label="heuristic bot in p1, same seeds")
    ax.set_xlabel("training steps (p1 decisions)")
    ax.set_ylabel(f"win rate against the heuristic bot ({games} games)")
    ax.set_ylim(0, 1)
    ax.legend(loc="lower right")
    ax.set_title("Revolting Behaviour! first-game, p1")
    fig.tight_layout()
    fig.savefig(out, dpi=100)


if __name__ == "__main__":
    main()
