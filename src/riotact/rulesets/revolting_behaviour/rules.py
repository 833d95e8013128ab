"""Revolting Behaviour! as data: activity types, severities, rewards and house rules.

>>> ACTIVITIES["S"].legal, ACTIVITIES["S"].force, ACTIVITIES["D"].legal, ACTIVITIES["D"].force
(False, True, True, False)
>>> from riotact.core import JOKER
>>> card_value(Card.parse("QD")), card_value(JOKER)
(12, 15)
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict, Field

from riotact.core import Card, HouseRule
from riotact.core.cards import SUIT_NAMES

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


def severities(options: dict) -> tuple[str, ...]:
    """RB-12 gap: Severe is added by default; Extreme only when the umpire enables it."""
    levels = ["mild", "moderate"]
    if options["severe"]:
        levels.append("severe")
    if options["extreme"]:
        levels.append("extreme")
    return tuple(levels)


def succeeds(card: Card, activity: Activity, severity: str, options: dict) -> bool:
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
        return card.rank >= options["severe_min_rank"]
    return card.rank >= 11  # Extreme (optional): a face card of the same suit


def requirement(activity: Activity, severity: str, options: dict) -> str:
    """RB-12 in words: what a drawn card needs to be for this action to succeed.

    >>> requirement(ACTIVITIES["S"], "severe", {"severe_min_rank": 8})
    'a Spade of 8 or more'
    >>> requirement(ACTIVITIES["D"], "mild", {})
    'a red card'
    """
    suit = SUIT_NAMES[activity.suit][:-1]
    if severity == "mild":
        return f"a {'red' if activity.legal else 'black'} card"
    if severity == "moderate":
        return f"a {suit}"
    if severity == "severe":
        return f"a {suit} of {options['severe_min_rank']} or more"
    return f"a {suit} Jack, Queen or King"


def miss(card: Card, activity: Activity, severity: str, options: dict) -> str | None:
    """Why a drawn card does not succeed (RB-12, RB-21), or None when it does.

    >>> miss(Card.parse("7S"), ACTIVITIES["S"], "severe", {"severe_min_rank": 8})
    'a Spade below 8'
    >>> miss(Card.parse("7H"), ACTIVITIES["S"], "mild", {}) is None, miss(Card.parse("7S"), ACTIVITIES["S"], "mild", {})
    (False, None)
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
        return f"a {SUIT_NAMES[activity.suit][:-1]} below {options['severe_min_rank']}"
    return "not a face card"


def reward(activity: Activity, severity: str, options: dict) -> int:
    """RB-13 gap default: rewards double with each severity; illegal actions earn double."""
    base = options[f"reward_{severity}"]
    return base if activity.legal else base * options["illegal_reward_multiplier"]


class Setup(BaseModel):
    """The ``[setup]`` table of a Revolting Behaviour! scenario."""

    model_config = ConfigDict(extra="forbid")

    #: RB-06: N, the Cause cards every player draws (the same for all).
    cause_cards: int = Field(10, ge=1, le=52)
    #: The seed has no time limit; a scenario sets one so games always end.
    turn_limit: int = Field(200, ge=1, le=10_000)


HOUSE_RULES = (
    HouseRule("jokers_per_deck", 2, "RB-03", "Jokers in each Cause Deck and Action Deck (a 54-card pack).",
              choices=(0, 1, 2, 3, 4)),
    HouseRule("open_totals", True, "RB-07", "Cause pile sizes and RP totals are public information."),
    HouseRule("first_turn_order", "random", "RB-09",
              "First-turn order: the whole order drawn at random, or seat order.",
              choices=("random", "seats")),
    HouseRule("reorder_within_turn", False, "RB-02",
              "Re-sort the turn order after every action (default: fixed at the start of the turn)."),
    HouseRule("declaration_fixes_use", True, "RB-11",
              "A force action's target is named when declared; off: choose the use after success."),
    HouseRule("severe", True, "RB-12", "Add the Severe severity (same suit, high card)."),
    HouseRule("severe_min_rank", 8, "RB-12", "Lowest card value that satisfies a Severe action.",
              choices=tuple(range(2, 14))),
    HouseRule("extreme", False, "RB-12", "Add the optional Extreme severity (a face card of the suit)."),
    HouseRule("reward_mild", 4, "RB-13", "RP or AP earned by a successful Mild legal action."),
    HouseRule("reward_moderate", 8, "RB-13", "RP or AP earned by a successful Moderate legal action."),
    HouseRule("reward_severe", 16, "RB-13", "RP or AP earned by a successful Severe legal action."),
    HouseRule("reward_extreme", 32, "RB-13", "RP or AP earned by a successful Extreme legal action."),
    HouseRule("illegal_reward_multiplier", 2, "RB-13", "Illegal actions earn this many times the legal reward."),
    HouseRule("empty_action_deck", "fail", "RB-14",
              "An Action Deck that runs out mid-attempt: the attempt fails, or the cards are reshuffled.",
              choices=("fail", "reshuffle")),
    HouseRule("draw_needs_full_cost", True, "RB-15",
              "A card may be drawn only if the player can pay its whole cost."),
    HouseRule("charge_jokers", True, "RB-15", "A Joker drawn during an attempt is charged like any card."),
    HouseRule("reveal_at_zero_ap", False, "RB-20", "Reveal the next Cause card even when 0 AP remain."),
    HouseRule("keep_defeated_on_joker", True, "RB-21",
              "Cause cards defeated earlier in an attack stay defeated when a Joker is revealed."),
    HouseRule("cause_joker", "discard", "RB-21",
              "A Joker revealed in the Cause: discarded after the crackdown, or kept as a 15-point card.",
              choices=("discard", "value15")),
    HouseRule("penalty_draw_costs", False, "RB-23", "The Joker penalty card costs a draw cost too."),
    HouseRule("restart_before_elimination", True, "RB-26",
              "A player at 0 RP is offered a new cause before anyone wins by elimination; "
              "off: the last player above 0 wins at once (RB-25)."),
    HouseRule("restart_reshuffles_cause", True, "RB-26",
              "A restarting player gathers all his Cause cards and reshuffles before drawing N."),
)
