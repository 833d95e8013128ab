"""Revolting Behaviour! for learning and search: its fixed action numbering and observation features.

Action numbers, for a scenario with seats ``p1..pN`` (docs/rl.md lists them for first-game):

- 0..5: ``pass``, ``draw``, ``stop``, ``restart``, ``retire``, ``use-cause`` (RB-01, 14, 26, 18);
- then ``use-<seat>`` for every seat (RB-18 when the use is chosen after success);
- then every declaration (RB-11) suit by suit (D H C S) and severity by severity (mild, moderate,
  severe, extreme, whether or not the options offer them): ``<suit>-<severity>`` and, for the force
  suits H and S, ``<suit>-<severity>-<seat>`` for every seat.

Features (all from the seat's view; RB-07: nobody sees a face-down Cause card): the seat's own
block first, then the others in seat order after it, each ``rp, cause cards, open-flag, defeated,
cause deck, out, face-up top card (rank/15, suit one-hot)``; then the phase, the attempt under way
and the turn.

>>> from riotact.core import find_scenario
>>> enc = encoding(find_scenario("revolting-behaviour/first-game"), {})
>>> enc.action_ids[:8], enc.num_actions
(('pass', 'draw', 'stop', 'restart', 'retire', 'use-cause', 'use-p1', 'use-p2'), 40)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from riotact.core import Card, Game, Scenario, standard_pack
from riotact.core.encoding import Encoding

from .rules import ACTIVITIES, SEVERITIES
from .state import DRAW, PASS, RESTART, RETIRE, STOP, USE_CAUSE, Attempt, RevoltingBehaviour

PHASES = ("restart", "declare", "draw", "use")
SUITS = tuple(ACTIVITIES)
_PER_PLAYER = 11


def action_ids(seats: tuple[str, ...]) -> list[str]:
    ids = [PASS, DRAW, STOP, RESTART, RETIRE, USE_CAUSE, *(f"use-{s}" for s in seats)]
    for suit, activity in ACTIVITIES.items():
        for level in SEVERITIES:
            ids.append(f"{suit}-{level}")
            if activity.force:
                ids.extend(f"{suit}-{level}-{s}" for s in seats)
    return ids


def _card(code: str | None) -> list[float]:
    """Rank/15 and a suit one-hot; the leak-test tag after ``~`` is no part of the card."""
    if code is None:
        return [0.0] * 5
    face = code.split("~")[0]
    if face == "JOKER":
        return [1.0, 0.0, 0.0, 0.0, 0.0]
    ranks = {"A": 1, "J": 11, "Q": 12, "K": 13}
    rank = ranks.get(face[:-1]) or int(face[:-1])
    return [rank / 15, *(float(face[-1] == s) for s in SUITS)]


def _features(seats: tuple[str, ...], cause_size: int,
              turn_limit: int) -> tuple[Callable[[Mapping[str, Any]], np.ndarray], int]:
    scale = max(1, 2 * cause_size)

    def observe(view: Mapping[str, Any]) -> np.ndarray:
        me = view["seat"]
        state = view["state"]
        order = list(seats)
        start = order.index(me) if me in order else 0
        rotated = order[start:] + order[:start]
        out: list[float] = []
        for s in rotated:
            p = state["players"][s]
            known = p["rp"] is not None
            out += [(p["rp"] or 0) / scale, (p["cause_cards"] or 0) / scale, float(known),
                    p["defeated"] / scale, p["cause_deck"] / 54, float(p["out"]), *_card(p["cause_top"])]
        out += [float(state["phase"] == ph) for ph in PHASES]
        out.append(float(state["acting"] == me))
        attempt = state["attempt"] or {}
        out += [float(attempt.get("suit") == s) for s in SUITS]
        out += [float(attempt.get("severity") == lv) for lv in SEVERITIES]
        out += [float(attempt.get("target") == s) for s in rotated]
        out += [len(attempt.get("drawn", ())) / 10, attempt.get("action_points", 0) / 64]
        out.append(view["turn"] / turn_limit)
        return np.asarray(out, dtype=np.float32)

    size = _PER_PLAYER * len(seats) + len(PHASES) + 1 + len(SUITS) + len(SEVERITIES) + len(seats) + 3
    return observe, size


def determinise(scenario: Scenario, options: dict[str, Any], view: Mapping[str, Any], seed: int) -> Game:
    """A game the seat cannot tell from its own, built from its view alone (for searches).

    Everything the view shows is copied (RP, pile sizes, face-up Cause cards, the attempt under way,
    the turn order); the face-down Cause cards (RB-07: nobody knows them) and the piles are dealt at
    random from the cards not in sight; RP a closed-totals game hides are guessed as 2N (RB-08).
    """
    game = Game(scenario, seed=seed, options=options)
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
        pack = standard_pack(options["jokers_per_deck"])
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


def encoding(scenario: Scenario, options: dict[str, Any]) -> Encoding:
    observe, size = _features(scenario.seats, scenario.setup.cause_cards, scenario.setup.turn_limit)
    return Encoding(action_ids(scenario.seats), observe=observe, observation_size=size, determinise=determinise)
