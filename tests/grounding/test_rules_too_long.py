"""A run-on text with no sentence end is no claim the rules check: nei, said so, at once."""

from __future__ import annotations

import pytest

from grounding.check import check
from grounding.judges.registry import make_judge
from grounding.judges.rules_table import LONGEST_CLAIM
from grounding.pdf import Document, read_pdf
from tests.conftest import DATA, need

CLAUSE = (
    "the imidazole inhibitor reduced corrosion of carbon steel at 60 °C and pH 10 with "
    "an inhibition efficiency that rose to 91.7% at 500 ppm"
)


@pytest.fixture(scope="module")
def doc() -> Document:
    return read_pdf(need(DATA / "papers-more" / "imidazole-corrosion-2021.pdf"))


@pytest.mark.parametrize("judge", ["rules", "verifier"])
@pytest.mark.parametrize("joiner", [" and ", ", ", " "])
def test_a_run_on_paste_is_nei_as_too_long(doc: Document, judge: str, joiner: str) -> None:
    text = joiner.join([CLAUSE] * 200)
    report = check("What did the study find?", text, doc, judge=make_judge(judge))
    (only,) = report.sentences
    assert only.judgement.label.value == "nei"
    assert "too long to check as one claim" in only.judgement.rationale
    assert f"{len(text):,} characters" in only.judgement.rationale
    assert not only.judgement.errors


def test_a_long_sentence_under_the_limit_is_still_checked(doc: Document) -> None:
    text = ", and ".join([CLAUSE] * 12)
    assert len(text) <= LONGEST_CLAIM
    (only,) = check("What did the study find?", text + ".", doc).sentences
    assert only.judgement.extra.get("row") != "too_long"


def test_the_same_text_with_sentence_ends_is_checked_sentence_by_sentence(doc: Document) -> None:
    text = " ".join(f"{CLAUSE[0].upper()}{CLAUSE[1:]}." for _ in range(40))
    report = check("What did the study find?", text, doc)
    assert len(report.sentences) == 40
    assert all(s.judgement.extra.get("row") != "too_long" for s in report.sentences)
