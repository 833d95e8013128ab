"""Several ``riotact serve`` processes on one PostgreSQL database (a throwaway server on 127.0.0.1), as
behind a load balancer without sticky sessions: the seats of one table on different processes play a
whole game together; the database decides a race between two processes; a process killed with
``kill -9`` mid-game loses nothing, its seats carry on through another process, and no decision is lost
or made twice."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from riotact.core import Game, replay
from riotact.core.log import dumps
from riotact.web.room import TrayDice, apply_view_patch, replayed, split_events
from riotact.web.store import open_store
from web_support import SeatSocket, ServerProcess, close_all, create, seat, told_log

RB = "revolting-behaviour/first-game"


@pytest.fixture
def three(pg_url: str, tmp_path: Path) -> Iterator[list[ServerProcess]]:
    servers: list[ServerProcess] = []
    try:
        for _ in range(3):
            servers.append(ServerProcess(pg_url, tmp_path, "--bot-workers", "1"))
        yield servers
    finally:
        close_all()
        for server in servers:
            server.stop()


def final_game(db: str, table_id: str) -> Game:
    """The table's game rebuilt from the database's record (checked event by event)."""
    store = open_store(db)
    try:
        stored = store.table(table_id)
        assert stored is not None
        return replayed(table_id, store.record(table_id), None if stored.header.get("dice") == "seeded"
                        else TrayDice())
    finally:
        store.close()


def views_along(game: Game, seat: str) -> set[str]:
    """``seat``'s view of ``game`` after each number of its decisions, rebuilt from its record."""
    setup, chunks = split_events(game.log.events)
    return {dumps(replay(game.log.header, setup + [e for chunk in chunks[:k] for e in chunk]).view(seat))
            for k in range(len(chunks) + 1)}


def play(players: dict[str, SeatSocket], rng: random.Random, *, until: int = 10_000) -> dict[str, int]:
    """Each seat takes a random legal action whenever its view offers one (once per view), reading
    whatever its own process sends; until the game is over or ``until`` decisions were acknowledged.
    Returns the decisions acknowledged per seat (an update showing the seat's own decision)."""
    acked = dict.fromkeys(players, 0)
    acted_on = dict.fromkeys(players, "")
    for _ in range(100_000):
        if all(p.last["view"]["result"] for p in players.values()) or sum(acked.values()) >= until:
            return acked
        for name, player in players.items():
            legal = player.last["view"]["legal_actions"]
            if legal and player.last["version"] != acted_on[name] and not player.last["view"]["result"]:
                acted_on[name] = player.last["version"]
                player.act(rng.choice(legal)["id"])
            message = player.poll(0.02)
            if message is not None and message["type"] == "update" and any(
                    e["kind"] == "decision" and e.get("seat") == name for e in message["log"]):
                acked[name] += 1
    raise AssertionError("the game did not end")


def test_seats_on_three_processes_play_a_whole_game(three: list[ServerProcess], pg_url: str) -> None:
    a, b, c = three
    made = create(c, scenario=RB, seed=6)  # made through a third process, which none of its seats uses
    assert made["table"] in {t["id"] for t in a.get("/api/tables").json()["tables"]}  # every lobby lists it
    p1, p2 = seat(a, made["tokens"]["p1"]), seat(b, made["tokens"]["p2"])
    watching = seat(c, made["spectator"])
    acked = play({"p1": p1, "p2": p2}, random.Random(6))
    game = final_game(pg_url, made["table"])
    assert game.is_over() and len(game.decisions) > 50
    # Every decision acknowledged is in the record exactly once, and every seat was told its whole log,
    # in pieces that neither skip nor repeat, on its own process.
    assert [s for s, _ in game.decisions].count("p1") == acked["p1"]
    assert [s for s, _ in game.decisions].count("p2") == acked["p2"]
    for name, player in (("p1", p1), ("p2", p2)):
        assert told_log(player.received) == game.log_for(name)
        assert player.last["view"] == game.view(name)
    watching.sync()
    assert watching.last["view"]["result"] == game.view("p1")["result"]
    # Fog of war across processes: every view a seat was sent, by whichever process, is its own view of
    # the game after some number of decisions (never another seat's, never more than its view holds).
    for name, player in (("p1", p1), ("p2", p2)):
        own = views_along(game, name)
        sent = [json.loads(text) for text in player.received]
        view = {}
        for message in sent:
            if message["type"] in ("snapshot", "update"):
                view = message["view"] if "view" in message else apply_view_patch(view, message["view_patch"])
                assert dumps(view) in own


