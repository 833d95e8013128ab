"""The By Will Alone package imports one way: the world (state, board, tables) below the rules
(``rules/``) and the view, and the protocol class (turn.py) above them, with no circle, not even
through imports made only for type checking."""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

import riotact.rulesets.by_will_alone as bwa

PACKAGE = Path(bwa.__file__).parent


def _imports() -> nx.DiGraph:
    """Modules by their dotted name in the package (``rules.combat``), each to what it imports."""
    graph = nx.DiGraph()
    modules = {".".join(p.relative_to(PACKAGE).with_suffix("").parts) for p in PACKAGE.rglob("*.py")}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE).with_suffix("").parts
        if parts[-1] == "__init__":
            continue
        module = ".".join(parts)
        graph.add_node(module)
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and 0 < node.level <= len(parts):
                base = [*parts[:len(parts) - node.level], *(node.module.split(".") if node.module else [])]
                names = [".".join([*base, a.name]) for a in node.names]  # ``from .rules import orders``
                for target in [".".join(base)] * bool(node.module) + [n for n in names if n in modules]:
                    graph.add_edge(module, target)
    return graph


def test_no_import_circle_in_the_package() -> None:
    cycles = list(nx.simple_cycles(_imports()))
    assert cycles == [], f"import circles: {cycles}"


def test_rules_depend_on_the_world_not_on_the_protocol_class() -> None:
    graph = _imports()
    for phase in ("rules.orders", "view", "rules.actions", "rules.combat", "board", "rules.victory", "state"):
        assert "turn" not in nx.descendants(graph, phase), phase
    assert {"rules.orders", "view", "state"} <= set(graph.successors("turn"))
