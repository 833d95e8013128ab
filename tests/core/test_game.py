"""The game protocol: refusals with reasons, save and replay, undo, clone, recorded dice."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from riotact.core import (
    UMPIRE,
    DiceExhaustedError,
    Game,
    GameOverError,
    IllegalActionError,
    ManualDice,
    ReplayMismatchError,
    SaveFileError,
    Scenario,
    ScenarioError,
    ScriptedDice,
    SeededDice,
)
from riotact.core.bots import RandomBot, bot_rng, play_out


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
    game.undo(seat=UMPIRE)
    game.undo(seat=UMPIRE)
    assert (list(game.log.lines()), game.view("p1")) == before
    with pytest.raises(IllegalActionError, match="no decision"):
        game.undo(seat=UMPIRE)


def test_undo_several_decisions_at_once(rb_first_game: Scenario) -> None:
    """A person at the terminal takes back his decision and the bots' decisions after it, in one go."""
    game = Game(rb_first_game, seed=2, options={"first_turn_order": "seats"})
    before = list(game.log.lines())
    game.apply("p1", "pass")
    game.apply("p2", "D-mild")
    game.apply("p2", "draw")
    game.undo(3, seat=UMPIRE)
    assert list(game.log.lines()) == before and not game.decisions
    with pytest.raises(IllegalActionError, match="no decision"):
        game.undo(1, seat=UMPIRE)
    game.apply("p1", "pass")
    with pytest.raises(IllegalActionError, match="only 1 decision"):
        game.undo(2, seat=UMPIRE)


def test_clones_are_independent(rb_first_game: Scenario) -> None:
    game = Game(rb_first_game, seed=2, options={"first_turn_order": "seats"})
    twin = game.clone()
    game.apply("p1", "pass")
    assert twin.to_act() == ("p1",) and game.to_act() == ("p2",)


def test_views_are_json_and_the_umpire_sees_all(rb_first_game: Scenario) -> None:
    game = Game(rb_first_game, seed=2)
    for seat in (*game.seats, UMPIRE):
        assert json.loads(json.dumps(game.view(seat)))["seat"] == seat
    assert len(game.log_for(UMPIRE)) > len(game.log_for("p1"))


# -- dice that cannot be re-created from the seed: typed by hand, scripted, a source of one's own ----

def typed(*answers: str, asked: list[str] | None = None) -> ManualDice:
    """Manual dice answering from a list; closing the input (EOF) when it runs out."""
    queue = list(answers)

    def ask(prompt: str) -> str:
        if asked is not None:
            asked.append(prompt)
        if not queue:
            raise EOFError
        return queue.pop(0)

    return ManualDice(ask, tell=lambda problem: None)


def test_manual_dice_are_saved_and_replay_without_asking(tmp_path: Path, dice_race: Scenario) -> None:
    game = Game(dice_race, seed=3, dice=typed("4", "2"))
    game.apply("p1", "roll")
    game.apply("p2", "roll")
    assert game.log.header["dice"] == "recorded"
    game.save(tmp_path / "g.jsonl")
    loaded = Game.load(tmp_path / "g.jsonl")  # no dice connected: the saved faces are enough
    assert list(loaded.log.lines()) == list(game.log.lines())
    with pytest.raises(DiceExhaustedError, match="recorded faces are used up"):
        loaded.apply("p1", "roll")
    resumed = Game.load(tmp_path / "g.jsonl", live_dice=typed("6"))
    resumed.apply("p1", "roll")
    assert resumed.view("p1")["state"]["scores"] == {"p1": 10, "p2": 2} and resumed.result is not None


def test_undo_with_manual_dice_keeps_earlier_faces_and_asks_again(dice_race: Scenario) -> None:
    asked: list[str] = []
    game = Game(dice_race, seed=3, dice=typed("3", "5", "6", asked=asked))
    game.apply("p1", "roll")
    game.apply("p2", "roll")
    game.undo(seat=UMPIRE)  # p1's 3 replays from the log: nobody is asked
    assert len(asked) == 2 and game.view("p1")["state"]["scores"] == {"p1": 3, "p2": 0}
    game.apply("p2", "roll")  # p2 rolls again, for real
    assert len(asked) == 3 and game.view("p1")["state"]["scores"] == {"p1": 3, "p2": 6}


