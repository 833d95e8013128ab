"""Odds where decisions are made, on the web table: the seat's message carries the odds beside the
options that turn on chance, built from that seat's view only (core/odds.py ``action_odds``)."""

from __future__ import annotations

from pathlib import Path

from riotact.core.odds import action_odds
from support import umpire_sees
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


DATA = Path(__file__).parent.parent / "data"


def test_a_public_participation_seat_is_sent_the_odds_beside_its_shots(client: LiveServer) -> None:
    """PP-10/11: the same odds the terminal shows, in red's message only."""
    made = create(client, toml=(DATA / "odds-pp.toml").read_text(), seed=1,
                  seats={"red": "person", "blue": "person"})
    game = client.app.state.room.tables[made["table"]].game
    sockets = {s: seat(client, made["tokens"][s]) for s in ("red", "blue")}
    while umpire_sees(game)["phase"] != "firing":
        sockets[game.to_act()[0]].act("done")
        for s in sockets.values():
            s.sync()
    red, blue = sockets["red"], sockets["blue"]
    assert red.last["odds"]["fire:R1:rifle:B1"]["text"].startswith(
        "50% to hit (4+ on D6 +0: good shot +1, cover (the hedge) -1)")
    assert red.last["odds"] == {aid: c.as_dict() for aid, c in action_odds(game, "red").items()}
    assert blue.last["odds"] == {}  # Blue Bill has nothing to fire


def test_a_breaking_of_nations_seat_is_sent_the_odds_beside_its_fire_orders_and_charges(client: LiveServer) -> None:
    made = create(client, toml=(DATA / "odds-bon.toml").read_text(), seed=1,
                  seats={"red": "person", "blue": "person"})
    game = client.app.state.room.tables[made["table"]].game
    red = seat(client, made["tokens"]["red"])
    red.act("activate:A")
    red.sync()
    assert red.last["odds"]["fire:A:x"]["text"].startswith("97% at least one hit, 2.3 of 5 expected")
    assert red.last["odds"]["charge:A:z"]["text"].startswith("4 of 5 reach contact; 94% at least one of theirs")
    assert red.last["odds"] == {aid: c.as_dict() for aid, c in action_odds(game, "red").items()}
