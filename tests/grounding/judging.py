"""Running a judge in tests: over a dev row's gold sentence splits, as bench/judge_dev.py
does, or on a one-sentence answer against a PDF."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from annotations.schema import ErrorTag, Label
from grounding.check import check
from grounding.judges.base import ClaimContext
from grounding.pdf import Document, read_pdf
from grounding.types import Judgement, Sentence
from tests.conftest import need


def judge_gold_splits(
    judge: Any, row: dict[str, Any]
) -> Iterator[tuple[int, dict[str, Any], Judgement]]:
    """(index, gold annotation, judgement) for each gold sentence of a dev row (JSON dict),
    in order, each judged with the earlier sentences as its context."""
    previous: list[Sentence] = []
    for i, ann in enumerate(row["annotations"]):
        s = Sentence(i, 0, len(ann["sentence"]), ann["sentence"])
        yield i, ann, judge.judge(ClaimContext(s, row["question_text"], tuple(previous), ()))
        previous.append(s)


_DOCS: dict[Path, Document] = {}


def judged(pdf: Path, sentence: str) -> tuple[str, str]:
    """(label value, rationale) of a one-sentence answer checked against ``pdf`` (read
    once per test session; skipped when the PDF is absent), references not verified."""
    if pdf not in _DOCS:
        _DOCS[pdf] = read_pdf(need(pdf))
    [s] = check("", sentence, _DOCS[pdf], verify_citations=False).sentences
    return s.annotation.label.value, s.annotation.rationale


def judged_c1(pdf: Path, sentence: str) -> tuple[Label, str, list[tuple[str, str]]]:
    """(label, rationale, [(span, correction) of its C1 errors, "" for none]) of a
    one-sentence answer checked against ``pdf`` (read once per test session; skipped when
    the PDF is absent). The spans are the checker's (the value and the paper's value for
    its binding); the row widens them to their phrase (``test_error_phrases.py``)."""
    if pdf not in _DOCS:
        _DOCS[pdf] = read_pdf(need(pdf))
    [s] = check("What does the paper report?", sentence, _DOCS[pdf]).sentences
    a = s.annotation
    c1 = [(e.span, e.correction or "") for e in s.judgement.errors if ErrorTag.C1 in e.tags]
    return a.label, a.rationale, c1


def assert_c1(pdf: Path, sentence: str, c1: list[tuple[str, str]]) -> None:
    """Assert that the one-sentence answer ``sentence`` is contradicted against ``pdf``
    with exactly the C1 errors ``c1`` ((span, correction) as the checker gives them)."""
    label, why, errors = judged_c1(pdf, sentence)
    assert label is Label.CONTRADICTION, why
    assert errors == c1, (why, errors)
