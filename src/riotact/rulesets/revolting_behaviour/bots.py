"""A heuristic Revolting Behaviour! player, using only its own seat's view.

Resource points are life: a player at 0 RP loses at once in a two-player game
(RB-25), so the bot never draws its last points away and raises funds when it
runs low. Otherwise it attacks its own Cause with the cheapest Moderate force
action whose action points beat the face-up top card (RB-20).
"""

from __future__ import annotations

from typing import Any

from riotact.core import Action, Bot, Card

from .rules import card_value

RESERVE = 50  # below this the bot raises funds: a random rival mostly ruins himself
FLOOR = 12  # never draw below this: any attack or crackdown could then end the game (RB-25)
LEGAL_MODERATE_AP = 8  # RB-13 default reward of a Moderate legal force action


class HeuristicBot(Bot):
    def choose(self, view: dict[str, Any] | None, legal: list[Action]) -> str:
        assert view is not None
        ids = {a.id for a in legal}
        state = view["state"]
        me = state["players"][self.seat]
        rp = me["rp"]
        if "restart" in ids:
            return "restart"
        if "stop" in ids:  # drawing: go on while a card leaves something in hand
            return "draw" if "draw" in ids and rp - state["attempt"]["cost"] >= FLOOR else "stop"
        if "use-cause" in ids:
            return "use-cause"
        rivals = {s: p["rp"] for s, p in state["players"].items() if s != self.seat and not p["out"]}
        if len(rivals) == 1:  # RB-25: one rival left at low RP is cheaper to finish than the Cause
            rival, left = next(iter(rivals.items()))
            for action, points in (("H-moderate", 8), ("S-moderate", 16)):
                if left is not None and 0 < left <= points // 2 and f"{action}-{rival}" in ids:
                    return f"{action}-{rival}"
        if rp < RESERVE:
            return next((a for a in ("D-moderate", "D-mild") if a in ids), "pass")
        top = me["cause_top"]
        needed = card_value(Card.parse(top.split("~")[0])) if top else 0
        plan = ("H-moderate", "S-moderate") if needed <= LEGAL_MODERATE_AP else ("S-moderate", "H-severe")
        return next((a for a in plan if a in ids), "pass")
