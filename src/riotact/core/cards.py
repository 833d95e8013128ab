"""Playing cards and piles.

Cards are written as on the table: ``"AS"`` (ace of spades), ``"10H"``, ``"QD"``,
``"JOKER"``. A :class:`Pile` lists its cards top first.

>>> card = Card.parse("QD")
>>> card.rank, card.suit, card.colour, card.code
(12, 'D', 'red', 'QD')
>>> len(standard_pack(jokers=2))
54
>>> pile = Pile("p1/action", standard_pack(jokers=0))
>>> pile.draw().code
'AS'
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field

from .errors import CardScriptError
from .protocol import record_copy

SUITS = ("S", "H", "D", "C")
SUIT_NAMES = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}
RANK_CODES = {1: "A", 11: "J", 12: "Q", 13: "K"}
RANK_NAMES = {1: "Ace", 11: "Jack", 12: "Queen", 13: "King"}
JOKER_RANK = 0


@dataclass(frozen=True, slots=True)
class Card:
    """One card; ``rank`` 1..13 (ace low) and ``suit`` in S H D C, or a Joker.

    ``tag`` marks one physical card; leak tests plant unique tags in hidden cards.
    """

    rank: int
    suit: str | None
    tag: str = ""

    def __deepcopy__(self, memo: dict[int, object]) -> Card:
        return self  # immutable: copies of a game share their cards (a deck copied card by card was most of a copy)

    @classmethod
    def parse(cls, code: str) -> Card:
        text = code.strip().upper()
        if text in ("JOKER", "JK"):
            return JOKER
        rank_text, suit = text[:-1], text[-1:]
        ranks = {v: k for k, v in RANK_CODES.items()}
        rank = ranks.get(rank_text) or (int(rank_text) if rank_text.isdigit() else 0)
        if suit not in SUITS or not 1 <= rank <= 13:
            raise CardScriptError(f"{code!r} is not a card (write e.g. AS, 10H, QD, JOKER)")
        return cls(rank, suit)

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER_RANK

    @property
    def colour(self) -> str | None:
        if self.suit is None:
            return None
        return "red" if self.suit in ("H", "D") else "black"

    @property
    def code(self) -> str:
        base = "JOKER" if self.is_joker else f"{RANK_CODES.get(self.rank, str(self.rank))}{self.suit}"
        return f"{base}~{self.tag}" if self.tag else base

    @property
    def name(self) -> str:
        """Plain words, e.g. ``'Queen of Diamonds'``."""
        if self.is_joker or self.suit is None:
            return "Joker"
        return f"{RANK_NAMES.get(self.rank, str(self.rank))} of {SUIT_NAMES[self.suit]}"

    def __str__(self) -> str:
        return self.code


JOKER = Card(JOKER_RANK, None)


_NEW_PACK = tuple(Card(r, s) for s in SUITS for r in range(1, 14))


def standard_pack(jokers: int = 2) -> list[Card]:
    """A 52-card pack in new-pack order (by suit, ace to king) plus ``jokers``."""
    return [*_NEW_PACK, *[JOKER] * jokers]


@dataclass
class Pile:
    """A named pile, top card first. ``name`` is how the log names it (``p1/action``).

    A pile the umpire has shuffled is dealt lazily: each draw takes a uniformly
    random card from those left (the same odds as dealing a shuffled pile, at a
    fraction of the cost), after the ``ordered`` cards a test put on top.
    """

    name: str
    cards: list[Card] = field(default_factory=list)
    rng: random.Random | None = field(default=None, repr=False, compare=False)
    ordered: int = 0

    def __deepcopy__(self, memo: dict[int, object]) -> Pile:
        return record_copy(self, memo)  # for search: its containers copied, its values shared

    def __len__(self) -> int:
        return len(self.cards)

    def draw(self) -> Card:
        if self.rng is None or self.ordered:
            self.ordered = max(0, self.ordered - 1)
            return self.cards.pop(0)
        cards = self.cards
        i = int(self.rng.random() * len(cards))
        card, cards[i] = cards[i], cards[-1]
        cards.pop()
        return card

    def put_bottom(self, cards: Iterable[Card]) -> None:
        self.cards.extend(cards)

    def put_top(self, card: Card) -> None:
        self.cards.insert(0, card)
        if self.rng is not None:
            self.ordered += 1

    def shuffled(self, rng: random.Random, top: list[Card] | None = None) -> None:
        """Mark the pile shuffled; ``top`` (tests) fixes the first cards dealt."""
        self.rng = rng
        self.cards = arrange(self.cards, top) if top else self.cards
        self.ordered = len(top) if top else 0


def arrange(cards: list[Card], top: list[Card]) -> list[Card]:
    """Move the cards named in ``top`` to the top, in that order (for scripted tests).

    >>> [c.code for c in arrange(standard_pack(0)[:3], [Card.parse("3S")])]
    ['3S', 'AS', '2S']
    """
    rest = list(cards)
    for card in top:
        try:
            rest.remove(card)
        except ValueError:
            raise CardScriptError(f"scripted card {card.code} is not in the pile") from None
    return list(top) + rest
