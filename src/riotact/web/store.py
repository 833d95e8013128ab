"""The web table's storage: the database *is* the save.

A table is one row (the game header, the events of the set-up, who sits where) and every accepted
decision is one more row holding the events it caused, written in one transaction. Restarting the
server (even after ``kill -9``) replays every table from these rows with :func:`riotact.core.replay`,
which checks each event against the record, so nothing is lost and nothing is invented.

SQLite (the standard library's ``sqlite3``) by default; PostgreSQL by a ``postgresql://`` URL (psycopg).
The schema is versioned: :data:`MIGRATIONS` are applied in order and each is recorded.

Several server processes may share one PostgreSQL database. Every write to a table is made against the
table's ``revision`` that the writer last saw and bumps it in the same transaction; a writer that saw an
older one is refused (:class:`Conflict`) and the database's record wins. On PostgreSQL the write also
sends ``NOTIFY riotact, 'TABLE REVISION'`` (delivered at commit), which the other processes ``LISTEN``
for to catch up (:func:`follow`).

>>> store = open_store("sqlite://:memory:")
>>> store.schema_version()
4
>>> store.create_table(StoredTable("t1", "rb/x", "A title", {"kind": "game"}, [], {"p1": "person"}, "now"),
...                    {"h1": "p1"})
>>> store.append_decision("t1", 0, "p1", "pass", [{"seq": 0, "kind": "decision"}], revision=0)
1
>>> [t.id for t in store.tables()], store.decisions("t1")[0][2], store.seat_for_token("h1")
(['t1'], 'pass', ('t1', 'p1'))
>>> store.append_decision("t1", 1, "p1", "pass", [{"seq": 1, "kind": "decision"}], revision=0)
Traceback (most recent call last):
...
riotact.web.store.Conflict: table t1 changed since revision 0 (another seat or server decided first)
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from riotact.core import RiotactError

log = logging.getLogger("riotact.web")

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
    (4, (  # several processes on one database: each write is made against the revision its writer saw
        "ALTER TABLE riotact_tables ADD COLUMN revision INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE riotact_tables ADD COLUMN rewritten INTEGER NOT NULL DEFAULT 0",  # last whole rewrite
    )),
)

#: The PostgreSQL channel on which every write to a table is announced as ``"TABLE_ID REVISION"``.
CHANNEL = "riotact"


class StorageError(RiotactError):
    """The database cannot be opened or used."""


class Conflict(StorageError):
    """A write made against a revision of the table that is no longer the database's: another seat, or
    another server process, changed the table first. Nothing was written."""


@dataclass(frozen=True)
class TableRecord:
    """A table as the database has it now (one consistent read): its revision, the revision of its last
    whole rewrite (an undo, a re-judged roll), what its spectators see, whether its truth was shown, and
    its decisions from the one asked for on."""

    revision: int
    rewritten: int
    spectate: str | None
    revealed: bool
    header: dict[str, Any]
    setup_events: list[dict[str, Any]]
    decisions: list[tuple[int, str, str, list[dict[str, Any]]]]

    def events(self) -> list[dict[str, Any]]:
        """The whole log (when read from the first decision): the set-up, then every decision's events."""
        return [*self.setup_events, *(e for *_, chunk in self.decisions for e in chunk)]


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

    def __init__(self, connection: Any, placeholder: str, url: str,
                 connect: Callable[[], Any] | None = None) -> None:
        self._db = connection
        self._ph = placeholder
        self.url = url
        self._one_at_a_time = threading.Lock()  # the server's loop and its threads share the store
        #: PostgreSQL: connections not in use, and how to open another (threads write at once).
        self._spare: list[Any] = [connection] if connect else []
        self._connect = connect
        self._migrate()

    # -- plumbing --------------------------------------------------------------
    def _sql(self, statement: str) -> str:
        return statement if self._ph == "?" else statement.replace("?", self._ph)

    @contextmanager
    def _connection(self) -> Iterator[Any]:
        """A connection for one statement or transaction: SQLite's one, taken in turn; on PostgreSQL
        one of its own (opened when none is spare: the loop's threads write to different tables at once)."""
        if self._connect is None:
            with self._one_at_a_time:
                yield self._db
            return
        with self._one_at_a_time:
            connection = self._spare.pop() if self._spare else None
        connection = connection or self._connect()
        try:
            yield connection
        finally:
            if not connection.closed:
                with self._one_at_a_time:
                    self._spare.append(connection)

    @contextmanager
    def _transaction(self) -> Iterator[Any]:
        with self._connection() as db:
            yield from self._locked_transaction(db)

    def _locked_transaction(self, db: Any) -> Iterator[Any]:
        if self.shared:  # psycopg in autocommit mode: an explicit transaction block
            with db.transaction(), db.cursor() as cursor:
                yield cursor
            return
        cursor = db.cursor()
        cursor.execute("BEGIN IMMEDIATE")
        try:
            yield cursor
            db.commit()
        except BaseException:
            db.rollback()
            raise
        finally:
            cursor.close()

    def _rows(self, statement: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """The rows of one statement, its own transaction. On PostgreSQL that is one round trip to the
        server (autocommit: no BEGIN and COMMIT around it): on a busy machine each round trip waits for
        the database's process to be scheduled, and that wait, not the work, is most of a decision's time."""
        if not self.shared:
            with self._transaction() as cursor:
                cursor.execute(statement, tuple(params))
                return list(cursor.fetchall())
        with self._connection() as db, db.cursor() as cursor:
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
        for connection in {id(c): c for c in [self._db, *self._spare]}.values():
            connection.close()

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
        return [_stored(r) for r in self._rows(f"SELECT {_TABLE_FIELDS} FROM riotact_tables ORDER BY created, id")]

    def table_ids(self) -> list[str]:
        """Every table's id: what a lobby's listing reads each time (the tables' records only when new)."""
        return [r[0] for r in self._rows("SELECT id FROM riotact_tables ORDER BY created, id")]

    def seat_for_token(self, token_hash: str) -> tuple[str, str] | None:
        rows = self._rows("SELECT table_id, seat FROM riotact_tokens WHERE token_hash = ?", (token_hash,))
        return (rows[0][0], rows[0][1]) if rows else None

    def set_spectator_level(self, table_id: str, level: str) -> None:
        with self._transaction() as cursor:
            cursor.execute(self._sql("DELETE FROM riotact_spectators WHERE table_id = ?"), (table_id,))
            cursor.execute(self._sql("INSERT INTO riotact_spectators (table_id, level) VALUES (?, ?)"),
                           (table_id, level))
            self._announce(cursor, table_id, None)

    def set_revealed(self, table_id: str) -> None:
        with self._transaction() as cursor:
            cursor.execute(self._sql("DELETE FROM riotact_revealed WHERE table_id = ?"), (table_id,))
            cursor.execute(self._sql("INSERT INTO riotact_revealed (table_id) VALUES (?)"), (table_id,))
            self._announce(cursor, table_id, None)

    def table(self, table_id: str) -> StoredTable | None:
        rows = self._rows(f"SELECT {_TABLE_FIELDS} FROM riotact_tables WHERE id = ?", (table_id,))
        return _stored(rows[0]) if rows else None

    def record(self, table_id: str, since: int = 0) -> TableRecord:
        """The table as the database has it now, with its decisions numbered ``since`` and after (one
        statement, so one consistent snapshot on PostgreSQL too)."""
        rows = self._rows(
            "SELECT t.revision, t.rewritten, s.level, r.table_id, t.header, t.setup_events, d.n, d.seat, d.action, "
            "d.events "
            "FROM riotact_tables t LEFT JOIN riotact_spectators s ON s.table_id = t.id "
            "LEFT JOIN riotact_revealed r ON r.table_id = t.id "
            "LEFT JOIN riotact_decisions d ON d.table_id = t.id AND d.n >= ? WHERE t.id = ? ORDER BY d.n",
            (since, table_id))
        if not rows:
            raise StorageError(f"table {table_id} is not in the database")
        first = rows[0]
        decisions = [(int(r[6]), r[7], r[8], json.loads(r[9])) for r in rows if r[6] is not None]
        return TableRecord(int(first[0]), int(first[1]), first[2], first[3] is not None, json.loads(first[4]),
                           json.loads(first[5]), decisions)

    def _claim(self, cursor: Any, table_id: str, revision: int, *, rewrite: bool = False) -> int:
        """Bump the table's revision if it is still ``revision`` (the row is locked until commit, so of two
        writers at one revision one wins); else :class:`Conflict`. Returns the new revision."""
        cursor.execute(self._sql("UPDATE riotact_tables SET revision = revision + 1" +
                                 (", rewritten = revision + 1" if rewrite else "") +
                                 " WHERE id = ? AND revision = ?"), (table_id, revision))
        if cursor.rowcount != 1:
            raise _conflict(table_id, revision)
        self._announce(cursor, table_id, revision + 1)
        return revision + 1

    def _announce(self, cursor: Any, table_id: str, revision: int | None) -> None:
        """Tell the other server processes (PostgreSQL: NOTIFY, delivered only if the transaction commits).
        ``revision`` None: something beside the decisions changed (spectators, the truth shown)."""
        if self._ph != "?":
            cursor.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{table_id} {'' if revision is None else revision}"))

    # -- decisions ---------------------------------------------------------------
    def append_decision(self, table_id: str, n: int, seat: str, action: str, events: list[dict[str, Any]], *,
                        revision: int) -> int:
        """One accepted decision and the events it caused, made against the table's ``revision``; returns
        the new revision (:class:`Conflict` if another writer came first; the primary key refuses a
        duplicate number besides)."""
        if self.shared:  # one statement (see _rows): claim the revision, add the row, announce it
            rows = self._rows(
                "WITH claimed AS (UPDATE riotact_tables SET revision = revision + 1 WHERE id = ? AND revision = ? "
                "RETURNING revision), added AS (INSERT INTO riotact_decisions (table_id, n, seat, action, events) "
                "SELECT ?, ?, ?, ?, ? FROM claimed) "
                "SELECT revision, pg_notify(?, CAST(? AS text) || ' ' || CAST(revision AS text)) FROM claimed",
                (table_id, revision, table_id, n, seat, action, _dump(events), CHANNEL, table_id))
            if not rows:
                raise _conflict(table_id, revision)
            return int(rows[0][0])
        with self._transaction() as cursor:
            new = self._claim(cursor, table_id, revision)
            cursor.execute("INSERT INTO riotact_decisions (table_id, n, seat, action, events) VALUES (?, ?, ?, ?, ?)",
                           (table_id, n, seat, action, _dump(events)))
            return new

    def decisions(self, table_id: str) -> list[tuple[int, str, str, list[dict[str, Any]]]]:
        rows = self._rows("SELECT n, seat, action, events FROM riotact_decisions WHERE table_id = ? ORDER BY n",
                          (table_id,))
        return [(int(r[0]), r[1], r[2], json.loads(r[3])) for r in rows]

    def rewrite_game(self, table_id: str, header: dict[str, Any], setup_events: list[dict[str, Any]],
                     decisions: list[tuple[str, str, list[dict[str, Any]]]], *, revision: int) -> int:
        """Replace a table's record after an undo, in one transaction (all of it or none), made against the
        table's ``revision``; returns the new one (:class:`Conflict` if another writer came first)."""
        with self._transaction() as cursor:
            new = self._claim(cursor, table_id, revision, rewrite=True)
            cursor.execute(self._sql("UPDATE riotact_tables SET header = ?, setup_events = ? WHERE id = ?"),
                           (_dump(header), _dump(setup_events), table_id))
            cursor.execute(self._sql("DELETE FROM riotact_decisions WHERE table_id = ?"), (table_id,))
            for n, (seat, action, events) in enumerate(decisions):
                cursor.execute(self._sql(
                    "INSERT INTO riotact_decisions (table_id, n, seat, action, events) VALUES (?, ?, ?, ?, ?)"),
                    (table_id, n, seat, action, _dump(events)))
            return new

    @property
    def shared(self) -> bool:
        """Whether other server processes may use this database too (PostgreSQL)."""
        return self._ph != "?"

    def alive(self) -> bool:
        """Whether the database answers now (the readiness check)."""
        try:
            return self._rows("SELECT 1") == [(1,)]
        except Exception:  # any fault of the driver means: not ready
            return False


async def follow(url: str, on_change: Callable[[str, int | None], None],
                 on_listening: Callable[[bool], None]) -> None:
    """LISTEN on PostgreSQL for every write to a table (by this process or another) and call
    ``on_change(table_id, revision)`` (revision None: spectators or the truth shown). Reconnects after a
    fault; ``on_listening(True)`` after every (re)connection, when the caller catches up on what it may
    have missed, ``on_listening(False)`` while it is not listening. Runs until cancelled."""
    import psycopg

    while True:
        try:
            async with await psycopg.AsyncConnection.connect(url, autocommit=True) as connection:
                await connection.execute(f"LISTEN {CHANNEL}")
                on_listening(True)
                async for note in connection.notifies():
                    table_id, _, revision = note.payload.partition(" ")
                    on_change(table_id, int(revision) if revision.isdigit() else None)
        except (psycopg.Error, OSError) as exc:
            on_listening(False)
            log.warning("lost the database's notifications (%s); listening again in 1 s",
                        str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__)
            await asyncio.sleep(1)


def _conflict(table_id: str, revision: int) -> Conflict:
    return Conflict(f"table {table_id} changed since revision {revision} (another seat or server decided first)")


_TABLE_FIELDS = "id, scenario, title, header, setup_events, seats, created"


def _stored(row: Sequence[Any]) -> StoredTable:
    return StoredTable(row[0], row[1], row[2], json.loads(row[3]), json.loads(row[4]), json.loads(row[5]), row[6])


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
            connection = psycopg.connect(url, autocommit=True)  # transactions: explicit blocks (_transaction)
        except psycopg.Error as exc:
            raise StorageError(f"cannot open the PostgreSQL database: {str(exc).strip().splitlines()[0]}") from None
        return Store(connection, "%s", url, connect=lambda: psycopg.connect(url, autocommit=True))
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
