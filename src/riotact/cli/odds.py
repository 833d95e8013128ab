"""``riotact odds``: exact distributions of every ruleset's chance procedures."""

from __future__ import annotations

import json
from pathlib import Path

import click
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from riotact.core.odds import Odds, OddsError, OddsProcedure, find_procedure, procedures
from riotact.core.protocol import RulesetSpec
from riotact.rulesets import all_rulesets, get_ruleset

console = Console(emoji=False)


def ruleset(name: str) -> RulesetSpec:
    """A ruleset by id or by catalogue code (``civil-disorder`` or ``CD``)."""
    for spec in all_rulesets():
        if name.lower() in (spec.id, spec.code.lower()):
            return spec
    return get_ruleset(name)  # the registry's own one-line error


@click.command(name="odds")
@click.argument("ruleset_name", metavar="RULESET", required=False)
@click.argument("procedure", required=False)
@click.argument("args", nargs=-1, metavar="[NAME=VALUE]...")
@click.option("--list", "listing", is_flag=True, help="List every procedure and its parameters.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON (probabilities as floats and exact fractions).")
@click.option("--plot", type=click.Path(dir_okay=False, path_type=Path), help="Draw the distribution (PNG, SVG, PDF).")
def odds(ruleset_name: str | None, procedure: str | None, args: tuple[str, ...], listing: bool, as_json: bool,
         plot: Path | None) -> None:
    """Exact odds of PROCEDURE of RULESET, e.g. `riotact odds CD arrest squad=4 opponents=2`."""
    if listing or ruleset_name is None:
        _list([ruleset(ruleset_name)] if ruleset_name else all_rulesets(), as_json)
        return
    spec = ruleset(ruleset_name)
    if procedure is None:
        _list([spec], as_json)
        return
    chosen = find_procedure(spec, procedure)
    result = chosen.run(args)
    if plot is not None:
        draw(result, plot)
    if as_json:
        click.echo(json.dumps({"ruleset": spec.id, "procedure": chosen.name, "rules": list(chosen.rules),
                               "arguments": chosen.arguments(args), **result.as_dict()}, indent=1))
        return
    _show(spec, chosen, result)
    if plot is not None:
        console.print(f"Plot written to {escape(str(plot))}.")


def _list(specs: list[RulesetSpec], as_json: bool) -> None:
    found = [(spec, proc) for spec in specs for proc in procedures(spec)]
    if as_json:
        click.echo(json.dumps([{"ruleset": s.id, "code": s.code, "procedure": p.name, "rules": list(p.rules),
                                "summary": p.summary,
                                "parameters": [{"name": a.name, "default": a.default, "help": a.help,
                                                "choices": list(a.choices),
                                                "bounds": list(a.bounds) if a.bounds else None}
                                               for a in p.params]}
                               for s, p in found], indent=1))
        return
    for spec, proc in found:
        console.print(f"[bold]{spec.code} {proc.name}[/bold] ({' '.join(proc.rules)}): {escape(proc.summary)}")
        for a in proc.params:
            choices = f" [{'|'.join(map(str, a.choices))}]" if a.choices else \
                f" [{a.bounds[0]:g}..{a.bounds[1]:g}]" if a.bounds else ""
            default = str(a.default).lower() if isinstance(a.default, bool) else str(a.default)
            console.print(f"    {a.name}={escape(default)}{escape(choices)}  {escape(a.help)}",
                          highlight=False)
    without = [s.title for s in specs if s.implemented and not procedures(s)] + \
              [s.title for s in specs if not s.implemented]
    if without:
        console.print(f"No odds yet for: {escape(', '.join(without))}.")


def _show(spec: RulesetSpec, proc: OddsProcedure, result: Odds) -> None:
    console.print(f"[bold]{escape(spec.title)}[/bold] {proc.name} ({' '.join(proc.rules)}): "
                  f"{escape(result.title)}")
    table = Table("outcome", "probability", "exact")
    for name, p in result.outcomes.items():
        table.add_row(escape(name), f"{100 * float(p):.2f}%", str(p))
    console.print(table)
    for name, value in result.figures.items():
        console.print(f"{escape(name)}: {float(value):.4g}  ({value})")
    for note in result.notes:
        console.print(escape(note), style="dim")


def draw(result: Odds, path: Path) -> None:
    """A bar chart of the outcomes, written to ``path`` (its suffix picks the format)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = list(result.outcomes)
    fig, ax = plt.subplots(figsize=(max(5.0, 0.45 * len(names) + 2), 4))
    ax.bar(range(len(names)), [float(p) for p in result.outcomes.values()], color="#4a6fa5")
    ax.set_xticks(range(len(names)), names, rotation=60, ha="right", fontsize=8)
    ax.set_ylabel("probability")
    ax.set_title(result.title, fontsize=8, wrap=True)
    fig.tight_layout()
    try:
        fig.savefig(path)
    except (OSError, ValueError) as exc:
        raise OddsError(f"{path}: cannot write the plot: {exc}") from None
    finally:
        plt.close(fig)
