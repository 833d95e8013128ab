"""Spectators: a link per table; they see only what every seat sees, unless the umpire grants more.

Leak tests over the wire: twin games that differ only in a hidden fact send a spectator the same
messages for as long as they send every seat the same; planted sentinels hidden from any seat never
reach a spectator; and whatever the umpire grants, a spectator acts for nobody.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from revolting_behaviour.rb_support import cause_drawn
from riotact.core import UMPIRE, Game, builtin_scenarios, find_scenario
from riotact.core.log import dumps
from riotact.core.spectators import SPECTATOR, common, common_log, common_view
from riotact.rulesets import all_rulesets
from riotact.web.room import Room
from riotact.web.store import open_store
from web_support import LiveServer, SeatSocket, create, play_to_the_end, seat

SCENARIOS = [s.ref for spec in all_rulesets() if spec.implemented for s in builtin_scenarios(spec)]


def live(client: LiveServer, table_id: str) -> Any:
    return client.app.state.room.tables[table_id]


def test_a_spectator_link_shows_what_every_seat_sees_and_acts_for_nobody(client: LiveServer) -> None:
    made = create(client, scenario="by-will-alone/ministry-sit-in", seed=3)
    assert set(made["tokens"]) == {"nonviolent", "authority"} and made["spectator"]
    game = live(client, made["table"]).game
    watcher = seat(client, made["spectator"])
    assert watcher.last["spectating"] == SPECTATOR and not watcher.last["can_undo"]
    assert watcher.last["view"] == common_view(game) and watcher.last["log"] == common_log(game)
    assert watcher.last["view"]["legal_actions"] == []
    # The common view holds nothing that is not in both sides' views, alike.
    nonviolent, authority = game.view("nonviolent")["state"], game.view("authority")["state"]
    assert nonviolent["counters"] != authority["counters"]
    assert watcher.last["view"]["state"]["counters"] == []
    assert watcher.last["view"]["state"] == common(nonviolent, authority)
    # A spectator cannot act, undo, intervene or grant itself more, even with a seat's legal action.
    wanted = game.view(game.to_act()[0])["legal_actions"][0]["id"]
    for message in ({"type": "act", "action": wanted, "version": watcher.last["version"]},
                    {"type": "undo", "version": watcher.last["version"]},
                    {"type": "spectators", "level": "truth"},
                    {"type": "intervene", "power": "message", "args": {"to": "all", "text": "hi"},
                     "version": watcher.last["version"]}):
        watcher.send(message)
        assert "spectator" in watcher.until("refused")["reason"]
    assert not game.decisions
    # The players are not told a spectator came.
    player = seat(client, made["tokens"]["nonviolent"])
    player.sync()
    assert all(s["seat"] != SPECTATOR for s in player.last["seats"])


def _twin(client: LiveServer, cause: list[str]) -> tuple[Any, dict[str, SeatSocket]]:
    """A Revolting Behaviour! table whose p1 Cause (face down, RB-07: seen by nobody) is ``cause``."""
    made = create(client, scenario="revolting-behaviour/first-game", seed=5, options={"first_turn_order": "seats"})
    table = live(client, made["table"])
    # The same table, its hidden Cause scripted, before anyone is sent anything (the record is not
    # replayed in this test, only the wire is read).
    table.game = Game(find_scenario("revolting-behaviour/first-game"), seed=5, options={"first_turn_order": "seats"},
                      cards={"p1/cause-deck": [cause]}, players=table.game.players)
    sockets = {name: seat(client, token) for name, token in made["tokens"].items()}
    sockets[SPECTATOR] = seat(client, made["spectator"])
    return table, sockets


def _sent(sockets: dict[str, SeatSocket], name: str, table: Any) -> list[str]:
    """What ``name`` was sent, the table's own id aside (the twins' ids differ, not their games)."""
    return [text.replace(table.id, "TABLE") for text in sockets[name].received]


def test_twin_games_differing_in_a_hidden_cause_send_a_spectator_the_same(client: LiveServer) -> None:
    """RB-07: the Cause cards are face down. Until a seat is shown the difference, the spectator is sent
    exactly the same text in both games; the games did differ underneath."""
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J"]
    a_table, a = _twin(client, [r + "C" for r in ranks])
    b_table, b = _twin(client, [r + "H" for r in ranks])
    hidden = [cause_drawn(t.game, "p1") for t in (a_table, b_table)]
    assert hidden[0] != hidden[1]  # the premise: the games differ underneath
    rng, same_for_seats, compared = random.Random(2), True, 0
    for _ in range(60):
        for sockets in (a, b):
            for socket in sockets.values():
                socket.sync()
        same_for_seats = same_for_seats and all(_sent(a, s, a_table) == _sent(b, s, b_table) for s in ("p1", "p2"))
        if not same_for_seats or a_table.game.is_over():
            break
        assert _sent(a, SPECTATOR, a_table) == _sent(b, SPECTATOR, b_table)
        compared += 1
        acting = a_table.game.to_act()[0]
        choice = rng.choice(a[acting].last["view"]["legal_actions"])["id"]
        a[acting].act(choice)
        b[acting].act(choice)
    assert compared > 10


def _hidden_from_some_seat(game: Game) -> set[str]:
    return {token for s in game.seats if s != UMPIRE for token in game.state.hidden_tokens(s)}


@pytest.mark.parametrize("ref", SCENARIOS)
def test_no_spectator_is_ever_sent_a_sentinel_hidden_from_any_seat(client: LiveServer, ref: str) -> None:
    """Anything hidden from some seat reaches a spectator only when the rules showed it to every seat."""
    made = create(client, scenario=ref, seed=7, umpire="person")
    game = live(client, made["table"]).game
    game.state.plant_sentinels()
    players = {name: seat(client, token) for name, token in made["tokens"].items() if name != UMPIRE}
    watcher = seat(client, made["spectator"])
    rng, read, checks = random.Random(ref), 0, 0
    for _ in range(60):
        watcher.sync()
        fresh = "".join(watcher.received[read:])
        read = len(watcher.received)
        shown_to_all = [dumps(game.view(s)) + dumps(game.log_for(s)) for s in players]
        for token in _hidden_from_some_seat(game):
            checks += 1
            assert token not in fresh or all(token in shown for shown in shown_to_all), token
        acting = [s for s in game.to_act() if s in players]
        if not acting or game.is_over():
            break
        name = rng.choice(acting)
        players[name].sync()
        players[name].act(rng.choice(players[name].last["view"]["legal_actions"])["id"])
        players[name].until("update")
    assert checks > 0


def test_the_umpire_grants_a_seats_view_then_the_truth_at_the_end(client: LiveServer, sqlite_url: str) -> None:
    made = create(client, scenario="revolting-behaviour/first-game", seed=11, umpire="person",
                  seats={"p2": "heuristic"}, options={"first_turn_order": "seats"})
    table = live(client, made["table"])
    umpire, p1 = seat(client, made["tokens"][UMPIRE]), seat(client, made["tokens"]["p1"])
    watcher = seat(client, made["spectator"])
    umpire.sync()
    assert umpire.last["spectators"]["level"] == "common"
    p1.send({"type": "spectators", "level": "seat:p1"})  # a player cannot grant
    assert "umpire" in p1.until("refused")["reason"]
    umpire.send({"type": "spectators", "level": "truth"})  # not while the game runs
    assert "over" in umpire.until("refused")["reason"]
    umpire.send({"type": "spectators", "level": "seat:nobody"})
    assert "seat:NAME" in umpire.until("refused")["reason"]
    umpire.send({"type": "spectators", "level": "seat:p1"})
    shown = watcher.until("snapshot")
    assert shown["spectating"] == "p1" and shown["log_from"] == 0
    assert shown["view"] == {**table.game.view("p1"), "legal_actions": []}
    assert shown["log"] == table.game.log_for("p1")
    assert "can_undo" in shown and not shown["can_undo"]
    # The grant is stored: a restarted server keeps it.
    again = Room(open_store(sqlite_url))
    again.restore()
    assert again.tables[made["table"]].spectate == "seat:p1"
    # The game played to its end; then the truth.
    play_to_the_end(table.game, p1)
    umpire.send({"type": "spectators", "level": "truth"})
    shown = watcher.until("snapshot")
    assert shown["spectating"] == UMPIRE and shown["view"] == {**table.game.view(UMPIRE), "legal_actions": []}
    replayed = json.loads(json.dumps(shown))
    watcher.send({"type": "replay", "step": 1})
    assert watcher.until("replay")["steps"] == len(table.game.decisions) + 1 and replayed["log"]
