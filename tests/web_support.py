"""Helpers for the web table's tests: make tables, and seats that talk over the websocket."""

from __future__ import annotations

import glob
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx2
import uvicorn
from starlette.applications import Starlette
from websockets.sync.client import ClientConnection, connect

from riotact.web.room import apply_view_patch


class NoPostgres(RuntimeError):
    """This machine cannot start a PostgreSQL server (no binaries, or root without runuser)."""


def _pg_bin(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return candidates[-1] if candidates else None


@contextmanager
def throwaway_postgres() -> Iterator[str]:
    """A throwaway PostgreSQL server on 127.0.0.1 (trust auth, no fsync), its URL without a database;
    stopped and removed at the end. Raises NoPostgres when it cannot be started here."""
    initdb, pg_ctl = _pg_bin("initdb"), _pg_bin("pg_ctl")
    if not initdb or not pg_ctl:
        raise NoPostgres("no PostgreSQL server binaries (initdb, pg_ctl): apt-get install postgresql")
    folder = Path(tempfile.mkdtemp(prefix="riotact-pg-"))
    data, port = folder / "data", free_port()
    as_user: list[str] = []
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root: run it as Debian's postgres user
        if shutil.which("runuser") is None:
            raise NoPostgres("running as root without runuser: cannot start PostgreSQL as another user")
        shutil.chown(folder, "postgres")
        as_user = ["runuser", "-u", "postgres", "--"]
    subprocess.run([*as_user, initdb, "-D", str(data), "-A", "trust", "-U", "postgres", "--no-sync"],
                   check=True, capture_output=True)
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300"
    subprocess.run([*as_user, pg_ctl, "-D", str(data), "-o", options, "-l", str(folder / "log"), "-w", "start"],
                   check=True, capture_output=True)
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}"
    finally:
        subprocess.run([*as_user, pg_ctl, "-D", str(data), "-m", "immediate", "stop"], capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])



#: Sockets still open: the server fixture closes them, so a failing test cannot hang its teardown.
OPEN_SOCKETS: list[SeatSocket] = []


def close_all() -> None:
    while OPEN_SOCKETS:
        OPEN_SOCKETS.pop().close()


class LiveServer:
    """The app served by uvicorn in a thread on 127.0.0.1 (a real server; tests reach its room)."""

    def __init__(self, app: Starlette) -> None:
        self.app = app
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning", ws="websockets-sansio")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.01)
        self.http = httpx2.Client(base_url=self.url, timeout=30)

    def post(self, path: str, **kwargs: Any) -> httpx2.Response:
        return self.http.post(path, **kwargs)

    def get(self, path: str) -> httpx2.Response:
        return self.http.get(path)

    def socket(self) -> ClientConnection:
        return connect(f"ws://127.0.0.1:{self.port}/ws", open_timeout=10)

    def stop(self) -> None:
        close_all()
        self.http.close()
        self.server.should_exit = True
        self.thread.join(timeout=20)


