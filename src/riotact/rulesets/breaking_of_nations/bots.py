"""The heuristic bot, for every seat. It reads only its view and the legal actions: it activates the
unit nearest the enemy first; in an activation it fights what it touches, fires its machine guns and
rifles, throws grenades at close targets, rallies a shaken squad, charges when the enemy is close and
its nerve is good, and otherwise advances (towards an objective if the scenario has one)."""

from __future__ import annotations

from typing import Any

from riotact.core.protocol import Action, Bot

PRIORITY = ("fight", "rotate", "throw", "fire", "shoot", "lob", "plan", "rally", "charge")


class HeuristicBot(Bot):
    def choose(self, view: dict[str, Any] | None, legal: list[Action]) -> str:
        assert view is not None
        st = view["state"]
        ids = [a.id for a in legal]
        if ids[0].startswith("activate:"):
            return ids[0]
        units = {u["id"]: u for u in st["units"]}
        verbs: dict[str, list[str]] = {}
        for i in ids:
            verbs.setdefault(i.split(":")[0], []).append(i)
        for verb in PRIORITY:
            if verb == "charge" and any(units[i.split(":")[1]]["gl"] >= 6 for i in verbs.get(verb, [])):
                continue
            if verb in verbs:
                return verbs[verb][0]
        moves = verbs.get("move", [])
        objective = [a.id for a in legal if a.id in moves and " towards the " in a.text and "advances" not in a.text]
        if st["objectives"] and objective:
            return objective[0]
        advance = [a.id for a in legal if a.id in moves and "advances" in a.text]
        if advance:
            return advance[0]
        return ids[0]
