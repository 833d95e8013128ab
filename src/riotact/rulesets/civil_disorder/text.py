"""The terminal screen: a seat's view as a town plan and a few lines of plain text.

:func:`text_view` turns ``Game.view(seat)`` into what a person at the terminal reads
before choosing an action: an ASCII plan of the town (streets, buildings with their
fire and damage state, hydrants, figures, units, crowds with their RL markers, gas,
casualties), a legend, then one line per unit and per crowd, what the radio and the
other players reported, and the turn. It reads only the view, which is already
filtered (CD-06, CD-24, CD-71): an SF screen can show no more than the SF may know.
The umpire's screen (CD-01) adds the hidden state: RL states, objectives, looters,
negotiators, snipers, bombs and the running score.

>>> node_xy("J2-1", 16), node_xy("x20y8", 16)
((32, 16), (20, 8))
"""

from __future__ import annotations

import math
import re
import textwrap
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from .board import building_name
from .rules.orders import describe_order
from .tables import PEOPLE_PER_CROWD_FIGURE, UNIT_TYPES
from .view import ON_THE_GROUND

MAX_LINES = 50  # the whole screen
WIDTH = 110  # longer lines below the plan are wrapped
MAX_MAP_ROWS = 25
MAX_MAP_COLUMNS = 100
NAME_WIDTH = 6  # unit and crowd ids in the lists
SIDE_WIDTH = 9  # the side ruler: junction row and y inches
VEHICLE_NAMES = {"armoured": "armoured car", "water_cannon": "water cannon"}

LEGEND = ("@ you  & another player  a-z SF units (list below)  A5 crowd A with its RL marker 5 "
          "(8 bad, 1 good)\n= parked vehicle  % casualty  ~ gas  Y hydrant  . street  "
          "buildings: ^ burning  # wrecked  ? not in sight")

_NODE = re.compile(r"^J(\d+)-(\d+)$|^x(\d+)y(\d+)$")


def node_xy(node: str, block: int) -> tuple[int, int]:
    """A street point's table position in inches, from its name (see :mod:`.board`)."""
    m = _NODE.match(node)
    if m is None:
        raise ValueError(f"not a street point: {node!r}")
    if m.group(1) is not None:
        return int(m.group(1)) * block, int(m.group(2)) * block
    return int(m.group(3)), int(m.group(4))


def text_view(view: dict[str, Any]) -> str:
    """The screen for ``view`` (an SF player's, or the umpire's if the view holds the tables)."""
    state = view["state"]
    umpire = "tables" in state
    plan = TownPlan.of(state["town"])
    symbols = _unit_symbols(state["units"])
    crowd_marks = _crowd_symbols(state["crowds"])
    _draw(plan, state, symbols, crowd_marks, umpire=umpire)
    lines = [_title(view, state, umpire), *plan.render(), *LEGEND.splitlines()]
    body = (_umpire_lines(view, state, symbols, crowd_marks) if umpire
            else _sf_lines(view, state, symbols, crowd_marks))
    body = [part for line in body for part in
            (textwrap.wrap(line, WIDTH, subsequent_indent="     ") if len(line) > WIDTH else [line])]
    room = MAX_LINES - len(lines)
    if len(body) > room:  # keep the screen on one page: the last lines say what was left out
        body = [*body[:room - 1], f"... {len(body) - room + 1} more lines: type 'view' for everything"]
    return "\n".join(line.rstrip() for line in [*lines, *body])


