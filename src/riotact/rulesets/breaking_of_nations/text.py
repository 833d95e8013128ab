"""The terminal screen of a seat: a plan of the table (one column an inch, one row two inches), and
its units and the enemy units it knows of in words. Reads only the seat's view."""

from __future__ import annotations

import math
from typing import Any

from shapely.geometry import Point, Polygon

SCALE_Y = 2.0
MARKS = {"trench": "=", "barbed_wire": "x", "light_forest": "t", "dense_forest": "T", "rubble": ":",
         "wooden_wall": "|", "stone_wall": "#", "wooden_building": "h", "stone_building": "H",
         "fortification": "F", "closed_building": "@", "shallow_river": "~", "deep_river": "w",
         "impassable_water": "W", "clear": ".", "wooden_house": "b", "stone_house": "B", "fortification_house": "F",
         "watchtower": "^", "ruins": ":", "lane": "_"}


def text_view(view: dict[str, Any]) -> str:
    st = view["state"]
    table = st["table"]
    cols, rows = math.ceil(table["width"]) + 1, math.ceil(table["depth"] / SCALE_Y) + 1
    grid = [[" "] * cols for _ in range(rows)]
    shapes = [(f, Polygon(f["outline"])) for f in table["features"]]
    shapes += [({"kind": "ruins" if b["collapsed"] else b["kind"] if b["kind"] == "watchtower" else
                 f"{b['material']}_house"}, Polygon(b["outline"])) for b in st.get("buildings", [])]
    shapes += [({"kind": "lane"}, Polygon(lane["outline"])) for lane in table.get("lanes", [])]  # BON-102
    for r in range(rows):
        for c in range(cols):
            p = Point(c, (rows - 1 - r) * SCALE_Y)
            for f, shape in shapes:
                if shape.covers(p):
                    grid[r][c] = MARKS.get(f["kind"], "?")
    letters: dict[str, str] = {}
    for u in st["units"]:
        letters[u["id"]] = u["id"][0].upper() if u["seat"] == st["order"][0] else u["id"][0].lower()
        for m in u["models"]:
            r, c = rows - 1 - round(m["y"] / SCALE_Y), round(m["x"])
            if 0 <= r < rows and 0 <= c < cols:
                grid[r][c] = letters[u["id"]]
    lines = [f"Turn {st['turn']} of {st['turns']}; activation order {', '.join(st['order'])}"
             + (f"; {st['active']} is acting" if st["active"] else "")]
    lines += ["+" + "-" * cols + "+", *("|" + "".join(row) + "|" for row in grid), "+" + "-" * cols + "+"]
    for u in st["units"]:
        ms = u["models"]
        state = ", ".join(filter(None, [
            "done" if u["activated"] else "to act", "pinned" if u["pinned"] else "",
            "hidden" if u["hidden"] else "", f"{sum(1 for m in ms if m['panic'])} panicking"
            if any(m["panic"] for m in ms) else "", f"{sum(1 for m in ms if m['prone'])} prone"
            if any(m["prone"] for m in ms) else ""]))
        rooms = sorted({m["inside"] for m in ms if m.get("inside")})
        lines.append(f"{u['id']} {u['name']} ({u['seat']}, {u['level']}, {u['formation']}): {len(ms)} models, "
                     f"{u['lost']} lost, GL {u['gl']}+, {state}" + (f", inside {', '.join(rooms)}" if rooms else ""))
    for b in st.get("buildings", []):
        doors = ", ".join(f"{o['id']} {o['door'] if o['kind'] == 'door' else o['kind']}" for o in b["openings"])
        lines.append(f"{b['name']} ({b['kind']}, CV {b['cv']}, {b['dp']} DP{', collapsed' if b['collapsed'] else ''}): "
                     f"{doors}")
    return "\n".join(lines)
