"""What a person is told before the first decision (and again on ``briefing``): the scenario's own
words, how to win, read from the scenario data the rules judge by, and the key to the map.

Each ruleset's victory is worked out by its rules (cited beside each line); these lines only say it
in words, from the same scenario data, so a scenario whose victory conditions change is described as
it now stands. ``rules`` lists the house rules in play and where the rules page is.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from typing import Any

from riotact.core import Game

WIDTH = 100


def briefing(game: Game, seat: str, width: int = WIDTH, heading: bool = True) -> str:
    """The scenario's briefing for ``seat`` (a seat of the game, or the umpire's chair), in lines of at
    most ``width`` characters; ``heading``: the ruleset's and scenario's titles first."""
    scenario = game.scenario
    paragraphs = [scenario.description]
    win = HOW_TO_WIN.get(game.spec.id)
    if win is not None:
        paragraphs.append("How to win: " + " ".join(win(game)))
    key = MAP_KEYS.get(game.spec.id)
    paragraphs.append(key(game, seat) if key is not None else
                      "The key to the screen's symbols is printed with it, on every screen.")
    paragraphs.append("Commands at every prompt: 'help', 'briefing' (this again), 'log' (what you have seen "
                      "happen), 'rules', 'save FILE', 'quit'.")
    lines = [f"{game.spec.title}: {scenario.title}"] if heading else []
    for paragraph in paragraphs:
        lines += textwrap.wrap(" ".join(paragraph.split()), width)
    return "\n".join(lines)


def rules_summary(game: Game, width: int = WIDTH) -> str:
    """The ruleset in a line, the house rules in play (their rule IDs and values) and the rules page."""
    spec = game.spec
    lines = [f"{spec.title} ({spec.code}): {spec.summary}",
             "House rules in play (chosen when a game starts: --option KEY=VALUE):"]
    for rule in spec.house_rules:
        value = game.options.get(rule.key, rule.default)
        changed = "" if value == rule.default else f" (default {_value(rule.default)})"
        lines += textwrap.wrap(f"{rule.key} = {_value(value)}{changed} [{rule.rule}]: {rule.text}", width,
                               initial_indent="  ", subsequent_indent="      ")
    lines.append(f"Every rule ({spec.code}-...), where it is played and its gap defaults: docs/rules/{spec.code}.md "
                 "in the riotact source.")
    return "\n".join(lines)


def _value(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _points(value: float) -> str:
    return f"{value:g} point{'' if value == 1 else 's'}"


def _revolting_behaviour(game: Game) -> list[str]:
    setup = game.scenario.setup
    return [f"defeat every card of your own Cause ({setup.cause_cards} cards each; RB-24), or be the last",
            "player with resources left (RB-25).",
            f"Nobody wins if no one has by turn {setup.turn_limit}."]


def _by_will_alone(game: Game) -> list[str]:
    setup = game.scenario.setup
    victory = setup.victory
    names = {f.id: f.name or f.id for f in setup.features}
    held = ", ".join(names.get(o, o) for o in victory.objectives) or "the objectives"
    nonviolent = [f"{_points(victory.hold_points)} per disciplined stand on {held} at the end"]
    if victory.escalation_points:
        nonviolent.append(f"{_points(victory.escalation_points)} per successful escalation")
    authority = [f"{_points(value)} {what}" for value, what in (
        (victory.arrest_points, "per stand in jail at the end"),
        (victory.discard_points, "per stand discarded or removed"),
        (victory.clear_points, f"if no nonviolent stand is left on {held}"),
        (victory.violence_points, "per nonviolent stand that lost discipline")) if value]
    return [f"after {setup.length} action steps the side with more points wins (equal points: a draw).",
            f"Nonviolent side: {'; '.join(nonviolent)}.", f"Authority: {'; '.join(authority)}."]


def _civil_disorder(game: Game) -> list[str]:
    setup = game.scenario.setup
    return [f"the Security Forces win with a score of {setup.victory_score} or more after {setup.turns} turns",
            "(CD-04): property saved, casualties avoided, arrests made and crowds dispersed count."]


def _public_participation(game: Game) -> list[str]:
    setup = game.scenario.setup
    names = {c.id: c.name for c in setup.characters} | {f.id: f.name for f in setup.features}
    aims: dict[str, list[str]] = {}
    for o in setup.objectives:
        what = o.text or f"{o.kind.replace('_', ' ')} {names.get(o.target, o.target)}"
        aims.setdefault(o.seat, []).append(f"{what} ({_points(o.points)})")
    lines = [f"after {setup.moves} moves (or when one side is left in play) the side with the most points wins."]
    lines += [f"{seat}: {'; '.join(found)}." for seat, found in aims.items()]
    if setup.out_of_action_points:
        lines.append(f"Every side: {_points(setup.out_of_action_points)} per enemy figure out of action.")
    return lines


def _breaking_of_nations(game: Game) -> list[str]:
    setup = game.scenario.setup
    turns = int(game.options.get("turns") or 0) or setup.turns
    names = {f.id: f.name for f in setup.features}
    lines = [f"after {turns} turns (BON-003) each side scores a point per man not fleeing"
             + (", and" if setup.objectives else ";")]
    lines += [f"{o.seat} {_points(o.points)} for holding {names.get(o.feature, o.feature)} (only its own men "
              "in it) at the end;" for o in setup.objectives]
    lines.append("the higher score wins. A side also wins at once when every enemy unit is gone, fleeing or "
                 "panicking.")
    return lines


HOW_TO_WIN: dict[str, Callable[[Game], list[str]]] = {
    "revolting-behaviour": _revolting_behaviour,
    "by-will-alone": _by_will_alone,
    "civil-disorder": _civil_disorder,
    "public-participation": _public_participation,
    "breaking-of-nations": _breaking_of_nations,
}

#: Names of the Breaking of Nations plan's terrain symbols (the symbols are the screen's own).
BON_TERRAIN = {"trench": "trench", "barbed_wire": "barbed wire", "light_forest": "light wood", "dense_forest":
               "dense wood", "rubble": "rubble", "wooden_wall": "wooden wall", "stone_wall": "stone wall",
               "wooden_building": "wooden building", "stone_building": "stone building", "fortification":
               "fortification", "closed_building": "closed building", "shallow_river": "shallow river",
               "deep_river": "deep river", "impassable_water": "impassable water", "clear": "open ground",
               "wooden_house": "wooden house", "stone_house": "stone house", "fortification_house":
               "fortified house", "watchtower": "watchtower", "ruins": "ruins", "lane": "lane cut in the wire"}


def _breaking_of_nations_key(game: Game, seat: str) -> str:
    """The plan's symbols on this table, in the screen's own marks (rulesets/breaking_of_nations/text.py)."""
    from riotact.rulesets.breaking_of_nations.text import MARKS

    state = game.view(seat)["state"]
    kinds = [f["kind"] for f in state["table"]["features"]]
    kinds += ["ruins" if b["collapsed"] else b["kind"] if b["kind"] == "watchtower" else f"{b['material']}_house"
              for b in state.get("buildings", [])]
    kinds += ["lane" for _ in state["table"].get("lanes", [])]
    shown = ", ".join(f"{MARKS[k]} {BON_TERRAIN.get(k, k.replace('_', ' '))}"
                      for k in dict.fromkeys(kinds) if k in MARKS)
    return (f"Map key: one column an inch, one row two inches, north at the top; {shown}; a letter is a "
            "soldier of the unit whose id starts with it (the units are listed under the map).")


MAP_KEYS: dict[str, Callable[[Game, str], str]] = {
    "breaking-of-nations": _breaking_of_nations_key,
}
