"""Shares bound to the component named after their unit ("87.00 wt% water, 11.65 wt% FA"):
two shares exchanged between components are contradicted, each corrected with the paper's
share of its component; on the humins PDF's composition of its FA-fraction (page 5)."""

from __future__ import annotations

import pytest

from annotations.schema import Label
from grounding.judges.share_nouns import component
from grounding.quantities import extract_quantities
from tests.conftest import DATA
from tests.grounding.judging import judged_c1

HUMINS = DATA / "papers-more" / "humins-levulinic-acid-2025.pdf"


@pytest.mark.parametrize(
    "text, want",
    [
        ("87.00 wt %\nwater, 11.65 wt% FA, 0.49 wt% acetic acid", ["wat", "fa", "acetic"]),
        ("gave 38% fructose and 40.7 mol% LA", ["fructos", "la"]),
        ("about 10% of the patients", [None]),  # a preposition names no component
    ],
)
def test_the_component_is_the_word_after_the_unit(text: str, want: list[str | None]) -> None:
    assert [component(text, q) for q in extract_quantities(text)] == want


@pytest.mark.parametrize(
    "sentence, c1",
    [
        (
            "The FA-fraction consisted of 11.65 wt% water and 87.00 wt% FA.",
            [("11.65", "87.00"), ("87.00", "11.65")],
        ),
        # one share given to another component: the paper's share of its own
        ("After distillation the FA-fraction held 0.73 wt% acetic acid.", [("0.73", "0.49")]),
    ],
)
def test_a_share_of_another_component_is_contradicted(sentence: str, c1: list) -> None:  # type: ignore[type-arg]
    got, why, spans = judged_c1(HUMINS, sentence)
    assert got is Label.CONTRADICTION, why
    assert spans == c1, why


@pytest.mark.parametrize(
    "sentence",
    [
        "The FA-fraction consisted of 87.00 wt% water and 11.65 wt% FA.",
        "After distillation the FA-fraction held 0.49 wt% acetic acid.",
    ],
)
def test_each_share_of_its_own_component_is_supported(sentence: str) -> None:
    got, why, _ = judged_c1(HUMINS, sentence)
    assert got is Label.SUPPORTED, why
