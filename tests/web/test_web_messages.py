"""Messages at the web table (``say`` over the websocket, ``Game.say``): stored as decisions, sent only
to the seats that may receive them, refused with the rule's reason; the umpire's hold and advance."""

from __future__ import annotations

import json
from typing import Any

from riotact.core import UMPIRE
from riotact.web.app import build_app
from riotact.web.store import open_store
from web_support import LiveServer, create, seat


def game_of(client: LiveServer, table_id: str) -> Any:
    return client.app.state.room.tables[table_id].game


def test_table_talk_reaches_its_seat_only_and_is_stored(sqlite_url: str) -> None:
    server = LiveServer(build_app(open_store(sqlite_url)))
    try:
        made = create(server, scenario="revolting-behaviour/four-players", seed=3)
        sockets = {name: seat(server, token) for name, token in made["tokens"].items()}
        for socket in sockets.values():
            socket.sync()
        counts = {name: len(s.received) for name, s in sockets.items()}
        sockets["p1"].send({"type": "say", "to": "p3", "text": "Leave p2 to me."})
        assert sockets["p3"].until("update")["log"][-1]["text"] == "p1 to p3: Leave p2 to me."
        for name in ("p2", "p4"):  # nothing came: not even an update
            sockets[name].sync()
            assert [json.loads(t)["type"] for t in sockets[name].received[counts[name]:]] == ["snapshot"]
            assert "Leave p2" not in "".join(sockets[name].received)
        for socket in sockets.values():
            socket.close()
    finally:
        server.stop()
    again = LiveServer(build_app(open_store(sqlite_url)))  # the message is part of the stored record
    try:
        assert game_of(again, made["table"]).log_for("p3")[-1]["text"] == "p1 to p3: Leave p2 to me."
    finally:
        again.stop()


def test_a_message_the_rules_do_not_allow_is_refused_in_one_line(client: LiveServer) -> None:
    made = create(client, scenario="public-participation/picket-line", seed=2)  # PP-07: no table talk
    pickets = seat(client, made["tokens"]["pickets"])
    pickets.send({"type": "say", "to": "company", "text": "Let us through."})
    refusal = pickets.until("refused")
    assert "table_talk is off" in refusal["reason"] and "\n" not in refusal["reason"]
    pickets.send({"type": "say", "to": "company", "text": "x" * 1001})
    assert "at most 1000" in pickets.until("error")["reason"]
    assert not game_of(client, made["table"]).decisions


def test_cd08_a_conversation_from_the_message_box_is_the_players_action(client: LiveServer) -> None:
    made = create(client, scenario="civil-disorder/night-of-fires", umpire="person", seed=3)
    commander, fire = seat(client, made["tokens"]["commander"]), seat(client, made["tokens"]["fire"])
    commander.send({"type": "say", "to": "fire", "text": "Hold the bridge."})
    assert commander.sync()["view"]["state"]["phase"] == "walk"  # the action is spent
    assert game_of(client, made["table"]).decisions == [("commander", "talk:fire:Hold the bridge.")]
    fire.sync()
    assert "Hold the bridge" not in "".join(fire.received)  # heard in step 5, not before


def test_the_umpire_holds_and_advances_at_the_console(client: LiveServer) -> None:
    made = create(client, scenario="by-will-alone/ministry-sit-in", umpire="person", seed=3,
                  seats={"nonviolent": "person", "authority": "heuristic"})
    umpire, nonviolent = seat(client, made["tokens"][UMPIRE]), seat(client, made["tokens"]["nonviolent"])
    assert {"hold", "advance"} <= {p["name"] for p in umpire.sync()["umpire_powers"]}
    umpire.send({"type": "intervene", "power": "hold", "args": {"at": "now"}, "version": umpire.last["version"]})
    held = umpire.until("update")
    assert held["view"]["to_act"] == [UMPIRE]
    assert [a["text"] for a in held["view"]["legal_actions"]] == ["let the game go on (advance)"]
    nonviolent.sync()
    assert nonviolent.last["view"]["legal_actions"] == []
    umpire.act(held["view"]["legal_actions"][0]["id"])
    assert umpire.until("update")["view"]["to_act"] != [UMPIRE]
    assert nonviolent.sync()["view"]["legal_actions"]
