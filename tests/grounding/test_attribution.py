"""Tests for grounding.judges.attribution: which page text reports other work."""

from __future__ import annotations

import pytest

from grounding.evidence import EvidenceIndex
from grounding.judges.attribution import Attribution
from grounding.pdf import read_pdf
from tests.conftest import PAPERS, need

_PAGE = (
    "Our tagger reaches 91.5 F1 on the test set. Lee et al. [7] reported 88.0 F1 with a "
    "CRF. We use the same split.\nPrior taggers reached 85.2 [12]. Smith and Jones (2019) "
    "found that the effect was small [3].\n3 Results\nThe model is ten times the size of "
    "SciBERT [4].\n"
)


def _linear(att: Attribution, page: int, offset: int) -> bool:
    """The definition: ``offset`` lies in one of the page's cited sentences."""
    return any(a <= offset < b for a, b in att.cited(page))


def test_is_attributed_agrees_with_the_cited_spans_on_a_built_page() -> None:
    att = Attribution.of(EvidenceIndex.from_texts([_PAGE]))
    assert att.cited(1)  # the page holds cited sentences
    got = [att.is_attributed(1, k) for k in range(-1, len(_PAGE) + 2)]
    assert got == [_linear(att, 1, k) for k in range(-1, len(_PAGE) + 2)]
    assert any(got) and not all(got)
    assert not att.is_attributed(2, 0)  # a page it does not hold


@pytest.mark.parametrize("name", ["s2orc-2020", "specter-2020"])
def test_is_attributed_agrees_with_the_cited_spans_on_paper_pages(name: str) -> None:
    index = EvidenceIndex.build(read_pdf(need(PAPERS / f"{name}.pdf")))
    att = Attribution.of(index)
    for number, page in index.pages.items():
        offsets = range(0, len(page.text) + 1, 3)
        assert [att.is_attributed(number, k) for k in offsets] == [
            _linear(att, number, k) for k in offsets
        ], f"page {number}"
