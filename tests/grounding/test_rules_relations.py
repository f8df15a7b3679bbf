"""Relations the rules judge reads where the paper states them: a comparison with its two
sides exchanged, a comparison with a side named by its condition only, a direction word
read in the clause that holds the claim's outcome, a thing put in where the paper leaves
it out, and two names whose roles are exchanged. Each kind: wrong sentences on several
papers contradicted, the correct statements (and paraphrases) left supported."""

from __future__ import annotations

from pathlib import Path

import pytest

from annotations.schema import ErrorTag
from grounding.check import check
from grounding.judges.condition_sides import condition_sides
from grounding.judges.inclusion_check import governed
from grounding.judges.relation_check import comparisons
from grounding.judges.role_check import roles
from grounding.pdf import Document, read_pdf
from tests.conftest import DATA, need

MORE, PAPERS = DATA / "papers-more", DATA / "papers"
IMIDAZOLE = MORE / "imidazole-corrosion-2021.pdf"
S2ORC = PAPERS / "s2orc-2020.pdf"
LAVIS = PAPERS / "lavis-2022.pdf"
CFP = MORE / "cfp-t65s-2012.pdf"
T2K = MORE / "t2k-numu-water-xsec-2018.pdf"
DEER = MORE / "marsh-deer-dra-2025.pdf"
R1 = PAPERS / "deepseek-r1-2025.pdf"
SPECTER = PAPERS / "specter-2020.pdf"
LEGWORK = PAPERS / "legwork-2022.pdf"

_DOCS: dict[Path, Document] = {}


def _judged(pdf: Path, sentence: str) -> tuple[str, str]:
    if pdf not in _DOCS:
        _DOCS[pdf] = read_pdf(need(pdf))
    [s] = check("", sentence, _DOCS[pdf], verify_citations=False).sentences
    return s.annotation.label.value, s.annotation.rationale


# ---------------------------------------------------------------- sides exchanged
EXCHANGED = [
    (
        IMIDAZOLE,
        "With 500 ppm of imidazole, the amount of pyridine type interaction is 4.8 times "
        "larger than pyrrole type interaction.",
    ),
    (CFP, "ECFP has a koff rate constant 100-fold lower than mTurquoise."),
    (R1, "For engineering-related tasks, DeepSeek-V3 performs slightly better than DeepSeek-R1."),
    (
        R1,
        "DeepSeek-R1-Zero-Qwen-32B performs significantly better than "
        "DeepSeek-R1-Distill-Qwen-32B across all benchmarks.",
    ),
    (SPECTER, "The task is to rank the uncited papers higher than the cited papers."),
    # two versions of one name are two sides
    (
        R1,
        "We select Llama-3.1 because its reasoning capability is slightly better than that of "
        "Llama-3.3.",
    ),
    (
        T2K,
        "In the high-angle regions the hydrocarbon cross section is higher than the CC0π "
        "water cross section.",
    ),
    (
        LEGWORK,
        "A circular binary will inspiral faster than an otherwise identical eccentric binary.",
    ),
]
IN_PLACE = [
    (
        IMIDAZOLE,
        "With 500 ppm of imidazole, the amount of pyrrole type interaction is 4.8 times "
        "larger than pyridine type interaction.",
    ),
    (CFP, "mTurquoise has a koff rate constant 100-fold lower than ECFP."),
    (R1, "For engineering-related tasks, DeepSeek-R1 performs slightly better than DeepSeek-V3."),
    (
        R1,
        "DeepSeek-R1-Distill-Qwen-32B performs significantly better than "
        "DeepSeek-R1-Zero-Qwen-32B across all benchmarks.",
    ),
    (SPECTER, "The task is to rank the cited papers higher than the uncited papers."),
    (
        R1,
        "We select Llama-3.3 because its reasoning capability is slightly better than that of "
        "Llama-3.1.",
    ),
    (
        T2K,
        "In the high-angle regions the CC0π water cross section is higher than the "
        "hydrocarbon cross section.",
    ),
    # "not only X but also Y" affirms X: no negation in the passage
    (
        LEGWORK,
        "An eccentric binary will inspiral faster than an otherwise identical circular binary.",
    ),
]


