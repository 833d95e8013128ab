"""A heuristic Revolting Behaviour! player, using only its own seat's view.

Every card drawn risks a Joker (2 in 54): five more Cause cards and the value of a card in RP
(RB-21..RB-23). So the bot prefers the actions that earn most per card drawn: illegal ones
(Clubs to raise funds, Spades to attack), which earn twice as much for twice the cost. It
attacks its own Cause with enough action points for the face-up top card (RB-20), raises funds
when it could not pay for an attack's bad run of cards, and finishes off a last rival when one
attack takes his last resource points. A player at 0 RP always starts a new cause (RB-26).

It never stalls: whatever it declares, it draws at least one card, and it goes on drawing while
it can pay and keep a small reserve (stopping early only wastes what was paid).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from riotact.core import Action, Bot, Card, Evaluation, State
from riotact.core.search import outcome

from .rules.cards import card_value
from .state import World

ATTACK_FUNDS = 16  # RP to declare an attack: a Spade comes within 8 cards 9 times in 10
RESERVE = 4  # an attack stops drawing here, so a bad run still leaves funds to raise more
CAUTIOUS = 10  # below this the bot raises funds with Mild Clubs, which succeed sooner


class HeuristicBot(Bot):
    def choose(self, view: dict[str, Any] | None, legal: Sequence[Action]) -> str:
        assert view is not None
        return self.decide(view["state"], {a.id for a in legal})

    def decide(self, state: dict[str, Any], ids: set[str]) -> str:
        """The decision from the state part of the seat's view and the legal ids (the compiled
        laboratory core asks this way: ``lab.LabGame.core_bot``)."""
        me = state["players"][self.seat]
        rp = me["rp"]
        if "restart" in ids:
            return "restart"
        attempt = state["attempt"]
        if "draw" in ids or "stop" in ids:
            keep = RESERVE if attempt["force"] and attempt["drawn"] else 0  # the first card always
            return "draw" if "draw" in ids and rp - attempt["cost"] >= keep else "stop"
        if "use-cause" in ids:
            return self._use(state, ids)
        finish = self._finish_rival(state, ids) if rp >= CAUTIOUS else None
        if finish:
            return finish
        if rp >= ATTACK_FUNDS:
            top = me["cause_top"]
            needed = card_value(Card.parse(top.split("~")[0])) if top else 0
            plan = ["S-mild"] if 0 < needed <= 8 else []
            plan += ["S-moderate", "H-severe", "H-moderate"]
            return next((a for a in plan if a in ids), "pass")
        plan = ["C-mild", "D-moderate", "D-mild"] if rp < CAUTIOUS else ["C-moderate", "C-mild", "D-moderate"]
        return next((a for a in plan if a in ids), "pass")

    def _finish_rival(self, state: dict[str, Any], ids: set[str]) -> str | None:
        """RB-25: one attack that takes the last rival's last RP; he must then restart or retire."""
        rivals = {s: p for s, p in state["players"].items() if s != self.seat and not p["out"]}
        if len(rivals) != 1:
            return None
        rival, facts = next(iter(rivals.items()))
        left, cause = facts["rp"], facts["cause_cards"]
        if left is None or left == 0 or (cause is not None and cause > state["cause_size"]):
            return None  # unknown, already at 0, or a fresh cause would help him
        for action, points in (("S-mild", 8), ("S-moderate", 16)):
            if left <= points // 2 and f"{action}-{rival}" in ids:
                return f"{action}-{rival}"
        return None

    def _use(self, state: dict[str, Any], ids: set[str]) -> str:
        """RB-18 (use chosen after success): the last rival if the points take all his RP."""
        points = state["attempt"]["action_points"]
        rivals = {s: p["rp"] for s, p in state["players"].items() if s != self.seat and not p["out"]}
        for rival, left in rivals.items():
            if len(rivals) == 1 and left and left <= points // 2 and f"use-{rival}" in ids:
                return f"use-{rival}"
        return "use-cause"


#: Weights of the logistic fit of a win on (Cause cards fewer than the nearest rival, RP more than the
#: richest) at every 15th decision of 150 heuristic games of first-game and 60 of four-players
#: (log-loss 0.655 against 0.693 for a coin: RB is mostly the luck of the draw, RB-14, RB-21).
CARD_WEIGHT, RP_WEIGHT = 0.059, 0.0146
#: Decisions a search's rollout plays before :func:`value` judges it (a turn is 5-10 decisions).
HORIZON = 40


def value(state: State, seat: str) -> float:
    """The seat's prospects, -1..1: the outcome of a finished game; else, from what decides RB-24 and
    RB-25, how much of its Cause is left against the nearest rival's (the first to defeat his whole
    Cause wins) and its RP against the richest rival's (at 0 RP a player starts a new Cause, RB-26).
    A seat out of the game has lost."""
    assert isinstance(state, World)
    if state.result is not None:
        return outcome(state.result, state.seats)[seat]
    me = state.players[seat]
    rivals = [p for s, p in state.players.items() if s != seat and not p.out]
    if me.out:
        return -1.0
    if not rivals:
        return 1.0
    lead = (CARD_WEIGHT * (min(len(p.cause) for p in rivals) - len(me.cause))
            + RP_WEIGHT * (me.rp - max(p.rp for p in rivals)))
    return math.tanh(lead / 2)  # 2 P(win) - 1 under the fit


EVALUATION = Evaluation(value, HORIZON)
