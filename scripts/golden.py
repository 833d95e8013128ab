"""Golden logs: the explained log of every built-in scenario with every bot kind over several seeds.

A refactor that must not change any game proves it here: ``record`` writes the set into
``tests/golden/``, ``check`` plays every game again and says which ones differ, and where.

Each golden file is one game: its saved log (header and every explained event, as ``Game.save``
writes it), then one line per seat with what the seat was given while it played (a digest of every
view and legal-action list it acted on), its final view, its log header and its filtered log length,
and the observation vector of its last view when the ruleset has an encoding. Files are gzipped with
no timestamp, so a file depends on the game alone.

    python scripts/golden.py check                 # every game; exit 1 if one differs
    python scripts/golden.py check --only village  # games whose name holds "village"
    python scripts/golden.py record                # write the set anew (after a named fix)
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import io
import json
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from riotact.core import Game, builtin_scenarios, find_scenario
from riotact.core.bots import make_bot
from riotact.core.errors import RiotactError
from riotact.core.registry import all_specs
from riotact.core.scenario import Scenario
from riotact.core.search import SearchBot

GOLDEN_DIR = Path(__file__).resolve().parent.parent / "tests" / "golden"
SEEDS = (1, 2, 3)
#: The search bot plays one seed, with few rollouts and no time budget: enough to run its determinisations and
#: rollouts through every ruleset, cheap enough to check often.
SEARCH_SEEDS = (1,)
SEARCH_ITERATIONS = 2


@dataclass(frozen=True)
class Case:
    """One golden game: a scenario, the bot kind in its seats and a seed."""

    scenario: str
    bots: str
    seed: int

    @property
    def name(self) -> str:
        return f"{self.scenario.replace('/', '--')}.{self.bots}.{self.seed}"

    @property
    def path(self) -> Path:
        return GOLDEN_DIR / f"{self.name}.jsonl.gz"


def cases() -> Iterator[Case]:
    """Every built-in scenario with random and heuristic bots in every seat over :data:`SEEDS`, and
    with the search bot in its first seat (heuristic bots elsewhere) over :data:`SEARCH_SEEDS`."""
    for scenario in (s for spec in all_specs() if spec.implemented for s in builtin_scenarios(spec)):
        ref = scenario.ref
        for seed in SEEDS:
            yield Case(ref, "random", seed)
            yield Case(ref, "heuristic", seed)
        for seed in SEARCH_SEEDS:
            yield Case(ref, "search", seed)


def _digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, default=str).encode()).hexdigest()


def play(case: Case) -> bytes:
    """The golden file of ``case``: the game played out, as uncompressed bytes."""
    scenario: Scenario = find_scenario(case.scenario)
    kinds = {s: ("search" if case.bots == "search" and i == 0 else
                 "heuristic" if case.bots in ("heuristic", "search") else "random")
             for i, s in enumerate(scenario.seats)}
    game = Game(scenario, seed=case.seed, players=kinds)
    bots = {s: make_bot(kind, game, s) for s, kind in kinds.items()}
    for bot in bots.values():
        if isinstance(bot, SearchBot):  # a count of rollouts, no clock: the same game on every machine
            bot.iterations, bot.seconds = SEARCH_ITERATIONS, None
    given = {s: hashlib.sha256() for s in scenario.seats}
    for _ in range(100_000):
        acting = game.to_act()
        if not acting:
            break
        seat = acting[0]
        view = game.view(seat)
        legal = game.legal_actions(seat)
        given[seat].update(_digest([view, [a.as_dict() for a in legal]]).encode())
        game.apply(seat, bots[seat].choose(view, legal))
    else:
        raise RiotactError(f"{case.name}: no end after 100,000 decisions")
    with tempfile.TemporaryDirectory() as tmp:
        saved = Path(tmp) / "game.jsonl"
        game.save(saved)
        out = io.BytesIO()
        out.write(saved.read_bytes())
    encoding = game.spec.encoding(scenario, game.options) if game.spec.encoding else None
    for seat in scenario.seats:
        final = game.view(seat)
        line: dict[str, Any] = {
            "kind": "golden-seat", "seat": seat, "given": given[seat].hexdigest(),
            "view": final, "header": game.header_for(seat), "log_events": len(game.log_for(seat)),
        }
        if encoding is not None:
            line["observation"] = [round(float(x), 9) for x in encoding.observe(final)]
        out.write((json.dumps(line, sort_keys=True, default=str) + "\n").encode())
    return out.getvalue()


def _gzip(data: bytes) -> bytes:
    buffer = io.BytesIO()
    with gzip.GzipFile(fileobj=buffer, mode="wb", mtime=0, compresslevel=9) as stream:
        stream.write(data)
    return buffer.getvalue()


def first_difference(old: bytes, new: bytes) -> str:
    """Where two golden files part: the first differing line of each, shortened."""
    for number, (a, b) in enumerate(zip(old.splitlines(), new.splitlines(), strict=False), 1):
        if a != b:
            was, now = (line[:300].decode(errors="replace") for line in (a, b))
            return f"line {number}:\n  was: {was}\n  now: {now}"
    return f"one file is longer: {len(old.splitlines())} lines were, {len(new.splitlines())} now"


def selected(only: list[str]) -> list[Case]:
    chosen = [c for c in cases() if not only or any(o in c.name for o in only)]
    if not chosen:
        raise RiotactError(f"no golden game's name holds {' or '.join(only)!r}")
    return chosen


def record(only: list[str]) -> int:
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    chosen = selected(only)
    if not only:
        for stale in set(GOLDEN_DIR.glob("*.jsonl.gz")) - {c.path for c in chosen}:
            stale.unlink()
    for case in chosen:
        started = time.process_time()
        case.path.write_bytes(_gzip(play(case)))
        print(f"recorded {case.name} ({time.process_time() - started:.1f} s)", flush=True)
    return 0


def check(only: list[str]) -> int:
    differing = 0
    for case in selected(only):
        if not case.path.exists():
            print(f"MISSING  {case.name}: not recorded (python scripts/golden.py record --only {case.name})")
            differing += 1
            continue
        old, new = gzip.decompress(case.path.read_bytes()), play(case)
        if old == new:
            print(f"same     {case.name}", flush=True)
        else:
            differing += 1
            print(f"DIFFERS  {case.name} at {first_difference(old, new)}", flush=True)
    print(f"{differing} golden game(s) differ" if differing else "every golden game is byte-identical")
    return 1 if differing else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("record", "check", "list"))
    parser.add_argument("--only", action="append", default=[], metavar="TEXT",
                        help="only the games whose name holds TEXT (repeatable)")
    args = parser.parse_args(argv)
    try:
        if args.command == "list":
            for case in selected(args.only):
                print(case.name)
            return 0
        return record(args.only) if args.command == "record" else check(args.only)
    except RiotactError as error:
        print(f"golden: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
