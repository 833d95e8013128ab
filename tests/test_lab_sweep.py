"""`riotact sweep` and `sim --table`: one typed row per game, resumable, the same table whatever the
job count or backend (a real Dask cluster on 127.0.0.1)."""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from distributed import LocalCluster

from riotact.rulesets import get_ruleset
from test_cli import riotact

RB = "revolting-behaviour/first-game"
GRID = ["--grid", "jokers_per_deck=0,2", "--grid", "p1=random,heuristic"]


def sweep(out: Path, *args: str, games: int = 12) -> dict:
    done = riotact("sweep", RB, "--games", str(games), "--seed", "4", *GRID, "--out", str(out), *args, "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_sweep_table_is_the_same_whatever_the_job_count(tmp_path: Path) -> None:
    one, two = sweep(tmp_path / "one"), sweep(tmp_path / "two", "--jobs", "2")
    assert one["rows"] == two["rows"] == 4 * 12
    assert (tmp_path / "one/games.parquet").read_bytes() == (tmp_path / "two/games.parquet").read_bytes()


def test_sweep_resumes_skipping_games_done_and_a_row_cut_short(tmp_path: Path) -> None:
    whole = sweep(tmp_path / "whole")
    part = tmp_path / "part"
    assert sweep(part, games=5)["played"] == 20
    rows = (part / "games.jsonl").read_bytes()
    (part / "games.jsonl").write_bytes(rows[: len(rows) - 40])  # a crash in the middle of the last row
    again = sweep(part)
    assert again["skipped"] == 19 and again["played"] == whole["rows"] - 19
    assert (part / "games.parquet").read_bytes() == (tmp_path / "whole/games.parquet").read_bytes()
    assert sweep(part)["played"] == 0


def test_sweep_schema_has_every_option_seat_score_and_typed_details(tmp_path: Path) -> None:
    sweep(tmp_path / "s", games=3)
    table = pq.read_table(tmp_path / "s/games.parquet")
    schema = table.schema
    for rule in get_ruleset("revolting-behaviour").house_rules:
        assert f"option.{rule.key}" in schema.names
    assert schema.field("option.jokers_per_deck").type == pa.int64()
    assert schema.field("seat.p1").type == pa.string() and schema.field("won.p2").type == pa.bool_()
    assert schema.field("score.p1").type == pa.float64() and schema.field("winners").type == pa.list_(pa.string())
    assert schema.field("detail.p1.rp").type == pa.int64() and schema.field("detail.p2.out").type == pa.bool_()
    cells = table.select(["cell", "option.jokers_per_deck", "seat.p1"]).to_pylist()
    assert {(r["cell"], r["option.jokers_per_deck"], r["seat.p1"]) for r in cells} == {
        (0, 0, "random"), (1, 0, "heuristic"), (2, 2, "random"), (3, 2, "heuristic")}
    assert table.schema.metadata[b"riotact.schema"] == b"1"


def test_sweep_cd_rl_paths_are_integer_lists(tmp_path: Path) -> None:
    out = riotact("sweep", "civil-disorder/embassy-protest", "--games", "2", "--out", str(tmp_path), "--json")
    assert out.returncode == 0, out.stderr
    schema = pq.read_schema(tmp_path / "games.parquet")
    assert schema.field("detail.rl_history.A").type == pa.list_(pa.int64())
    assert schema.field("detail.casualties.sf_wounded").type == pa.int64()


@pytest.mark.parametrize("args", [["--grid", "jokers=1,2"], ["--grid", "p1=human"], ["--grid", "setup.cause_cards=0"],
                                  ["--grid", "x"], ["--seat", "p9=random"]])
def test_sweep_bad_grid_is_one_line_and_leaves_no_folder(tmp_path: Path, args: list[str]) -> None:
    out = riotact("sweep", RB, "--games", "2", *args, "--out", str(tmp_path / "x"))
    assert out.returncode == 2 and "Traceback" not in out.stderr and out.stderr.strip()
    assert not (tmp_path / "x").exists()


def test_sweep_refuses_a_folder_holding_another_sweep(tmp_path: Path) -> None:
    sweep(tmp_path, games=2)
    out = riotact("sweep", RB, "--games", "2", "--seed", "5", *GRID, "--out", str(tmp_path))
    assert out.returncode == 2 and "another sweep (its seed differs)" in out.stderr
    out = riotact("sweep", RB, "--games", "2", "--seed", "5", "--out", str(tmp_path))
    assert out.returncode == 2 and "another sweep (its grid, seed differ)" in out.stderr


def test_sweep_table_is_readable_by_everyone_like_every_other_file(tmp_path: Path) -> None:
    """Third review: games.parquet was written 0600 (mkstemp) while the manifest and logs are 0644, so
    colleagues on shared or cluster storage could not read it. A table written again keeps its mode."""
    sweep(tmp_path, games=2)
    table = tmp_path / "games.parquet"
    assert table.stat().st_mode & 0o777 == (tmp_path / "sweep.json").stat().st_mode & 0o777 == 0o644
    table.chmod(0o640)
    sweep(tmp_path, games=3)
    assert table.stat().st_mode & 0o777 == 0o640


def test_sim_option_and_table(tmp_path: Path) -> None:
    out = riotact("sim", RB, "--games", "8", "--option", "jokers_per_deck=0", "--table", str(tmp_path / "t.parquet"),
                  "--json")
    assert out.returncode == 0, out.stderr
    rows = pq.read_table(tmp_path / "t.parquet").to_pylist()
    assert len(rows) == 8 and {r["option.jokers_per_deck"] for r in rows} == {0}
    assert sum(r["won.p1"] for r in rows) == json.loads(out.stdout)["wins"]["p1"]


def test_sweep_on_a_local_dask_cluster_equals_the_local_run(tmp_path: Path) -> None:
    with LocalCluster(host="127.0.0.1", n_workers=2, threads_per_worker=1, dashboard_address=None,
                                  processes=True) as cluster:
        on_cluster = sweep(tmp_path / "cluster", "--cluster", cluster.scheduler_address)
    sweep(tmp_path / "local")
    assert on_cluster["rows"] == 48
    assert (tmp_path / "cluster/games.parquet").read_bytes() == (tmp_path / "local/games.parquet").read_bytes()
