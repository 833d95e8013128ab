"""Batches of bot games: one log per game and a summary, identical whatever the job count."""

from __future__ import annotations

import random
import statistics
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from riotact.core import Game, Scenario, make_bot, play_out


def game_seed(batch_seed: int, index: int) -> int:
    """The seed of game ``index`` in a batch: independent streams, reproducible.

    >>> game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1)
    True
    """
    return random.Random(f"batch:{batch_seed}:{index}").getrandbits(63)


@dataclass(frozen=True)
class GameSummary:
    index: int
    seed: int
    winners: tuple[str, ...]
    reason: str
    decisions: int
    turns: int


def run_one(scenario: Scenario, index: int, batch_seed: int, seats: Mapping[str, str],
            log_dir: str | None) -> GameSummary:
    seed = game_seed(batch_seed, index)
    game = Game(scenario, seed=seed)
    bots = {s: make_bot(seats.get(s, "random"), game, s) for s in game.seats}
    play_out(game, bots)
    if log_dir is not None:
        game.save(Path(log_dir) / f"game-{index:05d}.jsonl")
    assert game.result is not None
    return GameSummary(index, seed, game.result.winners, game.result.reason, len(game.decisions),
                       game.umpire.turn)


def _star(args: tuple[Any, ...]) -> GameSummary:
    return run_one(*args)


def run_batch(scenario: Scenario, games: int, batch_seed: int, seats: Mapping[str, str], *,
              jobs: int = 1, log_dir: str | None = None,
              progress: Callable[[], None] | None = None) -> list[GameSummary]:
    """Play ``games`` bot games; results come back in game order."""
    tasks = [(scenario, i, batch_seed, dict(seats), log_dir) for i in range(games)]
    results: Iterator[GameSummary]
    if jobs <= 1:
        results = map(_star, tasks)
        return _collect(results, progress)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return _collect(pool.map(_star, tasks, chunksize=max(1, games // (jobs * 8))), progress)


def _collect(results: Iterator[GameSummary], progress: Callable[[], None] | None) -> list[GameSummary]:
    out = []
    for summary in results:
        out.append(summary)
        if progress:
            progress()
    return out


def summarise(scenario: Scenario, seats: Mapping[str, str], batch_seed: int,
              results: list[GameSummary]) -> dict[str, Any]:
    wins: Counter[str] = Counter()
    for r in results:
        wins.update(r.winners)
    lengths = [r.decisions for r in results]
    turns = [r.turns for r in results]
    return {
        "scenario": scenario.ref, "games": len(results), "seed": batch_seed,
        "bots": {s: seats.get(s, "random") for s in scenario.seats},
        "wins": {s: wins[s] for s in scenario.seats},
        "no_winner": sum(1 for r in results if not r.winners),
        "decisions": _spread(lengths), "turns": _spread(turns),
        "reasons": dict(Counter(r.reason for r in results).most_common()),
    }


def _spread(values: list[int]) -> dict[str, float]:
    if not values:
        return {}
    return {"min": min(values), "mean": round(statistics.fmean(values), 2),
            "median": statistics.median(values), "max": max(values)}
