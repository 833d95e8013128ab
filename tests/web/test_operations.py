"""Running the web table for a group: health and readiness, the access log, bots thinking in a pool of
worker processes (the same game as thinking on the loop), ``riotact serve --workers``."""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import multiprocessing
import os
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx2
import pytest

from riotact.core import Game, find_scenario, make_bot
from riotact.core.search import SearchBot
from riotact.web.app import build_app
from riotact.web.room import BACKGROUND_PAUSE, BotTurns
from riotact.web.store import open_store
from riotact.web.thinkers import SEARCH_BELOW_QUICK, Thinkers
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
        # what the process held once started is kept out of the collector's full passes (the tail of the
        # round-trips): here the test process's own, since the app runs in it
        assert gc.get_freeze_count() > 0
    finally:
        server.stop()
        gc.unfreeze()


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


def test_bot_workers_run_below_the_servers_priority_and_a_quick_bot_never_waits_behind_a_search() -> None:
    """The workers run ``nice`` steps below the server (bots thinking never take a core from the seats),
    the search bots' further still (a quick reply goes first when cores are short); a search bot thinks in
    a pool of its own, so a heuristic bot of another table answers meanwhile (one pool of one worker would
    have made it wait for the search's seconds)."""
    # Not a moot decision (BON trench-raid's first, 3 actions alike, is answered at once: search28), so the
    # search spends its whole budget: 46 actions, values that differ.
    sit_in = Game(find_scenario("by-will-alone/ministry-sit-in"), seed=2)
    searcher = make_bot("hard", sit_in, sit_in.to_act()[0])
    assert isinstance(searcher, SearchBot)
    searcher.iterations, searcher.seconds = 10**9, 3.0  # CPU seconds: longer still on a loaded machine
    rb = Game(find_scenario("revolting-behaviour/first-game"), seed=2, options={"first_turn_order": "seats"})
    quick = make_bot("heuristic", rb, rb.to_act()[0])
    thinkers = Thinkers(1, nice=5)

    async def both() -> tuple[bool, str, str]:
        search = asyncio.ensure_future(thinkers.choose(searcher, sit_in.view(searcher.seat),
                                                       list(sit_in.legal_actions(searcher.seat))))
        await asyncio.sleep(0.5)  # the search bot is sent first
        answer, _ = await asyncio.wait_for(thinkers.choose(quick, rb.view(quick.seat),
                                                           list(rb.legal_actions(quick.seat))), 120)
        searching = not search.done()
        searched, _ = await asyncio.wait_for(search, 300)
        return searching, answer, searched

    try:
        thinkers.start()
        with ThreadPoolExecutor(1) as loop_thread:  # a loop of its own (the test process may run Playwright's)
            searching, answer, searched = loop_thread.submit(asyncio.run, both()).result()
        own = os.getpriority(os.PRIO_PROCESS, 0)
        workers = multiprocessing.active_children()  # one of each pool, both started and thinking
        assert sorted(os.getpriority(os.PRIO_PROCESS, w.pid or 0) for w in workers) == [
            min(19, own + 5), min(19, own + 5 + SEARCH_BELOW_QUICK)]
        assert searching  # the heuristic bot answered while the search bot still thought
        assert answer in {a.id for a in rb.legal_actions(quick.seat)}
        assert searched in {a.id for a in sit_in.legal_actions(searcher.seat)}
    finally:
        thinkers.close()


def test_bots_playing_on_their_own_take_the_loop_in_the_background() -> None:
    """A bot's move at a table nobody watches here is followed by a pause of BACKGROUND_PAUSE times the
    loop time it took before the next such move; a watched table's bot moves at once meanwhile."""
    async def moves() -> tuple[float, float, float]:
        turns = BotTurns()
        started = time.perf_counter()
        async with turns.move(watched=False):
            await asyncio.sleep(0.05)  # a move holding the loop 50 ms
        held = time.perf_counter() - started
        ended = time.perf_counter()
        async with turns.move(watched=True):
            watched_waited = time.perf_counter() - ended
        async with turns.move(watched=False):
            background_waited = time.perf_counter() - ended
        return held, watched_waited, background_waited

    with ThreadPoolExecutor(1) as thread:  # a loop of its own: a browser test's may run in this thread
        held, watched_waited, background_waited = thread.submit(asyncio.run, moves()).result()
    assert watched_waited < 0.04
    assert background_waited >= held * BACKGROUND_PAUSE * 0.95


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
