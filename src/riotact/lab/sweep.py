"""Sweeps: bot games over a grid of house rules, setup values and seat kinds, one row per game.

A sweep lives in a folder: ``sweep.json`` (what was asked), ``games.jsonl`` (each finished game's
row, appended chunk by chunk, so a rerun skips the games already done) and ``games.parquet`` (the
table, rebuilt from all rows in game order, so it is the same whatever the job count or backend).

Game ``i`` of every cell has the same seed (``game_seed(seed, i)``): the cells are compared on
the same dice and cards (common random numbers).

>>> cells = grid_cells(["cause_jokers=0,2", "p1=random,heuristic"], seats=("p1", "p2"))
>>> [(c.options, c.seats) for c in cells][:2]
[({'cause_jokers': 0}, {'p1': 'random'}), ({'cause_jokers': 0}, {'p1': 'heuristic'})]
"""

from __future__ import annotations

import itertools
import json
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from riotact.core import (
    Game,
    Laboratory,
    RiotactError,
    Scenario,
    make_bot,
    parse_scenario,
    play_laboratory,
    play_out,
)
from riotact.core.bots import bot_kind
from riotact.core.engines import check_engine
from riotact.core.options import Value, parse_cli_option

from .seeds import game_seed
from .table import SCHEMA_VERSION, game_row, write_table

CHUNK = 16  # games per task: enough to pay for the trip to a worker, few enough to spread the work
SETUP = "setup."


class SweepError(RiotactError):
    """A sweep was asked for in a way that cannot work (bad grid, a folder holding another sweep)."""


@dataclass(frozen=True)
class Cell:
    """One point of the grid: house-rule overrides, ``[setup]`` overrides and seat kinds."""

    options: dict[str, Value] = field(default_factory=dict)
    setup: dict[str, Value] = field(default_factory=dict)
    seats: dict[str, str] = field(default_factory=dict)


def _values(text: str) -> tuple[str, list[Value]]:
    name, sep, raw = text.partition("=")
    if not sep or not name.strip() or not raw.strip():
        raise SweepError(f"--grid {text!r}: write NAME=V1,V2,... (a house rule, setup.KEY or a seat)")
    return name.strip(), [parse_cli_option(f"{name}={v}")[1] for v in raw.split(",")]


def grid_cells(grid: Sequence[str], *, seats: Sequence[str]) -> list[Cell]:
    """Every combination of the grid's values, the first name varying slowest."""
    axes = [_values(g) for g in grid]
    names = [n for n, _ in axes]
    if len(set(names)) != len(names):
        raise SweepError(f"--grid names one thing twice: {', '.join(names)}")
    cells = []
    for combo in itertools.product(*(values for _, values in axes)):
        cell = Cell()
        for name, value in zip(names, combo, strict=True):
            if name in seats:
                cell.seats[name] = _kind(f"--grid {name}", value)
            elif name.startswith(SETUP):
                cell.setup[name[len(SETUP):]] = value
            else:
                cell.options[name] = value
        cells.append(cell)
    return cells


def cell_scenario(scenario: Scenario, cell: Cell) -> Scenario:
    """The scenario with the cell's ``[setup]`` values (validated like a scenario file)."""
    if not cell.setup:
        return scenario
    data = {**scenario.data, "setup": {**scenario.data.get("setup", {}), **cell.setup}}
    return parse_scenario(data, f"{scenario.ref} with {', '.join(f'{k}={v}' for k, v in cell.setup.items())}")


@dataclass(frozen=True)
class Task:
    """A worker's share: some games of one cell."""

    scenario: Scenario
    cell: int
    options: dict[str, Value]
    seats: dict[str, str]
    batch_seed: int
    indexes: tuple[int, ...]
    engine: str = "auto"


def play_task(task: Task) -> list[dict[str, Any]]:
    """Play a task's games to the end and return their rows (runs in a worker)."""
    rows = []
    for index in task.indexes:
        seed = game_seed(task.batch_seed, index)
        # The compiled engine where it can play these bots (the same row), else the Python engine.
        game: Game | Laboratory | None = play_laboratory(task.scenario, seed=seed, options=task.options,
                                                         players=task.seats, engine=task.engine)
        if game is None:
            players = {s: task.seats.get(s, "random") for s in task.scenario.seats}
            game = Game(task.scenario, seed=seed, options=task.options, explain=False)  # a row needs no log
            play_out(game, {s: make_bot(kind, game, s) for s, kind in players.items()})
        rows.append(game_row(game, cell=task.cell, index=index, seats=task.seats))
    return rows


