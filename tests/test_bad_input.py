"""Bad input never gives a traceback (issue 7): each reproducer through the real command, stderr a pipe.

Every error is one line even when stderr is not a terminal (rich would wrap it at 80 columns,
click would print four), and exit code 2. Scenarios refuse NaN and Infinity, logs never hold
them, names have length limits, and a save killed half-way leaves no temporary file for ever.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from riotact.core import Game, HouseRule, OptionError, SaveFileError, ScenarioError, find_scenario, parse_scenario
from riotact.core.log import dumps, read_log
from support import rb_scenario

RB = "revolting-behaviour/first-game"
HEAD = 'ruleset = "revolting-behaviour"\nid = "x"\ntitle = "x"\n'


def riotact(*args: str, stdin: str = "", cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": "40"}  # a narrow terminal would make rich wrap a long message
    return subprocess.run([sys.executable, "-m", "riotact.cli", *args], input=stdin, capture_output=True,
                          text=True, timeout=120, env=env, cwd=cwd)


def one_line_error(out: subprocess.CompletedProcess[str], *words: str) -> str:
    """The run failed with exit code 2 and exactly one line on stderr, naming ``words``."""
    assert out.returncode == 2, (out.returncode, out.stderr)
    assert "Traceback" not in out.stderr + out.stdout
    lines = out.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), out.stderr
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


def saved_game(tmp_path: Path) -> list[str]:
    save = tmp_path / "game.jsonl"
    Game(find_scenario(RB), seed=1).save(save)
    return save.read_text(encoding="utf-8").splitlines()


# -- scenario files --------------------------------------------------------------------------------

@pytest.mark.parametrize(("body", "words"), [
    (HEAD + 'seats = ["p1", "p2"]\n[setup]\nx = ' + "[" * 1000 + "]" * 1000 + "\n", ("nested too deeply",)),
    (HEAD + 'seats = ["p1", "p2"]\n[setup]\ncause_cards = ' + "9" * 4301 + "\n", ("4,300 digits",)),
    (HEAD + 'seats = ["p1", "p2"]\n[house_rules]\nreward_mild = nan\n', ("house_rules.reward_mild", "finite")),
    (HEAD + 'seats = ["p1", "p2"]\n[setup]\ncause_cards = inf\n', ("setup.cause_cards", "finite")),
    (HEAD + 'seats = ["' + "a" * 10_000 + '", "p2"]\n', ("seats", "1 to 32 printable")),
    (HEAD + 'seats = ["p 1", "p2"]\n', ("seats", "without spaces")),
    (HEAD.replace('title = "x"', 'title = "' + "t" * 5000 + '"') + 'seats = ["p1", "p2"]\n', ("title",)),
], ids=["nested-1000", "int-4301-digits", "nan-house-rule", "inf-setup", "long-seat", "seat-space",
        "long-title"])
def test_a_bad_scenario_file_is_one_line(tmp_path: Path, body: str, words: tuple[str, ...]) -> None:
    scenario = tmp_path / "bad.toml"
    scenario.write_text(body, encoding="utf-8")
    for command in (("play", str(scenario)), ("sim", str(scenario), "--games", "1")):
        one_line_error(riotact(*command, stdin="quit\nyes\n"), "bad.toml", *words)


BUILT_IN = Path(__file__).resolve().parents[1] / "src/riotact/rulesets"


@pytest.mark.parametrize(("source", "change", "words"), [
    ("breaking_of_nations/scenarios/trench-raid.toml", ("[[0, 20], [15, 20], [15, 22], [0, 22]]",
                                                        "[[0, 20], [15, 22], [15, 20], [0, 22]]"),
     ("setup.features.", "outline", "crosses itself at (7.5, 21)")),
    ("public_participation/scenarios/dry-gulch.toml", None, ("outline", "no area")),
    ("by_will_alone/scenarios/ministry_sit_in.toml", ('quality = "veteran"', 'qualities = ["", "veteran", "veteran"'
                                                      ', "veteran"]'), ("quality is one of", "not ''")),
], ids=["bon-wire-crossing-itself", "pp-flat-outline", "bwa-empty-quality"])
def test_a_scenario_with_bad_ground_or_an_empty_quality_is_one_line(
        tmp_path: Path, source: str, change: tuple[str, str] | None, words: tuple[str, ...]) -> None:
    """Third review: shapely's GEOSException in play (BON wire lanes) and BWA's ValueError in
    ``level_of`` reached the user as tracebacks; the scenario is refused when it is read instead."""
    text = (BUILT_IN / source).read_text(encoding="utf-8")
    if change is None:  # the first outline flattened onto one line
        start = text.index("outline = [[")
        end = text.index("\n", start)
        text = text[:start] + "outline = [[0, 0], [1, 1], [2, 2]]" + text[end:]
    else:
        assert change[0] in text
        text = text.replace(change[0], change[1], 1)
    scenario = tmp_path / "bad.toml"
    scenario.write_text(text, encoding="utf-8")
    one_line_error(riotact("sim", str(scenario), "--games", "1"), "bad.toml", *words)


def test_nan_is_refused_in_scenario_data_and_options() -> None:
    """Scenario data (also a save's embedded scenario) and options refuse non-finite numbers."""
    with pytest.raises(ScenarioError, match=r"setup\.x\.0\.1: Input should be a finite number, not nan"):
        parse_scenario({"ruleset": "revolting-behaviour", "id": "x", "title": "x", "seats": ["p1"],
                        "setup": {"x": [[1.0, float("nan")]]}})
    deep: list = []
    for _ in range(100_000):  # deeper than Python's recursion: the check does not recurse
        deep = [deep]
    with pytest.raises(ScenarioError):
        parse_scenario({"ruleset": "revolting-behaviour", "id": "x", "title": "x", "seats": ["p1"],
                        "setup": {"x": deep}})
    with pytest.raises(OptionError, match="finite"):
        HouseRule("weight", 1.0, "T-1", "a number option").check("test", float("inf"))
    with pytest.raises(ValueError):
        dumps({"x": float("inf")})  # the last guard: a log line never holds one


def test_a_seat_named_like_rich_markup_shows_in_sims_table(tmp_path: Path) -> None:
    """A seat named "[/]" is a name, not markup that closes nothing."""
    scenario = tmp_path / "markup.toml"
    scenario.write_text(HEAD + 'seats = ["[/]", "[bold]p2"]\n', encoding="utf-8")
    out = riotact("sim", str(scenario), "--games", "2")
    assert out.returncode == 0, out.stderr
    assert "[/]" in out.stdout and "[bold]p2" in out.stdout and "Traceback" not in out.stderr


# -- saves -----------------------------------------------------------------------------------------

@pytest.mark.parametrize(("change", "words"), [
    (lambda lines: [lines[0].replace('"seed":1,', '"seed":1e999,'), *lines[1:]], ("line 1", "finite")),
    (lambda lines: [lines[0].replace('"seed":1,', '"seed":NaN,'), *lines[1:]], ("line 1", "NaN")),
    (lambda lines: [lines[0], "[" * 100_000 + "]" * 100_000], ("line 2", "nested too deeply")),
    (lambda lines: [lines[0], '{"seq":' + "9" * 4301 + "}"], ("line 2", "4,300 digits")),
], ids=["seed-1e999", "seed-nan", "nested-100000", "int-4301-digits"])
def test_a_bad_save_is_one_line(tmp_path: Path, change: object, words: tuple[str, ...]) -> None:
    lines = change(saved_game(tmp_path))  # type: ignore[operator]
    save = tmp_path / "bad.jsonl"
    save.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(SaveFileError):
        read_log(save)
    for command in (("play", str(save)), ("replay", str(save))):
        one_line_error(riotact(*command, stdin="quit\nyes\n"), "bad.jsonl", *words)


# -- command lines ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("args", "words"), [
    (("play",), ("Missing argument 'SCENARIO'", "riotact play --help")),
    (("play", RB, "--seat", "bogus"), ("--seat", "SEAT=KIND")),
    (("sim", RB, "--games", "0"), ("--games",)),
    (("play", RB, "--option", "reward_mild=nan"), ("reward_mild",)),
    (("play", RB, "--seed", "1e999"), ("--seed",)),
    (("nonsense",), ("No such command",)),
    (("play", "no-such-scenario-" + "x" * 200), ("no such scenario",)),
], ids=["missing-argument", "bad-seat", "bad-games", "nan-option", "float-seed", "bad-command", "long-id"])
def test_a_usage_error_is_one_line(args: tuple[str, ...], words: tuple[str, ...]) -> None:
    """Click's usage errors (four lines: usage, hint, blank, error) come out as one."""
    one_line_error(riotact(*args), *words)


