"""The cards and the actions (RB-04, RB-10, RB-12, RB-13): activity types, severities, what succeeds and
what it earns.

>>> ACTIVITIES["S"].legal, ACTIVITIES["S"].force, ACTIVITIES["D"].legal, ACTIVITIES["D"].force
(False, True, True, False)
>>> from riotact.core import JOKER
>>> card_value(Card.parse("QD")), card_value(JOKER)
(12, 15)
"""

from __future__ import annotations

from dataclasses import dataclass

from riotact.core import Card
from riotact.core.cards import SUIT_NAMES

from ..options import Options

JOKER_VALUE = 15  # RB-04, RB-23: a Joker counts 15 when a value is needed


def card_value(card: Card) -> int:
    """RB-04: Ace 1, pips, Jack 11, Queen 12, King 13; a Joker 15."""
    return JOKER_VALUE if card.is_joker else card.rank


@dataclass(frozen=True)
class Activity:
    """RB-10: each activity type is tied to a suit; red is legal, black illegal."""

    suit: str
    legal: bool
    force: bool
    name: str

    @property
    def cost(self) -> int:
        """RB-15: each card drawn costs 1 RP (legal) or 2 RP (illegal)."""
        return 1 if self.legal else 2

    @property
    def title(self) -> str:
        return f"{self.name} ({SUIT_NAMES[self.suit]})"


ACTIVITIES = {
    "D": Activity("D", legal=True, force=False, name="legal fund-raising"),
    "H": Activity("H", legal=True, force=True, name="legal force"),
    "C": Activity("C", legal=False, force=False, name="illegal fund-raising"),
    "S": Activity("S", legal=False, force=True, name="illegal force"),
}

SEVERITIES = ("mild", "moderate", "severe", "extreme")


def severities(options: Options) -> tuple[str, ...]:
    """RB-12 gap: Severe is added by default; Extreme only when the umpire enables it."""
    levels = ["mild", "moderate"]
    if options.severe:
        levels.append("severe")
    if options.extreme:
        levels.append("extreme")
    return tuple(levels)


def succeeds(card: Card, activity: Activity, severity: str, options: Options) -> bool:
    """RB-12: does this action card meet the severity's success requirement?"""
    if card.is_joker:
        return False
    if severity == "mild":  # a card of the same colour
        return card.colour == ("red" if activity.legal else "black")
    if card.suit != activity.suit:  # Moderate and above: the same suit
        return False
    if severity == "moderate":
        return True
    if severity == "severe":  # RB-12 gap default: same suit, value 8 or more
        return card.rank >= options.severe_min_rank
    return card.rank >= 11  # Extreme (optional): a face card of the same suit


def requirement(activity: Activity, severity: str, options: Options) -> str:
    """RB-12 in words: what a drawn card needs to be for this action to succeed.

    >>> requirement(ACTIVITIES["S"], "severe", Options())
    'a Spade of 8 or more'
    >>> requirement(ACTIVITIES["D"], "mild", Options())
    'a red card'
    """
    suit = SUIT_NAMES[activity.suit][:-1]
    if severity == "mild":
        return f"a {'red' if activity.legal else 'black'} card"
    if severity == "moderate":
        return f"a {suit}"
    if severity == "severe":
        return f"a {suit} of {options.severe_min_rank} or more"
    return f"a {suit} Jack, Queen or King"


def miss(card: Card, activity: Activity, severity: str, options: Options) -> str | None:
    """Why a drawn card does not succeed (RB-12, RB-21), or None when it does.

    >>> miss(Card.parse("7S"), ACTIVITIES["S"], "severe", Options())
    'a Spade below 8'
    >>> o = Options()
    >>> miss(Card.parse("7H"), ACTIVITIES["S"], "mild", o), miss(Card.parse("7S"), ACTIVITIES["S"], "mild", o)
    ('not a black card', None)
    """
    if card.is_joker:
        return "a Joker: the authorities crack down"
    if succeeds(card, activity, severity, options):
        return None
    if severity == "mild":
        return f"not {requirement(activity, severity, options)}"
    if card.suit != activity.suit:
        return f"not a {SUIT_NAMES[activity.suit][:-1]}"
    if severity == "severe":
        return f"a {SUIT_NAMES[activity.suit][:-1]} below {options.severe_min_rank}"
    return "not a face card"


def reward(activity: Activity, severity: str, options: Options) -> int:
    """RB-13 gap default: rewards double with each severity; illegal actions earn double."""
    base = options.reward(severity)
    return base if activity.legal else base * options.illegal_reward_multiplier
