"""A heuristic bot for each side. It reads only its seat's view and legal actions.

Nonviolent: hold the objectives (moving, when it must, near the press), take a safe
risk every step (fraternize or party when touching the authority, else build a
barricade) so as to keep the initiative (BWA-02), sit down when confronted, withdraw
from arrests, block and rally stands that lose discipline, break out of jail, call
reinforcements. Authority: close in on the units holding the objectives, arrest
(commander first) and disperse, rally shaken units, call reinforcements, and escalate
when the nonviolent side is ahead by more than an escalation costs (more still with
the press nearby).
"""

from __future__ import annotations

import math
import random
from collections import deque
from collections.abc import Sequence
from typing import Any

from riotact.core.protocol import Action, Bot, Evaluation, State

from .rules.victory import scores
from .state import World
from .tables import AUTHORITY, NONVIOLENT, seat_side


class MapMemory:
    """Distances on the public map, worked out once per game."""

    def __init__(self, view_map: dict[str, Any]) -> None:
        nodes = [f["id"] for f in view_map["features"]]
        self.kind = {f["id"]: f["kind"] for f in view_map["features"]}
        adjacent: dict[str, list[str]] = {n: [] for n in nodes}
        for a, b in view_map["links"]:
            adjacent[a].append(b)
            adjacent[b].append(a)
        self.dist: dict[str, dict[str, int]] = {}
        for start in nodes:
            seen = {start: 0}
            queue = deque([start])
            while queue:
                n = queue.popleft()
                for m in adjacent[n]:
                    if m not in seen:
                        seen[m] = seen[n] + 1
                        queue.append(m)
            self.dist[start] = seen

    def d(self, a: str | None, b: str | None) -> int:
        if a is None or b is None:
            return 99
        return self.dist[a].get(b, 99)

    def nearest(self, a: str | None, targets: list[str]) -> int:
        return min((self.d(a, t) for t in targets), default=99)


class HeuristicBot(Bot):
    """Scores each legal action by the side's plan and takes the best."""

    def __init__(self, seat: str, rng: random.Random) -> None:
        super().__init__(seat, rng)
        self.memory: MapMemory | None = None

    def choose(self, view: dict[str, Any] | None, legal: Sequence[Action]) -> str:
        assert view is not None
        state = view["state"]
        if self.memory is None:
            self.memory = MapMemory(state["map"])
        ctx = Context(self.seat, state, self.memory)
        best, best_score = legal[0].id, float("-inf")
        for action in legal:
            score = ctx.score(action.id) + self.rng.random() * 0.01  # random tie-break
            if score > best_score:
                best, best_score = action.id, score
        return best


