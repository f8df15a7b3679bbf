"""Values read as the sentence states them: an ablation table's variant rows ("No hard
negatives", "-abstract", "+ venue") bound to the condition the sentence names; a range is
no negative number to compare; a list of values after a list of names bound in order; a
value set against another value or a named row by the word between them. Real PDFs:
SPECTER's Tables 2 and 3, the PROMIS trial's biopsy risks, the humins paper's sugar
yields, T2K's systematics table. The right reading supported (or at least not
contradicted), the wrong one never supported."""

from __future__ import annotations

import pytest

from grounding.check import check
from grounding.judges.number_lists import claim_list_words
from grounding.judges.relation_check import direction_conflict, numbers_order
from grounding.quantities import extract_quantities
from tests.conftest import DATA, need
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


T2K = DATA / "papers-more" / "t2k-numu-water-xsec-2018.pdf"


def test_a_value_set_against_another_by_the_word_between_them() -> None:
    # Table V: "PØD energy loss resolution 6.7", "Detector mass 1.5"
    label, why = judged(
        T2K,
        "Among detector systematics, the PØD energy-loss resolution is the largest at 6.7%, "
        "ahead of the 1.5% contributions from the detector mass and the tracker momentum scale.",
    )
    assert label == "supported", why
    label, why = judged(
        T2K,
        "The detector mass contributes 1.5%, ahead of the 6.7% of the PØD energy-loss resolution.",
    )
    assert label == "contradiction", why


def test_a_value_set_against_a_named_row_is_read_in_its_column() -> None:
    # Table 3: "SciBERT fine-tune on multitask ... 78.0" and "SPECTER ... 80.0" (Avg.)
    label, why = judged(
        SPECTER,
        "Even SciBERT fine-tuned in a multitask setup on co-views, co-reads and co-citations "
        "only reaches an average of 78.0, below SPECTER's fixed embeddings.",
    )
    assert label == "supported", why
    assert "below the 80.0 of 'SPECTER'" in why, why
    label, why = judged(
        SPECTER, "SciBERT fine-tuned on multitask reaches an average of 78.0, above SPECTER."
    )
    assert label == "contradiction", why


@pytest.mark.parametrize(
    "text",
    [
        # item by item, not the last of one list against the first of the other
        "It scores 90.8, 84.0 and 71.5, all above DeepSeek-V3's 88.5, 75.9 and 59.1.",
        # a range's end is no value of its own
        "The risk is 5-10%, above the 1-2% of TRUS-biopsy.",
    ],
)
def test_lists_and_ranges_are_no_inline_pair(text: str) -> None:
    assert direction_conflict(text) is None
    assert numbers_order(text) == []


BAYES = DATA / "papers-more" / "bayes-diversification-2011.pdf"


def test_a_negation_governs_its_own_words_not_the_clause_it_feeds() -> None:
    # page 3: "... constrained to be positive, as μ cannot become negative [32]. This
    # results in a strongly skewed posterior distribution ..."
    label, why = judged(
        BAYES,
        "Extinction was hardest to pin down when the extinction fraction was low (a = 0.1), "
        "because the constraint that μ cannot be negative makes the posterior strongly skewed, "
        "so its mode is a better estimator than its mean.",
    )
    assert label != "contradiction", why
    label, why = judged(
        BAYES, "When extinction is low, the posterior distribution is not strongly skewed."
    )
    assert label == "contradiction", why


def test_the_value_a_change_starts_from_is_not_the_named_conditions() -> None:
    # Table 2: icorr 0.24 at 500 ppm, 0.35 at 1000 ppm
    label, why = judged(
        IMIDAZOLE,
        "At 1000 ppm the efficiency slipped to 88.0%, as the corrosion current density rose "
        "from 0.24 to 0.35 µA/cm2.",
    )
    assert label != "contradiction", why
    label, why = judged(IMIDAZOLE, "At 1000 ppm the corrosion current density was 0.24 µA/cm2.")
    assert label == "contradiction", why


CFP = DATA / "papers-more" / "cfp-t65s-2012.pdf"


def test_a_value_after_the_other_side_of_a_comparison_is_that_sides() -> None:
    # "comparable to that of mTurquoise at 3.4": 3.4 is mTurquoise's pK1/2, not
    # Cerulean-T65S's 3.6
    label, why = judged(
        CFP,
        "With a pK1/2 of 3.6, Cerulean-T65S reaches a pH stability comparable to that of "
        "mTurquoise at 3.4.",
    )
    assert label != "contradiction", why
