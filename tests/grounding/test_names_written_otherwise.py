"""A name the paper writes otherwise is the same name: with another hyphen, space or case
(a PDF's line break leaves "Ref-Seer" for "RefSeer"), or as a definite description of the
paper's subject ("the species" in a paper on marsh deer). Neither is another entity in
the name's place; a name the paper gives another thing still is. On the real PDFs."""

from __future__ import annotations

import pytest

from annotations.schema import Label
from grounding.judges.statement_check import spelled_in
from tests.conftest import DATA, PAPERS
from tests.grounding.judging import judged_c1

S2ORC = PAPERS / "s2orc-2020.pdf"
MARSH_DEER = DATA / "papers-more" / "marsh-deer-dra-2025.pdf"


@pytest.mark.parametrize(
    "name, text, same",
    [
        ("RefSeer", "the Ref-Seer dataset (Huang et al., 2015)", True),
        ("Ref-Seer", "RefSeer links to CiteSeerX", True),
        ("Open AI", "models from OpenAI", True),
        ("OKVQA", "on OK-VQA and A-OKVQA", True),
        ("BERT", "RoBERTa and SciBERT", False),  # a name inside another is not it
        ("RefSeer", "the Ref dataset of Seer", False),  # the pieces apart
        ("T5", "T-5", False),  # too short to tell by letters alone
    ],
)
def test_spelled_in_reads_the_same_letters_over_words(name: str, text: str, same: bool) -> None:
    assert spelled_in(name, text) is same


def test_a_name_the_pdf_hyphenates_is_not_another_name() -> None:
    """Page 8 of S2ORC writes "the Ref-Seer dataset" (broken over a line): the sentence's
    "RefSeer" is that name, stated there."""
    got, why, _ = judged_c1(
        S2ORC,
        "Citation contexts are no longer available through CiteSeerX, but the RefSeer "
        "dataset offers short citation context snippets.",
    )
    assert got is Label.SUPPORTED, why


def test_another_name_in_its_place_is_still_contradicted() -> None:
    got, why, _ = judged_c1(
        S2ORC,
        "Citation contexts are no longer available through CiteSeerX, but the S2ORC "
        "dataset offers short citation context snippets.",
    )
    assert got is Label.CONTRADICTION, why
    assert "Ref-Seer" in why


def test_the_papers_subject_named_by_a_definite_description_is_not_swapped() -> None:
    """Page 4: "In Argentina, the species was categorized as vulnerable in the 2019 Red
    List of Argentine Mammals" in a paper whose subject is the marsh deer."""
    got, why, _ = judged_c1(
        MARSH_DEER,
        "In Argentina, the marsh deer was categorized as vulnerable in the 2019 Red List of "
        "Argentine Mammals.",
    )
    assert got is Label.SUPPORTED, why


@pytest.mark.parametrize("animal", ["pampas deer", "jaguar"])
def test_a_name_that_is_not_the_papers_subject_is_still_swapped(animal: str) -> None:
    got, why, _ = judged_c1(
        MARSH_DEER,
        f"In Argentina, the {animal} was categorized as vulnerable in the 2019 Red List of "
        "Argentine Mammals.",
    )
    assert got is not Label.SUPPORTED, why
