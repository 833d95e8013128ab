"""Undo at a table of several people, by the core's take-back rule (``Game.undo``): a take-back past
what someone has seen needs the agreement of the seats the rule names, or of a person in the umpire's
chair; the asked seats are told only who asks; a refusal or a new decision drops it."""

from __future__ import annotations

from typing import Any

from riotact.core import UMPIRE
from riotact.web.room import Room
from riotact.web.store import open_store
from web_support import LiveServer, SeatSocket, create, seat

RB = "revolting-behaviour/first-game"


def _table(client: LiveServer, **body: Any) -> tuple[Any, dict[str, SeatSocket]]:
    made = create(client, scenario=RB, seed=4, options={"first_turn_order": "seats"}, **body)
    sockets = {name: seat(client, token) for name, token in made["tokens"].items()}
    return client.app.state.room.tables[made["table"]], sockets


def _asked(socket: SeatSocket) -> dict[str, Any]:
    """The first update that shows a take-back waiting (earlier updates of the play are skipped)."""
    while True:
        message = socket.until("update")
        if "take_back" in message:
            return dict(message["take_back"])


def _draw_once(p1: SeatSocket) -> None:
    """p1 declares a mild fund-raising action and draws a card: p1 and p2 both see the card (RB-14)."""
    p1.sync()
    p1.act("D-mild")
    p1.until("update")
    p1.act("draw")
    p1.until("update")


def test_a_take_back_past_a_card_seen_needs_the_other_persons_agreement(client: LiveServer,
                                                                         sqlite_url: str) -> None:
    table, s = _table(client)
    p1, p2 = s["p1"], s["p2"]
    _draw_once(p1)
    made = list(table.game.decisions)
    p1.send({"type": "undo", "version": p1.last["version"]})
    asked = p1.until("undo_asked")
    assert "you have seen 'p1 draws" in asked["reason"] and "agreement of p2" in asked["reason"]
    assert table.game.decisions == made  # nothing taken back yet
    assert _asked(p2) == {"by": "p1", "asked": True}  # who asks; not what p1 saw, nor how much
    assert _asked(p1) == {"by": "p1", "asked": False, "waiting_for": ["p2"]}
    p2.send({"type": "take_back", "agree": True})
    for socket in (p1, p2):
        back = socket.until("snapshot")
        assert back["log_from"] == 0 and "take_back" not in back
    assert table.game.decisions == made[:-1] and p1.last["view"] == table.game.view("p1")  # the draw
    again = Room(open_store(sqlite_url))  # the stored record was rewritten with it
    again.restore()
    assert again.tables[table.id].game.decisions == made[:-1]


def test_a_refusal_drops_the_take_back_and_changes_nothing(client: LiveServer) -> None:
    table, s = _table(client)
    p1, p2 = s["p1"], s["p2"]
    _draw_once(p1)
    made = list(table.game.decisions)
    p1.send({"type": "undo", "version": p1.last["version"]})
    p1.until("undo_asked")
    _asked(p2)
    _asked(p1)
    p2.send({"type": "take_back", "agree": False})
    assert "take_back" not in p1.until("update")
    assert table.game.decisions == made
    p2.send({"type": "take_back", "agree": True})  # too late: nothing is waiting
    assert "no take-back is waiting" in p2.until("refused")["reason"]


def test_a_new_decision_drops_a_waiting_take_back(client: LiveServer) -> None:
    table, s = _table(client)
    p1, p2 = s["p1"], s["p2"]
    _draw_once(p1)
    p1.send({"type": "undo", "version": p1.last["version"]})
    p1.until("undo_asked")
    _asked(p2)
    _asked(p1)
    assert list(table.game.to_act()) == ["p2"]
    p2.act("pass")  # p2 plays on instead of answering
    assert "take_back" not in p1.until("update")
    p2.send({"type": "take_back", "agree": True})
    assert "no take-back is waiting" in p2.until("refused")["reason"]


def test_a_person_in_the_umpires_chair_agrees_alone(client: LiveServer) -> None:
    """The umpire may take back anything (Game.undo): with a person in the chair (named in the
    players: RB has no umpire seat) he alone is asked, and his agreement is enough."""
    table, s = _table(client, umpire="person")
    p1, p2, umpire = s["p1"], s["p2"], s[UMPIRE]
    _draw_once(p1)
    made = list(table.game.decisions)
    p1.send({"type": "undo", "version": p1.last["version"]})
    reason = p1.until("undo_asked")["reason"]
    assert "agreement of umpire" in reason and "p2" not in reason
    assert _asked(umpire) == {"by": "p1", "asked": True, "waiting_for": ["umpire"]}
    umpire.send({"type": "take_back", "agree": True})
    assert p1.until("snapshot")["log_from"] == 0
    assert table.game.decisions == made[:-1]
    p2.send({"type": "take_back", "agree": True})  # never asked
    assert "no take-back is waiting" in p2.until("refused")["reason"]


def test_alone_against_a_bot_a_take_back_past_a_card_is_refused(client: LiveServer) -> None:
    """A bot cannot agree to forget the card, and riotact umpires: the core's reason, in one line."""
    table, s = _table(client, seats={"p2": "random"})
    p1 = s["p1"]
    _draw_once(p1)
    while "p1" not in table.game.to_act():  # the bot's turn
        p1.next()
    p1.sync()
    made = list(table.game.decisions)
    p1.send({"type": "undo", "version": p1.last["version"]})
    refusal = p1.until("refused")["reason"]
    assert "p2 (a bot) cannot give it" in refusal and "\n" not in refusal
    assert table.game.decisions == made
