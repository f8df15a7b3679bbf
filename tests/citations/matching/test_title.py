"""citations.matching.title: titles word by word (the `matching` cases B17 B18)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from citations.matching.title import compare_titles
from citations.model import FieldStatus
from citations.text.fold import strip_markup
from tests.conftest import load_cases

MATCH, CONFLICT, MISSING = FieldStatus.MATCH, FieldStatus.CONFLICT, FieldStatus.MISSING


def test_b17_two_dropped_words_are_a_conflict() -> None:
    case = load_cases("matching")["B17"]
    inp, exp = case["input"], case["expected"]
    fm = compare_titles(inp["cited_title"], inp["record_title"])
    assert (fm.status is MATCH) == exp["title_match"]
    for word in exp["missing_words"]:
        assert word in fm.note
    sub = inp["contrast_subtitle_case"]
    fm2 = compare_titles(sub["cited_title"], sub["record_title"])
    assert (fm2.status is MATCH) == exp["contrast_subtitle_case"]["title_match"]
    assert "subtitle" in fm2.note


def test_b18_markup_dashes_and_lost_spaces() -> None:
    case = load_cases("matching")["B18"]
    pairs, exp = case["input"]["pairs"], case["expected"]
    for pair, clean, ok in zip(pairs, exp["clean_records"], exp["title_match"]):
        assert strip_markup(pair["record"]) == clean
        assert (compare_titles(pair["cited"], pair["record"]).status is MATCH) == ok


def test_title_substitutions_reorders_and_antonyms_conflict() -> None:
    real = "GAINS: Gaussian-based Inverse Rendering from Sparse Multi-View Captures"
    assert (
        compare_titles(
            "GAINS: Gaussian-based Forward Rendering from Dense Single-View Captures", real
        ).status
        is CONFLICT
    )
    assert (
        compare_titles(
            "Dynamics of Pointwise Aperiodic Maps", "Dynamics of Pointwise Periodic Maps"
        ).status
        is CONFLICT
    )
    fm = compare_titles(
        "Graphs for Protein-Molecule Interaction", "Graphs for Molecule-Protein Interaction"
    )
    assert fm.status is CONFLICT and "reordered" in fm.note


def test_title_tolerates_case_typo_plural_hyphenation_and_articles() -> None:
    real = "Pre-Training Transformers as Energy-Based Cloze Models"
    for cited in (
        "pre-training transformers as energy-based cloze models",
        "Pretraining Transformers as Energy-Based Cloze Models",
        "Pre-Training Transfomers as Energy-Based Cloze Models",
        "Pre-Training Transformers as Energy-Based Cloze Model",
        "Pre-Training Transformers as the Energy-Based Cloze Models",
    ):
        assert compare_titles(cited, real).status is MATCH, cited


def test_title_missing_side() -> None:
    assert compare_titles(None, "x").status is MISSING
    assert compare_titles("", "x").status is MISSING


def test_record_titles_with_a_translation_or_an_article_type_label() -> None:
    """ACL Anthology records add an English translation in brackets to non-English titles,
    and Computational Linguistics titles open with their article type ("Survey: ")."""
    glozz = (
        "GlozzQL : un langage de requêtes incrémental pour les textes annotés (GlozzQL: an "
        "incremental query language for annotated texts)"
    )
    assert (
        compare_titles(
            "GlozzQL : un langage de requêtes incrémental pour les textes annotés", glozz
        ).status
        is MATCH
    )
    assert (
        compare_titles("GlozzQL : un langage de requêtes pour les textes", glozz).status is CONFLICT
    )
    survey = "Survey: Multiword Expression Processing: A Survey"
    assert compare_titles("Multiword expression processing: a survey", survey).status is MATCH
    assert compare_titles("Multiword expression processing", survey).status is CONFLICT


@given(
    st.text(
        alphabet=st.characters(min_codepoint=32, max_codepoint=0x17F), min_size=1, max_size=80
    ).filter(lambda s: any(c.isalnum() for c in s))
)
def test_identical_titles_score_one(title: str) -> None:
    fm = compare_titles(title, title)
    assert fm.status is MATCH and fm.score == 1.0
