"""What a seat knows in Revolting Behaviour!, stated once: its view, the audiences of the cards the rules
deal, the totals the log states, and the hidden cards the conformance suite plants (RB-07).

RB-07: a face-down Cause card is hidden from everyone, its owner included; a card drawn from an Action
Deck is seen by all. Resource points and Cause sizes are public while the ``open_totals`` house rule is
on (the default); otherwise each player knows only his own.
"""

from __future__ import annotations

from typing import Any, Final

from riotact.core import Card
from riotact.core.log import ALL, UMPIRE

from . import text as say
from .rules.cards import miss, requirement, reward
from .state import Player, World

#: RB-07: who sees a card dealt face down to a Cause (from the Cause Deck): nobody, its owner included.
FACE_DOWN: Final[list[str]] = []
#: RB-14, RB-23: who sees an action card drawn: everyone.
FACE_UP: Final = ALL


def open_totals(w: World) -> bool:
    """RB-07 gap: public events state a player's RP and Cause size only while totals are open."""
    return w.options.open_totals and w.umpire.log.explains  # (the laboratory log keeps neither)


def totals(w: World, player: Player) -> say.Totals:
    """What the log states of a player's (RP, Cause cards): both while totals are open, else nothing."""
    return (player.rp, len(player.cause)) if open_totals(w) else None


def view(w: World, seat: str) -> dict[str, Any]:
    """RB-07: Cause cards are hidden from everyone, the owner included."""
    players: dict[str, dict[str, Any]] = {}
    for s, p in w.players.items():
        public = w.options.open_totals or s == seat or seat == UMPIRE
        players[s] = {
            "rp": p.rp if public else None,
            "cause_cards": len(p.cause) if public else None,
            "cause_top": p.cause.cards[0].code if p.face_up and p.cause.cards else None,
            "cause_deck": len(p.cause_deck),
            "defeated": len(p.defeated),
            "out": p.out,
        }
        pack = w.action_packs[s]
        if pack is not None:  # RB-03: a changed Action Deck, known to all (absent: a standard pack)
            players[s]["action_pack"] = pack
    attempt = None
    if w.attempt is not None:
        a = w.attempt
        attempt = {"seat": a.seat, "suit": a.activity.suit, "severity": a.severity, "target": a.target,
                   "activity": a.activity.title, "force": a.activity.force,
                   "needs": requirement(a.activity, a.severity, w.options),
                   "reward": reward(a.activity, a.severity, w.options),
                   "cost": a.activity.cost, "drawn": [c.code for c in a.drawn],
                   "misses": [miss(c, a.activity, a.severity, w.options) for c in a.drawn],
                   "action_points": a.action_points}
    return {"players": players, "order": list(w.order), "phase": w.phase,
            "acting": w.acting() if w.result is None else None, "attempt": attempt,
            "severities": list(w.levels), "cause_size": w.cause_cards}


def plant_sentinels(w: World) -> None:
    """Tag every card no seat may see (the Cause and the Cause Deck), for the conformance leak test."""
    number = 0
    for player in w.players.values():
        for pile in (player.cause.cards, player.cause_deck.cards):
            for i, card in enumerate(pile):
                pile[i] = Card(card.rank, card.suit, tag=f"S{number}X")
                number += 1


def hidden_tokens(w: World, seat: str) -> set[str]:
    """The tags of the planted cards still hidden from ``seat``: all but the face-up top of a Cause."""
    tokens = set()
    for player in w.players.values():
        start = player.face_up
        for card in (*player.cause.cards[start:], *player.cause_deck.cards):
            if card.tag:
                tokens.add("~" + card.tag)
    return tokens
