"""Fit the weights of a ruleset's search evaluation (``value`` in its ``bots.py``) on heuristic games.

At every ``--every``-th decision of heuristic-bot games of the given scenarios, each scored seat's
``leads(state, seat)`` (its lead over the best-placed rival in what decides the game, from the
ruleset's ``bots.py``) is noted with how the game ended for the seat (1 won, ½ nobody, 0 lost). A
logistic model without intercept (a lead and its opposite are the two seats' views of one world)
is fitted by Newton's method, and its log-loss compared with a coin's (0.693) and with one weight
for the leads summed. The evaluation is then ``tanh(weights · leads / 2)``: 2 P(win) - 1 under the fit.

    nice -n 10 .venv/bin/python benchmarks/fit_evaluation.py --games 60 --every 10 \\
        --scenario public-participation/picket-line --scenario public-participation/dry-gulch \\
        --scenario public-participation/town-meeting
"""

from __future__ import annotations

import argparse
import importlib
import json

import numpy as np

from riotact.core import UMPIRE, Game, find_scenario
from riotact.core.bots import make_bot


def samples(refs: list[str], games: int, every: int) -> tuple[np.ndarray, np.ndarray]:
    """The seats' leads along heuristic games, and how each game ended for the seat."""
    rows: list[tuple[float, ...]] = []
    ends: list[float] = []
    for ref in refs:
        for seed in range(games):
            game = Game(find_scenario(ref), seed=seed, explain=False)
            assert game.spec.evaluation is not None
            leads = importlib.import_module(game.spec.evaluation.value.__module__).leads
            bots = {s: make_bot("heuristic", game, s) for s in game.seats}
            seen: list[tuple[str, tuple[float, ...]]] = []
            for number in range(100_000):
                if not game.to_act():
                    break
                if number % every == 0:
                    seen += [(s, leads(game.state, s)) for s in game.seats if s != UMPIRE]
                seat = game.to_act()[0]
                game.apply(seat, bots[seat].choose(game.view(seat), game.legal_actions(seat)))
            assert game.result is not None
            winners = game.result.winners
            for seat, lead in seen:
                rows.append(lead)
                ends.append(1.0 if seat in winners else 0.5 if not winners else 0.0)
    return np.array(rows), np.array(ends)


def fit(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, float]:
    """Weights of the logistic fit without intercept (Newton's method) and their log-loss."""
    w = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-x @ w))
        hessian = x.T @ (x * (p * (1 - p))[:, None]) + 1e-9 * np.eye(len(w))
        w += np.linalg.solve(hessian, x.T @ (y - p))
    return w, log_loss(x @ w, y)


def log_loss(z: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(1 / (1 + np.exp(-z)), 1e-12, 1 - 1e-12)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", action="append", required=True)
    parser.add_argument("--games", type=int, default=60, help="seeds per scenario")
    parser.add_argument("--every", type=int, default=10, help="note the leads at every n-th decision")
    args = parser.parse_args()
    x, y = samples(args.scenario, args.games, args.every)
    weights, loss = fit(x, y)
    summed, summed_loss = fit(x.sum(axis=1, keepdims=True), y)
    print(json.dumps({"samples": len(y), "weights": [round(float(v), 4) for v in weights],
                      "log_loss": round(loss, 4), "summed_weight": round(float(summed[0]), 4),
                      "summed_log_loss": round(summed_loss, 4), "coin_log_loss": round(float(np.log(2)), 4)}))


if __name__ == "__main__":
    main()
