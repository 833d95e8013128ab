"""The golden logs (``scripts/golden.py``): every built-in scenario, every bot kind, several seeds,
played again byte for byte. A refactor that changes any game fails here; a named fix re-records the
files it changes (``python scripts/golden.py record --only NAME``)."""

from __future__ import annotations

import gzip
import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest


def _golden() -> ModuleType:
    path = Path(__file__).resolve().parent.parent / "scripts" / "golden.py"
    spec = importlib.util.spec_from_file_location("golden", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["golden"] = module
    spec.loader.exec_module(module)
    return module


golden = _golden()
CASES = list(golden.cases())


def test_every_case_is_recorded_and_nothing_else() -> None:
    recorded = {p.name for p in golden.GOLDEN_DIR.glob("*.jsonl.gz")}
    assert recorded == {c.path.name for c in CASES}
    assert len(CASES) == 15 * 7  # 15 scenarios: random and heuristic x 3 seeds, search x 1


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_game_is_byte_identical(case: Any) -> None:
    old, new = gzip.decompress(case.path.read_bytes()), golden.play(case)
    assert old == new, f"{case.name} differs at {golden.first_difference(old, new)}"


def test_a_changed_game_is_caught() -> None:
    """The comparison can fail: a golden file with one event's words changed differs."""
    case = CASES[0]
    old = gzip.decompress(case.path.read_bytes())
    changed = old.replace(b'"text":"', b'"text":"!', 1)
    assert changed != old
    assert golden.first_difference(changed, golden.play(case)).startswith("line ")
