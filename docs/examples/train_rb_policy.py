"""Worked example (docs/rl.md): train a linear policy for p1 of Revolting Behaviour! against the random bot.

    .venv/bin/pip install -e '.[rl]' matplotlib==3.11.2
    .venv/bin/python docs/examples/train_rb_policy.py [--episodes 1000] [--out docs/img/rl-learning-curve.png]

Prints the learning curve as JSON and plots it, with the two reference lines measured on the same
held-out seeds: the untrained policy (uniform over legal actions) and riotact's heuristic bot.
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np

from riotact.core import Game, find_scenario
from riotact.core.bots import make_bot, play_out
from riotact.rl.gymnasium import SingleSeatEnv
from riotact.rl.reinforce import LinearPolicy, train

SCENARIO, SEAT = "revolting-behaviour/first-game", "p1"


def heuristic_win_rate(games: int, first_seed: int) -> float:
    """riotact's heuristic bot in the same seat against the random bot, on the same seeds."""
    wins = 0
    for k in range(games):
        env = SingleSeatEnv(SCENARIO, SEAT, opponents="random")
        env.reset(seed=first_seed + k)  # the env's game seed for this episode
        game = Game(find_scenario(SCENARIO), seed=env.game.seed)
        bots = {s: make_bot("heuristic" if s == SEAT else "random", game, s) for s in game.seats}
        wins += SEAT in play_out(game, bots).result.winners  # type: ignore[union-attr]
    return wins / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=1000)
    parser.add_argument("--every", type=int, default=100)
    parser.add_argument("--games", type=int, default=200, help="evaluation games per point")
    parser.add_argument("--out", default="docs/img/rl-learning-curve.png")
    args = parser.parse_args()
    env = SingleSeatEnv(SCENARIO, SEAT, opponents="random")
    policy = LinearPolicy(env.encoding.observation_size, env.encoding.num_actions, seed=0)
    start = time.perf_counter()
    curve = train(policy, env, episodes=args.episodes, learning_rate=0.5, evaluate_every=args.every,
                  evaluation_games=args.games, seed=1)
    seconds = time.perf_counter() - start
    heuristic = heuristic_win_rate(args.games, 10**6)
    print(json.dumps({"curve": curve, "heuristic_vs_random": heuristic, "seconds": round(seconds, 1)}))
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    episodes, rates = zip(*curve, strict=True)
    half = 1.96 * np.sqrt(np.array(rates) * (1 - np.array(rates)) / args.games)
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(episodes, rates, marker="o", label="trained linear policy (REINFORCE)")
    ax.fill_between(episodes, np.array(rates) - half, np.array(rates) + half, alpha=0.2, label="95% interval")
    ax.axhline(rates[0], color="grey", linestyle="--", label=f"untrained (uniform) {rates[0]:.2f}")
    ax.axhline(heuristic, color="green", linestyle=":", label=f"heuristic bot {heuristic:.2f}")
    ax.set(xlabel="training games", ylabel=f"win rate vs random bot ({args.games} held-out games)",
           title=f"{SCENARIO}, seat {SEAT}: learning on one CPU core ({seconds:.0f} s)", ylim=(0, 1))
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(args.out, dpi=100)


if __name__ == "__main__":
    main()
