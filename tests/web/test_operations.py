"""Running the web table for a group: health and readiness, the access log, bots thinking in a pool of
worker processes (the same game as thinking on the loop), ``riotact serve --workers``."""

from __future__ import annotations

import json
import logging
import multiprocessing
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx2
import pytest

from riotact.web.app import build_app
from riotact.web.store import open_store
from web_support import LiveServer, ServerProcess, create, play_to_the_end, seat


def test_health_and_readiness(db_url: str) -> None:
    """Ready once the tables are restored, the database answers and (PostgreSQL) other processes'
    writes are followed."""
    server = LiveServer(build_app(open_store(db_url)))
    try:
        assert server.get("/healthz").json() == {"ok": True}
        for _ in range(200):  # the PostgreSQL listener connects beside the server's start
            ready = server.get("/readyz")
            if ready.status_code == 200:
                break
        assert ready.json() == {"ready": True, "tables": 0}
        assert ready.headers["content-security-policy"].startswith("default-src 'self'")
    finally:
        server.stop()


def test_the_access_log_is_one_json_object_a_line_and_never_a_token(sqlite_url: str,
                                                                     caplog: pytest.LogCaptureFixture) -> None:
    server = LiveServer(build_app(open_store(sqlite_url)))
    try:
        with caplog.at_level(logging.INFO, logger="riotact.access"):
            made = create(server, scenario="revolting-behaviour/first-game", seats={"p2": "random"}, seed=1)
            player = seat(server, made["tokens"]["p1"])
            player.sync()
            player.close()
            server.stop()  # every socket closed and its line written
    finally:
        server.stop()
    lines = [json.loads(r.getMessage()) for r in caplog.records if r.name == "riotact.access"]
    posted = next(line for line in lines if line["kind"] == "http" and line["method"] == "POST")
    assert posted["path"] == "/api/tables" and posted["status"] == 201 and posted["ms"] >= 0
    socket_line = next(line for line in lines if line["kind"] == "websocket")
    assert socket_line["path"] == "/ws" and socket_line["status"] == 101 and "close" in socket_line
    assert made["tokens"]["p1"] not in caplog.text and made["spectator"] not in caplog.text


def test_bots_thinking_in_worker_processes_play_the_same_game(tmp_path: Path) -> None:
    """A heuristic bot thinking in the pool decides as it would on the loop: it comes back from its
    worker with its dice of chance as they are after thinking. A worker killed mid-game (``kill -9``)
    loses nothing: the bot it was thinking for (if one) thinks in the server, a fresh pool starts for the
    next, and the game is the same."""
    games = []
    for workers, kill in ((0, False), (1, False), (1, True)):
        server = LiveServer(build_app(open_store(f"sqlite:///{tmp_path / f'{workers}{kill}.sqlite3'}"),
                                      bot_workers=workers))
        try:
            made = create(server, scenario="by-will-alone/ministry-sit-in", seats={"authority": "heuristic"},
                          seed=5)
            game = server.app.state.room.tables[made["table"]].game
            player = seat(server, made["tokens"]["nonviolent"])
            thinkers = multiprocessing.active_children()
            assert len(thinkers) == workers  # the pool's processes are this server's children
            if kill:
                while len(game.decisions) < 20:
                    player.sync()
                    legal = player.last["view"]["legal_actions"]
                    if legal:
                        player.act(legal[0]["id"])
                        player.until("update")
                os.kill(thinkers[0].pid or 0, signal.SIGKILL)
            play_to_the_end(game, player)
            games.append(list(game.decisions))
            if kill:
                replacements = multiprocessing.active_children()
                assert len(replacements) == 1 and replacements[0].pid != thinkers[0].pid
        finally:
            server.stop()
    assert games[0] == games[1] == games[2] and len(games[0]) > 20


def test_bot_workers_start_with_the_server_and_stop_cleanly_with_it(tmp_path: Path) -> None:
    """The pool's workers are started (and load the rulesets) with the server, not when the first bot is to
    move; SIGTERM stops them and releases the pool's semaphores (no "leaked semaphore" warning from
    multiprocessing's resource tracker once the server and its helper processes are gone)."""
    server = ServerProcess(f"sqlite:///{tmp_path / 'db.sqlite3'}", tmp_path, "--bot-workers", "1")
    try:
        helpers = Path(f"/proc/{server.process.pid}/task/{server.process.pid}/children").read_text().split()
        assert len(helpers) == 2  # ready, no table yet: the bot worker and multiprocessing's resource tracker
        made = create(server, scenario="revolting-behaviour/first-game", seats={"p1": "heuristic", "p2": "heuristic"},
                      seed=3)
        for _ in range(600):  # the bots play the game out in the pool
            if any(t["id"] == made["table"] and t["over"] for t in server.get("/api/tables").json()["tables"]):
                break
            time.sleep(0.05)
    finally:
        server.stop()
    for _ in range(200):
        if not any(Path(f"/proc/{pid}").exists() for pid in helpers):
            break
        time.sleep(0.05)
    assert not any(Path(f"/proc/{pid}").exists() for pid in helpers)
    errors = Path(server.errors.name).read_text()  # the log, once the last of them has written to it
    assert "leaked semaphore" not in errors and "Traceback" not in errors


def test_serve_workers_are_several_processes_on_one_port(pg_url: str, tmp_path: Path) -> None:
    server = ServerProcess(pg_url, tmp_path, "--workers", "2")
    try:
        pids: set[int] = set()
        for _ in range(400):  # each request on a new connection: the kernel hands it to either process
            httpx2.get(f"{server.url}/healthz", timeout=10)
            pids = {json.loads(line)["pid"] for line in server.log().splitlines() if line.startswith("{")}
            if len(pids) == 2:
                break
        assert len(pids) == 2
    finally:
        server.stop()


def test_several_processes_need_postgresql(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "riotact.cli", "serve", "--workers", "2", "--db",
                           f"sqlite:///{tmp_path / 'db.sqlite3'}"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "several processes share a PostgreSQL database only" in " ".join(done.stderr.split())
