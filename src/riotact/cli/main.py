"""``riotact``: the command line. Every deliberate error is a message, never a traceback."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, NoReturn

import click
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.prompt import Prompt
from rich.table import Table

from riotact.core import (
    Game,
    ManualDice,
    RiotactError,
    builtin_scenarios,
    find_scenario,
    read_log,
    replay,
)
from riotact.core.bots import BOT_KINDS, LEVELS, bot_kind
from riotact.core.engines import ENGINES, check_engine
from riotact.core.log import UMPIRE
from riotact.core.options import parse_cli_option
from riotact.rulesets import all_rulesets, get_ruleset

from .army import army as army_command
from .odds import odds as odds_command
from .play import TerminalTable
from .report import report as report_command
from .serve import serve
from .sim import ENGINE_HELP, GameSummary, run_batch, summarise
from .sweep import sweep as sweep_command

console = Console(emoji=False)  # ids like "unit:envelope:x" must not turn into pictures
errors = Console(stderr=True, emoji=False)
SEAT_KINDS = ("human", *LEVELS, *BOT_KINDS)


def _seats(pairs: tuple[str, ...], known: tuple[str, ...]) -> dict[str, str]:
    seats = {}
    for pair in pairs:
        seat, sep, kind = pair.partition("=")
        if not sep or seat not in known or kind not in SEAT_KINDS:
            raise click.BadParameter(
                f"{pair!r}: write SEAT=KIND with SEAT one of {', '.join(known)} and KIND human or a bot level "
                f"({', '.join(LEVELS)}) or kind ({', '.join(BOT_KINDS)})", param_hint="--seat")
        seats[seat] = kind if kind == "human" else bot_kind(kind)  # a game records the kind a level names
    return seats


def _options(pairs: tuple[str, ...]) -> dict[str, Any]:
    return dict(parse_cli_option(p) for p in pairs)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="riotact")
def cli() -> None:
    """Umpire, play and analyse tabletop civil-disorder wargames."""


@cli.command()
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def rulesets(as_json: bool) -> None:
    """List the rulesets."""
    specs = all_rulesets()
    rows = [{"id": s.id, "code": s.code, "title": s.title, "implemented": s.implemented,
             "summary": s.summary} for s in specs]
    if as_json:
        click.echo(json.dumps(rows, indent=1))
        return
    table = Table("id", "title", "status", "summary")
    for s in specs:
        table.add_row(s.id, s.title, "ready" if s.implemented else "not implemented", s.summary)
    console.print(table)


@cli.command()
@click.argument("ruleset", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def scenarios(ruleset: str | None, as_json: bool) -> None:
    """List the built-in scenarios (of one RULESET, or of all)."""
    specs = [get_ruleset(ruleset)] if ruleset else [s for s in all_rulesets() if s.implemented]
    found = [sc for spec in specs for sc in builtin_scenarios(spec)]
    if as_json:
        click.echo(json.dumps([{"ruleset": sc.ruleset, "id": sc.id, "title": sc.title, "seats": list(sc.seats),
                                "description": sc.description} for sc in found], indent=1))
        return
    table = Table()
    table.add_column("scenario", no_wrap=True)
    table.add_column("title")
    table.add_column("seats")
    for sc in found:
        table.add_row(escape(sc.ref), escape(sc.title), escape(" ".join(sc.seats)))
    console.print(table)


@cli.command()
@click.argument("scenario")
@click.option("--seat", "seat_pairs", multiple=True, metavar="SEAT=KIND",
              help="Who plays a seat: human, or a bot of level easy (random moves), normal (the heuristic) or "
                   "hard (search, up to a second a decision); the kinds random, heuristic and search name the same "
                   "bots. Seats not named are heuristic bots "
                   "once a human seat is named; with none named, you play the first seat. Two or more human "
                   "seats share the terminal (hot-seat: it is handed over between them). A saved game keeps "
                   "its own (--seat changes the seats named).")
@click.option("--seed", type=int, default=None,
              help="Seed of the game's dice and cards (default: fresh entropy). Kept secret until the end.")
@click.option("--dice", type=click.Choice(["seeded", "manual"]), default="seeded",
              help="manual: you roll real dice and type the faces.")
@click.option("--save", "save_to", type=click.Path(dir_okay=False, path_type=Path),
              help="Save the game here after every decision (atomic).")
@click.option("--option", "option_pairs", multiple=True, metavar="KEY=VALUE", help="Override a house rule.")
def play(scenario: str, seat_pairs: tuple[str, ...], seed: int | None, dice: str, save_to: Path | None,
         option_pairs: tuple[str, ...]) -> None:
    """Play SCENARIO (an id, a .toml file, or a saved .jsonl game to continue)."""
    live = ManualDice(ask, tell=lambda problem: console.print(escape(problem), style="red"))
    if scenario.endswith(".jsonl"):
        game = _resume(Path(scenario), seed, dice, option_pairs, live)
        save_to = save_to or Path(scenario)
    else:
        chosen = find_scenario(scenario)
        game = Game(chosen, seed=seed, options=_options(option_pairs), dice=live if dice == "manual" else None)
    known = game.seats
    chair = () if UMPIRE in known else (UMPIRE,)  # a person may take the umpire's chair in every ruleset
    named = _seats(seat_pairs, (*known, *chair))
    seats = game.players
    if not seats:
        seats = _default_seats(known, named)
        if scenario.endswith(".jsonl") and not seat_pairs:
            console.print(f"This save does not say who plays which seat: you play {known[0]} "
                          "(choose with --seat).", highlight=False)
    seats.update(named)
    if chair and seats.get(UMPIRE, "human") != "human":
        raise click.BadParameter("the umpire's chair takes a person (umpire=human); otherwise riotact umpires",
                                 param_hint="--seat")
    game.players = seats  # recorded in the save, so that resuming puts everyone back in his seat
    if save_to is not None:
        if not save_to.parent.is_dir():
            raise click.BadParameter(f"{save_to.parent} is not an existing folder", param_hint="--save")
        game.save(save_to)  # a folder that cannot be written fails now, not after the first move
    # The seed fixes hidden set-up and every future roll: it is told only when the game is over.
    console.print(f"[bold]{escape(game.spec.title)}[/bold]: {escape(game.scenario.title)}")
    console.print(escape(_who_plays(seats, known)), highlight=False)
    if not TerminalTable(game, seats, console, ask, save_to).run():
        sys.exit(2)  # the input closed before the game ended
    if game.is_over():
        console.print(f"The game's seed was {game.seed}: replaying the log checks every roll and card against it.",
                      highlight=False)


def _default_seats(known: tuple[str, ...], named: dict[str, str]) -> dict[str, str]:
    """Who plays the seats not named: heuristic bots once a person's seat is named (naming one's own
    seat must not make another person of the same terminal's user), else the first seat is the
    person's. The umpire's chair stays riotact's unless named."""
    if "human" in named.values():
        return {s: "heuristic" for s in known}
    return {known[0]: "human", **{s: "heuristic" for s in known[1:]}}


