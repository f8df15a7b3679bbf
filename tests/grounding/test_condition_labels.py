"""Conditions named by a number ("definition 1" = "definition one", "Phase II"): the
number is a label, not a value of the claim, and the same label on both sides binds a
value to the same condition. Numbers of a numbered list pointed at ("from (1) and (2)")
are no values either; a count noun the paper uses for what the sentence counts in other
words ("407 cases" / "407 men") is no swapped qualifier.

Unit tests over text, then the sentences of a natural answer set on the PROMIS paper that
these kinds had contradicted (skipped without the shared data)."""

from __future__ import annotations

import pytest

from annotations.schema import Label
from grounding.judges.condition_labels import label_of, label_spans
from grounding.quantities import extract_quantities
from tests.conftest import DATA
from tests.grounding.judging import judged_c1

PROMIS = DATA / "papers-more" / "promis-prostate-mri-2015.pdf"


def test_a_condition_name_and_its_number_are_one_label() -> None:
    text = "15% under UCL definition 1, 25% under definition two, Phase II and day 7"
    assert [label for _, _, label in label_spans(text)] == [
        "definition#1",
        "definition#2",
        "phase#2",
        "day#7",
    ]
    assert label_of(text, text.index("1,")) == "definition#1"


@pytest.mark.parametrize(
    "text",
    [
        "we assumed that 15% of men",  # a function word names nothing
        "each run lasted 12 or 24 h",  # nor a verb
        "a batch size 32 was used",  # a noun whose number is a value
        "under definition 2.5 of the guideline",  # a decimal is a value
        "group 3-5 of the cohort",  # so is a range
    ],
)
def test_a_number_after_other_words_is_no_label(text: str) -> None:
    assert label_spans(text) == []


def test_a_numbered_item_pointed_at_is_no_value() -> None:
    kinds = [(q.text, q.kind) for q in extract_quantities("the largest from (1) and (2) was 714")]
    assert kinds == [("1", "ref"), ("2", "ref"), ("714", "number")]
    # a count written after its noun stays a value
    assert [q.kind for q in extract_quantities("infections (3) and bleeding (2)")] == [
        "number",
        "number",
    ]


@pytest.mark.parametrize(
    "sentence",
    [
        # the paper: 15% under definition one and 25% under definition two
        "The calculations assumed that 15% of men would have clinically significant cancer "
        "on the reference standard under UCL definition 1, and 25% under the less "
        "stringent definition 2.",
        # "407 cases of negative ... prostate cancer ... a total of 479 men for definition one"
        "For specificity, assuming a true value of 77% and requiring the lower 95% "
        "confidence bound to be at least 70%, 407 men without clinically significant cancer "
        "were needed, equivalent to 479 men in total under definition 1.",
        # "The largest sample size from (1) and (2) was 714"
        "Because 714 was the largest figure from these calculations, it was taken as the "
        "maximum number of men who would need to undergo all three tests.",
        "Using McNemar's test for paired binary data, demonstrating this "
        "22-percentage-point gain required 107 cases, or 714 men under definition 1.",
    ],
)
def test_right_values_with_numbered_conditions_are_not_contradicted(sentence: str) -> None:
    label, why, _ = judged_c1(PROMIS, sentence)
    assert label != Label.CONTRADICTION, why


def test_a_total_of_the_other_condition_is_still_corrected() -> None:
    label, why, c1 = judged_c1(
        PROMIS,
        "For specificity, 407 men without clinically significant cancer were needed, "
        "equivalent to 543 men in total under definition 1.",
    )
    assert label == Label.CONTRADICTION, why
    assert c1 == [("543", "479")], why


def test_counts_swapped_between_qualifiers_are_still_c1() -> None:
    """SPECTER: "2 hard negatives ... and 3 easy negatives (randomly selected papers)";
    the sentence's "random" for "easy" is still a swap of the two qualifiers' counts."""
    specter = DATA / "papers" / "specter-2020.pdf"
    label, why, c1 = judged_c1(
        specter,
        "Each query paper yields up to five training triples, built from three hard "
        "negatives and two random negatives.",
    )
    assert label == Label.CONTRADICTION, why
    assert c1[:1] == [("three hard", "2 hard")], why
