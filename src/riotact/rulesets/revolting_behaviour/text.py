"""The words of Revolting Behaviour!, in one place.

The terminal screen of one seat (``SPEC.text_view``): the table of Revolting Behaviour! in words.

It reads only ``Game.view(seat)``, which holds just what the seat may know (RB-07: face-down Cause
cards are hidden from everyone, their owner included), so the screen cannot show a hidden card.
Each player's line gives his RP, his Cause pile (face down, and the face-up top card if an attack
revealed one), defeated cards and what is left of his Cause Deck. The attempt under way says what
was declared, what it needs, earns and costs, and why each card drawn so far failed (or that it succeeded).

>>> from riotact.core import Game
>>> from riotact.core.scenario import find_scenario
>>> game = Game(find_scenario("revolting-behaviour/first-game"), seed=7,
...             options={"first_turn_order": "seats"})
>>> print(text_view(game.view("p1")))  # doctest: +NORMALIZE_WHITESPACE
Revolting Behaviour! turn 1. You are p1. Order this turn: p1, p2.
player      RP  Cause pile                               defeated  Cause Deck
p1 (you)    20  10 face down                                    0          44
p2          20  10 face down                                    0          44
p1 to act: declare an action (type, severity, target) or make no attempt.
Suits (RB-10): Diamonds legal fund-raising, Hearts legal force, Clubs illegal
fund-raising, Spades illegal force. Force earns action points (AP): on your own
Cause they defeat cards (RB-20); against a rival, 2 AP cost him 1 RP (RB-19).

What the log says: the Python engine (:mod:`.rules`) and the compiled laboratory core's renderer
(``lablog.py``) both build their events here from plain facts (seat names, card names, numbers), so a game explained
either way reads the same, word for word and field for field. An effect is a :data:`Said`: its
rule, its text and its fields, as ``Umpire.effect`` takes them.

``totals`` is a player's (RP, Cause cards) while totals are open (RB-07 gap), else None: the
events then say neither.

>>> rule, text, fields = raised("9 of Diamonds", "p1", 4, (24, 10))
>>> text
'9 of Diamonds succeeds: p1 raises 4 RP and has 24 RP at once (RB-16).'
>>> rule, fields
('RB-13', {'seat': 'p1', 'rp': 24, 'cause': 10})
>>> declaration_text("S", "severe", "p2", Options())
'Severe Spades against p2: a Spade of 8 or more, p2 loses 16 RP, 2 RP a card'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from riotact.core import Card
from riotact.core.cards import SUIT_NAMES

from .options import Options
from .rules.cards import ACTIVITIES, requirement, reward

#: An effect: its rule, its text and its fields.
Said = tuple[str, str, dict[str, Any]]
#: A player's (RP, Cause cards) while totals are open, else None.
Totals = tuple[int, int] | None

#: How a game ends, worded once for the Python engine and the compiled laboratory core.
ENDINGS = {
    "turn_limit": "the turn limit of {limit} was reached",
    "elimination": "every other player is at 0 resource points (RB-25)",
    "all_out": "every player is out of the game (RB-25, RB-26)",
    "cause_defeated": "{seat} defeated the last card of his Cause (RB-24)",
    "cause_empty": "{seat}'s Cause is empty after the Joker (RB-24)",
}


def pile_name(seat: str, pile: str) -> str:
    """How the log names a seat's piles: ``cause-deck``, ``action`` (RB-03) and ``cause``."""
    return f"{seat}/{pile}"


def _shown(template: str, totals: Totals) -> tuple[str, dict[str, Any]]:
    if totals is None:
        return "", {}
    rp, cause = totals
    return template.format(rp=rp, cause=cause), {"rp": rp, "cause": cause}


# -- the decisions' words (the legal actions) ---------------------------------------------------
PASS_TEXT = "make no attempt this turn (free)"
STOP_TEXT = "stop drawing: the attempt fails, no reward and nothing more to pay (RB-14)"
RETIRE_TEXT = "leave the game (you are out)"


def draw_text(cost: int) -> str:
    return f"draw an action card for {cost} RP (RB-15)"


def restart_text(cause_cards: int) -> str:
    return f"start a new cause ({cause_cards} cards, {2 * cause_cards} RP)"


def use_cause_text(points: int) -> str:
    return f"spend the {points} action points on own Cause (RB-20)"


def use_against_text(points: int, target: str) -> str:
    return f"spend the {points} action points against {target}: {target} loses {points // 2} RP (RB-19)"


