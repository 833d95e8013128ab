"""Storage: the database is the save, on SQLite and on PostgreSQL (a throwaway server on 127.0.0.1).
A server killed with kill -9 and started again resumes every table with nothing lost."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from riotact.web.app import build_app
from riotact.web.store import MIGRATIONS, Conflict, StorageError, StoredTable, open_store
from web_support import LiveServer, ServerProcess, close_all, create, free_port, seat


def test_migrations_are_versioned_and_applied_once(db_url: str) -> None:
    store = open_store(db_url)
    assert store.schema_version() == MIGRATIONS[-1][0]
    store.create_table(StoredTable("t1", "x/y", "t", {"kind": "game"}, [], {"p1": "person"}, "2026"), {"h": "p1"})
    store.close()
    again = open_store(db_url)  # opening a migrated database changes nothing
    assert again.schema_version() == MIGRATIONS[-1][0] and [t.id for t in again.tables()] == ["t1"]
    assert again.table_ids() == ["t1"]  # what a lobby's listing reads (the records only of new ones)
    again.close()


def test_one_row_per_decision_and_a_duplicate_is_refused(db_url: str) -> None:
    store = open_store(db_url)
    store.create_table(StoredTable("t1", "x/y", "t", {"kind": "game"}, [{"seq": 0}], {"p1": "person"}, "2026"),
                       {"hash": "p1"})
    assert store.append_decision("t1", 0, "p1", "pass", [{"seq": 1, "kind": "decision"}], revision=0) == 1
    with pytest.raises(Exception):  # noqa: B017 (sqlite3 and psycopg raise their own IntegrityError)
        store.append_decision("t1", 0, "p1", "pass", [{"seq": 1, "kind": "decision"}], revision=1)
    # A writer that saw an older revision (another process decided since) is refused, writing nothing.
    with pytest.raises(Conflict, match="changed since revision 0"):
        store.append_decision("t1", 1, "p1", "draw", [{"seq": 2, "kind": "decision"}], revision=0)
    assert store.append_decision("t1", 1, "p1", "draw", [{"seq": 2, "kind": "decision"}], revision=1) == 2
    assert [(n, a) for n, _, a, _ in store.decisions("t1")] == [(0, "pass"), (1, "draw")]
    with pytest.raises(Conflict):  # an undo made on an old record cannot drop a decision made since
        store.rewrite_game("t1", {"kind": "game", "v": 2}, [], [("p1", "pass", [{"seq": 0}])], revision=1)
    assert store.rewrite_game("t1", {"kind": "game", "v": 2}, [], [("p1", "pass", [{"seq": 0}])], revision=2) == 3
    assert [(n, a) for n, _, a, _ in store.decisions("t1")] == [(0, "pass")]
    record = store.record("t1")
    assert (record.revision, record.rewritten, record.header) == (3, 3, {"kind": "game", "v": 2})
    assert store.tables()[0].header == {"kind": "game", "v": 2}
    assert store.seat_for_token("hash") == ("t1", "p1") and store.seat_for_token("other") is None
    store.close()


def test_a_database_that_cannot_be_opened_is_a_one_line_error(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    with pytest.raises(StorageError, match="cannot make the data folder"):
        open_store(f"sqlite:///{tmp_path / 'file' / 'sub' / 'db.sqlite3'}")
    with pytest.raises(StorageError, match="cannot open the PostgreSQL database"):
        open_store(f"postgresql://nobody@127.0.0.1:{free_port()}/none")


def test_a_restarted_server_resumes_every_table_from_the_database(db_url: str) -> None:
    """Tables of the three rulesets, played part way; a new server on the same database shows every
    seat everything it was shown (replayed and checked event by event), and the same view if nothing
    happened since (the bots go on playing at once)."""
    first = LiveServer(build_app(open_store(db_url)))
    seen = {}
    try:
        for ref, seats in [("revolting-behaviour/first-game", {"p2": "heuristic"}),
                           ("by-will-alone/ministry-sit-in", {}),
                           ("civil-disorder/embassy-protest", {"sub1": "random"})]:
            made = create(first, scenario=ref, seats=seats, seed=5)
            for token in made["tokens"].values():
                player = seat(first, token)
                for _ in range(3):
                    legal = player.sync()["view"]["legal_actions"]
                    if legal:
                        player.act(legal[-1]["id"])
                seen[token] = player.sync()
                player.close()
    finally:
        first.stop()
    second = LiveServer(build_app(open_store(db_url)))
    try:
        for token, before in seen.items():
            after = seat(second, token).sync()
            assert after["log"][:len(before["log"])] == before["log"]  # bots may have moved on since
            if len(after["log"]) == len(before["log"]):
                assert after["view"] == before["view"]
    finally:
        second.stop()


def test_kill_9_loses_no_accepted_decision(tmp_path: Path) -> None:
    """``riotact serve`` killed with SIGKILL between decisions: every decision a seat was told of is there."""
    db = f"sqlite:///{tmp_path / 'riotact.sqlite3'}"
    server = ServerProcess(db, tmp_path)
    try:
        made = create(server, scenario="by-will-alone/ministry-sit-in", seats={"authority": "heuristic"}, seed=8)
        player = seat(server, made["tokens"]["nonviolent"])
        for _ in range(6):
            legal = player.sync()["view"]["legal_actions"]
            if not legal:
                break
            player.act(legal[0]["id"])
            player.until("update")
        told = player.sync()
        server.kill()
        close_all()
        server = ServerProcess(db, tmp_path)
        resumed = seat(server, made["tokens"]["nonviolent"]).last
        assert resumed["log"][:len(told["log"])] == told["log"]  # the bot may have moved on since
    finally:
        close_all()
        server.stop()


def test_serve_on_a_port_in_use_is_a_one_line_error(tmp_path: Path) -> None:
    import socket

    with socket.create_server(("127.0.0.1", 0)) as busy:
        port = busy.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "riotact.cli", "serve", "--port", str(port), "--db",
                               f"sqlite:///{tmp_path / 'db.sqlite3'}"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "cannot listen on 127.0.0.1" in done.stderr and "Traceback" not in done.stderr
