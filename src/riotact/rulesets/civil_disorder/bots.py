"""The SF heuristic bot: negotiate at RL 4-5 (CD-32), short snatch-squad arrests on hostile
crowds and containment by shielded units, gas and distance for rioters, firefighting, medics,
counter-sniping; never the orders that bring deaths or over-reaction (no firing on crowds, no
melee with rioters, units under sniper fire pulled back). A unit whose standing order came from
its superior is left to carry it out (CD-02).

It reads only its seat's view (and the legal actions), like a player would, and gives one
order a turn.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from riotact.core.protocol import Action, Bot, Evaluation, State

from .state import World

#: Specialists trained for snatch-squad arrests (CD-10).
SNATCH_SQUADS = ("anti_riot", "riot_soldiers")
SNATCH_TURNS, SNATCH_CYCLE = 1, 6  # a squad goes in for 1 turn out of every 6
#: Units with riot shields (CD-36) that can contain a hostile crowd at close range.
SHIELDED = ("riot_police", "anti_riot", "riot_soldiers", "mounted_riot")


def node_xy(node: str, block: int) -> tuple[float, float]:
    """Coordinates from a street point's public name (``J<c>-<r>`` or ``x<X>y<Y>``)."""
    if node.startswith("J"):
        c, r = node[1:].split("-")
        return int(c) * block, int(r) * block
    x, y = node[1:].split("y")
    return int(x), int(y)


