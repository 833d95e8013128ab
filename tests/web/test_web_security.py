"""The web table against a hostile page or client, over a real server (uvicorn on 127.0.0.1).

The lobby opens none of the server's files; a finished table's truth goes only to holders of its links,
and once a player has seen it the game can never be reopened; another site's page can neither make a
table nor take a seat; one client cannot fill the server with tables; hostile bodies and websocket
frames get one line (4xx, or an ``error`` message with the seat still connected), never a traceback.
"""

from __future__ import annotations

import copy
import json
import logging
import time
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from riotact.core import UMPIRE, find_scenario
from riotact.core.spectators import SPECTATOR, common_view
from riotact.rulesets import get_ruleset
from riotact.web.app import build_app
from riotact.web.guard import Limits
from riotact.web.room import Room
from riotact.web.store import open_store
from web_support import LiveServer, SeatSocket, create, play_to_the_end, seat

RB = "revolting-behaviour/first-game"
RAID = "breaking-of-nations/trench-raid"


def _one_line(response: Any) -> str:
    """A refusal's one line (and no traceback), whatever its status."""
    error = response.json()["error"]
    assert isinstance(error, str) and "\n" not in error and "Traceback" not in error, error
    return error


# -- the lobby opens no file ---------------------------------------------------------------------

@pytest.mark.parametrize("path", ["/api/tables", "/api/army-check"])
def test_the_lobby_opens_none_of_the_servers_files_and_its_refusals_tell_nothing_of_them(
        client: LiveServer, tmp_path: Path, path: str) -> None:
    """A readable TOML scenario on the server, /etc/passwd, a folder and a missing file are all refused
    alike: built-in ids only (an uploaded scenario travels as text). Today the first made a table whose
    title was listed to everyone, and the errors told which paths exist."""
    secret = tmp_path / "secret.toml"
    secret.write_text(_raid_toml("A SECRET TITLE"))
    (tmp_path / "folder").mkdir()

    def refusal(ref: str) -> str:
        response = client.post(path, json={"scenario": ref})
        assert response.status_code == 400
        return _one_line(response).replace(ref, "REF")
    # Each existing path is refused exactly as a missing one beside it.
    assert refusal(str(secret)) == refusal(str(tmp_path / "nothere.toml"))
    assert refusal(str(tmp_path / "folder")) == refusal(str(tmp_path / "nothing"))
    assert refusal("/etc/passwd") == refusal("/etc/no-such-file")
    assert "no such built-in scenario" in refusal("revolting-behaviour/nope")
    tables = client.get("/api/tables").json()["tables"]
    assert tables == [] and "SECRET" not in client.get("/api/replays").text


def _raid_toml(title: str) -> str:
    """Trench-raid's own TOML under another title: a valid scenario file on the server's disk."""
    spec = get_ruleset("breaking-of-nations")
    assert spec.scenario_package is not None
    text = resources.files(spec.scenario_package).joinpath("trench-raid.toml").read_text(encoding="utf-8")
    return "\n".join(f'title = "{title}"' if line.startswith("title =") else line for line in text.splitlines())


def test_an_uploaded_scenario_still_makes_a_table(client: LiveServer) -> None:
    made = create(client, toml=_raid_toml("Uploaded"), seed=1, seats={"british": "person", "germans": "random"})
    assert made["title"] == "Uploaded" and set(made["tokens"]) == {"british"}
    assert made["bots"] == {"germans": "random"}


# -- the truth of a finished table ---------------------------------------------------------------

def _finished(client: LiveServer) -> tuple[Any, dict[str, Any], dict[str, SeatSocket]]:
    """A Revolting Behaviour! game played to its end: p1 a person, p2 a bot, a person in the chair."""
    made = create(client, scenario=RB, seed=11, umpire="person", seats={"p2": "heuristic"},
                  options={"first_turn_order": "seats"})
    table = client.app.state.room.tables[made["table"]]
    p1, umpire = seat(client, made["tokens"]["p1"]), seat(client, made["tokens"][UMPIRE])
    play_to_the_end(table.game, p1)
    return table, made, {"p1": p1, UMPIRE: umpire}


def _replay(client: LiveServer, **body: Any) -> Any:
    return client.post("/api/replay", json=body)


