"""The terminal screen (SPEC.text_view) and playing By Will Alone through the `riotact play` command."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from riotact.core import UMPIRE, Bot, Game, builtin_scenarios, make_bot, parse_scenario, read_log
from riotact.rulesets import get_ruleset

SPEC = get_ruleset("by-will-alone")

SCENARIOS = {s.id: s for s in builtin_scenarios(SPEC)}
text_view = SPEC.text_view  # the terminal screen, as the `riotact play` command draws it
MAX_LINES, MAX_WIDTH = 50, 80


def screens(game: Game, bots: dict[str, Bot], every: int) -> Iterator[tuple[str, dict[str, Any], str]]:
    """Play the game out, yielding (seat, view, screen) for every seat and the umpire at every
    ``every``-th decision and at the end."""
    decisions = 0
    while True:
        if decisions % every == 0 or game.is_over():
            for seat in (*game.seats, UMPIRE):
                view = game.view(seat)
                yield seat, view, text_view(view)
        if game.is_over():
            return
        seat = game.to_act()[0]
        bot = bots[seat]
        game.apply(seat, bot.choose(game.view(seat) if bot.needs_view else None, game.legal_actions(seat)))
        decisions += 1


@pytest.mark.parametrize("scenario_id", sorted(SCENARIOS))
@pytest.mark.parametrize("kind,seed", [("random", 1), ("random", 5), ("heuristic", 2)])
def test_screen_fits_shows_own_units_and_hides_unsighted_enemies(scenario_id: str, kind: str,
                                                                   seed: int) -> None:
    """BWA-11: the screen is built from the seat's view only, so a counter never shows its unit."""
    game = Game(SCENARIOS[scenario_id], seed=seed)
    game.state.plant_sentinels()  # hidden units get unique names: a leak cannot hide in ordinary words
    bots = {s: make_bot(kind, game, s) for s in game.seats}
    hidden_checks = 0
    for seat, view, screen in screens(game, bots, every=4):
        lines = screen.splitlines()
        assert len(lines) <= MAX_LINES, screen
        assert max(map(len, lines)) <= MAX_WIDTH, screen
        state = view["state"]
        side = state["side"]
        words = " ".join(screen.split())  # prose may wrap anywhere
        for unit in state["units"]:
            if unit.get("dummy"):
                assert f"?{unit['counter'][1:]} {unit['feature']}" in words
            elif seat == UMPIRE or unit["side"] == side:
                assert f" {unit['name']} {unit['feature']} " in words, (unit["name"], screen)
        for counter in state["counters"]:
            assert f"?{counter['counter'][1:]} {counter['feature']}" in words
        if seat == UMPIRE:
            continue
        seen = {u.get("id") for u in state["units"]}
        for unit in game.view(UMPIRE)["state"]["units"]:
            if not unit.get("dummy") and unit["side"] != side and unit["id"] not in seen:
                hidden_checks += 1
                assert unit["name"] not in screen, (seat, unit["name"])
        if view["result"]:
            assert "GAME OVER" in screen
        for action in view["legal_actions"]:  # listed as they are: plain ASCII, nothing markup could eat
            listed = action["id"] + action["text"]
            assert listed.isascii() and not set("[]\\") & set(listed), action
    assert hidden_checks > 0


def cell_below(screen: str, feature_text: str) -> str:
    """The pieces line under a map cell: the text under ``feature_text`` up to the next gap."""
    lines = screen.splitlines()
    row = next(i for i, line in enumerate(lines) if feature_text in line.split())
    column = lines[row].index(feature_text)
    below = lines[row + 1][column:] if len(lines[row + 1]) > column else ""
    return below.split("  ")[0].strip()


def test_map_puts_units_counters_media_and_objectives_in_their_features(bwa) -> None:
    """BWA-11: an enemy unit out of sight (o5) is a counter '?n'; sighted ones are letters."""
    g = bwa.game([bwa.nv("marchers", "m2", 3, qualities=["veteran", "untrained", "untrained"], name="Marchers"),
                  bwa.auth("riot", "e4", name="Riot police"),
                  bwa.auth("hidden-squad", "o5", name="Hidden squad", hidden=True)],
                 media=[{"id": "press", "feature": "m2"}], jail={"feature": "b"},
                 victory={"objectives": ["m2"]})
    screen = text_view(g.view("nonviolent"))
    counter = next(u["counter"] for u in g.view(UMPIRE)["state"]["units"] if u.get("id") == "hidden-squad")
    assert cell_below(screen, "-m2*") == "A @"              # own unit A, media, on an objective street
    assert cell_below(screen, "-e4") == "a"                 # the sighted police unit
    assert cell_below(screen, ".o5") == f"?{counter[1:]}"   # the unsighted one, as its counter
    assert "^bJ" in screen.split()                          # the building b holds the jail
    assert " A Marchers" in screen and "1 Veteran m2 + 2 Untrained m6; cmdr Veteran" in screen
    assert " a Riot police" in screen and "Hidden squad" not in screen
    assert f"Counters not yet sighted: ?{counter[1:]} o5." in screen
    authority = text_view(g.view("authority"))
    assert " A Riot police" in authority and f"hidden as {counter}" in authority
    assert "Initiative: nonviolent. Waiting for nonviolent." in authority


