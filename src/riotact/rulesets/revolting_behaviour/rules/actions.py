"""An action: declared (RB-11), then drawn for card by card and paid for (RB-12..RB-17)."""

from __future__ import annotations

from riotact.core import Action, Card

from .. import text as say
from .. import view
from ..state import Attempt, Player, World
from . import end, jokers, order, points
from .cards import ACTIVITIES, Activity, miss, reward, succeeds

PASS, DRAW, STOP, RESTART, RETIRE, USE_CAUSE = "pass", "draw", "stop", "restart", "retire", "use-cause"
# "stop" comes first, as "pass" does when declaring: the same number never means "draw" in one
# phase and "make no attempt" in the next (a person typing "1" again and again).
_STOP_ONLY = [Action(STOP, say.STOP_TEXT)]
_DRAW_OR_STOP = {cost: [*_STOP_ONLY, Action(DRAW, say.draw_text(cost))] for cost in (1, 2)}


def legal_actions(w: World, seat: str) -> list[Action]:
    """What the acting player may do in each phase (RB-11, RB-14, RB-18, RB-26)."""
    player = w.players[seat]
    if w.phase == "restart":
        return [Action(RESTART, say.restart_text(w.cause_cards)), Action(RETIRE, say.RETIRE_TEXT)]
    if w.phase == "draw":
        assert w.attempt is not None
        activity = w.attempt.activity
        return _DRAW_OR_STOP[activity.cost] if can_pay(w, player, activity) else _STOP_ONLY
    if w.phase == "use":
        assert w.attempt is not None
        gained = w.attempt.action_points
        return [Action(USE_CAUSE, say.use_cause_text(gained)),
                *(Action(f"use-{t}", say.use_against_text(gained, t)) for t in w.rivals(seat))]
    return declarations(w, player)


def declarations(w: World, player: Player) -> list[Action]:
    """RB-11: activity type, then severity, then (force) an optional target."""
    targets = tuple(w.rivals(player.seat)) if w.options.declaration_fixes_use else ()
    # A card costs 1 or 2 RP (RB-15): what a player can afford depends on his RP up to 2 only.
    key = (min(player.rp, 2), targets)
    found = w.declarations.get(key)
    if found is None:
        affordable = tuple(s for s in ("D", "H", "C", "S") if can_pay(w, player, ACTIVITIES[s]))
        found = w.declarations[key] = _declare_choices(w, affordable, targets)
    return found


def _declare_choices(w: World, suits: tuple[str, ...], targets: tuple[str, ...]) -> list[Action]:
    """Each text says what the action needs, what it earns and what each card costs."""
    found = [Action(PASS, say.PASS_TEXT)]
    for suit in suits:
        for level in w.levels:
            found.append(Action(f"{suit}-{level}", say.declaration_text(suit, level, None, w.options)))
            if ACTIVITIES[suit].force:
                found.extend(Action(f"{suit}-{level}-{t}", say.declaration_text(suit, level, t, w.options))
                             for t in targets)
    return found


def can_pay(w: World, player: Player, activity: Activity) -> bool:
    """RB-15 gap default: a card may be drawn only if its whole cost can be paid."""
    return player.rp >= (activity.cost if w.options.draw_needs_full_cost else 1)


def why_illegal(w: World, seat: str, action_id: str) -> str:
    if w.attempt is not None and action_id == DRAW:
        return f"a card costs {w.attempt.activity.cost} RP and {seat} has {w.players[seat].rp} (RB-15)"
    if w.phase == "draw":
        return "an action attempt is under way: draw or stop (RB-14)"
    if w.phase == "restart":
        return f"{seat} is at 0 RP: restart a new cause or retire first (RB-26)"
    return "that is not a legal action now"


def apply(w: World, seat: str, action: Action) -> None:
    """Carry out the acting player's legal decision."""
    player = w.players[seat]
    aid = action.id
    if aid == PASS:  # RB-01: a player may make no attempt
        order.end_action(w)
    elif aid == RESTART:
        end.restart(w, player)
    elif aid == RETIRE:
        end.retire(w, player)
    elif aid == DRAW:
        draw(w, player)
    elif aid == STOP:
        w.say(say.stopped(seat))
        end_attempt(w, player)
    elif aid.startswith("use-"):
        points.use_points(w, player, None if aid == USE_CAUSE else aid[4:])
    else:
        suit, level, *target = aid.split("-", 2)
        w.attempt = Attempt(seat, ACTIVITIES[suit], level, target[0] if target else None)
        w.phase = "draw"


def draw(w: World, player: Player) -> None:
    """RB-14: draw one action card, paying for it as it is drawn (RB-15); a Joker cracks down (RB-21)."""
    attempt = w.attempt
    assert attempt is not None
    if not player.action_deck.cards and not _refill_action_deck(w, player):
        w.say(say.deck_empty(player.seat))
        end_attempt(w, player)  # no card, so nothing to pay (RB-15)
        return
    cost = min(attempt.activity.cost, player.rp)  # RB-15: RP never fall below 0
    player.rp -= cost
    purpose, note, fields = say.action_draw(attempt.severity, attempt.activity.name, cost, view.totals(w, player))
    # RB-15: the cost is paid as the card is drawn
    card = w.umpire.draw(player.action_deck, "RB-14", player.seat, purpose=purpose, note=note,
                         visible_to=view.FACE_UP, **fields)
    attempt.drawn.append(card)
    if card.is_joker:
        if not w.options.charge_jokers:  # RB-15 house rule: a Joker is not charged
            player.rp += cost
            w.say(say.joker_not_charged(player.seat, cost, view.totals(w, player)))
        jokers.crackdown(w, player, say.JOKER_DRAWN)
        end_attempt(w, player)
    elif succeeds(card, attempt.activity, attempt.severity, w.options):
        _succeed(w, player, attempt, card)
    else:
        w.say(say.missed(card.name, miss(card, attempt.activity, attempt.severity, w.options), player.seat))


def _refill_action_deck(w: World, player: Player) -> bool:
    """RB-14 gap: a run-out deck fails the attempt, or (house rule) is reshuffled."""
    if w.options.empty_action_deck != "reshuffle" or w.attempt is None:
        return False
    player.action_deck.cards.extend(w.attempt.drawn)
    w.attempt.drawn.clear()
    w.umpire.shuffle(player.action_deck, "RB-14")
    return bool(player.action_deck.cards)


def _succeed(w: World, player: Player, attempt: Attempt, card: Card) -> None:
    """RB-13, RB-16: the reward takes effect at once."""
    gained = reward(attempt.activity, attempt.severity, w.options)
    if not attempt.activity.force:
        player.rp += gained
        w.say(say.raised(card.name, player.seat, gained, view.totals(w, player)))
        end_attempt(w, player)
        return
    attempt.action_points = gained
    w.say(say.gained_points(card.name, player.seat, gained))
    if w.options.declaration_fixes_use:
        points.use_points(w, player, attempt.target)
    else:
        w.phase = "use"


def return_drawn(w: World, player: Player) -> None:
    """RB-17: the action cards drawn go back into the Action Deck, which is reshuffled."""
    if w.attempt is not None:
        player.action_deck.cards.extend(w.attempt.drawn)
        w.attempt.drawn.clear()
    w.umpire.shuffle(player.action_deck, "RB-17")


def end_attempt(w: World, player: Player) -> None:
    """RB-17: all drawn action cards go back and the deck is reshuffled; the action is over."""
    return_drawn(w, player)
    w.attempt = None
    order.end_action(w)