def test_the_truth_of_a_finished_table_goes_only_to_its_links_and_then_it_cannot_be_reopened(
        client: LiveServer, sqlite_url: str) -> None:
    table, made, s = _finished(client)
    other = create(client, scenario=RB, seed=2)
    truth = {**table.game.view(UMPIRE), "legal_actions": []}
    # No link, a made-up link, another table's link: no truth (today the first was enough).
    for body in ({"table": table.id}, {"table": table.id, "token": "x" * 32},
                 {"table": table.id, "token": other["tokens"]["p1"]}):
        response = _replay(client, **body)
        assert response.status_code == 403 and "view" not in response.json(), response.text
        _one_line(response)
    # The umpire's link: the truth, and the umpire knew it all along (nothing is closed).
    answer = _replay(client, table=table.id, token=made["tokens"][UMPIRE], check=True).json()
    assert answer["seat"] == UMPIRE and answer["view"] == truth and not table.revealed
    # A seat's own sight tells it nothing new; the spectators' link sees what spectators may.
    assert _replay(client, token=made["tokens"]["p1"], seat="p1").json()["view"] == \
        {**table.game.view("p1"), "legal_actions": []}
    watching = _replay(client, token=made["spectator"]).json()
    assert watching["seats"] == [SPECTATOR] and watching["view"] == {**common_view(table.game), "legal_actions": []}
    refused = _replay(client, token=made["spectator"], seat=UMPIRE)
    assert refused.status_code == 403 and "spectator" in _one_line(refused)
    assert not table.revealed
    # A seat's link, the game being over: the truth, and the game is closed for good.
    decisions = list(table.game.decisions)
    answer = _replay(client, table=table.id, token=made["tokens"]["p1"]).json()
    assert answer["seat"] == UMPIRE and answer["view"] == truth and table.revealed
    p1, umpire = s["p1"], s[UMPIRE]
    for socket in (p1, umpire):  # neither a take-back nor the umpire's own undo reopens it
        assert not socket.sync()["can_undo"]
        socket.send({"type": "undo", "version": socket.last["version"]})
        assert "cannot be reopened" in socket.until("refused")["reason"]
    umpire.send({"type": "take_back", "agree": True})
    assert "cannot be reopened" in umpire.until("refused")["reason"]
    assert table.game.decisions == decisions and table.game.is_over()
    # Stored: a restarted server keeps the game closed.
    again = Room(open_store(sqlite_url))
    again.restore()
    assert again.tables[table.id].revealed


def test_granting_spectators_the_truth_closes_the_game_for_good(client: LiveServer) -> None:
    table, _, s = _finished(client)
    umpire = s[UMPIRE]
    umpire.sync()
    assert umpire.last["can_undo"]
    umpire.send({"type": "spectators", "level": "truth"})
    umpire.until("snapshot")
    assert table.revealed and not umpire.last["can_undo"]
    umpire.send({"type": "undo", "version": umpire.last["version"]})
    assert "cannot be reopened" in umpire.until("refused")["reason"]


# -- cross-site requests -------------------------------------------------------------------------

@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded",
                                          "multipart/form-data; boundary=x", None])
def test_a_body_that_is_not_declared_json_is_refused(client: LiveServer, content_type: str | None) -> None:
    """What a form or a no-preflight fetch() of another site's page can send is refused: 415, one line."""
    body = json.dumps({"scenario": RB}).encode()
    for path in ("/api/tables", "/api/army-check", "/api/scenario-check", "/api/replay"):
        headers = {"Content-Type": content_type} if content_type else {}
        response = client.http.post(path, content=body, headers=headers)
        assert response.status_code == 415 and "application/json" in _one_line(response)
    assert client.get("/api/tables").json() == {"tables": []}


def test_another_sites_page_can_neither_post_nor_take_a_seat(client: LiveServer) -> None:
    evil = {"Origin": "http://evil.example", "Content-Type": "application/json"}
    response = client.http.post("/api/tables", content=json.dumps({"scenario": RB}), headers=evil)
    assert response.status_code == 403 and "another site" in _one_line(response)
    assert client.get("/api/tables").json() == {"tables": []}
    own = {"Origin": client.url, "Content-Type": "application/json"}
    made = client.http.post("/api/tables", content=json.dumps({"scenario": RB, "seed": 1}), headers=own).json()
    with connect(f"ws://127.0.0.1:{client.port}/ws", origin="http://evil.example", open_timeout=10) as ws:  # type: ignore[arg-type]
        answer = json.loads(ws.recv(timeout=10))  # refused before it may even say hello
        assert answer["type"] == "error" and "another site" in answer["reason"]
        with pytest.raises(ConnectionClosed):
            ws.send(json.dumps({"type": "hello", "token": made["tokens"]["p1"]}))
            ws.recv(timeout=10)
    with connect(f"ws://127.0.0.1:{client.port}/ws", origin=client.url, open_timeout=10) as ws:  # type: ignore[arg-type]
        ws.send(json.dumps({"type": "hello", "token": made["tokens"]["p1"]}))
        assert json.loads(ws.recv(timeout=10))["type"] == "snapshot"


