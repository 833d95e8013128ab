"""What keeps the web table safe from the pages and programs that talk to it.

- Request bodies and websocket messages are strict JSON (:func:`strict_json`): no NaN or Infinity, no
  number too large to be finite, nesting no deeper than :data:`MAX_DEPTH`; a fault is one line.
- A request or websocket from another site's page is refused (:func:`same_origin`): browsers send an
  ``Origin`` header, and a page served by another address cannot make tables or take seats here.
- Every HTTP answer carries a Content-Security-Policy (:class:`SecurityHeaders`): scripts, styles and
  connections from this server only, and no framing by other pages.
- One client makes at most so many tables a minute, and the server keeps at most so many open tables
  (:class:`Limits`, :class:`RateLimiter`); ``riotact serve`` sets them.
"""

from __future__ import annotations

import json
import time
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from starlette.datastructures import Headers, MutableHeaders
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from riotact.core.log import BadNumber, loads_finite

#: How deep a request's JSON may nest (a scenario's feature outline, the deepest thing sent, is 5).
MAX_DEPTH = 32

#: Scripts, styles, pictures and connections (the seat's websocket included) from this server only;
#: no plugins, no <base>, forms post here only, and no other page may frame these (clickjacking).
CONTENT_SECURITY_POLICY = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                           "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
                           "frame-ancestors 'none'")
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Frame-Options": "DENY",  # frame-ancestors for browsers that predate it
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


class BadJSON(ValueError):
    """A body or message that is not JSON this server reads; the message is one line."""


def strict_json(text: str | bytes) -> Any:
    """``text`` as JSON, refusing (:class:`BadJSON`, one line) what would break the code after it.

    >>> strict_json('{"a": [1, 2.5]}')
    {'a': [1, 2.5]}
    >>> for bad in ('{"a": NaN}', '[1e999]', '[' * 40 + ']' * 40, '[' * 100_000, '{x'):
    ...     try:
    ...         strict_json(bad)
    ...     except BadJSON as exc:
    ...         print(exc)
    NaN is not a number (only finite numbers are read)
    1e999 is too large a number (only finite numbers are read)
    nested too deeply (at most 32 levels)
    nested too deeply (at most 32 levels)
    not valid JSON (Expecting property name enclosed in double quotes: line 1 column 2 (char 1))
    """
    try:
        if isinstance(text, bytes):
            text = text.decode("utf-8")
        data = loads_finite(text)
    except BadNumber as exc:
        raise BadJSON(str(exc)) from None
    except RecursionError:
        raise BadJSON(f"nested too deeply (at most {MAX_DEPTH} levels)") from None
    except UnicodeDecodeError:
        raise BadJSON("not valid JSON (not UTF-8 text)") from None
    except json.JSONDecodeError as exc:
        raise BadJSON(f"not valid JSON ({exc})") from None
    if depth_over(data, MAX_DEPTH):
        raise BadJSON(f"nested too deeply (at most {MAX_DEPTH} levels)")
    return data


def depth_over(data: Any, limit: int) -> bool:
    """Whether lists and dicts in ``data`` nest deeper than ``limit`` (walked with a stack of its own)."""
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict | list):
            if depth >= limit:
                return True
            stack.extend((v, depth + 1) for v in (value.values() if isinstance(value, dict) else value))
    return False


def same_origin(headers: Mapping[str, str], allowed: Iterable[str] = ()) -> str | None:
    """Why a browser request (or websocket) from another site is refused, or None when it may go on.

    A request without ``Origin`` is not a browser's cross-site one (browsers send it with every POST
    from another page and with every websocket) and goes on. One whose origin is this server's own
    address (its ``Host``), or one of ``allowed`` (``riotact serve --allow-origin``), goes on.

    >>> same_origin({"host": "127.0.0.1:8000", "origin": "http://127.0.0.1:8000"}) is None
    True
    >>> same_origin({"host": "127.0.0.1:8000", "origin": "http://evil.example"})
    "requests from another site's page are refused (Origin http://evil.example is not this server's)"
    >>> same_origin({"host": "club:8000", "origin": "https://club.example"}, ["https://club.example"]) is None
    True
    """
    origin = headers.get("origin")
    if origin is None:
        return None
    if origin in allowed:
        return None
    parts = urlsplit(origin)
    host = headers.get("host", "")
    if parts.scheme in ("http", "https") and parts.netloc and parts.netloc.lower() == host.lower():
        return None
    shown = origin if len(origin) <= 100 else origin[:100] + "..."
    return f"requests from another site's page are refused (Origin {shown} is not this server's)"


class SecurityHeaders:
    """ASGI middleware: the security headers on every HTTP answer, and a one-line 403 for a state-changing
    request (anything but GET, HEAD, OPTIONS) that another site's page sent."""

    def __init__(self, app: ASGIApp, allowed_origins: Iterable[str] = ()) -> None:
        self.app = app
        self.allowed = tuple(allowed_origins)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    headers.setdefault(name, value)
            await send(message)

        if scope["method"] not in ("GET", "HEAD", "OPTIONS"):
            refused = same_origin(Headers(scope=scope), self.allowed)
            if refused is not None:
                await JSONResponse({"error": refused}, status_code=403)(scope, receive, send_with_headers)
                return
        await self.app(scope, receive, send_with_headers)


@dataclass(frozen=True)
class Limits:
    """How much one server takes on (0: no limit). ``riotact serve --tables-per-minute N
    --max-open-tables N --allow-origin URL`` set them."""

    #: Tables one client (one IP address) may make in any 60 seconds.
    tables_per_minute: int = 20
    #: Tables not yet over that the server keeps; a new one beyond is refused until one ends.
    max_open_tables: int = 200
    #: Other sites whose pages may use this server (a reverse proxy's public address, say).
    allowed_origins: tuple[str, ...] = field(default_factory=tuple)


class RateLimiter:
    """At most ``per_minute`` events per client in any sliding minute.

    >>> limiter = RateLimiter(2)
    >>> [limiter.wait("a", now=t) for t in (0.0, 1.0, 2.0, 60.5, 61.5)]
    [0.0, 0.0, 58.0, 0.0, 0.0]
    """

    WINDOW = 60.0
    #: Clients remembered at once: the oldest are forgotten first, so the table itself stays bounded.
    MAX_CLIENTS = 10_000

    def __init__(self, per_minute: int) -> None:
        self.per_minute = per_minute
        self._seen: dict[str, deque[float]] = {}

    def wait(self, client: str, now: float | None = None) -> float:
        """0 when ``client`` may go on now (and it is counted), else the seconds until it may."""
        if self.per_minute <= 0:
            return 0.0
        now = time.monotonic() if now is None else now
        times = self._seen.pop(client, None) or deque()
        while times and times[0] <= now - self.WINDOW:
            times.popleft()
        self._seen[client] = times  # the most recent client last: forgotten last
        if len(times) >= self.per_minute:
            return times[0] + self.WINDOW - now
        times.append(now)
        while len(self._seen) > self.MAX_CLIENTS:
            del self._seen[next(iter(self._seen))]
        return 0.0