def declaration_text(suit: str, level: str, target: str | None, options: Options) -> str:
    """RB-11: what the declared action needs, what it earns and what each card costs."""
    activity = ACTIVITIES[suit]
    what = f"{level.capitalize()} {SUIT_NAMES[suit]}"
    needs = requirement(activity, level, options)
    gain = reward(activity, level, options)
    cost = f"{activity.cost} RP a card"
    if not activity.force:
        return f"{what}: {needs}, raises {gain} RP, {cost}"
    if target is None:
        return f"{what} on own Cause: {needs}, {gain} AP, {cost}"
    return f"{what} against {target}: {needs}, {target} loses {gain // 2} RP, {cost}"


# -- draws: the purpose, note and fields Umpire.draw takes ----------------------------------------
CAUSE_PURPOSE = "his Cause (face down)"  # RB-06, RB-07: nobody sees them
BOTTOM_PURPOSE = "the bottom of his Cause"  # RB-22, face down
PENALTY_PURPOSE = "the crackdown's cost"  # RB-23


def action_draw(severity: str, activity: str, cost: int, totals: Totals) -> tuple[str, str, dict[str, Any]]:
    """RB-14, RB-15: the purpose, the note (the cost paid as the card is drawn) and the fields."""
    shown, fields = _shown(" and keeping {rp}", totals)
    return f"a {severity} {activity} action", f", paying {cost} RP (RB-15){shown}", {"paid": cost, **fields}


FIRST_ORDER_PURPOSE = "the first-turn order"  # RB-09, a random order (Umpire.permute)


# -- effects ------------------------------------------------------------------------------------
def cause_drawn(seat: str, cards: int, rp: int) -> Said:
    return "RB-08", f"{seat} draws {cards} Cause cards face down and has {rp} RP.", {
        "seat": seat, "cause": cards, "rp": rp}


def turn_order(turn: int, order: list[str], rps: Sequence[int] | None) -> Said:
    """RB-02: the order by resource points, with each player's RP while totals are open."""
    listing = ", ".join(order if rps is None else (f"{s} ({rp} RP)" for s, rp in zip(order, rps, strict=True)))
    return "RB-02", f"Turn {turn} order by resource points: {listing}.", {"order": list(order)}


def retired(seat: str) -> Said:
    return "RB-26", f"{seat} does not restart and is out of the game.", {"seat": seat}


def stopped(seat: str) -> Said:
    return "RB-14", f"{seat} stops drawing: the attempt fails with no reward.", {"seat": seat}


def deck_empty(seat: str) -> Said:
    return "RB-14", f"{seat}'s Action Deck is empty: the attempt fails.", {}


def missed(card: str, why: str | None, seat: str) -> Said:
    return "RB-12", f"{card} fails: {why}.", {"seat": seat}


def raised(card: str, seat: str, gained: int, totals: Totals) -> Said:
    shown, fields = _shown(" and has {rp} RP", totals)
    return "RB-13", f"{card} succeeds: {seat} raises {gained} RP{shown} at once (RB-16).", {"seat": seat, **fields}


def gained_points(card: str, seat: str, gained: int) -> Said:
    return "RB-13", f"{card} succeeds: {seat} gains {gained} action points.", {"seat": seat, "action_points": gained}


def attacked(seat: str, target: str, points: int, loss: int, totals: Totals) -> Said:
    """RB-19; ``totals`` are the target's."""
    shown, fields = _shown(" and has {rp} RP", totals)
    return "RB-19", f"{seat} spends {points} AP against {target}, who loses {loss} RP{shown}.", {
        "seat": target, **fields}


def revealed(seat: str, card: str, code: str) -> Said:
    return "RB-20", f"{seat}'s top Cause card is revealed: {card}.", {"seat": seat, "card": code}


def unbeaten(seat: str, points: int, card: str, value: int) -> Said:
    return "RB-20", (f"{points} AP cannot beat {card} ({value}): it stays face up and the remaining points "
                     "are lost (RB-18)."), {"seat": seat}


def defeated(seat: str, card: str, value: int, points: int, totals: Totals) -> Said:
    shown, fields = _shown(" and {cause} Cause cards are left", totals)
    return "RB-20", f"{seat} defeats {card} ({value}); {points} AP remain{shown}.", {"seat": seat, **fields}


def unused(seat: str, points: int) -> Said:
    return "RB-18", f"{points} unused AP are lost.", {"seat": seat}


def joker_removed(seat: str) -> Said:
    return "RB-21", f"The Joker is removed from {seat}'s Cause.", {"seat": seat}


JOKER_DRAWN = "drew a Joker from the Action Deck"
JOKER_REVEALED = "revealed a Joker in his Cause"


