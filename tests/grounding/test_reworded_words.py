"""Words an answer rewords that are not another entity, number or quantifier, on real
papers: another form of the same word ("indices" / "indexes"), a verb after "do not" (
"cross" / "traverse"), a word of how many ("extra" / "multiple"), the plural of a general
word ("limits" / "boundaries"), a fraction in words ("a third" / "about one third"), a
quantifier of the same class beside an opposite one ("every author" / "all authors ...
with some allowance") and a count of cases ("407 men" / "407 cases"). Each is not
contradicted; the same sentences with the entity, number or quantifier changed still are."""

from __future__ import annotations

import pytest

from grounding.quantities import extract_quantities, same_value
from tests.conftest import DATA
from tests.grounding.judging import judged

NINGALOO = DATA / "papers-more" / "ningaloo-decadal-linkage-2024.pdf"
PROMIS = DATA / "papers-more" / "promis-prostate-mri-2015.pdf"
T2K = DATA / "papers-more" / "t2k-numu-water-xsec-2018.pdf"
BAYES = DATA / "papers-more" / "bayes-diversification-2011.pdf"
DEEPSEEK = DATA / "papers" / "deepseek-r1-2025.pdf"
S2ORC = DATA / "papers" / "s2orc-2020.pdf"
MARSH = DATA / "papers-more" / "marsh-deer-dra-2025.pdf"


@pytest.mark.parametrize(
    ("pdf", "sentence"),
    [
        # "indexes" in the paper: an irregular plural of the same word
        (
            NINGALOO,
            "The time of emergence is when the cross-spectrum of the two indices is "
            "significant at the 95% level.",
        ),
        # "do not traverse": a verb, after "do not"
        (
            PROMIS,
            "TPM biopsies carry a lower risk of urosepsis because the needles do not cross the rectal mucosa.",
        ),
        # "multiple iterations": how many, not what
        (T2K, "Fake-data studies showed that extra iterations did not improve the results."),
        # "boundaries of intelligence": "limits", a general word in its plural
        (
            DEEPSEEK,
            "Advancing beyond the limits of intelligence may still require more powerful "
            "base models and larger-scale reinforcement learning.",
        ),
        # "about one third of the width": the same fraction in other words
        (
            BAYES,
            "Roughly a third of the width of the 95% HPD comes from accounting for "
            "phylogenetic uncertainty.",
        ),
        # "all authors ... with some allowance": "every" is stated, "some" is of another noun
        (
            S2ORC,
            "The Authors field is labeled correct if every author on the PDF is presented in "
            "the correct order.",
        ),
        # "407 cases of negative or clinically insignificant cancer": the men counted
        (
            PROMIS,
            "Assuming a specificity of 77%, the trial would require 407 men without clinically "
            "significant prostate cancer.",
        ),
    ],
)
def test_a_reworded_word_is_not_contradicted(pdf, sentence: str) -> None:  # type: ignore[no-untyped-def]
    label, why = judged(pdf, sentence)
    assert label != "contradiction", why


@pytest.mark.parametrize(
    ("pdf", "sentence"),
    [
        # the entity changed: another organ
        (
            PROMIS,
            "TPM biopsies carry a lower risk of urosepsis because the needles do not cross the bladder mucosa.",
        ),
        # the fraction changed
        (
            BAYES,
            "Roughly two thirds of the width of the 95% HPD comes from accounting for "
            "phylogenetic uncertainty.",
        ),
    ],
)
def test_the_same_sentences_with_the_fact_changed_are_not_supported(pdf, sentence: str) -> None:  # type: ignore[no-untyped-def]
    label, why = judged(pdf, sentence)
    assert label != "supported", why


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("about one third of the width", 100 / 3),
        ("two thirds of the papers", 200 / 3),
        ("three quarters of the men", 75.0),
        ("four fifths of them", 80.0),
        ("one half of the runs", 50.0),
    ],
)
def test_a_fraction_in_words_with_its_count_is_one_share(text: str, value: float) -> None:
    [q] = extract_quantities(text)
    assert q.kind == "fraction" and q.value == pytest.approx(value)


@pytest.mark.parametrize("text", ["one third-party library", "in the third round", "the first two"])
def test_an_ordinal_or_a_compound_is_no_fraction(text: str) -> None:
    assert all(q.kind != "fraction" for q in extract_quantities(text))


@pytest.mark.parametrize(
    ("claim", "paper", "same"),
    [
        ("nearly two thirds", "62%", True),
        ("roughly a third", "35.6%", True),
        ("a quarter", "24%", True),
        ("half", "45%", True),
        ("half", "40%", False),
        ("two thirds", "55%", False),
        ("a third", "25%", False),
    ],
)
def test_a_fraction_in_words_names_the_nearest_simple_share(
    claim: str, paper: str, same: bool
) -> None:
    [c] = extract_quantities(claim)
    [p] = extract_quantities(paper)
    assert same_value(c, p) is same


@pytest.mark.parametrize(
    ("text", "value", "unit"),
    [("about two and a half times the size", 2.5, "x"), ("one and a half hours", 1.5, "h")],
)
def test_a_mixed_number_in_words_is_one_value(text: str, value: float, unit: str) -> None:
    [q] = extract_quantities(text)
    assert (q.value, q.unit) == (value, unit)
    # "2 and a half": the digits are read, "a half" is no share of 50%
    assert all(q.kind != "fraction" for q in extract_quantities("2 and a half times"))


def test_a_mixed_multiplier_is_not_read_as_a_share() -> None:
    # S2ORC: 73.4M papers with a publisher abstract, 28.9M with a PDF (2.54 times)
    label, why = judged(
        S2ORC,
        "S2ORC has 73.4M papers with a publisher abstract, roughly two and a half times the "
        "28.9M papers with a PDF.",
    )
    assert label != "contradiction", why


def test_a_negated_opposite_is_no_conflict() -> None:
    # "among 61 listed hazards none was rated high (0%), 23 were rated medium (38%) and 38
    # were rated as low (62%)": "none ... high" denies nothing a sentence about "low" says
    label, why = judged(MARSH, "About 62% of the 61 listed hazards were rated as low confidence.")
    assert label == "supported", why
    label, why = judged(MARSH, "About 62% of the 61 listed hazards were rated as high confidence.")
    assert label != "supported", why


CFP = DATA / "papers-more" / "cfp-t65s-2012.pdf"


@pytest.mark.parametrize(
    ("pdf", "sentence"),
    [
        # "No geographical or health-related barriers were identified along the pathway"
        (
            MARSH,
            "The translocation pathway was found to be free of geographical or health-related barriers.",
        ),
        # "We found no significant dependence of the measured photobleaching rates on the bead size"
        (CFP, "The measured photobleaching rates were independent of bead size."),
        (CFP, "The photobleaching rates were unaffected by bead size and labeling density."),
    ],
)
def test_a_denial_in_other_words_is_not_contradicted(pdf, sentence: str) -> None:  # type: ignore[no-untyped-def]
    label, why = judged(pdf, sentence)
    assert label != "contradiction", why


def test_a_sentence_the_paper_negates_at_its_start_is_not_stated_verbatim() -> None:
    # the paper: "No geographical or health-related barriers were identified along the
    # translocation pathway"
    label, why = judged(
        MARSH,
        "Geographical or health-related barriers were identified along the translocation pathway.",
    )
    assert label == "contradiction", why
    label, why = judged(
        MARSH,
        "No geographical or health-related barriers were identified along the translocation pathway.",
    )
    assert label == "supported", why
