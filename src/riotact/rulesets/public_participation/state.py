"""What is on the table: the characters (their cards, PP-02, and everything that happens to them),
gas clouds and lit dynamite, and the world holding a game's whole state. The rules are in ``rules/``."""

from __future__ import annotations

import copy
import math
from dataclasses import dataclass, field
from typing import Any, cast

from riotact.core.adjudication import Umpire
from riotact.core.compiling import mypyc_attr
from riotact.core.log import UMPIRE
from riotact.core.protocol import Action, State, record_copy
from riotact.core.scenario import Scenario
from riotact.tabletop import Feature, Table

from .options import Options
from .setup import CharacterCard, Setup, WeaponCard
from .tables import WEAPONS, WOUND_PENALTY, Weapon

XY = tuple[float, float]
#: The orders a leader or named character may give (PP-41), with the scenario's lines (PP-05).
ORDERS = {"advance": "Advance!", "hold": "Hold here!", "fall-back": "Fall back!", "fire": "Fire!"}


def parse_xy(text: str) -> XY | None:
    """A point ``X,Y`` in inches, or None."""
    try:
        x, y = (float(v) for v in text.split(","))
    except ValueError:
        return None
    return (x, y) if math.isfinite(x) and math.isfinite(y) else None


def xy_text(p: XY) -> str:
    return f"{p[0]:.1f},{p[1]:.1f}"


def weapon_in_play(card: WeaponCard, options: Options) -> Weapon:
    """A scenario's weapon card in play, the house rules filling in what the card leaves out (made
    here, not by the card, so that the compiled engine's weapons are its own class)."""
    missile = card.kind == "firearm"
    sdd = card.sdd if card.sdd is not None else options.missile_sdd if missile else options.other_weapon_sdd
    return Weapon(card.name, card.kind, card.table, sdd, card.range, card.shots or str(options.default_shots),
                  card.to_hit, card.long_gun, card.telescopic, card.fight)


@dataclass(slots=True)
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
    unwatched: set[str] = field(default_factory=set)  # seats that lost sight of it this move (view.watch)
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

    def __deepcopy__(self, memo: dict[int, object]) -> Character:
        return record_copy(self, memo)  # for search: its containers copied, its values shared

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




@dataclass(slots=True)
class Cloud:
    """PP-20: a gas cloud 6" across, formed in move ``formed``, lasting to the end of move ``until``."""

    x: float
    y: float
    until: int
    formed: int
    radius: float = 3.0


@dataclass(slots=True)
class LitStick:
    """PP-19: a dynamite stick on the table, waiting for kicks before it goes off."""

    x: float
    y: float
    thrower: str
    tried: list[str] = field(default_factory=list)


