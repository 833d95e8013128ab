"""Line of sight on the web board, worked out from a seat's view only: buildings block it (the
terrain of issue 9), and a target behind or in cover has it (PP-11)."""

from __future__ import annotations

from typing import Any

from riotact.tabletop import Feature, Table, sight_report


def sight(view: dict[str, Any], a: tuple[float, float], b: tuple[float, float]) -> dict[str, Any]:
    """From the table the seat was shown, never from the game itself, so it tells nothing hidden."""
    shown = view["table"]
    table = Table(shown["width"], shown["depth"], [
        Feature(f["id"], f["name"], [tuple(p) for p in f["outline"]], cover=f["cover"], obstacle=f["obstacle"],
                blocks_sight=f["building"], impassable=f["building"], height=f["height"])
        for f in shown["features"]])
    cover = table.cover_for(a, b)
    return sight_report(table, a, b, f"{cover.name}, -1 to hit (PP-11)" if cover else "") | {"rule": "PP-11"}
