"""``riotact army``: a ruleset's ready-made army lists, and checks of army-list files."""

from __future__ import annotations

from pathlib import Path

import click

from riotact.core import RiotactError
from riotact.core.protocol import ArmyLists
from riotact.rulesets import all_rulesets, get_ruleset


class ArmyListError(RiotactError):
    """An army-list command that cannot be carried out (one line)."""


def _armies(ruleset: str) -> ArmyLists:
    spec = next((s for s in all_rulesets() if ruleset.lower() in (s.id, s.code.lower())), None)
    spec = spec or get_ruleset(ruleset)
    if spec.armies is None:
        raise ArmyListError(f"{spec.title} has no army lists")
    return spec.armies


@click.group(name="army")
def army() -> None:
    """Army lists: ready-made ones to start from, and checks of your own (TOML)."""


@army.command(name="list")
@click.argument("ruleset", default="breaking-of-nations")
def list_command(ruleset: str) -> None:
    """The ready-made lists of RULESET (e.g. the sample organisations of BON-115)."""
    for key, title in _armies(ruleset).ready_made().items():
        click.echo(f"{key}: {title}")


@army.command(name="show")
@click.argument("key")
@click.option("--ruleset", default="breaking-of-nations", show_default=True)
def show(key: str, ruleset: str) -> None:
    """Print the ready-made list KEY as TOML (save it, edit it, check it)."""
    armies = _armies(ruleset)
    if key not in armies.ready_made():
        raise ArmyListError(f"no ready-made list {key!r}; known: {', '.join(armies.ready_made())}")
    click.echo(armies.ready_made_toml(key), nl=False)


@army.command(name="check")
@click.argument("path", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--ruleset", default="breaking-of-nations", show_default=True)
def check(path: Path, ruleset: str) -> None:
    """Check the army-list file PATH: its total, force size, and every problem as `file: field: problem`."""
    summary, problems = _armies(ruleset).check(path)
    for line in summary:
        click.echo(line)
    for line in problems:
        click.echo(line, err=True)
    if problems:
        raise SystemExit(1)
    click.echo("The list is legal.")
