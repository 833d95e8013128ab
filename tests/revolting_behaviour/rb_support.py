"""Helpers for the Revolting Behaviour! tests: small scripted games that read like the rules.

Scripted card orders (``cards=``) put the listed cards on top of a pile at its
first shuffle (the RB-05 set-up shuffle), a second list at its second shuffle
(the first RB-17 reshuffle of an Action Deck), and so on. A Cause is the first
N cards drawn from the Cause Deck, so scripting ``p1/cause-deck`` sets p1's Cause.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from riotact.core import Card, Game, Pile
from riotact.core.log import Event
from support import rb_scenario


def rb_game(seats: int = 2, cause_cards: int = 3, *, seed: int = 1, setup: dict[str, Any] | None = None,
            cards: dict[str, list[list[str]]] | None = None, **options: Any) -> Game:
    """Seats p1..pN; p1 acts first (seat order) unless ``first_turn_order`` is given. ``setup`` adds to
    the scenario's ``[setup]`` table: ``{"decks": {"p1": {"action_deck": ["5C", "2S"]}}}`` changes p1's
    Action Deck (RB-03)."""
    return Game(rb_scenario(seats, cause_cards, setup=setup), seed=seed,
                options={"first_turn_order": "seats", **options}, cards=cards)


def act(game: Game, *actions: str) -> None:
    """Each action is taken by whoever is to act at that moment."""
    for action in actions:
        game.apply(game.to_act()[0], action)


def player(game: Game, seat: str) -> Any:
    """The seat's player on the table (hand, Cause, RP), to read."""
    return game.state.players[seat]  # type: ignore[attr-defined]


def cause_drawn(game: Game, seat: str) -> list[str]:
    """The cards dealt face down to ``seat``'s Cause, in the order drawn, as the umpire's log tells them
    (RB-06; no view shows them, RB-07)."""
    return [e["card"] for e in game.log_for("umpire") if e["kind"] == "draw" and e["deck"] == f"{seat}/cause-deck"]


def codes(cards: Pile | Iterable[Card]) -> list[str]:
    """Card codes, top first, of a pile or a list of cards."""
    return [card.code for card in (cards.cards if isinstance(cards, Pile) else cards)]


def events(game: Game, kind: str, rule: str | None = None) -> list[Event]:
    return [e for e in game.log.events if e["kind"] == kind and (rule is None or e["rule"] == rule)]


def umpire_sees(game: Game) -> dict[str, Any]:
    """The table as the umpire's view gives it: everything but face-down cards (RB-07)."""
    return game.view("umpire")["state"]  # type: ignore[no-any-return]


def rp(game: Game) -> dict[str, int]:
    return {seat: p["rp"] for seat, p in umpire_sees(game)["players"].items()}


def cause_top(game: Game, seat: str) -> str | None:
    """The face-up top card of ``seat``'s Cause as every player sees it (RB-07), or None."""
    return umpire_sees(game)["players"][seat]["cause_top"]  # type: ignore[no-any-return]
