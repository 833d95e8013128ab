"""Adjudication by the umpire (:class:`Umpire`): every roll, shuffle and draw goes through here and into
the log. (A person in the umpire's chair and his powers are :mod:`.chair` and :mod:`.umpiring`.)

Rules call the umpire and write only the happy path; the umpire takes faces
from the injected dice source, judges them, explains them in plain words with
their modifiers and rule ID, and appends the event.

>>> from riotact.core.dice import ScriptedDice
>>> from riotact.core.log import GameLog
>>> import random
>>> u = Umpire(random.Random(1), ScriptedDice([2, 5]), GameLog({}))
>>> roll = u.roll_total("BWA-03", "Veteran stand", 2, 6, target=8,
...                     modifiers=[Modifier(1, "veterans", "BWA-03")], purpose="morale")
>>> roll.total, roll.result
(8, 'pass')
>>> u.log.events[-1]["text"]
'Veteran stand rolls 2D6 for morale (BWA-03): 2+5 = 7, +1 veterans (BWA-03) = 8 against 8 or more: pass.'
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from .cards import Card, Pile
from .compiling import mypyc_attr
from .dice import ARROW_DIRECTIONS, CLOCK_DIRECTIONS, DiceSource, SeededDice
from .log import ALL, GameLog, Visibility
from .modifiers import Modifier, Record, describe
from .modifiers import total as modifier_total

Judge = Callable[[int], str]


class RollTotal(Record):
    """A summed roll: natural dice, modifiers, total and (if judged) the result (read-only)."""

    FIELDS = ("dice", "modifiers", "total", "result")
    __slots__ = FIELDS

    def __init__(self, dice: tuple[int, ...], modifiers: tuple[Modifier, ...], total: int,
                 result: str | None) -> None:
        self.dice: Final = dice
        self.modifiers: Final = modifiers
        self.total: Final = total
        self.result: Final = result

    @property
    def natural(self) -> int:
        return sum(self.dice)

    @property
    def passed(self) -> bool:
        return self.result == "pass"


class RollPool(Record):
    """A pool judged die by die (read-only)."""

    FIELDS = ("dice", "modifiers", "successes", "result")
    __slots__ = FIELDS

    def __init__(self, dice: tuple[int, ...], modifiers: tuple[Modifier, ...], successes: int,
                 result: str | None) -> None:
        self.dice: Final = dice
        self.modifiers: Final = modifiers
        self.successes: Final = successes
        self.result: Final = result


@dataclass(frozen=True, slots=True)
class Adjustment:
    """An umpire's intervention waiting for the roll it is meant for (see :mod:`.umpiring`): the
    next roll by ``who`` and/or of ``rule`` shows ``faces`` (an override) or adds ``modifier``
    (a ruling). ``source`` is the seq of the decision that made it; an override lets ``skip``
    fitting rolls pass first (re-judging a roll that was not the first of its kind)."""

    who: str | None
    rule: str | None
    faces: tuple[int, ...] | None
    modifier: Modifier | None
    reason: str
    source: int
    skip: int = 0

    def as_dict(self) -> dict[str, Any]:
        return {"who": self.who, "rule": self.rule, "faces": list(self.faces) if self.faces else None,
                "modifier": self.modifier.as_dict() if self.modifier else None, "reason": self.reason,
                "decision": self.source, "skip": self.skip}

    def fits(self, rule: str, who: str, n: int, sides: int) -> bool:
        """An override fits only a roll of as many dice, each face on the die."""
        if (self.rule is not None and self.rule != rule) or (self.who is not None and self.who != who):
            return False
        return self.faces is None or (len(self.faces) == n and all(f <= sides for f in self.faces))


def shuffle(items: list[Any], random: Callable[[], float]) -> None:
    """Fisher-Yates in place; a float per swap is several times faster than random.shuffle."""
    for i in range(len(items) - 1, 0, -1):
        j = int(random() * (i + 1))
        items[i], items[j] = items[j], items[i]


def shuffle_text(deck: str, rule: str, size: int) -> str:
    """A shuffle's words (also what a ruleset's other engines render from their facts)."""
    return f"{deck} is shuffled ({rule}): {size} cards."


def draw_text(who: str, card: str, deck: str, purpose: str, rule: str, note: str = "") -> str:
    """A draw's words; ``card`` is the card's name."""
    return f"{who} draws {card} from {deck} for {purpose} ({rule}){note}."


def permute_text(rule: str, purpose: str, order: Iterable[Any]) -> str:
    """A random order's words."""
    return f"At random ({rule}), {purpose}: {', '.join(map(str, order))}."


