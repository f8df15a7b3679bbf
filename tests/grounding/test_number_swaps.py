"""Two values of a sentence exchanged between the two things they measure, in the forms an
answer writes them: a value in brackets after its name and a comparison ("larger for A
(1.6) than for B (1.1)"), a unit written once for both ("by 1.6 pH units, while B ... by
1.1"), a list of names and a list of values in the same order without "respectively"
("A and B gave 23% and 38%"). Each swap is C1 on both values, corrected by the other; the
same sentence with the values the right way round is not contradicted.

Real papers of the shared data (skipped without it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from annotations.schema import Label
from grounding.judges.number_swaps import _around
from tests.conftest import DATA
from tests.grounding.judging import assert_c1, judged_c1

CFP = DATA / "papers-more" / "cfp-t65s-2012.pdf"
HUMINS = DATA / "papers-more" / "humins-levulinic-acid-2025.pdf"

# the paper: "shifting the pK1/2 of ECFP-T65S and Cerulean-T65S by 1.1 and 1.6 pH units
# respectively"; "Fructose achieved the highest LA yield of 38% followed by sucrose with
# 23%"
_SWAPS = [
    (
        CFP,
        "The shift is larger for ECFP-T65S (1.6) than for Cerulean-T65S (1.1).",
        "The shift is larger for Cerulean-T65S (1.6) than for ECFP-T65S (1.1).",
        [("1.6", "1.1"), ("1.1", "1.6")],
    ),
    (
        CFP,
        "ECFP-T65S shifts the pK1/2 by 1.6 pH units, while Cerulean-T65S shifts it by 1.1.",
        "ECFP-T65S shifts the pK1/2 by 1.1 pH units, while Cerulean-T65S shifts it by 1.6.",
        [("1.6 pH", "1.1 pH"), ("1.1", "1.6")],
    ),
    (
        HUMINS,
        "Fructose and sucrose gave LA yields of 23% and 38%.",
        "Fructose and sucrose gave LA yields of 38% and 23%.",
        [("23%", "38%"), ("38%", "23%")],
    ),
]


@pytest.mark.parametrize(("pdf", "swapped", "right", "c1"), _SWAPS)
def test_values_exchanged_between_two_names_are_c1(
    pdf: Path, swapped: str, right: str, c1: list[tuple[str, str]]
) -> None:
    assert_c1(pdf, swapped, c1)


@pytest.mark.parametrize(("pdf", "swapped", "right", "c1"), _SWAPS)
def test_the_values_the_right_way_round_are_not_contradicted(
    pdf: Path, swapped: str, right: str, c1: list[tuple[str, str]]
) -> None:
    label, why, _ = judged_c1(pdf, right)
    assert label is not Label.CONTRADICTION, why


@pytest.mark.parametrize(
    ("text", "number", "want", "not_want"),
    [
        # a value alone in brackets takes the words before the bracket
        ("The shift is larger for ECFP-T65S (1.6) than", "1.6", {"ecfp"}, set()),
        # six content words, stop words between them not counted
        ("Fructose achieved the highest LA yield of 38% followed", "38%", {"fructos"}, set()),
        # a break before the window's edge keeps the first word whole
        (
            "ized in Figure 5 and Table S3.\nFructose achieved the highest LA yield of 38%",
            "38%",
            {"fructos"},
            {"tabl"},
        ),
        # a digit after a slash is part of a name ("pK1/2"), no other number
        ("ECFP-T65S shifts the pK1/2 by 1.6 pH units", "1.6", {"ecfp", "shift"}, set()),
    ],
)
def test_a_value_keeps_the_words_of_what_it_measures(
    text: str, number: str, want: set[str], not_want: set[str]
) -> None:
    start = text.index(number)
    got = _around(text, start, start + len(number))
    assert want <= got and not (not_want & got), got