def test_undo_with_a_dice_source_of_ones_own_replays_its_faces(dice_race: Scenario) -> None:
    """A source that is not the game's seeded one (here another generator) is replayed from the log."""
    game = Game(dice_race, seed=0, dice=SeededDice(random.Random(99)))
    game.apply("p1", "roll")
    before = list(game.log.lines())
    game.apply("p2", "roll")
    game.undo(seat=UMPIRE)
    assert list(game.log.lines()) == before


def test_a_decision_that_fails_half_way_is_not_made(dice_race: Scenario) -> None:
    """Dice that run out (or a closed manual-dice prompt) leave the game as it was before the decision."""
    dice = ScriptedDice([4])
    game = Game(dice_race, seed=1, dice=dice)
    game.apply("p1", "roll")
    before = (list(game.log.lines()), game.view(UMPIRE), list(game.decisions))
    with pytest.raises(DiceExhaustedError):
        game.apply("p2", "roll")
    assert (list(game.log.lines()), game.view(UMPIRE), list(game.decisions)) == before
    dice.extend([2])
    game.apply("p2", "roll")
    assert game.view("p2")["state"]["scores"] == {"p1": 4, "p2": 2}
    closed = Game(dice_race, seed=1, dice=typed("5"))
    closed.apply("p1", "roll")
    with pytest.raises(EOFError):
        closed.apply("p2", "roll")
    assert closed.decisions == [("p1", "roll")] and closed.to_act() == ("p2",)


def _break_header(key: str, value: Any) -> Callable[[list[dict[str, Any]]], None]:
    return lambda records: records[0].__setitem__(key, value)


def _break_first_roll(key: str, value: Any) -> Callable[[list[dict[str, Any]]], None]:
    def change(records: list[dict[str, Any]]) -> None:
        roll = next(r for r in records if r.get("kind") == "roll")
        if value is None:
            del roll[key]
        else:
            roll[key] = value
    return change


@pytest.mark.parametrize(("damage", "words"), [
    (_break_header("cards", 5), "header is incomplete"),
    (_break_header("options", "ab"), "header is incomplete"),
    (_break_header("version", 99), "version 99"),
    (_break_first_roll("dice", ["x"]), "no proper dice faces"),
    (_break_first_roll("dice", None), "no proper dice faces"),
], ids=["cards", "options", "version", "face", "no-faces"])
def test_a_damaged_save_is_a_save_file_error(tmp_path: Path, dice_race: Scenario,
                                             damage: Callable[[list[dict[str, Any]]], None],
                                             words: str) -> None:
    """Whatever is wrong in a save file, loading it says so (never a Python error)."""
    game = Game(dice_race, seed=3, dice=typed("4", "2"))
    game.apply("p1", "roll")
    game.apply("p2", "roll")
    path = tmp_path / "g.jsonl"
    game.save(path)
    records = [json.loads(line) for line in path.read_text().splitlines()]
    damage(records)
    path.write_text("\n".join(json.dumps(r) for r in records))
    with pytest.raises(SaveFileError, match=words):
        Game.load(path)


def test_a_save_that_cannot_be_written_is_a_save_file_error(tmp_path: Path, rb_first_game: Scenario) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    with pytest.raises(SaveFileError, match="cannot save"):
        Game(rb_first_game).save(blocker / "g.jsonl")


@pytest.mark.parametrize("error", [IllegalActionError("p1", "fly", "no wings"), GameOverError("p1", "pass"),
                                   ScenarioError("x.toml", "seats", "too many"), SaveFileError("x: bad")],
                         ids=lambda e: type(e).__name__)
def test_errors_cross_process_boundaries(error: Exception) -> None:
    """A worker's error (sim --jobs) reaches the parent whole, so the command can still explain it."""
    import pickle

    again = pickle.loads(pickle.dumps(error))
    assert type(again) is type(error) and str(again) == str(error) and vars(again) == vars(error)


def test_unknown_bot_kinds_are_refused_not_replaced(rb_first_game: Scenario) -> None:
    from riotact.core import RiotactError, make_bot

    game = Game(rb_first_game, seed=1)
    with pytest.raises(RiotactError, match="unknown bot level 'genius'"):
        make_bot("genius", game, "p1")
    assert type(make_bot("heuristic", game, "p1")).__name__ == "HeuristicBot"