def test_the_database_decides_a_race_between_two_processes(three: list[ServerProcess], pg_url: str) -> None:
    """One seat open on two processes (two tabs behind a load balancer) sends the same decision to both at
    once, on the same view: one is made, the other is told its view is stale and gets the game as it is."""
    a, b, _ = three
    made = create(a, scenario=RB, seed=2, options={"first_turn_order": "seats"})
    here, there = seat(a, made["tokens"]["p1"]), seat(b, made["tokens"]["p1"])
    version = here.sync()["version"]
    assert there.sync()["version"] == version
    here.act("D-mild", version=version)
    there.act("D-mild", version=version)
    answers = [here.next()["type"], there.next()["type"]]
    assert sorted(answers) == ["stale", "update"], answers
    loser = there if answers[1] == "stale" else here
    assert loser.expect("snapshot")["view"]["state"]["attempt"]["suit"] == "D"
    assert final_game(pg_url, made["table"]).decisions == [("p1", "D-mild")]


def test_a_process_killed_mid_game_loses_nothing(three: list[ServerProcess], pg_url: str) -> None:
    """kill -9 of the process holding p1's socket (and running bots for a second table) mid-game: p1
    reconnects to another process (as the page does by itself) and both games play to the end. Every
    decision acknowledged is in the record once; the one in flight at the kill at most once."""
    a, b, c = three
    made = create(a, scenario=RB, seed=9)
    botted = create(a, scenario="by-will-alone/ministry-sit-in", seats={"authority": "heuristic"}, seed=3)
    p1, p2 = seat(a, made["tokens"]["p1"]), seat(b, made["tokens"]["p2"])
    nonviolent = seat(a, botted["tokens"]["nonviolent"])
    rng = random.Random(9)
    acked = play({"p1": p1, "p2": p2}, rng, until=30)
    bot_acked = play({"nonviolent": nonviolent}, rng, until=10)
    in_flight = p1.last["view"]["legal_actions"] != []
    if in_flight:  # a decision sent just before the kill: made once or not at all, never twice
        p1.act(p1.last["view"]["legal_actions"][0]["id"])
    a.kill()
    told_before, bot_told_before = list(p1.received), list(nonviolent.received)
    p1.close()
    nonviolent.close()
    p1_again, nonviolent_again = seat(c, made["tokens"]["p1"]), seat(b, botted["tokens"]["nonviolent"])
    more = play({"p1": p1_again, "p2": p2}, rng)
    bot_more = play({"nonviolent": nonviolent_again}, rng)
    for table, players in ((made["table"], {"p1": (told_before, p1_again), "p2": ([], p2)}),
                           (botted["table"], {"nonviolent": (bot_told_before, nonviolent_again)})):
        game = final_game(pg_url, table)
        assert game.is_over()
        for name, (before, player) in players.items():
            assert told_log(before + player.received) == game.log_for(name)
    game = final_game(pg_url, made["table"])
    p1_made = [s for s, _ in game.decisions].count("p1")
    assert acked["p1"] + more["p1"] <= p1_made <= acked["p1"] + more["p1"] + int(in_flight)
    assert [s for s, _ in game.decisions].count("p2") == acked["p2"] + more["p2"]
    bots = final_game(pg_url, botted["table"])
    assert [s for s, _ in bots.decisions].count("nonviolent") == bot_acked["nonviolent"] + bot_more["nonviolent"]
    assert "authority" in {s for s, _ in bots.decisions}  # the bot went on thinking after the kill
    close_all()  # a websocket is logged when it closes
    for server in (b, c):  # the survivors' access logs: one JSON object a line, never a token
        for _ in range(100):
            lines = [json.loads(line) for line in server.log().splitlines() if line.startswith("{")]
            if any(line["kind"] == "websocket" for line in lines):
                break
            time.sleep(0.05)
        assert {"http", "websocket"} == {line["kind"] for line in lines}
        assert "/readyz" in {line["path"] for line in lines if line["kind"] == "http"}
        assert made["tokens"]["p1"] not in server.log() and made["spectator"] not in server.log()
