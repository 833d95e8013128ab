"""The game log: a public JSON Lines format (see docs/log-format.md).

Line 1 is the ``game`` header; every later line is an event with ``seq``
(0, 1, 2, ... no gaps), ``turn``, ``kind``, ``visible_to`` (``"all"`` or a list
of seats; the umpire sees everything) and ``text`` (plain English).

>>> log = GameLog({"kind": "game"})
>>> log.append("effect", 1, ["p1"], "p1 peeks at a card", rule="RB-07")["seq"]
0
>>> [e["seq"] for e in log.for_seat("p2")], [e["seq"] for e in log.for_seat(UMPIRE)]
([], [0])
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from .errors import SaveFileError

#: The seat that sees everything: riotact itself, or a person in the umpire's chair.
UMPIRE = "umpire"
ALL = "all"

Event = dict[str, Any]
Visibility = str | Sequence[str]

LOG_FORMAT_VERSION = 1


def visible(event: Event, seat: str) -> bool:
    """True when ``seat`` may see ``event``."""
    to = event["visible_to"]
    return seat == UMPIRE or to == ALL or seat in to


class GameLog:
    """The header plus every event, in order."""

    #: False in the laboratory mode: callers may then skip writing the words of events.
    explains = True

    def __init__(self, header: dict[str, Any]) -> None:
        self.header = header
        self.events: list[Event] = []

    def append(self, kind: str, turn: int, visible_to: Visibility, text: str, **fields: Any) -> Event:
        events = self.events
        event: Event = {
            "seq": len(events),
            "turn": turn,
            "kind": kind,
            "visible_to": visible_to if visible_to == ALL else list(visible_to),
            "text": text,
            **fields,
        }
        events.append(event)
        return event

    def for_seat(self, seat: str) -> list[Event]:
        """The events ``seat`` may see. A player's are numbered afresh (0, 1, 2, ...), so that gaps
        in ``seq`` cannot show where, or how often, hidden events happened."""
        if seat == UMPIRE:
            return list(self.events)
        return [{**e, "seq": n} for n, e in enumerate(e for e in self.events if visible(e, seat))]

    def lines(self) -> Iterator[str]:
        yield dumps(self.header)
        for event in self.events:
            yield dumps(event)

    def write(self, path: str | os.PathLike[str]) -> None:
        write_atomic(Path(path), "".join(line + "\n" for line in self.lines()))


class QuietLog(GameLog):
    """The laboratory mode's log: it keeps the header and no events (a game in this mode is its
    scenario, options, seed and decisions; replaying them regenerates the full log)."""

    explains = False

    def append(self, kind: str, turn: int, visible_to: Visibility, text: str, **fields: Any) -> Event:
        return {}


def dumps(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def write_atomic(path: Path, text: str) -> None:
    """Write via a temporary file in the same folder and rename: never half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    mode = path.stat().st_mode & 0o777 if path.exists() else 0o644  # mkstemp alone would give 0o600
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        os.chmod(tmp, mode)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def read_log(path: str | os.PathLike[str]) -> tuple[dict[str, Any], list[Event]]:
    """Read a log file into (header, events), with a clear error for a bad file."""
    source = Path(path)
    try:
        lines = source.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveFileError(f"{source}: cannot read: {exc}") from None
    records = list(_parse(source, lines))
    if not records or records[0].get("kind") != "game":
        raise SaveFileError(f"{source}: line 1 must be the 'game' header")
    header, events = records[0], records[1:]
    for expected, event in enumerate(events):
        if event.get("seq") != expected:
            raise SaveFileError(f"{source}: line {expected + 2}: seq should be {expected}")
    return header, events


def _parse(source: Path, lines: Iterable[str]) -> Iterator[dict[str, Any]]:
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            raise SaveFileError(f"{source}: line {number}: not JSON ({exc.msg})") from None
        if not isinstance(record, dict):
            raise SaveFileError(f"{source}: line {number}: not a JSON object")
        yield record
