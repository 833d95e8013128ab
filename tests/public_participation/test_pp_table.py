"""The terminal screen, the bots and the command line on every scenario (sim, replay, play)."""

from __future__ import annotations

from pathlib import Path

import pytest

from public_participation.pp_support import ch, game, pos, rolls, to_phase, wall
from riotact.core import Game, builtin_scenarios, make_bot
from riotact.core.bots import play_out
from riotact.rulesets import get_ruleset
from support import check_sim_and_replay, riotact

SPEC = get_ruleset("public-participation")
SCENARIOS = builtin_scenarios(SPEC)
REFS = [s.ref for s in SCENARIOS]



def test_the_screen_draws_the_plan_with_terrain_figures_and_range_rings_from_the_view_only():
    g = game([ch("R1", "red", (5, 5), weapons=["pistol"]), ch("B1", "blue", (20, 20)),
              ch("B2", "blue", (25, 5))],
             features=[wall("house", [(10, 10), (15, 10), (15, 15), (10, 15)], building=True),
                       wall("hedge", [(2, 20), (8, 20), (8, 21), (2, 21)], cover=True, obstacle="most")])
    screen = SPEC.text_view(g.view("red"))
    assert screen.count("#") >= 10 and "=" in screen and "." in screen and "-" in screen
    assert " A R1 R1 (5.0, 5.0) walk 5\" run 10\", fight +0, pistol" in screen
    assert " a B2 B2 (25.0, 5.0)" in screen and "B1" not in screen  # B1 stands behind the house


def margin(scenario, seat: str, kind: str, seeds: range) -> float:
    """The seat's mean score margin over its best opponent, as a ``kind`` bot against random bots."""
    total = 0.0
    for seed in seeds:
        g = Game(scenario, seed=seed)
        play_out(g, {s: make_bot(kind if s == seat else "random", g, s) for s in g.seats})
        assert g.result is not None
        scores = g.result.scores
        total += scores[seat] - max(v for s, v in scores.items() if s != seat)
    return total / len(seeds)


@pytest.mark.slow
def test_heuristic_bots_finish_every_scenario_and_beat_random_bots_in_every_seat():
    """Each player seat's margin against random opponents, heuristic against random, over 12 seeds:
    the heuristic does better in every seat (docs/rules/PP.md gives the figures over 100 games,
    from scripts/pp_bot_margins.py)."""
    worse = [(sc.ref, seat) for sc in SCENARIOS for seat in sc.seats if seat != "umpire"
             and margin(sc, seat, "heuristic", range(12)) <= margin(sc, seat, "random", range(12))]
    assert not worse


@pytest.mark.parametrize("ref", REFS)
def test_sim_logs_are_identical_whatever_the_jobs_and_replay_narrates_them(ref: str, tmp_path: Path):
    check_sim_and_replay(ref, SCENARIOS[REFS.index(ref)].seats[0], tmp_path, games=3)



def test_a_person_types_a_move_to_any_point_and_a_bad_one_is_refused_in_one_line(tmp_path: Path):
    save = tmp_path / "game.jsonl"
    out = riotact("play", "public-participation/town-meeting", "--seat", "council=human", "--seed", "3",
                  "--save", str(save), stdin="move:M2:40.0,13.0\nmove:M1:10.0,13.0\nquit\n")
    assert "Mayor Hobbs walks 1.0\" to (10.0,13.0)" in out.stdout
    assert "off the table" in out.stdout and "Traceback" not in out.stdout + out.stderr
    assert pos(Game.load(save), "M1") == (10.0, 13.0)


def test_the_umpire_rules_on_surprise_when_a_person_takes_the_chair():
    g = game([ch("A", "red", (8, 3)), ch("B", "blue", (12, 7.5))], seats=["red", "blue", "umpire"],
             features=[wall("wall", [(10, 0), (10.5, 0), (10.5, 6), (10, 6)], building=True)], dice=[3, 5, 3, 3])
    g.apply("red", "move:A:11.2,8.4")
    assert g.to_act() == ("umpire",)
    assert [a.id for a in g.legal_actions("umpire")] == ["surprise:A:2", "surprise:A:0", "surprise:A:1"]
    g.apply("umpire", "surprise:A:1")
    to_phase(g, "moving", move=2)
    assert {"reason": "half surprise", "value": 1, "rule": "PP-22"} in rolls(g, "PP-21")[0]["modifiers"]


@pytest.mark.parametrize(("change", "message"), [
    ({"weapons": ["raygun"]}, "character R1 has an unknown weapon 'raygun'"),
    ({"seat": "green"}, "seat 'green' is not one of the scenario's seats"),
    ({"at": [50, 5]}, "character R1 stands off the table"),
    ({"load": "really_heavy", "carries_with": "B1"}, "carries with 'B1', who does not carry with him (PP-04)"),
    ({"fears": {"heights": 7}}, "a particular fear (heights) is 1 to 4 (PP-47)"),
    ({"wounds": 4}, "R1 comes in with 4 wounds, at least its AD threshold 4: it would be out of action (PP-29)"),
    ({"bandaged": True}, "R1 is bandaged or bleeding with no injury (PP-25)"),
    ({"wounds": 1, "bleeding": 7}, "bleeding"),
])
def test_a_bad_scenario_is_one_line_naming_the_field(change: dict, message: str) -> None:
    from riotact.core import ScenarioError, parse_scenario

    data = {"ruleset": "public-participation", "id": "bad", "title": "bad", "seats": ["outlaws", "posse"],
            "setup": {"width": 30, "depth": 30, "characters": [
                {"id": "R1", "name": "R1", "seat": "outlaws", "at": [5, 5], **change},
                {"id": "B1", "name": "B1", "seat": "posse", "at": [9, 9]}]}}
    with pytest.raises(ScenarioError) as err:
        parse_scenario(data, "bad.toml")
    assert message in str(err.value) and "\n" not in str(err.value) and "bad.toml" in str(err.value)
