"""The terminal screen of a seat: a plan of the table (one column an inch, one row two inches) with
range rings around the first of its characters able to act, and the situation in words.

Reads only the seat's view, so it cannot show what the seat may not know.
"""

from __future__ import annotations

import math
from typing import Any

from shapely.geometry import Point, Polygon

SCALE_Y = 2.0  # inches a row


def text_view(view: dict[str, Any]) -> str:
    st = view["state"]
    table = st["table"]
    cols, rows = math.ceil(table["width"]) + 1, math.ceil(table["depth"] / SCALE_Y) + 1
    grid = [[" "] * cols for _ in range(rows)]
    shapes = [(f, Polygon(f["outline"])) for f in table["features"]]

    def cell(x: float, y: float) -> tuple[int, int]:
        return rows - 1 - round(y / SCALE_Y), round(x)

    for r in range(rows):
        for col in range(cols):
            p = Point(col, (rows - 1 - r) * SCALE_Y)
            for f, shape in shapes:
                if shape.covers(p) or shape.distance(p) < 0.35:
                    grid[r][col] = "#" if f["building"] else "=" if f["obstacle"] else "^" if f["height"] else ":"
    focus = next((c for c in st["characters"] if c["own"] and c["id"] in st["rings"]), None)
    if focus is not None:
        ring = st["rings"][focus["id"]]
        for radius, mark in ((ring["walk"], "."), (max(v for k, v in ring.items()
                                                       if k not in ("walk", "run", "whisper", "normal", "shout")
                                                       ) if len(ring) > 5 else 0.0, "-")):
            if radius <= 0:
                continue
            for k in range(360):
                a = math.radians(k)
                r, col = cell(focus["x"] + radius * math.sin(a), focus["y"] + radius * math.cos(a))
                if 0 <= r < rows and 0 <= col < cols and grid[r][col] == " ":
                    grid[r][col] = mark
    for cloud in st["clouds"]:
        for k in range(0, 360, 6):
            a = math.radians(k)
            r, col = cell(cloud["x"] + cloud["radius"] * math.sin(a), cloud["y"] + cloud["radius"] * math.cos(a))
            if 0 <= r < rows and 0 <= col < cols:
                grid[r][col] = "~"
    symbols: dict[str, str] = {}
    count = {True: 0, False: 0}
    for c in st["characters"]:
        sym = chr(ord("A" if c["own"] else "a") + count[c["own"]] % 26)
        count[c["own"]] += 1
        symbols[c["id"]] = sym
        r, col = cell(c["x"], c["y"])
        if 0 <= r < rows and 0 <= col < cols:
            grid[r][col] = sym
    border = "+" + "-" * cols + "+"
    lines = [f"Move {st['move']} of {st['moves']}, {st['phase']} phase"
             + (f" round {st['round']}" if st["phase"] == "speaking" else "") + f" -- you are {view['seat']}",
             border, *("|" + "".join(row) + "|" for row in grid), border,
             "# building  = obstacle  : cover  ^ high ground  ~ gas"
             + (f"  . walk ring and - weapon ring of {focus['name']}" if focus else ""),
             "Capitals are yours, small letters others you see. Coordinates in inches from the bottom left."]
    for c in st["characters"]:
        card = c.get("card")
        where = f"({c['x']:.1f}, {c['y']:.1f})"
        extra = f" -- {c['marker']}" if c["marker"] else ""
        if card:
            weapons = ", ".join(card["weapons"] + [f"{k} x{v}" for k, v in card["throwables"].items()]) or "unarmed"
            lines.append(f" {symbols[c['id']]} {c['id']} {c['name']} {where} walk {card['walk']:g}\" run "
                         f"{card['run']:g}\", fight {card['fight']:+d}, {weapons}{extra}")
        else:
            lines.append(f" {symbols[c['id']]} {c['id']} {c['name']} {where}{extra}")
    for o in st["objectives"]:
        lines.append(f" Objective ({o['seat']}): {o['text'] or o['kind'] + ' ' + o['target']} "
                     f"[{o['points']} pt]")
    if st["scores"]:
        lines.append(" Scores: " + ", ".join(f"{k} {v:g}" for k, v in st["scores"].items()))
    return "\n".join(lines)
