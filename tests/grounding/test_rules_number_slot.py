"""The paper's own sentence with one number changed in its slot (a year included) is C1 on
that number, with the paper's number as the correction, even where the changed number
occurs elsewhere in the paper; the paper's sentence as it stands stays supported. Papers
from ../shared/data/papers-more (the rule was not written on their sentences)."""

from __future__ import annotations

import pytest

from annotations.schema import ErrorTag
from grounding.check import check
from tests.conftest import DATA, need

MORE = DATA / "papers-more"


def _one(pdf: str, answer: str) -> tuple[str, str, list[tuple[str, str | None]]]:
    report = check("What does the paper say?", answer, str(need(MORE / pdf)))
    [s] = report.sentences
    a = s.annotation
    return (
        a.label.value,
        a.rationale,
        [(e.span, e.correction) for e in s.judgement.errors if ErrorTag.C1 in e.tags],
    )


@pytest.mark.parametrize(
    ("pdf", "wrong", "paper"),
    [
        # a year changed (the paper says "up to 2010" / "since 1985")
        (
            "marsh-deer-dra-2025.pdf",
            "It is postulated that the Iberá subpopulation recovered significantly up to 2018.",
            "2010",
        ),
        (
            "ningaloo-decadal-linkage-2024.pdf",
            "A decadal linkage of sea surface temperature "
            "(SST) has emerged between western Australian coast and western-central tropical "
            "Pacific since 1975.",
            "1985",
        ),
        # a number changed to one that occurs elsewhere in the paper ("At pH 2.6")
        (
            "cfp-t65s-2012.pdf",
            "The single mutation T65S markedly improves this stability, "
            "shifting the pK1/2 of ECFP-T65S and Cerulean-T65S by 1.1 and 2.6 pH units "
            "respectively.",
            "1.6",
        ),
    ],
)
def test_one_number_changed_in_the_papers_sentence_is_c1(pdf: str, wrong: str, paper: str) -> None:
    label, why, c1 = _one(pdf, wrong)
    assert label == "contradiction", why
    assert [c for _, c in c1] == [paper] and "the same statement on page" in why


@pytest.mark.parametrize(
    ("pdf", "right"),
    [
        (
            "marsh-deer-dra-2025.pdf",
            "It is postulated that the Iberá subpopulation recovered significantly up to 2010.",
        ),
        (
            "cfp-t65s-2012.pdf",
            "The single mutation T65S markedly improves this stability, "
            "shifting the pK1/2 of ECFP-T65S and Cerulean-T65S by 1.1 and 1.6 pH units "
            "respectively.",
        ),
    ],
)
def test_the_papers_sentence_as_it_stands_stays_supported(pdf: str, right: str) -> None:
    label, why, c1 = _one(pdf, right)
    assert label == "supported" and not c1, why


def test_a_negation_under_another_condition_is_no_contradiction() -> None:
    # the paper: "the optimal LA yield is not achieved within 1 hour reaction time, as the
    # LA yield increases up further to reach its maximum with 42 mol% at a reaction time
    # of 4 hours": the "not" holds for 1 hour, the sentence speaks of 4 hours
    label, why, _ = _one(
        "humins-levulinic-acid-2025.pdf",
        "In the up-scaled synthesis, the "
        "LA yield reached its maximum of 42 mol% at a reaction time of 4 hours.",
    )
    assert label == "supported", why
    # the same statement negated, at the paper's own numbers, is still contradicted
    label, why, _ = _one(
        "humins-levulinic-acid-2025.pdf",
        "In the up-scaled synthesis, the "
        "LA yield did not reach its maximum of 42 mol% at a reaction time of "
        "4 hours.",
    )
    assert label == "contradiction", why


@pytest.mark.parametrize(
    ("mutant", "reference", "diff"),
    [
        # Table 1: pK1/2 column; the mutant rows hold "3" in the next (%Rev) column, and the
        # Cerulean-T65S row lacks its last value ("ND")
        ("Cerulean-T65S (3.6)", "Cerulean", "1.6"),
        ("Cerulean-T65S (3.6)", "ECFP", "2.0"),
    ],
)
def test_a_difference_is_computed_in_the_column_of_its_values(
    mutant: str, reference: str, diff: str
) -> None:
    label, why, _ = _one(
        "cfp-t65s-2012.pdf", f"The pK1/2 of {mutant} is {diff} units below that of {reference}."
    )
    assert label == "supported" and f"{diff} computed from the paper's numbers" in why, why
    wrong = f"{float(diff) + 1:.1f}"
    label, why, _ = _one(
        "cfp-t65s-2012.pdf", f"The pK1/2 of {mutant} is {wrong} units below that of {reference}."
    )
    assert label != "supported", why


def test_a_difference_against_a_named_row_is_not_taken_from_the_top_row() -> None:
    # 2.0 is 5.6 (ECFP, the top row) - 3.6, not 5.2 (Cerulean, the row named) - 3.6
    label, why, _ = _one(
        "cfp-t65s-2012.pdf", "The pK1/2 of Cerulean-T65S (3.6) is 2.0 units below that of Cerulean."
    )
    assert label != "supported", why
