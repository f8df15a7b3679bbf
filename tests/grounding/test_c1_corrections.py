"""The correction of a C1 is the paper's value for the sentence's own binding, or no
correction where the paper leaves the binding open; never the value of another binding.

Three kinds, each on several real papers, with the correct sentences that must not change:
two values exchanged between two named table rows (both numbers C1, each corrected by the
other); a name the table gives to rows of several groups ("NER" under four data sets: C1
with no correction); a paper statement repeated with one number changed, where another of
its numbers was read against another statement (the C1 moves to the changed number)."""

from __future__ import annotations

from pathlib import Path

import pytest

from annotations.schema import ErrorTag, Label
from grounding.check import check
from grounding.pdf import Document, read_pdf
from tests.conftest import DATA, PAPERS, need

MORE = DATA / "papers-more"
_DOCS: dict[Path, Document] = {}


def _judged(pdf: Path, sentence: str) -> tuple[Label, str, list[tuple[str, str]]]:
    """(label, rationale, [(span, correction) of C1 errors]) of a one-sentence answer."""
    if pdf not in _DOCS:
        _DOCS[pdf] = read_pdf(need(pdf))
    report = check("What does the paper report?", sentence, _DOCS[pdf])
    [s] = report.sentences
    a = s.annotation
    return a.label, a.rationale, [(e.span, e.correction) for e in a.errors if ErrorTag.C1 in e.tags]


# ---------------------------------------------------------------- values exchanged


@pytest.mark.parametrize(
    ("pdf", "sentence", "fixes"),
    [
        # the value 16.0 is also AIME's cell of another column
        (
            PAPERS / "deepseek-r1-2025.pdf",
            "SWE Verified (Resolved) and Aider-Polyglot (Acc.) reach 16.0 and 38.8, respectively.",
            {("16.0", "38.8"), ("38.8", "16.0")},
        ),
        # 16 is the cell of many rows of the risk table
        (
            MORE / "marsh-deer-dra-2025.pdf",
            "Nutritional deficit and Capture myopathy reach 16 and 9, respectively.",
            {("16", "9"), ("9", "16")},
        ),
        # 180 stands in three cells of the T2 TSE row
        (
            MORE / "promis-prostate-mri-2015.pdf",
            "VIBE fat sat and T2 TSE reach 180 and 15, respectively.",
            {("180", "15"), ("15", "180")},
        ),
        # two names with one key word, told apart by their brackets
        (
            PAPERS / "s2orc-2020.pdf",
            "DEP (LAS) and DEP (UAS) reach 91.99 and 90.43, respectively.",
            {("91.99", "90.43"), ("90.43", "91.99")},
        ),
    ],
)
def test_values_exchanged_between_two_named_rows_are_both_corrected(
    pdf: Path, sentence: str, fixes: set[tuple[str, str]]
) -> None:
    label, why, c1 = _judged(pdf, sentence)
    assert label is Label.CONTRADICTION, why
    assert set(c1) == fixes, why


@pytest.mark.parametrize(
    ("pdf", "sentence"),
    [
        (
            PAPERS / "deepseek-r1-2025.pdf",
            "SWE Verified (Resolved) and Aider-Polyglot (Acc.) reach 38.8 and 16.0, respectively.",
        ),
        (
            MORE / "marsh-deer-dra-2025.pdf",
            "Nutritional deficit and Capture myopathy reach 9 and 16, respectively.",
        ),
        (
            MORE / "promis-prostate-mri-2015.pdf",
            "VIBE fat sat and T2 TSE reach 15 and 180, respectively.",
        ),
        (
            PAPERS / "s2orc-2020.pdf",
            "DEP (LAS) and DEP (UAS) reach 90.43 and 91.99, respectively.",
        ),
    ],
)
def test_values_in_their_own_rows_stay_supported(pdf: Path, sentence: str) -> None:
    label, why, c1 = _judged(pdf, sentence)
    assert label is Label.SUPPORTED, why
    assert c1 == []


# ------------------------------------------------- one name for rows of several groups


@pytest.mark.parametrize(
    ("pdf", "sentence", "span"),
    [
        # S2ORC Table 6: "REL" under ChemProt (84.59) and SciERC (81.77)
        (PAPERS / "s2orc-2020.pdf", "The results are 90.41 (REL) and 68.45 (CLS).", "90.41"),
        # "NER" under four data sets
        (PAPERS / "s2orc-2020.pdf", "NER scores 90.80, compared with 72.35 for PICO.", "90.80"),
        (PAPERS / "s2orc-2020.pdf", "For NER, the value is 72.28; for PICO, it is 72.35.", "72.28"),
        # risk table: "Trypanosomiasis" for two species (8 and 4 in that column)
        (
            MORE / "marsh-deer-dra-2025.pdf",
            "For Trypanosomiasis, the value is 2; for Neosporosis, it is 3.",
            "2",
        ),
    ],
)
def test_a_name_of_several_rows_is_contradicted_without_a_correction(
    pdf: Path, sentence: str, span: str
) -> None:
    label, why, c1 = _judged(pdf, sentence)
    assert label is Label.CONTRADICTION, why
    assert c1 == [(span, "")], why
    assert "none of the rows" in why


