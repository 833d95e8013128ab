"""Set-up and the turn order (RB-01..RB-03, RB-05, RB-06, RB-08, RB-09)."""

from __future__ import annotations

from .. import text as say
from .. import view
from ..state import Player, World
from . import end


def set_up(w: World) -> None:
    """RB-05: each player shuffles his two decks and draws his Cause (RB-06); then the first turn."""
    for seat in w.seats:
        player = w.players[seat]
        w.umpire.shuffle(player.cause_deck, "RB-05")
        w.umpire.shuffle(player.action_deck, "RB-05")
        draw_cause(w, player)
    begin_turn(w)


def draw_cause(w: World, player: Player) -> None:
    """RB-06 face-down Cause of N cards (RB-07: nobody sees them); RB-08 RP = 2N."""
    n = min(w.cause_cards, len(player.cause_deck))
    for _ in range(n):
        player.cause.cards.append(w.umpire.draw(
            player.cause_deck, "RB-06", player.seat, purpose=say.CAUSE_PURPOSE, visible_to=view.FACE_DOWN))
    player.rp = 2 * w.cause_cards
    w.say(say.cause_drawn(player.seat, n, player.rp))


def begin_turn(w: World) -> None:
    """RB-01: a turn in which every player has one action, in the order of RB-02 or RB-09."""
    w.umpire.turn += 1
    if w.umpire.turn > w.turn_limit:
        end.finish(w, (), say.ENDINGS["turn_limit"].format(limit=w.turn_limit))
        return
    active = [s for s in w.seats if not w.players[s].out]
    if w.umpire.turn == 1 and w.options.first_turn_order == "random":
        w.order = w.umpire.permute("RB-09", active, purpose=say.FIRST_ORDER_PURPOSE)
    else:
        # RB-02: descending RP; a stable sort keeps ties in last turn's order (gap default).
        previous = w.order or list(w.seats)
        w.order = sorted((s for s in previous if s in active), key=lambda s: -w.players[s].rp)
        rps = [w.players[s].rp for s in w.order] if view.open_totals(w) else None
        w.say(say.turn_order(w.umpire.turn, w.order, rps))
    w.position = 0
    start_action(w)


def start_action(w: World) -> None:
    """RB-26: a player at 0 RP first restarts or retires; the others declare (RB-11)."""
    player = w.players[w.acting()]
    w.phase = "restart" if player.rp == 0 else "declare"


def end_action(w: World) -> None:
    """The acting player's one action is over (RB-01): the game may end (RB-25), else the next acts."""
    if w.result is None:
        end.check_elimination(w)
    if w.result is not None:
        return
    if w.options.reorder_within_turn:  # RB-02 house rule: re-sort those still to act
        rest = sorted(w.order[w.position + 1:], key=lambda s: -w.players[s].rp)
        w.order[w.position + 1:] = rest
    w.position += 1
    while w.position < len(w.order) and w.players[w.order[w.position]].out:
        w.position += 1
    if w.position >= len(w.order):  # RB-01: everyone has had his one action
        begin_turn(w)
    else:
        start_action(w)
