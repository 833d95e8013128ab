"""The Breaking of Nations with a person in the umpire's chair (the game's players name a human umpire):
move a unit to a point of the table, or take it off, as logged umpire decisions that replay; a hidden
unit's move is told to its own seat only, and the other seat receives nothing new."""

from __future__ import annotations

from pathlib import Path

import pytest

from breaking_of_nations.bon_support import centre, seen_unit
from riotact.core import Game, IllegalActionError, find_scenario


def game() -> Game:  # british A, B and germans g, m hidden; germans h in sight of both
    return Game(find_scenario("breaking-of-nations/trench-raid"), seed=1, players={"umpire": "human"})


def seen(g: Game, seat: str) -> tuple[object, object]:
    return g.view(seat), g.log_for(seat)


def test_move_a_unit_keeps_its_formation_and_is_seen_by_both() -> None:
    g = game()
    before = [(m["x"], m["y"]) for m in seen_unit(g, "h")["models"]]
    cx, cy = centre(g, "h")
    events = g.intervene("move", unit="h", to="20,20", reason="they lost their way")
    assert events[0]["visible_to"] == [] and "lost their way" in events[0]["text"]
    assert centre(g, "h") == pytest.approx((20, 20))
    after = [(m["x"], m["y"]) for m in seen_unit(g, "h")["models"]]
    assert [(a[0] - b[0], a[1] - b[1]) for a, b in zip(after, before, strict=True)] == \
        [pytest.approx((20 - cx, 20 - cy))] * len(after)
    assert g.log_for("germans")[-1]["text"] == g.log_for("british")[-1]["text"] == \
        "The umpire moves 3. Gruppe, IR 170 to (20, 20)."


def test_a_hidden_unit_moved_tells_the_other_seat_nothing() -> None:
    plain, moved = game(), game()
    moved.intervene("move", unit="g", to="18,28", reason="reposition")
    assert seen(moved, "british") == seen(plain, "british")
    assert moved.log_for("germans")[-1]["text"].startswith("The umpire moves ")


def test_remove_a_unit_and_replay(tmp_path: Path) -> None:
    g = game()
    g.intervene("remove", unit="h", reason="sent to another sector")
    assert not seen_unit(g, "h")["models"]
    assert g.log_for("british")[-1]["text"].startswith("The umpire takes ")
    with pytest.raises(IllegalActionError, match="not a unit on the table"):
        g.intervene("move", unit="h", to="10,10", reason="back")
    with pytest.raises(IllegalActionError, match="would not fit on the table"):
        g.intervene("move", unit="A", to="40,10", reason="off the edge")
    with pytest.raises(IllegalActionError, match="not a point x,y"):
        g.intervene("move", unit="A", to="north", reason="vague")
    g.intervene("move", unit="B", to="24,12", reason="forward")
    g.save(tmp_path / "g.jsonl")
    back = Game.load(tmp_path / "g.jsonl")
    assert back.log.events == g.log.events
    for seat in ("umpire", "british", "germans"):
        assert seen(back, seat) == seen(g, seat)
