"""The ``[setup]`` table of a Revolting Behaviour! scenario.

RB-03 gap: each player's two decks are a standard pack with ``jokers_per_deck`` Jokers unless the
umpire changes them: ``action_deck`` and ``cause_deck`` give every player's deck card by card, and
``[setup.decks.SEAT]`` one seat's (its fields win over the shared ones).

>>> setup = Setup.model_validate({"cause_cards": 2, "cause_deck": ["KS", "jk"],
...                               "decks": {"p1": {"action_deck": ["5C"]}}})
>>> [c.code for c in setup.pack("p1", "action", jokers=2)], [c.code for c in setup.pack("p2", "cause", jokers=2)]
(['5C'], ['KS', 'JOKER'])
>>> len(setup.pack("p2", "action", jokers=2)), setup.changed
(54, True)
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationInfo, field_validator, model_validator

from riotact.core import Card, standard_pack
from riotact.core.errors import CardScriptError
from riotact.core.scenario import scenario_seat


def _card_codes(codes: list[str]) -> list[str]:
    """Each code a card (RB-03), written as the log writes it."""
    if not codes:
        raise ValueError("a deck needs at least one card")
    try:
        return [Card.parse(code).code for code in codes]
    except CardScriptError as exc:
        raise ValueError(str(exc)) from None


#: A deck given card by card, top first as listed (the set-up shuffle, RB-05, mixes it anyway).
Cards = Annotated[list[str], Field(max_length=1000), AfterValidator(_card_codes)]


class SeatDecks(BaseModel):
    """``[setup.decks.SEAT]``: one seat's decks, where they differ from every player's."""

    model_config = ConfigDict(extra="forbid")

    action_deck: Cards | None = None
    cause_deck: Cards | None = None


class Setup(BaseModel):
    """The ``[setup]`` table of a Revolting Behaviour! scenario."""

    model_config = ConfigDict(extra="forbid")

    #: RB-06: N, the Cause cards every player draws (the same for all).
    cause_cards: int = Field(10, ge=1, le=52)
    #: The seed has no time limit; a scenario sets one so games always end.
    turn_limit: int = Field(200, ge=1, le=10_000)
    #: RB-03 gap: every player's Action Deck and Cause Deck, when the umpire changes the standard pack.
    action_deck: Cards | None = None
    cause_deck: Cards | None = None
    #: RB-03 gap: a seat's own decks, over the shared ones.
    decks: dict[str, SeatDecks] = {}

    @field_validator("decks")
    @classmethod
    def _seats_exist(cls, decks: dict[str, SeatDecks], info: ValidationInfo) -> dict[str, SeatDecks]:
        for seat in decks:
            scenario_seat(seat, info)
        return decks

    @model_validator(mode="after")
    def _causes_can_be_dealt(self) -> Setup:
        for seat, cards in [("", self.cause_deck), *((s, d.cause_deck) for s, d in self.decks.items())]:
            if cards is not None and len(cards) < self.cause_cards:
                whose, size = f"{seat}'s" if seat else "a", f"{len(cards)} card{'s' * (len(cards) != 1)}"
                raise ValueError(f"{whose} Cause Deck of {size} cannot deal a Cause of "
                                 f"cause_cards = {self.cause_cards} (RB-06)")
        return self

    @property
    def changed(self) -> bool:
        """Whether any deck is other than the standard pack (RB-03)."""
        return self.action_deck is not None or self.cause_deck is not None or bool(self.decks)

    def given(self, seat: str, deck: Literal["action", "cause"]) -> list[str] | None:
        """RB-03: the codes of ``seat``'s changed Action Deck or Cause Deck, or None for a standard pack."""
        own = self.decks.get(seat)
        return (own and (own.action_deck if deck == "action" else own.cause_deck)) or \
            (self.action_deck if deck == "action" else self.cause_deck)

    def pack(self, seat: str, deck: Literal["action", "cause"], *, jokers: int) -> list[Card]:
        """RB-03: the cards of ``seat``'s Action Deck or Cause Deck before the set-up shuffle (RB-05):
        as the scenario gives them, else a standard pack with ``jokers`` Jokers."""
        codes = self.given(seat, deck)
        return [Card.parse(code) for code in codes] if codes else standard_pack(jokers)
