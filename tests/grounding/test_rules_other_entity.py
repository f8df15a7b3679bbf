"""A passage worded like the sentence but about another entity (another dataset, model,
catalyst, drug) is not its evidence: word overlap never grounds a claim about a name the
passage does not hold, nor about a sibling name with other digits. The same sentences with
the paper's own names, a label that points into the paper ("Table S2") and the paper's own
subject stay supported."""

from __future__ import annotations

from pathlib import Path

import pytest

from grounding.check import check
from tests.conftest import DATA, need

S2ORC = DATA / "papers" / "s2orc-2020.pdf"
R1 = DATA / "papers" / "deepseek-r1-2025.pdf"
HUMINS = DATA / "papers-more" / "humins-levulinic-acid-2025.pdf"


def _judged(pdf: Path, sentence: str) -> tuple[str, str]:
    [s] = check("", sentence, str(need(pdf))).sentences
    return s.annotation.label.value, s.annotation.rationale


@pytest.mark.parametrize(
    ("pdf", "sentence", "name"),
    [
        # another dataset in place of the one the passage names ("... derived from the ACL
        # Anthology" is said of the ACL Anthology Network and of S2ORC's sources)
        (S2ORC, "MAG is derived from the ACL Anthology.", "MAG"),
        (S2ORC, "CORD-19 is derived from the ACL Anthology.", "CORD-19"),
        # a sibling catalyst / model: the same letters, other digits
        (
            HUMINS,
            "Selective catalytic oxidation of humins using the HPA-5 polyoxometalate "
            "catalyst produces FA.",
            "HPA-5",
        ),
        (
            R1,
            "The authors select Llama-3.2 because its reasoning capability is slightly better "
            "than that of Llama-3.1.",
            "Llama-3.2",
        ),
    ],
)
def test_a_passage_about_another_entity_is_not_evidence(
    pdf: Path, sentence: str, name: str
) -> None:
    label, why = _judged(pdf, sentence)
    assert label == "nei" and f"not about '{name}'" in why


@pytest.mark.parametrize(
    ("pdf", "sentence"),
    [
        (S2ORC, "S2ORC contains three times more full text papers than PubMed Central."),
        (
            HUMINS,
            "Selective catalytic oxidation of humins using the HPA-2 polyoxometalate "
            "catalyst produces FA.",
        ),
        (
            R1,
            "The authors select Llama-3.3 because its reasoning capability is slightly better "
            "than that of Llama-3.1.",
        ),
        # labels that point into the paper are not names
        (
            HUMINS,
            "Elemental analysis and infrared spectra indicate, analogous to previous "
            "research, primarily a breakdown of the ether and ester bonds inside and outside "
            "the furan rings (Figure S4 and Table S2).",
        ),
    ],
)
def test_the_papers_own_names_stay_supported(pdf: Path, sentence: str) -> None:
    label, why = _judged(pdf, sentence)
    assert label == "supported", why


def test_the_papers_own_subject_need_not_be_named_in_its_passage() -> None:
    # the title names S2ORC; its passages say "a paper is derived from arXiv, ACL Anthology"
    label, why = _judged(S2ORC, "S2ORC is derived from the ACL Anthology.")
    assert label == "supported" and "not about" not in why
