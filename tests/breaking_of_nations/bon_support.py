"""A bare test table and helpers that drive ``Game`` as players would, with scripted dice.

The game opens with the initiative rolls (BON-004), one D6 per seat: ``dice=[1, 2, ...]`` makes
``red`` (rolling 1) activate first.
"""

from __future__ import annotations

import copy
from types import SimpleNamespace
from typing import Any

from riotact.core import UMPIRE, Game, IllegalActionError, ScriptedDice, parse_scenario
from support import umpire_sees

BASE: dict[str, Any] = {
    "ruleset": "breaking-of-nations", "id": "test", "title": "test table", "seats": ["red", "blue"],
    "setup": {"width": 48, "depth": 48, "turns": 2,
              "deployment": [{"seat": "red", "edge": "south"}, {"seat": "blue", "edge": "north"}]},
}


def unit(uid: str, seat: str, *models: tuple[float, float], **card: Any) -> dict[str, Any]:
    """A unit whose models stand exactly at ``models`` (officer first): a historical squad of that
    size (exempt from the 9 + 1 rule, BON-046) unless told otherwise."""
    kind = card.get("kind", "squad")
    extra = {"soldiers": len(models) - 1, "historical": True} if kind == "squad" else {}
    return {"id": uid, "name": uid, "seat": seat, "at": list(models[0]), "models_at": [list(p) for p in models],
            **extra, **card}


def feature(fid: str, kind: str, outline: list[tuple[float, float]], **kw: Any) -> dict[str, Any]:
    return {"id": fid, "name": f"the {fid}", "kind": kind, "outline": [list(p) for p in outline], **kw}


def game(units: list[dict[str, Any]], *, dice: list[int] | None = None, features: list[dict[str, Any]] = (),
         options: dict[str, Any] | None = None, seed: int = 1, **setup: Any) -> Game:
    data = copy.deepcopy(BASE)
    data["setup"].update(setup, units=units, features=list(features))
    return Game(parse_scenario(data, "test.toml"), seed=seed, options=options,
                dice=ScriptedDice(dice) if dice is not None else None)


def do(g: Game, action_id: str) -> list[dict[str, Any]]:
    """Apply an action for the seat whose decision it is."""
    return g.apply(g.to_act()[0], action_id)


def move_refusal(g: Game, uid: str, x: float, y: float) -> str | None:
    """Why the game refuses to move the active unit ``uid``'s centre to (x, y) now; None when the move is
    legal (tried on a copy, through the public protocol)."""
    action, seat = f"move:{uid}:{x},{y}", g.to_act()[0]
    try:
        g.clone().apply(seat, action)
    except IllegalActionError:
        return g.why_illegal(seat, action)
    return None


def ids(g: Game) -> list[str]:
    return [a.id for a in g.legal_actions(g.to_act()[0])] if g.to_act() else []


def texts(g: Game, seat: str = "umpire") -> str:
    return "\n".join(e["text"] for e in g.log_for(seat))


def seen_unit(g: Game, uid: str) -> dict[str, Any]:
    """A unit as the umpire's view shows it (its GL, facing, models in play, ...)."""
    return next(u for u in umpire_sees(g)["units"] if u["id"] == uid)


def model(g: Game, mid: str) -> Any:
    """A soldier as the umpire sees him: his line of the umpire's view (``pos`` and ``in_play`` added),
    or, once he has left the table, only why (``removed``, as the log told it)."""
    for u in umpire_sees(g)["units"]:
        for m in u["models"]:
            if m["id"] == mid:
                return SimpleNamespace(**m, pos=(m["x"], m["y"]), in_play=True, removed="")
    why = next((e["text"].partition(" is removed: ")[2].removesuffix(".") for e in reversed(g.log_for(UMPIRE))
                if e.get("soldier") == mid and " is removed: " in e["text"]), None)
    assert why is not None, f"{mid} is in no unit on the table and the log never removed him"
    return SimpleNamespace(id=mid, in_play=False, removed=why)


def inside(g: Game, mid: str) -> tuple[str, ...]:
    """The building and section a soldier is inside (BON-088..101), () when outside."""
    where = model(g, mid).inside
    return tuple(where.split(".")) if where else ()


def gl(g: Game, uid: str) -> int:
    """A unit's glory level as the umpire's view shows it (BON-036..041)."""
    return int(seen_unit(g, uid)["gl"])


def centre(g: Game, uid: str) -> tuple[float, float]:
    """The middle of a unit's models in play, as the umpire's view places them."""
    men = seen_unit(g, uid)["models"]
    return (sum(m["x"] for m in men) / len(men), sum(m["y"] for m in men) / len(men))
