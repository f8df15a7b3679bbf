"""Tests for grounding.judges.number_check: the value window of the paper-wide search."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from grounding.evidence import EvidenceIndex
from grounding.judges.number_check import _could_match
from grounding.quantities import Quantity, same_value

_VALUES = st.one_of(
    st.floats(-1e7, 1e7, allow_nan=False),
    st.integers(-5000, 5000).map(float),
    st.integers(0, 1000).map(lambda n: n / 1000),
)
_KINDS = st.sampled_from(["number", "percent", "word", "fraction", "sci"])
_UNITS = st.sampled_from([None, "%", "x", "point", "patient"])


@st.composite
def _quantities(draw: st.DrawFn, bound: bool = False) -> Quantity:
    return Quantity(
        draw(_VALUES),
        "n",
        0,
        1,
        unit=draw(_UNITS),
        decimals=draw(st.integers(0, 4)),
        approx=draw(st.booleans()),
        bound=draw(st.sampled_from([None, "<", ">="])) if bound else None,
        kind=draw(_KINDS),
        multiplier=draw(st.sampled_from([1.0, 1e3, 1e6])),
    )


@given(_quantities(), _quantities(bound=True), st.floats(-3, 3, allow_nan=False))
def test_every_number_stating_a_claimed_value_lies_in_its_window(
    q: Quantity, e: Quantity, shift: float
) -> None:
    # paper numbers near the claim (a shift of a few steps) and anywhere else
    for v in (e.value, q.value + shift * q.step, q.value * (1 + shift / 50), q.value / 100):
        near = Quantity(
            v, e.text, 0, 1, unit=e.unit, decimals=e.decimals, kind=e.kind, multiplier=e.multiplier
        )
        if same_value(q, near):
            assert any(lo <= near.value <= hi for lo, hi in _could_match(q))


def test_quantities_near_keeps_page_order() -> None:
    index = EvidenceIndex.from_texts(["We saw 12.5 and 3 and 12.5 again.", "Then 12.4 and 99."])
    got = [(page, q.text) for page, q in index.quantities_near([(12.0, 13.0), (90, 100)])]
    assert got == [(1, "12.5"), (1, "12.5"), (2, "12.4"), (2, "99")]
    assert index.quantities_near([(500.0, 600.0)]) == []