def test_an_allowed_origin_may_post(sqlite_url: str) -> None:
    server = LiveServer(build_app(open_store(sqlite_url), Limits(allowed_origins=("https://club.example",))))
    try:
        headers = {"Origin": "https://club.example", "Content-Type": "application/json"}
        assert server.http.post("/api/tables", content=json.dumps({"scenario": RB}), headers=headers).status_code == 201
    finally:
        server.stop()


@pytest.mark.parametrize("path", ["/", "/table", "/replay", "/api/scenarios", "/static/lobby.js",
                                  "/static/style.css", "/api/nothing"])
def test_every_answer_carries_a_content_security_policy(client: LiveServer, path: str) -> None:
    headers = client.get(path).headers
    policy = headers["content-security-policy"]
    assert "frame-ancestors 'none'" in policy and "script-src 'self'" in policy and "style-src 'self'" in policy
    assert "'unsafe-inline'" not in policy and headers["x-frame-options"] == "DENY"
    assert headers["x-content-type-options"] == "nosniff"


def _server(sqlite_url: str, limits: Limits) -> Iterator[LiveServer]:
    server = LiveServer(build_app(open_store(sqlite_url), limits))
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def rate_limited(sqlite_url: str) -> Iterator[LiveServer]:
    yield from _server(sqlite_url, Limits(tables_per_minute=3))


@pytest.fixture
def two_open_tables(sqlite_url: str) -> Iterator[LiveServer]:
    yield from _server(sqlite_url, Limits(tables_per_minute=0, max_open_tables=2))


def test_one_client_makes_only_so_many_tables_a_minute(rate_limited: LiveServer) -> None:
    for _ in range(3):
        create(rate_limited, scenario=RB)
    response = rate_limited.post("/api/tables", json={"scenario": RB})
    assert response.status_code == 429 and 1 <= int(response.headers["retry-after"]) <= 60
    assert "at most 3 a minute" in _one_line(response)
    assert len(rate_limited.get("/api/tables").json()["tables"]) == 3


def test_the_server_keeps_only_so_many_open_tables(two_open_tables: LiveServer) -> None:
    server = two_open_tables
    create(server, scenario=RB)
    bots = create(server, scenario=RB, seed=3, seats={"p1": "heuristic", "p2": "random"})
    game = server.app.state.room.tables[bots["table"]].game
    deadline = time.monotonic() + 60
    while not game.is_over() and time.monotonic() < deadline:
        time.sleep(0.05)
    create(server, scenario=RB)  # the bots' game is over: it no longer counts
    response = server.post("/api/tables", json={"scenario": RB})
    assert response.status_code == 503 and "at most 2 tables in play" in _one_line(response)
    assert "retry-after" in response.headers and len(server.app.state.room.tables) == 3


# -- hostile bodies ------------------------------------------------------------------------------

DEEP = "[" * 5000 + "]" * 5000


@pytest.mark.parametrize(("path", "body"), [
    ("/api/tables", DEEP),
    ("/api/tables", json.dumps({"scenario": RB, "options": {"x": "PLACE"}}).replace('"PLACE"', DEEP)),
    ("/api/army-check", json.dumps({"scenario": RAID, "army": "PLACE"}).replace('"PLACE"', DEEP)),
    ("/api/replay", json.dumps({"log": "PLACE"}).replace('"PLACE"', DEEP)),
    ("/api/replay", DEEP),
    ("/api/scenario-check", json.dumps({"toml": "x = " + "[" * 5000 + "]" * 5000})),
    ("/api/scenario-check", json.dumps({"toml": "x = " + "{a = " * 3000 + "1" + "}" * 3000})),
    ("/api/tables", json.dumps({"seed": "PLACE", "scenario": RB}).replace('"PLACE"', "1" * 5000)),
    ("/api/tables", json.dumps({"seed": "PLACE", "scenario": RB}).replace('"PLACE"', "1e999")),
], ids=["tables-deep", "tables-deep-option", "army-deep", "replay-deep-log", "replay-deep", "toml-deep-array",
        "toml-deep-table", "tables-huge-int", "tables-infinite"])
