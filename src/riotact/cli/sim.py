"""Batches of bot games: one log per game and a summary, identical whatever the job count."""

from __future__ import annotations

import statistics
from array import array
from collections import Counter, deque
from collections.abc import Iterable, Iterator, Mapping
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from riotact.core import Game, Laboratory, Scenario, make_bot, play_laboratory, play_out
from riotact.lab.seeds import game_seed

#: ``--engine`` of ``sim`` and ``sweep``.
ENGINE_HELP = ("compiled: the ruleset's compiled laboratory core (Revolting Behaviour!: random and heuristic "
               "bots) or engine (Civil Disorder, By Will Alone, Public Participation, The Breaking of Nations: "
               "every bot, search too); python: the Python engine; auto: compiled where it can play.")
CHUNK = 32  # games per task sent to a worker: few enough to spread the work, enough to pay for the trip


@dataclass(frozen=True)
class GameSummary:
    index: int
    seed: int
    winners: tuple[str, ...]
    reason: str
    decisions: int
    turns: int
    row: dict[str, Any] | None = None  # the game's laboratory table row (sim --table)
    scores: Mapping[str, float] | None = None  # each seat's final score (scripts/balance.py)


def run_games(scenario: Scenario, indexes: range, batch_seed: int, seats: Mapping[str, str],
              log_dir: str | None, options: Mapping[str, Any] | None = None,
              table: bool = False, engine: str = "auto") -> list[GameSummary]:
    """Play the games ``indexes`` of a batch (a worker's task)."""
    out = []
    players = {s: seats.get(s, "random") for s in scenario.seats}
    for index in indexes:
        seed = game_seed(batch_seed, index)
        # The compiled engine where it can play these bots (the same game), else the Python engine.
        game: Game | Laboratory | None = play_laboratory(scenario, seed=seed, options=options, players=players,
                                                         engine=engine)
        if game is None:
            game = Game(scenario, seed=seed, options=options, explain=False,  # a saved log is explained on demand
                        players=players)
            play_out(game, {s: make_bot(kind, game, s) for s, kind in players.items()})
        if log_dir is not None:
            _save(game, players, Path(log_dir) / f"game-{index:05d}.jsonl")
        assert game.result is not None
        row = None
        if table:
            from riotact.lab.table import game_row

            row = game_row(game, cell=0, index=index, seats=seats)
        turns = game.umpire.turn if isinstance(game, Game) else game.turn
        out.append(GameSummary(index, seed, game.result.winners, game.result.reason,
                               len(game.decisions), turns, row, dict(game.result.scores)))
    return out


def _save(game: Game | Laboratory, players: dict[str, str], path: Path) -> None:
    """The game's explained log (a core's game is replayed by the Python engine, which names the bots)."""
    if isinstance(game, Game):
        game.save(path)
        return
    explained = game.explained()
    explained.players = players
    explained.save(path)


def run_batch(scenario: Scenario, games: int, batch_seed: int, seats: Mapping[str, str], *,
              jobs: int = 1, log_dir: str | None = None, options: Mapping[str, Any] | None = None,
              table: bool = False, engine: str = "auto") -> Iterator[GameSummary]:
    """Play ``games`` bot games, yielding their summaries in game order as they finish.

    Tasks are made as workers need them, so a batch of millions starts at once and holds
    only a few chunks in memory.
    """
    seats = dict(seats)
    if jobs <= 1:
        for start in range(0, games, CHUNK):
            yield from run_games(scenario, range(start, min(start + CHUNK, games)), batch_seed, seats, log_dir,
                                 options, table, engine)
        return
    chunks = (range(start, min(start + CHUNK, games)) for start in range(0, games, CHUNK))
    pool = ProcessPoolExecutor(max_workers=jobs)
    pending: deque[Future[list[GameSummary]]] = deque()
    try:
        for chunk in chunks:
            pending.append(pool.submit(run_games, scenario, chunk, batch_seed, seats, log_dir, options, table,
                                       engine))
            if len(pending) >= 4 * jobs:
                yield from pending.popleft().result()
        while pending:
            yield from pending.popleft().result()
    finally:
        pool.shutdown(cancel_futures=True)


def summarise(scenario: Scenario, seats: Mapping[str, str], batch_seed: int,
              results: Iterable[GameSummary]) -> dict[str, Any]:
    """Wins, reasons and game lengths of a batch, read as its games finish."""
    wins: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    lengths, turns = array("q"), array("q")
    no_winner = 0
    for r in results:
        wins.update(r.winners)
        reasons[r.reason] += 1
        no_winner += not r.winners
        lengths.append(r.decisions)
        turns.append(r.turns)
    return {
        "scenario": scenario.ref, "games": len(lengths), "seed": batch_seed,
        "bots": {s: seats.get(s, "random") for s in scenario.seats},
        "wins": {s: wins[s] for s in scenario.seats},
        "no_winner": no_winner,
        "decisions": _spread(lengths), "turns": _spread(turns),
        "reasons": dict(reasons.most_common()),
    }


def _spread(values: array[int]) -> dict[str, float]:
    if not values:
        return {}
    return {"min": min(values), "mean": round(statistics.fmean(values), 2),
            "median": statistics.median(values), "max": max(values)}
