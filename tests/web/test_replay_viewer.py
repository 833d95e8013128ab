"""The replay viewer's API: a finished table of the server or an uploaded saved game (``riotact play
--save``), step by step as a seat, the umpire or a spectator saw it; bad uploads get one line."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from riotact.core import UMPIRE, Game, read_log, replay
from riotact.core.spectators import SPECTATOR, common_log, common_view
from support import riotact
from web_support import LiveServer, create


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A whole By Will Alone game saved by the terminal, bots on both sides."""
    path = tmp_path_factory.mktemp("saved") / "bwa.jsonl"
    done = riotact("play", "by-will-alone/ministry-sit-in", "--seat", "nonviolent=heuristic",
                   "--seat", "authority=random", "--seed", "4", "--save", str(path))
    assert done.returncode == 0, done.stderr
    return path


def ask(client: LiveServer, **body: Any) -> tuple[int, dict[str, Any]]:
    response = client.post("/api/replay", json=body)
    return response.status_code, response.json()


def test_a_saved_game_replays_as_each_seat_the_umpire_and_a_spectator(client: LiveServer, saved: Path) -> None:
    text = saved.read_text()
    header, events = read_log(saved)
    game = replay(header, events)
    assert game.is_over()
    for who in ("nonviolent", "authority", UMPIRE, SPECTATOR):
        status, end = ask(client, log=text, seat=who, check=True)
        assert status == 200, end
        assert end["step"] == end["steps"] - 1 and len(end["turns"]) == end["steps"]
        if who == SPECTATOR:
            assert end["view"] == common_view(game) and end["log"] == common_log(game)
        else:
            assert end["view"] == {**game.view(who), "legal_actions": []} and end["log"] == game.log_for(who)
        status, start = ask(client, log=text, seat=who, step=0)
        assert start["step"] == 0 and start["view"]["turn"] <= end["view"]["turn"] and not start["view"]["result"]
        assert set(end["seats"]) == {"nonviolent", "authority", UMPIRE, SPECTATOR}
    # The umpire's replay has a step per decision; a seat's only the decisions it saw (secret orders).
    _, umpire = ask(client, log=text, seat=UMPIRE, step=0)
    _, authority = ask(client, log=text, seat="authority", step=0)
    assert umpire["steps"] == len(game.decisions) + 1 >= authority["steps"]
    # Turn by turn: the step list says the turn after each step, never going back.
    assert umpire["turns"] == sorted(umpire["turns"]) and umpire["turns"][-1] == game.view(UMPIRE)["turn"]


def _tamper(text: str) -> str:
    """The saved game with one decision changed to another legal-looking one (the replay notices)."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        event = json.loads(line)
        if event.get("kind") == "decision" and i > 5:
            event["action"] = "no-such-action"
            lines[i] = json.dumps(event)
            break
    return "\n".join(lines)


@pytest.mark.parametrize(("make", "problem"), [
    (lambda text: "not json at all", "line 1: not JSON"),
    (lambda text: "\n".join(text.splitlines()[1:]), "line 1 must be the 'game' header"),
    (lambda text: text.replace('"seq":3,', '"seq":7,', 1), "seq should be 3"),
    (_tamper, "does not replay"),
    (lambda text: text.splitlines()[0] + "\n" + json.dumps({"seq": 0, "kind": "decision"}), "the uploaded log"),
    (lambda text: text.replace('"version":1', '"version":99', 1), "log format version"),
    (lambda text: "[1, 2]", "not a JSON object"),
])
def test_a_malformed_upload_gets_one_line(client: LiveServer, saved: Path, make: Any, problem: str) -> None:
    status, answer = ask(client, log=make(saved.read_text()), check=True)
    assert status == 400 and problem in answer["error"], answer
    assert "\n" not in answer["error"] and "Traceback" not in answer["error"]


@pytest.mark.parametrize(("body", "problem"), [
    ({}, "either a finished table"),
    ({"table": "abc", "log": "x"}, "either a finished table"),
    ({"table": "nope"}, "give its token"),
    ({"table": "nope", "token": "x" * 32}, "not one of that table's"),
    ({"log": "{}", "seat": "x" * 300}, "seat"),
    ({"log": "{}", "step": -1}, "step"),
])
def test_bad_replay_requests_get_one_line(client: LiveServer, body: dict[str, Any], problem: str) -> None:
    status, answer = ask(client, **body)
    assert status in (400, 403) and problem in answer["error"], answer


def test_a_seat_nobody_had_is_refused(client: LiveServer, saved: Path) -> None:
    status, answer = ask(client, log=saved.read_text(), seat="p7")
    assert status == 400 and "replay as one of nonviolent, authority, umpire, spectator" in answer["error"]


def test_a_finished_table_replays_and_a_running_one_does_not(client: LiveServer) -> None:
    running = create(client, scenario="revolting-behaviour/first-game", seed=2)
    status, answer = ask(client, table=running["table"], token=running["tokens"]["p1"])
    assert status == 400 and "still being played" in answer["error"]
    finished = create(client, scenario="revolting-behaviour/first-game", seed=3, umpire="person",
                      seats={"p1": "heuristic", "p2": "random"})
    game: Game = client.app.state.room.tables[finished["table"]].game
    deadline = time.monotonic() + 60
    while not game.is_over() and time.monotonic() < deadline:
        time.sleep(0.05)
    listed = client.get("/api/replays").json()["tables"]
    assert [t["id"] for t in listed] == [finished["table"]]
    status, end = ask(client, table=finished["table"], token=finished["tokens"][UMPIRE], seat="p2", check=True)
    assert status == 200 and end["view"] == {**game.view("p2"), "legal_actions": []}
    assert end["log"] == game.log_for("p2") and end["view"]["result"]
