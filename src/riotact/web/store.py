"""The web table's storage: the database *is* the save.

A table is one row (the game header, the events of the set-up, who sits where) and every accepted
decision is one more row holding the events it caused, written in one transaction. Restarting the
server (even after ``kill -9``) replays every table from these rows with :func:`riotact.core.replay`,
which checks each event against the record, so nothing is lost and nothing is invented.

SQLite (the standard library's ``sqlite3``) by default; PostgreSQL by a ``postgresql://`` URL (psycopg).
The schema is versioned: :data:`MIGRATIONS` are applied in order and each is recorded.

>>> store = open_store("sqlite://:memory:")
>>> store.schema_version()
3
>>> store.create_table(StoredTable("t1", "rb/x", "A title", {"kind": "game"}, [], {"p1": "person"}, "now"),
...                    {"h1": "p1"})
>>> store.append_decision("t1", 0, "p1", "pass", [{"seq": 0, "kind": "decision"}])
>>> [t.id for t in store.tables()], store.decisions("t1")[0][2], store.seat_for_token("h1")
(['t1'], 'pass', ('t1', 'p1'))
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from riotact.core import RiotactError

#: Environment variable that moves the default database (a URL or a folder for the SQLite file).
DB_ENV = "RIOTACT_DB"
DATA_ENV = "RIOTACT_DATA"

#: Versioned schema migrations: (version, statements). Never edit a released one; append.
MIGRATIONS: tuple[tuple[int, tuple[str, ...]], ...] = (
    (1, (
        "CREATE TABLE riotact_tables (id TEXT PRIMARY KEY, scenario TEXT NOT NULL, title TEXT NOT NULL, "
        "header TEXT NOT NULL, setup_events TEXT NOT NULL, seats TEXT NOT NULL, created TEXT NOT NULL)",
        "CREATE TABLE riotact_tokens (token_hash TEXT PRIMARY KEY, table_id TEXT NOT NULL, seat TEXT NOT NULL)",
        "CREATE TABLE riotact_decisions (table_id TEXT NOT NULL, n INTEGER NOT NULL, seat TEXT NOT NULL, "
        "action TEXT NOT NULL, events TEXT NOT NULL, PRIMARY KEY (table_id, n))",
    )),
    (2, (  # what the umpire lets a table's spectators see (no row: the common view)
        "CREATE TABLE riotact_spectators (table_id TEXT PRIMARY KEY, level TEXT NOT NULL)",
    )),
    (3, (  # tables whose truth was shown once the game was over: they can never be reopened
        "CREATE TABLE riotact_revealed (table_id TEXT PRIMARY KEY)",
    )),
)


class StorageError(RiotactError):
    """The database cannot be opened or used."""


@dataclass(frozen=True)
class StoredTable:
    id: str
    scenario: str
    title: str
    header: dict[str, Any]
    setup_events: list[dict[str, Any]]
    seats: dict[str, str]  # seat -> person | random | heuristic (and "umpire" -> person | riotact)
    created: str


class Store:
    """A small SQL store over a DB-API connection (``?`` placeholders, converted for psycopg)."""

    def __init__(self, connection: Any, placeholder: str, url: str) -> None:
        self._db = connection
        self._ph = placeholder
        self.url = url
        self._one_at_a_time = threading.Lock()  # the server's loop and a test's thread may share it
        self._migrate()

    # -- plumbing --------------------------------------------------------------
    def _sql(self, statement: str) -> str:
        return statement if self._ph == "?" else statement.replace("?", self._ph)

    @contextmanager
    def _transaction(self) -> Iterator[Any]:
        with self._one_at_a_time:
            yield from self._locked_transaction()

    def _locked_transaction(self) -> Iterator[Any]:
        cursor = self._db.cursor()
        if self._ph == "?":
            cursor.execute("BEGIN IMMEDIATE")
        try:
            yield cursor
            self._db.commit()
        except BaseException:
            self._db.rollback()
            raise
        finally:
            cursor.close()

    def _rows(self, statement: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        with self._transaction() as cursor:
            cursor.execute(self._sql(statement), tuple(params))
            return list(cursor.fetchall())

    def _migrate(self) -> None:
        with self._transaction() as cursor:
            cursor.execute("CREATE TABLE IF NOT EXISTS riotact_schema (version INTEGER PRIMARY KEY)")
        current = self.schema_version()
        for version, statements in MIGRATIONS:
            if version <= current:
                continue
            with self._transaction() as cursor:
                for statement in statements:
                    cursor.execute(statement)
                cursor.execute(self._sql("INSERT INTO riotact_schema (version) VALUES (?)"), (version,))

    def schema_version(self) -> int:
        rows = self._rows("SELECT MAX(version) FROM riotact_schema")
        return int(rows[0][0] or 0)

    def close(self) -> None:
        self._db.close()

    # -- tables ----------------------------------------------------------------
    def create_table(self, table: StoredTable, tokens: dict[str, str]) -> None:
        """Store a new table and the hashes of its seats' tokens, in one transaction."""
        with self._transaction() as cursor:
            cursor.execute(self._sql(
                "INSERT INTO riotact_tables (id, scenario, title, header, setup_events, seats, created) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)"),
                (table.id, table.scenario, table.title, _dump(table.header), _dump(table.setup_events),
                 _dump(table.seats), table.created))
            for token_hash, seat in tokens.items():
                cursor.execute(self._sql("INSERT INTO riotact_tokens (token_hash, table_id, seat) VALUES (?, ?, ?)"),
                               (token_hash, table.id, seat))

    def tables(self) -> list[StoredTable]:
        rows = self._rows("SELECT id, scenario, title, header, setup_events, seats, created FROM riotact_tables "
                          "ORDER BY created, id")
        return [StoredTable(r[0], r[1], r[2], json.loads(r[3]), json.loads(r[4]), json.loads(r[5]), r[6])
                for r in rows]

    def seat_for_token(self, token_hash: str) -> tuple[str, str] | None:
        rows = self._rows("SELECT table_id, seat FROM riotact_tokens WHERE token_hash = ?", (token_hash,))
        return (rows[0][0], rows[0][1]) if rows else None

    def spectator_levels(self) -> dict[str, str]:
        """Table id -> what the umpire lets its spectators see (tables not listed: the common view)."""
        return {r[0]: r[1] for r in self._rows("SELECT table_id, level FROM riotact_spectators")}

    def set_spectator_level(self, table_id: str, level: str) -> None:
        with self._transaction() as cursor:
            cursor.execute(self._sql("DELETE FROM riotact_spectators WHERE table_id = ?"), (table_id,))
            cursor.execute(self._sql("INSERT INTO riotact_spectators (table_id, level) VALUES (?, ?)"),
                           (table_id, level))

    def revealed(self) -> set[str]:
        """The tables whose truth was shown (the replay as the umpire, or spectators granted the truth)."""
        return {r[0] for r in self._rows("SELECT table_id FROM riotact_revealed")}

    def set_revealed(self, table_id: str) -> None:
        with self._transaction() as cursor:
            cursor.execute(self._sql("DELETE FROM riotact_revealed WHERE table_id = ?"), (table_id,))
            cursor.execute(self._sql("INSERT INTO riotact_revealed (table_id) VALUES (?)"), (table_id,))

    # -- decisions ---------------------------------------------------------------
    def append_decision(self, table_id: str, n: int, seat: str, action: str, events: list[dict[str, Any]]) -> None:
        """One accepted decision and the events it caused; the primary key refuses a duplicate."""
        with self._transaction() as cursor:
            cursor.execute(self._sql(
                "INSERT INTO riotact_decisions (table_id, n, seat, action, events) VALUES (?, ?, ?, ?, ?)"),
                (table_id, n, seat, action, _dump(events)))

    def decisions(self, table_id: str) -> list[tuple[int, str, str, list[dict[str, Any]]]]:
        rows = self._rows("SELECT n, seat, action, events FROM riotact_decisions WHERE table_id = ? ORDER BY n",
                          (table_id,))
        return [(int(r[0]), r[1], r[2], json.loads(r[3])) for r in rows]

    def rewrite_game(self, table_id: str, header: dict[str, Any], setup_events: list[dict[str, Any]],
                     decisions: list[tuple[str, str, list[dict[str, Any]]]]) -> None:
        """Replace a table's record after an undo, in one transaction (all of it or none)."""
        with self._transaction() as cursor:
            cursor.execute(self._sql("UPDATE riotact_tables SET header = ?, setup_events = ? WHERE id = ?"),
                           (_dump(header), _dump(setup_events), table_id))
            cursor.execute(self._sql("DELETE FROM riotact_decisions WHERE table_id = ?"), (table_id,))
            for n, (seat, action, events) in enumerate(decisions):
                cursor.execute(self._sql(
                    "INSERT INTO riotact_decisions (table_id, n, seat, action, events) VALUES (?, ?, ?, ?, ?)"),
                    (table_id, n, seat, action, _dump(events)))


