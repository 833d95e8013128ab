"""The game log: visibility, numbering, atomic saving and clear errors for bad files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from riotact.core import ALL, UMPIRE, GameLog, SaveFileError, read_log


def test_visibility_and_seq() -> None:
    log = GameLog({"kind": "game"})
    log.append("effect", 1, "all", "public")
    log.append("effect", 1, ["p1"], "for p1")
    log.append("effect", 1, [], "umpire only")
    assert [e["seq"] for e in log.events] == [0, 1, 2]
    assert [e["text"] for e in log.for_seat("p1")] == ["public", "for p1"]
    assert [e["text"] for e in log.for_seat("p2")] == ["public"]
    assert len(log.for_seat(UMPIRE)) == 3


def test_write_is_atomic_and_reads_back(tmp_path: Path) -> None:
    log = GameLog({"kind": "game", "seed": 1})
    log.append("effect", 0, "all", "é")
    target = tmp_path / "deep" / "g.jsonl"
    log.write(target)
    assert read_log(target) == ({"kind": "game", "seed": 1}, log.events)
    assert [p.name for p in target.parent.iterdir()] == ["g.jsonl"]  # no temporary left
    assert target.stat().st_mode & 0o777 == 0o644  # readable like any file written, not 0o600
    target.chmod(0o640)
    log.write(target)
    assert target.stat().st_mode & 0o777 == 0o640  # saving again keeps the file's permissions


@pytest.mark.parametrize(("content", "message"), [
    ("", "line 1 must be the 'game' header"),
    ('{"kind": "game"}\n{oops\n', "line 2: not JSON"),
    ('{"kind": "game"}\n[1]\n', "line 2: not a JSON object"),
    ('{"kind": "game"}\n{"seq": 3}\n', "seq should be 0"),
])
def test_bad_log_files_get_clear_errors(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(content)
    with pytest.raises(SaveFileError, match=message):
        read_log(path)


def test_missing_log_file(tmp_path: Path) -> None:
    with pytest.raises(SaveFileError, match="cannot read"):
        read_log(tmp_path / "none.jsonl")


# -- docs/log-format.md, checked against the events every built-in scenario really writes ---------

FIELDS = {  # per kind, the fields docs/log-format.md promises
    "decision": {"seat", "action"},
    "roll": {"rule", "who", "sides", "dice", "modifiers", "target", "result"},
    "shuffle": {"rule", "deck", "size"},
    "draw": {"rule", "deck", "card", "who"},
    "effect": {"rule"},
    "message": {"sender", "to"},
    "end": {"result"},
}


def _all_scenarios() -> list[Any]:
    from riotact.core import builtin_scenarios
    from riotact.rulesets import all_rulesets

    return [sc for spec in all_rulesets() if spec.implemented for sc in builtin_scenarios(spec)]


@pytest.mark.parametrize("scenario", _all_scenarios(), ids=lambda sc: sc.ref)
def test_events_written_match_the_log_format_doc(scenario: Any) -> None:
    from riotact.core.conformance import random_game

    game = random_game(scenario, 21)
    header = json.loads(next(game.log.lines()))
    assert {"kind", "ruleset", "scenario", "seed", "seats", "options", "version", "dice",
            "scenario_data"} <= set(header) and header["dice"] == "seeded"
    for seq, event in enumerate(game.log.events):
        assert event["seq"] == seq and isinstance(event["turn"], int) and event["text"]
        assert event["kind"] in FIELDS and FIELDS[event["kind"]] <= set(event), event
        to = event["visible_to"]
        assert to == ALL or (isinstance(to, list) and set(to) <= set(game.seats)), event
        if event["kind"] == "roll":
            assert all(1 <= face <= event["sides"] for face in event["dice"])
            assert all(set(m) == {"value", "reason", "rule"} for m in event["modifiers"])
            assert ("total" in event) != ("successes" in event), event
            if "total" in event:  # a direction die's total is its face
                assert event["total"] == sum(event["dice"]) + sum(m["value"] for m in event["modifiers"])
        if event["kind"] == "end":
            assert {"winners", "scores", "reason", "details"} == set(event["result"])
    assert json.loads(json.dumps(game.log.events)) == game.log.events  # JSON-native: no tuples



def test_a_seats_log_is_numbered_afresh_so_gaps_hide_nothing() -> None:
    """A dummy and a real hidden unit must look alike: the hidden events leave no gap in seq."""
    log = GameLog({"kind": "game"})
    log.append("effect", 1, "all", "a counter moves")
    log.append("effect", 1, ["authority"], "the counter is the Riot Police (hidden)")
    log.append("effect", 1, "all", "the counter stops")
    assert [e["seq"] for e in log.for_seat("nonviolent")] == [0, 1]
    assert [e["seq"] for e in log.for_seat(UMPIRE)] == [0, 1, 2]
    assert log.events[2]["seq"] == 2  # the full log keeps its numbers