def _judged(total: int, target: int | None, at_most: bool, judge: Judge | None) -> str | None:
    """A total's result word: ``judge``'s, else pass or fail against ``target``, else none."""
    if judge is not None:
        return judge(total)
    if target is None:
        return None
    return "pass" if (total <= target if at_most else total >= target) else "fail"


@mypyc_attr(allow_interpreted_subclasses=True)  # copied without __init__ (core/compiling.py)
class Umpire:
    """Adjudicates chance and writes the log. One per game."""

    def __init__(
        self,
        rng: random.Random,
        dice: DiceSource,
        log: GameLog,
        card_script: Mapping[str, Iterable[Iterable[str]]] | None = None,
        hidden_dice: DiceSource | None = None,
    ) -> None:
        self.rng = rng
        self.dice = dice
        #: Where rolls that no seat may see (``visible_to=[]``) come from, when not from ``dice``:
        #: the game's own generator when riotact keeps the umpire's dice (CD-01).
        self.hidden_dice = hidden_dice
        self.log = log
        self.turn = 0
        self._card_script = {k: deque(v) for k, v in (card_script or {}).items()}
        #: Interventions of a person in the umpire's chair waiting for their roll (oldest first).
        self.adjustments: list[Adjustment] = []
        self._overridden: Adjustment | None = None
        #: Where a person in the umpire's chair has asked the game to wait for him (``hold`` power), and
        #: where it waits now, if it does (core/umpiring.py).
        self.holds: set[str] = set()
        self.held: str | None = None

    # Every die comes from ``rng`` itself (seeded dice for seats and umpire alike): in the
    # laboratory mode a roll then draws straight from it (:meth:`_quick_faces`). The sources may
    # be swapped during a game (a determinised world, a replay), so ``_seeded`` follows them.
    @property
    def dice(self) -> DiceSource:
        return self._dice

    @dice.setter
    def dice(self, source: DiceSource) -> None:
        self._dice = source
        self._seeded = self._from_rng(source) and self._from_rng(getattr(self, "_hidden_dice", None) or source)

    @property
    def hidden_dice(self) -> DiceSource | None:
        return self._hidden_dice

    @hidden_dice.setter
    def hidden_dice(self, source: DiceSource | None) -> None:
        self._hidden_dice = source
        self._seeded = self._from_rng(self._dice) and self._from_rng(source or self._dice)

    def _from_rng(self, source: DiceSource) -> bool:
        return isinstance(source, SeededDice) and source._rng is self.rng

    # -- dice -------------------------------------------------------------
    def roll_total(
        self,
        rule: str,
        who: str,
        n: int,
        sides: int,
        *,
        purpose: str,
        modifiers: Sequence[Modifier] = (),
        target: int | None = None,
        at_most: bool = False,
        judge: Judge | None = None,
        visible_to: Visibility = ALL,
    ) -> RollTotal:
        """Roll ``n``D``sides`` and add modifiers.

        With ``target``, the result is ``pass`` when the total is ``target`` or
        more (``at_most``: ``target`` or less), else ``fail``; ``judge`` maps the
        total to any other result word (a table lookup).
        """
        if self._seeded and not self.adjustments and not self.log.explains:
            # the laboratory mode: the same draws from the generator, counted; the replay explains
            faces = self._quick_faces(n, sides)
            mods = tuple(modifiers)
            total = 0
            for face in faces:
                total += face
            for modifier in mods:
                total += modifier.value
            self.log.mark("roll")
            result = None if judge is None and target is None else _judged(total, target, at_most, judge)
            return RollTotal(tuple(faces), mods, total, result)
        faces = self._faces(rule, who, n, sides, purpose, visible_to)
        mods = (*modifiers, *self._ruled(rule, who))
        total = sum(faces) + modifier_total(mods)
        result = _judged(total, target, at_most, judge)
        if not self.log.explains:  # the laboratory mode: counted, and the replay will explain
            self.log.mark("roll")
            return RollTotal(tuple(faces), mods, total, result)
        text = f"{who} rolls {n}D{sides} for {purpose} ({rule}): {'+'.join(map(str, faces))}"
        if mods:
            text += f" = {sum(faces)}, {describe(mods)}"
        text += f" = {total}"
        if target is not None:
            text += f" against {target} or {'less' if at_most else 'more'}"
        if result is not None:
            text += f": {result}"
        self._record(text, visible_to, rule, who, sides, faces, mods, target, result, total=total)
        return RollTotal(tuple(faces), mods, total, result)

    def roll_pool(
        self,
        rule: str,
        who: str,
        n: int,
        sides: int,
        *,
        purpose: str,
        target: int,
        modifiers: Sequence[Modifier] = (),
        natural_max_succeeds: bool = False,
        natural_min_fails: bool = False,
        judge: Callable[[int], str] | None = None,
        visible_to: Visibility = ALL,
    ) -> RollPool:
        """Roll a pool; each die (plus modifiers) of ``target`` or more is a success.

        ``natural_max_succeeds``: a natural top face always succeeds;
        ``natural_min_fails``: a natural 1 always fails. ``judge`` turns the
        number of successes into a result word.
        """
        if self._seeded and not self.adjustments and not self.log.explains:  # as in roll_total
            faces = self._quick_faces(n, sides)
            mods = tuple(modifiers)
        else:
            faces = self._faces(rule, who, n, sides, purpose, visible_to)
            mods = (*modifiers, *self._ruled(rule, who))
        bonus = modifier_total(mods)
        successes = 0
        for face in faces:
            if natural_max_succeeds and face == sides:
                successes += 1
            elif natural_min_fails and face == 1:
                continue
            elif face + bonus >= target:
                successes += 1
        result = judge(successes) if judge else None
        if not self.log.explains:
            self.log.mark("roll")
            return RollPool(tuple(faces), mods, successes, result)
        text = f"{who} rolls {n}D{sides} for {purpose} ({rule}): {' '.join(map(str, faces)) or 'no dice'}"
        if mods:
            text += f", each die {describe(mods)}"
        text += f", {target}+ succeeds: {successes} success{'es' if successes != 1 else ''}"
        if result is not None:
            text += f": {result}"
        self._record(text, visible_to, rule, who, sides, faces, mods, target, result, successes=successes)
        return RollPool(tuple(faces), mods, successes, result)

    def roll_direction(
        self, rule: str, who: str, *, purpose: str, clock: bool = False, visible_to: Visibility = ALL
    ) -> str:
        """An arrow D6 (six directions) or a clock-face D12 direction."""
        sides = 12 if clock else 6
        face = self._faces(rule, who, 1, sides, purpose, visible_to)[0]
        direction = (CLOCK_DIRECTIONS if clock else ARROW_DIRECTIONS)[face - 1]
        text = f"{who} rolls a direction D{sides} for {purpose} ({rule}): {face}, {direction}"
        self._record(text, visible_to, rule, who, sides, [face], (), None, direction, total=face)
        return direction

    def _quick_faces(self, n: int, sides: int) -> list[int]:
        """The seeded dice's own faces, with no request text built (seeded dice never run out or
        ask anyone; hidden and open rolls draw alike from the one generator)."""
        dice = self._dice
        assert isinstance(dice, SeededDice)  # (``_seeded``) a direct call on the compiled engine
        return dice.faces(sides, n, "")

    def _faces(self, rule: str, who: str, n: int, sides: int, purpose: str, visible_to: Visibility) -> list[int]:
        if n <= 0:
            return []
        if self.adjustments:
            override = next((a for a in self.adjustments if a.faces is not None and a.fits(rule, who, n, sides)), None)
            if override is not None and override.faces is not None:
                at = self.adjustments.index(override)
                if override.skip:
                    self.adjustments[at] = replace(override, skip=override.skip - 1)
                else:
                    del self.adjustments[at]
                    self._overridden = override
                    return list(override.faces)
        if visible_to != ALL and not visible_to:  # no seat may see it: the umpire's own roll
            source = self.hidden_dice or self.dice
            return source.faces(sides, n, f"{purpose} ({rule}, {who}; the umpire's hidden roll)")
        return self.dice.faces(sides, n, f"{purpose} ({rule}, {who})")

    def _record(self, text: str, visible_to: Visibility, rule: str, who: str, sides: int, faces: list[int],
                mods: Sequence[Modifier], target: int | None, result: str | None, **outcome: int) -> None:
        """The roll event: natural faces, modifiers, target, total or successes, result."""
        roll = self.log.append("roll", self.turn, visible_to, text + ".", rule=rule, who=who, sides=sides,
                               dice=faces, modifiers=[m.as_dict() for m in mods], target=target,
                               **outcome, result=result)
        override, self._overridden = self._overridden, None
        if override is not None:  # the umpire's note, never a seat's: replay takes these faces from it
            self.log.append("effect", self.turn, [], f"The umpire set the faces of that roll ({override.reason}).",
                            rule="umpire", override_of=roll["seq"], decision=override.source)

    def _ruled(self, rule: str, who: str) -> list[Modifier]:
        """The modifiers of the umpire's rulings waiting for this roll, taken once."""
        if not self.adjustments:
            return []
        found = [a for a in self.adjustments if a.modifier is not None and a.fits(rule, who, 0, 0)]
        for adjustment in found:
            self.adjustments.remove(adjustment)
        return [a.modifier for a in found if a.modifier is not None]

    def scatter(
        self, rule: str, who: str, *, purpose: str, distance_dice: int = 1, distance_sides: int = 6,
        clock: bool = True, visible_to: Visibility = ALL,
    ) -> tuple[str, int]:
        """Scatter: a direction die, then a distance roll."""
        direction = self.roll_direction(rule, who, purpose=f"{purpose} direction", clock=clock,
                                        visible_to=visible_to)
        distance = self.roll_total(rule, who, distance_dice, distance_sides,
                                   purpose=f"{purpose} distance", visible_to=visible_to).total
        return direction, distance

    # -- cards ------------------------------------------------------------
    def shuffle(self, pile: Pile, rule: str, *, visible_to: Visibility = ALL) -> None:
        """Shuffle with the game's generator, or into a scripted order for tests."""
        script = self._card_script.get(pile.name)
        pile.shuffled(self.rng, [Card.parse(c) for c in script.popleft()] if script else None)
        if not self.log.explains:
            self.log.append("shuffle", 0, ALL, "")
        else:
            self.log.append("shuffle", self.turn, visible_to, shuffle_text(pile.name, rule, len(pile)),
                            rule=rule, deck=pile.name, size=len(pile))

    def draw(
        self, pile: Pile, rule: str, who: str, *, purpose: str, visible_to: Visibility = ALL,
        note: str = "", **fields: Any,
    ) -> Card:
        """Deal the top card; ``note`` and ``fields`` add what the draw cost or changed."""
        card = pile.draw()
        if not self.log.explains:
            self.log.append("draw", 0, ALL, "")
        else:
            self.log.append("draw", self.turn, visible_to, draw_text(who, card.name, pile.name, purpose, rule, note),
                            rule=rule, deck=pile.name, card=card.code, who=who, **fields)
        return card

    # -- everything else ----------------------------------------------------
    def effect(self, rule: str, text: str, *, visible_to: Visibility = ALL, **fields: Any) -> None:
        """Record what changed, citing the rule that changed it."""
        if not self.log.explains:
            self.log.mark("effect")  # the laboratory mode keeps no words (core/log.py QuietLog)
            return
        self.log.append("effect", self.turn, visible_to, text, rule=rule, **fields)

    def permute(self, rule: str, items: Sequence[Any], *, purpose: str,
                visible_to: Visibility = ALL) -> list[Any]:
        """A random order the rules call for (e.g. who goes first), logged with its rule."""
        order = list(items)
        shuffle(order, self.rng.random)
        self.log.append("effect", self.turn, visible_to, permute_text(rule, purpose, order),
                        rule=rule, order=[str(x) for x in order])
        return order

    def choose(self, rule: str, options: Sequence[Any], *, purpose: str,
               visible_to: Visibility = ALL) -> Any:
        """A random pick that the rules make (not a die roll), logged with its rule."""
        pick = options[int(self.rng.random() * len(options))]
        self.log.append("effect", self.turn, visible_to,
                        f"At random ({rule}), {purpose}: {pick}.", rule=rule, choice=str(pick))
        return pick
