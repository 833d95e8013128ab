"""``riotact report``: plots and one self-contained HTML report of a sweep, with confidence intervals."""

from __future__ import annotations

import json
from pathlib import Path

import click

from riotact.lab.report import make_report


@click.command(name="report")
@click.argument("sweep_dir", metavar="DIR", type=click.Path(path_type=Path))
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), help="Write here (default: DIR).")
@click.option("--json", "as_json", is_flag=True, help="Print the statistics as JSON.")
def report(sweep_dir: Path, out: Path | None, as_json: bool) -> None:
    """Report on the sweep in DIR (its games.parquet): report.html and PNG plots."""
    stats = make_report(sweep_dir, out)
    if as_json:
        click.echo(json.dumps(stats, indent=1))
        return
    click.echo(f"{stats['games']} games, {len(stats['cells'])} cell(s): {stats['html']}")
    for cell in stats["cells"]:
        rates = ", ".join(f"{seat} {100 * v['rate']:.1f}% [{100 * v['ci95'][0]:.1f}-{100 * v['ci95'][1]:.1f}]"
                          for seat, v in cell["win_rate"].items())
        click.echo(f"  {cell['cell']}: {rates}; {cell['decisions']['mean']:.1f} decisions")
