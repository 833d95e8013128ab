"""The `riotact` command, run as a user runs it: exit codes, JSON, and no tracebacks."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

RB = "revolting-behaviour/first-game"


def riotact(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "riotact.cli", *args], input=stdin, capture_output=True,
                          text=True, timeout=120)


def test_rulesets_json_lists_all_five() -> None:
    out = riotact("rulesets", "--json")
    assert out.returncode == 0, out.stderr
    ids = {r["id"]: r["implemented"] for r in json.loads(out.stdout)}
    assert set(ids) == {"revolting-behaviour", "by-will-alone", "civil-disorder", "public-participation",
                        "breaking-of-nations"}
    assert ids["revolting-behaviour"] and not ids["public-participation"]


def test_scenarios_json_entries() -> None:
    out = riotact("scenarios", "revolting-behaviour", "--json")
    rows = json.loads(out.stdout)
    assert {"first-game", "four-players", "long-game"} <= {r["id"] for r in rows}
    assert all({"ruleset", "id", "title", "seats"} <= set(r) for r in rows)


def test_sim_logs_are_identical_whatever_the_job_count(tmp_path: Path) -> None:
    one = riotact("sim", RB, "--games", "12", "--seed", "5", "--jobs", "1", "--log-dir", str(tmp_path / "a"),
                  "--json")
    two = riotact("sim", RB, "--games", "12", "--seed", "5", "--jobs", "2", "--log-dir", str(tmp_path / "b"),
                  "--json")
    assert one.returncode == two.returncode == 0, one.stderr + two.stderr
    assert json.loads(one.stdout) == json.loads(two.stdout)
    summary = json.loads(one.stdout)
    assert sum(summary["wins"].values()) + summary["no_winner"] == 12
    names = sorted(p.name for p in (tmp_path / "a").iterdir())
    assert names == sorted(p.name for p in (tmp_path / "b").iterdir()) and len(names) == 12
    for name in names:
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()


def test_replay_verifies_and_narrates_as_a_seat(tmp_path: Path) -> None:
    riotact("sim", RB, "--games", "1", "--seed", "2", "--log-dir", str(tmp_path))
    log = tmp_path / "game-00000.jsonl"
    as_p1 = riotact("replay", str(log), "--seat", "p1")
    assert as_p1.returncode == 0 and "Verified:" in as_p1.stdout
    as_umpire = riotact("replay", str(log))
    # RB-07: the face-down Cause draws are shown to the umpire only.
    assert "for his Cause (face down)" in as_umpire.stdout
    assert "for his Cause (face down)" not in as_p1.stdout


def test_play_against_a_bot_saves_and_resumes(tmp_path: Path) -> None:
    save = tmp_path / "game.jsonl"
    out = riotact("play", RB, "--seed", "3", "--save", str(save), "--option", "first_turn_order=seats",
                  stdin="1\nquit\n")
    assert out.returncode == 0, out.stderr
    assert "Saved to" in out.stdout and save.exists()
    decisions = [json.loads(line) for line in save.read_text().splitlines()[1:]]
    assert any(e["kind"] == "decision" and e["seat"] == "p1" and e["action"] == "pass" for e in decisions)
    again = riotact("play", str(save), stdin="quit\n")
    assert again.returncode == 0, again.stderr


@pytest.mark.parametrize(("args", "words"), [
    (("play", "no-such-scenario"), "no such scenario"),
    (("play", RB, "--seat", "p7=human"), "SEAT=KIND"),
    (("play", RB, "--option", "nonsense=1"), "no house rule 'nonsense'"),
    (("sim", RB, "--games", "-1"), "--games"),
    (("sim", RB, "--seat", "p1=human"), "bots only"),
    (("replay", "/no/such/log.jsonl"), "cannot read"),
    (("scenarios", "chess"), "no ruleset 'chess'"),
])
def test_bad_input_gets_a_message_not_a_traceback(args: tuple[str, ...], words: str) -> None:
    out = riotact(*args)
    assert out.returncode == 2
    assert words in out.stderr + out.stdout
    assert "Traceback" not in out.stderr


def test_a_broken_save_file_is_a_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"kind": "game"}\n')
    out = riotact("play", str(bad))
    assert out.returncode == 2 and "header is incomplete" in out.stderr and "Traceback" not in out.stderr


def test_a_long_action_list_is_indexed_and_searchable() -> None:
    """A commander with 100+ orders gets an index of the list, and words typed find actions."""
    out = riotact("play", "civil-disorder/embassy-protest", "--seed", "3", stdin="order R1\nquit\n")
    assert out.returncode == 0, out.stderr
    assert "actions: 1 take no action this turn; 2-" in out.stdout.replace("\n", " ")
    found = out.stdout.split("your decision:")[1]
    assert "order R1 to hold position" in found and "order AR1" not in found
