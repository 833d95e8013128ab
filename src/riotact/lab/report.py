"""Reports on a sweep's table: statistics with 95% confidence intervals, matplotlib plots and one
self-contained HTML page (the plots are embedded, nothing is fetched).

Win rates carry Wilson score intervals; means carry normal intervals (1.96 standard errors).

>>> low, high = wilson(50, 100)
>>> round(low, 3), round(high, 3)
(0.404, 0.596)
>>> interval([2.0, 4.0, 6.0])[0]
4.0
"""

from __future__ import annotations

import base64
import html
import io
import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from riotact.core import RiotactError

from .table import read_rows

Z = 1.96  # 95%
FACTORS = ("option.", "setup.", "seat.")
MAX_DETAIL_PLOTS = 12


class ReportError(RiotactError):
    """The folder or table cannot be reported on."""


def wilson(successes: int, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + Z * Z / n
    centre = (p + Z * Z / (2 * n)) / denom
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / denom
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))  # rounding never leaves p out


def interval(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean and its 95% normal interval (mean, low, high)."""
    mean = statistics.fmean(values)
    half = Z * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return (mean, mean - half, mean + half)


@dataclass
class Cell:
    label: str
    rows: list[dict[str, Any]]


def load(path: Path) -> list[dict[str, Any]]:
    table = path / "games.parquet" if path.is_dir() else path
    if not table.exists():
        raise ReportError(f"{path}: no games.parquet here (make one with riotact sweep)")
    try:
        rows = read_rows(table)
    except Exception as exc:  # pyarrow's errors for a damaged file have no common base
        raise ReportError(f"{table}: not a readable Parquet table ({exc})") from None
    if not rows:
        raise ReportError(f"{table}: not a riotact sweep table (no games)")
    check_columns(rows, table)
    return rows


#: The columns a report reads, with the kind of value each row must hold there (docs/lab.md).
REQUIRED: dict[str, tuple[type, ...]] = {"scenario": (str,), "ruleset": (str,), "cell": (int,),
                                         "winners": (list,), "decisions": (int, float), "turns": (int, float)}


def check_columns(rows: list[dict[str, Any]], table: Path) -> None:
    """Refuse, naming the column, a table that lacks a column the report reads or holds a null or
    a value of the wrong kind in it (a ``won.<seat>`` column must hold true or false).

    >>> check_columns([{"scenario": "s", "ruleset": "r", "cell": 0, "winners": [], "decisions": 3}], Path("t"))
    Traceback (most recent call last):
    ...
    riotact.lab.report.ReportError: t: not a riotact sweep table: no turns column
    """
    kinds = {**REQUIRED, **{n: (bool,) for n in rows[0] if n.startswith("won.")}}
    for name, kind in kinds.items():
        if name not in rows[0]:
            raise ReportError(f"{table}: not a riotact sweep table: no {name} column")
        bad = next((i for i, r in enumerate(rows) if not isinstance(r.get(name), kind)
                    or (isinstance(r.get(name), bool) and bool not in kind)), None)
        if bad is not None:
            value = rows[bad].get(name)
            what = "null" if value is None else f"{type(value).__name__} {value!r}"[:60]
            raise ReportError(f"{table}: column {name}, row {bad + 1}: {what} where a riotact sweep table "
                              f"has {' or '.join(k.__name__ for k in kind)}")
    # The report averages these: a NaN or an infinity would break the intervals, not just one figure.
    averaged = [n for n in rows[0] if n in ("decisions", "turns") or n.startswith(("score.", "detail."))]
    for name in averaged:
        bad = next((i for i, r in enumerate(rows) if isinstance(r.get(name), float) and not math.isfinite(r[name])),
                   None)
        if bad is not None:
            raise ReportError(f"{table}: column {name}, row {bad + 1}: {rows[bad][name]} where a riotact sweep "
                              "table has a finite number")


def factors(rows: list[dict[str, Any]]) -> list[str]:
    """The option, setup and seat columns that vary: the sweep's grid."""
    names = [n for n in rows[0] if n.startswith(FACTORS)]
    return [n for n in names if len({repr(r.get(n)) for r in rows}) > 1]


def cells(rows: list[dict[str, Any]], varied: list[str]) -> list[Cell]:
    by_cell: dict[int, list[dict[str, Any]]] = {}
    for row in rows:
        by_cell.setdefault(row["cell"], []).append(row)
    out = []
    for number in sorted(by_cell):
        first = by_cell[number][0]
        label = ", ".join(f"{n.split('.', 1)[1]}={first[n]}" for n in varied) or "all games"
        out.append(Cell(label, by_cell[number]))
    return out


def _seats(rows: list[dict[str, Any]]) -> list[str]:
    return [n[len("won."):] for n in rows[0] if n.startswith("won.")]


def _numeric_details(rows: list[dict[str, Any]]) -> list[str]:
    names = [n for n in rows[0] if n.startswith("detail.")]
    keep = []
    for n in names:
        values = [r[n] for r in rows if r[n] is not None]
        if values and all(isinstance(v, int | float) for v in values) and len(set(values)) > 1:
            keep.append(n)
    return keep


def _paths(rows: list[dict[str, Any]]) -> list[str]:
    return [n for n in rows[0] if n.startswith("detail.") and isinstance(rows[0][n], list)
            and all(isinstance(x, int | float) for r in rows for x in (r[n] or []))
            and any(r[n] for r in rows)]


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Every statistic of the report, JSON-safe."""
    varied = factors(rows)
    seats = _seats(rows)
    details = _numeric_details(rows)
    out_cells = []
    for cell in cells(rows, varied):
        n = len(cell.rows)
        entry: dict[str, Any] = {"cell": cell.label, "games": n, "win_rate": {}, "score": {}, "details": {}}
        for seat in seats:
            wins = sum(bool(r[f"won.{seat}"]) for r in cell.rows)
            entry["win_rate"][seat] = {"rate": wins / n, "ci95": wilson(wins, n)}
            scores = [r[f"score.{seat}"] for r in cell.rows if r.get(f"score.{seat}") is not None]
            if scores:
                entry["score"][seat] = _mean_dict(scores)
        nobody = sum(not r["winners"] for r in cell.rows)
        entry["no_winner"] = {"rate": nobody / n, "ci95": wilson(nobody, n)}
        entry["decisions"] = _mean_dict([r["decisions"] for r in cell.rows])
        entry["turns"] = _mean_dict([r["turns"] for r in cell.rows])
        for name in details:
            values = [float(r[name]) for r in cell.rows if r[name] is not None]
            if values:
                entry["details"][name[len("detail."):]] = _mean_dict(values)
        out_cells.append(entry)
    first = rows[0]
    return {"scenario": first["scenario"], "ruleset": first["ruleset"], "games": len(rows), "factors": varied,
            "seats": seats, "cells": out_cells}


def _mean_dict(values: Sequence[float]) -> dict[str, Any]:
    mean, low, high = interval([float(v) for v in values])
    return {"mean": mean, "ci95": (low, high)}


# -- plots -------------------------------------------------------------------------------------
def _figure_png(fig: Any) -> bytes:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=110)
    return buffer.getvalue()


def plots(rows: list[dict[str, Any]], stats: dict[str, Any]) -> dict[str, bytes]:
    """PNG plots by name: win rates, game length, each varying detail, and mean paths (lists)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    # Ticks show the factors' values only ("False/2"); the axis names the factors.
    labels = ["/".join(str(r[f]) for f in stats["factors"]) or "all" for r in
              (cell.rows[0] for cell in cells(rows, stats["factors"]))]
    axis = "/".join(f.split(".", 1)[1] for f in stats["factors"]) or "cell"
    x = list(range(len(labels)))
    out: dict[str, bytes] = {}

    def finish(fig: Any, ax: Any, name: str, ylabel: str) -> None:
        ax.set_xticks(x, labels, rotation=30 if len(labels) > 3 else 0, ha="right" if len(labels) > 3 else "center",
                      fontsize=8)
        ax.set_ylabel(ylabel)
        ax.set_xlabel(axis, fontsize=8)
        ax.grid(axis="y", alpha=0.3)
        fig.tight_layout()
        out[name] = _figure_png(fig)
        plt.close(fig)

    fig, ax = plt.subplots(figsize=(max(6, 1.2 * len(labels) + 2), 4))
    seats = stats["seats"]
    width = 0.8 / max(1, len(seats))
    for k, seat in enumerate(seats):
        rates = [c["win_rate"][seat]["rate"] for c in stats["cells"]]
        lows = [r - c["win_rate"][seat]["ci95"][0] for r, c in zip(rates, stats["cells"], strict=True)]
        highs = [c["win_rate"][seat]["ci95"][1] - r for r, c in zip(rates, stats["cells"], strict=True)]
        ax.bar([i + (k - (len(seats) - 1) / 2) * width for i in x], rates, width, yerr=[lows, highs], capsize=3,
               label=seat)
    ax.set_ylim(0, 1)
    ax.legend(fontsize=8)
    ax.set_title(f"{stats['scenario']}: win rate by cell (95% Wilson intervals)", fontsize=9)
    finish(fig, ax, "win_rate", "win rate")

    fig, ax = plt.subplots(figsize=(max(6, 1.2 * len(labels) + 2), 4))
    ax.boxplot([[r["decisions"] for r in cell.rows] for cell in cells(rows, stats["factors"])], positions=x)
    means = [c["decisions"]["mean"] for c in stats["cells"]]
    ax.errorbar(x, means, yerr=[[m - c["decisions"]["ci95"][0] for m, c in zip(means, stats["cells"], strict=True)],
                                [c["decisions"]["ci95"][1] - m for m, c in zip(means, stats["cells"], strict=True)]],
                fmt="o", color="#c0392b", capsize=3, label="mean (95% CI)")
    ax.legend(fontsize=8)
    ax.set_title(f"{stats['scenario']}: game length", fontsize=9)
    finish(fig, ax, "length", "decisions per game")

    details = [d for d in stats["cells"][0]["details"]][:MAX_DETAIL_PLOTS]
    if details:
        cols = min(3, len(details))
        rows_n = math.ceil(len(details) / cols)
        fig, axes = plt.subplots(rows_n, cols, figsize=(4.2 * cols, 3.0 * rows_n), squeeze=False)
        for ax, name in zip(axes.flat, details, strict=False):
            means = [c["details"].get(name, {}).get("mean", math.nan) for c in stats["cells"]]
            lows = [m - c["details"][name]["ci95"][0] if name in c["details"] else 0
                    for m, c in zip(means, stats["cells"], strict=True)]
            highs = [c["details"][name]["ci95"][1] - m if name in c["details"] else 0
                     for m, c in zip(means, stats["cells"], strict=True)]
            ax.errorbar(x, means, yerr=[lows, highs], fmt="o-", capsize=3)
            ax.set_title(name, fontsize=8)
            ax.set_xticks(x, labels, rotation=30, ha="right", fontsize=6)
            ax.set_xlabel(axis, fontsize=6)
            ax.grid(alpha=0.3)
        for ax in list(axes.flat)[len(details):]:
            ax.axis("off")
        fig.suptitle("Result details: mean by cell (95% CI)", fontsize=9)
        fig.tight_layout()
        out["details"] = _figure_png(fig)
        plt.close(fig)

    for factor in stats["factors"]:
        out[f"by_{factor.split('.', 1)[1]}"] = _by_factor(plt, rows, stats, factor)

    paths = _paths(rows)
    if paths:
        fig, axes = plt.subplots(1, len(paths[:4]), figsize=(4.2 * len(paths[:4]), 3.4), squeeze=False)
        for ax, name in zip(axes.flat, paths[:4], strict=False):
            for cell in cells(rows, stats["factors"]):
                series = [r[name] for r in cell.rows if r[name]]
                length = max(len(s) for s in series)
                mean = [statistics.fmean(s[t] for s in series if len(s) > t) for t in range(length)]
                ax.plot(range(length), mean, label=cell.label)
            ax.set_title(f"{name[len('detail.'):]}: mean by turn", fontsize=8)
            ax.set_xlabel("turn", fontsize=8)
            ax.grid(alpha=0.3)
        axes.flat[0].legend(fontsize=6)
        fig.tight_layout()
        out["paths"] = _figure_png(fig)
        plt.close(fig)
    return out


@dataclass
class FactorSeries:
    """What a ``by_<factor>`` plot draws: the factor's values in the grid's order, whether they are
    numbers (drawn connected) and, for each outcome (each seat's win and "no winner"), one line per
    value of the other factors: for each value, (games, games with that outcome)."""

    values: list[Any]
    numeric: bool
    outcomes: dict[str, dict[str, list[tuple[int, int]]]]


def factor_series(rows: list[dict[str, Any]], stats: dict[str, Any], factor: str) -> FactorSeries:
    others = [f for f in stats["factors"] if f != factor]
    values = list(dict.fromkeys(r[factor] for r in sorted(rows, key=lambda r: r["cell"])))
    numeric = all(isinstance(v, int | float) and not isinstance(v, bool) for v in values)
    groups: dict[str, dict[Any, list[dict[str, Any]]]] = {}
    for row in rows:
        label = ", ".join(f"{o.split('.', 1)[1]}={row[o]}" for o in others) or "all games"
        groups.setdefault(label, {}).setdefault(row[factor], []).append(row)
    columns = {f"{seat} wins": f"won.{seat}" for seat in stats["seats"]} | {"no winner": ""}

    def happened(row: dict[str, Any], column: str) -> bool:
        return bool(row[column]) if column else not row["winners"]

    outcomes = {name: {label: [(len(g := by_value.get(v, [])), sum(happened(r, column) for r in g)) for v in values]
                       for label, by_value in groups.items()}
                for name, column in columns.items()}
    return FactorSeries(values, numeric, outcomes)


def _by_factor(plt: Any, rows: list[dict[str, Any]], stats: dict[str, Any], factor: str) -> bytes:
    """Every outcome against one factor, one panel each: a factor of numbers as connected lines, one
    of names or switches as points, since its values have no between."""
    series = factor_series(rows, stats, factor)
    fig, axes = plt.subplots(1, len(series.outcomes), figsize=(3.6 * len(series.outcomes) + 1, 3.8),
                             squeeze=False, sharey=True)
    x = list(range(len(series.values)))
    for ax, (title, lines) in zip(axes.flat, series.outcomes.items(), strict=True):
        for label, counts in lines.items():
            rates = [hits / n if n else math.nan for n, hits in counts]
            bounds = [wilson(hits, n) for n, hits in counts]
            ax.errorbar(x, rates, yerr=[[r - lo if n else 0 for r, (lo, _), (n, _) in zip(rates, bounds, counts,
                                                                                        strict=True)],
                                        [hi - r if n else 0 for r, (_, hi), (n, _) in zip(rates, bounds, counts,
                                                                                        strict=True)]],
                        fmt="o-" if series.numeric else "o", capsize=3, label=label)
        ax.set_xticks(x, [str(v) for v in series.values], fontsize=7)
        ax.set_xlabel(factor.split(".", 1)[1], fontsize=8)
        ax.set_title(title, fontsize=8)
        ax.set_ylim(0, 1)
        ax.grid(alpha=0.3)
    axes.flat[0].set_ylabel("share of games (95% Wilson interval)", fontsize=8)
    axes.flat[0].legend(fontsize=6)
    fig.suptitle(f"{stats['scenario']}: outcomes by {factor}", fontsize=9)
    fig.tight_layout()
    png = _figure_png(fig)
    plt.close(fig)
    return png


# -- HTML ---------------------------------------------------------------------------------------
def _ci(entry: dict[str, Any], percent: bool = False) -> str:
    value: float = entry["rate"] if "rate" in entry else entry["mean"]
    low, high = entry["ci95"]
    if percent:
        return f"{100 * value:.1f}% [{100 * low:.1f}, {100 * high:.1f}]"
    return f"{value:.2f} [{low:.2f}, {high:.2f}]"


def to_html(stats: dict[str, Any], images: dict[str, bytes]) -> str:
    e = html.escape
    seats = stats["seats"]
    head = "".join(f"<th>{e(s)} wins</th>" for s in seats) + "<th>no winner</th><th>decisions</th><th>turns</th>"
    body = "".join(
        f"<tr><td>{e(c['cell'])}</td><td>{c['games']}</td>"
        + "".join(f"<td>{_ci(c['win_rate'][s], True)}</td>" for s in seats)
        + f"<td>{_ci(c['no_winner'], True)}</td><td>{_ci(c['decisions'])}</td><td>{_ci(c['turns'])}</td></tr>"
        for c in stats["cells"])
    details = sorted({d for c in stats["cells"] for d in c["details"]})
    detail_rows = "".join(
        f"<tr><td>{e(d)}</td>" + "".join(f"<td>{_ci(c['details'][d]) if d in c['details'] else ''}</td>"
                                         for c in stats["cells"]) + "</tr>" for d in details)
    detail_head = "".join(f"<th>{e(c['cell'])}</th>" for c in stats["cells"])
    figures = "".join(f'<figure><img alt="{e(name)}" src="data:image/png;base64,'
                      f'{base64.b64encode(png).decode()}"><figcaption>{e(name)}</figcaption></figure>'
                      for name, png in images.items())
    factors = ", ".join(stats["factors"]) or "none (one cell)"
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>riotact report: {e(stats['scenario'])}</title>
<style>body{{font-family:sans-serif;max-width:1100px;margin:2em auto;color:#222}}
table{{border-collapse:collapse;margin:1em 0;font-size:13px}}td,th{{border:1px solid #ccc;padding:3px 7px}}
th{{background:#eef}}img{{max-width:100%}}figure{{margin:1em 0}}</style></head><body>
<h1>{e(stats['scenario'])}</h1>
<p>{stats['games']} games of {e(stats['ruleset'])}; grid: {e(factors)}. Each figure is the value with its
95% confidence interval in brackets: Wilson score intervals for rates, normal intervals for means.</p>
<h2>Outcomes by cell</h2><table><tr><th>cell</th><th>games</th>{head}</tr>{body}</table>
<h2>Result details (mean by cell)</h2><table><tr><th>detail</th>{detail_head}</tr>{detail_rows}</table>
<h2>Plots</h2>{figures}
</body></html>
"""


def make_report(path: Path, out: Path | None = None) -> dict[str, Any]:
    """Write ``report.html`` and the PNG plots into ``out`` (default: the sweep folder)."""
    rows = load(path)
    stats = summary(rows)
    images = plots(rows, stats)
    target = out or (path if path.is_dir() else path.parent)
    target.mkdir(parents=True, exist_ok=True)
    for name, png in images.items():
        (target / f"{name}.png").write_bytes(png)
    (target / "report.html").write_text(to_html(stats, images), encoding="utf-8")
    return {**stats, "html": str(target / "report.html"), "plots": [str(target / f"{n}.png") for n in images]}