def _who_plays(seats: dict[str, str], known: tuple[str, ...]) -> str:
    """One line: who plays which seat, and what a hot-seat game means."""
    kinds = {s: seats.get(s, "heuristic") for s in (*known, *([UMPIRE] if UMPIRE in seats else []))}
    people = [s for s, k in kinds.items() if k == "human"]
    parts = [f"{s}: {'a person' if k == 'human' else 'riotact' if s == UMPIRE else f'{k} bot'}"
             for s, k in kinds.items()]
    line = "Seats: " + ", ".join(parts) + " (change with --seat SEAT=KIND)."
    if len(people) > 1:
        line += (f" {len(people)} people share this terminal: it is handed from one to another, the screen "
                 "cleared, whenever another person's seat is to act.")
    return line


def _resume(path: Path, seed: int | None, dice: str, option_pairs: tuple[str, ...],
            live: ManualDice) -> Game:
    """A saved game goes on as it began: same seed, options, kind of dice and players."""
    if seed is not None or option_pairs:
        raise click.BadParameter("a saved game keeps its own seed and options; leave them out",
                                 param_hint="--seed/--option")
    header, events = read_log(path)
    if header.get("dice", "seeded") == "seeded":
        if dice == "manual":
            raise click.BadParameter("this saved game takes its dice from its seed", param_hint="--dice")
        return replay(header, events, source=str(path))
    console.print("This game's dice were rolled by hand: type the faces of the next rolls.")
    return replay(header, events, source=str(path), live_dice=live)


def ask(prompt: str) -> str:
    """A line typed by the person at the terminal (game text is never read as markup)."""
    return Prompt.ask(escape(prompt), console=console)


