"""A change, a ranking or a negation is checked against the paper's statement of the same
thing: a degree word ("dropped slightly", "a slight increase") names no outcome; a paper
change whose outcome holds a word the sentence uses for another thing ("the humin
structure", "the binary circularises") is about that other thing; a ranking within one
condition is no change between conditions; a negation in the sentence next to the one
that states the claim is that other sentence's.

Sentences of natural answers on real papers of the shared data (skipped without it)."""

from __future__ import annotations

import pytest

from annotations.schema import Label
from tests.conftest import DATA
from tests.grounding.judging import judged_c1

HUMINS = DATA / "papers-more" / "humins-levulinic-acid-2025.pdf"
LEGWORK = DATA / "papers" / "legwork-2022.pdf"


@pytest.mark.parametrize(
    ("pdf", "sentence"),
    [
        # the paper: "only a slight increase in [humin] yield" after 3 h; the LA yield drops
        (
            HUMINS,
            "Beyond that point the yield dropped slightly, which the authors trace to LA "
            "being increasingly incorporated into the humin structure.",
        ),
        # the paper: "increasing the eccentricity from essentially circular to e = 0.6"
        # (a setting of its figure), not a binary's eccentricity over time
        (
            LEGWORK,
            "As the top panel of Figure 7 shows, the binary circularises, its eccentricity "
            "falling from 0.5 to essentially zero at merger.",
        ),
    ],
)
def test_a_change_of_another_outcome_contradicts_nothing(pdf: object, sentence: str) -> None:
    label, why, _ = judged_c1(pdf, sentence)  # type: ignore[arg-type]
    assert label != Label.CONTRADICTION, why


def test_the_opposite_change_of_the_same_outcome_is_still_contradicted() -> None:
    # the paper: "Within the first 3 h, the humin yield increases continuously up to 10.1 wt%"
    label, why, _ = judged_c1(
        HUMINS, "Within the first 3 h, the humin yield decreases continuously to 10.1 wt%."
    )
    assert label == Label.CONTRADICTION, why


IMIDAZOLE = DATA / "papers-more" / "imidazole-corrosion-2021.pdf"


def test_a_ranking_within_a_condition_is_no_change_between_conditions() -> None:
    """The paper ranks the 500 ppm sample's sites (B highest, C lowest) on page 9, and its
    sentence writing "500 ppm" compares that sample with the 1000 ppm one ("more
    expansive"): that comparative says nothing of the sites' ranking."""
    label, why, _ = judged_c1(
        IMIDAZOLE,
        "In the KPFM maps of the 500 ppm sample, site B had the highest surface potential "
        "and site C the lowest.",
    )
    assert label != Label.CONTRADICTION, why


def test_a_statement_next_to_its_negated_counterpart_is_not_contradicted() -> None:
    """Page 5: "only in the conversion of sucrose and fructose a measurable amount of solid
    humins (around 4 wt%) was formed. When glucose and cellobiose were converted, almost no
    solid humins were formed." The negation, and the other sugars, are the next
    sentence's."""
    label, why, _ = judged_c1(
        HUMINS,
        "Measurable solid humins (around 4 wt%) formed only when sucrose and fructose were "
        "converted.",
    )
    assert label == Label.SUPPORTED, why
    label, why, _ = judged_c1(
        HUMINS,
        "Measurable solid humins (around 4 wt%) formed only when glucose and cellobiose were "
        "converted.",
    )
    assert label != Label.SUPPORTED, why


def test_a_change_said_of_another_clause_s_thing_contradicts_nothing() -> None:
    """Page 11: "Inhibition efficiency decreased from peak value when imidazole
    concentration reached 1000 ppm" is said of the efficiency, the sentence's first
    clause, not of its second clause's current density."""
    label, why, _ = judged_c1(
        IMIDAZOLE,
        "At 1000 ppm the efficiency fell to 88.0%, and the corrosion current density was "
        "higher than at 500 ppm.",
    )
    assert label != Label.CONTRADICTION, why


def test_a_pointer_before_a_ranking_is_no_value_it_compares() -> None:
    """ "In Table 1, LPC-2 has the lowest humin yield, 12.6 wt%": the "1" of "Table 1" and
    12.6 are no pair of values, and 12.6 is the column's largest; the true ranking ("LP
    (avg) has the lowest pH, 1.0") is read off the table."""
    label, why, _ = judged_c1(HUMINS, "In Table 1, LPC-2 has the lowest humin yield, 12.6 wt%.")
    assert label != Label.SUPPORTED, why
    label, why, _ = judged_c1(HUMINS, "In Table 1, LP (avg) has the lowest pH, 1.0.")
    assert label == Label.SUPPORTED, why
