"""The package's structure (issue 20's layout): the state (the table's data and queries) below the
rules, the rules below the protocol class (``turn``), and no import circle, counting imports made
only for type checking or inside functions."""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

import riotact.rulesets.civil_disorder as package

PACKAGE = Path(package.__file__).parent


def module_name(path: Path) -> str:
    """``state``, ``rules.crowds``: a module's name inside the package."""
    return ".".join(path.relative_to(PACKAGE).with_suffix("").parts).removesuffix(".__init__")


def import_graph() -> nx.DiGraph:
    graph = nx.DiGraph()
    modules = {module_name(p): p for p in PACKAGE.rglob("*.py") if "scenarios" not in p.parts}
    for name, path in modules.items():
        graph.add_node(name)
        here = name.split(".")[:-1] if path.stem != "__init__" else name.split(".")
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level:
                base = here[:len(here) - node.level + 1]
                package_name = [*base, *([node.module] if node.module else [])]
                targets = [".".join(package_name), *(".".join([*package_name, a.name]) for a in node.names)]
                graph.add_edges_from((name, t) for t in targets if t in modules and t != name)
    return graph


def test_no_import_circle():
    graph = import_graph()
    assert list(nx.simple_cycles(graph)) == []


def test_the_rules_depend_on_the_state_and_the_turn_on_the_rules():
    graph = import_graph()
    rules = {n for n in graph if n.startswith("rules.")}
    below_state = nx.descendants(graph, "state")
    assert not below_state & (rules | {"turn", "view"})
    assert {"state", "rules.crowds", "rules.combat", "rules.orders", "rules.looting", "rules.fire",
            "rules.medical", "view"} <= nx.descendants(graph, "turn")
    assert all("state" in nx.descendants(graph, r) for r in rules - {"rules"})
    assert "turn" not in set().union(*(nx.descendants(graph, r) for r in rules))