def test_deep_or_huge_bodies_get_a_4xx_with_one_line(client: LiveServer, path: str, body: str) -> None:
    response = client.post(path, content=body, headers={"Content-Type": "application/json"})
    assert 400 <= response.status_code < 500, response.text
    _one_line(response)


@pytest.mark.parametrize("bad", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_a_non_finite_number_in_any_unit_field_of_an_army_gets_a_4xx_with_one_line(client: LiveServer,
                                                                                      bad: str) -> None:
    scenario = find_scenario(RAID)
    armies = get_ruleset(scenario.ruleset).armies
    assert armies is not None
    army = scenario.data["setup"][armies.key]
    for field in sorted({key for entry in army for key in entry}):
        changed = copy.deepcopy(army)
        changed[0][field] = "PLACE"
        body = json.dumps({"scenario": RAID, "army": changed}).replace('"PLACE"', bad)
        response = client.post("/api/army-check", content=body, headers={"Content-Type": "application/json"})
        assert response.status_code == 400, (field, response.text)
        assert "finite" in _one_line(response)


@pytest.mark.parametrize(("path", "limit"), [("/api/tables", 256), ("/api/army-check", 256),
                                             ("/api/scenario-check", 256), ("/api/replay", 16 * 1024 + 256)])
def test_every_post_caps_its_body(client: LiveServer, path: str, limit: int) -> None:
    response = client.post(path, content=b" " * (limit * 1024 + 1), headers={"Content-Type": "application/json"})
    assert response.status_code == 413 and "too large" in _one_line(response)


# -- hostile websocket frames --------------------------------------------------------------------

@pytest.mark.parametrize("frame", [
    "[" * 10_000,  # 10 KB of nested brackets: a RecursionError today, and the socket dropped
    "[" * 5000 + "]" * 5000,
    json.dumps({"type": "act", "action": "pass", "version": "PLACE"}).replace('"PLACE"', "[" * 3000 + "]" * 3000),
    json.dumps({"type": "sight", "a": [0, 0], "b": [0, "PLACE"]}).replace('"PLACE"', "NaN"),
    b"\x00\x01\x02 binary",  # a binary frame: KeyError 'text' today, and the socket dropped
    json.dumps({"type": "refresh"}).encode(),  # even JSON, in a binary frame
], ids=["10kb-brackets", "deep-array", "deep-field", "nan", "binary", "binary-json"])
def test_a_hostile_frame_gets_one_line_and_the_seat_stays_connected(
        client: LiveServer, frame: str | bytes, capfd: pytest.CaptureFixture[str],
        caplog: pytest.LogCaptureFixture) -> None:
    made = create(client, scenario=RB, seed=1, options={"first_turn_order": "seats"})
    table = client.app.state.room.tables[made["table"]]
    p1 = seat(client, made["tokens"]["p1"])
    p1.sync()
    before = list(table.game.log.lines())
    with caplog.at_level(logging.ERROR):
        p1.ws.send(frame)
        answer = p1.next()
        assert answer["type"] == "error" and "\n" not in answer["reason"], answer
        # Still connected: the seat is answered, and can play on.
        assert p1.sync()["view"]["legal_actions"]
        p1.act(p1.last["view"]["legal_actions"][0]["id"])
        assert p1.until("update")
    assert list(table.game.log.lines())[:len(before)] == before
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert "Traceback" not in capfd.readouterr().err


def test_a_binary_or_deep_hello_is_refused_with_the_hello_line(client: LiveServer,
                                                              capfd: pytest.CaptureFixture[str]) -> None:
    for first in (b"\x00binary", "[" * 10_000, json.dumps({"type": "hello", "token": "PLACE"}).replace(
            '"PLACE"', "[" * 3000 + "]" * 3000)):
        with client.socket() as ws:
            ws.send(first)
            assert "hello" in json.loads(ws.recv(timeout=10))["reason"]
    assert "Traceback" not in capfd.readouterr().err
