"""Two things a sentence contrasts, each given what the paper gives the other
(grounding.judges.exchanged_pair), on real papers: the paper's two clauses of one sentence
(CFP: threonine 65 "Up", serine 65 "Down") and its two consecutive sentences (T2K: the
CC1π+ and CCOther sidebands). The same contrast the right way round, in either order, is
not contradicted."""

from __future__ import annotations

import pytest

from annotations.schema import Label
from tests.conftest import DATA
from tests.grounding.judging import judged, judged_c1

CFP = DATA / "papers-more" / "cfp-t65s-2012.pdf"
LAVIS = DATA / "papers" / "lavis-2022.pdf"
LEGWORK = DATA / "papers" / "legwork-2022.pdf"
T2K = DATA / "papers-more" / "t2k-numu-water-xsec-2018.pdf"

_GFP_WRONG = (
    "In the GFP structures compared, a serine at position 65 goes with the Up "
    "configuration, whereas a threonine goes with the Down configuration."
)
_SIDEBANDS_WRONG = (
    "The CCOther sideband keeps events with exactly two PØD tracks and at least one Michel "
    "electron, while the CC1π+ sideband keeps events with more than two tracks."
)


@pytest.mark.parametrize(
    ("pdf", "sentence", "c2"),
    [(CFP, _GFP_WRONG, ("serine", "threonine")), (T2K, _SIDEBANDS_WRONG, ("CCOther", "CC1π"))],
)
def test_two_contrasted_things_exchanged_are_contradicted(
    pdf: object, sentence: str, c2: tuple[str, str]
) -> None:
    label, why, _ = judged_c1(pdf, sentence)  # type: ignore[arg-type]
    assert label is Label.CONTRADICTION, why
    assert f"gives '{c2[0]}' what page" in why and f"gives '{c2[1]}'" in why, why
    assert "(evidence: " in why, why  # the line where the paper's pair starts


@pytest.mark.parametrize(
    ("pdf", "sentence"),
    [
        (
            CFP,
            _GFP_WRONG.replace("serine", "@")
            .replace("threonine", "serine")
            .replace("@", "threonine"),
        ),
        (
            CFP,
            "In the GFP structures compared, a serine at position 65 goes with the Down "
            "configuration, whereas a threonine goes with the Up configuration.",
        ),
        (
            T2K,
            _SIDEBANDS_WRONG.replace("CCOther", "@")
            .replace("CC1π+", "CCOther")
            .replace("@", "CC1π+"),
        ),
    ],
)
def test_the_same_contrast_the_right_way_round_is_not_contradicted(
    pdf: object, sentence: str
) -> None:
    label, why = judged(pdf, sentence)  # type: ignore[arg-type]
    assert label != "contradiction", why


@pytest.mark.parametrize(
    ("pdf", "wrong", "right"),
    [
        # the paper's two statements joined by ", and": "It uses TimeSformer [8] to extract
        # video features, and BERT to extract text features"
        (
            LAVIS,
            "ALPRO relies on BERT for video features, while it relies on TimeSformer for text "
            "features.",
            "ALPRO relies on TimeSformer for video features, while it relies on BERT for text "
            "features.",
        ),
        # two values exchanged between two sources: "the signal from the e = 0.9 source is
        # concentrated at ... around 40 mHz ... the 6 mHz at which the e = 0.6 source is"
        (
            LEGWORK,
            "The e = 0.6 source has its signal concentrated near 40 mHz, whereas the e = 0.9 "
            "source has its signal concentrated near 6 mHz.",
            "The e = 0.9 source has its signal concentrated near 40 mHz, whereas the e = 0.6 "
            "source has its signal concentrated near 6 mHz.",
        ),
    ],
)
def test_names_or_values_exchanged_across_the_papers_and_are_contradicted(
    pdf: object, wrong: str, right: str
) -> None:
    label, why = judged(pdf, wrong)  # type: ignore[arg-type]
    assert label == "contradiction" and "what page" in why, why
    label, why = judged(pdf, right)  # type: ignore[arg-type]
    assert label == "supported", why


def test_the_last_item_of_a_list_is_no_second_statement() -> None:
    # LEGWORK's abstract: "binaries containing combinations of white dwarfs, neutron
    # stars, and black holes, ranging from the numerous double white dwarf population, to
    # the rare but loud double black hole population" is one statement
    label, why = judged(
        LEGWORK,
        "Eccentric double white dwarfs are less detectable than circular ones, while "
        "eccentric black hole binaries are more detectable.",
    )
    assert "what page" not in why, why
