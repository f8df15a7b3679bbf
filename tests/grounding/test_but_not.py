"""A statement the paper makes of one thing "but not" of another, said the other way round,
on the marsh deer PDF ("E. chaffeensis at the source (Iberá) but not the destination park
signalled unacceptable risk", page 2; "risks can be minimized but not eliminated", page 6)."""

from __future__ import annotations

import pytest

from annotations.schema import Label
from tests.conftest import DATA
from tests.grounding.judging import judged

MARSH_DEER = DATA / "papers-more" / "marsh-deer-dra-2025.pdf"


@pytest.mark.parametrize(
    "sentence, said",
    [
        (
            "Presence of Ehrlichia chaffeensis at the destination park but not at the source "
            "signalled unacceptable risk.",
            "'destination park'",
        ),
        (
            "Capture, anesthesia, and translocation risks can be eliminated but not minimized.",
            "'can be eliminated'",
        ),
    ],
)
def test_the_two_sides_exchanged_are_contradicted(sentence: str, said: str) -> None:
    label, why = judged(MARSH_DEER, sentence)
    assert label == Label.CONTRADICTION.value, why
    assert f"says {said} but not the other" in why


@pytest.mark.parametrize(
    "sentence",
    [
        "Presence of Ehrlichia chaffeensis at the source but not at the destination park "
        "signalled unacceptable risk.",
        "Capture, anesthesia, and translocation risks can be minimized but not eliminated.",
    ],
)
def test_the_papers_order_is_not_contradicted(sentence: str) -> None:
    label, why = judged(MARSH_DEER, sentence)
    assert label == Label.SUPPORTED.value, why
