"""Difficulty levels (``easy``, ``normal``, ``hard``): the same names for the bots in the core, the terminal and
the laboratory, each a name for a bot kind; anything else is refused in one line (the web lobby:
tests/web/test_bot_levels_web.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from riotact.core import Game, RandomBot, RiotactError, find_scenario, make_bot
from riotact.core.bots import LEVELS, bot_kind
from riotact.core.search import SearchBot
from riotact.lab.sweep import SweepError, grid_cells, seat_kinds
from test_cli import RB, riotact


def test_each_level_names_its_bot() -> None:
    game = Game(find_scenario(RB), seed=3)
    assert LEVELS == {"easy": "random", "normal": "heuristic", "hard": "search"}
    assert isinstance(make_bot("easy", game, "p1"), RandomBot)
    assert game.spec.heuristic_bot is not None
    assert isinstance(make_bot("normal", game, "p1"), game.spec.heuristic_bot)
    hard = make_bot("hard", game, "p1")
    assert isinstance(hard, SearchBot) and hard.seconds == 1.0
    assert [bot_kind(k) for k in ("random", "heuristic", "search")] == ["random", "heuristic", "search"]


def test_an_unknown_level_is_one_line_naming_the_levels() -> None:
    with pytest.raises(RiotactError, match=r"^unknown bot level 'expert': choose easy, normal or hard") as refused:
        make_bot("expert", Game(find_scenario(RB), seed=3), "p1")
    assert "\n" not in str(refused.value)


def test_the_terminal_takes_levels_and_records_kinds(tmp_path: Path) -> None:
    save = tmp_path / "game.jsonl"
    done = riotact("play", RB, "--seed", "2", "--seat", "p1=easy", "--seat", "p2=normal", "--save", str(save))
    assert done.returncode == 0, done.stderr
    header = json.loads(save.read_text().splitlines()[0])
    assert header["players"] == {"p1": "random", "p2": "heuristic"}  # a saved game names kinds, as before
    sim = riotact("sim", RB, "--games", "2", "--seat", "p1=easy", "--seat", "p2=normal", "--json")
    assert sim.returncode == 0, sim.stderr


@pytest.mark.parametrize("command", ["play", "sim"])
def test_the_terminal_refuses_an_unknown_level_in_one_line(command: str) -> None:
    done = riotact(command, RB, "--seat", "p1=expert")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "easy, normal, hard" in done.stderr


def test_the_laboratory_takes_levels_and_refuses_others_in_one_line() -> None:
    assert seat_kinds({"p1": "hard", "p2": "easy"}, ("p1", "p2")) == {"p1": "search", "p2": "random"}
    assert [c.seats for c in grid_cells(["p1=easy,normal"], seats=("p1", "p2"))] == [{"p1": "random"},
                                                                                      {"p1": "heuristic"}]
    for bad in (lambda: seat_kinds({"p1": "expert"}, ("p1", "p2")), lambda: grid_cells(["p1=human"], seats=("p1",))):
        with pytest.raises(SweepError, match="unknown bot level") as refused:
            bad()
        assert "\n" not in str(refused.value)
