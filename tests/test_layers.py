"""Imports flow one way: interfaces -> registry -> rulesets -> core. The core imports nothing above it."""

from __future__ import annotations

import ast
from pathlib import Path

import riotact

PACKAGE = Path(riotact.__file__).parent
UPWARD = ("riotact.rulesets", "riotact.cli", "riotact.web", "riotact.lab", "riotact.rl")
INTERFACES = UPWARD[1:]


def imported_modules(path: Path, root: Path) -> list[tuple[int, str]]:
    """Every module a file under ``root`` imports, anywhere in it (also inside functions), absolute names."""
    package = ".".join(path.relative_to(root).with_suffix("").parts[:-1])
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: resolve against the file's package
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{parent}.{base}" if base else parent
            found.append((node.lineno, base))
            found.extend((node.lineno, f"{base}.{alias.name}") for alias in node.names)
        elif (isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) in
              ("import_module", "__import__") and node.args and isinstance(node.args[0], ast.Constant)):
            found.append((node.lineno, str(node.args[0].value)))
    return found


def offences(folder: Path, forbidden: tuple[str, ...], root: Path = PACKAGE.parent) -> list[str]:
    return [f"{path.relative_to(root)}:{line} imports {name}"
            for path in sorted(folder.rglob("*.py"))
            for line, name in imported_modules(path, root)
            if any(name == f or name.startswith(f + ".") for f in forbidden)]


def test_the_core_imports_nothing_above_it() -> None:
    """riotact.core never imports the ruleset registry, a ruleset or an interface (issue 7)."""
    assert offences(PACKAGE / "core", UPWARD) == []


def test_rulesets_import_no_interface() -> None:
    assert offences(PACKAGE / "rulesets", INTERFACES) == []


def test_the_check_finds_an_upward_import(tmp_path: Path) -> None:
    """The scan sees lazy imports inside functions and relative imports that climb out of core."""
    core = tmp_path / "riotact" / "core"
    core.mkdir(parents=True)
    (core / "sample.py").write_text("def f():\n    from riotact.rulesets import get_ruleset\n\n"
                                    "from ..cli import main\nfrom .log import UMPIRE\n", encoding="utf-8")
    assert sorted(offences(core, UPWARD, tmp_path)) == [
        "riotact/core/sample.py:2 imports riotact.rulesets",
        "riotact/core/sample.py:2 imports riotact.rulesets.get_ruleset",
        "riotact/core/sample.py:4 imports riotact.cli",
        "riotact/core/sample.py:4 imports riotact.cli.main"]
