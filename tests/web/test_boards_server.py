"""The server's part of the boards of the tables in inches: the ``sight`` message (built from the seat's
view alone: two games differing only in a hidden fact give the same answer), coordinate moves made by
clicking the board, and the army builder's check and tables made with the edited list."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from riotact.core import find_scenario
from web_support import LiveServer, create, seat

RAID = "breaking-of-nations/trench-raid"


def raid_army(german_at: list[float]) -> list[dict[str, Any]]:
    units = copy.deepcopy(find_scenario(RAID).data["setup"]["units"])
    hidden = next(u for u in units if u["id"] == "g")
    assert hidden.get("hidden")
    hidden["at"] = german_at
    return list(units)


def test_sight_tells_a_seat_nothing_of_a_hidden_unit(client: LiveServer) -> None:
    """BON-002 house rule: the British ask for sight across the ground where a hidden German squad stands,
    in two games that differ only in where it stands: the answers are the same, byte for byte."""
    answers, views = [], []
    for at in ([12, 26.5], [26, 26.5]):
        made = create(client, scenario=RAID, seed=4, army=raid_army(at),
                      seats={"british": "person", "germans": "person"})
        british = seat(client, made["tokens"]["british"])
        views.append(british.last["view"]["state"])
        british.send({"type": "sight", "a": [12, 5], "b": [12, 26.5]})
        answers.append(british.until("sight"))
        british.close()
    assert answers[0] == answers[1]
    assert answers[0]["clear"] and answers[0]["cover"] == "the German front trench, CV 12 (BON-100)"
    assert "g" not in {u["id"] for u in views[0]["units"]} and views[0] == views[1]


def test_sight_needs_a_table_in_inches(client: LiveServer) -> None:
    made = create(client, scenario="revolting-behaviour/first-game", seed=1)
    p1 = seat(client, made["tokens"]["p1"])
    p1.send({"type": "sight", "a": [0, 0], "b": [1, 1]})
    answer = p1.until("refused")
    assert answer["reason"] == "Revolting Behaviour! has no table in inches to sight across"


@pytest.mark.parametrize("message", [
    {"type": "sight", "a": [0, 0, 0], "b": [1, 1]},
    {"type": "sight", "a": "here", "b": [1, 1]},
    {"type": "sight", "a": [1e9, 0], "b": [1, 1]},
    {"type": "sight", "a": [0, 0], "b": [1, 1], "peek": "umpire"},
    {"type": "sight", "a": [0, 0]},
])
def test_malformed_sight_requests_get_one_line(client: LiveServer, message: dict[str, Any]) -> None:
    made = create(client, scenario=RAID, seed=1, seats={"british": "person", "germans": "person"})
    british = seat(client, made["tokens"]["british"])
    british.send(message)
    answer = british.until("error")
    assert "\n" not in answer["reason"] and "Traceback" not in answer["reason"]
    british.ws.send('{"type": "sight", "a": [NaN, 0], "b": [1, 1]}')
    assert "finite" in british.until("error")["reason"]


def test_a_click_on_the_board_moves_a_character_and_a_refusal_says_why(client: LiveServer) -> None:
    """PP-03: a point out of reach is refused with the engine's reason; a point in reach, not one of the
    menu's, is a legal move (State.parse_action)."""
    made = create(client, scenario="public-participation/town-meeting", seed=2,
                  seats={"council": "person", "millhands": "person"})
    council = seat(client, made["tokens"]["council"])
    assert council.last["view"]["to_act"] == ["council"]
    council.act("move:M2:35.0,1.0")
    refused = council.until("refused")
    assert "out of reach: 25.9\"" in refused["reason"] and refused["reason"].endswith("this move (PP-03)")
    council.act("move:M1:11.3,15.7")
    update = council.until("update")
    mayor = next(c for c in update["view"]["state"]["characters"] if c["id"] == "M1")
    assert (mayor["x"], mayor["y"]) == (11.3, 15.7)


def test_the_army_check_prices_and_checks_as_one_edits(client: LiveServer) -> None:
    """BON-010, BON-044: the lobby's builder sends the list after each change; the engine answers."""
    own = client.post("/api/army-check", json={"scenario": RAID}).json()
    assert own["ok"] and own["totals"] == {"british": 76, "germans": 49} and len(own["army"]) == 5
    army = raid_army([12, 26.5])
    army[0]["soldiers"] = 8
    short = client.post("/api/army-check", json={"scenario": RAID, "army": army}).json()
    assert not short["ok"] and "(BON-044)" in short["problems"][0]
    none = client.post("/api/army-check", json={"scenario": "public-participation/town-meeting"})
    assert none.status_code == 400 and none.json()["error"].endswith("has no army lists to build")
    assert client.post("/api/army-check", json={"scenario": RAID, "army": "x"}).status_code == 400
    town = client.post("/api/tables", json={"scenario": "public-participation/town-meeting", "army": []})
    assert town.status_code == 400
    assert town.json()["error"] == "army: 2015 Public Participation has no army lists to build"


def test_a_table_is_made_with_the_builders_list_or_refused_by_field(client: LiveServer) -> None:
    army = raid_army([12, 26.5])
    army[1]["name"] = "The Bombers"
    made = create(client, scenario=RAID, seed=3, army=army, seats={"british": "person", "germans": "person"})
    british = seat(client, made["tokens"]["british"])
    assert "The Bombers" in {u["name"] for u in british.last["view"]["state"]["units"]}
    army[1]["specialists"] = [{"kind": "lmg"}, {"kind": "lft"}, {"kind": "medic"}]
    refused = client.post("/api/tables", json={"scenario": RAID, "army": army})
    assert refused.status_code == 400 and refused.json()["field"] == "setup"
    assert "(BON-045)" in refused.json()["error"]
    assert json.dumps(client.get("/api/tables").json()).count("Trench raid") == 1
