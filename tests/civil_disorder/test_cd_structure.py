"""The package's structure: the world (data and queries) below the phases, the phases below the
game state, and no import circle, counting imports made only for type checking or inside
functions."""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

import riotact.rulesets.civil_disorder as package

PACKAGE = Path(package.__file__).parent


def import_graph() -> nx.DiGraph:
    graph = nx.DiGraph()
    for path in PACKAGE.glob("*.py"):
        graph.add_node(path.stem)
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                targets = [node.module] if node.module else [alias.name for alias in node.names]
                for target in targets:
                    if (PACKAGE / f"{target}.py").exists():
                        graph.add_edge(path.stem, target)
    return graph


def test_no_import_circle():
    graph = import_graph()
    assert list(nx.simple_cycles(graph)) == []


def test_phases_depend_on_the_world_and_the_state_on_the_phases():
    graph = import_graph()
    below_world = nx.descendants(graph, "world")
    assert "state" not in below_world and not below_world & {"crowds", "combat", "orders", "looting", "fire"}
    assert {"world", "crowds", "combat", "orders", "looting", "fire", "medical"} <= nx.descendants(graph, "state")
    assert "world" in nx.descendants(graph, "crowds") and "state" not in nx.descendants(graph, "crowds")