@pytest.mark.parametrize(("pdf", "sentence"), EXCHANGED)
def test_a_comparison_with_its_sides_exchanged_is_contradicted(pdf: Path, sentence: str) -> None:
    label, why = _judged(pdf, sentence)
    assert label == "contradiction", why


@pytest.mark.parametrize(("pdf", "sentence"), IN_PLACE)
def test_the_comparison_as_the_paper_states_it_stays_supported(pdf: Path, sentence: str) -> None:
    label, why = _judged(pdf, sentence)
    assert label == "supported", why


def test_comparison_sides_read_the_whole_sentence_before_the_word() -> None:
    # the larger side named before "which", the smaller one cut at its scope ("across")
    [(word, larger, smaller)] = comparisons(
        "this trend is even more pronounced in mturquoise, which has a koff rate constant "
        "100-fold lower than ecfp across all conditions.",
        "down",
        "100",
    )
    assert word == "lower" and "mturquois" in larger and smaller == {"ecfp"}
    assert comparisons("the rate is 100-fold lower than ecfp.", "down", "4.8") == []
    assert comparisons("the rate is lower in ecfp.", "down", None) == []


# ---------------------------------------------------------------- a side named by its condition
@pytest.mark.parametrize(
    ("sentence", "label", "paper_value"),
    [
        # prose: "500 ppm of imidazole shows 91.7% efficiency ... 1000 ppm ... 88.0%"
        (
            "At 1000 ppm the efficiency rose above the 500 ppm value, reaching 88.0%.",
            "contradiction",
            "91.7%",
        ),
        (
            "At 500 ppm the efficiency fell below the 1000 ppm value, at 91.7%.",
            "contradiction",
            "88.0%",
        ),
        (
            "At 1000 ppm the efficiency fell below the 500 ppm value, reaching 88.0%.",
            "supported",
            "91.7%",
        ),
        (
            "At 500 ppm the efficiency rose above the 1000 ppm value, reaching 91.7%.",
            "supported",
            "88.0%",
        ),
        # the table row keyed "300" under "Conc. (ppm)", in the column of the claim's value
        (
            "At 100 ppm the efficiency was higher than the 300 ppm value, at 68.5%.",
            "contradiction",
            "84.2",
        ),
        (
            "At 300 ppm the efficiency rose above the 100 ppm value, reaching 84.2%.",
            "supported",
            "68.5",
        ),
    ],
)
def test_a_side_named_by_its_condition_is_looked_up(
    sentence: str, label: str, paper_value: str
) -> None:
    got, why = _judged(IMIDAZOLE, sentence)
    assert got == label and paper_value in why, why


def test_condition_sides_need_two_conditions_of_one_unit_and_one_value() -> None:
    s = "At 1000 ppm the efficiency rose above the 500 ppm value, reaching 88.0%."
    at = s.index("rose")
    own, other, value = condition_sides(s, at, at + 4) or (None, None, None)
    assert (own and own.value, other and other.value, value and value.value) == (1000, 500, 88.0)
    # numbers compared as values ("73.3 beats ... 60.0"), not conditions
    s2 = "Model A scores 73.3, above model B at 60.0."
    assert condition_sides(s2, s2.index("above"), s2.index("above") + 5) is None


# ---------------------------------------------------------------- direction in its own clause
@pytest.mark.parametrize(
    ("pdf", "sentence", "label"),
    [
        # "increased" governs the quantum yield in the paper; photoswitching is "reduced"
        (
            CFP,
            "CFP variants carrying the T65S mutation show strongly increased reversible "
            "photoswitching reactions.",
            "contradiction",
        ),
        (
            CFP,
            "CFP variants carrying the T65S mutation show strongly reduced reversible "
            "photoswitching reactions.",
            "supported",
        ),
        # "frequencies higher than the orbital frequency": the same word, the same outcome
        (
            LEGWORK,
            "The loss at e = 0.9 has a different origin: highly eccentric binaries emit at "
            "many harmonics of the orbital frequency, so their signal is diluted over many "
            "higher frequencies.",
            "supported",
        ),
    ],
)
def test_a_direction_word_is_read_in_the_clause_of_its_outcome(
    pdf: Path, sentence: str, label: str
) -> None:
    got, why = _judged(pdf, sentence)
    assert got == label, why