def joker_not_charged(seat: str, refund: int, totals: Totals) -> Said:
    """RB-15 house rule ``charge_jokers = false``: the RP paid for the Joker's draw come back."""
    shown, fields = _shown(" and has {rp} RP", totals)
    return ("RB-15", f"The Joker is not charged (house rule): {seat} gets back the {refund} RP paid for it{shown}.",
            {"seat": seat, "refund": refund, **fields})


def crackdown(seat: str, how: str) -> Said:
    return "RB-21", f"{seat} {how}: the authorities crack down and the attempt fails.", {"seat": seat}


def buried(seat: str, added: int, totals: Totals) -> Said:
    shown, fields = _shown(", which now has {cause}", totals)
    return "RB-22", f"{added} cards go face down to the bottom of {seat}'s Cause{shown}.", {"seat": seat, **fields}


def penalty(seat: str, loss: int, card: str, totals: Totals) -> Said:
    shown, fields = _shown(" and has {rp} RP", totals)
    return "RB-23", f"{seat} loses {loss} RP for {card}{shown}.", {"seat": seat, **fields}


def restarted(seat: str) -> Said:
    return "RB-26", f"{seat} starts a new cause.", {"seat": seat}


# -- the screen of one seat ---------------------------------------------------------------------
KEY = ("Suits (RB-10): Diamonds legal fund-raising, Hearts legal force, Clubs illegal\n"
       "fund-raising, Spades illegal force. Force earns action points (AP): on your own\n"
       "Cause they defeat cards (RB-20); against a rival, 2 AP cost him 1 RP (RB-19).")
PHASES = {
    "declare": "declare an action (type, severity, target) or make no attempt",
    "draw": "draw an action card or stop",
    "use": "spend the action points on the Cause or against one player",
    "restart": "at 0 RP: start a new cause or leave the game",
}


def text_view(view: dict[str, Any]) -> str:
    """The screen for ``view`` (a ``Game.view(seat)``), at most 80 columns."""
    state, seat = view["state"], view["seat"]
    order = ", ".join(state["order"])
    lines = [f"Revolting Behaviour! turn {view['turn']}. You are {seat}. Order this turn: {order}.",
             f"{'player':<10} {'RP':>3}  {'Cause pile':<40} {'defeated':>8}  {'Cause Deck':>10}"]
    for name, p in state["players"].items():
        label = f"{name} (you)" if name == seat else name
        rp = "?" if p["rp"] is None else str(p["rp"])
        lines.append(f"{label:<10} {rp:>3}  {_cause(p):<40} {p['defeated']:>8}  {p['cause_deck']:>10}")
    attempt = state["attempt"]
    if attempt is not None:
        lines.extend(_attempt(attempt, seat))
    result = view["result"]
    if result is not None:
        winners = ", ".join(result["winners"]) or "nobody"
        lines.append(f"Game over: {winners} won ({result['reason']}).")
    elif state["acting"] is not None:
        lines.append(f"{state['acting']} to act: {PHASES[state['phase']]}.")
    if view["legal_actions"] and state["phase"] == "declare":
        lines.append(KEY)
    return "\n".join(lines)


def _cause(player: dict[str, Any]) -> str:
    """RB-07: the face-down count and any face-up top card; "?" when totals are closed."""
    if player["out"]:
        return "out of the game (RB-26)"
    count = player["cause_cards"]
    top = player["cause_top"]
    if count is None:
        return f"? cards, top face up: {_name(top)}" if top else "? cards face down"
    if top:
        return f"{count} cards, top face up: {_name(top)}"
    return f"{count} face down"


def _attempt(attempt: dict[str, Any], seat: str) -> list[str]:
    who = "Your" if attempt["seat"] == seat else f"{attempt['seat']}'s"
    against = f" against {attempt['target']}" if attempt["target"] else (
        " against the Cause" if attempt["force"] else "")
    unit = "AP" if attempt["force"] else "RP"
    lines = [f"{who} attempt: {attempt['severity'].capitalize()} {attempt['activity']}{against}.",
             f"  needs {attempt['needs']}; earns {attempt['reward']} {unit}; costs {attempt['cost']} RP a card."]
    drawn = attempt["drawn"]
    if drawn:
        lines.append(f"  drawn so far ({len(drawn)}):")
        misses = attempt["misses"]  # None for the card that succeeded
        lines.extend(f"    {_name(code)}: {why or 'succeeds'}" for code, why in zip(drawn, misses, strict=True))
    else:
        lines.append("  no card drawn yet.")
    if attempt["action_points"]:
        lines.append(f"  {attempt['action_points']} action points to spend.")
    return lines


def _name(code: str) -> str:
    return Card.parse(code.split("~")[0]).name
