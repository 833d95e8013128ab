"""Structured access logs: one JSON object a line on the ``riotact.access`` logger for every HTTP request
and every websocket (when it closes), so a group's server can be watched and counted by machine.

Only what is safe to keep is logged: the method, the path (never a query string, a body or a websocket
message, where tokens travel), the status or close code, the time taken, the client's address and the
process id (several processes share one log). ``riotact serve`` prints them on standard error.

>>> line = access_line("http", method="GET", path="/healthz", status=200, ms=0.41, client="127.0.0.1")
>>> json.loads(line)["path"], json.loads(line)["status"]
('/healthz', 200)
"""

from __future__ import annotations

import json
import logging
import os
import time
from datetime import UTC, datetime
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

access = logging.getLogger("riotact.access")


def access_line(kind: str, **fields: Any) -> str:
    """One log line: the time (UTC), the kind (``http`` or ``websocket``), the process, then ``fields``."""
    stamp = datetime.now(UTC).isoformat(timespec="milliseconds")
    return json.dumps({"time": stamp, "kind": kind, "pid": os.getpid(), **fields}, separators=(",", ":"))


class AccessLog:
    """ASGI middleware writing :func:`access_line` for each request and websocket it passes on."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket") or not access.isEnabledFor(logging.INFO):
            await self.app(scope, receive, send)
            return
        started, outcome = time.perf_counter(), {"status": 500}

        async def watched_send(message: Message) -> None:
            if message["type"] == "http.response.start":
                outcome["status"] = message["status"]
            elif message["type"] == "websocket.accept":
                outcome["status"] = 101
            elif message["type"] == "websocket.close":
                outcome["close"] = message.get("code", 1000)
            await send(message)

        async def watched_receive() -> Message:
            message = await receive()
            if message["type"] == "websocket.disconnect" and "close" not in outcome:
                outcome["close"] = message.get("code", 1005)
            return message

        try:
            await self.app(scope, watched_receive, watched_send)
        finally:
            client = scope.get("client")
            fields: dict[str, Any] = {"path": scope.get("path", ""), **outcome,
                                      "ms": round((time.perf_counter() - started) * 1000, 2),
                                      "client": client[0] if client else None}
            if scope["type"] == "http":
                fields = {"method": scope.get("method"), **fields}
            access.info(access_line(scope["type"], **fields))
