"""The table in play: characters, who sees whom, who hears what, and events told only to witnesses."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from riotact.core.log import UMPIRE
from riotact.core.modifiers import Modifier
from riotact.core.protocol import State
from riotact.core.scenario import Scenario
from riotact.core.umpire import RollTotal, Umpire
from riotact.tabletop import Feature, Table, bearing_word

from .figures import XY, Character
from .model import PPSetup
from .options import Options
from .tables import LOADS, SOUNDS, WEAPONS

CONTACT = 0.25  # bases this close (edge to edge) are in contact


class Board(State):
    """Characters on a continuous table; events reach only the seats whose characters witness them."""

    def __init__(self, scenario: Scenario, options: Options, umpire: Umpire) -> None:
        super().__init__(scenario, options, umpire)
        setup: PPSetup = scenario.setup
        self.setup = setup
        self.table = Table(setup.width, setup.depth, [
            Feature(f.id, f.name, f.outline, cover=bool(f.cover), obstacle=f.obstacle, blocks_sight=f.building,
                    impassable=f.building, height=f.height,
                    tags={"cover": "light" if f.cover is True else f.cover or "", "risky": f.risky,
                          "danger": f.danger, "etc": f.etc})
            for f in setup.features])
        weapons = dict(WEAPONS) | {w.name: w.weapon(options.default_shots, options.missile_sdd,
                                                    options.other_weapon_sdd) for w in setup.weapons}
        self.chars: dict[str, Character] = {}
        for card in setup.characters:
            arms = [weapons[w] for w in card.weapons]
            melee = weapons[card.melee] if card.melee else next(
                (w for w in arms if w.kind == "melee"), WEAPONS["fists"])
            self.chars[card.id] = Character(card, arms, melee, card.at[0], card.at[1], card.side or card.seat,
                                            dict(card.throwables), card.load, notes=card.notes)
        self.weapon_book = weapons
        self.allies = {frozenset(p) for p in setup.allies}
        self.move = 1
        #: Sight between two points of the table: keyed on the points, so it holds whatever moved, in
        #: clones and after undo (terrain never changes in play).
        self._sight_cache: dict[tuple[XY, XY], bool] = {}
        #: The umpire's standing rulings on the seed's judgement calls (PP-02 gap; rulings.py), by kind:
        #: cover / obstacle / risky by feature id, fright / etc by character id, pairs (of fighters) by
        #: move. The scenario's values and the gap defaults stand where he has not ruled.
        self.rulings: dict[str, dict[Any, Any]] = {
            k: {} for k in ("cover", "obstacle", "risky", "fright", "etc", "pairs")}

    # -- the umpire's judgement calls: his ruling, else the scenario's (PP-02, PP-06, PP-11, PP-38, PP-46)
    def cover_class(self, f: Feature) -> str:
        """PP-11: "" (none), "light" or "heavy"."""
        return str(self.rulings["cover"].get(f.id, f.tags.get("cover") or ""))

    def obstacle_class(self, f: Feature) -> str | None:
        """PP-06: None, "most", "difficult" or "really_difficult"."""
        return self.rulings["obstacle"].get(f.id, f.obstacle) or None

    def risk(self, f: Feature) -> tuple[str, str, int]:
        """PP-46/47: the act crossing ``f`` is (""  when it is not risky), its danger and the Etc factor."""
        ruled = self.rulings["risky"].get(f.id)
        if ruled is not None:
            return ruled["act"], ruled["danger"], ruled["etc"]
        return str(f.tags.get("risky") or ""), str(f.tags.get("danger") or ""), int(str(f.tags.get("etc") or 0))

    def fright(self, c: Character) -> int:
        """PP-38: a scary thing's Fright Value."""
        return int(self.rulings["fright"].get(c.id, c.card.fright))

    def cover_from(self, firer: XY, target: XY) -> tuple[Feature, str] | None:
        """PP-11: the heaviest cover the target has from the firer, with its class."""
        return heaviest_cover(self.table, self.cover_class, firer, target)

    # -- relations ------------------------------------------------------------
    def enemies(self, a: Character, b: Character) -> bool:
        return a.side != b.side and frozenset((a.side, b.side)) not in self.allies

    def friends(self, a: Character, b: Character) -> bool:
        return a is not b and a.side == b.side

    def on_table(self) -> list[Character]:
        return [c for c in self.chars.values() if not c.fled]

    # -- rulers and sight -------------------------------------------------------
    def gap(self, a: Character, b: Character) -> float:
        """PP: distances are measured edge of base to edge of base."""
        return self.table.ruler(a.pos, a.card.base, b.pos, b.card.base)

    def in_contact(self, a: Character, b: Character) -> bool:
        return self.gap(a, b) <= CONTACT

    def sees(self, a: Character, b: Character) -> bool:
        """Line of sight between two figures (buildings block it); the unconscious see nothing."""
        if a is b:
            return True
        if (a.out_of_play and not a.surrendered) or a.unconscious(self.move) or b.fled:
            return False
        key = (a.pos, b.pos) if a.pos < b.pos else (b.pos, a.pos)  # sight is symmetric and terrain fixed
        seen = self._sight_cache.get(key)
        if seen is None:
            if len(self._sight_cache) > 4096:
                self._sight_cache.clear()
            seen = self._sight_cache[key] = self.table.line_of_sight(a.pos, b.pos)
        return seen

    def seen_by_seat(self, seat: str) -> set[str]:
        """Ids of the characters a seat may see: its own, and those any of them sees."""
        if seat == UMPIRE and seat not in self.seats:
            return set(self.chars)
        own = [c for c in self.chars.values() if c.seat == seat]
        seen = {c.id for c in own}
        for other in self.chars.values():
            if other.id not in seen and any(self.sees(c, other) for c in own):
                seen.add(other.id)
        return seen

    def watch(self) -> None:
        """PP-11: a seat knows how far a figure has moved this move only if it has seen it at the move's
        start and after every movement since: each movement is told to the seats that see the figure
        where it starts or where it ends, so such a seat was told of them all. Whether it has watched a
        figure all move the seat can tell from its own sight alone, so "not known" leaks nothing of
        what the figure did unseen (fog of war)."""
        for seat in self.seats:
            if seat == UMPIRE:
                continue
            seen = self.seen_by_seat(seat)
            for c in self.chars.values():
                if c.id not in seen:
                    c.unwatched.add(seat)

    def moved_known(self, seat: str, c: Character) -> bool:
        """Does ``seat`` know how far ``c`` has moved this move (see :meth:`watch`)?"""
        return seat == UMPIRE or c.seat == seat or seat not in c.unwatched

    def witnesses(self, *figures: Character) -> list[str]:
        """The seats that own or see any of ``figures`` (the umpire sees everything anyway)."""
        out = []
        for seat in self.seats:
            if seat == UMPIRE:
                continue
            own = [c for c in self.chars.values() if c.seat == seat]
            if any(f.seat == seat or any(self.sees(c, f) for c in own) for f in figures):
                out.append(seat)
        return out

    # -- the log ------------------------------------------------------------------
    def tell(self, rule: str, text: str, *figures: Character, **fields: Any) -> None:
        """An effect that the witnesses of ``figures`` see (everyone when there are none)."""
        self.umpire.effect(rule, text, visible_to=self.witnesses(*figures) if figures else "all", **fields)

    def roll(self, rule: str, who: Character, purpose: str, *, n: int = 1, sides: int = 6,
             modifiers: list[Modifier] | None = None, target: int | None = None,
             judge: Any = None, also: tuple[Character, ...] = ()) -> RollTotal:
        return self.umpire.roll_total(rule, who.card.name, n, sides, purpose=purpose,
                                      modifiers=modifiers or [], target=target, judge=judge,
                                      visible_to=self.witnesses(who, *also))

    def sound(self, rule: str, source: Character, kind: str,
              content: str = "") -> tuple[list[Character], list[Character]]:
        """PP-07: who understands and who only hears a sound; each seat is told only its share.

        Returns (those who understood it, those who only heard it)."""
        understood_at, heard_at = SOUNDS[kind]
        understood, heard = [], []
        for c in self.on_table():
            if c is source or c.unconscious(self.move) or c.state == "AD":
                continue
            d = self.gap(source, c)
            if d <= understood_at:
                understood.append(c)
            elif d <= heard_at:
                heard.append(c)
        verb = {"whisper": "whispers", "normal": "says", "shout": "shouts", "scream": "screams",
                "shot": "fires"}[kind]
        said = f": '{content}'" if content else ""
        noise = understood_at <= 0  # a shot or a scream says nothing to be understood
        for seat in self.seats:
            if seat == UMPIRE:
                continue
            knows = [c for c in understood if c.seat == seat]
            hears = [c for c in heard if c.seat == seat]
            if source.seat == seat and noise:
                self.umpire.effect(rule, f"{source.card.name} {verb} (heard up to {heard_at:g}\" away).",
                                   visible_to=[seat], sound=kind, source=source.id)
            elif source.seat == seat:
                names = ", ".join(c.card.name for c in understood) or "nobody"
                self.umpire.effect(rule, f"{source.card.name} {verb}{said} (understood by {names}).",
                                   visible_to=[seat], sound=kind, source=source.id)
            elif knows:
                names = ", ".join(c.card.name for c in knows)
                self.umpire.effect(rule, f"{names} {'hear' if len(knows) > 1 else 'hears'} "
                                   f"{self._who(seat, source)} {verb[:-1] if verb.endswith('s') else verb}"
                                   f"{said}.", visible_to=[seat], sound=kind, understood=True)
            elif hears:
                listener = hears[0]
                where = bearing_word(listener.pos, source.pos)
                what = {"shot": "a shot", "scream": "a scream"}.get(kind, f"a {kind} (not understood)")
                self.umpire.effect(rule, f"{listener.card.name} hears {what} to the {where}.",
                                   visible_to=[seat], sound=kind, understood=False)
        listeners = "" if noise else f"understood by {', '.join(c.id for c in understood) or 'nobody'}; "
        self.umpire.effect(rule, f"(umpire) {source.card.name} {verb}{said}; {listeners}heard by "
                           f"{', '.join(c.id for c in (understood + heard if noise else heard)) or 'nobody'}.",
                           visible_to=[])
        return understood, heard

    def _who(self, seat: str, source: Character) -> str:
        return source.card.name if source.id in self.seen_by_seat(seat) else "someone unseen"

    # -- movement budget (PP-03, PP-04, PP-25..27) -----------------------------------
    def reach(self, c: Character, running: bool) -> float:
        """How far ``c`` may go this move, before obstacles (PP-03 gap: deductions, then doubling)."""
        deduction = LOADS[c.load] + c.wound_penalty()
        base = c.card.move
        if self.options.move_reductions == "deduct_then_double":
            rate = max(0.0, base - deduction) * (2 if running else 1)
        else:
            rate = max(0.0, base * (2 if running else 1) - deduction)
        return rate

    def partner(self, c: Character) -> Character | None:
        """PP-04: the other carrier of a really heavy load."""
        if c.load != "really_heavy" or not c.card.carries_with:
            return None
        p = self.chars[c.card.carries_with]
        return p if p.load == "really_heavy" else None


def heaviest_cover(table: Table, cover_class: Callable[[Feature], str], firer: XY,
                   target: XY) -> tuple[Feature, str] | None:
    """PP-11: the heaviest cover (by ``cover_class``: "", "light", "heavy") the target has from the
    firer; the engine's rulings and the odds beside a shot (odds.py, from the seat's view) share it."""
    best: tuple[Feature, str] | None = None
    for f in table.features:
        cls = cover_class(f)
        heavier = best is None or (cls == "heavy" and best[1] != "heavy")
        if cls and heavier and table.covers(f, firer, target):
            best = (f, cls)
    return best
