"""``riotact serve``: the web table (lobby, one page per seat, the umpire's console)."""

from __future__ import annotations

import socket

import click

from riotact.web.guard import Limits
from riotact.web.store import DB_ENV, default_url, open_store


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
def serve(host: str, port: int, db_url: str | None, tables_per_minute: int, max_open_tables: int,
          allowed_origins: tuple[str, ...]) -> None:
    """Serve the web table; every table resumes from the database after a restart."""
    import uvicorn

    from riotact.web.app import MAX_MESSAGE, build_app

    url = db_url or default_url()
    store = open_store(url)
    try:  # a port already in use is a one-line error now, not a logged traceback later
        probe = socket.create_server((host, port))
        port = probe.getsockname()[1]
        probe.close()
    except OSError as exc:
        raise click.BadParameter(f"cannot listen on {host}:{port}: {exc.strerror or exc}",
                                 param_hint="--host/--port") from None
    app = build_app(store, Limits(tables_per_minute, max_open_tables, tuple(o.rstrip("/") for o in allowed_origins)))
    shown = f"[{host}]" if ":" in host else host
    click.echo(f"riotact: the web table is at http://{shown}:{port}/  (database: {_safe(url)}; Ctrl-C stops)",
               )
    uvicorn.run(app, host=host, port=port, log_level="warning", ws="websockets-sansio",
                ws_max_size=MAX_MESSAGE * 4, ws_per_message_deflate=False, access_log=False)


def _safe(url: str) -> str:
    """The database URL without its password."""
    if "@" in url and "://" in url:
        scheme, rest = url.split("://", 1)
        credentials, host = rest.rsplit("@", 1)
        return f"{scheme}://{credentials.split(':', 1)[0]}:***@{host}"
    return url
