"""The Breaking of Nations for learning and search: its fixed action numbering.

Fog of war: the numbering and the feature layout are made only from what every seat knows at set-up.
Under the hidden-deployment house rule (BON-002) the units a seat deploys hidden are unknown to the
others (``scenario_for`` drops them from their copy), so no seat's layout names them, nor their men:
each takes, in the seat's actions and view, a hidden unit's slot ``H~1``..``H~16``
(:data:`HIDDEN_UNITS`, by sorted name among those on offer or in sight now) and its men places of
their own (:data:`HIDDEN_MEN`). A scenario with one more hidden team, or one more man in it, gives
every seat the same spaces.

For the scenario's units deployed openly, in list order, then the hidden units' slots:
``activate|end|fight|rally|fallback|prone|rise:<unit>``, ``formation:<unit>:<formation>``,
``fire|charge:<unit>:<enemy unit>``; for a gun (and every hidden unit's slot) ``shoot:<gun>:<enemy>``,
``lob:<gun>`` and ``lob|plan:<gun>:<enemy>:<guess>``; the building orders and ``cut:<unit>:<wire>``
(BON-102) for every belt of wire; points, bearings and guesses chosen during play (a move's
destination, a grenade's aim, an MG's new bearing) take slots ``~1``..``~16`` (core/encoding.py).

Features (all from the seat's view: a unit still hidden from it is not there, BON-002; a gun's
ammunition is its owner's, BON-073; a mortar's plan too, BON-077), laid out once per scenario over
its seats, its open units and their men, and the hidden units' places: the turn over the game's
length; per seat whether it is the observing one and deciding; per unit in sight: whether it is the
seat's own, hidden (from the others), active, activated, charging (BON-017), pinned, out of
ammunition, climbing (BON-089), its formation, kind, level, facing, glory level and tests owed
(BON-036), salvos, men lost, and a lob the seat planned;
per man of it: where (over the table's size), prone, panicking (and how), wounds and injuries,
inside a building, armour class (and that of its move).

>>> from riotact.core import find_scenario
>>> enc = encoding(find_scenario("breaking-of-nations/trench-raid"), {})
>>> enc.action_ids[:3], enc.number(["activate:A", "activate:g"])  # the raiders and 2. Gruppe are hidden
(('activate:h', 'end:h', 'fight:h'), {93: 'activate:A', 750: 'activate:g'})
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from riotact.core import Game, Scenario
from riotact.core.encoding import Encoding, Places, dense, one_hot, slot_names, slotted

from .rules.buildings import building_action_ids
from .rules.movement import FORMATIONS
from .rules.wire import cut_action_ids
from .state import Unit
from .tables import LEVELS
from .turn import BreakingOfNations

SLOTS = 16
#: Slots for the units deployed hidden (BON-002) and places for their men.
HIDDEN_UNITS = 16
HIDDEN_MEN = 96
_HIDDEN = [f"H{slot}" for slot in slot_names(HIDDEN_UNITS)]
#: The verbs whose third part names an enemy unit (the second always names the unit ordered).
_AT_UNIT = frozenset(("fire", "charge", "shoot", "lob", "plan"))


def open_units(state: BreakingOfNations) -> list[Unit]:
    """The units every seat knows of at set-up: all but those deployed hidden (BON-002)."""
    return [u for u in state.units.values() if not u.concealed]


def action_ids(state: BreakingOfNations) -> list[str]:
    ids: list[str] = []
    slots = slot_names(SLOTS)
    known = open_units(state)
    # a hidden unit's slot may be either side's and any kind: it gets every order and every foe
    units = [(u.id, u.seat, u.kind == "gun") for u in known] + [(h, None, True) for h in _HIDDEN]
    for unit, seat, gun in units:
        ids += [f"{verb}:{unit}" for verb in ("activate", "end", "fight", "rally", "fallback", "prone", "rise")]
        ids += [f"formation:{unit}:{f}" for f in FORMATIONS]
        foes = [e.id for e in known if e.seat != seat] + _HIDDEN
        ids += [f"{verb}:{unit}:{e}" for verb in ("fire", "charge") for e in foes]
        ids += [f"{verb}:{unit}:{s}" for verb in ("move", "throw", "rotate") for s in slots]
        ids += building_action_ids(state, unit) + cut_action_ids(state.table, unit)
        if gun:  # artillery.py: direct fire, a guessed range, a mortar's plan and its firing
            ids += [f"shoot:{unit}:{e}" for e in foes] + [f"lob:{unit}"]
            ids += [f"{verb}:{unit}:{e}:{s}" for verb in ("lob", "plan") for e in foes for s in slots]
    return ids


def _canonical(ids: list[str], known: set[str]) -> Callable[[Sequence[str]], dict[str, str]]:
    """Name the hidden units on offer ``H~k`` (by sorted name), then the points and guesses chosen
    during play ``~k`` (:func:`slotted`).

    >>> rename = _canonical(["move:A:~1", "move:H~1:~1", "fire:H~1:A", "fire:H~1:H~2"], {"A"})
    >>> rename(["move:g:12,3", "fire:g:A", "fire:g:m"])
    {'move:g:12,3': 'move:H~1:~1', 'fire:g:A': 'fire:H~1:A', 'fire:g:m': 'fire:H~1:H~2'}
    """
    points = slotted(ids)

    def rename(legal: Sequence[str]) -> dict[str, str]:
        units = {a: [k for k in (1, 2) if k == 1 or a.partition(":")[0] in _AT_UNIT] for a in legal}
        parts = {a: a.split(":") for a in legal}
        hidden = sorted({parts[a][k] for a in legal for k in units[a]
                         if k < len(parts[a]) and parts[a][k] not in known})
        slot = dict(zip(hidden, _HIDDEN, strict=False))
        named = {a: ":".join(slot.get(p, p) if k in units[a] else p for k, p in enumerate(parts[a]))
                 for a in legal}
        slotted_now = points(list(named.values()))
        return {a: slotted_now.get(n, n) for a, n in named.items() if slotted_now.get(n, n) != a}

    return rename


KINDS = ("squad", "mg", "gun", "cavalry")
PANICS = ("prone", "take_cover", "freeze", "flee", "onwards", "berserk")
#: Per unit: present, own, hidden, active, activated, charging, pinned, out of ammunition, climbing,
#: facing (sine, cosine), glory level, tests, salvos, men lost, a planned lob; then one-hots.
_PER_UNIT = 16 + len(FORMATIONS) + len(KINDS) + len(LEVELS)
#: Per man: present, x, y, prone, panicking, wounds, injuries, inside, armour class, its move's; then
#: the panic one-hot.
_PER_MAN = 10 + len(PANICS)
_FORMATION = {f: i for i, f in enumerate(FORMATIONS)}
_KIND = {k: i for i, k in enumerate(KINDS)}
_LEVEL = {lv: i for i, lv in enumerate(LEVELS)}
_PANIC = {p: i for i, p in enumerate(PANICS)}


def _features(state: BreakingOfNations) -> tuple[Callable[[Mapping[str, Any]], np.ndarray], int]:
    """The observation function of a scenario and its size, laid out from what every seat knows of
    its set-up (the table, the seats, and the names of its open units and their men; BON-002)."""
    width, depth = max(1.0, state.table.width), max(1.0, state.table.depth)
    seats = {seat: i for i, seat in enumerate(state.scenario.seats)}
    known = open_units(state)
    units = Places((u.id for u in known), slots=HIDDEN_UNITS)
    men = Places((m for u in known for m in u.members), slots=HIDDEN_MEN)
    units_at = 1 + 2 * len(seats)
    men_at = units_at + _PER_UNIT * units.size
    size = men_at + _PER_MAN * men.size

    def observe(view: Mapping[str, Any]) -> np.ndarray:
        s = view["state"]
        seat = view["seat"]
        f: dict[int, float] = {0: s["turn"] / s["turns"]}
        for other, k in seats.items():
            f[1 + 2 * k] = float(other == seat)
            f[2 + 2 * k] = float(other == s["deciding"])
        unit_places = units.places(u["id"] for u in s["units"])
        man_places = men.places(m["id"] for u in s["units"] for m in u["models"])
        for u in s["units"]:
            if u["id"] not in unit_places:
                continue  # beyond the hidden units' slots
            at = units_at + _PER_UNIT * unit_places[u["id"]]
            facing = math.radians(u["facing"])
            f.update({at: 1.0, at + 1: float(u["seat"] == seat), at + 2: float(u["hidden"]),
                      at + 3: float(u["id"] == s["active"]), at + 4: float(u["activated"]),
                      at + 5: float(u["charging"]), at + 6: float(u["pinned"]), at + 7: float(u["ammo_out"]),
                      at + 8: float(u["climbing"] is not None), at + 9: math.sin(facing), at + 10: math.cos(facing),
                      at + 11: u["gl"] / 7, at + 12: u["tests"] / 3, at + 13: u["salvos"] / 2,
                      at + 14: u["lost"] / 10, at + 15: float(u["id"] in s["plans"])})
            at = one_hot(f, at + 16, _FORMATION, u["formation"])
            at = one_hot(f, at, _KIND, u["kind"])
            one_hot(f, at, _LEVEL, u["level"])
            for m in u["models"]:
                if m["id"] not in man_places:
                    continue
                at = men_at + _PER_MAN * man_places[m["id"]]
                f.update({at: 1.0, at + 1: m["x"] / width, at + 2: m["y"] / depth, at + 3: float(m["prone"]),
                          at + 4: float(bool(m["panic"])), at + 5: m["wounds"] / 3, at + 6: len(m["injuries"]) / 3,
                          at + 7: float(bool(m["inside"])), at + 8: m["ac"] / 3, at + 9: m["move_ac"] / 3})
                one_hot(f, at + 10, _PANIC, m["panic"])
        return dense(f, size)

    return observe, size


def encoding(scenario: Scenario, options: dict[str, Any]) -> Encoding:
    state = Game(scenario, seed=0, options=options).state  # the numbering is fixed: any seed will do
    assert isinstance(state, BreakingOfNations)
    observe, size = _features(state)
    ids = action_ids(state)
    return Encoding(ids, observe=observe, observation_size=size,
                    canonical=_canonical(ids, {u.id for u in open_units(state)}))
