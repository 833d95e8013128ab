"""The game log: visibility, numbering, atomic saving and clear errors for bad files."""

from __future__ import annotations

from pathlib import Path

import pytest

from riotact.core import UMPIRE, GameLog, SaveFileError, read_log


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
