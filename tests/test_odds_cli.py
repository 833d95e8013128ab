"""`riotact odds`: every declared procedure runs from the command line, with JSON, plots and
one-line errors."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from riotact.core.odds import procedures
from riotact.rulesets import all_rulesets
from test_cli import riotact


def test_odds_list_json_names_every_procedure_with_rules() -> None:
    out = riotact("odds", "--list", "--json")
    assert out.returncode == 0, out.stderr
    rows = json.loads(out.stdout)
    declared = {(s.id, p.name) for s in all_rulesets() for p in procedures(s)}
    assert {(r["ruleset"], r["procedure"]) for r in rows} == declared
    assert {"attempt", "confrontation", "fight", "arrest", "rl-roll", "over-reaction"} <= {n for _, n in declared}
    assert all(r["rules"] and r["parameters"] is not None for r in rows)
    fire = next(r for r in rows if r["procedure"] == "fire")
    assert next(p for p in fire["parameters"] if p["name"] == "shots")["bounds"] == [1, 60]


@pytest.mark.parametrize(("ruleset", "procedure", "args"), [
    ("RB", "attempt", ["severity=moderate", "cards=3"]),
    ("by-will-alone", "confrontation", ["first=2*veteran", "first_condition=sitting"]),
    ("CD", "arrest", ["squad=3"]),
    ("cd", "over-reaction", ["unit=soldiers", "under_gunfire=true"]),
])
def test_odds_json_probabilities_sum_to_one(ruleset: str, procedure: str, args: list[str]) -> None:
    out = riotact("odds", ruleset, procedure, *args, "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert sum(Fraction(o["exact"]) for o in data["outcomes"].values()) == 1
    assert data["rules"] and data["procedure"] == procedure


def test_odds_plot_writes_a_png(tmp_path: Path) -> None:
    out = riotact("odds", "CD", "fight", "opponents=2", "--plot", str(tmp_path / "fight.png"))
    assert out.returncode == 0, out.stderr
    assert (tmp_path / "fight.png").read_bytes()[:4] == b"\x89PNG"
    assert "SF wins: wounded" in out.stdout


@pytest.mark.parametrize("args", [
    ["XX", "fight"], ["CD", "brawl"], ["CD", "fight", "opponent=2"], ["CD", "fight", "opponents=two"],
    ["CD", "fight", "gas=mustard"], ["RB", "attempt", "suit"], ["CD", "fight", "--plot", "/no/such/dir/x.png"],
])
def test_odds_bad_input_is_one_line_and_exit_2(args: list[str]) -> None:
    out = riotact("odds", *args)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert out.stderr.strip() and out.stdout == ""


@pytest.mark.parametrize(("args", "words"), [
    (["BWA", "confrontation", "second=1000000*veteran"], ("at most 240 a side",)),
    (["BWA", "confrontation", "second_multiplier=1000"], ("second_multiplier takes a number from 1 to 12",)),
    (["CD", "arrest", "opponents=10000000000000000000000000000"], ("opponents takes a number from 1 to 8",)),
    (["CD", "rl-roll", "current=nan"], ("current takes a whole number",)),
    (["BON", "fire", "shots=1e400"], ("shots takes a whole number",)),
    (["PP", "fight", "group=7"], ("group takes a number from 1 to 6",)),
], ids=["stands", "multiplier", "opponents", "nan", "infinity", "group"])
def test_odds_arguments_are_bounded(args: list[str], words: tuple[str, ...]) -> None:
    """Third review: a million stands made icepool recurse without end, 10**28 rioters ran without bound."""
    out = riotact("odds", *args)
    assert out.returncode == 2 and "Traceback" not in out.stderr and out.stdout == ""
    assert len(out.stderr.splitlines()) == 1 and all(w in out.stderr for w in words), out.stderr


def test_every_number_an_odds_procedure_takes_is_bounded_and_its_bounds_are_answered() -> None:
    """Each int or float parameter of every procedure (but those chosen from a list) declares its bounds, and
    the procedure answers at
    each bound (alone, the others at their defaults) with a distribution that sums to one."""
    for spec in all_rulesets():
        for proc in procedures(spec):
            for param in proc.params:
                if isinstance(param.default, bool) or not isinstance(param.default, int | float) or param.choices:
                    continue  # a switch, a word, or a number from a list
                assert param.bounds is not None, f"{spec.code} {proc.name} {param.name} has no bounds"
                for value in param.bounds:
                    odds = proc.run([f"{param.name}={type(param.default)(value)}"])
                    assert sum(odds.outcomes.values()) == 1, (proc.name, param.name, value)
