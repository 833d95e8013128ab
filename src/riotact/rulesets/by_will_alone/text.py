"""The terminal screen of one seat (``SPEC.text_view``): a small map and the situation in words.

It reads only ``Game.view(seat)``, which already holds just what the seat may know (BWA-11), so the
screen cannot show a hidden unit. The map lays the features out on a grid by their positions. Each
feature takes two short lines: its kind, id and markers, then the pieces in it (your units as
capitals, sighted enemy units as small letters, counters as ``?7``). The key explains the symbols
on show. Prose lines are wrapped to fit an 80-column terminal.
"""

from __future__ import annotations

import textwrap
from collections import Counter
from typing import Any

from .tables import ACTION_NAMES, AUTHORITY, NONVIOLENT, VIOLENCE_LEVELS, action_name

WIDTH = 80                  # wrap prose lines here
MAX_GRID = 9                # at most this many map columns (and rows); finer positions share cells
CELL = 14                   # widest map cell; longer contents are cut, ending ">"
STREET_ENDS = ("street", "intersection")   # what a street's drawing follows (not squares)
# Symbols, not letters: letters label units (A, B.. yours; a, b.. the enemy's).
KIND_GLYPHS = {"intersection": "+", "square": ":", "building": "^", "housing": "%", "park": '"',
               "woods": "&", "open": "."}
STREET_GLYPHS = {"ew": "-", "ns": "|", "": "="}
#: What each symbol means, in the order the key lists them (only the symbols on show are listed).
KEY = {"A": "A,B.. yours", "a": "a,b.. enemy in sight", "m": "m4 morale 4+", "w": "w2 weapons up to violence 2",
       "?": "?7 counter", "@": "@ media", "*": "* objective", "#": "# barricade", "~": "~ smoke",
       "!": "! signs changed", "J": "J jail", "+": "+ crossing", "-": "- | = street", ":": ": square",
       "^": "^ building", "%": "% housing", '"': '" park', "&": "& woods", ".": ". open"}
TYPES = {"police": "police", "infantry": "infantry", "land_vehicle": "vehicle", "air_vehicle": "aircraft"}
PROMPTS = {
    "orders": "give one order per unit (and dummy), then End the orders",
    "withdraw": "choose where {unit} withdraws",
    "place_lost": "place the lost unit {unit}",
    "rally_die": "give a rally die to a commander",
    "block": "try to block {band}, or let it go",
    "arrest": "choose the stands of {target} that {unit} arrests, one at a time",
}


def text_view(view: dict[str, Any]) -> str:
    """The screen for ``view`` (a ``Game.view(seat)``): under 50 lines, at most 80 columns."""
    state = view["state"]
    side = state["side"] or NONVIOLENT        # the umpire's screen lists the nonviolent side first
    pieces = [u for u in state["units"] if not u.get("dummy")]
    own = [u for u in pieces if u["side"] == side]
    enemy = [u for u in pieces if u["side"] != side]
    labels = {u["id"]: _letter(i).upper() for i, u in enumerate(own)}
    labels |= {u["id"]: _letter(i) for i, u in enumerate(enemy)}
    names = {u["id"]: u["name"] for u in pieces}
    counters = sorted([*state["counters"], *(u for u in state["units"] if u.get("dummy"))], key=_counter_number)
    map_lines, shown = _map(state, pieces, labels, counters)
    shown |= {"A" if labels[u["id"]].isupper() else "a" for u in pieces}
    shown |= {symbol for symbol, present in (("?", counters), ("@", state["media"]), ("m", pieces),
                                             ("w", [u for u in pieces if u["side"] == AUTHORITY])) if present}
    mine, theirs = ("Your units", "Enemy units in sight") if state["side"] else ("Nonviolent", "Authority")
    key = KEY | ({} if state["side"] else {"A": "A,B.. nonviolent", "a": "a,b.. authority"})
    lines = [*_header(view), *map_lines, *_pack([v for k, v in key.items() if k in shown], "Key: ")]
    pads = (min(18, max((len(u["name"]) for u in pieces), default=0)),
            max((len(u["feature"]) for u in pieces), default=0))
    lines += _unit_block(f"{mine}:", own, labels, names, pads)
    lines += _unit_block(f"{theirs}:", enemy, labels, names, pads)
    for text in (_counter_line(counters, "Your dummies" if state["side"] else "Dummies"), *_situation(state),
                 *_score(state)):
        lines += _wrap(text)
    return "\n".join(lines)