def test_a_wide_map_is_cut_to_fit_the_terminal() -> None:
    """Nine columns of long feature ids still fit in 80 columns; cut cells end with '>'."""
    features = [{"id": f"long-street-segment-{i}", "kind": "street", "x": 3 * i, "y": 0, "streets": ["Main"]}
                for i in range(9)]
    data = {"ruleset": "by-will-alone", "id": "wide", "title": "Wide", "seats": ["nonviolent", "authority"],
            "setup": {"features": features,
                      "links": [[a["id"], b["id"]] for a, b in pairwise(features)],
                      "units": [{"id": "n", "side": "nonviolent", "type": "actionists", "stands": 2,
                                 "feature": "long-street-segment-0"},
                                {"id": "a", "side": "authority", "type": "police", "stands": 2,
                                 "feature": "long-street-segment-8"}]}}
    screen = text_view(Game(parse_scenario(data, "wide"), seed=1).view("nonviolent"))
    map_line = next(line for line in screen.splitlines() if "-long" in line)
    assert len(map_line) <= MAX_WIDTH and map_line.count(">") == 9
    assert max(map(len, screen.splitlines())) <= MAX_WIDTH



def test_action_texts_are_plain_and_name_the_unit(bwa) -> None:
    """Orders read '<unit>: <what it does>', a feature with its streets or kind after its id."""
    g = bwa.game([bwa.nv("marchers", "m2", name="Marchers"), bwa.auth("riot", "x3", name="Riot police")])
    texts = [a.text for a in g.legal_actions("nonviolent")]
    assert "Marchers: move to x1 (Main / North)" in texts
    assert "Marchers: move to h (housing)" in texts
    assert "Marchers: confront Riot police at x3" in texts
    assert all(t.startswith("Marchers: ") for t in texts if t != "End the orders for this action step")


def riotact(*args: str, stdin: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": "250"}   # keep long lines whole in the captured output
    return subprocess.run([sys.executable, "-m", "riotact.cli", *args], input=stdin, capture_output=True,
                          text=True, timeout=120, env=env)


def test_play_at_the_terminal_saves_a_game_that_replays(tmp_path: Path) -> None:
    save = tmp_path / "sit-in.jsonl"
    out = riotact("play", "by-will-alone/ministry-sit-in", "--seed", "3", "--save", str(save),
                  stdin="1\n14\n31\ndone\nquit\n")  # numbers stay put in a step
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stdout + out.stderr
    assert "Map, north up" in out.stdout and "Your units:" in out.stdout
    assert "Students: move to" in out.stdout
    _, events = read_log(save)
    assert sum(e["kind"] == "decision" and e["seat"] == "nonviolent" for e in events) >= 4
    replayed = subprocess.run([sys.executable, "-m", "riotact.cli", "replay", str(save), "--seat", "nonviolent"],
                              capture_output=True, text=True, timeout=120)
    assert replayed.returncode == 0 and "Verified:" in replayed.stdout, replayed.stdout + replayed.stderr


def test_play_with_manual_dice_asks_for_the_faces_again_after_a_bad_one(tmp_path: Path) -> None:
    """BWA-18 activation (1D6) and BWA-52 barricade morale check (one D6 per stand), typed by hand."""
    save = tmp_path / "manual.jsonl"
    out = riotact("play", "by-will-alone/ministry-sit-in", "--seed", "3", "--dice", "manual", "--save", str(save),
                  stdin="students:barricade\ndone\n9\n4\n4 4 4 4 4 4\nquit\n")
    assert out.returncode == 0, out.stderr
    assert out.stdout.count("Roll 1D6 for activation for barricade") == 2   # asked again after the 9
    assert "'9' is not a face of a D6" in out.stdout  # said where the prompt is
    assert "Roll 6D6 for unit morale check (Building a Barricade)" in out.stdout
    assert "Students (students) builds a barricade at b00." in out.stdout
    assert ":b00*#" in out.stdout          # the new barricade on the map
    replayed = subprocess.run([sys.executable, "-m", "riotact.cli", "replay", str(save)],
                              capture_output=True, text=True, timeout=120)
    assert replayed.returncode == 0 and "Verified:" in replayed.stdout, replayed.stdout + replayed.stderr


def test_bwa50_bwa39_a_fixed_bonus_is_named_for_what_it_is_not_repeated(bwa) -> None:
    """BWA-50 (2D6 + 2) and BWA-39 (2D6 + 1): the log names the bonus, never "+2 add 2"."""
    g = bwa.game([bwa.nv("n", "x1", stands=2, quality="untrained"), bwa.auth("a", "m2", stands=4)], [],
                 options={"first_initiative": "authority"})
    bwa.orders(g, "authority", "a:confront:n")
    bwa.script(g, [6, 6, 6, 6] + [1, 1] + [6, 6, 6, 6] + [3] * 30)
    g.apply("nonviolent", "react:hold")
    told = "\n".join(e["text"] for e in g.log_for("nonviolent"))
    assert "stand a.3 rolls 2D6 for accidental attack check (BWA-50): 1+1 = 2, +2 on every accidental attack " \
           "check (BWA-50) = 4: holds fire." in told
    assert "+1 on every discipline roll (BWA-39) = 7 against 6 or more: pass." in told
    assert "add 2" not in told and "add 1" not in told
