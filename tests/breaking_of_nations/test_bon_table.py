"""The terminal screen, the bots and the command line on every scenario (sim, replay, play)."""

from __future__ import annotations

from pathlib import Path

import pytest

from breaking_of_nations.bon_support import game, seen_unit, unit
from riotact.core import Game, builtin_scenarios, make_bot
from riotact.core.bots import play_out
from riotact.rulesets import get_ruleset
from support import check_sim_and_replay, riotact

SCENARIOS = builtin_scenarios(get_ruleset("breaking-of-nations"))
text_view = get_ruleset("breaking-of-nations").text_view  # the text table, as the CLI gets it
REFS = [s.ref for s in SCENARIOS]



def test_the_screen_draws_the_table_and_the_units_from_the_view_only() -> None:
    g = game([unit("A", "red", (10, 10)), unit("y", "blue", (30, 40), hidden=True), unit("z", "blue", (40, 44))],
             dice=[1, 2], options={"hidden_deployment": True})
    screen = text_view(g.view("red"))
    assert "A A (red, regular, open): 1 model," in screen and "z z (blue" in screen and "y y" not in screen
    assert "y y (blue" in text_view(g.view("blue"))


@pytest.mark.parametrize("ref", REFS)
def test_heuristic_bots_play_every_scenario_to_the_end(ref: str) -> None:
    g = Game(SCENARIOS[REFS.index(ref)], seed=5)
    play_out(g, {s: make_bot("heuristic", g, s) for s in g.seats})
    assert g.result is not None and set(g.result.scores) == set(g.seats)


@pytest.mark.parametrize("ref", REFS)
def test_sim_logs_are_identical_whatever_the_jobs_and_replay_narrates_them(ref: str, tmp_path: Path) -> None:
    check_sim_and_replay(ref, SCENARIOS[REFS.index(ref)].seats[0], tmp_path, games=2)



def test_a_person_moves_a_unit_to_any_point_and_a_bad_move_is_refused_in_one_line(tmp_path: Path) -> None:
    save = tmp_path / "game.jsonl"
    out = riotact("play", "breaking-of-nations/trench-raid", "--seat", "british=human", "--seed", "3",
                  "--save", str(save), stdin="activate:A\nmove:A:14,30\nmove:A:15,9\nquit\nyes\n")
    assert "can move only" in out.stdout and "Traceback" not in out.stdout + out.stderr
    assert "No. 1 Section, London Scottish moves" in out.stdout
    assert seen_unit(Game.load(save), "A")["activated"]
