"""The game protocol: refusals with reasons, save and replay, undo, clone, recorded dice."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from riotact.core import (
    UMPIRE,
    Game,
    GameOverError,
    IllegalActionError,
    ManualDice,
    ReplayMismatchError,
    SaveFileError,
    Scenario,
    ScriptedDice,
)
from riotact.core.bots import RandomBot, bot_rng, play_out
from support import rb_scenario


def finished(scenario: Scenario, seed: int = 4) -> Game:
    game = Game(scenario, seed=seed)
    return play_out(game, {s: RandomBot(s, bot_rng(seed, s)) for s in game.seats})


def test_refusals_say_why(rb_first_game: Scenario) -> None:
    game = Game(rb_first_game, seed=1, options={"first_turn_order": "seats"})
    with pytest.raises(IllegalActionError, match="it is p1's decision now, not p2's"):
        game.apply("p2", "pass")
    with pytest.raises(IllegalActionError, match="there is no seat 'p9'"):
        game.apply("p9", "pass")
    with pytest.raises(IllegalActionError, match="not a legal action"):
        game.apply("p1", "fly")
    game.apply("p1", "D-mild")
    with pytest.raises(IllegalActionError, match="draw or stop"):
        game.apply("p1", "D-mild")


def test_no_decision_after_the_end(rb_first_game: Scenario) -> None:
    game = finished(rb_first_game)
    assert game.to_act() == () and game.log.events[-1]["kind"] == "end"
    with pytest.raises(GameOverError):
        game.apply(game.seats[0], "pass")


def test_save_and_load_replay_the_same_game(tmp_path: Path, rb_first_game: Scenario) -> None:
    game = finished(rb_first_game)
    game.save(tmp_path / "g.jsonl")
    loaded = Game.load(tmp_path / "g.jsonl")
    assert list(loaded.log.lines()) == list(game.log.lines())
    header = json.loads((tmp_path / "g.jsonl").read_text().splitlines()[0])
    assert {"kind", "ruleset", "scenario", "seed", "seats", "options", "version"} <= set(header)


def test_a_tampered_log_does_not_replay(tmp_path: Path, rb_first_game: Scenario) -> None:
    game = finished(rb_first_game)
    path = tmp_path / "g.jsonl"
    game.save(path)
    lines = path.read_text().splitlines()
    draw = next(i for i, line in enumerate(lines) if '"kind":"draw"' in line and '"visible_to":"all"' in line)
    event = json.loads(lines[draw])
    event["card"] = "ZZ"
    lines[draw] = json.dumps(event)
    path.write_text("\n".join(lines))
    with pytest.raises(ReplayMismatchError, match=f"event {event['seq']} does not replay"):
        Game.load(path)


def test_an_impossible_decision_in_a_log_is_a_save_file_error(tmp_path: Path, rb_first_game: Scenario) -> None:
    game = finished(rb_first_game)
    path = tmp_path / "g.jsonl"
    game.save(path)
    lines = path.read_text().splitlines()
    first = next(i for i, line in enumerate(lines) if '"kind":"decision"' in line)
    lines[first] = lines[first].replace('"action":"', '"action":"nonsense-')
    path.write_text("\n".join(lines))
    with pytest.raises(SaveFileError, match="does not replay"):
        Game.load(path)


def test_undo_restores_log_and_view(rb_first_game: Scenario) -> None:
    game = Game(rb_first_game, seed=2, options={"first_turn_order": "seats"})
    before = (list(game.log.lines()), game.view("p1"))
    game.apply("p1", "H-mild")
    game.apply("p1", "draw")
    game.undo()
    game.undo()
    assert (list(game.log.lines()), game.view("p1")) == before
    with pytest.raises(IllegalActionError, match="no decision"):
        game.undo()


def test_clones_are_independent(rb_first_game: Scenario) -> None:
    game = Game(rb_first_game, seed=2, options={"first_turn_order": "seats"})
    twin = game.clone()
    game.apply("p1", "pass")
    assert twin.to_act() == ("p1",) and game.to_act() == ("p2",)


def test_manual_dice_are_recorded_and_replayed(tmp_path: Path) -> None:
    """A game with dice typed in by hand saves the faces, so it replays without asking again."""
    from riotact.core.game import ReplayDice, recorded_faces

    game = Game(rb_scenario(), seed=3, dice=ManualDice(lambda prompt: "4 2"))
    game.umpire.roll_total("RB-00", "test", 2, 6, purpose="a manual roll")  # rulesets roll like this
    assert recorded_faces(game.log.events) == [4, 2]
    assert game.log.header["dice"] == "recorded"
    replayed = ReplayDice(recorded_faces(game.log.events), None)
    assert replayed.faces(6, 2, "again") == [4, 2]


def test_views_are_json_and_the_umpire_sees_all(rb_first_game: Scenario) -> None:
    game = Game(rb_first_game, seed=2)
    for seat in (*game.seats, UMPIRE):
        assert json.loads(json.dumps(game.view(seat)))["seat"] == seat
    assert len(game.log_for(UMPIRE)) > len(game.log_for("p1"))


def test_scripted_dice_game_undo_reuses_the_recorded_faces(rb_first_game: Scenario) -> None:
    game = Game(rb_first_game, seed=2, dice=ScriptedDice([1, 2, 3]))
    assert game.log.header["dice"] == "recorded"