# -- the town plan -------------------------------------------------------------------------
@dataclass
class TownPlan:
    """A character grid over the town: ``per_col`` inches a column, ``per_row`` inches a row."""

    width: float
    height: float
    block: int
    per_col: float
    per_row: float
    cells: list[list[str]]

    @classmethod
    def of(cls, town: dict[str, Any]) -> TownPlan:
        """Two inches a row and one a column (characters are twice as tall as wide), coarser
        for a town too big for the screen."""
        width, height = float(town["width"]), float(town["height"])
        per_row = max(2.0, 2 * math.ceil(height / (MAX_MAP_ROWS - 1) / 2))
        per_col = max(per_row / 2, float(math.ceil(width / (MAX_MAP_COLUMNS - 2))))
        per_row = max(per_row, 2 * per_col)
        rows, cols = round(height / per_row) + 1, round(width / per_col) + 2  # +1: an edge RL marker
        plan = cls(width, height, int(town["block"]), per_col, per_row, [[" "] * cols for _ in range(rows)])
        plan._streets(int(town["columns"]), int(town["rows"]))
        return plan

    def cell(self, x: float, y: float) -> tuple[int, int]:
        return round(y / self.per_row), round(x / self.per_col)

    def put(self, x: float, y: float, text: str) -> None:
        row, col = self.cell(x, y)
        for i, ch in enumerate(text):
            if 0 <= row < len(self.cells) and 0 <= col + i < len(self.cells[row]):
                self.cells[row][col + i] = ch

    def put_node(self, node: str, text: str) -> None:
        self.put(*node_xy(node, self.block), text)

    def _streets(self, columns: int, rows: int) -> None:
        for r in range(rows):
            for x in range(0, int(self.width) + 1):
                self.put(x, r * self.block, ".")
        for c in range(columns):
            for y in range(0, int(self.height) + 1):
                self.put(c * self.block, y, ".")

    def building(self, bounds: list[float], fill: str, labels: list[list[str]]) -> None:
        """A box with its name and state inside, a line each: the longest of each line's
        variants that fits (else the first, cut short); ``fill`` shades the inside. The box
        keeps off the streets around its block (at coarse scales a box may be only a mark)."""
        r0, c0 = self.cell(bounds[0], bounds[1])
        r1, c1 = self.cell(bounds[2], bounds[3])
        bx, by = int(bounds[0] // self.block), int(bounds[1] // self.block)
        top, left = self.cell(bx * self.block, by * self.block)
        bottom, right = self.cell((bx + 1) * self.block, (by + 1) * self.block)
        r0, c0, r1, c1 = max(r0, top + 1), max(c0, left + 1), min(r1, bottom - 1), min(c1, right - 1)
        for r in range(r0, r1 + 1):
            for c in range(c0, c1 + 1):
                edge_r, edge_c = r in (r0, r1), c in (c0, c1)
                self.cells[r][c] = "+" if edge_r and edge_c else "-" if edge_r else "|" if edge_c else fill
                if (r1 - r0 < 2 or c1 - c0 < 2) and fill != " ":
                    self.cells[r][c] = fill  # too small for a box: its state shows
        inside = c1 - c0 - 1
        for i, variants in enumerate(labels[:max(0, r1 - r0 - 1)]):
            label = next((v for v in variants if len(v) <= inside), variants[0])
            for j, ch in enumerate(label[:inside]):
                self.cells[r0 + 1 + i][c0 + 1 + j] = ch

    def render(self) -> list[str]:
        """The grid with rulers: junction columns and x inches across the top, junction rows and
        y inches down the side (street points are named J<column>-<row> or x<X>y<Y>)."""
        cols = len(self.cells[0])
        junctions, inches = [" "] * cols, [" "] * cols
        for c in range(int(self.width) // self.block + 1):
            self._label(junctions, c * self.block, f"J{c}")
        for x in range(0, int(self.width) + 1, max(4, int(8 * self.per_col))):
            self._label(inches, x, str(x))
        lines = [" " * SIDE_WIDTH + "".join(junctions).rstrip(),
                 "   y   x ".ljust(SIDE_WIDTH) + "".join(inches).rstrip()]
        junction_rows = {self.cell(0, r * self.block)[0]: r for r in range(int(self.height) // self.block + 1)}
        for row, cells in enumerate(self.cells):
            side = f"-{junction_rows[row]}" if row in junction_rows else ""
            lines.append(f"{side:>3}{round(row * self.per_row):>4}  {''.join(cells)}")
        return lines

    def _label(self, ruler: list[str], x: float, text: str) -> None:
        col = self.cell(x, 0)[1]
        if all(ruler[c] == " " for c in range(max(0, col - 1), min(len(ruler), col + len(text) + 1))):
            ruler[col:col + len(text)] = text


def _draw(plan: TownPlan, state: dict[str, Any], symbols: dict[str, str], crowd_marks: dict[str, str],
          *, umpire: bool) -> None:
    """Buildings, then things on the streets, the most important drawn last (on top)."""
    town = state["town"]
    known = {b["id"]: b for b in state["buildings"]}
    spotted = {s["building"] for s in state.get("snipers_spotted", []) if s["building"]}
    if umpire:
        spotted = {s["building"] for s in state["snipers"] if s["building"] and not s["out"]}
    for b in town["buildings"]:
        seen = known.get(b["id"])
        fill, status = " ", []
        if seen is None:
            fill = "?"
        elif _wrecked(seen):
            fill, status = "#", ["WRECKED", "WRECK", "#"]
        elif seen["fires"]:
            n = seen["fires"]
            fill, status = "^", [f"{n} fire{'s' if n > 1 else ''}", f"{n} fire", f"{n}^"]
        labels = [[building_name(b["id"]).removeprefix("the ")], status, [b["kind"]]]  # its name, not its id
        if seen is not None and "value" in seen:  # the umpire's screen: property left (CD-40)
            labels.append([f"value {seen['value']}/{seen['start_value']}", f"{seen['value']}/{seen['start_value']}",
                           f"v{seen['value']}"])
        if b["id"] in spotted:
            labels.insert(1, ["SNIPER", "SNIPE", "SNIP", "SN"])
        plan.building(b["bounds"], fill, [v for v in labels if v])
    for node in town["hydrants"]:
        plan.put_node(node, "Y")
    for g in state["gas"]:
        _gas(plan, float(g["x"]), float(g["y"]), float(g["radius"]))
    for c in state["casualties"]:
        if c["stage"] in ON_THE_GROUND:
            plan.put_node(c["node"], "%")
    units = [u for u in state["units"] if u["figures"] > 0]  # the umpire's list keeps lost units
    for u in units:
        if u["vehicle"] != "none" and u["vehicle_node"] and u["vehicle_node"] != u["node"]:
            plan.put_node(u["vehicle_node"], "=")
    for u in units:
        plan.put_node(u["node"], symbols[u["id"]])
    others = state["players"]
    me = state.get("you", {}).get("seat")
    for p in others:
        if p["seat"] != me:
            plan.put_node(p["node"], "&")
    for c in state["crowds"]:
        if c.get("gone") is None:
            plan.put_node(c["node"], f"{crowd_marks[c['id']]}{c['rl']}")
    if me is not None:
        plan.put_node(state["you"]["node"], "@")


def _wrecked(building: dict[str, Any]) -> bool:
    """CD-40: no property value left (the SF are told it is wrecked; the umpire sees the value)."""
    return bool(building.get("wrecked")) or building.get("value") == 0


def _gas(plan: TownPlan, x: float, y: float, r: float) -> None:
    """A cloud: '~' over the street cells within its radius ``r`` (CD-22)."""
    for yy in _frange(y - r, y + r, plan.per_row):
        for xx in _frange(x - r, x + r, plan.per_col):
            row, col = plan.cell(xx, yy)
            if 0 <= row < len(plan.cells) and 0 <= col < len(plan.cells[row]) and \
                    plan.cells[row][col] in " .":
                plan.cells[row][col] = "~"


def _frange(lo: float, hi: float, step: float) -> Iterable[float]:
    v = lo
    while v <= hi + 1e-9:
        yield v
        v += step


def _unit_symbols(units: list[dict[str, Any]]) -> dict[str, str]:
    """A lowercase letter per SF unit: the first letter of its id if no other unit has it yet,
    else the next free letter of its id, else any free letter."""
    free = list("abcdefghijklmnopqrstuvwxyz")
    out: dict[str, str] = {}
    for u in units:
        first = u["id"][0].lower()
        if first in free:
            out[u["id"]] = first
            free.remove(first)
    for u in units:
        if u["id"] not in out:
            wanted = [ch for ch in u["id"].lower() if ch in free] or free or ["*"]
            out[u["id"]] = wanted[0]
            if wanted[0] in free:
                free.remove(wanted[0])
    return out


def _crowd_symbols(crowds: list[dict[str, Any]]) -> dict[str, str]:
    """An uppercase letter per crowd: its id if that is one letter, else a free letter."""
    out: dict[str, str] = {}
    taken = {c["id"] for c in crowds if len(c["id"]) == 1 and c["id"].isalpha() and c["id"] != "Y"}
    free = [c for c in "ABCDEFGHIJKLMNOPQRSTUVWXZ" if c not in taken]
    for c in crowds:
        if c["id"] in taken:
            out[c["id"]] = c["id"]
        else:
            out[c["id"]] = free.pop(0) if free else "*"
    return out


# -- the lines below the plan ------------------------------------------------------------------
def _title(view: dict[str, Any], state: dict[str, Any], umpire: bool) -> str:
    turn = f"Turn {state['turn']} of {state['turns']}"
    if umpire:
        return f"{view['scenario']}  {turn}  umpire's screen: you see everything (CD-01)"
    you = state["you"]
    return f"{view['scenario']}  {turn}  you are {you['seat']}, {you['role']}"


def _unit_line(u: dict[str, Any], symbol: str, me: str | None, under_fire: set[str]) -> str:
    """One unit: id, type, figures (and how many are fit), where, its order, then vehicle,
    equipment and stocks (CD-13, CD-16, CD-39, CD-50, CD-59)."""
    kind = UNIT_TYPES[u["type"]]
    figures = f"{u['figures']}" + (f" ({u['fit']} fit)" if u["fit"] != u["figures"] else "")
    extras = [describe_order(u["order"]) if "order" in u else "order not known"]
    if u["player"] != me:
        extras.append(f"{u['player']}'s")
    vehicle = VEHICLE_NAMES.get(u["vehicle"], u["vehicle"])
    if u["vehicle"] != "none":
        extras.append(f"in its {vehicle}" if u["aboard"] else f"{vehicle} beside it"
                      if u["vehicle_node"] == u["node"] else f"{vehicle} at {u['vehicle_node']}")
    if u["inside"]:
        extras.append(f"inside {building_name(u['inside'])}")
    if u["weapon"] != "none":
        extras.append(f"guns ({u['weapon']})")
    if u["gas_stock"] is not None:
        extras.append(f"gas: {u['gas_stock']} left")
    elif kind.gas:
        extras.append("gas")
    if kind.firefighters or u["vehicle"] == "water_cannon":
        used = u["water_turns_used"]
        if u["hydrant"] or used:
            extras.append("on a hydrant" if u["hydrant"] else f"water {used} turn{'' if used == 1 else 's'}")
    if u["load"]:
        extras.append(f"{u['load']} casualties aboard")
    if u.get("source") in ("radio report", "radio"):
        extras.append("by radio")
    elif u.get("source") == "earshot":
        extras.append("within earshot")
    if u["id"] in under_fire:
        extras.append("UNDER FIRE")
    return f" {symbol} {u['id']:<{NAME_WIDTH}} {u['type'].replace('_', ' '):<13} {figures:<10} {u['node']:<7} " \
           + "; ".join(extras)


def _crowd_head(c: dict[str, Any], mark: str) -> str:
    people = c["figures"] * PEOPLE_PER_CROWD_FIGURE  # CD-09: a crowd figure is 5 people
    return (f" {mark} crowd {c['id']:<{NAME_WIDTH}} {c['figures']:>2} figures ~{people:<4} RL {c['rl']}  "
            f"{c['node']:<7}")


def _sf_lines(view: dict[str, Any], state: dict[str, Any], symbols: dict[str, str],
              crowd_marks: dict[str, str]) -> list[str]:
    you = state["you"]
    lines = [_you_line(state), _phase_line(view, state),
             f"To win (CD-04): an SF score of {state['victory_score']}+ at the end (save property, avoid "
             "casualties, arrest, disperse)."]
    under_fire = set(state["under_fire"])
    others = [f"{p['seat']} at {p['node']}" for p in state["players"]]
    if others:
        lines.append(f"Other players in sight (&): {', '.join(others)}.")
    lines.append("Units (id, type, figures, where, order, vehicle and stocks):")
    units = sorted(state["units"], key=lambda u: (u["player"] != you["seat"], u["player"], u["id"]))
    lines += [_unit_line(u, symbols[u["id"]], you["seat"], under_fire) for u in units] or ["  none known"]
    unseen = sorted({a["id"].split(":")[1] for a in view["legal_actions"] if a["id"].startswith("order:")}
                    - {u["id"] for u in units})
    if unseen:  # CD-02: the overall commander may order units he neither sees nor hears from
        lines.append(f"   also under your orders by radio, out of sight: {', '.join(unseen)}")
    lines.append("Crowds in sight or reported by radio (a figure is 5 people; RL marker 8 is bad, 1 is good):")
    for c in state["crowds"]:
        told = "in sight" if c["source"] == "sight" else "radio report"
        seen = f"; you see {c['seen']}" if "seen" in c else ""
        lines.append(f"{_crowd_head(c, crowd_marks[c['id']])} {told}{seen}")
    if not state["crowds"]:
        lines.append("  none in sight or reported")
    lines += _incidents(state)
    lines += [f"Message: {m}" for m in state["messages"]]
    lines += [f"Note: {n}" for n in state["notes"]]
    if view["result"]:
        lines += end_lines(view["result"])
    return lines


def _you_line(state: dict[str, Any]) -> str:
    you = state["you"]
    kit = [k for k in ("radio", "megaphone") if you[k]]
    if you["weapon"] != "none":
        kit.append(f"{you['weapon']} gun")
    status = "out of action (a casualty)" if you["out"] else "on the ground" if you["down"] else \
        f"escorting prisoner {you['escorting']}" if you["escorting"] else "able"
    car = f"; at the wheel of {you['vehicle']}'s vehicle" if you["vehicle"] else ""
    boss = f"; you answer to {you['superior']}" if you["superior"] else "; you command every unit"
    return f"You (@) at {you['node']}{car}; {', '.join(kit) or 'no radio'}; {status}{boss}."


def _phase_line(view: dict[str, Any], state: dict[str, Any]) -> str:
    if view["result"]:
        return "The game is over."
    phase, declared = state["phase"], state["declared"]
    if phase == "action":
        return "Now: declare your one action this turn (talk, an order, a personal action, run or negotiate)."
    done = f"You declared: {describe_action(declared)}." if declared else ""
    if phase == "walk":
        return f"{done} Now: walk, get into or out of a vehicle, or stay (CD-14).".strip()
    return f"{done} Waiting for the others.".strip()


def describe_action(action_id: str) -> str:
    """A declared action id in plain words (the same words as the action list)."""
    verb, _, rest = action_id.partition(":")
    if verb == "order":
        uid, _, order = rest.partition(":")
        return f"order {uid} to {describe_order(order)}"
    words: dict[str, Callable[[str], str]] = {
        "pass": lambda _: "no action", "run": lambda t: f"run to {t}", "drive": lambda t: f"drive to {t}",
        "negotiate": lambda t: f"negotiate with crowd {t}", "talk": lambda t: f"talk with {t}",
        "arrest": lambda t: f"grab a rioter of crowd {t}", "fire": lambda t: f"fire at crowd {t}",
    }
    return words[verb](rest) if verb in words else action_id


def _sniper_place(sniper: dict[str, Any]) -> str:
    return building_name(sniper["building"]) if sniper["building"] else f"crowd {sniper['crowd']}"


def _incidents(state: dict[str, Any]) -> list[str]:
    """Fires, wrecks, casualties, prisoners, snipers and bombs the seat knows of, a line each."""
    lines = []
    burning = [f"{building_name(b['id'])} ({b['fires']})" for b in state["buildings"] if b["fires"] and not _wrecked(b)]
    wrecked = [building_name(b["id"]) for b in state["buildings"] if _wrecked(b)]
    if burning or wrecked:
        lines.append(f"Fires: {', '.join(burning) or 'none'}.  Wrecked: {', '.join(wrecked) or 'none'}.")
    cas: dict[str, list[str]] = {}
    for c in state["casualties"]:
        if c["stage"] in ON_THE_GROUND:
            cas.setdefault(f"{c['side'].upper() if c['side'] == 'sf' else c['side']} {c['status']}"
                           f"{'' if c['stage'] == 'lying' else ', ' + c['stage']}", []).append(c["node"])
    if cas:
        lines.append("Casualties (%): " + "; ".join(f"{len(v)} {k} at {' '.join(sorted(set(v)))}"
                                                     for k, v in sorted(cas.items())))
    prisoners = [f"{p['id']} (crowd {p['crowd']}, "
                 f"{str(p['turns']) + ' turns to the van' if p['status'] == 'escorted' else p['status']})"
                 for p in state["prisoners"] if p["status"] in ("escorted", "in custody")]
    if prisoners:
        lines.append(f"Prisoners: {', '.join(prisoners)}.")
    snipers = state.get("snipers_spotted", [])
    if snipers:
        lines.append("Snipers spotted: " + ", ".join(
            f"{s['id']} in {_sniper_place(s)}" for s in snipers) + ".")
    blasts = [f"at {b['node'] or 'a place out of sight'} (turn {b.get('went_off', b.get('turn'))})"
              for b in state["bombs"] if b.get("went_off", b.get("turn")) is not None]
    if blasts:
        lines.append(f"Bombs gone off: {', '.join(blasts)}.")
    return lines


def _umpire_player(p: dict[str, Any], declared: dict[str, str]) -> str:
    said = f", declared {describe_action(declared[p['seat']])}" if p["seat"] in declared else ""
    return f"{p['seat']} at {p['node']} ({p['negotiator']} negotiator{', out' if p['out'] else ''}{said})"


def _umpire_lines(view: dict[str, Any], state: dict[str, Any], symbols: dict[str, str],
                  crowd_marks: dict[str, str]) -> list[str]:
    """CD-01: the umpire's screen has the hidden state and the running score."""
    lines = [f"Score so far {state['score']} (SF win at {state['victory_score']}+, CD-04); phases: " +
             ", ".join(f"{seat} {phase}" for seat, phase in state["phase"].items()) + "."]
    lines += ["Players: " + "; ".join(_umpire_player(p, state["declared"]) for p in state["players"])]
    lines.append("Units:")
    lines += [_unit_line(u, symbols[u["id"]], None, set()) for u in state["units"] if u["figures"] > 0]
    lines.append("Crowds (1 figure = 5 people), with the state the players do not see:")
    for c in state["crowds"]:
        if c["gone"] is not None:
            lines.append(f"   crowd {c['id']:<{NAME_WIDTH}} {c['gone']}")
            continue
        secret = [f"objective {c['objective']}" if c["objective"] else "no objective"]
        if c["looter"]:
            secret.append("LOOTERS")
        if c["looters_inside"]:
            secret.append(f"{c['looters_inside']} looters inside")
        if c["carrying"]:
            secret.append(f"carrying {c['carrying']} LU")
        if c["shop"]:
            secret.append(f"at shop {c['shop']}")
        bottles, petrol = c["petrol"]
        if petrol or bottles:  # CD-37: both are needed to make petrol bombs
            secret.append("petrol bombs" if petrol and bottles else "bottles" if bottles else "petrol")
        secret.append(f"missiles {c['missiles']}")
        if c["wet"]:
            secret.append("soaked" if c["wet"] > 1 else "damp")
        lines.append(f"{_crowd_head(c, crowd_marks[c['id']])} {c['state']}; {', '.join(secret)}")
    lines += _incidents(state)
    hidden = [f"sniper {s['id']} in {_sniper_place(s)} -> {s['target']}"
              f"{' (spotted)' if s['spotted'] else ''}" for s in state["snipers"] if not s["out"]]
    hidden += [f"bomb {b['id']} in crowd {b['crowd']}" for b in state["bombs"] if b["went_off"] is None
               and not b["lost"]]
    if hidden:
        lines.append("Hidden: " + "; ".join(hidden) + ".")
    lines += [f"Note: {n}" for n in state["notes"]]
    if view["result"]:
        lines += end_lines(view["result"])
    return lines


def end_lines(result: dict[str, Any]) -> list[str]:
    """The end screen: the result, how the SF score was made (CD-04 gap) and what happened:
    property, fires, casualties, arrests, and each crowd's RL turn by turn."""
    lines = [f"Game over: {result['reason']}"]
    d = result.get("details") or {}
    if not d:
        return lines
    lines.append("How the SF score was made (CD-04):")
    lines += [f"  {points:+7.1f}  {why}" for why, points in d["score_parts"]]
    cas = d["casualties"]
    lines += [
        f"Property: {d['property_lost']} of {d['property_start']} points lost; "
        f"wrecks: {', '.join(d['wrecks']) or 'none'}.",
        f"Fires: {d['fires_started']} started, {d['fires_burning']} still burning.",
        f"Casualties: SF {cas['sf_wounded']} wounded, {cas['sf_dead']} dead; crowd {cas['crowd_wounded']} "
        f"wounded, {cas['crowd_dead']} dead ({d['firearm_deaths']} killed by SF firearms).",
        f"Arrests: {d['arrests']} ({d['escapes']} got away); loot carried off: {d['loot_carried_off']} LU; "
        f"crowds dispersed: {d['crowds_dispersed']}; over-reactions: {d['overreactions']}.",
        "Each crowd's RL from the start, turn by turn (- once gone):",
    ]
    lines += [f"  {cid}: {' '.join(str(rl) if rl else '-' for rl in history)}"
              for cid, history in sorted(d["rl_history"].items())]
    return lines
