"""The ends of the game (RB-24, RB-25) and a new cause at 0 RP (RB-26)."""

from __future__ import annotations

from riotact.core import Result

from .. import text as say
from ..state import Player, World
from . import order


def restart(w: World, player: Player) -> None:
    """RB-26: a new Cause of N cards and 2N RP, as at set-up."""
    if w.options.restart_reshuffles_cause:
        for pile in (player.cause.cards, player.defeated, player.set_aside):
            player.cause_deck.cards.extend(pile)
            pile.clear()
        w.umpire.shuffle(player.cause_deck, "RB-26")
    else:
        player.set_aside.extend(player.cause.cards)
        player.cause.cards.clear()
    player.face_up = 0
    order.draw_cause(w, player)
    w.say(say.restarted(player.seat))
    w.phase = "declare"


def retire(w: World, player: Player) -> None:
    """RB-26 gap (a): a player at 0 RP who does not restart is out of the game."""
    player.out = True
    w.say(say.retired(player.seat))
    order.end_action(w)


def check_elimination(w: World) -> None:
    """RB-25: everyone else at 0 RP wins it; checked at the end of each action (gap default).

    RB-26 house rule (default): a player at 0 RP who has not yet chosen may still start a new
    cause, so he stands in the way of an elimination win until he declines.
    """
    may_restart = w.options.restart_before_elimination
    standing = [s for s, p in w.players.items() if not p.out and (p.rp > 0 or may_restart)]
    if len(w.seats) > 1 and len(standing) == 1 and w.players[standing[0]].rp > 0:
        finish(w, (standing[0],), say.ENDINGS["elimination"])
    elif all(p.out for p in w.players.values()):
        finish(w, (), say.ENDINGS["all_out"])


def finish(w: World, winners: tuple[str, ...], reason: str) -> None:
    """RB-24, RB-25: the game is over; each seat scores its defeated Cause cards."""
    w.result = final_result(winners, reason, {s: (len(p.defeated), p.rp, len(p.cause), p.out)
                                              for s, p in w.players.items()})


def final_result(winners: tuple[str, ...], reason: str,
                 players: dict[str, tuple[int, int, int, bool]]) -> Result:
    """The result from each seat's (defeated Cause cards, RP, Cause cards left, out)."""
    return Result(winners, reason, scores={s: float(d) for s, (d, _, _, _) in players.items()},
                  details={s: {"rp": rp, "cause_left": left, "out": out} for s, (_, rp, left, out) in players.items()})
