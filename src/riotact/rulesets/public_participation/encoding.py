"""Public Participation for learning and search: its fixed action numbering.

Moves and aimed throws carry table coordinates (``move:M1:10.2,13.9``), so they cannot be listed in
advance. They are numbered by their place in the position's finite menu (``move_menu``, PP-03; the
aiming points of ``bomb``, PP-21): the k-th move on offer for character ``M1`` now is
``move:M1:#k``. The menu offers at most two points (walking, running) towards each other character
and each feature and one away from the nearest foe, so ``2 * (CHARACTERS + features)`` slots always
suffice. Everything else is the grammar of ``state.py`` over the scenario's characters, weapons and
lines: holding, dropping, bandaging, speaking at each volume (PP-07), firing (PP-08), throwing
(PP-21), opportunity shots (PP-08), kicking a lit stick (PP-24), cowering back after a failed nerve test
(PP-48) and the umpire's surprise rulings.

Fog of war (PP-02): a seat's copy of the scenario holds its own characters only; another seat's are
met on the table, or never. So no character is named by the numbering or the feature layout: every
character takes one of :data:`CHARACTERS` slots ``~1``..``~16``, by sorted id among those on offer
now (in the actions) or in the seat's view (in the features; core/encoding.py). One more character a
seat never saw gives it the same spaces. Likewise the weapons: the rules' book (``tables.WEAPONS``)
is everyone's, but a weapon the scenario adds is on a card, kept from the other seats' copies: the
numbering names the book's weapons only, and the scenario's own take one of :data:`SCENARIO_WEAPONS`
slots ``weapon~1``..``weapon~4``, by sorted name among those on offer now (a seat is only ever offered
its own characters' weapons). Another seat's weapon, or one more of them, gives a seat the same spaces.

Features (all from the seat's view, PP-02: another seat's character shows what the table shows,
never its card), laid out once per scenario over its seats and the characters' slots: the seat, the seats to
act, the move over the game's length, the phase and round, what the seat is asked (an opportunity
shot, a kick, a step back, a surprise), gas clouds it knows of (PP-20); per character in sight:
whether it is the seat's own, where (over the table's size), its wound (PP-25..28) and morale letter
(PP-39), its markers (down, stunned, unconscious, surrendered, ...), armed, how far it moved if
watched (PP-11), and, for its own characters only, the card's state (wounds, bleeding, bandaged,
shots left, order, what it has done this move, fright, load, walking and running reach, throwables
left) and whom it sees.

>>> from riotact.core import find_scenario
>>> enc = encoding(find_scenario("public-participation/picket-line"), {})
>>> enc.action_ids[0]
'done'
>>> enc.number(["move:C1:10.0,3.9", "move:C1:12.5,3.0", "hold:C1"]) == {
...     enc.index["move:~1:#1"]: "move:C1:10.0,3.9", enc.index["move:~1:#2"]: "move:C1:12.5,3.0",
...     enc.index["hold:~1"]: "hold:C1"}
True
>>> enc.number(["fire:S2:scoped-rifle:O1", "fire:S2:rifle:O1"]) == {
...     enc.index["fire:~2:weapon~1:~1"]: "fire:S2:scoped-rifle:O1", enc.index["fire:~2:rifle:~1"]: "fire:S2:rifle:O1"}
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from riotact.core import Game, Scenario
from riotact.core.encoding import Encoding, EncodingError, Places, dense, one_hot, slot_names, slotted

from . import tables as T
from .state import World

#: Verbs whose last part is a point on the table, numbered by menu order.
_AIMED = ("move", "bomb", "back")
#: Slots for the characters (PP-02: no seat knows another's from the set-up).
CHARACTERS = 16
#: Slots for the weapons a scenario adds to the rules' book (PP-02: each is on a seat's card).
SCENARIO_WEAPONS = 4
#: Actions whose third part is a weapon.
_ARMED = ("fire:", "throw:", "bomb:")
_BOOK = frozenset(name.replace(" ", "-") for name in T.WEAPONS)


def _slug(name: str) -> str:
    return name.replace(" ", "-")


def action_ids(state: World) -> list[str]:
    chars = slot_names(CHARACTERS)
    weapons = [*sorted(_BOOK), *(f"weapon~{k}" for k in range(1, SCENARIO_WEAPONS + 1))]
    lines = sorted(state.messages)
    slots = [f"#{k}" for k in range(1, 2 * (CHARACTERS + len(state.table.features)) + 1)]
    ids = ["done"]
    for c in chars:
        ids += [f"{verb}:{c}" for verb in ("hold", "drop", "noopp", "nokick", "stay")]
        ids += [f"back:{c}:#{k}" for k in range(1, 4)]  # PP-48: stepping back, three ways at most
        ids += [f"move:{c}:{s}" for s in slots]
        ids += [f"bomb:{c}:{w}:{s}" for w in weapons for s in slots]
        ids += [f"say:{c}:{v}:{line}" for v in T.VOLUMES for line in lines]
        ids += [f"{verb}:{c}:{w}:{o}" for verb in ("fire", "throw") for w in weapons for o in chars]
        ids += [f"{verb}:{c}:{o}" for verb in ("opp", "bandage") for o in chars]
        ids += [f"kick:{c}:{face}" for face in range(1, 7)]
        ids += [f"surprise:{c}:{v}" for v in range(3)]
    return ids


def menu_slots(legal: Sequence[str]) -> dict[str, str]:
    """Aimed actions renamed by their place in the menu on offer now (per verb, character, weapon)."""
    seen: dict[str, int] = {}
    out = {}
    for action_id in legal:
        prefix, _, point = action_id.rpartition(":")
        if action_id.split(":", 1)[0] in _AIMED and "," in point:
            seen[prefix] = seen.get(prefix, 0) + 1
            out[action_id] = f"{prefix}:#{seen[prefix]}"
    return out


def weapon_slots(legal: Sequence[str]) -> dict[str, str]:
    """Actions with a weapon the scenario adds to the book renamed by its slot, ``weapon~k`` by sorted
    name among those on offer now."""
    armed: dict[str, list[str]] = {}
    for action_id in legal:
        if action_id.startswith(_ARMED):
            parts = action_id.split(":")
            if parts[2] not in _BOOK:
                armed[action_id] = parts
    slot = {name: f"weapon~{k}" for k, name in enumerate(sorted({parts[2] for parts in armed.values()}), 1)}
    return {a: ":".join([*parts[:2], slot[parts[2]], *parts[3:]]) for a, parts in armed.items()}


def _canonical(ids: Sequence[str]) -> Callable[[Sequence[str]], dict[str, str]]:
    """Aimed actions renamed by menu place (:func:`menu_slots`), the scenario's weapons by slot
    (:func:`weapon_slots`), then the characters by slot (:func:`slotted`: a character's id is no part
    of a fixed id)."""
    characters = slotted(ids)

    def rename(legal: Sequence[str]) -> dict[str, str]:
        aimed = menu_slots(legal)
        named = [aimed.get(a, a) for a in legal]
        armed = weapon_slots(named)
        named = [armed.get(n, n) for n in named]
        slots = characters(named)
        return {a: slots.get(n, n) for a, n in zip(legal, named, strict=True) if slots.get(n, n) != a}

    return rename


PHASES = ("moving", "speaking", "firing")
#: What the seat may be asked out of turn (``pending``), in feature order.
PENDING = ("opportunity", "kick", "step_back", "surprise")
WOUNDS = ("unhurt", *T.MARKERS)
MORALE = tuple(T.MORALE_LETTER.values())
#: Markers on the table (``Character.marker``), in feature order.
MARKS = ("(bandaged)", "critically injured", "stunned", "unconscious", "surrendered", "cowering", "gone", "down",
         "rising", "groggy", "enraged", "Shaken", "Panicked, screaming", "Terrified")
ORDERS = ("advance", "fall-back", "fire", "hold")
DONE = ("moving", "speaking1", "speaking2", "firing")
GAS_CLOUDS = 4
_GLOBALS = 2 + len(PHASES) + len(PENDING)
#: Per character before the card: present, own, x, y, armed, moved known, moved.
_SEEN = 7
_CARD = 14 + len(ORDERS) + len(DONE)
_INCHES = 16.0  # distances are scaled by this
_WOUND = {w: i for i, w in enumerate(WOUNDS)}
_MORALE = {m: i for i, m in enumerate(MORALE)}
_MARK = {m: i for i, m in enumerate(MARKS)}


def _features(state: World) -> tuple[Callable[[Mapping[str, Any]], np.ndarray], int]:
    """The observation function of a scenario and its size, laid out from what every seat knows of
    its set-up (the table and the seats; the characters take slots, PP-02)."""
    width, depth = max(1.0, state.table.width), max(1.0, state.table.depth)
    seats = {seat: i for i, seat in enumerate(state.seats)}
    chars = Places((), slots=CHARACTERS)
    per_char = _SEEN + len(WOUNDS) + len(MORALE) + len(MARKS) + _CARD + chars.size
    seats_at = _GLOBALS
    clouds_at = seats_at + 2 * len(seats)  # per seat: the observing one, to act
    chars_at = clouds_at + 3 * GAS_CLOUDS
    size = chars_at + per_char * chars.size
    phase, pending = {p: i for i, p in enumerate(PHASES)}, {p: i for i, p in enumerate(PENDING)}
    order, done = {o: i for i, o in enumerate(ORDERS)}, {d: i for i, d in enumerate(DONE)}

    def observe(view: Mapping[str, Any]) -> np.ndarray:
        s = view["state"]
        f: dict[int, float] = {0: s["move"] / s["moves"], 1: s["round"] / 2, seats_at + 2 * seats[view["seat"]]: 1.0}
        for seat in view["to_act"]:
            f[seats_at + 2 * seats[seat] + 1] = 1.0
        one_hot(f, one_hot(f, 2, phase, s["phase"]), pending, s["pending"])
        for k, cloud in enumerate(s["clouds"][:GAS_CLOUDS]):
            at = clouds_at + 3 * k
            f.update({at: cloud["x"] / width, at + 1: cloud["y"] / depth, at + 2: cloud["until"] / s["moves"]})
        places = chars.places([c["id"] for c in s["characters"]])
        for c in s["characters"]:
            if c["id"] not in places:
                continue
            at = chars_at + per_char * places[c["id"]]
            moved = c["moved"]
            f.update({at: 1.0, at + 1: float(c["own"]), at + 2: c["x"] / width, at + 3: c["y"] / depth,
                      at + 4: float(c["armed"]), at + 5: float(moved is not None), at + 6: (moved or 0.0) / _INCHES})
            at = one_hot(f, at + _SEEN, _WOUND, c["wound"])
            at = one_hot(f, at, _MORALE, c["morale"])
            marker = c["marker"]
            for mark, k in _MARK.items():
                if mark in marker:  # no mark's words are part of another's
                    f[at + k] = 1.0
            at += len(MARKS)
            card = c.get("card")
            if card is not None:  # PP-02: the seat's own characters only
                f.update({at: card["wounds"] / 4, at + 1: card["bleeding"] / 2, at + 2: float(card["bandaged"]),
                          at + 3: (card["shots_left"] or 0) / 6, at + 4: card["fright"] / 2,
                          at + 5: float(card["load"] != "none"), at + 6: card["walk"] / _INCHES,
                          at + 7: card["run"] / _INCHES, at + 8: sum(card["throwables"].values()) / 4,
                          at + 9: float(card["leader"]), at + 10: card["fight"] / 2, at + 11: card["adt"] / 2,
                          at + 12: card["moved"] / _INCHES, at + 13: float(card["shots_left"] is None)})
                one_hot(f, at + 14, order, card["order"])
                for d in card["done"]:
                    one_hot(f, at + 14 + len(ORDERS), done, d)
            at += _CARD
            for other in s["sight"].get(c["id"], ()):
                if other in places:
                    f[at + places[other]] = 1.0
        return dense(f, size)

    return observe, size


def encoding(scenario: Scenario, options: dict[str, Any]) -> Encoding:
    state = Game(scenario, seed=0, options=options).state  # the numbering is fixed: any seed will do
    assert isinstance(state, World)
    if len(state.chars) > CHARACTERS:
        raise EncodingError(f"{len(state.chars)} characters: the encoding has slots for {CHARACTERS}")
    own = [name for name in state.weapon_book if _slug(name) not in _BOOK]
    if len(own) > SCENARIO_WEAPONS:
        raise EncodingError(f"{len(own)} weapons of the scenario's own: the encoding has slots for {SCENARIO_WEAPONS}")
    observe, size = _features(state)
    ids = action_ids(state)
    return Encoding(ids, observe=observe, observation_size=size, canonical=_canonical(ids))
