"""A bare test table and helpers that drive ``Game`` the way a player would, with scripted dice,
so each test reads like the rule it checks."""

from __future__ import annotations

import copy
from typing import Any

from riotact.core import Game, ScriptedDice, parse_scenario

BASE: dict[str, Any] = {
    "ruleset": "public-participation", "id": "test", "title": "test table", "seats": ["red", "blue"],
    "setup": {"width": 30, "depth": 30, "moves": 1, "characters": []},
}


def ch(cid: str, seat: str, at: tuple[float, float], **card: Any) -> dict[str, Any]:
    """A character card: name = id, move 5, fighting value 0, Normal, unless told otherwise."""
    return {"id": cid, "name": cid, "seat": seat, "at": list(at), **card}


def wall(fid: str, outline: list[tuple[float, float]], **kw: Any) -> dict[str, Any]:
    return {"id": fid, "name": kw.pop("name", f"the {fid}"), "outline": [list(p) for p in outline], **kw}


#: A wall that blocks sight and movement, for charges from out of sight.
WALL = wall("wall", [(10, 0), (10.5, 0), (10.5, 6), (10, 6)], building=True)


def game(chars: list[dict[str, Any]], *, dice: list[int] | None = None, features: list[dict[str, Any]] = (),
         seats: list[str] | None = None, options: dict[str, Any] | None = None, seed: int = 1,
         **setup: Any) -> Game:
    data = copy.deepcopy(BASE)
    data["setup"].update(setup, characters=chars, features=list(features))
    if seats is not None:
        data["seats"] = seats
    scenario = parse_scenario(data, "test.toml")
    return Game(scenario, seed=seed, options=options, dice=ScriptedDice(dice) if dice is not None else None)


def figure(g: Game, cid: str) -> dict[str, Any]:
    """A character as the umpire's view shows it: position, wound state, markers, morale letter, card."""
    return next(c for c in g.view("umpire")["state"]["characters"] if c["id"] == cid)


def markers(g: Game, cid: str) -> set[str]:
    """The markers on a figure (stunned, down, rising, enraged, ...), as the umpire's view shows them."""
    return set(filter(None, figure(g, cid)["marker"].split(", ")))


def pos(g: Game, cid: str) -> tuple[float, float]:
    c = figure(g, cid)
    return (c["x"], c["y"])


def owner(g: Game, action_id: str) -> str:
    if action_id.startswith("surprise:"):
        return "umpire"
    return str(card(g, action_id.split(":")[1])["seat"])


def do(g: Game, action_id: str) -> list[dict[str, Any]]:
    """Apply a character's action for its seat, passing ('done') other seats whose turn comes first."""
    seat = owner(g, action_id)
    while seat not in g.to_act():
        g.apply(g.to_act()[0], "done")
    return g.apply(seat, action_id)


def to_phase(g: Game, phase: str, rnd: int = 1, move: int | None = None) -> None:
    """Every seat passes until the phase (and speaking round, and move) begins."""
    def there() -> bool:
        at = g.view("umpire")["state"]
        return at["phase"] == phase and at["round"] == rnd and (move is None or at["move"] == move)

    while g.to_act() and not there():
        seat = g.to_act()[0]
        legal = [a.id for a in g.legal_actions(seat)]
        g.apply(seat, next((a for a in legal if a.startswith(("noopp", "nokick"))), legal[0])
                if "done" not in legal else "done")


def finish(g: Game) -> None:
    """Pass to the end of the game."""
    while g.to_act():
        seat = g.to_act()[0]
        legal = [a.id for a in g.legal_actions(seat)]
        g.apply(seat, "done" if "done" in legal else legal[-1])


def card(g: Game, cid: str) -> dict[str, Any]:
    """A character's card as the umpire's view shows it (walk and run reach, order understood, ...)."""
    return dict(figure(g, cid)["card"])


def texts(g: Game, seat: str = "umpire") -> str:
    return "\n".join(e["text"] for e in g.log_for(seat))


def rolls(g: Game, rule: str) -> list[dict[str, Any]]:
    return [e for e in g.log.events if e["kind"] == "roll" and e["rule"] == rule]
