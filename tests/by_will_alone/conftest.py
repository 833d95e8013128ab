"""A small test town for By Will Alone rule tests, and builders for units and games.

Main Street runs west-east: w0 - x1 - m2 - x3 - e4 - x5 - e6 (x* are intersections),
with North Street at x1 (n1), South Street at x3 (s3) and East Street at x5 (n5).
A housing block (h) touches m2, a building (b) touches e4. Open fields o1 - o2 - o3
lie to the north with woods (o2) between o1 and o3; o4 and o5 see each other.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from riotact.core.dice import ScriptedDice
from riotact.core.game import Game
from riotact.core.scenario import Scenario, parse_scenario
from support import umpire_sees

FEATURES = [
    {"id": "w0", "kind": "street", "x": 0, "y": 0, "streets": ["Main"]},
    {"id": "x1", "kind": "intersection", "x": 2, "y": 0, "streets": ["Main", "North"]},
    {"id": "m2", "kind": "street", "x": 4, "y": 0, "streets": ["Main"]},
    {"id": "x3", "kind": "intersection", "x": 6, "y": 0, "streets": ["Main", "South"]},
    {"id": "e4", "kind": "street", "x": 8, "y": 0, "streets": ["Main"]},
    {"id": "x5", "kind": "intersection", "x": 10, "y": 0, "streets": ["Main", "East"]},
    {"id": "e6", "kind": "street", "x": 12, "y": 0, "streets": ["Main"]},
    {"id": "n1", "kind": "street", "x": 2, "y": 2, "streets": ["North"]},
    {"id": "s3", "kind": "street", "x": 6, "y": -2, "streets": ["South"]},
    {"id": "n5", "kind": "street", "x": 10, "y": 2, "streets": ["East"]},
    {"id": "h", "kind": "housing", "x": 4, "y": 2},
    {"id": "b", "kind": "building", "x": 8, "y": 2},
    {"id": "o1", "kind": "open", "x": 0, "y": 10},
    {"id": "o2", "kind": "woods", "x": 4, "y": 10},
    {"id": "o3", "kind": "open", "x": 8, "y": 10},
    {"id": "o4", "kind": "open", "x": 0, "y": 14},
    {"id": "o5", "kind": "open", "x": 8, "y": 14},
]
LINKS = [["w0", "x1"], ["x1", "m2"], ["m2", "x3"], ["x3", "e4"], ["e4", "x5"], ["x5", "e6"],
         ["x1", "n1"], ["x3", "s3"], ["x5", "n5"], ["m2", "h"], ["e4", "b"],
         ["o1", "o2"], ["o2", "o3"], ["o1", "o4"], ["o3", "o5"], ["o4", "o5"], ["n1", "o1"]]


def nv(uid: str, feature: str | None, stands: int = 4, quality: str = "trained", **kw: Any) -> dict[str, Any]:
    return {"id": uid, "side": "nonviolent", "type": "actionists", "feature": feature, "stands": stands,
            "quality": quality, **kw}


def auth(uid: str, feature: str | None, stands: int = 4, quality: str = "reliable", type: str = "police",
         **kw: Any) -> dict[str, Any]:
    return {"id": uid, "side": "authority", "type": type, "feature": feature, "stands": stands,
            "quality": quality, **kw}


def scenario_data(units: list[dict[str, Any]], house_rules: dict[str, Any] | None = None,
                  **setup: Any) -> dict[str, Any]:
    return {"ruleset": "by-will-alone", "id": "test-town", "title": "Test town",
            "seats": ["nonviolent", "authority"], "house_rules": house_rules or {},
            "setup": {"features": FEATURES, "links": LINKS, "units": units, **setup}}


def scenario(units: list[dict[str, Any]], **setup: Any) -> Scenario:
    """The test town with these units, parsed once for many games."""
    return parse_scenario(scenario_data(units, **setup), "test-town")


def game(units: list[dict[str, Any]], dice: list[int] | None = None, *, seed: int = 1,
         options: dict[str, Any] | None = None, **setup: Any) -> Game:
    """A game in the test town; ``dice`` scripts every face the umpire will roll."""
    return Game(scenario(units, **setup), seed=seed, options=options,
                dice=ScriptedDice(dice) if dice is not None else None)


def script(g: Game, faces: list[int]) -> None:
    """Queue more scripted faces on a running game."""
    assert isinstance(g.dice, ScriptedDice)
    g.dice.extend(faces)


#: Faces for whatever follows the rolls a test is about (a morale check, a band's attack): 1s, which
#: score nothing. The game stops at the next decision, so any left over are never rolled.
THEN = [1] * 20


def orders(g: Game, seat: str, *ids: str) -> None:
    """Give these orders, then end the orders if the step has not already started resolving."""
    step = umpire_sees(g)["step"]
    for action_id in ids:
        g.apply(seat, action_id)
    if umpire_sees(g)["step"] == step and prompt(g, seat) == "orders":
        g.apply(seat, "done")


def prompt(g: Game, seat: str | None = None) -> str | None:
    """The kind of decision ``seat`` (by default the first seat to act) is asked for, if any."""
    seat = seat or next(iter(g.to_act()), None)
    if seat is None or seat not in g.to_act():
        return None
    return g.view(seat)["state"]["prompt"]["kind"]


def unit(g: Game, uid: str) -> dict[str, Any] | None:
    """The umpire's view of a unit on the table (None once it has left it)."""
    return next((u for u in umpire_sees(g)["units"] if u.get("id") == uid), None)


def confront(g: Game, attacker: str, defender: str, *faces: int) -> dict[str, Any]:
    """Play one confrontation (BWA-21/31): ``attacker``'s side orders it, ``defender`` Holds; the
    scripted ``faces`` are queued after the order. Returns the umpire's BWA-33 result event."""
    seat = g.to_act()[0]
    before = len(g.log.events)
    orders(g, seat, f"{attacker}:confront:{defender}")
    if faces:
        script(g, list(faces))
    if "react:hold" in {a.id for s in g.to_act() for a in g.legal_actions(s)}:
        g.apply(g.to_act()[0], "react:hold")
    return next(e for e in g.log.events[before:] if e.get("rule") == "BWA-33")


@pytest.fixture
def bwa() -> SimpleNamespace:
    return SimpleNamespace(nv=nv, auth=auth, game=game, script=script, orders=orders, data=scenario_data,
                           scenario=scenario, sees=umpire_sees, unit=unit, prompt=prompt, confront=confront,
                           then=THEN)
