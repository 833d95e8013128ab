"""Helpers for the web table's tests: make tables, and seats that talk over the websocket."""

from __future__ import annotations

import json
import socket
import threading
import time
from typing import Any

import httpx2
import uvicorn
from starlette.applications import Starlette
from websockets.sync.client import ClientConnection, connect

from riotact.web.room import apply_view_patch


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


def create(server: LiveServer, **body: Any) -> dict[str, Any]:
    response = server.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    return dict(response.json())


class SeatSocket:
    """One seat's websocket, remembering everything it was sent (the raw text, for leak checks)."""

    def __init__(self, server: LiveServer, token: str) -> None:
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
        text = self.ws.recv(timeout=30)
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


def seat(server: LiveServer, token: str) -> SeatSocket:
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
