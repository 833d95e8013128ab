"""A scenario names a ready-made list (BON-115, ``[[setup.armies]]``) instead of writing its units out:
the list's platoon and MG team are deployed for the seat and play like any other units."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from breaking_of_nations.bon_support import BASE, centre, do, model
from riotact.core import Game, ScenarioError, ScriptedDice, parse_scenario
from riotact.rulesets.breaking_of_nations.armies import army_report, ready_made


def data(**changes: Any) -> dict[str, Any]:
    out = copy.deepcopy(BASE)
    out["setup"].update(units=[], armies=[
        {"seat": "red", "army": "britain-1914", "at": [4, 4], "step": [8, 0]},
        {"seat": "blue", "army": "germany-1914", "at": [4, 44], "facing": 180, "level": "veteran", **changes}])
    return out


def test_bon115_a_scenario_deploys_ready_made_lists_that_then_play() -> None:
    """BON-115: Britain 1914 (an NCO, four 12-man sections, an MG team) and Germany 1914 (four sections
    of 8) stand from their ``at`` on, 8" apart, ids ``<seat>-<id>``; a section moves 5" like any squad."""
    scenario = parse_scenario(data(), "armies.toml")
    g = Game(scenario, seed=1, dice=ScriptedDice([1, 2]))
    units = scenario.setup.units
    assert [u.id for u in units if u.seat == "red"] == ["red-nco", "red-s1", "red-s2", "red-s3", "red-s4", "red-mg"]
    assert [u.soldiers for u in units if u.seat == "blue" and u.kind == "squad"] == [8, 8, 8, 8]
    assert {u.level for u in units if u.seat == "blue" and u.kind == "squad"} == {"veteran"}
    assert [u.at for u in units if u.seat == "red"][:3] == [(4, 4), (12, 4), (20, 4)]
    assert [u.name for u in units if u.seat == "red"] == [u.name for u in ready_made("britain-1914").units]
    do(g, "activate:red-s1")
    start = model(g, "red-s1.1").pos
    cx, cy = centre(g, "red-s1")
    do(g, f"move:red-s1:{cx},{cy + 5}")
    assert model(g, "red-s1.1").pos == (start[0], start[1] + 5)


def test_bon115_the_builder_counts_the_named_lists_and_a_bad_name_is_one_line() -> None:
    """The lobby's check totals the named lists with the edited one; an unknown list or seat is one line."""
    report = army_report(data())
    assert report["ok"] and set(report["totals"]) == {"red", "blue"} and len(report["units"]) == 12
    with pytest.raises(ScenarioError, match=r"^armies\.toml: setup: armies\[1\]\.army: no ready-made list "
                                            r"'narnia-1916'; known: france-1914, "):
        parse_scenario(data(army="narnia-1916"), "armies.toml")
    with pytest.raises(ScenarioError, match=r"armies\[1\]\.seat: seat 'green' is not one of the scenario's seats"):
        parse_scenario(data(seat="green"), "armies.toml")
    assert army_report(data(army="narnia-1916"))["problems"] == [
        "setup: armies[1].army: no ready-made list 'narnia-1916'; known: france-1914, france-1916, britain-1914, "
        "britain-1916, britain-1918, germany-1914, germany-1916, germany-1918, austria-1914, us-1918"]
