"""The heuristic bot, for every seat (players' groups and the umpire's NPCs).

It reads only its view and the legal actions: it takes opportunity shots, fires at the nearest foe
it can, stays put with a missile weapon when a foe is in range (unless it still has a place to
reach), charges a foe it can reach this move (only one within a walk when it has a place to reach,
and only one who has come within 9" of a place it keeps clear), otherwise goes for its objective
(onto a place to reach, or within 3" of a place to keep clear), and without one closes in; it throws
dynamite only where none of its own would be caught in the blast, kicks lit dynamite towards the
foe, steps back when it loses its nerve (PP-48), and its leaders order the men forward.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from riotact.core.log import UMPIRE
from riotact.core.protocol import Action, Bot, Evaluation, State
from riotact.core.search import outcome

from .options import Options
from .rules.scoring import tally
from .state import World

#: A seat keeping a place clear charges only foes who come this near the place's centre (inches).
GUARD = 9.0
#: The bot throws dynamite only where no character of its own stands within the blast (PP-18, the
#: ``dynamite_radius`` house rule's default; the view does not carry the options) plus 1" for a
#: throw that scatters short.
SAFE_FROM_BLAST = Options().dynamite_radius + 1.0


class HeuristicBot(Bot):
    def choose(self, view: dict[str, Any] | None, legal: Sequence[Action]) -> str:
        assert view is not None
        st = view["state"]
        ids = [a.id for a in legal]
        chars = {c["id"]: c for c in st["characters"]}
        for prefix in ("opp:", "surprise:", "back:", "stay:"):
            if any(i.startswith(prefix) for i in ids):
                return next(i for i in ids if i.startswith(prefix))
        if any(i.startswith("kick:") for i in ids):
            return self._kick(st, chars, ids)
        verbs: dict[str, list[str]] = {}
        for i in ids:
            verbs.setdefault(i.split(":")[0], []).append(i)
        if st["phase"] == "firing":
            verbs["bomb"] = [i for i in verbs.get("bomb", []) if self._clear_of_own(i, chars)]
            for verb in ("bomb", "fire", "throw"):
                if verbs.get(verb):
                    return min(verbs[verb], key=lambda i: self._target_distance(i, chars))
            return (verbs.get("hold") or ["done"])[0]
        if st["phase"] == "speaking":
            leaders = [i for i in verbs.get("say", []) if i.endswith(":shout:advance")
                       and chars[i.split(":")[1]].get("card", {}).get("leader")]
            if leaders and st["round"] == 1:
                return leaders[0]
            return (verbs.get("hold") or ["done"])[0]
        return self._move(st, chars, legal, verbs)

    @staticmethod
    def _clear_of_own(bomb_id: str, chars: dict[str, Any]) -> bool:
        """PP-18: no character of the seat's own (the thrower too) within the blast of this aim."""
        x, y = (float(v) for v in bomb_id.split(":")[3].split(","))
        return all(math.hypot(c["x"] - x, c["y"] - y) > SAFE_FROM_BLAST for c in chars.values()
                   if c["own"] and "gone" not in c["marker"])

    @staticmethod
    def _target_distance(action_id: str, chars: dict[str, Any]) -> float:
        parts = action_id.split(":")
        me = chars[parts[1]]
        if parts[0] == "bomb":
            x, y = (float(v) for v in parts[3].split(","))
        else:
            x, y = chars[parts[3]]["x"], chars[parts[3]]["y"]
        return math.hypot(x - me["x"], y - me["y"])

    def _move(self, st: dict[str, Any], chars: dict[str, Any], legal: Sequence[Action],
              verbs: dict[str, list[str]]) -> str:
        moves = verbs.get("move", [])
        if not moves:
            return (verbs.get("bandage") or verbs.get("hold") or ["done"])[0]
        cid = moves[0].split(":")[1]
        me = chars[cid]
        card = me["card"]
        if me["wound"] in ("BI", "DI") and not card["bandaged"] and f"bandage:{cid}:{cid}" in verbs.get("bandage", []):
            return f"bandage:{cid}:{cid}"
        foes = [c for c in chars.values() if not c["own"] and c["id"] in st["sight"].get(cid, [])
                and c["side"] != me["side"] and "gone" not in c["marker"] and "surrendered" not in c["marker"]]
        mine = [m for m in moves if m.split(":")[1] == cid]
        texts = {a.id: a.text for a in legal}

        def dist(move_id: str, x: float, y: float) -> float:
            px, py = (float(v) for v in move_id.split(":")[2].split(","))
            return math.hypot(px - x, py - y)

        nearest = min(foes, key=lambda f: math.hypot(f["x"] - me["x"], f["y"] - me["y"])) if foes else None
        places = self._places(st, me)
        if nearest is not None:
            gap = math.hypot(nearest["x"] - me["x"], nearest["y"] - me["y"])
            ranged = [v for k, v in st["rings"].get(cid, {}).items()
                      if k not in ("walk", "run", "whisper", "normal", "shout")]
            heading_for_a_place = any(kind == "reach" and far for kind, _, _, far in places)
            if ranged and gap <= max(ranged) and not heading_for_a_place:
                return f"hold:{cid}"
            has_place = any(kind == "reach" for kind, *_ in places)
            guarded = [(gx, gy) for kind, gx, gy, _ in places if kind == "keep_out"]
            threat = not guarded or any(math.hypot(nearest["x"] - gx, nearest["y"] - gy) <= GUARD for gx, gy in guarded)
            if threat and gap <= (card["walk"] if has_place else card["run"] + 1.5):  # within a charge
                return min(mine, key=lambda m: (dist(m, nearest["x"], nearest["y"]), "runs" in texts[m]))
        for _kind, gx, gy, far in places:
            if far:
                return min(mine, key=lambda m: dist(m, gx, gy))
            return f"hold:{cid}"
        if nearest is not None:
            return min(mine, key=lambda m: (dist(m, nearest["x"], nearest["y"]), "runs" in texts[m]))
        return f"hold:{cid}"

    @staticmethod
    def _places(st: dict[str, Any], me: dict[str, Any]) -> list[tuple[str, float, float, bool]]:
        """The seat's places to reach or keep clear: (kind, centre x, y, whether ``me`` is still far from it)."""
        features = {f["id"]: f for f in st["table"]["features"]}
        out = []
        for goal in st["objectives"]:
            if goal["kind"] == "protect" or goal["target"] not in features:
                continue
            xs = [p[0] for p in features[goal["target"]]["outline"]]
            ys = [p[1] for p in features[goal["target"]]["outline"]]
            gx, gy = sum(xs) / len(xs), sum(ys) / len(ys)
            near = 1.5 if goal["kind"] == "reach" else 3.0
            out.append((goal["kind"], gx, gy, math.hypot(gx - me["x"], gy - me["y"]) > near))
        return out

    @staticmethod
    def _kick(st: dict[str, Any], chars: dict[str, Any], ids: list[str]) -> str:
        kicks = [i for i in ids if i.startswith("kick:")]
        me = chars[kicks[0].split(":")[1]]
        foes = [c for c in chars.values() if c["side"] != me["side"]]
        if not foes:
            return kicks[0]
        f = min(foes, key=lambda c: math.hypot(c["x"] - me["x"], c["y"] - me["y"]))
        bearing = math.degrees(math.atan2(f["x"] - me["x"], f["y"] - me["y"])) % 360
        return kicks[int(((bearing + 30) % 360) // 60)]


#: Weights of the logistic fit of a win on :func:`leads` at every 10th decision of 60 heuristic games of
#: each of the three scenarios (benchmarks/fit_evaluation.py): log-loss 0.585 against a coin's 0.693
#: (0.613 on the points alone, out of play and objectives: within a rollout's horizon they seldom
#: change, so the search told its candidates apart by nothing).
FALLEN_WEIGHT, OBJECTIVE_WEIGHT, HURT_WEIGHT, APPROACH_WEIGHT = 1.14, 0.22, 0.27, 0.17
#: Decisions a search's rollout plays before :func:`value` judges it (a move is 20-30 decisions).
HORIZON = 24
#: Inches from a place beyond which a figure counts as no nearer to it (:func:`leads`).
FAR = 24.0
#: PP-29: the wound markers of a figure still in play, from none to the worst (AD is out of play).
HURT = {"LI": 1, "BI": 2, "DI": 3}


def leads(state: World, seat: str) -> tuple[float, float, float, float]:
    """The seat's lead over its best-placed rival (PP-02) in points from enemies out of play, in
    points from objectives as the table stands, in its enemies' wound markers (PP-29: LI 1, BI 2,
    DI 3, those in play), and in its approach to its objectives: each place to reach, its points
    times how near the seat's nearest able figure is (1 on it, 0 at :data:`FAR`), each place to keep
    clear, its points times how far the nearest enemy is."""
    points = tally(state)
    rivals = [s for s in points if s != seat]
    rival = max(rivals, key=lambda s: sum(points[s]), default=None)  # none: a side alone on the table

    def hurt_and_approach(side: str | None) -> tuple[float, float]:
        if side is None:
            return 0.0, 0.0
        mine = [c for c in state.chars.values() if c.seat == side]
        foes = [o for o in state.chars.values() if not o.out_of_play and any(state.enemies(c, o) for c in mine)]
        approach = 0.0
        for goal in state.setup.objectives:
            if goal.seat != side or goal.kind == "protect":
                continue
            x0, y0, x1, y1 = state.table.by_id[goal.target].bounds
            centre = ((x0 + x1) / 2, (y0 + y1) / 2)
            near = min((math.dist(c.pos, centre) for c in (mine if goal.kind == "reach" else foes)
                        if not c.out_of_play), default=FAR)
            share = min(near, FAR) / FAR
            approach += goal.points * (1.0 - share if goal.kind == "reach" else share)
        return float(sum(HURT.get(o.state, 0) for o in foes)), approach

    hurt, approach = hurt_and_approach(seat)
    rival_hurt, rival_approach = hurt_and_approach(rival)
    fallen, objectives = points[seat]
    rival_fallen, rival_objectives = points[rival] if rival else (0, 0)
    return (float(fallen - rival_fallen), float(objectives - rival_objectives), hurt - rival_hurt,
            approach - rival_approach)


def value(state: State, seat: str) -> float:
    """The seat's prospects, -1..1: the outcome of a finished game; else its lead in the points that
    decide the game (PP-02: enemies out of play and the scenario's objectives) and in what comes
    before them (enemies hurt, places approached), weighted by the fit.
    The umpire plays no side (0). The world is what the seat's determiniser dealt: in it an unseen
    enemy is where the seat last saw it, or off the table."""
    assert isinstance(state, World)
    if seat == UMPIRE:
        return 0.0
    if state.result is not None:
        return outcome(state.result, tuple(s for s in state.seats if s != UMPIRE))[seat]
    fallen, objectives, hurt, approach = leads(state, seat)
    lead = FALLEN_WEIGHT * fallen + OBJECTIVE_WEIGHT * objectives + HURT_WEIGHT * hurt + APPROACH_WEIGHT * approach
    return math.tanh(lead / 2)  # 2 P(win) - 1 under the fit


EVALUATION = Evaluation(value, HORIZON)
