"""Values of an ablation table's variant rows ("No hard negatives", "-abstract", "+ venue")
bound to the condition the sentence states; a range is no negative number to compare; a
list of values after a list of names bound in order. Real PDFs: SPECTER's Table 2, the
PROMIS trial's biopsy risks, the humins paper's sugar yields. The right reading supported
(or at least not contradicted), the wrong one never supported."""

from __future__ import annotations

import pytest

from grounding.judges.number_lists import claim_list_words
from grounding.quantities import extract_quantities
from tests.conftest import DATA
from tests.grounding.judging import judged

SPECTER = DATA / "papers" / "specter-2020.pdf"
PROMIS = DATA / "papers-more" / "promis-prostate-mri-2015.pdf"
HUMINS = DATA / "papers-more" / "humins-levulinic-acid-2025.pdf"
IMIDAZOLE = DATA / "papers-more" / "imidazole-corrosion-2021.pdf"


@pytest.mark.parametrize(
    "sentence",
    [
        # 78.4 is the row "No hard negatives": the model trained without them
        "Hard negatives give an average of 78.4.",
        "The model with hard negatives averages 78.4 across tasks.",
        # 79.9 is the row "+ venue"
        "Without venue information the average is 79.9.",
    ],
)
def test_a_value_of_a_variant_row_is_not_the_other_conditions(sentence: str) -> None:
    label, why = judged(SPECTER, sentence)
    assert label != "supported", why
    assert "row '" in why, why


@pytest.mark.parametrize(
    "sentence",
    [
        "Without hard negatives, the average falls to 78.4.",
        "Removing the abstract drops the average to 68.1.",
        "With venue information the average is 79.9.",
        # the ablation named before the model it changes
        "Without the abstract, SPECTER averages 68.1.",
    ],
)
def test_a_value_of_the_variant_the_sentence_names_is_verified(sentence: str) -> None:
    label, why = judged(SPECTER, sentence)
    assert label == "supported", why


def test_a_formula_with_a_leading_hyphen_is_no_ablation_row() -> None:
    # Table 4: "-C-NH-C (400.1 eV) 4.8 1", a chemical group, not "without C-NH-C"
    label, why = judged(IMIDAZOLE, "The pyrrole-type C-NH-C peak lies at 400.1 eV.")
    assert label == "supported", why


def test_a_value_the_sentence_binds_to_its_own_row_is_no_repeated_error() -> None:
    answer = (
        "Training SPECTER with hard negatives gives an average score of 78.4. "
        "Without hard negatives, the average falls to 78.4."
    )
    from grounding.check import check
    from tests.conftest import need

    first, second = check("", answer, need(SPECTER), verify_citations=False).sentences
    assert first.annotation.label.value == "contradiction", first.annotation.rationale
    assert second.annotation.label.value == "supported", second.annotation.rationale


def test_a_range_is_no_negative_number_against_the_other_value() -> None:
    # "5-10%" against "1-2%": not -10 against 1, which "higher" would contradict
    label, why = judged(
        PROMIS,
        "Compared with TRUS-biopsy, TPM carries a lower risk of urosepsis but a higher "
        "risk of temporary urinary retention, 5-10% against 1-2%.",
    )
    assert label != "contradiction", why


def test_a_list_of_values_after_a_list_of_names_is_bound_in_order() -> None:
    # page 5: "Glucose and cellobiose, however, only achieved LA yields of 9% and 8%,
    # respectively"
    label, why = judged(HUMINS, "Glucose and cellobiose reached only 9% and 8%.")
    assert label != "contradiction", why
    label, why = judged(HUMINS, "Glucose and cellobiose reached only 8% and 9%.")
    assert label == "contradiction", why
    assert "gives 9%" in why, why


@pytest.mark.parametrize(
    ("text", "bound"),
    [
        ("Glucose and cellobiose reached only 9% and 8%.", ["glucos", "cellobios"]),
        ("The base and large models took 9 and 14 days.", ["base", "larg"]),
        # a fronted phrase, not the clause's subject; a list that does not end its clause
        ("Compared with A and B, C reached 9% and 8%.", []),
        ("Glucose and cellobiose reached 9% and 8% after 2 h.", []),
    ],
)
def test_claim_list_words(text: str, bound: list[str]) -> None:
    words = claim_list_words(text, extract_quantities(text))
    assert [next(iter(v)) for _, v in sorted(words.items())] == bound
