"""Civil Disorder for learning and search: its fixed action numbering (the grammar of orders.py).

Fog of war: the numbering and the feature layout are made only from what every seat knows at
set-up (``scenario_data_for`` an SF seat: the street plan, the SF's seats and units, the buildings),
never from the umpire's side of it (CD-01): its crowds and snipers are named to a seat only when
it comes to know them, so a scenario with one more sniper or crowd gives every seat the same spaces.

The numbering lists, in this order, for the scenario's town, seats, units and buildings:
``pass``, ``stay``, ``alight``, ``proceed``; ``run|walk|drive:<point>`` for every street point;
``negotiate|arrest|fire:<crowd>``; ``talk:<seat>``; ``board:<unit>``; every unit's orders
``order:<unit>:<order>[:<target>]`` (CD-08, CD-13); and the umpire's chair
(``bargain_good|bargain_bad:<seat>``, ``rile|calm:<crowd>``, ``free:<prisoner>``, CD-03, CD-33,
CD-55). Crowds (those set up and those that split, CD-24), snipers (CD-68) and prisoners (CD-55)
are named during play: they take slots ``~1``..``~16`` (:data:`NAMED_IN_PLAY`; core/encoding.py),
by sorted name among those on offer.

Features (all from the seat's view: an SF player's figure sees and hears what CD-06 lets it, the
umpire's chair everything, CD-01), laid out once per scenario over its seats, units and buildings,
and :data:`NAMED_IN_PLAY` places each for crowds and snipers (by sorted name among those the view
lists); places are coordinates on the street plan over its size:

- the turn over the game's length; per seat: whether it is the observing one, is to act, has declared
  (CD-12) and its phase (CD-10), as far as the seat knows (an SF player his own; the umpire all);
  the seat's own figure (where, radio, megaphone, able, down, escorting, in a vehicle, out, armed), the other
  figures it sees, messages, prisoners (CD-55), bombs gone off (CD-66), casualties on the ground by
  side (CD-56), gas clouds (CD-45) and the umpire's score (CD-04; the umpire's view only);
- per unit it knows of: how (sight, radio report, radio, earshot), whether it is the seat's own,
  where, figures and fit ones, its order (CD-08) if the seat may know it and whether the seat gave
  it, vehicle (aboard, away), weapon, gas, inside a building, load, hydrant, water used, under fire;
- per crowd it knows of: how, where, figures, its RL (CD-24), what is seen of it (goods carried,
  petrol bombs made, CD-30, CD-37), and the umpire's own knowledge (looters, missiles, wet);
- per building seen: fires and wrecked (CD-40); per sniper: spotted (CD-68).

>>> from riotact.core import find_scenario
>>> enc = encoding(find_scenario("civil-disorder/embassy-protest"), {})
>>> enc.action_ids[:4], enc.observation_size
(('pass', 'stay', 'alight', 'proceed'), 697)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from riotact.core import Game, Scenario
from riotact.core.encoding import Encoding, Places, dense, grammar_encoding, one_hot, slot_names

from .rules.orders import ORDER_TARGETS, ORDER_WORDS
from .turn import CivilDisorder
from .view import ON_THE_GROUND

#: Slots for the names a seat learns during play: crowds, snipers and prisoners (CD-01: the crowds and
#: snipers are the umpire's set-up; CD-24, CD-55: split crowds and prisoners are made in play).
NAMED_IN_PLAY = 16


def action_ids(state: CivilDisorder) -> list[str]:
    """The numbering, from the public set-up only (CD-01): crowds, snipers and prisoners are slots."""
    slots = slot_names(NAMED_IN_PLAY)
    points = sorted(state.town.pos)
    targets = {"place": points, "crowd": slots, "building": sorted(state.buildings), "sniper": slots}
    ids = ["pass", "stay", "alight", "proceed"]
    ids += [f"{verb}:{p}" for verb in ("run", "walk", "drive") for p in points]
    ids += [f"{verb}:{c}" for verb in ("negotiate", "arrest", "fire") for c in slots]
    ids += [f"talk:{s}" for s in state.sf_seats]
    ids += [f"board:{u}" for u in state.units]
    for unit in state.units:
        for order in ORDER_WORDS:
            kind = ORDER_TARGETS.get(order)
            if kind is None:
                ids.append(f"order:{unit}:{order}")
            else:
                ids += [f"order:{unit}:{order}:{t}" for t in targets[kind]]
    ids += [f"{verb}:{s}" for verb in ("bargain_good", "bargain_bad") for s in state.sf_seats]
    ids += [f"{verb}:{c}" for verb in ("rile", "calm") for c in slots]
    ids += [f"free:{p}" for p in slots]
    return ids


#: A seat's phase (CD-10; the umpire's chair: discretion or waiting), in feature order.
PHASES = ("walk", "action", "done", "discretion", "wait")
#: How a unit or crowd is known (CD-06, CD-07), in feature order.
SOURCES = ("sight", "radio report", "radio", "earshot")
#: Gas clouds shown one by one (where, turns left); any more are counted only.
GAS_CLOUDS = 4
_GLOBALS = 18
#: Per seat: the observing seat, to act, declared (CD-12), its phase.
_PER_SEAT = 3 + len(PHASES)
_PER_UNIT = 21 + len(ORDER_WORDS)
_PER_CROWD = 11 + len(SOURCES) + 8
_COUNT = 10.0  # counts (figures, casualties, messages) are scaled by this
_ORDER = {verb: i for i, verb in enumerate(ORDER_WORDS)}
_SOURCE = {source: i for i, source in enumerate(SOURCES)}
_PHASE = {phase: i for i, phase in enumerate(PHASES)}


def _features(state: CivilDisorder) -> tuple[Callable[[Mapping[str, Any]], np.ndarray], int]:
    """The observation function of a scenario and its size, laid out from the public side of its
    set-up (the street plan and the names of its seats, units and buildings; CD-01) with slots for
    the crowds and snipers."""
    span = float(max(1, *(max(x, y) for x, y in state.town.pos.values())))
    xy = {point: (x / span, y / span) for point, (x, y) in state.town.pos.items()}
    seats = {seat: i for i, seat in enumerate(state.seats)}
    figures = {seat: i for i, seat in enumerate(state.sf_seats)}
    units = {unit: i for i, unit in enumerate(state.units)}
    crowds = Places((), slots=NAMED_IN_PLAY)
    buildings = {b: i for i, b in enumerate(sorted(state.buildings))}
    snipers = Places((), slots=NAMED_IN_PLAY)
    gas_at = _GLOBALS
    seats_at = gas_at + 3 * GAS_CLOUDS
    figures_at = seats_at + _PER_SEAT * len(seats)
    units_at = figures_at + 3 * len(figures)
    crowds_at = units_at + _PER_UNIT * len(units)
    buildings_at = crowds_at + _PER_CROWD * crowds.size
    snipers_at = buildings_at + 3 * len(buildings)
    size = snipers_at + snipers.size

    def observe(view: Mapping[str, Any]) -> np.ndarray:
        s = view["state"]
        seat = view["seat"]
        f: dict[int, float] = {0: s["turn"] / s["turns"], 1: len(s.get("messages", ())) / _COUNT,
                               2: len(s["prisoners"]) / _COUNT, 3: len(s["bombs"]) / _COUNT,
                               4: len(s["gas"]) / _COUNT, 5: s.get("score", 0.0) / 100}
        # an SF player knows his own phase and declaration; the umpire everybody's
        phases = s["phase"] if isinstance(s["phase"], dict) else {seat: s["phase"]}
        declared = s["declared"] if isinstance(s["declared"], dict) else {seat: s["declared"]}
        for other, k in seats.items():
            at = seats_at + _PER_SEAT * k
            f.update({at: float(other == seat), at + 1: float(other in view["to_act"]),
                      at + 2: float(declared.get(other) is not None)})
            one_hot(f, at + 3, _PHASE, phases.get(other))
        for casualty in s["casualties"]:
            if casualty["stage"] in ON_THE_GROUND:  # as an SF view lists them (CD-56)
                k = 6 + (casualty["side"] == "sf")
                f[k] = f.get(k, 0.0) + 1 / _COUNT
        me = s.get("you")
        if me is not None:  # an SF player's own figure (CD-06); the umpire has none
            x, y = xy[me["node"]]
            f.update({8: x, 9: y, 10: float(me["radio"]), 11: float(me["megaphone"]), 12: float(me["able"]),
                      13: me["down"] / 3, 14: float(me["escorting"] is not None), 15: float(me["vehicle"] is not None),
                      16: float(me["out"]), 17: float(me["weapon"] != "none")})
        for k, cloud in enumerate(s["gas"][:GAS_CLOUDS]):
            f.update({gas_at + 3 * k: cloud["x"] / span, gas_at + 3 * k + 1: cloud["y"] / span,
                      gas_at + 3 * k + 2: cloud["turns"] / 3})
        for player in s["players"]:
            if player["seat"] != seat:
                at = figures_at + 3 * figures[player["seat"]]
                x, y = xy[player["node"]]
                f.update({at: 1.0, at + 1: x, at + 2: y})
        under_fire = set(s.get("under_fire", ()))
        for unit in s["units"]:
            _unit(f, units_at + _PER_UNIT * units[unit["id"]], unit, seat, xy, under_fire)
        listed = [c for c in s["crowds"] if c.get("gone") is None]
        places = crowds.places(c["id"] for c in listed)
        for crowd in listed:
            place = places.get(crowd["id"])
            if place is not None:
                _crowd(f, crowds_at + _PER_CROWD * place, crowd, xy)
        for building in s["buildings"]:
            at = buildings_at + 3 * buildings[building["id"]]
            wrecked = building["wrecked"] if "wrecked" in building else building["value"] == 0
            f.update({at: 1.0, at + 1: building["fires"] / _COUNT, at + 2: float(wrecked)})
        active = [sniper["id"] for sniper in s.get("snipers_spotted", s.get("snipers", ())) if not sniper.get("out")]
        for place in snipers.places(active).values():
            f[snipers_at + place] = 1.0
        return dense(f, size)

    return observe, size


def _unit(f: dict[int, float], at: int, unit: Mapping[str, Any], seat: str, xy: Mapping[str, tuple[float, float]],
          under_fire: set[str]) -> None:
    """One unit's block (``_PER_UNIT`` values) at ``at``."""
    x, y = xy[unit["node"]]
    f.update({at: 1.0, at + 1: float(unit["player"] == seat), at + 2: x, at + 3: y,
              at + 4: unit["figures"] / _COUNT, at + 5: unit["fit"] / _COUNT,
              at + 6: float(unit["vehicle"] != "none"), at + 7: float(unit["aboard"]),
              at + 8: float(unit["vehicle_node"] not in (None, unit["node"])),
              at + 9: float(unit["weapon"] != "none"), at + 10: (unit["gas_stock"] or 0) / 2,
              at + 11: float(unit["inside"] is not None), at + 12: unit["load"] / _COUNT,
              at + 13: float(unit["hydrant"]), at + 14: unit["water_turns_used"] / 3,
              at + 15: float(unit["id"] in under_fire), at + 16: float(unit.get("ordered_by") == seat)})
    one_hot(f, at + 17, _SOURCE, unit.get("source"))
    order = unit.get("order")  # CD-08: another player's unit's order only to its owner and the commander
    if order is not None:
        one_hot(f, at + 21, _ORDER, order.partition(":")[0])


