"""A quantifier or direction word inside an idiom is no part of the claim: "no LA at all"
quantifies nothing, "Gleason 4+3 or higher" is a value's threshold, "raised few safety
concerns" changes no quantity. The same words elsewhere still are parts."""

from __future__ import annotations

import pytest

from annotations.schema import Label
from grounding.judges.parts import PartKind, decompose
from tests.conftest import DATA
from tests.grounding.judging import judged_c1

MORE = DATA / "papers-more"


def _kinds(text: str) -> list[tuple[PartKind, str]]:
    return [(p.kind, p.text.lower()) for p in decompose(text)]


@pytest.mark.parametrize(
    "text, word",
    [
        ("Xylose produced no LA at all.", "all"),
        ("After all, the model is small.", "all"),
        ("All in all, the method works.", "all"),
        ("Cancer is defined as Gleason 4+3 or higher.", "higher"),
        ("Patients aged 65 or older were excluded.", "older"),
        ("Runs with 10 or more seeds were kept.", "more"),
        ("The pilot phase raised few safety concerns.", "raised"),
        ("The results raise questions about the metric.", "raise"),
    ],
)
def test_a_word_inside_an_idiom_is_no_part(text: str, word: str) -> None:
    assert word not in [w for k, w in _kinds(text) if k is not PartKind.TERM]


@pytest.mark.parametrize(
    "text, kind, word",
    [
        ("All runs produced LA.", PartKind.QUANTIFIER, "all"),
        ("The yield was higher than 40%.", PartKind.COMPARISON, "higher"),
        ("Fine-tuning raised the accuracy by 3 points.", PartKind.COMPARISON, "raised"),
        ("Grade 3 tumours had higher recurrence than grade 1.", PartKind.COMPARISON, "higher"),
    ],
)
def test_the_same_words_elsewhere_are_parts(text: str, kind: PartKind, word: str) -> None:
    assert (kind, word) in _kinds(text)


HUMINS = MORE / "humins-levulinic-acid-2025.pdf"
PROMIS = MORE / "promis-prostate-mri-2015.pdf"


@pytest.mark.parametrize(
    "pdf, sentence, label",
    [
        # the paper: xylose "neither produces HMF nor LA ..., only furfural with a yield of 59%"
        (HUMINS, "Xylose produced no LA at all but gave furfural in 59% yield.", Label.SUPPORTED),
        (
            HUMINS,
            "Xylose produced no LA at all but gave furfural in 69% yield.",
            Label.CONTRADICTION,
        ),
        (
            HUMINS,
            "Xylose produced LA in all runs and gave furfural in 59% yield.",
            Label.CONTRADICTION,
        ),
        # the paper: the pilot "recruited 50 patients over one year"
        (
            PROMIS,
            "The pilot phase recruited 50 patients over one year and raised few safety concerns.",
            Label.SUPPORTED,
        ),
        (
            PROMIS,
            "The pilot phase recruited 80 patients over one year and raised few safety concerns.",
            Label.CONTRADICTION,
        ),
        # the paper: "defined as Gleason grade >= 4 + 3 and/or maximum cancer core length of >= 6 mm"
        (
            PROMIS,
            "Clinically significant cancer on template mapping is defined as Gleason 4+3 or "
            "higher and/or a maximum cancer core length of at least 6 mm.",
            Label.SUPPORTED,
        ),
    ],
)
def test_idioms_on_real_papers(pdf, sentence: str, label: Label) -> None:  # type: ignore[no-untyped-def]
    got, why, _ = judged_c1(pdf, sentence)
    assert got is label, why
