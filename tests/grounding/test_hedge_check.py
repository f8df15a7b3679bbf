"""A hedged finding stated as established is not supported (nei), by kind."""

from __future__ import annotations

import pytest

from grounding.judges.hedge_check import hedges, unhedged


@pytest.mark.parametrize(
    "claim, paper, word",
    [
        ("The drug reduces mortality.", "The drug may reduce mortality in older adults.", "may"),
        (
            "Warming drives the shift.",
            "These results suggest that warming drives the shift.",
            "suggest that",
        ),
        (
            "Smoking causes lower scores.",
            "Smoking is associated with lower scores.",
            "is associated with",
        ),
        (
            "The gain comes from the larger batch.",
            "The gain is likely due to the larger batch.",
            "likely",
        ),
        ("The protein binds DNA.", "The protein appears to bind DNA.", "appears to"),
    ],
)
def test_a_hedge_the_claim_drops_is_found(claim: str, paper: str, word: str) -> None:
    assert unhedged(claim, paper) == word


@pytest.mark.parametrize(
    "claim, paper",
    [
        ("The drug may reduce mortality.", "The drug may reduce mortality in older adults."),
        ("This suggests the index drives it.", "These results suggest that the index drives it."),
        ("The drug reduced mortality by 12%.", "The drug reduced mortality by 12%."),
        ("Samples were collected in May 2019.", "Samples were collected on 3 May 2019."),
        ("The method cannot handle tables.", "The method could not handle tables."),
        ("The cost per node is 3 ms.", "The cost associated with each node is 3 ms."),
        ("Yields of up to 42 mol% were achieved.", "Yields of up to 42 mol% could be achieved."),
        ("The effect was reproduced in mice.", "The effect could also be reproduced in mice."),
        ("Table 2 gives the scores.", "As indicated in Table 2, the scores are high."),
    ],
)
def test_no_hedge_is_claimed_dropped_where_none_is(claim: str, paper: str) -> None:
    assert unhedged(claim, paper) is None


def test_hedges_leaves_months_and_negated_modals_out() -> None:
    assert hedges("In May 2020 it could not run; it may run now.") == ["may"]
