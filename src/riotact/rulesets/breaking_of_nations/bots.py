"""The heuristic bot, for every seat. It reads only its view and the legal actions.

It activates its units in list order. In an activation it fights what it touches (in the open or
through a door), throws grenades, goes into a building that stands on an
objective (opening or bashing its door first), cuts a lane through wire that stands between it and
its objective or the enemy (BON-102), fires unless every target is so well covered that
only a natural 12 would hit, and fires its guns (direct, at a guessed range, a mortar's plan), or with
nothing to fire at swings an MG or gun round onto the nearest enemy; it
rallies a shaken squad and charges when its nerve is good. Otherwise
it moves: to the door of an objective's building, towards an objective, or towards the enemy. A unit
left with its last action in the open within an enemy's rifle range goes prone, where it cannot be
shot at (BON-023), rather than wait to be shot.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from shapely.geometry import LineString, Point, Polygon

from riotact.core.protocol import Action, Bot, Evaluation, State
from riotact.core.search import outcome

from .rules.sequence import tally
from .state import World

CLOSE = ("fight", "assault", "throw")
RIFLE_REACH = 24.0  # BON-107: a rifle's long range
HOPELESS_TN = 12  # BON-026: only a natural 12 hits
COVER = {"trench": 12, "fortification": 15, "stone_building": 9, "wooden_building": 6, "dense_forest": 6,
         "rubble": 3, "light_forest": 3}  # BON-110, for judging a shot from the view
GUNS = ("shoot", "lob", "plan")  # artillery.py: direct fire, a guessed range, a mortar's plan


class HeuristicBot(Bot):
    def choose(self, view: dict[str, Any] | None, legal: Sequence[Action]) -> str:
        assert view is not None
        st = view["state"]
        ids = [a.id for a in legal]
        if ids[0].startswith("activate:"):
            return ids[0]
        units = {u["id"]: u for u in st["units"]}
        me = units[ids[0].split(":")[1]]
        verbs: dict[str, list[str]] = {}
        for i in ids:
            verbs.setdefault(i.split(":")[0], []).append(i)
        prized = self.prized(st)
        for verb in CLOSE:
            if verb in verbs:
                return verbs[verb][0]
        inside = any(m["inside"] for m in me["models"])
        for verb in ("enter", "open", "bash"):
            wanted = [i for i in verbs.get(verb, []) if i.split(":")[2].split(".")[0] in prized]
            if wanted and not (verb == "enter" and inside):
                return wanted[0]
        cut = [i for i in verbs.get("cut", []) if self.in_the_way(st, me, i.split(":")[2])]
        if cut:
            return cut[0]
        fire = [i for i in verbs.get("fire", []) if not self.hopeless(st, units.get(i.split(":")[2]))]
        if fire:
            return fire[0]
        for verb in GUNS:
            if verb in verbs:
                return verbs[verb][0]
        nearest = self.nearest_foe(st, me)
        bear = [a.id for a in legal if a.id.startswith("rotate:") and nearest is not None
                and a.text.endswith(f" to bear on {nearest['name']}")]
        if bear:  # BON-066: with nothing to fire at, an MG or gun swings round onto the nearest enemy
            return bear[0]
        if "rally" in verbs:
            return verbs["rally"][0]
        if "charge" in verbs and me["gl"] < 6:
            return verbs["charge"][0]
        if self.exposed(st, me) and "prone" in verbs:
            return verbs["prone"][0]
        moves = {a.id: a.text for a in legal if a.id.startswith("move:")}
        for words in (" heads for the ", " towards the ", "advances"):
            found = [i for i, text in moves.items() if words in text and (words != " heads for the " or any(
                f" of {b['name']} " in text for b in st["buildings"] if b["id"] in prized))]
            if found and (words != " towards the " or st["objectives"]):
                return found[0]
        return ids[0]

    @staticmethod
    def nearest_foe(st: dict[str, Any], me: dict[str, Any]) -> dict[str, Any] | None:
        """The enemy unit in view whose centre is nearest this unit's centre (only that one is worth
        turning a piece onto: turning onto each in turn would spend the crew's AC going round)."""
        def centre(u: dict[str, Any]) -> tuple[float, float]:
            ms = u["models"]
            return sum(m["x"] for m in ms) / len(ms), sum(m["y"] for m in ms) / len(ms)

        foes = [u for u in st["units"] if u["seat"] != me["seat"] and u["models"]]
        if not foes or not me["models"]:
            return None
        here = centre(me)
        return min(foes, key=lambda u: (math.dist(here, centre(u)), u["id"]))

    @staticmethod
    def prized(st: dict[str, Any]) -> set[str]:
        """Buildings standing on an objective's ground."""
        grounds = [Polygon(f["outline"]) for f in st["table"]["features"]
                   if any(o["feature"] == f["id"] for o in st["objectives"])]
        return {b["id"] for b in st["buildings"] if not b["collapsed"]
                and any(g.intersects(Polygon(b["outline"])) for g in grounds)}

    @staticmethod
    def in_the_way(st: dict[str, Any], me: dict[str, Any], wire: str) -> bool:
        """Whether some model's straight way to the unit's goal (its seat's first objective, else the
        nearest enemy it knows of) goes through the wire ``wire`` (BON-102)."""
        models = me["models"]
        cx, cy = sum(m["x"] for m in models) / len(models), sum(m["y"] for m in models) / len(models)
        goals = [f["outline"] for o in st["objectives"] if o["seat"] == me["seat"]
                 for f in st["table"]["features"] if f["id"] == o["feature"]]
        if goals:
            c = Polygon(goals[0]).representative_point()
            goal = (c.x, c.y)
        else:
            foes = [(m["x"], m["y"]) for u in st["units"] if u["seat"] != me["seat"] for m in u["models"]]
            if not foes:
                return False
            goal = min(foes, key=lambda p: math.hypot(p[0] - cx, p[1] - cy))
        belt = next(Polygon(f["outline"]) for f in st["table"]["features"] if f["id"] == wire)
        dx, dy = goal[0] - cx, goal[1] - cy
        return any(belt.intersects(LineString([(m["x"], m["y"]), (m["x"] + dx, m["y"] + dy)])) for m in models)

    @staticmethod
    def hopeless(st: dict[str, Any], target: dict[str, Any] | None) -> bool:
        """Whether every model of the target has cover so good that a Regular's shot needs a 12."""
        if target is None:
            return False
        cv_of = {b["id"]: b["cv"] for b in st["buildings"]}
        areas = [(Polygon(f["outline"]), COVER.get(f["kind"], 0)) for f in st["table"]["features"]]

        def cover(m: dict[str, Any]) -> int:
            if m["inside"]:
                return int(cv_of[m["inside"].split(".")[0]])
            return max((cv for shape, cv in areas if cv and shape.covers(Point(m["x"], m["y"]))), default=0)

        return all(5 + cover(m) >= HOPELESS_TN for m in target["models"])

    @staticmethod
    def exposed(st: dict[str, Any], me: dict[str, Any]) -> bool:
        """Out in the open, standing, with one action left, and an enemy within rifle range."""
        able = [m for m in me["models"] if not m["panic"] and m["ac"] > 0]
        if not able or me["kind"] == "mg" or any(m["inside"] or m["prone"] for m in able):
            return False
        if max(m["ac"] for m in able) > 1:
            return False
        foes = [m for u in st["units"] if u["seat"] != me["seat"] for m in u["models"]]
        return any(math.hypot(m["x"] - f["x"], m["y"] - f["y"]) <= RIFLE_REACH for m in able for f in foes)


