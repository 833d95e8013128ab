"""Trust in saves and seeds: who plays which seat is saved, the seed is a secret while the game
runs, and a save header must agree with its embedded scenario."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from riotact.core import UMPIRE, Game, SaveFileError, Scenario, find_scenario
from riotact.core.bots import RandomBot, bot_rng, play_out
from riotact.core.log import dumps
from support import forged_bwa_log

HIDDEN = ["revolting-behaviour/first-game", "by-will-alone/ministry-sit-in", "civil-disorder/embassy-protest"]


# -- the seats: who plays which, saved and restored ---------------------------------------------

def test_players_are_saved_restored_and_survive_undo(tmp_path: Path, rb_first_game: Scenario) -> None:
    game = Game(rb_first_game, seed=2, options={"first_turn_order": "seats"},
                players={"p2": "human", "p1": "heuristic"})
    game.apply("p1", "D-mild")
    game.undo(seat=UMPIRE)
    assert game.players == {"p1": "heuristic", "p2": "human"}
    game.save(tmp_path / "g.jsonl")
    assert Game.load(tmp_path / "g.jsonl").players == {"p1": "heuristic", "p2": "human"}


# -- the seed: fresh, and a secret until the end ------------------------------------------------

def test_a_game_without_a_seed_takes_fresh_entropy(rb_first_game: Scenario) -> None:
    seeds = {Game(rb_first_game).seed for _ in range(3)}
    assert len(seeds) == 3 and max(seeds).bit_length() > 64  # 128 bits: no search can find it


@pytest.mark.parametrize("ref", HIDDEN)
def test_no_seat_gets_the_seed_while_the_game_runs(ref: str) -> None:
    """The seed fixes hidden set-up (dummies, looters, face-down cards) and every future roll: no
    player's view, log or header carries it before the end; the umpire's header does."""
    game = Game(find_scenario(ref))
    secret = str(game.seed)
    bots = {s: RandomBot(s, bot_rng(1, s)) for s in game.seats}
    for _ in range(40):
        if game.is_over():
            break
        for seat in game.seats:
            seen = dumps([game.view(seat), game.log_for(seat), game.header_for(seat)])
            assert secret not in seen, f"{seat} can read the seed"
        seat = game.to_act()[0]
        game.apply(seat, bots[seat].choose(None, game.legal_actions(seat)))
    assert game.header_for(UMPIRE)["seed"] == game.seed


def test_the_seed_is_told_at_the_end(rb_first_game: Scenario) -> None:
    game = Game(rb_first_game, seed=11, cards={"p1/action": [["5C"]]})
    assert game.header_for("p1")["seed"] is None and "cards" not in game.header_for("p1")
    play_out(game, {s: RandomBot(s, bot_rng(11, s)) for s in game.seats})
    assert game.header_for("p1")["seed"] == 11 and game.header_for("p1")["cards"] == {"p1/action": [["5C"]]}


# -- save headers checked against the embedded scenario -----------------------------------------

def _saved(tmp_path: Path) -> Path:
    game = Game(find_scenario("revolting-behaviour/first-game"), seed=3, players={"p1": "human", "p2": "random"})
    for _ in range(20):
        seat = game.to_act()[0]
        game.apply(seat, game.legal_actions(seat)[0].id)
    game.save(tmp_path / "g.jsonl")
    return tmp_path / "g.jsonl"


def _edit(path: Path, change: Callable[[dict[str, Any]], None]) -> None:
    records = [json.loads(line) for line in path.read_text().splitlines()]
    change(records[0])
    path.write_text("\n".join(json.dumps(r) for r in records))


@pytest.mark.parametrize(("key", "value", "words"), [
    ("ruleset", "by-will-alone", "header's ruleset is 'by-will-alone' but its embedded scenario says"),
    ("scenario", "revolting-behaviour/long-game", "header's scenario"),
    ("seats", ["p2", "p1"], "header's seats"),
    ("seed", "3", "seed must be a whole number, not '3'"),
    ("seed", 3.0, "seed must be a whole number"),
    ("seed", True, "seed must be a whole number"),
    ("seed", 1e300, "seed must be a whole number, not 1e+300"),
    ("dice", "loaded", "dice must be 'seeded' or 'recorded'"),
    ("hidden_dice", "typed", "hidden_dice can only be 'seeded'"),
    ("players", {"p7": "human"}, "players do not fit the seats"),
    ("players", {"p1": "[/]"}, "players do not fit the seats"),
], ids=["ruleset", "scenario", "seats", "seed-text", "seed-float", "seed-bool", "seed-1e300", "dice", "hidden-dice",
        "player-seat", "player-kind"])
def test_a_header_that_contradicts_its_scenario_is_refused(tmp_path: Path, key: str, value: Any, words: str) -> None:
    path = _saved(tmp_path)
    _edit(path, lambda header: header.__setitem__(key, value))
    with pytest.raises(SaveFileError, match=re.escape(words)):
        Game.load(path)


def test_a_relabelled_log_with_a_die_changed_does_not_verify_from_seed(tmp_path: Path) -> None:
    honest, forged = forged_bwa_log(tmp_path)
    assert Game.load(honest).chance_from_seed
    loaded = Game.load(forged)  # it replays, as a game with dice typed by hand would ...
    assert not loaded.chance_from_seed  # ... but nothing in it is vouched for by the seed
    _edit(forged, lambda header: header.__setitem__("dice", "seeded"))  # claiming the seed fails
    with pytest.raises(SaveFileError, match="does not replay"):
        Game.load(forged)
