"""What is on the table in a game of Revolting Behaviour!: each player's decks, Cause and resource
points (RB-03, RB-06..RB-08), the turn order and the action attempt under way (RB-11).

The rules that change it are the functions of :mod:`.rules`; :class:`.turn.RevoltingBehaviour` adds
the protocol. A player's turn runs through phases: ``restart`` (only at 0 RP, RB-26), ``declare``
(RB-11), ``draw`` (RB-14/15) and, when the use of action points is not fixed by the declaration,
``use`` (RB-18).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from riotact.core import Action, Card, Pile, Scenario, State, Umpire
from riotact.core.protocol import record_copy

from . import text as say
from .options import Options
from .rules.cards import Activity, severities
from .setup import Setup


@dataclass(slots=True)
class Player:
    """RB-03: each player's own two decks, his Cause and his RP tally."""

    seat: str
    rp: int
    cause_deck: Pile
    action_deck: Pile
    cause: Pile
    face_up: int = 0  # RB-07: how many top Cause cards are face up (revealed and not defeated)
    defeated: list[Card] = field(default_factory=list)  # RB-20 gap: out of play
    #: Out of play but never defeated: Cause Jokers (RB-21 gap b), an abandoned Cause (RB-26 house rule).
    set_aside: list[Card] = field(default_factory=list)
    out: bool = False  # RB-26 gap (a): at 0 RP and did not restart

    def __deepcopy__(self, memo: dict[int, object]) -> Player:
        return record_copy(self, memo)  # for search: its containers copied, its values shared


@dataclass(slots=True)
class Attempt:
    """The action under way: RB-11 declaration and the cards drawn so far."""

    seat: str
    activity: Activity
    severity: str
    target: str | None
    drawn: list[Card] = field(default_factory=list)
    action_points: int = 0

    def __deepcopy__(self, memo: dict[int, object]) -> Attempt:
        return record_copy(self, memo)  # for search: its containers copied, its values shared


class World(State):
    """The table of one game: every player's piles and RP, the turn order and the attempt under way.
    Each player's decks are new packs here, or the scenario's changed decks (RB-03);
    :func:`.rules.order.set_up` shuffles them and deals."""

    options: Options

    def __init__(self, scenario: Scenario, options: Options, umpire: Umpire) -> None:
        super().__init__(scenario, options, umpire)
        setup: Setup = scenario.setup
        self.cause_cards: int = setup.cause_cards
        self.turn_limit: int = setup.turn_limit
        self.levels = severities(options)
        jokers = options.jokers_per_deck
        self.players = {seat: Player(seat, 0,
                                     Pile(say.pile_name(seat, "cause-deck"), setup.pack(seat, "cause", jokers=jokers)),
                                     Pile(say.pile_name(seat, "action"), setup.pack(seat, "action", jokers=jokers)),
                                     Pile(say.pile_name(seat, "cause")))
                        for seat in self.seats}
        #: RB-03: each seat's changed Action Deck as the scenario gives it (public), or None: a standard pack.
        self.action_packs = {seat: setup.given(seat, "action") for seat in self.seats}
        self.order: list[str] = []
        self.position = 0
        self.phase = "declare"
        self.attempt: Attempt | None = None
        #: The declarations a player may make by (his RP up to 2, his targets): they depend on nothing else.
        self.declarations: dict[tuple[int, tuple[str, ...]], list[Action]] = {}

    def acting(self) -> str:
        """The seat whose action it is."""
        return self.order[self.position]

    def rivals(self, seat: str) -> list[str]:
        """The other players still in the game, in seat order."""
        return [s for s in self.seats if s != seat and not self.players[s].out]

    def say(self, said: say.Said) -> None:
        """Log an effect worded by :mod:`.text`."""
        rule, text, fields = said
        self.umpire.effect(rule, text, **fields)