def _dump(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def default_url() -> str:
    """``$RIOTACT_DB``, else a SQLite file in ``$RIOTACT_DATA`` (default ``~/.local/share/riotact``)."""
    if os.environ.get(DB_ENV):
        return os.environ[DB_ENV]
    folder = Path(os.environ.get(DATA_ENV) or Path.home() / ".local" / "share" / "riotact")
    return f"sqlite:///{folder / 'riotact.sqlite3'}"


def open_store(url: str) -> Store:
    """Open (and migrate) the database at ``url``: ``sqlite:///path``, a plain path, or ``postgresql://...``."""
    if url.startswith(("postgresql://", "postgres://")):
        try:
            import psycopg
        except ImportError as exc:  # pragma: no cover - psycopg is a dependency
            raise StorageError(f"PostgreSQL needs psycopg: {exc}") from None
        try:
            connection = psycopg.connect(url)
        except psycopg.Error as exc:
            raise StorageError(f"cannot open the PostgreSQL database: {str(exc).strip().splitlines()[0]}") from None
        return Store(connection, "%s", url)
    path = url.removeprefix("sqlite:///").removeprefix("sqlite://")
    if path != ":memory:":
        try:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StorageError(f"cannot make the data folder for {path}: {exc.strerror or exc}") from None
    try:
        # Autocommit mode: every transaction is an explicit BEGIN IMMEDIATE ... COMMIT (migrations included).
        lite = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        lite.execute("PRAGMA journal_mode=WAL")  # a kill -9 keeps every committed decision
        lite.execute("PRAGMA synchronous=NORMAL")  # in WAL mode: durable against a killed process
        return Store(lite, "?", url)
    except sqlite3.Error as exc:
        raise StorageError(f"cannot open the SQLite database {path}: {exc}") from None
