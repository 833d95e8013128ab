"""Revolting Behaviour! determinisations for searches (``RulesetSpec.determinise``, core/worlds.py).

RB-07: nobody knows a face-down Cause card, so a world is built from the seat's view alone: what the
view shows is copied, the face-down Cause cards and the piles are dealt from the cards not in sight.

>>> from riotact.core import Game, find_scenario
>>> game = Game(find_scenario("revolting-behaviour/first-game"), seed=3)
>>> world = determinise(game, "p1", 9)
>>> world.view("p1")["state"] == game.view("p1")["state"]
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from riotact.core import Card, Game, Scenario

from .rules.cards import ACTIVITIES
from .state import Attempt
from .turn import RevoltingBehaviour


def determinise(game: Game, seat: str, seed: int) -> Game:
    """A world ``seat`` cannot tell from ``game``, built from its view alone (:func:`from_view`)."""
    return from_view(game.scenario, game.options, game.view(seat), seed)


def from_view(scenario: Scenario, options: dict[str, Any], view: Mapping[str, Any], seed: int) -> Game:
    """A game the seat cannot tell from its own, built from its view alone (for searches).

    Everything the view shows is copied (RP, pile sizes, face-up Cause cards, the attempt under way,
    the turn order); the face-down Cause cards (RB-07: nobody knows them) and the piles are dealt at
    random from the cards not in sight; RP a closed-totals game hides are guessed as 2N (RB-08).
    """
    game = Game(scenario, seed=seed, options=options, explain=False)
    game.log.header["world"] = True  # dealt, not played: no replay rebuilds it (core/worlds.py)
    state = game.state
    assert isinstance(state, RevoltingBehaviour)
    rng = game.umpire.rng
    seen = view["state"]
    game.umpire.turn = view["turn"]
    state.order = list(seen["order"])
    state.position = state.order.index(seen["acting"]) if seen["acting"] in state.order else 0
    state.phase = seen["phase"]
    attempt = seen["attempt"]
    drawn = [Card.parse(c.split("~")[0]) for c in attempt["drawn"]] if attempt else []
    for seat, shown in seen["players"].items():
        player = state.players[seat]
        pack = scenario.setup.pack(seat, "cause", jokers=state.options.jokers_per_deck)  # RB-03: public
        top = Card.parse(shown["cause_top"].split("~")[0]) if shown["cause_top"] else None
        if top is not None:
            pack.remove(top)
        rng.shuffle(pack)
        hidden = (shown["cause_cards"] if shown["cause_cards"] is not None else state.cause_cards) - (top is not None)
        player.cause.cards = [top] if top is not None else []
        player.cause.cards += [pack.pop() for _ in range(max(0, min(hidden, len(pack))))]
        player.face_up = int(top is not None)
        player.defeated = [pack.pop() for _ in range(min(shown["defeated"], len(pack)))]
        player.cause_deck.cards = [pack.pop() for _ in range(min(shown["cause_deck"], len(pack)))]
        player.set_aside = pack
        player.rp = shown["rp"] if shown["rp"] is not None else 2 * state.cause_cards
        player.out = shown["out"]
        if attempt and attempt["seat"] == seat:
            for card in drawn:
                player.action_deck.cards.remove(card)
    if attempt:
        state.attempt = Attempt(attempt["seat"], ACTIVITIES[attempt["suit"]], attempt["severity"], attempt["target"],
                                drawn, attempt["action_points"])
    return game
