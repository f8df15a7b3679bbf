"""Shared fixtures: paths to the real data in ../shared (tests skip if it is absent)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
DATA = SHARED / "data"
PAPERS = DATA / "papers"
DEV = DATA / "groundqa" / "dev"
CASES_FILE = SHARED / "cases" / "cases.jsonl"


def need(path: Path) -> Path:
    """Return path, or skip the test saying which shared file is missing."""
    if not path.exists():
        pytest.skip(f"shared data not found: {path}")
    return path


def load_cases(component: str) -> dict[str, dict]:
    """Cases from ../shared/cases/cases.jsonl for one component, keyed by id."""
    need(CASES_FILE)
    out = {}
    for line in CASES_FILE.read_text(encoding="utf-8").splitlines():
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
