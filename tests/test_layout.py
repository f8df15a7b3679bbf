"""The project's shape: imports point one way, heavy libraries stay in their adapters,
public names are exported once and sorted, functions and the reference modules stay short."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("annotations", "citations", "grounding")
ALLOWED = {
    "annotations": set(),
    "citations": {"annotations"},
    "grounding": {"annotations", "citations"},
}
# third-party modules allowed only in their adapter modules
PDF_ADAPTERS = {"grounding/pdf.py", "grounding/render.py"}
RAY_ENGINES = {"citations/engine_ray.py", "grounding/engine_ray.py"}
ADAPTER_ONLY = {"fitz": PDF_ADAPTERS, "pymupdf": PDF_ADAPTERS, "ray": RAY_ENGINES}
HEAVY = {"openai", "transformers", "torch", "ray"}


def _imports(path: Path) -> list[tuple[str, bool]]:
    """(module, at_module_level) for each import in a file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top = set(id(n) for n in tree.body)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(a.name, id(node) in top) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.append((node.module, id(node) in top))
    return out


@pytest.mark.parametrize("package", PACKAGES)
def test_imports_point_one_way(package: str) -> None:
    for path in (ROOT / package).rglob("*.py"):
        for module, _ in _imports(path):
            root = module.split(".")[0]
            if root in PACKAGES and root != package:
                assert root in ALLOWED[package], f"{path.relative_to(ROOT)} imports {module}"


@pytest.mark.parametrize("package", PACKAGES)
def test_heavy_libraries_stay_in_adapters(package: str) -> None:
    for path in (ROOT / package).rglob("*.py"):
        rel = path.relative_to(ROOT).as_posix()
        for module, top_level in _imports(path):
            root = module.split(".")[0]
            if root in ADAPTER_ONLY:
                assert rel in ADAPTER_ONLY[root], f"{rel} imports {module}"
            if root in HEAVY:
                assert not top_level, f"{rel} imports {module} at module level"


@pytest.mark.parametrize("package", PACKAGES)
def test_all_is_sorted_and_importable(package: str) -> None:
    mod = importlib.import_module(package)
    names = getattr(mod, "__all__", [])
    assert names == sorted(names)
    for name in names:
        assert hasattr(mod, name), f"{package}.{name} missing"


def test_ci_runs_the_readme_test_command() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "python -m pytest" in readme and "python -m pytest" in ci


#: The longest function of the packages, and the longest module of ``citations/``, in lines
#: (a longer one is split by what its parts do; the contributor guide says so).
MAX_FUNCTION_LINES = 80
MAX_CITATIONS_MODULE_LINES = 600


@pytest.mark.parametrize("package", PACKAGES)
def test_no_function_is_longer_than_the_limit(package: str) -> None:
    long = []
    for path in (ROOT / package).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > MAX_FUNCTION_LINES:
                    long.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name} ({lines})")
    assert not long, long


def test_no_citations_module_is_longer_than_the_limit() -> None:
    long = [
        f"{path.relative_to(ROOT)} ({n})"
        for path in (ROOT / "citations").rglob("*.py")
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_CITATIONS_MODULE_LINES
    ]
    assert not long, long