@pytest.mark.parametrize(
    ("sentence", "label"),
    [
        # page 4: "... while that of Cerulean-T65S increases by 25% compared to Cerulean";
        # page 7 has a "decreases" about CFP variants, which is not this statement
        (
            "The fluorescence quantum yield of Cerulean-T65S increases by 25% compared to "
            "Cerulean.",
            "not contradiction",
        ),
        (
            "The fluorescence quantum yield of Cerulean-T65S decreases by 25% compared to "
            "Cerulean.",
            "contradiction",
        ),
    ],
)
def test_a_restated_direction_is_read_in_the_sentence_with_the_claims_numbers(
    sentence: str, label: str
) -> None:
    got, why = _judged(CFP, sentence)
    assert (got != "contradiction") if label == "not contradiction" else got == label, why


@pytest.mark.parametrize(
    ("sentence", "label"),
    [
        # one passage: "... up to 500 ppm, inhibition efficiency increased up to 91.7%. At
        # 1000 ppm, inhibition efficiency decreased.": the claim's number says which
        ("At 1000 ppm, the inhibition efficiency increased further.", "contradiction"),
        ("At 500 ppm, the inhibition efficiency decreased.", "contradiction"),
        ("At 1000 ppm, the inhibition efficiency decreased.", "supported"),
        (
            "As the concentration of imidazole increased up to 500 ppm, the inhibition "
            "efficiency increased.",
            "supported",
        ),
    ],
)
def test_a_direction_word_is_read_in_the_statement_of_the_claims_condition(
    sentence: str, label: str
) -> None:
    got, why = _judged(IMIDAZOLE, sentence)
    assert got == label, why


# ---------------------------------------------------------------- put in / left out
@pytest.mark.parametrize(
    ("pdf", "sentence", "label"),
    [
        (
            T2K,
            "Overall, the result agrees better with models that leave out the 2p2h contribution.",
            "contradiction",
        ),
        (
            T2K,
            "Overall, the result agrees better with models that include the 2p2h contribution.",
            "supported",
        ),
        # the paper: "... of order 0.5 as they account for ..., but don't include other effects"
        (
            LEGWORK,
            "The post-Newtonian expressions of order 0.5 include effects such as spin-orbit coupling.",
            "contradiction",
        ),
        (
            LEGWORK,
            "The post-Newtonian expressions of order 0.5 leave out other effects such as spin-orbit coupling.",
            "supported",
        ),
        (DEER, "24% of translocation projects included disease screening.", "contradiction"),
        (DEER, "24% of translocation projects omitted disease screening.", "supported"),
        (
            DEER,
            "Only 22% of translocation projects included post-release follow-up to monitor disease-related mortality.",
            "supported",
        ),
    ],
)
def test_a_thing_put_in_where_the_paper_leaves_it_out(pdf: Path, sentence: str, label: str) -> None:
    got, why = _judged(pdf, sentence)
    assert got == label, why


def test_inclusion_words_take_the_other_class_after_a_negation() -> None:
    [(word, cls, _, terms)] = governed(
        "They don't include other effects such as spin-orbit coupling."
    )
    assert (word, cls) == ("don't include", "out") and "effect" in terms
    [(_, cls2, _, _)] = governed("Models that leave out the 2p2h contribution.")
    assert cls2 == "out"
    assert governed("The model was trained with the full data set.") == []


def test_a_sentence_naming_both_ways_settles_nothing() -> None:
    # "with and without 2p2h" in the sentence itself: no side taken
    label, why = _judged(T2K, "Both models are shown with and without 2p2h.")
    assert label != "contradiction", why


# ---------------------------------------------------------------- roles exchanged
@pytest.mark.parametrize(
    ("pdf", "sentence", "label"),
    [
        (
            T2K,
            "The main generator was GENIE 2.8.0, with NEUT used only as a cross-check.",
            "contradiction",
        ),
        (T2K, "GENIE 2.8.0 served as the primary neutrino generator.", "contradiction"),
        (T2K, "NEUT was kept only as an alternative generator for cross-checks.", "contradiction"),
        (T2K, "The primary neutrino generator was a tuned version of NEUT 5.3.2.", "supported"),
        (T2K, "GENIE 2.8.0 was the secondary neutrino generator used for testing.", "supported"),
        (
            DEER,
            "Iberá is the destination of the translocation and El Impenetrable its source.",
            "contradiction",
        ),
    ],
)
def test_two_names_with_their_roles_exchanged(pdf: Path, sentence: str, label: str) -> None:
    got, why = _judged(pdf, sentence)
    assert got == label, why


