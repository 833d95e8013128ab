"""By Will Alone for learning and search: its fixed action numbering (the grammar of orders.py).

The numbering lists, in this order, for the scenario's open units, counters, stands and map
features (as every seat knows them at set-up: see below): the fixed choices (``done``, ``noblock``,
``arrest-done``, ``jail:escape``, reactions without a place), reactions and choices with a place
(``react:slow|shadow|withdraw:<feature>``, ``withdraw:``, ``place:``), ``rally:``/``block:<unit>``,
``arrest-stand:<stand>``, then every piece's orders (BWA-17) ``<piece>:<verb>[:<argument>]``, with
every smoke method of the rules (BWA-13).

Fog of war: the numbering and the feature layout are made only from what every seat knows at
set-up. A unit deployed hidden (BWA-11; hidden reserves too) is not in the other side's copy of the
scenario (``scenario_for``), nor are its stands, its commander's group or its equipment: like the
units made during play (a band that lost discipline, BWA-40; escaped stands, BWA-37) it takes, in
every seat's actions and features, one of :data:`UNIT_SLOTS` slots ``~1``..``~16`` (by sorted name
among those on offer or listed now; core/encoding.py), and its stands take slots too. One more
hidden unit, or one more stand in one, gives every seat the same spaces.

Features (all from the seat's view, BWA-11: an opposing hidden unit is only its counter where it
stands), laid out once per scenario over its map features, open units, commanders' groups and
counters (hidden units and those made during play take the unit slots above; counters made during
play and groups of hidden units slots of their own):

- the seat's side, whether it holds the initiative and is to act, the initiative number and step
  (over the scenario's length), what it is asked (the prompt's kind and verb, BWA-17, and the unit,
  target and band it names, by unit or counter), stands in jail (BWA-37) and discarded, both sides'
  scores (own first), each commander's known level of violence (BWA-48);
- per map feature: a barricade (BWA-52), smoke (BWA-13), a changed sign (BWA-07), media there;
- per unit the seat sees (its own, sighted or spied ones): whether it is its side's, in reserve or
  arriving, where it is (coordinates and feature), stands by quality level, commanders, condition
  (BWA-19), barricade, enveloping, lost, band, disrupted, mounted, police, weapons, what it shows of
  itself (BWA-34), its own counter if hidden, stands known as infiltrators (BWA-26), stands in jail and
  its commander's level;
- per counter (an opposing unit or dummy seen as a counter only, or the seat's own dummy): where it is.

>>> from riotact.core import find_scenario
>>> enc = encoding(find_scenario("by-will-alone/ministry-sit-in"), {})
>>> enc.action_ids[:3], enc.observation_size
(('done', 'noblock', 'arrest-done'), 1876)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from riotact.core import Game, Scenario
from riotact.core.encoding import Encoding, Places, dense, grammar_encoding, one_hot, slot_names

from .state import Unit
from .tables import AUTHORITY, NONVIOLENT, QUALITY_NAMES, SMOKE_METHODS
from .turn import ByWillAlone

_PLAIN_VERBS = ("sit", "fraternize", "party", "signs", "barricade", "dismount", "escalate")
_TARGET_VERBS = ("confront", "envelope", "disrupt", "disperse", "arrest")
_UNIT_VERBS = ("rally", "regain", "mount", "reinforce", "message", "identify")
#: Slots for the units deployed hidden (BWA-11) and made during play (BWA-37, BWA-40), and for stands
#: of those units.
UNIT_SLOTS = 16
#: Slots for the commanders' groups of hidden units (BWA-48).
GROUP_SLOTS = 4


def open_units(state: ByWillAlone) -> list[Unit]:
    """The units every seat knows of at set-up: all but those deployed hidden (BWA-11)."""
    return [u for u in state.units.values() if not u.hidden]


def action_ids(state: ByWillAlone) -> list[str]:
    slots = slot_names(UNIT_SLOTS)
    known = open_units(state)
    units = [*(u.id for u in known), *slots]
    # counters are on the table for every seat to see (BWA-11)
    counters = sorted({u.counter for u in state.units.values() if u.counter} | set(state.dummies))
    nodes = sorted(state.map.features)
    stands = [s.id for u in known for s in u.stands]
    methods = sorted(set(SMOKE_METHODS) - {"pots"})
    ids = ["done", "noblock", "arrest-done", "jail:escape", "react:hold", "react:sit", "react:dismount"]
    ids += [f"react:{r}:{n}" for r in ("slow", "shadow", "withdraw") for n in nodes]
    ids += [f"{choice}:{n}" for choice in ("withdraw", "place") for n in nodes]
    ids += [f"{choice}:{u}" for choice in ("rally", "block") for u in units]
    ids += [f"arrest-stand:{s}" for s in [*stands, *slots]]
    for piece in [*units, *counters]:
        ids += [f"{piece}:move:{n}" for n in nodes]
    for unit in units:
        ids += [f"{unit}:{verb}" for verb in _PLAIN_VERBS]
        ids.append(f"{unit}:smoke:pots")
        ids += [f"{unit}:smoke:{m}@{n}" for m in methods for n in nodes]
        ids += [f"{unit}:{verb}:{t}" for verb in _TARGET_VERBS for t in [*units, *counters]]
        ids += [f"{unit}:{verb}:{t}" for verb in _UNIT_VERBS for t in units]
    return ids


#: What a seat may be asked (the prompt's kind), in feature order.
PROMPTS = ("orders", "react", "block", "withdraw", "arrest", "band", "rally_die", "place_lost")
CONDITIONS = ("sitting", "fraternizing", "partying")  # BWA-19
_QUALITY_LEVEL = {name: level for names in QUALITY_NAMES.values() for level, name in enumerate(names)}
#: Per unit, before its feature one-hot (see ``_unit``).
_PER_UNIT = 32
#: Per counter, before its feature one-hot: seen, own, dummy, x, y.
_PER_COUNTER = 5
_STANDS = 10.0  # counts of stands are scaled by this
_SCORE = 50.0
_LEVEL = 5.0


def _features(state: ByWillAlone) -> tuple[Callable[[Mapping[str, Any]], np.ndarray], int]:
    """The observation function of a scenario and its size, laid out from what every seat knows of
    its set-up (the map, the names of its open units and their commanders' groups, and the counters
    on the table; BWA-11)."""
    nodes = sorted(state.map.features)
    node = {n: i for i, n in enumerate(nodes)}
    span = max(1.0, *(max(abs(f.x), abs(f.y)) for f in state.map.features.values()))
    xy = {n: (f.x / span, f.y / span) for n, f in state.map.features.items()}
    known = open_units(state)
    units = Places((u.id for u in known), slots=UNIT_SLOTS)
    counters = Places(sorted({u.counter for u in state.units.values() if u.counter} | set(state.dummies)))
    groups = Places(sorted({u.group for u in known if u.side == AUTHORITY}), slots=GROUP_SLOTS)
    n = len(nodes)
    unit_width, counter_width = _PER_UNIT + n, _PER_COUNTER + n
    pieces = units.size + counters.size
    # offsets of each block
    prompt_at = 10
    verb_at = prompt_at + len(PROMPTS)
    named_at = verb_at + len(_TARGET_VERBS)  # the prompt's unit, target, band: one-hot over pieces
    levels_at = named_at + 3 * pieces
    nodes_at = levels_at + 2 * groups.size
    units_at = nodes_at + 4 * n
    counters_at = units_at + units.size * unit_width
    size = counters_at + counters.size * counter_width
    verb_index = {v: i for i, v in enumerate(_TARGET_VERBS)}
    prompt_index = {k: i for i, k in enumerate(PROMPTS)}
    condition_index = {c: i for i, c in enumerate(CONDITIONS)}

    def observe(view: Mapping[str, Any]) -> np.ndarray:
        s = view["state"]
        side, length = s["side"], s["length"]
        f: dict[int, float] = {0: float(side == NONVIOLENT), 1: float(side == AUTHORITY),
                               2: float(s["initiative"] == side), 3: s["initiative_number"] / length,
                               4: s["step"] / length, 5: float(view["seat"] in view["to_act"]),
                               6: s["discarded"] / _STANDS, 7: len(s["jail"]["stands"]) / _STANDS}
        scores = s["scores"]
        f[8] = scores.get(side, 0.0) / _SCORE
        f[9] = sum(v for k, v in scores.items() if k != side) / _SCORE
        levels = s["levels"]
        for group, g in groups.places(levels).items():
            f[levels_at + 2 * g] = 1.0
            f[levels_at + 2 * g + 1] = levels[group] / _LEVEL
        for feature in s["barricades"]:
            f[nodes_at + node[feature]] = 1.0
        for feature, thickness in s["smoke"].items():
            f[nodes_at + n + node[feature]] = thickness / 5
        for feature in s["changed_signs"]:
            f[nodes_at + 2 * n + node[feature]] = 1.0
        for medium in s["media"]:
            at = nodes_at + 3 * n + node[medium["feature"]]
            f[at] = f.get(at, 0.0) + 1.0
        listed = [u for u in s["units"] if "id" in u]
        unit_places = units.places([*(u["id"] for u in listed), *(r["id"] for r in s["reserves"])])
        counter_places = counters.places([*(c["counter"] for c in s["counters"]),
                                          *(u["counter"] for u in s["units"] if "id" not in u)])
        jailed: dict[str, int] = {}
        for stand in s["jail"]["stands"]:
            owner = stand.rpartition(".")[0]
            jailed[owner] = jailed.get(owner, 0) + 1
        for unit in listed:
            place = unit_places.get(unit["id"])
            if place is not None:
                _unit(f, units_at + place * unit_width, unit, side, xy, node, levels, jailed, condition_index)
        for reserve in s["reserves"]:
            place = unit_places.get(reserve["id"])
            if place is not None:
                at = units_at + place * unit_width
                f[at + 1] = 1.0
                f[at + (2 if reserve["status"] == "reserve" else 3)] = 1.0
        for counter in [*s["counters"], *(u for u in s["units"] if "id" not in u)]:
            place = counter_places.get(counter["counter"])
            if place is not None:
                at = counters_at + place * counter_width
                x, y = xy[counter["feature"]]
                f.update({at: 1.0, at + 1: float(counter["side"] == side), at + 2: float(bool(counter.get("dummy"))),
                          at + 3: x, at + 4: y, at + _PER_COUNTER + node[counter["feature"]]: 1.0})
        prompt = s["prompt"]
        if prompt is not None:
            one_hot(f, prompt_at, prompt_index, prompt["kind"])
            one_hot(f, verb_at, verb_index, prompt.get("verb"))
            for k, key in enumerate(("unit", "target", "band")):
                name = prompt.get(key)
                place = unit_places.get(name) if name in unit_places else (
                    None if counter_places.get(name) is None else units.size + counter_places[name])
                if place is not None:
                    f[named_at + k * pieces + place] = 1.0
        return dense(f, size)

    return observe, size


def _unit(f: dict[int, float], at: int, unit: Mapping[str, Any], side: str, xy: Mapping[str, tuple[float, float]],
          node: Mapping[str, int], levels: Mapping[str, int], jailed: Mapping[str, int],
          condition_index: Mapping[str, int]) -> None:
    """One unit's block (``_PER_UNIT`` values and a feature one-hot) at ``at``."""
    x, y = xy[unit["feature"]]
    stands = unit["stands"]
    traits = unit["traits"]
    f.update({at: 1.0, at + 1: float(unit["side"] == side), at + 4: x, at + 5: y,
              at + 6: len(stands) / _STANDS,
              at + 11: float(unit["behind_barricade"]), at + 12: float(unit["enveloping"] is not None),
              at + 13: float(unit["lost"]), at + 14: float(unit["band"]), at + 15: float(unit["disrupted"]),
              at + 16: float(unit["mounted_in"] is not None), at + 17: float(unit["police"]),
              at + 18: unit["weapons"] / 4, at + 19: float(traits["food"]), at + 20: float(traits["fed"]),
              at + 21: float(traits["led"]), at + 22: float(traits["region"] != "home"),
              at + 23: float(traits["country"] != "home"), at + 24: float(traits["language"] != "local"),
              at + 25: float("counter" in unit),
              at + 27: jailed.get(unit["id"], 0) / _STANDS,
              at + 28: levels.get(unit.get("group", ""), 0) / _LEVEL,
              at + _PER_UNIT + node[unit["feature"]]: 1.0})
    commanders = roles = 0
    qualities = [0, 0, 0]
    for st in stands:
        commanders += st["commander"]
        roles += "role" in st
        qualities[_QUALITY_LEVEL[st["quality"]]] += 1
    f.update({at + 7: commanders / _STANDS, at + 8: qualities[0] / _STANDS, at + 9: qualities[1] / _STANDS,
              at + 10: qualities[2] / _STANDS, at + 26: roles / _STANDS})
    one_hot(f, at + 29, condition_index, unit["condition"])


def encoding(scenario: Scenario, options: dict[str, Any]) -> Encoding:
    state = Game(scenario, seed=0, options=options).state  # the numbering is fixed: any seed will do
    assert isinstance(state, ByWillAlone)
    observe, size = _features(state)
    return grammar_encoding(action_ids(state), observe, size)
