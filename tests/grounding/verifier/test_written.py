"""The hand-written training pairs: each premise is a passage of its real PDF, labels are
valid and balanced per paper, and a held-out paper keeps its written pairs out of training."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from grounding.verifier.corpus import LABELS, WRITTEN, Pair, split_heldout, written_pairs

DATA = Path(__file__).resolve().parents[3] / ".." / "shared" / "data"


def _rows(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def _squash(text: str) -> str:
    return " ".join(text.split())


def _page_forms(text: str) -> tuple[str, str]:
    """The page's text with its whitespace collapsed, as extracted and with words
    hyphenated across a line break joined again."""
    return _squash(text), _squash(re.sub(r"(\w)-\n(\w)", r"\1\2", text))


def test_every_paper_has_pairs_of_all_three_labels() -> None:
    pairs = written_pairs()
    per_paper = Counter(p.group for p in pairs)
    assert len(per_paper) == len(list(WRITTEN.glob("*.jsonl"))) >= 8
    for group in per_paper:
        labels = Counter(p.label for p in pairs if p.group == group)
        assert set(labels) == set(LABELS), group
        assert min(labels.values()) >= 0.2 * sum(labels.values()), (group, labels)
    assert all(p.claim and p.premise and p.claim != p.premise for p in pairs)


@pytest.mark.parametrize("path", sorted(WRITTEN.glob("*.jsonl")), ids=lambda p: p.stem)
def test_each_premise_is_a_passage_of_its_page(path: Path) -> None:
    pymupdf = pytest.importorskip("pymupdf")
    rows = _rows(path)
    pdf = DATA / str(rows[0]["pdf"])
    if not pdf.exists():
        pytest.skip(f"{pdf} is absent (the shared data folder is not beside the repository)")
    with pymupdf.open(pdf) as doc:
        pages = [_page_forms(page.get_text()) for page in doc]
    missing = [
        r["premise"]
        for r in rows
        if not any(_squash(str(r["premise"])) in form for form in pages[int(str(r["page"])) - 1])
    ]
    assert not missing


def test_a_folder_without_pairs_is_an_error_not_an_empty_mix(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="no written pairs"):
        written_pairs(tmp_path)


def test_a_malformed_line_names_its_file_and_line(tmp_path: Path) -> None:
    good = {
        "pdf": "p.pdf",
        "page": 1,
        "premise": "A rose.",
        "claim": "A grew.",
        "label": "supported",
    }
    (tmp_path / "paper.jsonl").write_text(json.dumps(good) + "\n\n{broken\n")
    with pytest.raises(ValueError, match=r"paper\.jsonl:3: not a pair"):
        written_pairs(tmp_path)
    (tmp_path / "paper.jsonl").write_text(json.dumps(good | {"label": "true"}) + "\n")
    with pytest.raises(ValueError, match=r"paper\.jsonl:1: label 'true'"):
        written_pairs(tmp_path)


def test_the_held_out_paper_keeps_its_written_and_synthetic_pairs_out() -> None:
    pairs = [
        Pair("p", "c", "supported", "synthetic", "paper:a"),
        Pair("p", "c", "supported", "written", "paper:a"),
        Pair("p", "c", "supported", "synthetic", "paper:b"),
        Pair("p", "c", "refuted", "written", "paper:b"),
    ]
    train, held = split_heldout(pairs)
    assert {p.group for p in held} == {"paper:b"} and len(held) == 2
    assert {p.group for p in train} == {"paper:a"}