@mypyc_attr(allow_interpreted_subclasses=True)  # copied without __init__ (core/compiling.py)
class World(State):
    """A game's whole state: the table, the characters on it, the move and phase, what waits."""

    options: Options
    setup: Setup

    def __init__(self, scenario: Scenario, options: Options, umpire: Umpire) -> None:
        super().__init__(scenario, options, umpire)
        setup: Setup = scenario.setup
        self.setup = setup
        self.table = Table(setup.width, setup.depth, [
            Feature(f.id, f.name, f.outline, cover=bool(f.cover), obstacle=f.obstacle, blocks_sight=f.building,
                    impassable=f.building, height=f.height,
                    tags={"cover": "light" if f.cover is True else f.cover or "", "risky": f.risky,
                          "danger": f.danger, "etc": f.etc})
            for f in setup.features])
        weapons = dict(WEAPONS) | {w.name: weapon_in_play(w, options) for w in setup.weapons}
        self.chars: dict[str, Character] = {}
        for card in setup.characters:
            arms = [weapons[w] for w in card.weapons]
            melee = weapons[card.melee] if card.melee else next(
                (w for w in arms if w.kind == "melee"), WEAPONS["fists"])
            self.chars[card.id] = Character(card, arms, melee, card.at[0], card.at[1], card.side or card.seat,
                                            dict(card.throwables), card.load, card.wounds, card.bandaged,
                                            bleed_extra=card.bleeding, notes=card.notes)
        self.weapon_book = weapons
        self.allies = {frozenset(p) for p in setup.allies}
        self.move = 1
        #: Sight between two points of the table: keyed on the points, so it holds whatever moved, in
        #: clones and after undo (terrain never changes in play).
        self.sight_cache: dict[tuple[XY, XY], bool] = {}
        #: The umpire's standing rulings on the seed's judgement calls (PP-02 gap; umpiring.py), by kind:
        #: cover / obstacle / risky by feature id, fright / etc by character id, pairs (of fighters) by
        #: move. The scenario's values and the gap defaults stand where he has not ruled.
        self.rulings: dict[str, dict[Any, Any]] = {
            k: {} for k in ("cover", "obstacle", "risky", "fright", "etc", "pairs")}
        self.clouds: list[Cloud] = []
        self.stick: LitStick | None = None
        self.morale_queue: list[str] | None = None
        self.phase, self.round = "moving", 1
        self.passed: set[str] = set()
        self.current = ""
        #: Interruptions waiting for a seat's decision (opportunity shots, kicks, steps back, rulings).
        self.pending: list[dict[str, Any]] = []
        #: Move plans by their ends (paths depend on the ends only; the umpire's obstacle rulings clear it).
        self.plans: dict[tuple[XY, XY], tuple[float, float, list[str]]] = {}
        #: The features a move pays to cross (PP-06), once asked (movement.obstacles; rulings clear it).
        self.obstacles: list[Feature] | None = None
        #: The move menu's moves by a figure's standing, then by the figure (id and place) or feature (id)
        #: they go towards (movement.move_menu).
        self.menus: dict[tuple[object, ...], dict[object, tuple[Action, ...]]] = {}
        #: Character ids in order: the legal list, sight and the audiences go through them so.
        self.ids = sorted(self.chars)
        self.messages = dict(ORDERS) | {f"line{i + 1}": text for i, text in enumerate(setup.lines)}
        #: Each character's speaking actions (they never change: speaking.speak_actions).
        self.speech: dict[str, tuple[Action, ...]] = {}
        #: Where and how hurt each seat last saw each other seat's figures (view.watch): its worlds put a
        #: figure out of sight there (determinise.py); a figure never seen is not in them (fog of war).
        self.last_seen: dict[str, dict[str, tuple[float, float, str]]] = {
            seat: {} for seat in scenario.seats if seat != UMPIRE}

    def __deepcopy__(self, memo: dict[int, object]) -> World:
        """A copy for search (``Game.clone``, determinisations) that costs the game's changing state only:
        what play never changes is shared (the scenario and its cards, the table, the weapons, the house
        rules, the lines to speak, the character ids in order, the alliances), and so are the caches,
        whose entries are what their keys say in any game (an umpire's ruling that changes paths gives
        its game new ones: ``movement.forget_paths``)."""
        for same in (self.scenario, self.setup, self.table, self.weapon_book, self.options, self.sight_cache,
                     self.plans, self.menus, self.speech, self.messages, self.ids, self.allies,
                     *self.weapon_book.values(), *(c.card for c in self.chars.values())):
            memo.setdefault(id(same), same)
        cls = type(self)
        twin = cls.__new__(cls)  # without __init__ (compiled, the class allows it: core/compiling.py)
        memo[id(self)] = twin
        # Its attributes by name: a compiled class's are not in its __dict__ (``__getstate__`` holds them all)
        for name, value in cast(dict[str, Any], self.__getstate__()).items():
            if name != "last_seen":
                setattr(twin, name, copy.deepcopy(value, memo))
        twin.last_seen = {seat: dict(noted) for seat, noted in self.last_seen.items()}  # of tuples
        return twin

    def enemies(self, a: Character, b: Character) -> bool:
        return a.side != b.side and frozenset((a.side, b.side)) not in self.allies

    def friends(self, a: Character, b: Character) -> bool:
        return a is not b and a.side == b.side

    def on_table(self) -> list[Character]:
        return [c for c in self.chars.values() if not c.fled]

    def in_order(self) -> list[Character]:
        """Every character, by id."""
        chars = self.chars
        return [chars[i] for i in self.ids]

    def partner(self, c: Character) -> Character | None:
        """PP-04: the other carrier of a really heavy load."""
        if c.load != "really_heavy" or not c.card.carries_with:
            return None
        p = self.chars[c.card.carries_with]
        return p if p.load == "really_heavy" else None

    def order_for(self, c: Character) -> str:
        recent = [order for move, order in c.orders if move >= self.move - 1]
        return recent[-1] if recent else ""

    def phase_key(self) -> str:
        return f"speaking{self.round}" if self.phase == "speaking" else self.phase
