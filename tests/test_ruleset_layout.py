"""Every ruleset in the one layout (docs/architecture.md, "The shape of a ruleset"): the same file
names doing the same jobs, rules as functions over data (no parent-class chains), typed options."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from pathlib import Path
from types import ModuleType

import pytest

import riotact.rulesets
from riotact.rulesets import get_ruleset, ruleset_ids

RULESETS = Path(riotact.rulesets.__file__).parent
REQUIRED = {"__init__.py", "spec.py", "options.py", "setup.py", "state.py", "turn.py", "rules", "view.py",
            "determinise.py", "umpiring.py", "bots.py", "encoding.py", "text.py", "odds.py", "scenarios"}
OPTIONAL = {"tables.py", "board.py", "armies.py", "native"}
#: A class in rules/ is a small value (a hit, a plan), not a home for rules: at most this many methods.
RULES_CLASS_METHODS = 3


def packages() -> list[str]:
    return sorted(p.name for p in RULESETS.iterdir() if (p / "__init__.py").exists())


def modules(package: str) -> list[ModuleType]:
    root = importlib.import_module(f"riotact.rulesets.{package}")
    found = [root]
    for info in pkgutil.walk_packages(root.__path__, prefix=f"{root.__name__}."):
        found.append(importlib.import_module(info.name))
    return found


def test_every_registered_ruleset_is_a_package_here() -> None:
    assert sorted(ruleset_ids()) == sorted(p.replace("_", "-") for p in packages())


@pytest.mark.parametrize("package", packages())
def test_top_level_names_are_the_layout(package: str) -> None:
    names = {p.name for p in (RULESETS / package).iterdir()
             if p.name != "__pycache__" and (p.is_dir() or p.suffix == ".py")}
    assert REQUIRED - names == set(), f"{package} lacks {sorted(REQUIRED - names)}"
    assert names - REQUIRED - OPTIONAL == set(), \
        f"{package} has {sorted(names - REQUIRED - OPTIONAL)} outside the layout (move them into rules/ or the file " \
        "that does their job)"
    assert (RULESETS / package / "rules" / "__init__.py").exists()


@pytest.mark.parametrize("package", packages())
def test_init_only_exports_the_spec(package: str) -> None:
    tree = ast.parse((RULESETS / package / "__init__.py").read_text())
    body = [n for n in tree.body if not (isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant))]
    imports = [n for n in body if isinstance(n, ast.ImportFrom)]
    assert [(n.module, [a.name for a in n.names]) for n in imports if n.module != "__future__"] == [("spec", ["SPEC"])]
    assert all(isinstance(n, ast.ImportFrom) or (isinstance(n, ast.Assign) and
               ast.unparse(n.targets[0]) == "__all__") for n in body)


@pytest.mark.parametrize("package", packages())
def test_no_parent_class_chains_of_rules(package: str) -> None:
    """The one inheritance between ruleset classes: the protocol class in turn.py over the world in
    state.py (pydantic models of setup.py may share a base of setup.py; an accelerator's objects in
    native/ may extend its own compiled core)."""
    prefix = f"riotact.rulesets.{package}"
    for module in modules(package):
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ != module.__name__:
                continue
            own = [b for b in cls.__mro__[1:] if b.__module__.startswith(prefix)]
            if not own:
                continue
            where = cls.__module__.removeprefix(prefix + ".")
            if all(b.__module__ == f"{prefix}.setup" for b in own) or (
                    where.startswith("native.") and all(b.__module__.startswith(f"{prefix}.native.") for b in own)):
                continue
            assert where == "turn" and [b.__module__ for b in own] == [f"{prefix}.state"], \
                f"{cls.__module__}.{cls.__qualname__} inherits {[b.__qualname__ for b in own]}: rules are " \
                "functions over the world in rules/, not parent classes"


@pytest.mark.parametrize("package", packages())
def test_rules_are_functions(package: str) -> None:
    for path in (RULESETS / package / "rules").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef):
                methods = [n for n in node.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
                           and not n.name.startswith("__")]
                assert len(methods) <= RULES_CLASS_METHODS, \
                    f"{path.name}: class {node.name} has {len(methods)} methods; rules are module functions"


@pytest.mark.parametrize("package", packages())
def test_options_are_typed_and_read_by_attribute(package: str) -> None:
    spec = get_ruleset(package.replace("_", "-"))
    assert spec.options is not None and spec.options.__module__ == f"riotact.rulesets.{package}.options"
    for path in (RULESETS / package).rglob("*.py"):
        text = path.read_text()
        for needle in ('options["', "options.get(", "options['"):
            assert needle not in text, f"{path.relative_to(RULESETS)} reads a house rule by key ({needle})"


def _audiences(value: ast.expr) -> list[ast.expr]:
    """The audiences an expression passed as ``visible_to=`` may be (each branch of a conditional)."""
    if isinstance(value, ast.IfExp):
        return [*_audiences(value.body), *_audiences(value.orelse)]
    return [value]


@pytest.mark.parametrize("package", packages())
def test_who_is_told_is_stated_in_view(package: str) -> None:
    """What a seat knows is stated once, in view.py: elsewhere an event's ``visible_to=`` is one of its
    named audiences (or a value they gave), never a list of seats built where the event is told."""
    for path in (RULESETS / package).rglob("*.py"):
        if path.name == "view.py" or "native" in path.relative_to(RULESETS / package).parts:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if not (isinstance(node, ast.keyword) and node.arg == "visible_to"):
                continue
            for audience in _audiences(node.value):
                built = isinstance(audience, ast.List | ast.Set | ast.ListComp | ast.SetComp | ast.Constant) or (
                    isinstance(audience, ast.Call) and ast.unparse(audience.func) in ("sorted", "list", "set"))
                assert not built, f"{path.relative_to(RULESETS)}:{node.value.lineno}: visible_to=" \
                    f"{ast.unparse(node.value)} builds its audience; name it in view.py"
