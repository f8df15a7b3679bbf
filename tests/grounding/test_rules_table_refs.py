"""A sentence that names the wrong table or figure for a right value is wrong on that
reference (C2, the paper's table or figure as the correction), not supported because the
value occurs elsewhere. Real PDFs: S2ORC (papers/) and SPECTER (examples/)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

from annotations.schema import ErrorTag, Label
from grounding.evidence import EvidenceIndex
from grounding.judges.base import ClaimContext
from grounding.judges.rules import RulesJudge
from grounding.judges.table_refs import references
from grounding.pdf import read_pdf
from grounding.types import Judgement, Sentence
from tests.conftest import DATA, need

S2ORC = DATA / "papers" / "s2orc-2020.pdf"
SPECTER = Path(__file__).resolve().parents[2] / "examples" / "specter" / "paper.pdf"
IMIDAZOLE = DATA / "papers-more" / "imidazole-corrosion-2021.pdf"


@lru_cache(maxsize=4)
def _index(pdf: Path) -> EvidenceIndex:
    return EvidenceIndex.for_document(read_pdf(str(need(pdf))))


def _judge(pdf: Path, text: str) -> Judgement:
    return RulesJudge(index=_index(pdf)).judge(
        ClaimContext(Sentence(0, 0, len(text), text), "What does the paper say?", (), ())
    )


def test_references_are_read_with_their_kind_and_number() -> None:
    refs = references("As Tab. 3 and Figure 2b show, and Fig. 10 too.")
    assert [(r.kind, r.number) for r in refs] == [("table", 3), ("figure", 2), ("figure", 10)]
    assert references("Results improved by 3.5 points.") == []


@pytest.mark.parametrize(
    ("pdf", "text", "span", "correction"),
    [
        # S2ORC Table 8 (page 13): PDFs filtered before GROBID processing
        (S2ORC, "Table 3 reports that PyPDF2 errors removed 0.54M PDFs.", "Table 3", "Table 8"),
        (
            S2ORC,
            "Table 5 shows that 2.27M PDFs were filtered for having over 50 pages.",
            "Table 5",
            "Table 8",
        ),
        (S2ORC, "Tab. 3 lists 0.54M PDFs removed for PyPDF2 errors.", "Tab. 3", "Tab. 8"),
        # SPECTER: the homogeneity values are stated for the points of Figure 2
        (
            SPECTER,
            "According to Figure 1, the homogeneity value for SPECTER is 0.41.",
            "Figure 1",
            "Figure 2",
        ),
    ],
)
def test_a_right_value_under_the_wrong_table_is_wrong_on_the_reference(
    pdf: Path, text: str, span: str, correction: str
) -> None:
    j = _judge(pdf, text)
    assert j.label is Label.CONTRADICTION, j.rationale
    assert [(e.span, e.tags, e.correction) for e in j.errors] == [
        (span, (ErrorTag.C2,), correction)
    ]


@pytest.mark.parametrize(
    ("pdf", "text"),
    [
        # the right table or figure
        (S2ORC, "Table 8 reports that PyPDF2 errors removed 0.54M PDFs."),
        (S2ORC, "Table 8 shows that 2.27M PDFs were filtered for having over 50 pages."),
        (SPECTER, "According to Figure 2, the homogeneity value for SPECTER is 0.41."),
        # SPECTER's 91.5 is in Table 1 and in Table 3 (page 8)
        (SPECTER, "Table 3 shows that SPECTER reaches 91.5 nDCG on Co-View."),
        # Tables 1 and 2 share page 7: which one a row belongs to is not decided
        (SPECTER, "Table 2 shows that SPECTER reaches 91.5 nDCG on Co-View."),
        # the paper's own sentence ties a condition ("500 ppm", also a row of Table 4) to Figure 8
        (
            IMIDAZOLE,
            "In Figure 8, the authors delineate several areas in the 500 and 1000 ppm cases.",
        ),
        # no reference, or several
        (S2ORC, "PyPDF2 errors removed 0.54M PDFs."),
        (SPECTER, "SPECTER reaches 91.5 nDCG on Co-View (Tables 1 and 2)."),
    ],
)
def test_a_right_or_undecidable_reference_is_no_error(pdf: Path, text: str) -> None:
    j = _judge(pdf, text)
    assert j.label is Label.SUPPORTED, j.rationale
    assert not any(ErrorTag.C2 in e.tags for e in j.errors)
