"""Fixtures for the web table: a store per test (SQLite always; PostgreSQL on a throwaway server the
tests start on 127.0.0.1), an app under Starlette's TestClient, seats talking over its websocket, and
one headless browser (Debian's chromium driven by Playwright) for the browser tests."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from riotact.web.app import build_app
from riotact.web.store import open_store
from web_support import LiveServer, NoPostgres, throwaway_postgres

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-component-update"]


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """A throwaway PostgreSQL server on 127.0.0.1 (trust auth), stopped at the end of the session."""
    try:
        with throwaway_postgres() as url:
            yield url
    except NoPostgres as exc:
        pytest.skip(str(exc))


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty database of each kind."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'data' / 'riotact.sqlite3'}"
    return str(request.getfixturevalue("pg_url"))


@pytest.fixture
def pg_url(postgres_server: str) -> str:
    """A fresh, empty PostgreSQL database on the throwaway server."""
    import psycopg

    name = f"t_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(f"{postgres_server}/postgres", autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    return f"{postgres_server}/{name}"


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'riotact.sqlite3'}"


@pytest.fixture
def client(sqlite_url: str) -> Iterator[LiveServer]:
    """A real server (uvicorn on 127.0.0.1) over a SQLite database of this test's own."""
    server = LiveServer(build_app(open_store(sqlite_url)))
    try:
        yield server
    finally:
        server.stop()




@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """One headless chromium for every browser test; they skip where it or Playwright is missing."""
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no browser at {CHROMIUM} (apt-get install chromium)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    """A real server for a browser to open: uvicorn on 127.0.0.1 over a SQLite database of this test's own."""
    live = LiveServer(build_app(open_store(f"sqlite:///{tmp_path / 'riotact.sqlite3'}")))
    yield live
    live.stop()


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    """Where screenshots go: RIOTACT_SCREENSHOTS (docs/ when refreshing the documentation), else the test's folder."""
    return Path(os.environ.get("RIOTACT_SCREENSHOTS") or tmp_path)
