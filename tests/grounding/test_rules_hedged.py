"""A sentence that states as established what a real paper hedges is not supported (nei),
never a contradiction; the paper's own hedged sentence, and a sentence that shows what a
figure mark "indicates", stay supported."""

from __future__ import annotations

from pathlib import Path

import pytest

from grounding.check import check
from tests.conftest import DATA, need

PROMIS = DATA / "papers-more" / "promis-prostate-mri-2015.pdf"
CFP = DATA / "papers-more" / "cfp-t65s-2012.pdf"
MARSH = DATA / "papers-more" / "marsh-deer-dra-2025.pdf"
BAYES = DATA / "papers-more" / "bayes-diversification-2011.pdf"
NINGALOO = DATA / "papers-more" / "ningaloo-decadal-linkage-2024.pdf"
IMIDAZOLE = DATA / "papers-more" / "imidazole-corrosion-2021.pdf"

#: "considering significant effects ... may take several years to emerge, substantial
#: funding and technical resources may be needed to cover this timeframe" (two hedged
#: clauses)
_EFFECTS = "Considering significant effects of conservation translocation on the ecosystem"
_FUNDING = "substantial funding and technical resources may be needed to cover this timeframe."


def _label(pdf: Path, sentence: str) -> str:
    [s] = check("", sentence, str(need(pdf)), verify_citations=False).sentences
    return s.judgement.label.value


@pytest.mark.parametrize(
    ("pdf", "sentence"),
    [
        # a hedge word the paper's sentence holds as a plain word ("proposed")
        (PROMIS, "This proposed new pathway offers several advantages."),
        # a number before "may" ("valine 61 may")
        (
            CFP,
            "Alternatively, H-bonding to valine 61 results in some new strain on the local "
            "main chain configuration.",
        ),
        # the claim keeps the hedge of the other clause only
        (MARSH, f"{_EFFECTS} take several years to emerge, {_FUNDING}"),
        # a bare "suggest" with the finding as its object
        (
            CFP,
            "The general and extensive consequences of this mutation show a common, rather "
            "robust mechanism, that should have some clear structural grounds.",
        ),
        # "implying that" / "It implies that" after a citation or a comma
        (
            IMIDAZOLE,
            "100 and 300 ppm of imidazole are not enough to inhibit corrosion effectively.",
        ),
        (
            IMIDAZOLE,
            "D is also an area protected by imidazole and E is an unprotected area, which "
            "served as an anodic site for corrosion.",
        ),
    ],
)
def test_a_hedge_made_certain_is_nei(pdf: Path, sentence: str) -> None:
    assert _label(pdf, sentence) == "nei"


@pytest.mark.parametrize(
    ("pdf", "sentence"),
    [
        (PROMIS, "This proposed new pathway might offer several advantages."),
        (MARSH, f"{_EFFECTS} may take several years to emerge, {_FUNDING}"),
        # a figure mark "indicates" what it depicts: "shows" says the same
        (
            BAYES,
            "The dashed line shows the maximum likelihood estimate based on the consensus tree.",
        ),
        (NINGALOO, "Black dots show areas exceeding the 95% confidence intervals."),
        # the implied finding with its hedge kept, and what the paper observes plainly
        (
            IMIDAZOLE,
            "It implies that D is also an area protected by imidazole and that E is an "
            "unprotected area.",
        ),
        (IMIDAZOLE, "The 500 and 1000 ppm imidazole cases show passive behavior."),
    ],
)
def test_the_hedge_kept_or_no_hedge_stays_supported(pdf: Path, sentence: str) -> None:
    assert _label(pdf, sentence) == "supported"
