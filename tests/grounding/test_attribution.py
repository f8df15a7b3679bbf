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


def _references_of(name: str) -> dict[int, tuple[int, int]]:
    return Attribution.of(EvidenceIndex.build(read_pdf(need(PAPERS / f"{name}.pdf")))).references


def test_a_wrapped_entry_opening_on_an_initial_does_not_end_the_reference_list() -> None:
    # LAVIS's list wraps "C. Lawrence Zitnick." onto a line of its own (page 9) and runs
    # on to page 10 ("[49] Amanpreet Singh, ... Mmf: ..."): all of it is the list
    refs = _references_of("lavis-2022")
    assert sorted(refs) == [8, 9, 10]
    # SPECTER's list ("K. Bretonnel Cohen, ...") ends at its appendix ("Appendix A -
    # Baseline Details", page 12), and S2ORC's at "A" / "Background & Terminology"
    refs = _references_of("specter-2020")
    assert sorted(refs) == [9, 10, 11, 12] and refs[12][1] < 10
    refs = _references_of("s2orc-2020")
    assert refs[13] == (0, 0)


@pytest.mark.parametrize(
    ("text", "ends"),
    [
        ("B. Datasets", True),
        ("A\nBackground & Terminology", True),
        ("C Implementation Details", True),
        ("Appendix", True),
        ("Supplementary information The online version", True),
        ("C. Lawrence Zitnick.", False),
        ("K. Bretonnel Cohen, Helen L. Johnson, Karin M. Verspoor,", False),
        ("A Model of Extended Paragraph Vector", False),
        ("M. Chen, J. Tworek, H. Jun", False),
    ],
)
def test_a_heading_after_the_references_is_a_line_of_words_alone(text: str, ends: bool) -> None:
    page = "References\n[1] A. Author. A title. 2019.\n" + text + "\n[2] B. Author. 2020.\n"
    refs = Attribution.of(EvidenceIndex.from_texts([page])).references[1]
    assert (refs[1] < len(page)) is ends, refs
