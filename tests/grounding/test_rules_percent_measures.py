"""Percent, percentage points and basis points are different amounts (points and basis
points convert, 1 : 100); a measure the paper defines by abbreviation ("odds ratio
(OR)") is one measure in either form, and a value the paper gives for another measure
("HR 0.71") is not checked for this one. Pages written for the test (none of the shared
papers reports percentage points, basis points or odds ratios)."""

from __future__ import annotations

from pathlib import Path

import pytest

from annotations.schema import Label
from grounding.evidence import EvidenceIndex
from grounding.judges.abbreviations import Aliases
from grounding.judges.base import ClaimContext
from grounding.judges.percent_kinds import percent_kind
from grounding.judges.rules import RulesJudge
from grounding.pdf import read_pdf
from grounding.quantities import extract_quantities
from grounding.types import Judgement, Sentence
from tests.conftest import DATA, need

RATES = (
    "The response rate rose from 40% to 45% after the reminder letters, an increase of "
    "5 percentage points. The central bank cut its policy rate by 25 basis points in "
    "March. Turnout was 62% in the first round."
)
RATIOS = (
    "The odds ratio (OR) of relapse was 1.9 in the younger cohort. The hazard ratio (HR) "
    "for death was 0.71 in the treated arm. The relative risk (RR) of infection was 1.3 "
    "among smokers."
)


def _judge(page: str, text: str) -> Judgement:
    index = EvidenceIndex.from_texts([page])
    return RulesJudge(index=index).judge(
        ClaimContext(Sentence(0, 0, len(text), text), "What does the paper say?", (), ())
    )


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("5%", "percent"),
        ("5 percent", "percent"),
        ("5 percentage points", "points"),
        ("5 pp", "points"),
        ("25 bps", "bps"),
        ("25 basis points", "bps"),
        ("25 mg", None),
    ],
)
def test_percent_kinds(text: str, kind: str | None) -> None:
    assert percent_kind(extract_quantities(text)[0]) == kind


@pytest.mark.parametrize(
    "text",
    [
        "The response rate increased by 5 percentage points after the reminder letters.",
        "The response rate increased by 5 pp after the reminder letters.",
        "The central bank cut its policy rate by 25 bps in March.",
        "The central bank cut its policy rate by 0.25 percentage points in March.",
        "Turnout was 62% in the first round.",
    ],
)
def test_the_same_amount_in_its_own_or_a_converted_unit_is_supported(text: str) -> None:
    j = _judge(RATES, text)
    assert j.label is Label.SUPPORTED, j.rationale


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("The response rate increased by 5% after the reminder letters.", "percentage points"),
        ("The central bank cut its policy rate by 25% in March.", "basis points"),
        ("The central bank cut its policy rate by 25 percentage points in March.", "basis points"),
    ],
)
def test_another_kind_of_amount_is_not_supported(text: str, said: str) -> None:
    j = _judge(RATES, text)
    assert j.label is Label.NEI and said in j.rationale, j.rationale


@pytest.mark.parametrize(
    "text",
    [
        "The odds ratio of relapse was 1.9 in the younger cohort.",
        "The OR of relapse was 1.9 in the younger cohort.",
        "The HR for death was 0.71 in the treated arm.",
        "The hazard ratio for death was 0.71 in the treated arm.",
        "The RR of infection was 1.3 among smokers.",
    ],
)
def test_a_defined_measure_matches_in_either_form(text: str) -> None:
    j = _judge(RATIOS, text)
    assert j.label is Label.SUPPORTED, j.rationale


@pytest.mark.parametrize(
    ("text", "paper"),
    [
        ("The OR for death was 0.71 in the treated arm.", "HR"),
        ("The odds ratio for death was 0.71 in the treated arm.", "HR"),
        ("The hazard ratio of relapse was 1.9 in the younger cohort.", "OR"),
        ("The RR of relapse was 1.9 in the younger cohort.", "OR"),
    ],
)
def test_a_value_of_another_defined_measure_is_not_supported(text: str, paper: str) -> None:
    j = _judge(RATIOS, text)
    assert j.label is Label.NEI and f"gives it for {paper}" in j.rationale, j.rationale


def test_a_stop_word_short_form_is_kept_as_written() -> None:
    aliases = Aliases.of([RATIOS])
    assert {s for s, _ in aliases.written} == {"OR", "HR", "RR"}
    assert {s for s, _ in aliases.pairs} == {"hr", "rr"}


def test_a_defined_name_that_is_no_measure_binds_no_value() -> None:
    # PROMIS (papers-more): "MP-MRI" and "TRUS" are tests, not statistics; the list's
    # "5 mm" belongs to neither
    pdf = need(Path(DATA / "papers-more" / "promis-prostate-mri-2015.pdf"))
    index = EvidenceIndex.for_document(read_pdf(str(pdf)))
    text = (
        "PROMIS is a prospective paired-cohort validating study in which every man receives "
        "all three tests: multi-parametric MRI as the index test, a standard 10\u201312 core "
        "TRUS biopsy, and 5 mm transperineal template mapping biopsy as the reference "
        "standard."
    )
    j = RulesJudge(index=index).judge(
        ClaimContext(Sentence(0, 0, len(text), text), "What is PROMIS?", (), ())
    )
    assert "gives it for" not in j.rationale and j.label is Label.SUPPORTED, j.rationale


@pytest.mark.parametrize(
    "text",
    [
        # a measure named in an earlier item of a list does not bind the value
        "The HR for death was 0.71 in the treated arm; the OR of relapse was 1.9 in the younger "
        "cohort.",
        "The odds ratio of relapse was 1.9 in the younger cohort, and the relative risk of "
        "infection was 1.3 among smokers.",
    ],
)
def test_each_value_binds_to_its_own_measure(text: str) -> None:
    j = _judge(RATIOS, text)
    assert j.label is Label.SUPPORTED, j.rationale
