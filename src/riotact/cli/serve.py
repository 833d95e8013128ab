"""``riotact serve``: the web table (lobby, one page per seat, the umpire's console)."""

from __future__ import annotations

import json
import os
import socket

import click

from riotact.web.guard import Limits
from riotact.web.store import DB_ENV, default_url, open_store
from riotact.web.thinkers import BOT_NICE


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True)
@click.option("--db", "db_url", default=None, metavar="URL",
              help=f"sqlite:///PATH or postgresql://...; default ${DB_ENV}, else a SQLite file in "
                   "$RIOTACT_DATA (~/.local/share/riotact).")
@click.option("--tables-per-minute", type=click.IntRange(0, 1_000_000), default=Limits.tables_per_minute,
              show_default=True, help="New tables one address may make in any minute (0: no limit).")
@click.option("--max-open-tables", type=click.IntRange(0, 1_000_000), default=Limits.max_open_tables,
              show_default=True, help="Tables in play the server keeps; more are refused until one ends (0: no limit).")
@click.option("--allow-origin", "allowed_origins", multiple=True, metavar="URL",
              help="Another address whose pages may use this server, e.g. https://club.example behind a "
                   "reverse proxy (repeatable); pages of any other site are refused.")
@click.option("--workers", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Server processes on this port (more than 1 needs a PostgreSQL database).")
@click.option("--bot-workers", type=click.IntRange(0, 64), default=1, show_default=True,
              help="Processes in which each server process's bots think (0: on its event loop; at most "
                   "one per core), and as many more for search bots.")
@click.option("--bot-nice", type=click.IntRange(0, 19), default=BOT_NICE, show_default=True,
              help="How far below the server's CPU priority the bot workers run (os.nice): the seats' "
                   "messages come first.")
@click.option("--access-log/--no-access-log", default=True, show_default=True,
              help="One JSON line per request and websocket on standard error.")
def serve(host: str, port: int, db_url: str | None, tables_per_minute: int, max_open_tables: int,
          allowed_origins: tuple[str, ...], workers: int, bot_workers: int, bot_nice: int,
          access_log: bool) -> None:
    """Serve the web table; every table resumes from the database after a restart. Several processes
    (--workers, or several `riotact serve` behind a load balancer) share one PostgreSQL database."""
    import uvicorn

    from riotact.web.app import MAX_MESSAGE, SERVE_ENV

    url = db_url or default_url()
    store = open_store(url)  # a database that cannot be opened is a one-line error here, before any process
    shared = store.shared
    store.close()
    if workers > 1 and not shared:
        raise click.BadParameter("several processes share a PostgreSQL database only (postgresql://...); "
                                 "SQLite is for one process", param_hint="--workers")
    try:  # a port already in use is a one-line error now, not a logged traceback later
        probe = socket.create_server((host, port))
        port = probe.getsockname()[1]
        probe.close()
    except OSError as exc:
        raise click.BadParameter(f"cannot listen on {host}:{port}: {exc.strerror or exc}",
                                 param_hint="--host/--port") from None
    os.environ[SERVE_ENV] = json.dumps({
        "db": url, "tables_per_minute": tables_per_minute, "max_open_tables": max_open_tables,
        "allowed_origins": [o.rstrip("/") for o in allowed_origins], "bot_workers": bot_workers,
        "bot_nice": bot_nice, "access_log": access_log})
    shown = f"[{host}]" if ":" in host else host
    processes = f"{workers} processes, " if workers > 1 else ""
    click.echo(f"riotact: the web table is at http://{shown}:{port}/  ({processes}database: {_safe(url)}; "
               "Ctrl-C stops)")
    uvicorn.run("riotact.web.app:served_app", factory=True, workers=workers, host=host, port=port,
                log_level="warning", ws="websockets-sansio", ws_max_size=MAX_MESSAGE * 4,
                ws_per_message_deflate=False, access_log=False)


def _safe(url: str) -> str:
    """The database URL without its password."""
    if "@" in url and "://" in url:
        scheme, rest = url.split("://", 1)
        credentials, host = rest.rsplit("@", 1)
        return f"{scheme}://{credentials.split(':', 1)[0]}:***@{host}"
    return url
