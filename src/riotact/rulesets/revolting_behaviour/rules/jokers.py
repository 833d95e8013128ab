"""Jokers (RB-21..RB-23): the authorities crack down on a Joker drawn or revealed."""

from __future__ import annotations

from riotact.core import Card

from .. import text as say
from .. import view
from ..state import Player, World
from . import actions, end
from .cards import card_value


def cause_joker(w: World, player: Player, beaten: list[Card]) -> None:
    """RB-21: a Joker seen in the Cause ends the attack; gap (a)/(b) house rules."""
    if not w.options.keep_defeated_on_joker:
        for card in reversed(beaten):
            player.defeated.remove(card)
            player.cause.put_top(card)
        player.face_up += len(beaten)  # back on top, still face up (RB-07): seen, so no new reveal
    if w.options.cause_joker == "discard":
        joker = player.cause.cards.pop(player.face_up - 1)  # the Joker is the lowest face-up card
        player.set_aside.append(joker)  # not a defeated card
        player.face_up -= 1
        w.say(say.joker_removed(player.seat))
    crackdown(w, player, say.JOKER_REVEALED)
    if not player.cause.cards:  # RB-21 gap (b): an emptied Cause counts as defeated
        end.finish(w, (player.seat,), say.ENDINGS["cause_empty"].format(seat=player.seat))


def crackdown(w: World, player: Player, how: str) -> None:
    """RB-22: five cards to the bottom of the Cause; RB-23: lose a penalty card's value in RP."""
    w.say(say.crackdown(player.seat, how))
    added = min(5, len(player.cause_deck))  # RB-22 gap: add what remains
    for _ in range(added):
        player.cause.put_bottom([w.umpire.draw(player.cause_deck, "RB-22", player.seat,
                                               purpose=say.BOTTOM_PURPOSE, visible_to=view.FACE_DOWN)])
    w.say(say.buried(player.seat, added, view.totals(w, player)))
    if not player.action_deck.cards:
        actions.return_drawn(w, player)
    card = w.umpire.draw(player.action_deck, "RB-23", player.seat, purpose=say.PENALTY_PURPOSE,
                         visible_to=view.FACE_UP)
    if w.attempt is not None:
        w.attempt.drawn.append(card)
    cost = w.attempt.activity.cost if w.options.penalty_draw_costs and w.attempt else 0
    loss = min(card_value(card) + cost, player.rp)
    player.rp -= loss
    w.say(say.penalty(player.seat, loss, card.name, view.totals(w, player)))
