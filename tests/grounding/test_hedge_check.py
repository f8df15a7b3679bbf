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
        # the claim keeps the hedge of another clause, not of the one it drops it from
        (
            "Effects of translocation take several years to emerge, and substantial "
            "funding may be needed.",
            "Effects of translocation may take several years to emerge, and substantial "
            "funding may be needed.",
            "may",
        ),
        (
            "MRI has the desired attributes of a test that could be used in the prostate "
            "cancer diagnostic pathway.",
            "MRI appears to have the desired attributes of a test that could be used in the "
            "prostate cancer diagnostic pathway.",
            "appears to",
        ),
        # a claim hedge word that the paper's sentence holds as a plain word
        (
            "This proposed new pathway offers several advantages.",
            "This proposed new pathway might offer several advantages.",
            "might",
        ),
        (
            "The user does specify whether to use this fit.",
            "The user may specify whether to use this fit.",
            "may",
        ),
        # a bare "suggest" / "indicate" with the finding as its object
        (
            "The consequences of this mutation show a common, robust mechanism.",
            "The consequences of this mutation suggest a common, robust mechanism.",
            "suggest",
        ),
        (
            "These results show an overall rate uniformity between the clades.",
            "These results indicate an overall rate uniformity between the clades.",
            "indicate",
        ),
        # a number before "may" is no date
        (
            "H-bonding to valine 61 results in some new strain.",
            "H-bonding to valine 61 may result in some new strain.",
            "may",
        ),
    ],
)
def test_a_hedge_the_claim_drops_is_found(claim: str, paper: str, word: str) -> None:
    assert unhedged(claim, paper) == word


#: paper sentences whose hedge ("implying that", "which implies that") opens a clause that
#: a citation or comma cuts from the finding it hedges
_IMPLYING = [
    (
        "Dry plots lost a third of their yield [12], implying that soil moisture limits "
        "nitrogen uptake in maize.",
        "Soil moisture limits nitrogen uptake in maize.",
        "Dry plots lost a third of their yield.",
    ),
    (
        "Pensions were cut in 2019 (Table 2), which implies that heating costs drive excess "
        "winter deaths among pensioners.",
        "Heating costs drive excess winter deaths among pensioners.",
        "Pensions were cut in 2019.",
    ),
    (
        "The coated pipes corroded less [4,5], implying that the film blocks chloride ions "
        "at the steel surface.",
        "The film blocks chloride ions at the steel surface.",
        "The coated pipes corroded less.",
    ),
]


@pytest.mark.parametrize(("paper", "finding", "observed"), _IMPLYING)
def test_an_implied_finding_stated_as_established_drops_the_hedge(
    paper: str, finding: str, observed: str
) -> None:
    assert unhedged(finding, paper) is not None
    # the negative side: the observation itself, and the finding with its hedge kept
    assert unhedged(observed, paper) is None
    kept = "This implies that " + finding[0].lower() + finding[1:]
    assert unhedged(kept, paper) is None


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
        # "indicates" of a figure mark depicts; "to indicate" states
        (
            "The dashed line shows the maximum likelihood estimate.",
            "The dashed line indicates the maximum likelihood estimate.",
        ),
        (
            "Black dots show areas exceeding the 95% confidence intervals.",
            "Black dots indicate areas exceeding the 95% confidence intervals.",
        ),
        ("Cells shaded in green show low risk.", "Cells shaded in green indicate low risk."),
        (
            "Functions take arguments that give the input data of each phase.",
            "Functions take arguments to indicate the input data of each phase.",
        ),
        # the claim hedges each clause the paper hedges, or reports the finding as a view
        (
            "Effects of translocation might take several years to emerge, and substantial "
            "funding may be needed.",
            "Effects of translocation may take several years to emerge, and substantial "
            "funding may be needed.",
        ),
        ("Warming may drive the shift.", "These results suggest that warming may drive the shift."),
        (
            "The authors of the field study suggest that translocation effects take years "
            "to emerge.",
            "Translocation effects may take years to emerge.",
        ),
        # a clause the claim does not state
        (
            "Substantial funding is needed for translocation.",
            "Effects of translocation may take several years to emerge, and substantial "
            "funding is needed for translocation.",
        ),
    ],
)
def test_no_hedge_is_claimed_dropped_where_none_is(claim: str, paper: str) -> None:
    assert unhedged(claim, paper) is None


def test_hedges_leaves_months_and_negated_modals_out() -> None:
    assert hedges("In May 2020 it could not run; it may run now.") == ["may"]
    assert hedges("It was sampled on 3 May 2019 and 12 May 2020.") == []
    assert hedges("Bonding to valine 61 may strain it; 3 of them may break.") == ["may", "may"]