#: Weights of the logistic fit of a win on (models not fleeing, points of objectives held), each the
#: seat's lead over the best-placed rival, at every 5th decision of 60 heuristic games of each of the
#: three scenarios (benchmarks/fit_evaluation.py): log-loss 0.527 against a coin's 0.693 (0.566 with
#: one weight for the points summed, as BON-003 counts them at the end).
MODEL_WEIGHT, OBJECTIVE_WEIGHT = 0.22, 0.11
#: Decisions a search's rollout plays before :func:`value` judges it (an activation is 1-4 decisions).
HORIZON = 12


def leads(state: World, seat: str) -> tuple[float, float]:
    """The seat's lead over its best-placed rival (BON-003) in models not fleeing and in the points
    of the objectives it alone holds now."""
    models, objectives, _ = tally(state)
    rival = max((s for s in state.seats if s != seat), key=lambda s: models[s] + objectives[s])
    return models[seat] - models[rival], objectives[seat] - objectives[rival]


def value(state: State, seat: str) -> float:
    """The seat's prospects, -1..1: the outcome of a finished game; else its lead in what decides
    BON-003 (models not fleeing, objectives held), weighted by the fit. The world is what the seat's
    determiniser dealt: an enemy unit it has not seen is not in it (BON-002)."""
    assert isinstance(state, World)
    if state.result is not None:
        return outcome(state.result, state.seats)[seat]
    models, objectives = leads(state, seat)
    return math.tanh((MODEL_WEIGHT * models + OBJECTIVE_WEIGHT * objectives) / 2)  # 2 P(win) - 1 under the fit


EVALUATION = Evaluation(value, HORIZON)