@pytest.mark.parametrize(
    ("pdf", "sentence", "error"),
    [
        (
            T2K,
            "The main generator was GENIE 2.8.0, with NEUT used only as a cross-check.",
            ("main", "secondary"),
        ),
        (
            T2K,
            "NEUT was kept only as an alternative generator for cross-checks.",
            ("alternative", "primary"),
        ),
        (
            DEER,
            "Iberá is the destination of the translocation and El Impenetrable its source.",
            ("destination", "source"),
        ),
    ],
)
def test_a_role_given_the_other_way_is_corrected_at_its_role_word(
    pdf: Path, sentence: str, error: tuple[str, str]
) -> None:
    """The error span is the role word, its correction the paper's role word: the pair
    reads as a replacement ("main" -> "secondary"), where the name would not."""
    if pdf not in _DOCS:
        _DOCS[pdf] = read_pdf(need(pdf))
    [s] = check("", sentence, _DOCS[pdf], verify_citations=False).sentences
    assert [(e.span, e.correction) for e in s.annotation.errors] == [error]
    assert all(ErrorTag.C2 in e.tags for e in s.annotation.errors)


def test_roles_go_to_the_nearest_name_of_their_clause() -> None:
    got = roles("The main generator was GENIE 2.8.0, with NEUT used only as a cross-check.")
    assert got["genie"][2] == "first" and got["neut"][2] == "second"
    # a plain word opening the sentence is no name; a sentence with no role word has none
    assert roles("The primary outcome is clinically significant cancer.") == {}
    assert roles("GENIE and NEUT were both run.") == {}


@pytest.mark.parametrize(
    ("pdf", "sentence", "label"),
    [
        # S2ORC-SciBERT vs SciBERT: ACL-ARC 68.45 vs 70.98, SciCite 84.76 vs 85.49
        (
            S2ORC,
            "On ACL-ARC and SciCite, S2ORC-SciBERT trails SciBERT, scoring 68.45 and 84.76 "
            "against 70.98 and 85.49.",
            "supported",
        ),
        (
            S2ORC,
            "On ACL-ARC and SciCite, S2ORC-SciBERT leads SciBERT, scoring 68.45 and 84.76 "
            "against 70.98 and 85.49.",
            "contradiction",
        ),
        # BC5CDR 90.41 vs 90.01, JNLPBA 77.70 vs 77.28
        (
            S2ORC,
            "On BC5CDR and JNLPBA, S2ORC-SciBERT is ahead of SciBERT, with 90.41 and 77.70 "
            "against 90.01 and 77.28.",
            "supported",
        ),
        # the two pairs go different ways: the list says nothing of "ahead"
        (
            S2ORC,
            "On BC5CDR and ACL-ARC, S2ORC-SciBERT is ahead of SciBERT, with 90.41 and 68.45 "
            "against 90.01 and 70.98.",
            "nei",
        ),
        (
            LAVIS,
            "NLVR2 is the one classification benchmark where the replication trails on both "
            "splits, scoring 82.47 and 82.91 against 82.55 and 83.14.",
            "supported",
        ),
    ],
)
def test_two_values_against_two_are_compared_in_place(pdf: Path, sentence: str, label: str) -> None:
    got, why = _judged(pdf, sentence)
    assert got == label, why


@pytest.mark.parametrize(
    ("sentence", "label"),
    [
        # page 7: "... more pronounced in mTurquoise, which has a koff rate constant
        # 100-fold lower than ECFP": the line with "lower than ECFP" lacks mTurquoise
        ("ECFP has a koff rate constant 100-fold higher than mTurquoise.", "supported"),
        ("mTurquoise has a koff rate constant 100-fold higher than ECFP.", "contradiction"),
        ("ECFP has a koff rate constant 100-fold lower than mTurquoise.", "contradiction"),
    ],
)
def test_an_antonym_from_the_other_side_is_read_over_the_whole_paper_sentence(
    sentence: str, label: str
) -> None:
    got, why = _judged(CFP, sentence)
    assert got == label, why
