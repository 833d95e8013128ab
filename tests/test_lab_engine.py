"""`sim` and `sweep` on Revolting Behaviour!'s compiled laboratory core (``--engine``): the same rows,
summaries and saved logs as the Python engine, whatever the seats (random and heuristic bots),
house rules or job count, and a clean fall back where the core cannot play (a search seat, big
rewards, no C compiler); and sweeps on the other rulesets' compiled (mypyc) engines."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest

from riotact.compiled import unavailable
from riotact.core import Scenario, builtin_scenarios, find_scenario
from riotact.lab import sweep as sweep_module
from riotact.lab.sweep import Sweep, local_runner, run_sweep
from riotact.rulesets import get_ruleset
from riotact.rulesets.revolting_behaviour.native import lab
from support import rb_scenario
from test_cli import riotact

needs_core = pytest.mark.skipif(not lab.compiled(), reason="the compiled core was not built here")
RB = "revolting-behaviour/first-game"
HOUSE_GRID = ["jokers_per_deck=0,2", "declaration_fixes_use=true,false", "first_turn_order=random,seats"]


def api_sweep(out: Path, scenario: Scenario, engine: str, *, seed: int = 3, games: int = 6,
              grid: list[str] | None = None, seats: dict[str, str] | None = None) -> list[dict[str, Any]]:
    plan = Sweep(scenario, games, seed, grid if grid is not None else HOUSE_GRID, seats or {}, {}, engine)
    run_sweep(plan, out, local_runner(1))
    return pq.read_table(out / "games.parquet").to_pylist()


def forbid_python_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make a game played by ``Game`` fail, so a passing sweep was played on the core."""
    def refuse(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("played by Game, not on the compiled core")
    monkeypatch.setattr(sweep_module, "play_out", refuse)


@needs_core
@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("seed", [0, 7])
def test_sweep_rows_are_the_same_on_the_core_and_the_python_engine(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                   seats: int, seed: int) -> None:
    """Winners, scores, length, turns, result details and every option column, row for row."""
    scenario = rb_scenario(seats, 6)
    python = api_sweep(tmp_path / "python", scenario, "python", seed=seed)
    forbid_python_games(monkeypatch)
    compiled = api_sweep(tmp_path / "compiled", scenario, "compiled", seed=seed)
    assert len(compiled) == 8 * 6 and compiled == python
    assert {r["reason"] for r in compiled} and any(r["winners"] for r in compiled)


@needs_core
def test_sweep_cli_tables_are_identical_files_whatever_engine_and_jobs(tmp_path: Path) -> None:
    def cli(name: str, *args: str) -> bytes:
        done = riotact("sweep", RB, "--games", "20", "--seed", "9", "--grid", "jokers_per_deck=0,2",
                       "--grid", "setup.cause_cards=5,10", "--out", str(tmp_path / name), *args, "--json")
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)["rows"] == 80
        return (tmp_path / name / "games.parquet").read_bytes()

    python = cli("python", "--engine", "python")
    assert cli("compiled", "--engine", "compiled") == python
    assert cli("auto-2-jobs", "--jobs", "2") == python == cli("compiled-2-jobs", "--engine", "compiled", "--jobs", "2")


@needs_core
@pytest.mark.parametrize("seats", [2, 4])
def test_heuristic_seats_play_on_the_core_with_the_same_rows(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                             seats: int) -> None:
    scenario = rb_scenario(seats, 6)
    grid = ["p1=random,heuristic", "p2=heuristic,random", "jokers_per_deck=1,2"]
    python = api_sweep(tmp_path / "python", scenario, "python", grid=grid)
    forbid_python_games(monkeypatch)
    compiled = api_sweep(tmp_path / "compiled", scenario, "compiled", grid=grid)
    assert compiled == python and len(compiled) == 8 * 6
    assert {(r["seat.p1"], r["seat.p2"]) for r in compiled} == {
        ("random", "heuristic"), ("random", "random"), ("heuristic", "heuristic"), ("heuristic", "random")}


