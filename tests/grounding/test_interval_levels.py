"""The "95%" of "95% HPD" names an interval: compared only with another interval's level,
never corrected to another percent nor taken as a correction; the interval's bounds are
still checked, in their slots.
And a number the PDF's text layer spaced out ("110, 000") is read whole.

The Bayesian diversification paper of the shared data (skipped without it)."""

from __future__ import annotations

import pytest

from annotations.schema import Label
from tests.conftest import DATA
from tests.grounding.judging import assert_c1, judged_c1

BAYES = DATA / "papers-more" / "bayes-diversification-2011.pdf"


@pytest.mark.parametrize(
    "sentence",
    [
        "The F parameter was estimated at 1.118, with a 95% HPD of 0.86 to 1.39.",
        "On simulated data, the MCMC mixed well with 110,000 generations and a sampling "
        "frequency of 100.",
    ],
)
def test_the_papers_values_are_supported(sentence: str) -> None:
    label, why, c1 = judged_c1(BAYES, sentence)
    assert label is Label.SUPPORTED, why
    assert c1 == []


@pytest.mark.parametrize(
    ("sentence", "c1"),
    [
        # the value and a bound exchanged around the interval's level
        (
            "The posterior density of the parameter F = 1.39 (95% HPD 0.86 - 1.118), indicates "
            "overall similar rates in the two regions.",
            [("1.39", "1.118"), ("1.118", "1.39")],
        ),
        (
            "On simulated data, the MCMC mixed well with 150,000 generations and a sampling "
            "frequency of 100.",
            [("150,000", "110,000")],
        ),
        # the level itself, changed
        (
            "Accounting for phylogenetic uncertainty results in an average increase of the "
            "width of the 90% HPD by 30%.",
            [("90%", "95%")],
        ),
    ],
)
def test_a_changed_value_is_corrected_never_the_level(
    sentence: str, c1: list[tuple[str, str]]
) -> None:
    assert_c1(BAYES, sentence, c1)