@dataclass
class Sweep:
    """A sweep asked for: scenario, games per cell, batch seed, grid, fixed seats and options."""

    scenario: Scenario
    games: int
    seed: int
    grid: list[str]
    seats: dict[str, str]
    options: dict[str, Value]
    #: ``auto``, ``python`` or ``compiled`` (core/engines.py); not in the manifest: the rows are
    #: the same whatever the engine, so a sweep may be resumed on another.
    engine: str = "auto"

    def manifest(self) -> dict[str, Any]:
        return {"schema": SCHEMA_VERSION, "scenario": self.scenario.ref, "scenario_data": self.scenario.data,
                "seed": self.seed, "grid": self.grid, "seats": self.seats, "options": self.options}

    def cells(self) -> list[tuple[Scenario, dict[str, Value], dict[str, str]]]:
        """Each cell's scenario, options and seats, checked: a bad value fails now, in one line."""
        out = []
        for cell in grid_cells(self.grid, seats=self.scenario.seats):
            overlap = set(cell.options) & set(self.options) or set(cell.seats) & set(self.seats)
            if overlap:
                raise SweepError(f"{', '.join(sorted(overlap))} is both fixed and in the grid")
            scenario = cell_scenario(self.scenario, cell)
            options = {**self.options, **cell.options}
            Game(scenario, seed=0, options=options)
            seats = {**self.seats, **cell.seats}
            check_engine(scenario, self.engine, options=options, players=seats)
            out.append((scenario, options, seats))
        return out

    def tasks(self, done: set[tuple[int, int]]) -> Iterator[Task]:
        """The games still to play, in cell and game order, in chunks, made as they are needed."""
        for number, (scenario, options, seats) in enumerate(self.cells()):
            todo: list[int] = []
            for index in range(self.games):
                if (number, index) not in done:
                    todo.append(index)
                if len(todo) == CHUNK or (todo and index == self.games - 1):
                    yield Task(scenario, number, options, seats, self.seed, tuple(todo), self.engine)
                    todo = []


class SweepFolder:
    """The folder of one sweep: its manifest, the rows done so far and the table."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.manifest_path, self.rows_path = path / "sweep.json", path / "games.jsonl"
        self.table_path = path / "games.parquet"

    def open(self, sweep: Sweep) -> list[dict[str, Any]]:
        """Create the folder, or check it holds this same sweep; return the rows already done."""
        self.path.mkdir(parents=True, exist_ok=True)
        manifest = sweep.manifest()
        if self.manifest_path.exists():
            try:
                old = json.loads(self.manifest_path.read_text(encoding="utf-8"))
            except (OSError, ValueError) as exc:
                raise SweepError(f"{self.manifest_path}: not a sweep manifest ({exc})") from None
            if old != manifest:
                changed = sorted(k for k in manifest if old.get(k) != manifest[k])
                what = f"its {changed[0]} differs" if len(changed) == 1 else f"its {', '.join(changed)} differ"
                raise SweepError(f"{self.path} holds another sweep ({what}); use a new --out folder")
        else:
            self.manifest_path.write_text(json.dumps(manifest, indent=1), encoding="utf-8")
        return self._done_rows()

    def _done_rows(self) -> list[dict[str, Any]]:
        """Rows already written; a last line cut short by a crash is dropped (its games rerun)."""
        if not self.rows_path.exists():
            return []
        rows, good = [], 0
        with self.rows_path.open("rb") as handle:
            for line in handle:
                try:
                    rows.append(json.loads(line))
                except ValueError:
                    break
                if not line.endswith(b"\n"):
                    rows.pop()
                    break
                good += len(line)
        with self.rows_path.open("r+b") as handle:
            handle.truncate(good)
        return rows

    def append(self, rows: list[dict[str, Any]]) -> None:
        with self.rows_path.open("a", encoding="utf-8") as handle:
            handle.write("".join(json.dumps(r, separators=(",", ":")) + "\n" for r in rows))
            handle.flush()

    def write_table(self, rows: list[dict[str, Any]]) -> None:
        write_table(sorted(rows, key=lambda r: (r["cell"], r["game"])), self.table_path)


Runner = Callable[[Iterable[Task]], Iterator[list[dict[str, Any]]]]


def local_runner(jobs: int) -> Runner:
    """Tasks in this process (``jobs`` 1) or a process pool, results in task order."""
    def run(tasks: Iterable[Task]) -> Iterator[list[dict[str, Any]]]:
        if jobs <= 1:
            yield from map(play_task, tasks)
            return
        pool = ProcessPoolExecutor(max_workers=jobs)
        pending: deque[Future[list[dict[str, Any]]]] = deque()
        try:
            for task in tasks:
                pending.append(pool.submit(play_task, task))
                if len(pending) >= 4 * jobs:
                    yield pending.popleft().result()
            while pending:
                yield pending.popleft().result()
        finally:
            pool.shutdown(cancel_futures=True)
    return run


def run_sweep(sweep: Sweep, out: Path, runner: Runner,
              progress: Callable[[int, int], None] = lambda done, total: None) -> dict[str, Any]:
    """Play the games not yet in ``out`` and write the table; returns a summary."""
    cells = len(sweep.cells())  # checked before the folder is touched
    folder = SweepFolder(out)
    rows = [r for r in folder.open(sweep) if r["cell"] < cells and r["game"] < sweep.games]
    done = {(r["cell"], r["game"]) for r in rows}
    tasks = sweep.tasks(done)
    total = cells * sweep.games - len(done)
    played = 0
    progress(0, total)
    for chunk in runner(tasks):
        folder.append(chunk)
        rows.extend(chunk)
        played += len(chunk)
        progress(played, total)
    folder.write_table(rows)
    return {"out": str(out), "table": str(folder.table_path), "cells": cells,
            "games_per_cell": sweep.games, "played": played, "skipped": len(rows) - played, "rows": len(rows)}


def seat_kinds(pairs: Mapping[str, str], seats: Sequence[str]) -> dict[str, str]:
    for seat in pairs:
        if seat not in seats:
            raise SweepError(f"--seat {seat}={pairs[seat]}: seats are {', '.join(seats)}")
    return {seat: _kind(f"--seat {seat}", kind) for seat, kind in pairs.items()}


def _kind(where: str, value: Value) -> str:
    """The bot kind a level or kind names (the table records kinds); a one-line error for anything else."""
    try:
        return bot_kind(str(value))
    except RiotactError as error:
        raise SweepError(f"{where}: {error}") from None
