"""The compiled core's explained log: its records worded, on read, as the Python engine words its events.

An explained laboratory game (``lab.laboratory(..., explain=True)``) keeps, while it plays, one
record of ints per event that ``state.py`` logs, in the same order (``_labcore.c``, ``F_*``): its
kind, the turn, a seat and the facts (cards, values, counts). Nothing is worded while playing.
:class:`Narrator` turns the records into the very events ``Game(..., explain=True)`` logs (``seq``,
``turn``, ``kind``, ``visible_to``, ``text``, ``rule`` and every other field) when the log is read,
with the words of ``narration.py`` (the effects), ``core.adjudication`` (draws, shuffles, a random order)
and ``core.decisions`` (decisions, the end), the functions the Python engine words its own log with.
Fog is the log's own: hidden draws carry ``visible_to=[]`` as in play, and ``GameLog.for_seat``
filters and renumbers them.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from riotact.core import JOKER, Card, Result, Scenario, standard_pack
from riotact.core.adjudication import draw_text, permute_text, shuffle_text
from riotact.core.decisions import decision_text, end_text, log_header
from riotact.core.log import ALL, GameLog

from .. import text as say
from ..options import Options
from ..rules.actions import DRAW, PASS, RESTART, RETIRE, STOP, USE_CAUSE
from ..rules.cards import ACTIVITIES, SEVERITIES, card_value, miss

#: The record kinds, numbered as ``_labcore.c`` numbers them (``F_DECISION`` ...).
(F_DECISION, F_SHUFFLE, F_CAUSE_CARD, F_CAUSE_SET, F_PERMUTE, F_ORDER, F_RETIRE, F_STOP, F_DECK_EMPTY,
 F_ACTION_CARD, F_MISS, F_RAISE, F_GAIN_AP, F_ATTACK, F_REVEAL, F_UNBEATEN, F_DEFEAT, F_UNUSED, F_JOKER_OUT,
 F_CRACKDOWN, F_BURY_CARD, F_BURIED, F_PENALTY_CARD, F_PENALTY, F_RESTARTED, F_END) = range(26)
#: Ints per record: kind, turn, seat and seven facts (``RECORD`` in ``_labcore.c``).
RECORD = 10
_RECORD = struct.Struct(f"={RECORD}q")  # native int64s, as the core writes them
#: The core's cards: 0..51 in new-pack order, 52 a Joker (``lab.card_number``).
CARDS: tuple[Card, ...] = (*standard_pack(0), JOKER)
NAMES = tuple(c.name for c in CARDS)
CODES = tuple(c.code for c in CARDS)
#: The core's suit numbers: the activity of each (RB-12).
SUITS_BY_NUMBER = tuple(ACTIVITIES)
_PILES = ("cause-deck", "action")


def unpack(packed: int) -> list[int]:
    """An order of seat indices as the core packs it: seat + 1 per base-8 digit, the first lowest.

    >>> unpack(0o213)
    [2, 0, 1]
    """
    order = []
    while packed:
        order.append((packed & 7) - 1)
        packed >>= 3
    return order


@lru_cache(maxsize=256)
def _pile_name(seat: str, pile: str) -> str:
    return say.pile_name(seat, pile)


class Narrator:
    """Words a compiled core's records into a :class:`GameLog`, each record once, as they come."""

    def __init__(self, scenario: Scenario, seed: int, options: dict[str, Any], action_ids: tuple[str, ...]) -> None:
        self.log = GameLog(log_header("revolting-behaviour", scenario, seed, options))
        self.seats = scenario.seats
        self.options = Options(**options)
        self.cause_cards: int = scenario.setup.cause_cards
        self.action_ids = action_ids
        self.open_totals = self.options.open_totals
        #: How many records have been worded.
        self.read = 0
        self._texts: dict[tuple[int, ...], str] = {}  # a decision's words by (number, suit, points)
        self._last_draw = (0, 0, 0)  # the last action card's (RP paid, RP left, Cause cards) for RB-15
        self._word: dict[int, Callable[[int, str, tuple[int, ...]], None]] = {
            F_DECISION: self._decision, F_SHUFFLE: self._shuffle, F_CAUSE_CARD: self._cause_card,
            F_CAUSE_SET: lambda t, s, f: self._say(t, say.cause_drawn(s, f[0], f[1])),
            F_PERMUTE: self._permute, F_ORDER: self._order,
            F_RETIRE: lambda t, s, f: self._say(t, say.retired(s)),
            F_STOP: lambda t, s, f: self._say(t, say.stopped(s)),
            F_DECK_EMPTY: lambda t, s, f: self._say(t, say.deck_empty(s)),
            F_ACTION_CARD: self._action_card, F_MISS: self._miss,
            F_RAISE: lambda t, s, f: self._say(t, say.raised(NAMES[f[0]], s, f[1], self._totals(f[2], f[3]))),
            F_GAIN_AP: lambda t, s, f: self._say(t, say.gained_points(NAMES[f[0]], s, f[1])),
            F_ATTACK: lambda t, s, f: self._say(t, say.attacked(s, self.seats[f[0]], f[1], f[2],
                                                                self._totals(f[3], f[4]))),
            F_REVEAL: lambda t, s, f: self._say(t, say.revealed(s, NAMES[f[0]], CODES[f[0]])),
            F_UNBEATEN: lambda t, s, f: self._say(t, say.unbeaten(s, f[0], NAMES[f[1]], card_value(CARDS[f[1]]))),
            F_DEFEAT: lambda t, s, f: self._say(t, say.defeated(s, NAMES[f[0]], card_value(CARDS[f[0]]), f[1],
                                                                self._totals(f[2], f[3]))),
            F_UNUSED: lambda t, s, f: self._say(t, say.unused(s, f[0])),
            F_JOKER_OUT: lambda t, s, f: self._say(t, say.joker_removed(s)),
            F_CRACKDOWN: self._crackdown,
            F_BURY_CARD: lambda t, s, f: self._draw(t, s, "cause-deck", "RB-22", f[0], say.BOTTOM_PURPOSE, []),
            F_BURIED: lambda t, s, f: self._say(t, say.buried(s, f[0], self._totals(f[1], f[2]))),
            F_PENALTY_CARD: lambda t, s, f: self._draw(t, s, "action", "RB-23", f[0], say.PENALTY_PURPOSE, ALL),
            F_PENALTY: lambda t, s, f: self._say(t, say.penalty(s, f[0], NAMES[f[1]], self._totals(f[2], f[3]))),
            F_RESTARTED: lambda t, s, f: self._say(t, say.restarted(s)),
        }

    def catch_up(self, records: bytes, result: Result | None) -> None:
        """Word the records the core kept since the last call (``Core.facts(self.read)``);
        ``result`` is the game's, for its last event."""
        seats, word = self.seats, self._word
        for record in _RECORD.iter_unpack(records):
            kind, turn, seat = record[:3]
            if kind == F_END:
                assert result is not None, "the core ended the game: it has a result"
                self.log.append("end", turn, ALL, end_text(result), result=result.as_dict())
            else:
                word[kind](turn, seats[seat] if seat >= 0 else "", record[3:])
        self.read += len(records) // _RECORD.size

    # -- the words of each record ------------------------------------------------------------
    def _totals(self, rp: int, cause: int) -> say.Totals:
        return (rp, cause) if self.open_totals else None

    def _say(self, turn: int, said: say.Said) -> None:
        rule, text, fields = said
        self.log.append("effect", turn, ALL, text, rule=rule, **fields)

    def _draw(self, turn: int, seat: str, pile: str, rule: str, number: int, purpose: str, visible_to: Any,
              note: str = "", **fields: Any) -> None:
        """An event as ``Umpire.draw`` logs it."""
        deck = _pile_name(seat, pile)
        self.log.append("draw", turn, visible_to, draw_text(seat, NAMES[number], deck, purpose, rule, note),
                        rule=rule, deck=deck, card=CODES[number], who=seat, **fields)

    def _decision(self, turn: int, seat: str, facts: tuple[int, ...]) -> None:
        """``Game.apply``'s event, with the words of the action as ``state.legal_actions`` gives them."""
        number, suit, points = facts[:3]
        action = self.action_ids[number]
        text = self._texts.get(facts[:3])
        if text is None:
            text = self._texts[facts[:3]] = self._action_text(action, suit, points)
        # every RB decision is public (State.decision_visibility's default)
        self.log.append("decision", turn, ALL, decision_text(seat, text), seat=seat, action=action)

    def _action_text(self, action: str, suit: int, points: int) -> str:
        """The action's words as ``state.legal_actions`` offered it (``suit``: the attempt's, for a draw)."""
        fixed = {PASS: say.PASS_TEXT, STOP: say.STOP_TEXT, RETIRE: say.RETIRE_TEXT}.get(action)
        if fixed is not None:
            return fixed
        if action == DRAW:
            return say.draw_text(ACTIVITIES[SUITS_BY_NUMBER[suit]].cost)
        if action == RESTART:
            return say.restart_text(self.cause_cards)
        if action == USE_CAUSE:
            return say.use_cause_text(points)
        if action.startswith("use-"):
            return say.use_against_text(points, action[4:])
        declared, level, *target = action.split("-", 2)
        return say.declaration_text(declared, level, target[0] if target else None, self.options)

    def _shuffle(self, turn: int, seat: str, facts: tuple[int, ...]) -> None:
        """An event as ``Umpire.shuffle`` logs it."""
        pile, rule, size = facts[:3]
        deck, rule_id = _pile_name(seat, _PILES[pile]), f"RB-{rule:02d}"
        self.log.append("shuffle", turn, ALL, shuffle_text(deck, rule_id, size), rule=rule_id, deck=deck, size=size)

    def _cause_card(self, turn: int, seat: str, facts: tuple[int, ...]) -> None:
        self._draw(turn, seat, "cause-deck", "RB-06", facts[0], say.CAUSE_PURPOSE, [])  # RB-07: nobody sees it

    def _permute(self, turn: int, seat: str, facts: tuple[int, ...]) -> None:
        """RB-09, as ``Umpire.permute`` logs it."""
        order = [self.seats[i] for i in unpack(facts[0])]
        self.log.append("effect", turn, ALL, permute_text("RB-09", say.FIRST_ORDER_PURPOSE, order), rule="RB-09",
                        order=order)

    def _order(self, turn: int, seat: str, facts: tuple[int, ...]) -> None:
        """RB-02: the order by RP, each one's RP after it."""
        order = [self.seats[i] for i in unpack(facts[0])]
        self._say(turn, say.turn_order(turn, order, facts[1:1 + len(order)] if self.open_totals else None))

    def _action_card(self, turn: int, seat: str, facts: tuple[int, ...]) -> None:
        number, suit, level, paid, rp, cause = facts[:6]
        self._last_draw = (paid, rp, cause)
        purpose, note, fields = say.action_draw(SEVERITIES[level], ACTIVITIES[SUITS_BY_NUMBER[suit]].name, paid,
                                                self._totals(rp, cause))
        self._draw(turn, seat, "action", "RB-14", number, purpose, ALL, note, **fields)

    def _crackdown(self, turn: int, seat: str, facts: tuple[int, ...]) -> None:
        """RB-21; a Joker drawn is first refunded under ``charge_jokers = false`` (RB-15), from the facts of
        the draw just worded (the core refunds without a record of its own)."""
        if not facts[0] and not self.options.charge_jokers:
            paid, rp, cause = self._last_draw
            self._say(turn, say.joker_not_charged(seat, paid, self._totals(rp + paid, cause)))
        self._say(turn, say.crackdown(seat, say.JOKER_REVEALED if facts[0] else say.JOKER_DRAWN))

    def _miss(self, turn: int, seat: str, facts: tuple[int, ...]) -> None:
        number, suit, level = facts[:3]
        why = miss(CARDS[number], ACTIVITIES[SUITS_BY_NUMBER[suit]], SEVERITIES[level], self.options)
        self._say(turn, say.missed(NAMES[number], why, seat))