class HeuristicSFBot(Bot):
    """A sensible SF player (see the module docstring)."""

    def __init__(self, seat: str, rng: random.Random) -> None:
        super().__init__(seat, rng)
        self.snatched: dict[str, int] = {}  # unit -> turn it was last sent in to arrest

    def choose(self, view: dict[str, Any] | None, legal: Sequence[Action]) -> str:
        """Negotiate if possible; otherwise the first unit whose order should change; else pass."""
        assert view is not None
        ids = {a.id for a in legal}
        state = view["state"]
        if "proceed" in ids:  # in the umpire's chair: let the rules run
            return "proceed"
        if state["phase"] == "walk":
            return self._walk(state, ids)
        me = state["you"]
        crowds = sorted(state["crowds"], key=lambda c: (math.dist((me["x"], me["y"]), (c["x"], c["y"])), c["id"]))
        for crowd in crowds:  # talk them down while they can still be talked to (CD-32)
            if crowd["rl"] in (4, 5) and f"negotiate:{crowd['id']}" in ids:
                return f"negotiate:{crowd['id']}"
        superiors = {me["superior"], state["commander"]} - {None, self.seat}
        for unit in state["units"]:
            if unit.get("ordered_by") in superiors:
                continue  # CD-02: a superior's order stands; the unit carries it out (CD-13)
            wanted = self._order(state, unit, crowds, ids)
            if wanted is not None and wanted != unit.get("order") and f"order:{unit['id']}:{wanted}" in ids:
                return f"order:{unit['id']}:{wanted}"
        return "pass"

    def _order(self, state: dict[str, Any], unit: dict[str, Any], crowds: list[dict[str, Any]],
               ids: set[str]) -> str | None:
        """The order this unit should have now (None: leave it)."""
        uid = unit["id"]

        def ok(order: str) -> bool:
            return f"order:{uid}:{order}" in ids

        if unit["type"] == "firefighters":
            if unit["water_turns_used"] >= 2 and not unit["hydrant"] and ok("connect"):
                return "connect"
            # fires of 1-2 first (firefighters are immune to them, CD-48), then the biggest below 5
            burning = sorted((b for b in state["buildings"] if 0 < b["fires"] < 5),
                             key=lambda b: (b["fires"] > 2, -b["fires"], b["id"]))
            for b in burning:
                if ok(f"hose:{b['id']}"):
                    return f"hose:{b['id']}"
            current = unit.get("order", "")
            return current if current.startswith(("hose:", "connect")) else "hold"
        if unit["type"] == "paramedics":
            return "evacuate" if unit["load"] >= 2 and ok("evacuate") else "treat"
        for sniper in state["snipers_spotted"]:  # pick off or pin down a spotted sniper
            for order in (f"counter_snipe:{sniper['id']}", f"suppress:{sniper['building']}"):
                if ok(order):
                    return order
        if uid in state["under_fire"]:
            return "withdraw"  # out of the unseen sniper's sight
        here = (unit["x"], unit["y"])
        hostile = sorted((c for c in crowds if c["rl"] >= 6),
                         key=lambda c: (math.dist(here, (c["x"], c["y"])), c["id"]))
        if not hostile:
            return "hold"
        crowd = hostile[0]["id"]
        if hostile[0]["rl"] >= 7:  # rioters: gas them, and keep out of their reach
            if ok(f"gas:{crowd}"):
                return f"gas:{crowd}"
            return "withdraw" if math.dist(here, (hostile[0]["x"], hostile[0]["y"])) <= 4 else "hold"
        if unit["type"] in SNATCH_SQUADS and self._fresh(unit, state["turn"]) and ok(f"arrest:{crowd}"):
            if unit.get("order") != f"arrest:{crowd}":
                self.snatched[uid] = state["turn"]
            return f"arrest:{crowd}"  # a quick snatch of ringleaders from a hostile crowd
        if unit["type"] in SHIELDED and ok(f"advance:{crowd}"):
            return f"advance:{crowd}"  # contain it with shields
        return "hold"

    def _fresh(self, unit: dict[str, Any], turn: int) -> bool:
        """A squad goes in for a turn, then rests; not with men down or escorting prisoners."""
        since = turn - self.snatched.get(unit["id"], -99)
        return unit["fit"] >= unit["figures"] - 1 and (since < SNATCH_TURNS or since >= SNATCH_CYCLE)

    def _walk(self, state: dict[str, Any], ids: set[str]) -> str:
        """Close in on the nearest crowd that can still be negotiated with (face to face)."""
        me = state["you"]
        block = state["town"]["block"]
        talkable = [c for c in state["crowds"] if c["rl"] in (4, 5)]
        here = (me["x"], me["y"])
        if talkable:
            crowd = min(talkable, key=lambda c: (math.dist(here, (c["x"], c["y"])), c["id"]))
            goal = (crowd["x"], crowd["y"])
        elif not state["crowds"]:  # nothing in sight: look around from the middle of town
            goal = (state["town"]["width"] / 2, state["town"]["height"] / 2)
        else:
            return "stay"
        danger = [(c["x"], c["y"]) for c in state["crowds"] if c["rl"] >= 6]
        best, best_d = "stay", math.dist(here, goal)
        for action in sorted(ids):
            if action.startswith("walk:"):
                spot = node_xy(action[5:], block)
                d = math.dist(spot, goal)
                if 1 <= d < best_d and all(math.dist(spot, p) > 4 for p in danger):  # not into rioters
                    best, best_d = action, d
        return best


#: Score points over the scenario's victory score that make a world count as good as won (CD-04 gap).
SCORE_SCALE = 15.0
#: Decisions a search's rollout plays before :func:`value` judges it (about eight turns of two seats: judged
#: sooner, a withdrawal that costs nothing for a few turns looked better than gassing rioters).
HORIZON = 32


def value(state: State, seat: str) -> float:
    """The SF's prospects, -1..1, by their score against the scenario's victory score (CD-04 gap:
    property lost, loot, casualties, arrests and dispersals), finished or not: the SF win or lose on
    that threshold, so how far above or below it they are is what a search can improve. The umpire
    plays no side (0)."""
    assert isinstance(state, World)
    if seat not in state.sf_seats:
        return 0.0
    return math.tanh((state.score() - state.setup.victory_score + 0.5) / SCORE_SCALE)


EVALUATION = Evaluation(value, HORIZON)
