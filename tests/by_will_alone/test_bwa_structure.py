"""The By Will Alone package imports one way: the world (board, units, map, tables) below the
phases (orders, combat, actions, view), and the State class (state.py) above them, with no circle,
not even through imports made only for type checking."""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

import riotact.rulesets.by_will_alone as bwa

PACKAGE = Path(bwa.__file__).parent


def _imports() -> nx.DiGraph:
    graph = nx.DiGraph()
    for path in PACKAGE.glob("*.py"):
        module = path.stem
        graph.add_node(module)
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                targets = [node.module] if node.module else [a.name for a in node.names]
                for target in targets:
                    graph.add_edge(module, target.split(".")[0])
    return graph


def test_no_import_circle_in_the_package() -> None:
    cycles = list(nx.simple_cycles(_imports()))
    assert cycles == [], f"import circles: {cycles}"


def test_phases_depend_on_the_world_not_on_the_state_class() -> None:
    graph = _imports()
    for phase in ("orders", "view", "actions", "combat", "board", "victory"):
        assert "state" not in nx.descendants(graph, phase), phase
    assert {"orders", "view", "actions"} <= set(graph.successors("state"))
