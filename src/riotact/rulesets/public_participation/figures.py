"""A character in play: its card (PP-02) and everything that happens to it."""

from __future__ import annotations

from dataclasses import dataclass, field

from .model import CharacterCard
from .tables import WOUND_PENALTY, Weapon

XY = tuple[float, float]


@dataclass
class Character:
    card: CharacterCard
    weapons: list[Weapon]
    melee: Weapon
    x: float
    y: float
    side: str
    throwables: dict[str, int] = field(default_factory=dict)
    load: str = "none"
    wounds: int = 0  # PP-29 running total
    bandaged: bool = False
    bleeds: bool = False  # PP-25: a piercing LI bleeds; a bludgeoning one does not (PP-33)
    bleed_extra: int = 0
    critical: bool = False  # PP-27
    stunned: bool = False  # PP-36
    groggy_move: int = -1  # groggy from this move ...
    groggy_until: int = -1  # ... to this one (PP-36, house rule groggy_moves)
    enraged_until: int = -1  # PP-34
    down_move: int = -1  # Downed this move: prone until it rises (PP-33)
    rising_move: int = -1  # spends this move getting up
    rising_li: bool = False
    unconscious_until: int = -1  # PP-20 gas, PP-45 faint (last move out)
    gassed: bool = False
    morale: str = "Controlled"
    shaken_move: int = -1  # PP-42
    panic_move: int = -1  # PP-43
    terrified: bool = False  # PP-44
    surrendered: bool = False
    cowering: bool = False
    fled: bool = False
    moved: float = 0.0  # inches moved this move (PP-11)
    unwatched: set[str] = field(default_factory=set)  # seats that lost sight of it this move (Board.watch)
    charged: str = ""  # whom it charged this move (PP-22)
    surprise: int = 0
    done: set[str] = field(default_factory=set)  # phases this character has acted in this move
    busy_move: int = -1  # bandaging or cowering back: nothing else this move (PP-25, PP-48)
    bandaging: str = ""
    shots_left: int | None = None  # PP-09, rolled at its first shot of a move
    opportunity_taken: bool = False
    triggers: list[str] = field(default_factory=list)  # PP-37 morale triggers this move
    tested_move: int = -1
    nerve: dict[str, list[int]] = field(default_factory=dict)  # act -> [done, failed] (PP-47)
    orders: list[tuple[int, str]] = field(default_factory=list)  # (move, order) understood (PP-41)
    first_shot_move: int = -1  # when the initial shooting near him last made him test (PP-37)
    notes: str = ""

    @property
    def id(self) -> str:
        return self.card.id

    @property
    def seat(self) -> str:
        return self.card.seat

    @property
    def pos(self) -> XY:
        return (self.x, self.y)

    @property
    def state(self) -> str:
        """PP-29: the wound state from the running total and the card's thresholds."""
        if self.wounds <= 0:
            return "unhurt"
        li, bi, di, ad = self.card.wound_thresholds
        return "AD" if self.wounds >= ad else "DI" if self.wounds >= di else "BI" if self.wounds >= bi else (
            "LI" if self.wounds >= li else "unhurt")

    @property
    def out_of_play(self) -> bool:
        """AD (PP-28), critically injured (PP-27), gone from the table or surrendered (PP-44)."""
        return self.state == "AD" or self.critical or self.fled or self.surrendered

    def unconscious(self, move: int) -> bool:
        return self.unconscious_until >= move

    def helpless(self, move: int) -> bool:
        """PP-11 gap: Downed, stunned, unconscious, critically injured or surrendered."""
        return (self.out_of_play or self.stunned or self.unconscious(move) or self.down_move == move)

    def can_act(self, move: int) -> bool:
        return not self.helpless(move) and self.busy_move != move

    def shaken(self, move: int) -> bool:
        return self.shaken_move == move

    def panicked(self, move: int) -> bool:
        """PP-43: from the move after the Panicked throw until he has diced again (a throw he could not
        take, stunned or unconscious, leaves him Panicked)."""
        return self.morale == "Panicked" and 0 <= self.panic_move <= move

    def groggy(self, move: int) -> bool:
        return self.groggy_move <= move <= self.groggy_until

    def enraged(self, move: int) -> bool:
        return self.enraged_until >= move

    def wound_penalty(self) -> int:
        """PP-25..27: LI 1, BI 2, DI 3 (BI and DI 1 better once bandaged), plus bleeding."""
        state = self.state
        if state not in WOUND_PENALTY:
            return 0
        base = WOUND_PENALTY[state] - (1 if self.bandaged and state in ("BI", "DI") else 0)
        return base + self.bleed_extra

    @property
    def armed(self) -> bool:
        return any(w.name != "fists" for w in self.weapons) or self.melee.name != "fists" or any(
            n > 0 for n in self.throwables.values())

    def marker(self, move: int) -> str:
        """What a figure's markers say on the table: wound colour, morale letter, lying down."""
        bits = []
        if self.state != "unhurt":
            bits.append(self.state + (" (bandaged)" if self.bandaged else ""))
        if self.critical:
            bits.append("critically injured")
        for flag, word in ((self.stunned, "stunned"), (self.unconscious(move), "unconscious"),
                           (self.surrendered, "surrendered"), (self.cowering, "cowering"),
                           (self.fled, "gone"), (self.down_move == move, "down"),
                           (self.rising_move == move, "rising"), (self.groggy(move), "groggy"),
                           (self.enraged(move), "enraged"), (self.shaken(move), "Shaken"),
                           (self.panicked(move), "Panicked, screaming"), (self.terrified, "Terrified")):
            if flag:
                bits.append(word)
        return ", ".join(bits)
