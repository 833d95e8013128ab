"""Odds where decisions are made, on the web table: the seat's message carries the odds beside the
options that turn on chance, built from that seat's view only (core/odds.py ``action_odds``)."""

from __future__ import annotations

from riotact.core.odds import action_odds
from web_support import LiveServer, create, seat


def test_a_seat_is_sent_the_odds_of_its_declarations_and_draws(client: LiveServer) -> None:
    made = create(client, scenario="revolting-behaviour/first-game", seed=5,
                  options={"first_turn_order": "seats"})
    game = client.app.state.room.tables[made["table"]].game
    p1, p2 = seat(client, made["tokens"]["p1"]), seat(client, made["tokens"]["p2"])
    odds = p1.last["odds"]
    assert odds["D-mild"]["text"] == "93% success within your 20 RP, 7% Joker"  # RB-14
    assert odds == {aid: c.as_dict() for aid, c in action_odds(game, "p1").items()}
    assert p2.last["odds"] == {}  # not p2's turn: no options, no odds
    p1.act("D-moderate")
    p1.sync()
    assert p1.last["odds"]["draw"]["exact"] == "13/54"  # RB-12: any Diamond, whole deck (RB-17)
