"""A value found where the paper says little of it, while the paper's statement of the
sentence's quantity gives another value: the humins PDF's page 4 gives "The main product
was the desired FA with a yield of 28.4 wt% of the initial carbon" and, lines later, "The
total carbon content of the liquid phase was 38.4 wt%"."""

from __future__ import annotations

import pytest

from annotations.schema import Label
from tests.conftest import DATA
from tests.grounding.judging import judged_c1

HUMINS = DATA / "papers-more" / "humins-levulinic-acid-2025.pdf"


def test_the_value_of_another_quantity_is_corrected_by_its_own() -> None:
    got, why, c1 = judged_c1(
        HUMINS,
        "Around 95.5% of the solid humin was converted, and formic acid was the main product "
        "at 38.4 wt% of the initial carbon.",
    )
    assert got is Label.CONTRADICTION, why
    assert c1 == [("38.4", "28.4")], why
    assert "28.4 wt% of the initial carbon" in why  # the statement is the evidence


@pytest.mark.parametrize(
    "sentence",
    [
        "Around 95.5% of the solid humin was converted, and formic acid was the main product "
        "at 28.4 wt% of the initial carbon.",
        "The total carbon content of the liquid phase was 38.4 wt%.",
    ],
)
def test_each_value_of_its_own_quantity_is_supported(sentence: str) -> None:
    got, why, _ = judged_c1(HUMINS, sentence)
    assert got is Label.SUPPORTED, why
