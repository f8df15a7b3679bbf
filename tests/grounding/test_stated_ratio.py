"""A comparison the sentence makes between two of its own numbers ("223 genes, twice as
many as the 80"), checked by arithmetic: the pure reader (grounding.judges.stated_ratio)
on written sentences, and the rules judge on a real paper, where both values are the
paper's own and only the relation between them is wrong."""

from __future__ import annotations

import pytest

from annotations.schema import Label
from grounding.judges.stated_ratio import ratio_conflict
from tests.conftest import DATA
from tests.grounding.judging import judged, judged_c1

VESPA = DATA / "papers" / "vespa-2017.pdf"


@pytest.mark.parametrize(
    ("sentence", "span", "correction"),
    [
        # a multiplier the two values do not give
        (
            "It found 223 genes, twice as many as the 80 genes of the other lineage.",
            "twice",
            "2.8 times",
        ),
        # the right multiplier, the values the other way round
        (
            "It found 80 genes, 2.8 times as many as the 223 genes of the other.",
            "2.8 times",
            "0.36 times",
        ),
        (
            "The yield was 12%, three times higher than the 30% of the baseline.",
            "three times",
            "0.4 times",
        ),
        (
            "It found 80 genes, about 2.8-fold more than the 223 for the mouse.",
            "2.8-fold",
            "0.36 times",
        ),
        ("The error fell to 10%, half as much as the 40% of the baseline.", "half", "0.25 times"),
        # "N times the" a value, values with a scale letter
        (
            "Fructose gave a yield of 38%, about twice the 9% obtained with glucose.",
            "twice",
            "4.2 times",
        ),
        ("The yield rose to 71.0%, about ten times the initial 15.6%.", "ten times", "4.6 times"),
        # a direction word against the second value ("the 80")
        ("It found 223 genes, fewer than the 80 genes of the other lineage.", "fewer", ""),
        ("The model scored 61.2, less than the 58.4 of the baseline.", "less", ""),
        ("It found 80 genes, more than the 223 ones of the mouse.", "more", ""),
        (
            "S2ORC has PDFs for 28.9M papers, more than the 73.4M papers with an abstract.",
            "more",
            "",
        ),
    ],
)
def test_a_relation_its_own_values_contradict(sentence: str, span: str, correction: str) -> None:
    got = ratio_conflict(sentence)
    assert got is not None
    assert (got.span, got.correction) == (span, correction)
    assert got.multiplier is bool(correction)


@pytest.mark.parametrize(
    "sentence",
    [
        # the values give the multiplier, within the rounding a writer allows
        "It found 223 genes, nearly three times as many as the 80 genes of the other.",
        "It found 223 genes, 2.8 times as many as the 80 genes of the other.",
        "The yield was 38%, twice as high as the 19% of glucose.",
        "The error fell to 12%, half as much as the 30% of the baseline.",
        "The model has 340 layers, three times more than the 110 layers of the base.",
        "It found 223 genes, more than the 80 genes of the other lineage.",
        "The error was 1.5, three times the standard deviation of 0.5.",
        "At 500 ppm, five times the 100 ppm concentration, the efficiency reached 91.7%.",
        # values of different scales
        "It holds 8.1M papers, twice the 4,000 papers of the seed set.",
        # a bound, not a second value
        "The corpus has 8,100 papers, more than 300 of them from PubMed.",
        # a year is a condition; a preposition before the second value
        "In 2019 there were 400 cases, twice as many as in 2018.",
        "There were 400 cases, twice as many as in 150 days before.",
        # two values counting different things
        "We trained 30 models, less than the 20 hours of the budget.",
        # a percentage against a count; a range's end
        "Accuracy reached 45%, three times as high as the 15 runs before.",
        "It found 20-30 genes, twice as many as the 10 genes of the other.",
    ],
)
def test_a_relation_its_values_give_or_no_two_values_is_left(sentence: str) -> None:
    assert ratio_conflict(sentence) is None


def test_a_multiplier_between_the_papers_own_values_is_checked_on_a_real_paper() -> None:
    # VESPA reports 223 mouse-specific and 80 human-specific genes under positive selection
    label, why, c1 = judged_c1(
        VESPA,
        "Mouse-specific positive selection was found in 223 genes, twice as many as the "
        "80 human-specific genes.",
    )
    assert label is Label.CONTRADICTION, why
    assert c1 == [("twice", "2.8 times")], why
    label, why, _ = judged_c1(
        VESPA,
        "Human-specific positive selection was found in 80 genes, 2.8 times as many as the "
        "223 mouse-specific genes.",
    )
    assert label is Label.CONTRADICTION, why


def test_a_direction_between_the_papers_own_values_is_checked_on_a_real_paper() -> None:
    label, why = judged(
        VESPA,
        "Mouse-specific positive selection was found in 223 genes, fewer than the 80 "
        "human-specific genes.",
    )
    assert label == "contradiction", why
    label, why = judged(
        VESPA,
        "Mouse-specific positive selection was found in 223 genes, nearly three times as many "
        "as the 80 human-specific genes.",
    )
    assert label != "contradiction", why