def test_without_the_compiled_core_auto_plays_the_same_rows(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    scenario = find_scenario(RB)
    python = api_sweep(tmp_path / "python", scenario, "python")
    monkeypatch.setattr(lab, "Core", None)  # as built on a machine with no C compiler
    assert api_sweep(tmp_path / "auto", scenario, "auto") == python
    with pytest.raises(lab.LaboratoryUnavailable, match="not built"):
        api_sweep(tmp_path / "compiled", scenario, "compiled")
    assert not (tmp_path / "compiled").exists()  # refused before the folder is touched


@needs_core
def test_sweep_resumed_on_another_engine_gives_the_same_table(tmp_path: Path) -> None:
    """The engine is not part of what a sweep is: half on one engine, the rest on the other."""
    scenario = find_scenario(RB)
    whole = api_sweep(tmp_path / "whole", scenario, "python")
    api_sweep(tmp_path / "part", scenario, "python", games=3)
    assert api_sweep(tmp_path / "part", scenario, "compiled") == whole


@pytest.mark.parametrize("args, why", [
    (["--seat", "p1=search"], "cannot play a search bot"),
    (["--option", "reward_mild=50000"], "reward_mild of 0..10000 only"),
    (["--engine", "fast"], "'fast' is not one of"),
])
def test_sweep_engine_compiled_refusals_are_one_line(tmp_path: Path, args: list[str], why: str) -> None:
    engine = [] if "--engine" in args else ["--engine", "compiled"]
    out = riotact("sweep", RB, "--games", "2", *args, *engine, "--out", str(tmp_path / "x"))
    assert out.returncode == 2 and "Traceback" not in out.stderr and why in out.stderr
    assert not (tmp_path / "x").exists()


@pytest.mark.parametrize("ruleset", ["by-will-alone", "public-participation", "breaking-of-nations"])
def test_sweep_rows_are_the_same_on_a_mypyc_engine(tmp_path: Path, ruleset: str) -> None:
    """The rulesets' compiled engines (test_compiled_engines.py) sweep the Python engine's rows, or
    refuse in one line where they were not built."""
    scenario = builtin_scenarios(get_ruleset(ruleset))[0]
    why = unavailable(ruleset)
    if why is not None:
        out = riotact("sweep", scenario.ref, "--games", "1", "--engine", "compiled", "--out", str(tmp_path / "x"))
        assert out.returncode == 2 and why in out.stderr and "Traceback" not in out.stderr
        return
    python = api_sweep(tmp_path / "python", scenario, "python", games=2, grid=[])
    assert api_sweep(tmp_path / "compiled", scenario, "compiled", games=2, grid=[]) == python


@needs_core
def test_sim_summary_table_and_saved_logs_are_the_same_on_the_core(tmp_path: Path) -> None:
    """--log-dir keeps working: a core's game is explained on demand by replaying it (LabGame.explained)."""
    def sim(engine: str, *args: str) -> str:
        done = riotact("sim", "revolting-behaviour/four-players", "--games", "12", "--seed", "2", "--engine", engine,
                       "--option", "jokers_per_deck=1", "--seat", "p2=heuristic",
                       "--log-dir", str(tmp_path / f"logs-{engine}"),
                       "--table", str(tmp_path / f"{engine}.parquet"), *args, "--json")
        assert done.returncode == 0, done.stderr
        return done.stdout

    assert sim("compiled") == sim("python") == sim("auto", "--jobs", "2")
    assert (tmp_path / "compiled.parquet").read_bytes() == (tmp_path / "python.parquet").read_bytes()
    logs = sorted((tmp_path / "logs-python").iterdir())
    assert len(logs) == 12
    for log in logs:
        assert (tmp_path / "logs-compiled" / log.name).read_bytes() == log.read_bytes()
    replayed = riotact("replay", str(tmp_path / "logs-compiled" / logs[0].name))
    assert replayed.returncode == 0 and "Verified" in replayed.stdout


def test_sim_engine_compiled_with_a_search_seat_is_one_line() -> None:
    out = riotact("sim", RB, "--games", "1", "--seat", "p2=search", "--engine", "compiled")
    assert out.returncode == 2 and "Traceback" not in out.stderr and "cannot play a search bot" in out.stderr
