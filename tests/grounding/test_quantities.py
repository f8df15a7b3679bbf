"""Tests for grounding.quantities: parsing numbers with units and comparing them."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grounding.quantities import (Quantity, comparable, detect_decimal_comma,
                                  extract_quantities, same_count_noun, same_value)
from tests.conftest import load_cases


def _values(text: str, **kw: object) -> list[tuple[float, str | None, str]]:
    return [(q.value, q.unit, q.kind) for q in extract_quantities(text, **kw)]  # type: ignore[arg-type]


def test_b41_parsed_evidence_en() -> None:
    case = load_cases("numbers")["B41"]
    qs = [q for q in extract_quantities(case["input"]["evidence_en"]) if q.checkable]
    want = case["expected"]["parsed_evidence_en"]
    assert [q.value for q in qs] == [w["value"] for w in want]
    # units: "participants" is a count noun (stemmed), metres and degrees are canonical
    assert qs[0].unit == "participant" and not qs[0].physical
    assert (qs[1].unit, qs[2].unit) == ("m", "°C")
    assert qs[1].physical and qs[2].physical


def test_b41_parsed_evidence_de_uses_decimal_comma() -> None:
    case = load_cases("numbers")["B41"]
    text = case["input"]["evidence_de"]
    assert detect_decimal_comma(text)
    qs = extract_quantities(text)
    assert [q.value for q in qs] == [w["value"] for w in case["expected"]["parsed_evidence_de"]]
    assert qs[1].unit == "g"


@pytest.mark.parametrize("text, value", [
    ("1,000 participants", 1000.0), ("1000 participants", 1000.0), ("1e3 runs", 1000.0),
    ("a rate of 2e-5 was used", 2e-5), ("800k samples", 800_000.0), ("10K steps", 10_000.0),
    ("the slope was \u22120.42", -0.42), ("it fell to -3.5", -3.5),
])
def test_number_formats(text: str, value: float) -> None:
    qs = [q for q in extract_quantities(text) if q.checkable]
    assert len(qs) == 1
    assert qs[0].value == pytest.approx(value)


def test_minus_variants_b30() -> None:
    case = load_cases("pdf")["B30"]
    text = case["input"]["case_minus_variants"]["page_text"]
    qs = [q.value for q in extract_quantities(text) if q.kind == "number"]
    assert qs == case["expected"]["case_minus_variants"]["numbers_in_page"]


def test_names_and_references_are_not_quantities() -> None:
    text = ("DeepSeek-R1 beats Qwen-32B and o1-1217 on pass@1 in Table 4 and Section 4.3 "
            "(Shao et al., 2024) [3], scoring 91.5.")
    kinds = {q.text: q.kind for q in extract_quantities(text)}
    assert kinds.get("4") == "ref" and kinds.get("4.3") == "ref" and kinds.get("3") == "ref"
    assert kinds.get("2024") == "year"
    checkable = [q.value for q in extract_quantities(text) if q.checkable]
    assert checkable == [91.5]


def test_percent_words_fractions_and_bounds() -> None:
    (forty,) = extract_quantities("Forty percent of patients had hypertension.")
    assert (forty.value, forty.unit, forty.kind) == (40.0, "%", "percent")
    (fifth,) = extract_quantities("Fewer than a fifth of patients smoked.")
    assert (fifth.value, fifth.bound, fifth.kind) == (20.0, "<", "fraction")
    (times,) = extract_quantities("nearly five times larger")
    assert (times.value, times.unit) == (5.0, "x")
    approx = extract_quantities("About 60% of the 132 patients were men.")
    assert approx[0].approx and approx[0].value == 60.0
    assert approx[1].value == 132.0 and approx[1].unit == "patient"


def test_count_noun_after_participle() -> None:
    (q,) = extract_quantities("the 132 enrolled patients")
    assert q.unit == "patient"


def _q(text: str) -> Quantity:
    return [q for q in extract_quantities(text) if q.checkable][0]


def test_same_value_rounding_and_approximation() -> None:
    assert same_value(_q("about 60%"), _q("59.8%"))
    assert same_value(_q("Forty percent"), _q("40.2%"))
    assert not same_value(_q("76.45 points"), _q("76.54 points"))
    assert not same_value(_q("it took 16 hours"), _q("16.04"))      # integers do not round
    assert same_value(_q("a fifth"), _q("19.7%")) is True           # approximate fraction
    assert same_value(_q("fewer than a fifth"), _q("19.7%"))
    assert not same_value(_q("fewer than a fifth"), _q("30.3%"))
    assert same_value(_q("59.8%"), _q("0.598 of them"))             # fraction written as 0-1


def test_comparable_units() -> None:
    assert not comparable(_q("21 °C"), _q("21 meters"))
    assert comparable(_q("21 m"), _q("21 meters"))
    assert comparable(_q("91.5 nDCG"), _q("value 91.5"))            # table cells carry no unit
    assert comparable(_q("1.25 samples"), _q("1250 Proben"))        # count nouns compare softly
    assert same_count_noun(_q("3 hard negatives"), _q("2 hard negatives")) is True
    assert same_count_noun(_q("3 hard negatives"), _q("3 easy negatives")) is False
    assert same_count_noun(_q("3 hard negatives"), _q("3.0")) is None


@given(st.floats(min_value=-1e6, max_value=1e6, allow_nan=False).map(lambda v: round(v, 2)))
def test_extracted_value_round_trips(value: float) -> None:
    text = f"the score was {value:.2f} overall"
    qs = [q for q in extract_quantities(text) if q.checkable]
    assert len(qs) == 1
    assert qs[0].value == pytest.approx(value)
    assert text[qs[0].start:qs[0].end] == qs[0].text


def test_multiplier_words_and_percent_against_counts() -> None:
    from grounding.quantities import comparable, extract_quantities, has_multiplier

    q = extract_quantities("We resolve a total 380.5 million citation links.")[0]
    assert (q.text, q.value) == ("380.5 million", 380.5e6) and has_multiplier(q)
    m = extract_quantities("380.5M links")[0]
    assert m.value == q.value and has_multiplier(m)
    pct, count = extract_quantities("8.1%")[0], extract_quantities("8.1M")[0]
    assert not comparable(pct, count) and not comparable(count, pct)
    assert comparable(pct, extract_quantities("8.1")[0])        # a bare table cell
    assert not has_multiplier(extract_quantities("81.5 points")[0])
