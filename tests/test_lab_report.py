"""`riotact report`: statistics with confidence intervals, PNG plots and one self-contained HTML page."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pyarrow.parquet as pq

from riotact.lab.report import wilson
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