@cli.command()
@click.argument("scenario")
@click.option("--games", type=click.IntRange(1, 10_000_000), default=100, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the whole batch.")
@click.option("--jobs", type=click.IntRange(1, 256), default=1, show_default=True, help="Worker processes.")
@click.option("--log-dir", type=click.Path(file_okay=False, path_type=Path), help="Write one log per game.")
@click.option("--seat", "seat_pairs", multiple=True, metavar="SEAT=BOT",
              help="Bot for a seat: easy, normal or hard (or its kind: random, heuristic, search; default random).")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
@click.option("--option", "option_pairs", multiple=True, metavar="NAME=VALUE", help="Override a house rule.")
@click.option("--table", "table_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Also write one row per game to this Parquet file (schema: docs/lab.md).")
@click.option("--engine", type=click.Choice(ENGINES), default="auto", show_default=True,
              help=f"{ENGINE_HELP} The games are the same.")
def sim(scenario: str, games: int, seed: int, jobs: int, log_dir: Path | None,
        seat_pairs: tuple[str, ...], as_json: bool, option_pairs: tuple[str, ...],
        table_path: Path | None, engine: str) -> None:
    """Play GAMES bot games of SCENARIO and summarise them."""
    chosen = find_scenario(scenario)
    seats = _seats(seat_pairs, chosen.seats)
    if "human" in seats.values():
        raise click.BadParameter("sim plays bots only: use easy, normal or hard", param_hint="--seat")
    options = _options(option_pairs)
    Game(chosen, seed=seed, options=options)  # a bad option is one line now, not one per worker
    check_engine(chosen, engine, options=options, players=seats)
    if table_path is not None and not table_path.parent.is_dir():
        raise click.BadParameter(f"{table_path.parent} is not an existing folder", param_hint="--table")
    if log_dir is not None:
        log_dir.mkdir(parents=True, exist_ok=True)
    rows: list[dict[str, Any]] = []
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=errors, transient=True) as bar:
        results = run_batch(chosen, games, seed, seats, jobs=jobs, log_dir=str(log_dir) if log_dir else None,
                            options=options, table=table_path is not None, engine=engine)
        tracked = bar.track(results, total=games, description=chosen.ref)
        summary = summarise(chosen, seats, seed, _keep_rows(tracked, rows))
    if table_path is not None:
        from riotact.lab.table import write_table

        write_table(rows, table_path)
    if as_json:
        click.echo(json.dumps(summary, indent=1))
        return
    table = Table("seat", "bot", "wins", title=escape(f"{summary['scenario']}: {games} games, seed {seed}"))
    for seat, count in summary["wins"].items():
        table.add_row(escape(seat), summary["bots"][seat], f"{count} ({100 * count / games:.1f}%)")
    table.add_row("no winner", "", str(summary["no_winner"]))
    console.print(table)
    d = summary["decisions"]
    console.print(f"Decisions per game: min {d['min']}, mean {d['mean']}, median {d['median']}, "
                  f"max {d['max']}")


def _keep_rows(results: Iterable[GameSummary], rows: list[dict[str, Any]]) -> Iterator[GameSummary]:
    for result in results:
        if result.row is not None:
            rows.append(result.row)
        yield result


@cli.command(name="replay")
@click.argument("log", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--seat", default="umpire", show_default=True, help="Narrate as this seat saw the game.")
def replay_cmd(log: Path, seat: str) -> None:
    """Replay and verify LOG, and print the narrative as SEAT saw it."""
    header, events = read_log(log)
    game = replay(header, events, source=str(log))
    for event in game.log_for(seat):
        click.echo(f"t{event['turn']:<3} {event['text']}")
    click.echo(f"Verified: {len(events)} events replay identically {_checked_against(game, seat)}.")


def _checked_against(game: Game, seat: str) -> str:
    """What the replay checked the log against, in words for ``seat`` (the seed of a game still
    running is a secret of the umpire's)."""
    if not game.chance_from_seed:
        return ("with the dice faces and card orders written in the log (rolled by hand or scripted, "
                "so not checked against the seed)")
    seed = game.header_for(seat)["seed"]
    return f"from seed {seed}" if seed is not None else "from the game's seed (told when the game is over)"


cli.add_command(serve)
cli.add_command(odds_command)
cli.add_command(sweep_command)
cli.add_command(report_command)
cli.add_command(army_command)


def main() -> None:
    try:
        cli.main(prog_name="riotact", standalone_mode=False)
    except click.exceptions.Abort:
        errors.print("Interrupted.")
        sys.exit(130)
    except click.UsageError as exc:  # click's own four lines (usage, hint, blank, error) made one
        hint = f" (see '{exc.ctx.command_path} --help')" if exc.ctx is not None else ""
        fail(exc.format_message() + hint, exc.exit_code)
    except click.ClickException as exc:
        fail(exc.format_message(), exc.exit_code)
    except (RiotactError, OSError) as exc:  # OSError: a folder or disk the command cannot use
        fail(str(exc), 2)
    except KeyboardInterrupt:
        errors.print("Interrupted.")
        sys.exit(130)


def fail(message: str, code: int) -> NoReturn:
    """One line on stderr, whatever its width and whether or not it is a terminal, then exit."""
    line = " ".join(message.split())
    errors.print(f"[red]error:[/red] {escape(line)}", highlight=False, soft_wrap=True)
    sys.exit(code)