class ServerProcess:
    """``riotact serve`` as its own process on 127.0.0.1 (several may share one PostgreSQL database):
    the same calls as :class:`LiveServer`, but no reach into its room, and :meth:`kill` is ``kill -9``."""

    def __init__(self, db: str, data: Path, *extra: str, port: int | None = None) -> None:
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = {**os.environ, "RIOTACT_DATA": str(data), "PYTHONPATH": os.pathsep.join(sys.path)}
        self.errors = (data / f"serve-{self.port}.log").open("w+")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "riotact.cli", "serve", "--port", str(self.port), "--db", db,
             "--tables-per-minute", "0", *extra], stdout=subprocess.DEVNULL, stderr=self.errors, text=True, env=env)
        self.http = httpx2.Client(base_url=self.url, timeout=30)
        deadline = time.monotonic() + 60
        while True:
            try:
                if self.http.get("/readyz").status_code == 200:
                    break
            except httpx2.TransportError:
                pass
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise RuntimeError(f"riotact serve did not become ready: {self.log()[-2000:]}")
            time.sleep(0.05)

    def log(self) -> str:
        """What the process wrote on standard error (its access log, its errors)."""
        self.errors.flush()
        return Path(self.errors.name).read_text()

    def post(self, path: str, **kwargs: Any) -> httpx2.Response:
        return self.http.post(path, **kwargs)

    def get(self, path: str) -> httpx2.Response:
        return self.http.get(path)

    def socket(self) -> ClientConnection:
        return connect(f"ws://127.0.0.1:{self.port}/ws", open_timeout=10)

    def kill(self) -> None:
        """``kill -9``: no shutdown of any kind."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=20)

    def stop(self) -> None:
        self.http.close()
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.kill()
        self.errors.close()


def create(server: LiveServer | ServerProcess, **body: Any) -> dict[str, Any]:
    response = server.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    return dict(response.json())


class SeatSocket:
    """One seat's websocket, remembering everything it was sent (the raw text, for leak checks)."""

    def __init__(self, server: LiveServer | ServerProcess, token: str) -> None:
        self._connection = server.socket()
        self.ws = self._connection.__enter__()
        self.open = True
        OPEN_SOCKETS.append(self)
        self.received: list[str] = []
        self.ws.send(json.dumps({"type": "hello", "token": token}))
        self.last = self.expect("snapshot")

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send(json.dumps(message))

    def next(self) -> dict[str, Any]:
        message = self.poll(30)
        assert message is not None, "no message in 30 s"
        return message

    def poll(self, timeout: float) -> dict[str, Any] | None:
        """The next message if one comes within ``timeout`` seconds."""
        try:
            text = self.ws.recv(timeout=timeout)
        except TimeoutError:
            return None
        assert isinstance(text, str)
        self.received.append(text)
        message: dict[str, Any] = json.loads(text)
        if "view_patch" in message:  # an update sends what changed in the seat's view: rebuild it
            message["view"] = apply_view_patch(self.last["view"], message["view_patch"])
        if message["type"] in ("snapshot", "update"):
            self.last = message
        return message

    def expect(self, kind: str) -> dict[str, Any]:
        message = self.next()
        assert message["type"] == kind, message
        return message

    def until(self, kind: str, limit: int = 100_000) -> dict[str, Any]:
        for _ in range(limit):
            message = self.next()
            if message["type"] == kind:
                return message
        raise AssertionError(f"no {kind} message")

    def act(self, action: str, faces: list[int] | None = None, version: str | None = None) -> None:
        self.send({"type": "act", "action": action, "version": version or self.last["version"],
                   "faces": faces or []})

    def sync(self) -> dict[str, Any]:
        """Everything sent so far is read: ask for a fresh snapshot and read up to it."""
        self.send({"type": "refresh"})
        return self.until("snapshot")

    def close(self) -> None:
        if self.open:
            self.open = False
            self._connection.__exit__(None, None, None)


def told_log(received: list[str]) -> list[dict[str, Any]]:
    """A seat's log as it was sent in pieces (over one socket or several in turn), each piece checked to
    start where the last ended; a snapshot starts it afresh and must begin with everything told before.
    Nothing the seat was told is lost or doubled."""
    log: list[dict[str, Any]] = []
    for text in received:
        message = json.loads(text)
        if message.get("type") not in ("snapshot", "update"):
            continue
        if message["log_from"] == 0:
            assert message["log"][:len(log)] == log, "a snapshot forgot or changed what the seat was told"
            log = []
        assert message["log_from"] == len(log), f"a piece of the log from {message['log_from']}, not {len(log)}"
        log.extend(message["log"])
    return log


def seat(server: LiveServer | ServerProcess, token: str) -> SeatSocket:
    return SeatSocket(server, token)


def play_to_the_end(game: Any, player: SeatSocket) -> None:
    """The seat behind ``player`` takes its first legal action until ``game`` is over (its other seats
    are bots)."""
    while not game.is_over():
        player.sync()
        legal = player.last["view"]["legal_actions"]
        if legal:
            player.act(legal[0]["id"])
            player.until("update")


def browser_page(browser: Any, width: int = 1200, height: int = 900) -> Any:
    """A page in a browser context of its own (one person), collecting its script errors in ``page.errors``
    (the server's 404 answers to probes excepted)."""
    page = browser.new_context(viewport={"width": width, "height": height}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" and "404" not in msg.text
            else None)
    page.errors = errors
    return page
