"""The packages type-check under mypy --strict (settings in pyproject.toml): annotations and
docstrings agree, and a changed signature is caught where it is used."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.conftest import ROOT


def test_mypy_strict_passes() -> None:
    pytest.importorskip("mypy", reason="mypy is not installed (pip install -e '.[dev]')")
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "annotations", "citations", "grounding"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]
