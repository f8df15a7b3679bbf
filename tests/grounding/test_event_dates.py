"""Dates of the paper's history (received, accepted, published) held to the paper's own:
a date moved to another event is contradicted with the paper's date for that event; on
the real PDFs' front matter."""

from __future__ import annotations

import pytest

from annotations.schema import Label
from grounding.judges.event_dates import dates
from tests.conftest import DATA, PAPERS
from tests.grounding.judging import judged_c1

MARSH_DEER = DATA / "papers-more" / "marsh-deer-dra-2025.pdf"  # 11 Oct 2024 / 28 Mar / 20 May 2025


@pytest.mark.parametrize(
    "text, lines, want",
    [
        ("was accepted on March 28, 2025.", False, [(2025, 3, 28, "accepted")]),
        ("submitted on 9 May 2017", False, [(2017, 5, 9, "received")]),
        ("published online 2018-01-08", False, [(2018, 1, 8, "published")]),
        ("in May 2025", False, [(2025, 5, None, None)]),
        (
            "Received: 23 April 2011 Accepted: 21 October 2011\nPublished: 21 October 2011",
            True,
            [(2011, 4, 23, "received"), (2011, 10, 21, "accepted"), (2011, 10, 21, "published")],
        ),
        (
            "(Received 24 August 2017; published 8 January 2018)",
            True,
            [(2017, 8, 24, "received"), (2018, 1, 8, "published")],
        ),
        # in a page's prose the event is another work's: no history date
        ("The dataset was published in March 2020 by", True, [(2020, 3, None, None)]),
        ("on 32 May 2020", False, []),
    ],
)
def test_dates_are_read_whole_with_their_event(text: str, lines: bool, want: list) -> None:  # type: ignore[type-arg]
    got = [(d.year, d.month, d.day, d.event) for d in dates(text, lines=lines)]
    assert got == want


@pytest.mark.parametrize(
    "sentence, correction",
    [
        ("The article was accepted on May 20, 2025.", "March 28, 2025"),
        ("The manuscript was submitted on March 28, 2025.", "October 11, 2024"),
        ("The article was published in March 2025.", "May 2025"),
    ],
)
def test_a_date_moved_to_another_event_is_contradicted(sentence: str, correction: str) -> None:
    got, why, _ = judged_c1(MARSH_DEER, sentence)
    assert got is Label.CONTRADICTION, why
    assert f"gives {correction} as the" in why


@pytest.mark.parametrize(
    "pdf, sentence",
    [
        (MARSH_DEER, "The article was received on October 11, 2024."),
        (
            MARSH_DEER,
            "The manuscript was submitted on 11 October 2024 and accepted on 28 March 2025.",
        ),
        (PAPERS / "vespa-2017.pdf", "The paper was accepted on 9 May 2017."),
        # "manuscript" names the paper, whether or not its text writes the word
        (
            DATA / "papers-more" / "promis-prostate-mri-2015.pdf",
            "The manuscript was accepted on 24 February 2015.",
        ),
        # a history date checks its sentence on its own, in any of its forms
        (PAPERS / "vespa-2017.pdf", "The paper was accepted on 2017-05-09."),
        (PAPERS / "vespa-2017.pdf", "The paper was accepted in May 2017."),
    ],
)
def test_the_papers_own_dates_are_supported(pdf, sentence: str) -> None:  # type: ignore[no-untyped-def]
    got, why, _ = judged_c1(pdf, sentence)
    assert got is Label.SUPPORTED, why


@pytest.mark.parametrize(
    "sentence",
    [
        "The Red List of Argentine Mammals was published in March 2025.",
        "A previous study was published in March 2025.",  # "study": often another one
    ],
)
def test_a_date_of_another_work_is_not_held_to_the_papers_history(sentence: str) -> None:
    """No word names the paper itself: the date is not the article's."""
    got, why, _ = judged_c1(MARSH_DEER, sentence)
    assert got is not Label.CONTRADICTION, why


def test_the_papers_subject_names_the_paper() -> None:
    """VESPA is on most of the paper's pages: "VESPA was submitted" dates the paper."""
    got, why, _ = judged_c1(PAPERS / "vespa-2017.pdf", "VESPA was submitted on 9 May 2017.")
    assert got is Label.CONTRADICTION, why
    assert "25 March 2016 as the received date" in why
