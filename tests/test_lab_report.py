"""`riotact report`: statistics with confidence intervals, PNG plots and one self-contained HTML page."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from riotact.lab.report import factor_series, summary, wilson
from test_cli import riotact


def test_wilson_interval_matches_the_textbook() -> None:
    """Wilson 95% for 8 of 10: 0.490 to 0.943 (Newcombe 1998); 0 of 10: 0 to 0.278."""
    low, high = wilson(8, 10)
    assert round(low, 3) == 0.490 and round(high, 3) == 0.943
    assert wilson(0, 10)[0] == 0 and round(wilson(0, 10)[1], 3) == 0.278
    for n in range(1, 200):  # the interval always holds the rate itself (a plot's error bars need it)
        for k in (0, n // 3, n):
            low, high = wilson(k, n)
            assert low <= k / n <= high


def test_report_of_a_sweep(tmp_path: Path) -> None:
    made = riotact("sweep", "revolting-behaviour/first-game", "--games", "30", "--grid", "jokers_per_deck=0,4",
                   "--out", str(tmp_path))
    assert made.returncode == 0, made.stderr
    out = riotact("report", str(tmp_path), "--json")
    assert out.returncode == 0, out.stderr
    stats = json.loads(out.stdout)
    rows = pq.read_table(tmp_path / "games.parquet").to_pylist()
    assert stats["factors"] == ["option.jokers_per_deck"] and len(stats["cells"]) == 2
    for number, cell in enumerate(stats["cells"]):
        wins = sum(r["won.p1"] for r in rows if r["cell"] == number)
        assert cell["win_rate"]["p1"]["rate"] == wins / 30
        assert cell["win_rate"]["p1"]["ci95"] == list(wilson(wins, 30))
        low, high = cell["decisions"]["ci95"]
        assert low <= cell["decisions"]["mean"] <= high
    page = (tmp_path / "report.html").read_text()
    assert "jokers_per_deck=4" in page and "95%" in page
    assert not re.search(r'(src|href)="(?!data:)', page)  # self-contained: every image is embedded
    for name in ("win_rate", "length", "details"):
        assert (tmp_path / f"{name}.png").read_bytes()[:4] == b"\x89PNG"


def test_report_of_nothing_is_one_line(tmp_path: Path) -> None:
    out = riotact("report", str(tmp_path))
    assert out.returncode == 2 and "no games.parquet" in " ".join(out.stderr.split()) and "Traceback" not in out.stderr


@pytest.fixture(scope="module")
def sweep_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A sweep over a factor of words given in other than alphabetical order, with games no one wins."""
    out = tmp_path_factory.mktemp("sweep")
    made = riotact("sweep", "revolting-behaviour/first-game", "--games", "12", "--seed", "3", "--grid",
                   "empty_action_deck=reshuffle,fail", "--grid", "jokers_per_deck=4", "--grid", "setup.turn_limit=6",
                   "--out", str(out))
    assert made.returncode == 0, made.stderr
    return out


@pytest.mark.parametrize(("column", "value", "words"), [
    ("turns", "drop", "no turns column"),
    ("winners", "drop", "no winners column"),
    ("decisions", None, "column decisions, row 1: null"),
    ("scenario", 7, "column scenario, row 1: int 7"),
    ("won.p1", None, "column won.p1, row 1: null"),
    ("decisions", float("nan"), "column decisions, row 1: nan where a riotact sweep table has a finite number"),
    ("turns", float("inf"), "column turns, row 1: inf where"),
    ("detail.p1.rp", float("nan"), "column detail.p1.rp, row 1: nan where"),
], ids=["no-turns", "no-winners", "null-decisions", "number-scenario", "null-won", "nan-decisions", "inf-turns",
        "nan-detail"])
def test_report_names_a_missing_or_null_column_in_one_line(tmp_path: Path, sweep_folder: Path, column: str,
                                                           value: object, words: str) -> None:
    """Third review: a games.parquet lacking a column, or with a null in it, gave KeyError, TypeError or
    AttributeError from lab/report.py."""
    rows = pq.read_table(sweep_folder / "games.parquet").to_pylist()
    for row in rows:
        if value == "drop":
            del row[column]
        else:
            row[column] = value
    pq.write_table(pa.Table.from_pylist(rows), tmp_path / "games.parquet")
    out = riotact("report", str(tmp_path))
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert len(out.stderr.splitlines()) == 1 and words in out.stderr, out.stderr


def test_plots_by_factor_keep_the_grid_order_and_show_every_outcome(sweep_folder: Path) -> None:
    """Third review: a factor of words was drawn as a connected line in alphabetical order, and only the
    first seat's win rate was drawn, hiding the games no one won."""
    rows = pq.read_table(sweep_folder / "games.parquet").to_pylist()
    stats = summary(rows)
    series = factor_series(rows, stats, "option.empty_action_deck")
    assert series.values == ["reshuffle", "fail"] and not series.numeric
    assert list(series.outcomes) == ["p1 wins", "p2 wins", "no winner"]
    [(label, counts)] = series.outcomes["no winner"].items()
    assert label == "all games" and [n for n, _ in counts] == [12, 12]
    assert [hits for _, hits in counts] == [sum(not r["winners"] for r in rows if r["option.empty_action_deck"] == v)
                                            for v in ("reshuffle", "fail")]
    assert sum(hits for _, hits in counts) > 0  # the turn limit leaves games without a winner, now drawn
    assert factor_series(rows, stats, "option.jokers_per_deck").values == [4]
