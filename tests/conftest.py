"""Shared fixtures: paths to the real data in ../shared (tests skip if it is absent)."""

from __future__ import annotations

import importlib.util
import json
import os
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import settings

#: Property tests draw the same examples on every run unless HYPOTHESIS_PROFILE=explore:
#: a test run (and CI) does not turn red on a new random draw, and no example has a
#: deadline on a loaded machine. Run with the explore profile to look for new failures.
settings.register_profile("repeatable", derandomize=True, deadline=None)
settings.register_profile("explore", deadline=None, max_examples=1000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
DATA = SHARED / "data"
PAPERS = DATA / "papers"
DEV = DATA / "groundqa" / "dev"
CASES_FILE = SHARED / "cases" / "cases.jsonl"


def load_bench(name: str) -> ModuleType:
    """Load the script ``bench/<name>.py`` as a module (bench/ is not a package)."""
    spec = importlib.util.spec_from_file_location(f"bench_{name}", ROOT / "bench" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def need(path: Path) -> Path:
    """Return path, or skip the test saying which shared file is missing."""
    if not path.exists():
        pytest.skip(f"shared data not found: {path}")
    return path


def load_cases(component: str) -> dict[str, dict]:
    """Cases from ../shared/cases/cases.jsonl for one component, keyed by id."""
    need(CASES_FILE)
    out = {}
    # JSONL lines end at "\n" only: str.splitlines() would also cut at U+2028 / U+2029 / U+0085,
    # which JSON strings may hold raw (case C13).
    for line in CASES_FILE.read_text(encoding="utf-8").split("\n"):
        if line.strip():
            case = json.loads(line)
            if case["component"] == component:
                out[case["id"]] = case
    return out


@pytest.fixture(scope="session")
def dev_dir() -> Path:
    return need(DEV)


@pytest.fixture(scope="session")
def papers_dir() -> Path:
    return need(PAPERS)


@pytest.fixture(scope="session")
def ray_cluster() -> Iterator[ModuleType]:
    """A local Ray instance (2 CPUs, no dashboard) started once for every Ray engine test
    and shut down at the end; skips when Ray (extra 'ray') is not installed. Workers import
    this checkout (and the test helpers) through PYTHONPATH."""
    ray = pytest.importorskip(
        "ray", reason="ray is not installed (extra 'ray'): the Ray engine tests need it"
    )
    old = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), old) if p)
    ray.init(
        num_cpus=2, include_dashboard=False, object_store_memory=128 * 1024**2, log_to_driver=False
    )
    try:
        yield ray
    finally:
        ray.shutdown()
        if old is None:
            os.environ.pop("PYTHONPATH", None)
        else:
            os.environ["PYTHONPATH"] = old
