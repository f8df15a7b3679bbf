"""No two modules of the packages import each other, directly or through others.

Every import statement counts, module-level or inside a function (a function-level import
hides a cycle from Python's loader, not from a reader). Relative imports are resolved;
``from pkg import name`` is an edge to ``pkg.name`` when that is a module, else to ``pkg``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("annotations", "citations", "grounding")

#: Cycles allowed to remain. None is left; the tuple stays so that a cycle accepted for a
#: while is named here with its reason. No other cycle may appear.
KNOWN_CYCLES: tuple[frozenset[str], ...] = ()


def _modules() -> dict[str, Path]:
    mods = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            mods[".".join(parts)] = path
    return mods


def _targets(node: ast.AST, module: str, is_package: bool, mods: dict[str, Path]) -> list[str]:
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if not isinstance(node, ast.ImportFrom):
        return []
    if node.level:
        base = module.split(".") if is_package else module.split(".")[:-1]
        base = base[: len(base) - (node.level - 1)]
        source = ".".join(base + ([node.module] if node.module else []))
    else:
        source = node.module or ""
    return [f"{source}.{a.name}" if f"{source}.{a.name}" in mods else source for a in node.names]


def import_graph() -> nx.DiGraph:
    """module -> module it imports, for every import statement in the packages."""
    mods = _modules()
    graph = nx.DiGraph()
    for module, path in mods.items():
        graph.add_node(module)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            for target in _targets(node, module, path.name == "__init__.py", mods):
                while target and target not in mods:
                    target = target.rpartition(".")[0]
                if target and target != module:
                    graph.add_edge(module, target)
    return graph


def test_the_walk_sees_function_level_imports() -> None:
    graph = import_graph()
    # cli_check imports the Ray engine inside a function only.
    assert graph.has_edge("grounding.cli_check", "grounding.engine_ray")
    assert not graph.has_edge("grounding.engine_ray", "grounding.cli_check")


def test_no_import_cycles() -> None:
    graph = import_graph()
    new = []
    for component in nx.strongly_connected_components(graph):
        if len(component) > 1 and not any(component <= known for known in KNOWN_CYCLES):
            cycle = nx.find_cycle(graph.subgraph(component))
            new.append(" -> ".join([a for a, _ in cycle] + [cycle[0][0]]))
    assert not new, "modules import each other:\n" + "\n".join(sorted(new))
