"""One row per game, and the Parquet table they make (docs/lab.md documents the schema).

Columns, in this order: ``scenario``, ``ruleset``, ``cell``, ``game``, ``seed``, then
``option.<house rule>`` for every house rule of the ruleset (its resolved value), ``setup.<key>``
for every scalar of the scenario's ``[setup]``, ``seat.<seat>`` (bot kind), ``winners`` (list),
``reason``, ``won.<seat>``, ``score.<seat>``, ``decisions``, ``turns``, and ``detail.<path>`` for
the ruleset's result details (nested keys joined by dots).

>>> column_type([1, None, 2]), column_type([1, 2.5]), column_type([[1, 2], []]), column_type([True])
(DataType(int64), DataType(double), ListType(list<item: int64>), DataType(bool))
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from riotact.core import Game, Laboratory
from riotact.core.log import kept_mode
from riotact.core.registry import ruleset_spec

SCHEMA_VERSION = 1
LEADING = ("scenario", "ruleset", "cell", "game", "seed")
GROUPS = ("option.", "setup.", "seat.", "winners", "reason", "won.", "score.", "decisions", "turns", "detail.")


def game_row(game: Game | Laboratory, *, cell: int, index: int, seats: Mapping[str, str]) -> dict[str, Any]:
    """The row of one finished game, played by ``Game`` or on a compiled core (the same row)."""
    result = game.result
    assert result is not None, "only a finished game has a row"
    setup = game.scenario.data.get("setup", {})
    row: dict[str, Any] = {"scenario": game.scenario.ref, "ruleset": ruleset_spec(game.scenario.ruleset).id,
                           "cell": cell, "game": index, "seed": game.seed}
    row.update({f"option.{k}": v for k, v in game.options.items()})
    row.update({f"setup.{k}": v for k, v in setup.items() if isinstance(v, bool | int | float | str)})
    row.update({f"seat.{s}": seats.get(s, "random") for s in game.seats})
    row["winners"] = list(result.winners)
    row["reason"] = result.reason
    row.update({f"won.{s}": s in result.winners for s in game.seats})
    row.update({f"score.{s}": float(result.scores[s]) if s in result.scores else None for s in game.seats})
    row["decisions"] = len(game.decisions)
    row["turns"] = game.umpire.turn if isinstance(game, Game) else game.turn
    row.update(flatten("detail", result.details))
    return row


def flatten(prefix: str, value: Any) -> dict[str, Any]:
    """Nested dicts as dotted keys; lists and scalars stay as they are."""
    if isinstance(value, Mapping):
        out: dict[str, Any] = {}
        for key, inner in value.items():
            out.update(flatten(f"{prefix}.{key}", inner))
        return out
    return {prefix: list(value) if isinstance(value, tuple) else value}


def column_type(values: Iterable[Any]) -> pa.DataType:
    """The Arrow type of a column from all its values: bool, int64, double, string, a list of
    those, or (anything else) a JSON string."""
    present = [v for v in values if v is not None]
    if all(isinstance(v, list) for v in present) and present:
        items = [x for v in present for x in v]
        return pa.list_(column_type(items) if items else pa.string())
    if not present or any(isinstance(v, list | dict) for v in present):
        return pa.string()
    if all(isinstance(v, bool) for v in present):
        return pa.bool_()
    if all(isinstance(v, int) and not isinstance(v, bool) for v in present):
        return pa.int64()
    if all(isinstance(v, int | float) and not isinstance(v, bool) for v in present):
        return pa.float64()
    return pa.string()


def _cell(value: Any, kind: pa.DataType) -> Any:
    if value is None:
        return None
    if pa.types.is_string(kind) and not isinstance(value, str):
        return json.dumps(value)
    if pa.types.is_floating(kind):
        return float(value)
    if pa.types.is_list(kind):
        return [_cell(v, kind.value_type) for v in value]
    return value


def column_order(names: Iterable[str]) -> list[str]:
    """Leading columns, then each group in :data:`GROUPS` order, sorted within a group."""
    names = list(dict.fromkeys(names))
    ordered = [n for n in LEADING if n in names]
    for group in GROUPS:
        members = [n for n in names if n == group or (group.endswith(".") and n.startswith(group))]
        ordered += members if group in ("seat.", "won.", "score.") else sorted(members)
    return ordered + sorted(set(names) - set(ordered))


def to_table(rows: list[dict[str, Any]]) -> pa.Table:
    names = column_order(n for row in rows for n in row)
    arrays, fields = [], []
    for name in names:
        values = [row.get(name) for row in rows]
        kind = column_type(values)
        arrays.append(pa.array([_cell(v, kind) for v in values], type=kind))
        fields.append(pa.field(name, kind))
    schema = pa.schema(fields, metadata={"riotact.schema": str(SCHEMA_VERSION)})
    return pa.Table.from_arrays(arrays, schema=schema)


def write_table(rows: list[dict[str, Any]], path: str | os.PathLike[str]) -> pa.Table:
    """Write the rows as one Parquet file, atomically (a temporary file renamed)."""
    target = Path(path)
    table = to_table(rows)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    os.fchmod(fd, kept_mode(target))  # mkstemp makes 0600: a table for shared storage is read by others
    os.close(fd)
    try:
        pq.write_table(table, tmp)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return table


def read_rows(path: str | os.PathLike[str]) -> list[dict[str, Any]]:
    return pq.read_table(path).to_pylist()
