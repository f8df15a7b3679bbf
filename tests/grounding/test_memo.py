"""Memos of texts last one check (grounding.memo): a check starts and ends with them empty."""

from __future__ import annotations

from grounding import quantities
from grounding.check import check
from grounding.lexicon import content_terms
from grounding.memo import forget_check_memos, per_check
from grounding.quantities import extract_quantities, text_quantities
from tests.conftest import ROOT

EXAMPLE = ROOT / "examples" / "specter"


def test_per_check_memo_is_emptied() -> None:
    calls: list[str] = []

    @per_check(maxsize=8)
    def upper(text: str) -> str:
        calls.append(text)
        return text.upper()

    assert upper("a") == upper("a") == "A" and calls == ["a"]
    forget_check_memos()
    assert upper.cache_info().currsize == 0
    assert upper("a") == "A" and calls == ["a", "a"]


def test_check_leaves_no_text_in_its_memos() -> None:
    # a sentence read before the check is not in the memo the check starts from, and the
    # sentences of the check are not kept after it (a repeated check costs the same)
    text_quantities("Accuracy rose from 81.2% to 84.7% on 1,000 papers.")
    content_terms("Accuracy rose from 81.2% to 84.7% on 1,000 papers.")
    question = (EXAMPLE / "question.txt").read_text(encoding="utf-8")
    answer = (EXAMPLE / "answer.txt").read_text(encoding="utf-8")
    first = check(question, answer, EXAMPLE / "paper.pdf")
    assert quantities._extracted.cache_info().currsize == 0
    again = check(question, answer, EXAMPLE / "paper.pdf")
    assert quantities._extracted.cache_info().currsize == 0
    assert [a.label for a in again.annotations] == [a.label for a in first.annotations]


def test_memoised_quantities_are_a_new_list_each_call() -> None:
    # the judge's checkers read one sentence's numbers many times: a caller that sorts or
    # extends its list must not change what the next caller reads
    text = "Accuracy rose from 81.2% to 84.7% on 1,000 papers."
    first = extract_quantities(text)
    values = [q.value for q in first]
    first.clear()
    assert [q.value for q in extract_quantities(text)] == values == [81.2, 84.7, 1000.0]
    assert text_quantities(text) == tuple(extract_quantities(text))
