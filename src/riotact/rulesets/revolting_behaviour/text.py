"""The terminal screen of one seat (``SPEC.text_view``): the table of Revolting Behaviour! in words.

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
"""

from __future__ import annotations

from typing import Any

from riotact.core import Card

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
