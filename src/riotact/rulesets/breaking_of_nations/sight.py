"""Line of sight on the web board, worked out from a seat's view only (BON-024 gap: closed buildings
block it, cover does not; BON-100: the cover a figure at the far end would have)."""

from __future__ import annotations

from typing import Any

from riotact.tabletop import Table, sight_report

from .board import cover_value, terrain_feature
from .forces import BASE


def sight(view: dict[str, Any], a: tuple[float, float], b: tuple[float, float]) -> dict[str, Any]:
    """From the table the seat was shown, never from the game itself, so it tells nothing hidden."""
    shown = view["table"]
    table = Table(shown["width"], shown["depth"], [
        terrain_feature(f["id"], f["name"], f["kind"], f["outline"], f["height"]) for f in shown["features"]])
    cv, name = cover_value(table, a, b, BASE)
    return sight_report(table, a, b, f"{name}, CV {cv} (BON-100)" if cv else "") | {"rule": "BON-024"}