def _crowd(f: dict[int, float], at: int, crowd: Mapping[str, Any], xy: Mapping[str, tuple[float, float]]) -> None:
    """One crowd's block (``_PER_CROWD`` values) at ``at``."""
    x, y = xy[crowd["node"]]
    seen = crowd.get("seen", "")
    f.update({at: 1.0, at + 1: x, at + 2: y, at + 3: crowd["figures"] / 30, at + 4: crowd["rl"] / 8,
              at + 5: float("stereos" in seen or bool(crowd.get("carrying"))),
              at + 6: float("petrol" in seen or any(crowd.get("petrol", ()))),
              at + 7: float(bool(crowd.get("looter"))), at + 8: crowd.get("missiles", 0) / 5,
              at + 9: crowd.get("wet", 0) / 3, at + 10: float(bool(crowd.get("shop"))),
              at + 11 + len(SOURCES) + crowd["rl"] - 1: 1.0})
    one_hot(f, at + 11, _SOURCE, crowd.get("source"))


def encoding(scenario: Scenario, options: dict[str, Any]) -> Encoding:
    state = Game(scenario, seed=0, options=options).state  # the numbering is fixed: any seed will do
    assert isinstance(state, CivilDisorder)
    observe, size = _features(state)
    return grammar_encoding(action_ids(state), observe, size)
