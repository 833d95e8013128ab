"""Spending action points (RB-18..RB-20): all against one rival's RP, or all against one's own Cause."""

from __future__ import annotations

from riotact.core import Card

from .. import text as say
from .. import view
from ..state import Player, World
from . import actions, end, jokers
from .cards import card_value


def use_points(w: World, player: Player, target: str | None) -> None:
    """RB-18: all the points against one player or all against the Cause; none held over."""
    assert w.attempt is not None
    gained = w.attempt.action_points
    if target is None:
        attack_cause(w, player, gained)
    else:
        attack_player(w, player, w.players[target], gained)
    if w.result is None:
        actions.end_attempt(w, player)


def attack_player(w: World, player: Player, target: Player, gained: int) -> None:
    """RB-19: the target loses 1 RP per 2 full AP; RP stop at 0 (gap default)."""
    loss = min(gained // 2, target.rp)
    target.rp -= loss
    w.say(say.attacked(player.seat, target.seat, gained, loss, view.totals(w, target)))


def attack_cause(w: World, player: Player, left: int) -> None:
    """RB-20: reveal the top card; defeat it if the AP reach its value, carry the rest on."""
    cause = player.cause
    beaten: list[Card] = []
    while cause.cards and (left > 0 or w.options.reveal_at_zero_ap):
        top = cause.cards[0]
        first_sight = player.face_up == 0
        if first_sight:
            player.face_up = 1
            w.say(say.revealed(player.seat, top.name, top.code))
        if top.is_joker and first_sight:
            jokers.cause_joker(w, player, beaten)
            return
        value = card_value(top)
        if left < value:
            w.say(say.unbeaten(player.seat, left, top.name, value))
            return
        left -= value
        beaten.append(cause.draw())
        player.defeated.append(beaten[-1])
        player.face_up -= 1
        w.say(say.defeated(player.seat, top.name, value, left, view.totals(w, player)))
    if not cause.cards:
        end.finish(w, (player.seat,), say.ENDINGS["cause_defeated"].format(seat=player.seat))
    elif left:
        w.say(say.unused(player.seat, left))
