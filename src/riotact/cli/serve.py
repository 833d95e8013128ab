"""``riotact serve``: the web table (lobby, one page per seat, the umpire's console)."""

from __future__ import annotations

import socket

import click

from riotact.web.store import DB_ENV, default_url, open_store


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True)
@click.option("--db", "db_url", default=None, metavar="URL",
              help=f"sqlite:///PATH or postgresql://...; default ${DB_ENV}, else a SQLite file in "
                   "$RIOTACT_DATA (~/.local/share/riotact).")
def serve(host: str, port: int, db_url: str | None) -> None:
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
    app = build_app(store)
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
