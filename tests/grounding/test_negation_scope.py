"""Where a negation of the sentence is not the sentence's own polarity: inside the second
term of a comparison ("closer to a paper it cites than to one it does not cite"), or one
the paper writes too, in the sentence its passage's window cuts off. Such sentences are
not contradicted for their negation; a sentence that negates what the paper affirms still
is.

Real papers of the shared data (skipped without it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from annotations.schema import Label
from tests.conftest import DATA
from tests.grounding.judging import judged_c1

SPECTER = DATA / "papers" / "specter-2020.pdf"
MARSH = DATA / "papers-more" / "marsh-deer-dra-2025.pdf"


@pytest.mark.parametrize(
    "sentence",
    [
        # the paper's triplet margin loss (m = 1, the L2 norm): the negation is the
        # compared-with paper's
        "Training uses a triplet margin loss that pushes a query paper closer to a paper it "
        "cites than to one it does not cite, with L2 distance and a margin of 1.",
        # the paper: "... SGC, which has access to the citation graph at training and test
        # time. Note that methods like SGC cannot be used in real-world setting to embed new
        # papers that are not cited yet."
        "SGC, however, needs access to the citation graph at training and test time, so it "
        "cannot embed new papers that have not yet been cited.",
    ],
)
def test_a_negation_the_paper_shares_or_that_qualifies_a_compared_term_is_no_conflict(
    sentence: str,
) -> None:
    label, why, _ = judged_c1(SPECTER, sentence)
    assert label is not Label.CONTRADICTION, why


@pytest.mark.parametrize(
    ("pdf", "sentence"),
    [
        (SPECTER, "SGC does not need access to the citation graph at test time."),
        # the paper: "allows not only to consider all hazards in the same matrix": its
        # "not" is the sentence's too, the sentence's "no" is its own
        (
            MARSH,
            "This allows not only to consider no hazards in the same matrix but to "
            "prioritize them in order for posterior risk management.",
        ),
    ],
)
def test_a_negation_of_what_the_paper_affirms_is_still_contradicted(
    pdf: Path, sentence: str
) -> None:
    label, why, _ = judged_c1(pdf, sentence)
    assert label is Label.CONTRADICTION, why