def _letter(i: int) -> str:
    """a..z, then aa, ab.. (a scenario with more than 26 units a side still gets labels)."""
    return chr(97 + i) if i < 26 else _letter(i // 26 - 1) + chr(97 + i % 26)


def _wrap(text: str) -> list[str]:
    return textwrap.wrap(text, WIDTH, subsequent_indent="  ", break_on_hyphens=False) if text else []


def _pack(entries: list[str], title: str) -> list[str]:
    """Entries two spaces apart after ``title``, as many to a line as fit; an entry is never split."""
    lines = [title + entries[0]]
    for entry in entries[1:]:
        if len(lines[-1]) + 2 + len(entry) <= WIDTH:
            lines[-1] += "  " + entry
        else:
            lines.append("  " + entry)
    return lines


def _counter_number(counter: dict[str, Any]) -> int:
    """Counter labels are a side letter and a number (N12, A3): shown as ?12, ?3 and sorted by number."""
    return int(counter["counter"][1:])


# -- header ---------------------------------------------------------------------------
def _header(view: dict[str, Any]) -> list[str]:
    state = view["state"]
    who = view["seat"] + (f" ({state['side']} side)" if state["side"] not in ("", view["seat"]) else "")
    if state["allies"]:
        who += f" with {', '.join(state['allies'])}"
    lines = [f"{view['scenario'].split('/')[-1]} | {who} | step {state['step']} of {state['length']} | "
             f"wind {state['wind']}"]
    result = view["result"]
    if result:
        winners = " and ".join(result["winners"]) + " won" if result["winners"] else "a draw"
        lines.append(f"GAME OVER: {winners}, {result['reason']}.")
    elif view["seat"] in view["to_act"]:
        lines.append(f"Initiative: {state['initiative']}. Your decision: {_prompt(state)}.")
    else:
        lines.append(f"Initiative: {state['initiative']}. Waiting for {', '.join(view['to_act'])}.")
    return [line for text in lines for line in _wrap(text)]


def _prompt(state: dict[str, Any]) -> str:
    prompt = state["prompt"] or {"kind": "orders"}
    names = {u["id"]: u["name"] for u in state["units"] if "id" in u}
    names |= {c["counter"]: f"counter ?{_counter_number(c)}" for c in state["counters"]}  # BWA-11
    kind = prompt["kind"]
    if kind == "react":
        actor = names.get(prompt.get("unit", ""), "an enemy unit")
        target = names.get(prompt.get("target", ""), "your unit")
        verb = prompt.get("verb", "")
        what = action_name(verb) if verb in ACTION_NAMES else "an action"
        return f"{actor} takes {what} against {target}: choose its reaction"
    template = PROMPTS.get(kind, kind.replace("_", " "))
    return template.format(unit=names.get(prompt.get("unit", ""), "the unit"),
                           target=names.get(prompt.get("target", ""), "the unit"),
                           band=names.get(prompt.get("band", ""), "the band"))


# -- map ------------------------------------------------------------------------------
def _grid(values: list[float]) -> dict[float, int]:
    """Grid index of each coordinate: one per distinct value, or MAX_GRID even bins if more."""
    distinct = sorted(set(values))
    if len(distinct) <= MAX_GRID:
        return {v: i for i, v in enumerate(distinct)}
    low, span = distinct[0], distinct[-1] - distinct[0]
    return {v: round((v - low) / span * (MAX_GRID - 1)) for v in distinct}


def _glyph(feature: dict[str, Any], at: dict[str, dict[str, Any]], links: list[list[str]]) -> str:
    """The kind of a feature; a street is drawn along its road neighbours: '-' east-west, '|' north-south."""
    if feature["kind"] != "street":
        return KIND_GLYPHS.get(feature["kind"], "?")
    ends = [at[b if a == feature["id"] else a] for a, b in links if feature["id"] in (a, b)]
    ends = [f for f in ends if f["kind"] in STREET_ENDS]
    dx = sum(abs(f["x"] - feature["x"]) for f in ends)
    dy = sum(abs(f["y"] - feature["y"]) for f in ends)
    return STREET_GLYPHS["ew" if dx > 2 * dy else "ns" if dy > 2 * dx else ""]


def _map(state: dict[str, Any], pieces: list[dict[str, Any]], labels: dict[str, str],
         counters: list[dict[str, Any]]) -> tuple[list[str], set[str]]:
    """The map lines, and the feature symbols on show (for the key)."""
    features, links = state["map"]["features"], state["map"]["links"]
    at = {f["id"]: f for f in features}
    here: dict[str, list[str]] = {f["id"]: [] for f in features}
    for unit in pieces:
        here[unit["feature"]].append(labels[unit["id"]])
    for c in counters:
        here[c["feature"]].append(f"?{_counter_number(c)}")
    for m in state["media"]:
        here[m["feature"]].append("@")
    marks = {node: "" for node in at}
    for symbol, nodes in (("*", state["objectives"]), ("#", state["barricades"]), ("~", state["smoke"]),
                          ("!", state["changed_signs"]), ("J", [state["jail"]["feature"]])):
        for node in nodes:
            if node in marks:
                balls = state["smoke"][node] if symbol == "~" else 1
                marks[node] += symbol + (str(balls) if balls > 1 else "")

    cols = _grid([f["x"] for f in features])
    rows = _grid([-f["y"] for f in features])   # north up
    cells: dict[tuple[int, int], list[str]] = {}
    for f in features:
        cells.setdefault((rows[-f["y"]], cols[f["x"]]), []).extend(
            [_glyph(f, at, links) + f["id"] + marks[f["id"]], _pieces_text(here[f["id"]])])
    width = {c: min(CELL, max(len(t) for (_, col), texts in cells.items() if col == c for t in texts))
             for c in set(cols.values())}
    while sum(w + 2 for w in width.values()) > WIDTH and max(width.values()) > 4:
        widest = max(width, key=lambda c: width[c])   # too wide for the terminal: cut the widest column
        width[widest] -= 1
    lines = []
    for r in sorted(set(rows.values())):
        height = max(len(texts) for (row, _), texts in cells.items() if row == r)
        for i in range(height):
            parts = [_fit(texts[i] if i < len(texts) else "", width[c])
                     for c in sorted(width) for texts in [cells.get((r, c), [])]]
            line = "  " + "  ".join(parts).rstrip()
            if i % 2 == 0 or line.strip():     # a row with no pieces takes one line
                lines.append(line)
    named = [f"{f['id']} {f['name']}" for f in features if f.get("name", f["id"]) != f["id"]]
    head = "Map, north up" + (": " + ", ".join(named) if named else "")
    shown = {"-" if t[0] in "|=" else t[0] for texts in cells.values() for t in texts[0::2]}
    return [*_wrap(head), *lines], shown | set("".join(marks.values()))


def _pieces_text(marks: list[str]) -> str:
    """Unit letters run together (AB c), counters and media stand apart (?3 ?7 @)."""
    own = "".join(m for m in marks if m.isupper())
    enemy = "".join(m for m in marks if m.isalpha() and m.islower())
    rest = [m for m in marks if not m.isalpha()]
    return " ".join(p for p in [own, enemy, *rest] if p)


def _fit(text: str, width: int) -> str:
    return text.ljust(width) if len(text) <= width else text[:width - 1] + ">"


# -- units ----------------------------------------------------------------------------
def _unit_block(title: str, units: list[dict[str, Any]], labels: dict[str, str], names: dict[str, str],
                pads: tuple[int, int]) -> list[str]:
    """One line per unit: label, name and feature in columns, then its facts."""
    if not units:
        return [f"{title} none"]
    lines = [title]
    for u in units:
        head = f"{labels[u['id']]:>2} {u['name']:<{pads[0]}} {u['feature']:<{pads[1]}}"
        lines += textwrap.wrap(f"{head}  {'; '.join(_unit_facts(u, names))}", WIDTH,
                               subsequent_indent=" " * 6)
    return lines


def _unit_facts(unit: dict[str, Any], names: dict[str, str]) -> list[str]:
    """Stands by quality and morale number (best first, e.g. "1 Veteran m2 + 5 Untrained m6"),
    command and the flags that are set."""
    stands = unit["stands"]
    kinds = Counter((s["morale"], s["quality"]) for s in stands)
    summary = " + ".join(f"{n} {quality} m{morale}" for (morale, quality), n in sorted(kinds.items()))
    facts = [summary]
    kind = TYPES.get(unit["type"], unit["type"])
    commander = next((s for s in stands if s["commander"]), None)
    if unit["side"] == AUTHORITY:
        facts.append(f"{kind}, {unit['group']}, w{unit['weapons']}")
    elif unit["type"] != "actionists":
        facts.append(kind)
    elif unit["band"]:
        facts.append("LOST DISCIPLINE")
    else:
        facts.append(f"cmdr {commander['quality']}" if commander else "NO COMMANDER")
    flags = [
        unit["condition"] or "",
        "barricaded" if unit["behind_barricade"] else "",
        f"enveloping {names.get(unit['enveloping'], 'a counter')}" if unit["enveloping"] else "",
        "LOST" if unit["lost"] else "",
        "disrupted" if unit["disrupted"] else "",
        f"in {names.get(unit['mounted_in'], unit['mounted_in'])}" if unit["mounted_in"] else "",
        f"hidden as {unit['counter']}" if unit.get("counter") else "",
        *(f"{s['role'].split()[0]} {s['id']}" for s in stands if s.get("role")),
    ]
    return facts + [f for f in flags if f]


def _counter_line(counters: list[dict[str, Any]], dummies_title: str) -> str:
    def listed(cs: list[dict[str, Any]]) -> str:
        return ", ".join(f"?{_counter_number(c)} {c['feature']}" for c in cs)

    theirs = [c for c in counters if not c.get("dummy")]
    dummies = [c for c in counters if c.get("dummy")]
    parts = ([f"Counters not yet sighted: {listed(theirs)}."] if theirs else []) + (
        [f"{dummies_title}: {listed(dummies)}."] if dummies else [])
    return " ".join(parts)


# -- situation and score ---------------------------------------------------------------
def _situation(state: dict[str, Any]) -> list[str]:
    lines = []
    if state["reserves"]:
        lines.append("Reserves: " + ", ".join(
            r["name"] + (" (arriving)" if r["status"] == "arriving" else "") for r in state["reserves"]) + ".")
    jail = state["jail"]
    line = f"Jail {jail['feature']}: {len(jail['stands'])} stands. " if jail["feature"] else ""
    line += f"Discarded: {state['discarded']}."
    levels = sorted(state["levels"].items())
    if levels:
        used = sorted({level for _, level in levels})
        line += (" Violence: " + ", ".join(f"{group} {level}" for group, level in levels) + " ("
                 + "; ".join(f"{level} = {VIOLENCE_LEVELS[level]}" for level in used) + ").")
    return [*lines, line]


def _score(state: dict[str, Any]) -> list[str]:
    v, points = state["victory"], state["scores"]

    def terms(items: list[tuple[float, str]]) -> str:
        return ", ".join(f"{p:g}/{what}" for p, what in items if p)

    nonviolent = terms([(v["hold_points"], "stand on an objective at the end"),
                        (v["escalation_points"], "escalation")])
    authority = terms([(v["arrest_points"], "stand jailed"), (v["discard_points"], "discarded"),
                       (v["violence_points"], "losing discipline")])
    if v["clear_points"] and v["objectives"]:
        authority += f", {v['clear_points']:g} if no stand holds an objective"
    # A seat's view counts only what its side may know (hidden counters, unsighted escalations).
    title = "Score as your side can count it" if state["side"] else "Score"
    return [f"{title}: nonviolent {points[NONVIOLENT]:g}, authority {points[AUTHORITY]:g}; most points after "
            f"step {state['length']} wins. Nonviolent: {nonviolent}. Authority: {authority}."]
