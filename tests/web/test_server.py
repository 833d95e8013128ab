"""The web table over its websocket: whole games, seats that cannot see or act for each other,
refusals to the acting seat only, stale views, manual dice, undo, and bad input that changes nothing."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from riotact.core import UMPIRE, Action
from riotact.core.odds import action_odds
from riotact.rulesets import get_ruleset
from riotact.web.app import build_app
from riotact.web.room import Room
from riotact.web.store import open_store
from web_support import LiveServer, create, seat

ALLOWED_KEYS = {"type", "seat", "version", "view", "log_from", "log", "seats", "manual_dice", "can_undo", "table",
                "odds"}  # the odds beside the options, from the view alone (core/odds.py action_odds)


def game_of(client: LiveServer, table_id: str) -> Any:
    return client.app.state.room.tables[table_id].game


def test_a_whole_revolting_behaviour_game_against_a_bot(client: LiveServer) -> None:
    made = create(client, scenario="revolting-behaviour/first-game", seats={"p2": "heuristic"}, seed=11)
    p1 = seat(client, made["tokens"]["p1"])
    assert set(made["tokens"]) == {"p1"}  # a bot seat and riotact's umpire chair get no invitation
    # p1 plays as a sensible person would, choosing from what the page shows (its view and actions).
    person = get_ruleset("revolting-behaviour").heuristic_bot("p1", random.Random(1))  # type: ignore[misc]
    decisions, acted_on = 0, ""
    while not p1.last["view"]["result"]:
        legal = p1.last["view"]["legal_actions"]
        if legal and p1.last["version"] != acted_on:  # one decision per view
            acted_on = p1.last["version"]
            p1.act(person.choose(p1.last["view"], [Action(**a) for a in legal]))
            decisions += 1
        message = p1.next()
        assert message["type"] in ("update", "snapshot"), message
    game = game_of(client, made["table"])
    assert game.is_over() and decisions > 5
    assert p1.last["view"] == game.view("p1")
    log = [event for text in p1.received for event in json.loads(text).get("log", [])]
    assert log == game.log_for("p1")  # the seat's log, sent in pieces, is its whole filtered log
    p1.close()


def test_every_message_is_built_from_the_seats_view_and_log_only(client: LiveServer) -> None:
    made = create(client, scenario="by-will-alone/ministry-sit-in", seed=3)
    nonviolent = seat(client, made["tokens"]["nonviolent"])
    game = game_of(client, made["table"])
    snapshot = nonviolent.last
    assert set(snapshot) <= ALLOWED_KEYS
    assert snapshot["view"] == game.view("nonviolent")
    assert snapshot["log"] == game.log_for("nonviolent")
    assert snapshot["odds"] == {k: c.as_dict() for k, c in action_odds(game, "nonviolent", snapshot["view"]).items()}
    text = "".join(nonviolent.received)
    for secret in ("scenario_data", "\"seed\"", "\"decisions\"", "\"header\"", "\"_undo", "initial"):
        assert secret not in text
    nonviolent.close()


def test_a_seat_token_cannot_read_or_act_for_another_seat(client: LiveServer) -> None:
    made = create(client, scenario="by-will-alone/ministry-sit-in", seed=3)
    game = game_of(client, made["table"])
    authority = seat(client, made["tokens"]["authority"])
    nonviolent = seat(client, made["tokens"]["nonviolent"])
    assert authority.last["view"] == game.view("authority") != game.view("nonviolent")
    # The authority's token, offered one of the nonviolent side's legal actions, acts as the authority only.
    wanted = nonviolent.last["view"]["legal_actions"][0]["id"]
    authority.sync()
    authority.act(wanted)
    refusal = authority.until("refused")
    assert refusal["reason"].startswith("authority cannot")
    assert not game.decisions
    # A made-up or another table's token reads nothing.
    with client.socket() as ws:
        ws.send(json.dumps({"type": "hello", "token": "not-a-real-token-at-all"}))
        assert json.loads(ws.recv(timeout=10)) == {
            "type": "error", "reason": "this invitation is not valid (no table has that seat token)"}
    authority.close()
    nonviolent.close()


def test_a_refusal_goes_to_the_acting_seat_only_with_the_reason(client: LiveServer) -> None:
    made = create(client, scenario="revolting-behaviour/first-game", seed=2,
                  options={"first_turn_order": "seats"})
    p1, p2 = seat(client, made["tokens"]["p1"]), seat(client, made["tokens"]["p2"])
    p1.sync()
    p2.sync()
    p2.act("pass")  # p1 decides first (seat order)
    assert p2.until("refused")["reason"] == "p2 cannot 'pass': it is p1's decision now, not p2's"
    assert all(json.loads(t)["type"] != "refused" for t in p1.received)
    p1.sync()
    assert all(json.loads(t)["type"] != "refused" for t in p1.received)
    p1.close()
    p2.close()


def test_an_action_on_a_stale_view_gets_a_fresh_view_not_silence(client: LiveServer) -> None:
    made = create(client, scenario="revolting-behaviour/first-game", seed=2,
                  options={"first_turn_order": "seats"})
    p1 = seat(client, made["tokens"]["p1"])
    old = p1.sync()["version"]
    p1.act("D-mild")
    p1.until("update")
    p1.act("draw", version=old)
    assert "moved on" in p1.until("stale")["reason"]
    fresh = p1.expect("snapshot")
    assert fresh["version"] != old and fresh["view"]["state"]["attempt"]["suit"] == "D"
    assert len(game_of(client, made["table"]).decisions) == 1
    p1.close()


def test_undo_follows_the_cores_take_back_rule(client: LiveServer) -> None:
    """A decision can be taken back while nothing new has been seen since (the core's take-back rule)."""
    made = create(client, scenario="revolting-behaviour/first-game", seats={"p2": "random"}, seed=4,
                  options={"first_turn_order": "seats"})
    p1 = seat(client, made["tokens"]["p1"])
    game = game_of(client, made["table"])
    p1.sync()
    p1.act("D-mild")
    assert p1.until("update")["can_undo"]
    p1.send({"type": "undo", "version": p1.last["version"]})
    back = p1.until("snapshot")
    assert back["log_from"] == 0 and back["view"] == game.view("p1") and not game.decisions


BAD_MESSAGES = [
    "not json",
    "[]",
    json.dumps({"type": "launch-missiles"}),
    json.dumps({"type": "act"}),
    json.dumps({"type": "act", "action": "pass", "version": "x", "seat": "p2"}),
    json.dumps({"type": "act", "action": "pass", "version": "x", "faces": [1] * 5000}),
    json.dumps({"type": "act", "action": "x" * 20_000, "version": "x"}),
    json.dumps({"type": "bot_dice", "faces": [3]}),
]


@pytest.mark.parametrize("text", BAD_MESSAGES)
def test_hostile_websocket_messages_get_one_line_errors_and_change_nothing(client: LiveServer, text: str) -> None:
    made = create(client, scenario="revolting-behaviour/first-game", seed=1,
                  options={"first_turn_order": "seats"})
    p1 = seat(client, made["tokens"]["p1"])
    p1.sync()
    before = list(game_of(client, made["table"]).log.lines())
    p1.ws.send(text)
    answer = p1.next()
    assert answer["type"] in ("error", "refused", "stale") and "\n" not in answer.get("reason", "")
    assert "Traceback" not in answer.get("reason", "")
    assert list(game_of(client, made["table"]).log.lines()) == before
    p1.close()


def test_a_websocket_without_a_hello_is_closed_with_a_reason(client: LiveServer) -> None:
    with client.socket() as ws:
        ws.send("{\"type\": \"act\"}")
        assert "hello" in json.loads(ws.recv(timeout=10))["reason"]


@pytest.mark.parametrize(("body", "problem"), [
    (b"{not json", "not valid JSON"),
    (json.dumps({"scenario": "revolting-behaviour/first-game", "bogus": 1}).encode(), "bogus"),
    (json.dumps({"scenario": "revolting-behaviour/nope"}).encode(), "no such built-in scenario"),
    (json.dumps({"scenario": "revolting-behaviour/first-game", "seats": {"p9": "person"}}).encode(), "no seat 'p9'"),
    (json.dumps({"scenario": "revolting-behaviour/first-game", "seats": {"p2": "oracle"}}).encode(), "seats.p2"),
    (json.dumps({"scenario": "revolting-behaviour/first-game", "options": {"jokers": 1}}).encode(), "no house rule"),
    (json.dumps({"scenario": "revolting-behaviour/first-game", "options": {"reward_mild": 10**9}}).encode(),
     "'reward_mild' (RB-13) must be from 0 to 1000000"),
    (json.dumps({"scenario": "revolting-behaviour/first-game", "seed": -1}).encode(), "seed"),
    (json.dumps({"toml": "ruleset = 'revolting-behaviour'"}).encode(), "field required"),
    (b"x" * 300_000, "too large"),
])
def test_bad_lobby_requests_get_a_clear_error_and_make_no_table(client: LiveServer, body: bytes,
                                                                problem: str) -> None:
    response = client.post("/api/tables", content=body, headers={"Content-Type": "application/json"})
    assert response.status_code in (400, 413)
    assert problem.lower() in response.json()["error"].lower()
    assert client.get("/api/tables").json() == {"tables": []}


def test_an_uploaded_scenario_is_checked_and_its_errors_name_the_field(client: LiveServer) -> None:
    good = ('ruleset = "revolting-behaviour"\nid = "mine"\ntitle = "Mine"\nseats = ["a", "b", "c"]\n'
            '[setup]\ncause_cards = 6\n')
    summary = client.post("/api/scenario-check", json={"toml": good}).json()
    assert summary["seats"] == ["a", "b", "c"] and summary["title"] == "Mine"
    bad = client.post("/api/scenario-check", json={"toml": good.replace("6", "0")}).json()
    assert bad["field"] == "setup.cause_cards"
    assert "not valid TOML" in client.post("/api/scenario-check", json={"toml": "x = ["}).json()["error"]
    made = create(client, toml=good, seats={"b": "random", "c": "heuristic"}, seed=5)
    assert set(made["tokens"]) == {"a"}


def test_manual_dice_are_typed_by_the_seat_that_rolls(client: LiveServer, dice_race: Any,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    import riotact.web.app as web_app

    monkeypatch.setattr(web_app, "get_ruleset", __import__("riotact.rulesets").rulesets.get_ruleset)
    toml = 'ruleset = "dice-race"\nid = "race"\ntitle = "race"\nseats = ["p1", "p2"]\n'
    made = create(client, toml=toml, dice="manual", seed=1)
    p1 = seat(client, made["tokens"]["p1"])
    p1.sync()
    p1.act("roll")
    need = p1.until("dice_needed")
    assert (need["n"], need["sides"], need["faces"]) == (1, 6, [])
    p1.act("roll", faces=[7])
    assert "not a face of a D6" in p1.until("refused")["reason"]
    p1.act("roll", faces=[5])
    update = p1.until("update")
    assert update["view"]["state"]["scores"]["p1"] == 5
    roll = next(e for e in update["log"] if e["kind"] == "roll")
    assert roll["dice"] == [5] and roll["rule"] == "DR-01"
    p1.close()


def test_the_umpire_sees_the_truth_and_every_seat_and_a_person_can_take_cds_chair(client: LiveServer) -> None:
    made = create(client, scenario="civil-disorder/embassy-protest", umpire="person", seed=9)
    assert set(made["tokens"]) == {"commander", "sub1", UMPIRE}
    game = game_of(client, made["table"])
    assert UMPIRE in game.seats  # CD-03: the person in the chair decides as the umpire
    umpire = seat(client, made["tokens"][UMPIRE])
    assert umpire.last["view"] == game.view(UMPIRE)
    assert set(umpire.last["seat_views"]) == {"commander", "sub1"}
    commander = seat(client, made["tokens"]["commander"])
    assert "seat_views" not in commander.last
    umpire.close()
    commander.close()


def test_manual_dice_of_a_bot_are_typed_at_the_umpires_console_and_need_a_person_there(
        client: LiveServer) -> None:
    response = client.post("/api/tables", json={"scenario": "by-will-alone/ministry-sit-in", "dice": "manual",
                                                 "seats": {"authority": "heuristic"}})
    assert response.status_code == 400 and "umpire" in response.json()["error"]


def test_simultaneous_decisions_are_taken_one_by_one_as_they_come(client: LiveServer) -> None:
    """Civil Disorder's players decide at the same time (CD-02 sequence): the commander's decision does not
    make sub1's action, made on a view the commander's decision did not change, stale."""
    made = create(client, scenario="civil-disorder/embassy-protest", seed=9)
    commander, sub1 = seat(client, made["tokens"]["commander"]), seat(client, made["tokens"]["sub1"])
    commander.sync()
    before = sub1.sync()
    assert before["view"]["to_act"] == ["commander", "sub1"]
    commander.act(commander.last["view"]["legal_actions"][0]["id"])
    commander.until("update")
    sub1.act(before["view"]["legal_actions"][0]["id"], version=before["version"])
    answer = sub1.next()
    while answer["type"] == "update" and not any(e["kind"] == "decision" and e.get("seat") == "sub1"
                                                 for e in answer["log"]):
        answer = sub1.next()
    assert answer["type"] == "update"
    assert [s for s, _ in game_of(client, made["table"]).decisions] == ["commander", "sub1"]


def test_a_seat_is_not_told_when_others_make_decisions_it_cannot_see(client: LiveServer) -> None:
    """By Will Alone's orders are secret until carried out: the other side gets no message for a decision
    that changes nothing it may see (else it could count the secret orders), and one for every one that does."""
    made = create(client, scenario="by-will-alone/ministry-sit-in", seed=4)
    game = game_of(client, made["table"])
    sockets = {name: seat(client, token) for name, token in made["tokens"].items()}
    for socket in sockets.values():
        socket.sync()
    rng, silent, told = random.Random(4), 0, 0
    for _ in range(60):
        if not game.to_act():
            break
        actor = game.to_act()[0]
        other = next(s for s in sockets if s != actor)
        before = (json.dumps(game.view(other)), len(game.log_for(other)))
        legal = sockets[actor].last["view"]["legal_actions"]
        sockets[actor].act(legal[int(rng.random() * len(legal))]["id"])
        sockets[actor].sync()
        changed = before != (json.dumps(game.view(other)), len(game.log_for(other)))
        count = len(sockets[other].received)
        sockets[other].sync()
        updates = [json.loads(t)["type"] for t in sockets[other].received[count:]].count("update")
        assert updates == (1 if changed else 0), (changed, actor, sockets[other].received[count:][:1])
        silent, told = silent + (not changed), told + changed
    assert silent and told  # both kinds of decision happened


def test_replay_shows_the_game_as_the_seat_saw_it_step_by_step(client: LiveServer) -> None:
    made = create(client, scenario="by-will-alone/ministry-sit-in", seats={"authority": "heuristic"}, seed=6)
    nonviolent = seat(client, made["tokens"]["nonviolent"])
    game = game_of(client, made["table"])
    views = [nonviolent.sync()["view"]]
    for _ in range(4):
        nonviolent.act(nonviolent.last["view"]["legal_actions"][0]["id"])
        views.append(nonviolent.until("update")["view"])
    nonviolent.send({"type": "replay", "step": 0})
    start = nonviolent.until("replay")
    assert start["view"] == {**views[0], "legal_actions": []}
    nonviolent.send({"type": "replay", "step": 10_000})
    last = nonviolent.until("replay")
    now = game.log_for("nonviolent")  # the bot may have moved on since
    assert last["log"] == now[:len(last["log"])]
    seen = sum(1 for e in last["log"] if e["kind"] == "decision")
    assert last["steps"] - 1 <= seen + 1  # steps are the decisions it saw, never the secret ones


def test_manual_dice_never_ask_a_seat_for_a_roll_no_seat_may_see(client: LiveServer) -> None:
    """Civil Disorder with real dice: the people type the faces of the rolls they may see; the Game Control
    rolls no seat may see (CD-01) come from the secret seed, so nobody is asked, or told, of them."""
    made = create(client, scenario="civil-disorder/embassy-protest", dice="manual", seed=3)
    game = game_of(client, made["table"])
    sockets = {name: seat(client, token) for name, token in made["tokens"].items()}
    rng, typed = random.Random(3), 0
    for _ in range(40):
        acting = [s for s in game.to_act() if s in sockets]
        if not acting:
            break
        player = sockets[acting[0]]
        player.sync()
        legal = player.last["view"]["legal_actions"]
        action, faces = legal[int(rng.random() * len(legal))]["id"], []
        player.act(action)
        while (answer := player.next())["type"] != "update":
            assert answer["type"] == "dice_needed", answer
            faces = answer["faces"] + [1 + int(rng.random() * answer["sides"]) for _ in range(answer["n"])]
            typed += answer["n"]
            player.act(action, faces=faces)
    shown = sum(len(e["dice"]) for e in game.log.events if e["kind"] == "roll" and e["visible_to"] != [])
    hidden = sum(len(e["dice"]) for e in game.log.events if e["kind"] == "roll" and e["visible_to"] == [])
    assert typed == shown and hidden > 0


def test_an_umpire_seat_the_scenario_needs_is_riotacts_bot_unless_a_person_takes_it(client: LiveServer) -> None:
    """Public Participation's umpire runs characters (PP-02): left to riotact, a bot takes the seat;
    Civil Disorder's chair left to riotact is empty (CD-03)."""
    made = create(client, scenario="public-participation/picket-line", seed=2)
    assert set(made["tokens"]) == {"pickets", "company"}
    table = client.app.state.room.tables[made["table"]]
    assert UMPIRE in table.game.seats and table.seats[UMPIRE] in ("heuristic", "random")
    chair = create(client, scenario="public-participation/picket-line", seed=2, umpire="person")
    assert set(chair["tokens"]) == {"pickets", "company", UMPIRE}
    riot = create(client, scenario="civil-disorder/night-of-fires", seed=2)
    assert UMPIRE not in game_of(client, riot["table"]).seats


def intervene(umpire: Any, power: str, **args: Any) -> None:
    umpire.send({"type": "intervene", "power": power, "args": args, "version": umpire.last["version"]})


def test_the_umpires_message_reaches_its_seat_only(client: LiveServer) -> None:
    """A generic power through the console: the message is logged for ``fire``; the commander is told nothing."""
    made = create(client, scenario="civil-disorder/night-of-fires", umpire="person", seed=3)
    sockets = {name: seat(client, token) for name, token in made["tokens"].items()}
    umpire, fire, commander = sockets[UMPIRE], sockets["fire"], sockets["commander"]
    for socket in sockets.values():
        socket.sync()
    assert {p["name"] for p in umpire.last["umpire_powers"]} >= {"message", "set-rl", "override"}
    assert "umpire_powers" not in fire.last and "umpire_pending" not in commander.last
    count = len(commander.received)
    intervene(umpire, "message", to="fire", text="Smoke to the east.")
    update = fire.until("update")
    assert update["log"][-1]["text"] == "The umpire to fire: Smoke to the east."
    assert "umpire_powers" not in update
    umpire.until("update")
    commander.sync()
    assert [json.loads(t)["type"] for t in commander.received[count:]] == ["snapshot"]  # no update came
    assert "Smoke" not in "".join(commander.received)
    assert game_of(client, made["table"]).decisions[-1][0] == UMPIRE


def test_a_cd_set_rl_by_the_umpire_is_stored_and_survives_a_restart(sqlite_url: str) -> None:
    """CD-03: the umpire sets Crowd A's RL; a new server on the same database replays the decision."""
    first = LiveServer(build_app(open_store(sqlite_url)))
    try:
        made = create(first, scenario="civil-disorder/night-of-fires", umpire="person", seed=3)
        umpire = seat(first, made["tokens"][UMPIRE])
        intervene(umpire, "set-rl", crowd="A", rl=7, reason="word of a death spreads")
        crowds = umpire.until("update")["view"]["state"]["crowds"]
        assert next(c["rl"] for c in crowds if c["id"] == "A") == 7
        commander = seat(first, made["tokens"]["commander"])
        assert next(c["rl"] for c in commander.last["view"]["state"]["crowds"] if c["id"] == "A") == 7
        assert "death" not in "".join(commander.received)  # the reason is the umpire's
        umpire.close()
        commander.close()
    finally:
        first.stop()
    second = LiveServer(build_app(open_store(sqlite_url)))
    try:
        game = game_of(second, made["table"])
        assert game.decisions == [(UMPIRE, 'intervene:{"crowd":"A","power":"set-rl",'
                                           '"reason":"word of a death spreads","rl":7}')]
        back = seat(second, made["tokens"][UMPIRE])
        assert next(c["rl"] for c in back.last["view"]["state"]["crowds"] if c["id"] == "A") == 7
        back.close()
    finally:
        second.stop()


def test_a_seats_token_cannot_use_the_umpires_powers(client: LiveServer) -> None:
    made = create(client, scenario="civil-disorder/night-of-fires", umpire="person", seed=3)
    commander = seat(client, made["tokens"]["commander"])
    intervene(commander, "set-rl", crowd="A", rl=7, reason="mine")
    refusal = commander.until("refused")
    assert "only the umpire" in refusal["reason"] and "\n" not in refusal["reason"]
    assert not game_of(client, made["table"]).decisions


@pytest.mark.parametrize("message", [
    {"power": "set-rl", "args": "crowd A"},
    {"power": "set-rl", "args": {"crowd": "A", "rl": 7, "reason": "x"}, "version": None},
    {"power": "set-rl", "args": {"crowd": "A", "rl": True, "reason": "x"}},
    {"power": "set-rl", "args": {"crowd": "A", "rl": 7, "reason": "x" * 2001}},
    {"power": "x" * 51, "args": {}},
    {"power": "set-rl", "args": {"crowd": "A", "rl": 9, "reason": "x"}},  # CD-03: RL is 1 to 8
    {"power": "set-rl", "args": {"crowd": "A", "rl": 5, "reason": "x", "extra": "y"}},
    {"power": "summon-rain", "args": {}},
])
def test_a_malformed_intervention_gets_a_one_line_error_and_changes_nothing(client: LiveServer,
                                                                            message: dict[str, Any]) -> None:
    made = create(client, scenario="civil-disorder/night-of-fires", umpire="person", seed=3)
    umpire = seat(client, made["tokens"][UMPIRE])
    game = game_of(client, made["table"])
    before = list(game.log.lines())
    sent = {"type": "intervene", "version": umpire.last["version"], **message}
    umpire.send({k: v for k, v in sent.items() if v is not None})
    answer = umpire.next()
    assert answer["type"] in ("error", "refused") and "\n" not in answer["reason"], answer
    assert list(game.log.lines()) == before and not game.decisions
    assert not client.app.state.room.store.decisions(made["table"])


def test_a_rejudged_roll_rewrites_the_stored_record_and_everyone_gets_it_afresh(client: LiveServer) -> None:
    """The umpire re-judges the last roll: the decisions since are made again after an override, the
    database holds the new record (it replays), and every seat is sent the game afresh."""
    made = create(client, scenario="civil-disorder/night-of-fires", umpire="person", seed=3)
    game = game_of(client, made["table"])
    sockets = {name: seat(client, token) for name, token in made["tokens"].items()}
    def rolled_after_a_decision() -> bool:
        kinds = [e["kind"] for e in game.log.events]
        return "decision" in kinds and "roll" in kinds[kinds.index("decision"):]

    for _ in range(40):
        if rolled_after_a_decision() or not game.to_act():
            break
        player = sockets[game.to_act()[0]]
        player.sync()
        player.act(player.last["view"]["legal_actions"][0]["id"])
        player.until("update")
    roll = next(e for e in reversed(game.log.events) if e["kind"] == "roll")
    faces = [1 if roll["dice"][0] != 1 else 2] + [1] * (len(roll["dice"]) - 1)
    umpire = sockets[UMPIRE]
    umpire.sync()
    intervene(umpire, "rejudge", faces=",".join(map(str, faces)), reason="the die fell off the table")
    fresh = umpire.next()
    assert fresh["type"] == "snapshot", fresh
    assert fresh["log_from"] == 0
    assert next(e for e in reversed(game.log.events) if e["kind"] == "roll")["dice"] == faces
    stored = client.app.state.room.store.decisions(made["table"])
    assert [(s, a) for _, s, a, _ in stored] == list(game.decisions)
    assert any(a.startswith("intervene:") and '"power":"override"' in a for _, _, a, _ in stored)
    again = Room(client.app.state.room.store)
    assert again.restore() == [] and again.tables[made["table"]].game.log.events == game.log.events
    commander = sockets["commander"]
    commander.until("snapshot")