class Context:
    """One decision: the view digested for scoring."""

    def __init__(self, seat: str, state: dict[str, Any], memory: MapMemory) -> None:
        self.seat, self.state, self.m = seat, state, memory
        self.side: str = state["side"]
        self.objectives: list[str] = state["objectives"]
        self.mine = {u["id"]: u for u in state["units"] if u.get("side") == self.side and "id" in u}
        self.theirs = [u for u in state["units"] if u.get("side") != self.side and "id" in u]
        self.enemy_nodes = [u["feature"] for u in self.theirs] + [c["feature"] for c in state["counters"]]
        self.prompt = (state.get("prompt") or {}).get("kind")
        self.media = [m["feature"] for m in state["media"]]

    def unit(self, key: str) -> dict[str, Any] | None:
        return self.mine.get(key)

    def on_objective(self, node: str | None) -> bool:
        return node in self.objectives

    def score(self, action_id: str) -> float:
        if action_id == "done":
            return 0.0
        if self.prompt == "orders":
            key, verb, *rest = action_id.split(":", 2)
            arg = rest[0] if rest else ""
            if self.side == NONVIOLENT:
                return self.nonviolent_order(key, verb, arg)
            return self.authority_order(key, verb, arg)
        return self.answer(action_id)

    # -- nonviolent --------------------------------------------------------------
    def nonviolent_order(self, key: str, verb: str, arg: str) -> float:
        if key == "jail":
            return 9.0
        unit = self.unit(key)
        if unit is None:  # a dummy counter: drift toward the objectives to draw attention
            return 0.2 if verb == "move" and self.m.nearest(arg, self.objectives) <= 1 else -1.0
        here = unit["feature"]
        held = self.on_objective(here)
        touching = any(e == here for e in self.enemy_nodes)
        if verb == "regain":
            return 8.0
        if verb == "reinforce":
            return 6.0
        if verb == "fraternize" and touching:
            return 7.0 if unit["condition"] != "fraternizing" else -1.0
        if verb == "party" and touching:
            return 5.0 if unit["condition"] != "partying" else -1.0
        if verb == "barricade" and held and not touching:
            return 4.0
        if verb == "sit" and held and unit["condition"] is None:
            return 3.0
        if verb == "move":
            now, then = self.m.nearest(here, self.objectives), self.m.nearest(arg, self.objectives)
            if held and not self.on_objective(arg):
                return -2.0
            watched = 0.5 if self.m.nearest(arg, self.media) <= 1 else 0.0  # keep the press in sight
            return 5.0 + (now - then) + watched if then < now else -1.0
        if verb == "signs":
            return 1.0 if not held else 0.5
        return -1.0

    # -- authority -------------------------------------------------------------------
    def authority_order(self, key: str, verb: str, arg: str) -> float:
        unit = self.unit(key)
        if unit is None:
            return 0.1 if verb == "move" else -1.0
        here = unit["feature"]
        victory = self.state["victory"]
        scores = self.state["scores"]
        if verb == "rally":
            return 8.0
        if verb == "reinforce":
            return 6.0
        if verb == "escalate":  # worth it only when behind by more than it costs; the press makes it dearer
            lead = scores[NONVIOLENT] - scores[AUTHORITY]
            watched = 2 if self.m.nearest(here, self.media) <= 2 else 0
            return 7.0 if lead > victory["escalation_points"] + 2 + watched else -1.0
        if verb == "arrest":
            target = next((u for u in self.theirs if u["id"] == arg), None)
            if target is None:
                return -1.0
            base = 9.0 if target["feature"] == here else 6.5
            return base + (1.0 if self.on_objective(target["feature"]) else 0.0)
        if verb == "disperse":
            target = next((u for u in self.theirs if u["id"] == arg), None)
            if target is None:
                return 1.0  # a counter: contact will reveal it
            weak = len(target["stands"]) <= len(unit["stands"]) and target["condition"] is None
            return 7.0 if weak else 2.0
        if verb == "confront":
            return 1.5
        if verb == "move":
            now = self.m.nearest(here, self.enemy_nodes + self.objectives)
            then = self.m.nearest(arg, self.enemy_nodes + self.objectives)
            return 4.0 + (now - then) if then < now else -1.0
        return -1.0

    # -- answers to prompts -------------------------------------------------------------
    def answer(self, action_id: str) -> float:
        kind, _, arg = action_id.partition(":")
        if kind == "react":
            reaction, _, where = arg.partition(":")
            if self.side == NONVIOLENT:
                verb = (self.state.get("prompt") or {}).get("verb", "")
                if verb.startswith("arrest") and reaction == "withdraw":  # arrests take stands for good
                    return 4.0 if self.on_objective(where) else 2.5
                return {"sit": 3.0, "hold": 2.0}.get(reaction, -1.0)
            return {"hold": 3.0}.get(reaction, -1.0)
        if kind == "withdraw":
            near = self.m.nearest(arg, self.objectives)
            if self.side == NONVIOLENT:  # our unit: stay close; theirs (we chose): push it away
                mine = (self.state.get("prompt") or {}).get("unit") in self.mine
                return -near if mine else near
            mine = (self.state.get("prompt") or {}).get("unit") in self.mine
            return -self.m.nearest(arg, self.enemy_nodes) if mine else near
        if kind == "place":
            return self.m.nearest(arg, self.objectives)
        if kind == "arrest-stand":  # the commander first (BWA-46), then the stands likeliest to fail
            stand = next((s for u in self.theirs for s in u["stands"] if s["id"] == arg), None)
            if stand is None:
                return 0.5
            return (10.0 if stand["commander"] else 0.0) + stand["morale"]
        if kind == "arrest-done":  # every arrest scores: use the whole capacity
            return -1.0
        if kind == "block":
            return 2.0
        if kind == "noblock":
            return 1.0
        return 0.0


def heuristic_bot(seat: str, rng: random.Random) -> Bot:
    return HeuristicBot(seat, rng)


#: Victory points of lead that make a world count as good as won (a side holds up to 42 at the start).
POINTS_SCALE = 25.0
#: Decisions a search's rollout plays before :func:`value` judges it (a few action steps).
HORIZON = 20


def value(state: State, seat: str) -> float:
    """The seat's side's prospects, -1..1, by its lead in victory points (scenario data: objectives
    held, escalations, arrests, dispersals, violence), finished or not: the side with more points wins
    (BWA-01 gap), so the margin is what a search can improve. The points are the world's own, and a
    search's world is dealt by the seat's determiniser: it holds no truth the seat cannot know."""
    assert isinstance(state, World)
    points = scores(state)
    mine = seat_side(seat)
    other = AUTHORITY if mine == NONVIOLENT else NONVIOLENT
    return math.tanh((points[mine] - points[other]) / POINTS_SCALE)


EVALUATION = Evaluation(value, HORIZON)
