"""Comments, docstrings and docs name the kind of input, not an id a reader cannot look up
(a case of an outside file, an issue number, a work-session label)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
IDS = re.compile(
    r"\b(?:cases? [BC]\d{2}|issues? #?\d+|stop \d+)\b|\([BC]\d{2}[a-z]?[,;)]", re.IGNORECASE
)


def _files() -> list[Path]:
    files = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    for package in ("annotations", "citations", "grounding", "bench", "scripts"):
        files += sorted((ROOT / package).rglob("*.py"))
    return files


def test_no_case_ids_or_issue_numbers() -> None:
    found = []
    for path in _files():
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if IDS.search(line):
                found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert not found, "name the kind of input instead:\n" + "\n".join(found)
