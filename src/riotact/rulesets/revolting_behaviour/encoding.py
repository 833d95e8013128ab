"""Revolting Behaviour! for learning and search: its fixed action numbering and observation features.

Action numbers, for a scenario with seats ``p1..pN`` (docs/rl.md lists them for first-game):

- 0..5: ``pass``, ``draw``, ``stop``, ``restart``, ``retire``, ``use-cause`` (RB-01, 14, 26, 18);
- then ``use-<seat>`` for every seat (RB-18 when the use is chosen after success);
- then every declaration (RB-11) suit by suit (D H C S) and severity by severity (mild, moderate,
  severe, extreme, whether or not the options offer them): ``<suit>-<severity>`` and, for the force
  suits H and S, ``<suit>-<severity>-<seat>`` for every seat.

Features (all from the seat's view; RB-07: nobody sees a face-down Cause card): the seat's own
block first, then the others in seat order after it, each ``rp, cause cards, open-flag, defeated,
cause deck (over that player's Cause Deck as the scenario deals it, RB-03: public), out, face-up top
card (rank/15, suit one-hot)``; then the phase, the attempt under way
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

from riotact.core import Scenario
from riotact.core.encoding import Encoding
from riotact.core.options import make_options

from .options import Options
from .rules.actions import DRAW, PASS, RESTART, RETIRE, STOP, USE_CAUSE
from .rules.cards import ACTIVITIES, SEVERITIES

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


def _features(seats: tuple[str, ...], cause_size: int, turn_limit: int,
              decks: Mapping[str, int]) -> tuple[Callable[[Mapping[str, Any]], np.ndarray], int]:
    """The observation function and its size; ``decks`` is each seat's Cause Deck size (RB-03)."""
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
                    p["defeated"] / scale, p["cause_deck"] / decks[s], float(p["out"]), *_card(p["cause_top"])]
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


def encoding(scenario: Scenario, options: dict[str, Any]) -> Encoding:
    jokers = make_options(Options, scenario.ruleset, options).jokers_per_deck
    decks = {seat: len(scenario.setup.pack(seat, "cause", jokers=jokers)) for seat in scenario.seats}
    observe, size = _features(scenario.seats, scenario.setup.cause_cards, scenario.setup.turn_limit, decks)
    return Encoding(action_ids(scenario.seats), observe=observe, observation_size=size)
