"""Playing a Civil Disorder test game through ``Game`` and reading the table as the umpire sees it
(issue 20): whole turns with the commander's one action, and the pieces of the umpire's view by id."""

from __future__ import annotations

from typing import Any

from riotact.core import Game
from riotact.core.log import UMPIRE
from support import umpire_sees


def turn(game: Game, action: str = "pass", seat: str = "commander") -> None:
    """One turn for a one-player game: ``seat`` declares ``action`` and stays where he is (CD-12)."""
    game.apply(seat, action)
    if seat in game.to_act():  # a run has no walk (CD-14)
        game.apply(seat, "stay")


def piece(game: Game, kind: str, piece_id: str) -> dict[str, Any]:
    """One crowd, unit, building, prisoner, ... of the umpire's view (``kind`` is its list's name)."""
    return next(p for p in umpire_sees(game)[kind] if p["id"] == piece_id)


def crowd(game: Game, crowd_id: str) -> dict[str, Any]:
    return piece(game, "crowds", crowd_id)


def unit(game: Game, unit_id: str) -> dict[str, Any]:
    return piece(game, "units", unit_id)


def building(game: Game, building_id: str) -> dict[str, Any]:
    return piece(game, "buildings", building_id)


def events(game: Game, rule: str, kind: str = "effect", seat: str = UMPIRE) -> list[dict[str, Any]]:
    """The events of ``rule`` (effects, or ``kind="roll"``) in the log as ``seat`` sees it."""
    return [e for e in game.log_for(seat) if e.get("rule") == rule and e["kind"] == kind]


def texts(game: Game, rule: str, seat: str = UMPIRE) -> list[str]:
    """What the log tells ``seat`` under ``rule``."""
    return [e["text"] for e in events(game, rule, seat=seat)]
