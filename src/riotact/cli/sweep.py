"""``riotact sweep``: bot games over a grid of house rules, setup values and seat kinds, into one
Parquet table (schema: docs/lab.md), resumable, the same whatever ``--jobs`` or ``--cluster``."""

from __future__ import annotations

import json
from pathlib import Path

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from riotact.core import find_scenario
from riotact.core.engines import ENGINES
from riotact.core.options import parse_cli_option
from riotact.lab.sweep import Sweep, local_runner, run_sweep, seat_kinds

from .sim import ENGINE_HELP

errors = Console(stderr=True, emoji=False)


@click.command(name="sweep")
@click.argument("scenario")
@click.option("--games", type=click.IntRange(1, 10_000_000), default=100, show_default=True,
              help="Games per grid cell.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the sweep (game i of every cell "
              "has the same seed).")
@click.option("--grid", "grid", multiple=True, metavar="NAME=V1,V2,...",
              help="Vary a house rule, setup.KEY (a scalar of the scenario's [setup]) or a seat's bot kind.")
@click.option("--seat", "seat_pairs", multiple=True, metavar="SEAT=KIND", help="Bot for a seat (default random).")
@click.option("--option", "option_pairs", multiple=True, metavar="NAME=VALUE", help="Fix a house rule.")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), required=True,
              help="Folder of the sweep (rerun into it to resume).")
@click.option("--jobs", type=click.IntRange(1, 256), default=1, show_default=True, help="Worker processes.")
@click.option("--cluster", metavar="ADDRESS", help="Run on a Dask distributed scheduler (tcp://host:8786); "
              "needs the `cluster` extra.")
@click.option("--engine", type=click.Choice(ENGINES), default="auto", show_default=True,
              help=f"{ENGINE_HELP} The rows are the same.")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
def sweep(scenario: str, games: int, seed: int, grid: tuple[str, ...], seat_pairs: tuple[str, ...],
          option_pairs: tuple[str, ...], out: Path, jobs: int, cluster: str | None, engine: str,
          as_json: bool) -> None:
    """Play GAMES bot games of SCENARIO in every cell of the grid into OUT/games.parquet."""
    chosen = find_scenario(scenario)
    pairs = dict(pair.partition("=")[::2] for pair in seat_pairs)
    plan = Sweep(chosen, games, seed, list(grid), seat_kinds(pairs, chosen.seats),
                 dict(parse_cli_option(p) for p in option_pairs), engine)
    if cluster is not None:
        from riotact.lab.cluster import dask_runner

        runner = dask_runner(cluster)
    else:
        runner = local_runner(jobs)
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=errors, transient=True) as bar:
        task = bar.add_task(chosen.ref, total=None)
        summary = run_sweep(plan, out, runner, lambda done, total: bar.update(task, completed=done, total=total))
    if as_json:
        click.echo(json.dumps(summary, indent=1))
        return
    click.echo(f"{summary['rows']} games in {summary['cells']} cell(s) ({summary['played']} played now, "
               f"{summary['skipped']} already done): {summary['table']}")
