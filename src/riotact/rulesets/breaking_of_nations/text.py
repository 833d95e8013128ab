"""The terminal screen of a seat: a plan of the table (one column an inch, one row two inches) with a
key under it, and its units and the enemy units it knows of in words. Reads only the seat's view.

Each unit has a letter of its own on the plan; the case tells whose it is: capitals are the seat's own
units (for the umpire, the first seat's), small letters the other side's, whoever activates first.
"""

from __future__ import annotations

import math
import string
import textwrap
from typing import Any

from shapely.geometry import Point, Polygon

from riotact.core.words import counted

SCALE_Y = 2.0
#: the ground's marks are never letters: a letter on the plan is always a unit (the key names them all)
MARKS = {"trench": "=", "barbed_wire": "%", "light_forest": "'", "dense_forest": "&", "rubble": ":",
         "wooden_wall": "|", "stone_wall": "#", "wooden_building": "+", "stone_building": "$",
         "fortification": "!", "closed_building": "@", "shallow_river": "~", "deep_river": "-",
         "impassable_water": ";", "clear": ".", "wooden_house": "+", "stone_house": "$", "fortification_house": "!",
         "watchtower": "^", "ruins": ":", "lane": "_"}
#: kinds drawn with an earlier kind's mark: the key names a mark once, by the first kind
SAME_MARK = {kind for i, (kind, mark) in enumerate(MARKS.items()) if mark in list(MARKS.values())[:i]}


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
    capitals = view["seat"] if view["seat"] in st["deployment"] else next(iter(st["deployment"]), "")
    letters = unit_letters(st["units"], capitals)
    for u in st["units"]:
        for m in u["models"]:
            r, c = rows - 1 - round(m["y"] / SCALE_Y), round(m["x"])
            if 0 <= r < rows and 0 <= c < cols:
                grid[r][c] = letters[u["id"]]
    lines = [f"Turn {st['turn']} of {st['turns']}; activation order {', '.join(st['order'])}"
             + (f"; {st['active']} is acting" if st["active"] else "")]
    lines += ["+" + "-" * cols + "+", *("|" + "".join(row) + "|" for row in grid), "+" + "-" * cols + "+"]
    lines += map_key(st["units"], letters, capitals, {mark for row in grid for mark in row})
    for u in st["units"]:
        ms = u["models"]
        progress = "acting" if u["id"] == st["active"] else "done" if u["activated"] else "to act"
        state = ", ".join(filter(None, [
            progress, "pinned" if u["pinned"] else "",
            "hidden" if u["hidden"] else "", f"{sum(1 for m in ms if m['panic'])} panicking"
            if any(m["panic"] for m in ms) else "", f"{sum(1 for m in ms if m['prone'])} prone"
            if any(m["prone"] for m in ms) else ""]))
        rooms = sorted({m["inside"] for m in ms if m.get("inside")})
        lines.append(f"{u['id']} {u['name']} ({u['seat']}, {u['level']}, {u['formation']}): "
                     f"{counted(len(ms), 'model')}, {u['lost']} lost, GL {u['gl']}+, {state}"
                     + (f", inside {', '.join(rooms)}" if rooms else ""))
    for b in st.get("buildings", []):
        doors = ", ".join(f"{o['id']} {o['door'] if o['kind'] == 'door' else o['kind']}" for o in b["openings"])
        lines.append(f"{b['name']} ({b['kind']}, CV {b['cv']}, {b['dp']} DP{', collapsed' if b['collapsed'] else ''}): "
                     f"{doors}")
    return "\n".join(lines)


def unit_letters(units: list[dict[str, Any]], capitals: str) -> dict[str, str]:
    """A letter for each unit that no other unit of its case shares (its id's or name's first free letter,
    else the first free one): capitals for the ``capitals`` seat's units, small letters for the others'.
    Capitals choose first, so a seat's own letters never change as enemy units come into sight."""
    taken: dict[bool, set[str]] = {True: set(), False: set()}
    out: dict[str, str] = {}
    for u in sorted(units, key=lambda u: u["seat"] != capitals):
        mine = taken[u["seat"] == capitals]
        ident = u["id"].removeprefix(f"{u['seat']}-")  # a ready-made list's ids are <seat>-<id> (BON-115)
        wanted = [c for c in f"{ident}{u['name']}".upper() if c in string.ascii_uppercase]
        letter = next((c for c in [*wanted, *string.ascii_uppercase, *string.digits] if c not in mine), "*")
        mine.add(letter)
        out[u["id"]] = letter if u["seat"] == capitals else letter.lower()
    return out


def map_key(units: list[dict[str, Any]], letters: dict[str, str], capitals: str, shown: set[str]) -> list[str]:
    """The key under the plan: each unit's letter (the capitals' seat's first), then the marks of the
    ground drawn on it."""
    names = [f"{letters[u['id']]} {u['name']} ({u['seat']})"
             for u in sorted(units, key=lambda u: u["seat"] != capitals)]
    lines = textwrap.wrap(f"Key (capitals: {capitals}): " + "; ".join(names), 80, subsequent_indent="  ")
    ground = [f"{mark} {kind.replace('_', ' ')}" for kind, mark in MARKS.items()
              if mark in shown and mark != "." and kind not in SAME_MARK]
    if ground:
        lines += textwrap.wrap("Ground: " + "; ".join(ground), 80, subsequent_indent="  ")
    return lines