@pytest.mark.parametrize(
    ("pdf", "sentence", "fix"),
    [
        # the species in brackets names one row: its cell is the correction
        (
            MORE / "marsh-deer-dra-2025.pdf",
            "For Trypanosomiasis (T. theileri), the value is 2; for Neosporosis, it is 3.",
            ("2", "8"),
        ),
        # "PICO" names one row of S2ORC Table 6
        (
            PAPERS / "s2orc-2020.pdf",
            "For PICO, the value is 90.80; for NER, it is 90.41.",
            ("90.80", "72.35"),
        ),
    ],
)
def test_a_name_of_one_row_keeps_its_correction(
    pdf: Path, sentence: str, fix: tuple[str, str]
) -> None:
    label, why, c1 = _judged(pdf, sentence)
    assert label is Label.CONTRADICTION, why
    assert c1 == [fix], why


@pytest.mark.parametrize(
    ("pdf", "sentence"),
    [
        (PAPERS / "s2orc-2020.pdf", "NER scores 88.70, compared with 72.35 for PICO."),
        (PAPERS / "s2orc-2020.pdf", "The results are 81.77 (REL) and 68.45 (CLS)."),
        (
            MORE / "marsh-deer-dra-2025.pdf",
            "For Trypanosomiasis, the value is 8; for Neosporosis, it is 4.",
        ),
    ],
)
def test_the_value_of_one_of_the_rows_stays_supported(pdf: Path, sentence: str) -> None:
    label, why, c1 = _judged(pdf, sentence)
    assert label is Label.SUPPORTED, why
    assert c1 == []


# ------------------------------------------- a paper statement with one number changed


@pytest.mark.parametrize(
    ("pdf", "sentence", "fix"),
    [
        # 6 mHz was read against "the e = 0.9 source is concentrated at ... 40 mHz"
        (
            PAPERS / "legwork-2022.pdf",
            "The LISA sensitivity at this point is much weaker than the 6 mHz at which the "
            "e = 0.9 source is concentrated.",
            ("0.9", "0.6"),
        ),
        # 30 min was read against another condition of the page
        (
            MORE / "cfp-t65s-2012.pdf",
            "All variants display between 85% and 1% irreversible fluorescence loss after "
            "30 min of irradiation at maximum Hg lamp power.",
            ("1%", "95%"),
        ),
        # the 3 mM was read against a buffer of page 2
        (
            MORE / "cfp-t65s-2012.pdf",
            "All samples were equilibrated overnight against their buffer (30 mM CAPS, 30 mM "
            "MES and 30 mM Bis-tris propane at pH 7.4 and 3 mM citric acid at pH 2.5).",
            ("3 mM", "30 mM"),
        ),
        # 543 was read against the next sentence, which gives it to definition two
        (
            MORE / "promis-prostate-mri-2015.pdf",
            "This is equivalent to a total of 543 men for UCL definition one and 388 men for "
            "UCL definition two.",
            ("543", "647"),
        ),
        # the paper's "2" stands where the sentence writes 61 ("two matrices" is another)
        (
            MORE / "marsh-deer-dra-2025.pdf",
            "Using the PRPT, the authors held a fourth online group meeting to discuss "
            "appropriate risk mitigation approaches for each hazard under criteria 1 and 61 "
            "(10 and 4 hazards respectively, see 2.4), discarding hazards with overall "
            "negligible or low-negligible risk scores.",
            ("61", "2"),
        ),
    ],
)
def test_the_changed_number_of_a_paper_statement_carries_the_c1(
    pdf: Path, sentence: str, fix: tuple[str, str]
) -> None:
    label, why, c1 = _judged(pdf, sentence)
    assert label is Label.CONTRADICTION, why
    assert c1 == [fix], why


@pytest.mark.parametrize(
    ("pdf", "sentence"),
    [
        (
            PAPERS / "legwork-2022.pdf",
            "The LISA sensitivity at this point is much weaker than the 6 mHz at which the "
            "e = 0.6 source is concentrated.",
        ),
        (
            MORE / "cfp-t65s-2012.pdf",
            "All variants display between 85% and 95% irreversible fluorescence loss after "
            "30 min of irradiation at maximum Hg lamp power.",
        ),
        (
            MORE / "promis-prostate-mri-2015.pdf",
            "This is equivalent to a total of 647 men for UCL definition one and 388 men for "
            "UCL definition two.",
        ),
    ],
)
def test_the_paper_statement_itself_stays_supported(pdf: Path, sentence: str) -> None:
    label, why, c1 = _judged(pdf, sentence)
    assert label is Label.SUPPORTED, why
    assert c1 == []