# -- atomic saves: kill -9 ---------------------------------------------------------------------------

KILLED_WRITER = """
import os, sys, time
from riotact.core import Game, find_scenario
os.fsync = lambda fd: time.sleep(60)  # hold the save between writing and renaming
Game(find_scenario("revolting-behaviour/first-game"), seed=1).save(sys.argv[1])
"""


def test_a_save_killed_half_way_leaves_no_temporary_file_for_ever(tmp_path: Path) -> None:
    """kill -9 between writing and renaming leaves ".game.jsonl.tmp"; the next save takes it away."""
    save = tmp_path / "game.jsonl"
    riotact("play", RB, "--seed", "1", "--save", str(save), stdin="quit\nyes\n")
    before = save.read_bytes()
    writer = subprocess.Popen([sys.executable, "-c", KILLED_WRITER, str(save)])
    deadline = time.monotonic() + 60
    while not (tmp_path / ".game.jsonl.tmp").exists():
        assert writer.poll() is None and time.monotonic() < deadline
        time.sleep(0.05)
    writer.send_signal(signal.SIGKILL)
    writer.wait()
    assert (tmp_path / ".game.jsonl.tmp").exists() and save.read_bytes() == before  # the save is whole
    out = riotact("play", str(save), stdin="quit\nyes\n")
    assert out.returncode == 0, out.stderr
    assert [p.name for p in tmp_path.iterdir()] == ["game.jsonl"]
    assert json.loads(save.read_text(encoding="utf-8").splitlines()[0])["seed"] == 1


def test_a_save_keeps_its_mode_and_a_new_one_is_readable(tmp_path: Path) -> None:
    save = tmp_path / "game.jsonl"
    game = Game(find_scenario(RB), seed=1)
    game.save(save)
    assert save.stat().st_mode & 0o777 == 0o644
    save.chmod(0o600)
    game.save(save)
    assert save.stat().st_mode & 0o777 == 0o600 and [p.name for p in tmp_path.iterdir()] == ["game.jsonl"]


def test_long_names_are_refused_in_scenario_data() -> None:
    with pytest.raises(ScenarioError, match="seats"):
        parse_scenario({**_data(), "seats": ["x" * 33]})
    with pytest.raises(ScenarioError, match="id"):
        parse_scenario({**_data(), "id": "x" * 65})
    assert rb_scenario(2).seats == ("p1", "p2")


def _data() -> dict[str, object]:
    return {"ruleset": "revolting-behaviour", "id": "x", "title": "x", "seats": ["p1", "p2"]}
