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

import copy
import json
import math
import os
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, Final

from .compiling import mypyc_attr
from .errors import SaveFileError

#: The seat that sees everything: riotact itself, or a person in the umpire's chair.
UMPIRE: Final = "umpire"
ALL: Final = "all"

Event = dict[str, Any]
Visibility = str | Sequence[str]

LOG_FORMAT_VERSION = 1


def visible(event: Event, seat: str) -> bool:
    """True when ``seat`` may see ``event``."""
    to = event["visible_to"]
    return seat == UMPIRE or to == ALL or seat in to


@mypyc_attr(allow_interpreted_subclasses=True)  # copied without __init__ (core/compiling.py)
class GameLog:
    """The header plus every event, in order."""

    #: False in the laboratory mode: callers may then skip writing the words of events.
    explains = True

    def __init__(self, header: dict[str, Any]) -> None:
        self.header = header
        self.events: list[Event] = []

    def __deepcopy__(self, memo: dict[int, Any]) -> GameLog:
        """The log of a copy of the game (``Game.clone``): an event is never changed once written, so
        the copies share the events written so far and each appends its own."""
        twin = copy.copy(self)
        memo[id(self)] = twin
        twin.header = copy.deepcopy(self.header, memo)
        twin.events = memo[id(self.events)] = list(self.events)
        return twin

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

    def mark(self, kind: str) -> None:
        """An event with no words, visible to all (the laboratory mode's rolls and effects; the
        replay explains them)."""
        self.append(kind, 0, ALL, "")

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
        try:
            text = "".join(line + "\n" for line in self.lines())
        except ValueError as exc:  # a NaN or Infinity got past the checks: never write it
            raise SaveFileError(f"{path}: cannot save: {exc}") from None
        write_atomic(Path(path), text)


@mypyc_attr(allow_interpreted_subclasses=True)  # copied without __init__ (core/compiling.py)
class QuietLog(GameLog):
    """The laboratory mode's log: it keeps the header and, per event, only its kind (a game in
    this mode is its scenario, options, seed and decisions; replaying them regenerates the full
    log). The count of events still grows as in play, for rules that key caches on it."""

    explains = False

    def __init__(self, header: dict[str, Any]) -> None:
        super().__init__(header)
        #: One shared event per kind for :meth:`mark`'s events, which nothing changes or reads but
        #: their kind: a game's thousands of rolls and effects then make and free no dict each.
        self._marks: dict[str, Event] = {}

    def append(self, kind: str, turn: int, visible_to: Visibility, text: str, **fields: Any) -> Event:
        event: Event = {"kind": kind}
        self.events.append(event)
        return event

    def mark(self, kind: str) -> None:
        event = self._marks.get(kind)
        if event is None:
            event = self._marks[kind] = {"kind": kind}
        self.events.append(event)


def dumps(obj: Any) -> str:
    """One JSON line; NaN and Infinity are refused (ValueError): a log holds only finite numbers."""
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def write_atomic(path: Path, text: str) -> None:
    """Write via a temporary file in the same folder and rename: never half a file.

    The temporary file has one name per save, ``.NAME.tmp``. A save killed between writing and
    renaming leaves it behind, and the next save of the same file writes over it and renames it
    away, so none stays for ever; finding random names would mean listing the folder at every
    save, which thousands of logs in one folder (``sim --log-dir``) cannot afford. One process
    writes a given save at a time.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    mode = kept_mode(path)
    tmp = temporary_path(path)
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0), mode)
        os.fchmod(fd, mode)  # the umask trims a new file's mode, and an old file keeps its own
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def kept_mode(path: Path) -> int:
    """The mode a file written anew in place of ``path`` gets: the old file's own, or else 0644, readable
    by everyone who can read the folder (shared and cluster storage), whatever the umask."""
    return path.stat().st_mode & 0o777 if path.exists() else 0o644


def temporary_path(path: Path) -> Path:
    """Where :func:`write_atomic` writes before renaming.

    >>> temporary_path(Path("runs/game.jsonl")).as_posix()
    'runs/.game.jsonl.tmp'
    """
    return path.with_name(f".{path.name}.tmp")


def read_log(path: str | os.PathLike[str]) -> tuple[dict[str, Any], list[Event]]:
    """Read a log file into (header, events), with a clear error for a bad file."""
    source = Path(path)
    try:
        text = source.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveFileError(f"{source}: cannot read: {exc}") from None
    return parse_log(text, str(source))


def parse_log(text: str, source: str = "<log>") -> tuple[dict[str, Any], list[Event]]:
    """A log's text (an upload, say) into (header, events), with a clear one-line error naming ``source``."""
    records = list(_parse(source, text.splitlines()))
    if not records or records[0].get("kind") != "game":
        raise SaveFileError(f"{source}: line 1 must be the 'game' header")
    header, events = records[0], records[1:]
    for expected, event in enumerate(events):
        if event.get("seq") != expected:
            raise SaveFileError(f"{source}: line {expected + 2}: seq should be {expected}")
    return header, events


def _parse(source: str, lines: Iterable[str]) -> Iterator[dict[str, Any]]:
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            record = loads_finite(line)
        except json.JSONDecodeError as exc:
            raise SaveFileError(f"{source}: line {number}: not JSON ({exc.msg})") from None
        except RecursionError:
            raise SaveFileError(f"{source}: line {number}: JSON nested too deeply") from None
        except BadNumber as exc:
            raise SaveFileError(f"{source}: line {number}: {exc}") from None
        if not isinstance(record, dict):
            raise SaveFileError(f"{source}: line {number}: not a JSON object")
        yield record


class BadNumber(ValueError):
    """A number JSON may write but a log or the web table does not read: NaN, Infinity, a float too
    large to be finite (1e999), an integer of more than 4,300 digits. Its message is one line."""


def loads_finite(text: str) -> Any:
    """``text`` as JSON holding only finite numbers; any other number raises :class:`BadNumber`.

    >>> loads_finite('[1, 2.5]')
    [1, 2.5]
    >>> for bad in ('[NaN]', '[1e999]', '[' + '9' * 5000 + ']'):
    ...     try:
    ...         loads_finite(bad)
    ...     except BadNumber as exc:
    ...         print(exc)
    NaN is not a number (only finite numbers are read)
    1e999 is too large a number (only finite numbers are read)
    an integer of more than 4,300 digits
    """
    try:
        return json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float)
    except json.JSONDecodeError:
        raise
    except ValueError as exc:  # the json module's only other fault: an integer of more than 4,300 digits
        if isinstance(exc, BadNumber):
            raise
        raise BadNumber("an integer of more than 4,300 digits") from None


def _refuse_constant(name: str) -> Any:
    raise BadNumber(f"{name} is not a number (only finite numbers are read)")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise BadNumber(f"{text[:20]} is too large a number (only finite numbers are read)")
    return value
