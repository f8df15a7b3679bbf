"""Values a paper gives in brackets after each of several names ("mCerulean3 (pK1/2 = 3.2)
[14] and mTurquoise2 (pK1/2 = 3.1)", page 4 of the CFP paper): a value given to the other
name is contradicted with that name's own value."""

from __future__ import annotations

import pytest

from annotations.schema import Label
from grounding.judges.bracket_values import bracket_owner
from tests.conftest import DATA
from tests.grounding.judging import judged_c1

CFP = DATA / "papers-more" / "cfp-t65s-2012.pdf"


@pytest.mark.parametrize(
    "sentence, at, owner",
    [
        ("Together with mCerulean3 (pK1/2 = 3.2) [14] and mTurquoise2 (3.1)", 34, "mCerulean3"),
        ("Together with mCerulean3 (pK1/2 = 3.2) [14] and mTurquoise2 (3.1)", 62, "mTurquoise2"),
        ("the value (3.2) of it", 11, None),  # a bracket after no name
        ("BERT (see 3.2) and 4.1", 19, None),  # outside any bracket
    ],
)
def test_bracket_owner(sentence: str, at: int, owner: str | None) -> None:
    assert bracket_owner(sentence, at) == owner


@pytest.mark.parametrize(
    "sentence, c1",
    [
        ("mTurquoise2 has a pK1/2 of 3.2.", [("3.2", "3.1")]),
        ("The mCerulean3 variant has a pK1/2 of 3.1.", [("3.1", "3.2")]),
        # a respectively-list gives each value the name of its place in the list
        (
            "mCerulean3 and mTurquoise2 have pK1/2 values of 3.1 and 3.2, respectively.",
            [("3.1", "3.2"), ("3.2", "3.1")],
        ),
    ],
)
def test_a_value_of_the_other_bracket_is_contradicted(sentence: str, c1: list) -> None:  # type: ignore[type-arg]
    got, why, spans = judged_c1(CFP, sentence)
    assert got is Label.CONTRADICTION, why
    assert spans == c1, why


@pytest.mark.parametrize(
    "sentence",
    [
        "mTurquoise2 has a pK1/2 of 3.1.",
        "mCerulean3 has a pK1/2 of 3.2.",
        "mCerulean3 and mTurquoise2 have pK1/2 values of 3.2 and 3.1, respectively.",
    ],
)
def test_a_value_of_its_own_bracket_is_supported(sentence: str) -> None:
    got, why, _ = judged_c1(CFP, sentence)
    assert got is Label.SUPPORTED, why
