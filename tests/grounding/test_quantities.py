"""Tests for grounding.quantities: parsing numbers with units and comparing them."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grounding.quantities import (
    _PLAIN,
    Quantity,
    _extract,
    comparable,
    detect_decimal_comma,
    extract_quantities,
    restate,
    same_count_noun,
    same_value,
    unit_base,
)
from tests.conftest import DATA, load_cases, need


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


@pytest.mark.parametrize(
    "text, value",
    [
        ("1,000 participants", 1000.0),
        ("1000 participants", 1000.0),
        ("1e3 runs", 1000.0),
        ("a rate of 2e-5 was used", 2e-5),
        ("800k samples", 800_000.0),
        ("10K steps", 10_000.0),
        ("the slope was \u22120.42", -0.42),
        ("it fell to -3.5", -3.5),
    ],
)
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
    text = (
        "DeepSeek-R1 beats Qwen-32B and o1-1217 on pass@1 in Table 4 and Section 4.3 "
        "(Shao et al., 2024) [3], scoring 91.5."
    )
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
    assert not same_value(_q("it took 16 hours"), _q("16.04"))  # integers do not round
    assert same_value(_q("a fifth"), _q("19.7%")) is True  # approximate fraction
    assert same_value(_q("fewer than a fifth"), _q("19.7%"))
    assert not same_value(_q("fewer than a fifth"), _q("30.3%"))
    assert same_value(_q("59.8%"), _q("0.598 of them"))  # fraction written as 0-1


def test_comparable_units() -> None:
    assert not comparable(_q("21 °C"), _q("21 meters"))
    assert comparable(_q("21 m"), _q("21 meters"))
    assert comparable(_q("91.5 nDCG"), _q("value 91.5"))  # table cells carry no unit
    assert comparable(_q("1.25 samples"), _q("1250 Proben"))  # count nouns compare softly
    assert same_count_noun(_q("3 hard negatives"), _q("2 hard negatives")) is True
    assert same_count_noun(_q("3 hard negatives"), _q("3 easy negatives")) is False
    assert same_count_noun(_q("3 hard negatives"), _q("3.0")) is None


@given(st.floats(min_value=-1e6, max_value=1e6, allow_nan=False).map(lambda v: round(v, 2)))
def test_extracted_value_round_trips(value: float) -> None:
    text = f"the score was {value:.2f} overall"
    qs = [q for q in extract_quantities(text) if q.checkable]
    assert len(qs) == 1
    assert qs[0].value == pytest.approx(value)
    assert text[qs[0].start : qs[0].end] == qs[0].text


def test_multiplier_words_and_percent_against_counts() -> None:
    from grounding.quantities import comparable, extract_quantities, has_multiplier

    q = extract_quantities("We resolve a total 380.5 million citation links.")[0]
    assert (q.text, q.value) == ("380.5 million", 380.5e6) and has_multiplier(q)
    m = extract_quantities("380.5M links")[0]
    assert m.value == q.value and has_multiplier(m)
    pct, count = extract_quantities("8.1%")[0], extract_quantities("8.1M")[0]
    assert not comparable(pct, count) and not comparable(count, pct)
    assert comparable(pct, extract_quantities("8.1")[0])  # a bare table cell
    assert not has_multiplier(extract_quantities("81.5 points")[0])


# --- numbers as papers write them (issue 11 item 4; cases C11, B41) -------------------------


def test_c11_ranges_keep_both_endpoints_and_their_unit() -> None:
    case = load_cases("numbers")["C11"]
    for text, want in zip(case["input"]["evidence"], case["expected"]["ranges"], strict=True):
        qs = [q for q in extract_quantities(text) if q.checkable]
        ends = [q for q in qs if q.range is not None]
        assert [q.value for q in ends] == [want["low"], want["high"]], text
        assert all(q.range == (want["low"], want["high"]) for q in ends)
        assert all(q.unit == want["unit"] for q in ends), text
        values = {q.value for q in qs}
        assert not values & set(case["expected"]["must_not_extract"]), text


@pytest.mark.parametrize(
    ("text", "low", "high", "unit"),
    [
        ("rates of 30–40%", 30.0, 40.0, "%"),
        ("from 10 to 15 days", 10.0, 15.0, "day"),
        ("between 5 and 9 patients", 5.0, 9.0, "patient"),
        ("temperatures of −20 °C to 25 °C", -20.0, 25.0, "°C"),
        ("a 2.5—3-fold rise", 2.5, 3.0, "x"),
        ("doses of 3-5M units", 3e6, 5e6, "unit"),
    ],
)
def test_ranges(text: str, low: float, high: float, unit: str) -> None:
    ends = [q for q in extract_quantities(text) if q.range is not None]
    assert [q.value for q in ends] == [low, high]
    assert all(q.unit == unit for q in ends)


@pytest.mark.parametrize(
    "text",
    [
        "accuracy rose from 10 to 15 points",  # a change, not a range
        "the match ended 3-1",  # descending: a score
        "released on 2021-03-15",  # a date
        "GPT-3-175B and o1-1217",  # names
    ],
)
def test_not_ranges(text: str) -> None:
    assert all(q.range is None for q in extract_quantities(text))


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("A total of 10\u2009395 patients", 10395.0),  # thin space
        ("A total of 10\u202f395 patients", 10395.0),  # narrow no-break space
        ("we enrolled 677\u00a0000 people", 677000.0),  # no-break space
        ("we enrolled 677 000 people", 677000.0),  # plain space, nothing numeric around
        ("n = 1 024 subjects", 1024.0),
        ("a budget of 1 000 000 tokens", 1e6),
        ("3.1 × 10⁻³ per day", 3.1e-3),  # superscript exponent
        ("3.1 × 10\u22123 per day", 3.1e-3),  # exponent flattened by the PDF
        ("1.5 x 10^5 cells", 1.5e5),
        ("2.0 × 105 cells", 2.0e5),  # flattened 10⁵ after a mantissa
        ("a rate of 3.1e-3", 3.1e-3),
    ],
)
def test_thousands_and_exponents(text: str, value: float) -> None:
    qs = [q for q in extract_quantities(text) if q.checkable]
    assert len(qs) == 1, qs
    assert qs[0].value == pytest.approx(value)


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("in 2019 300 patients were seen", [300.0]),  # a year then a count
        ("batch sizes 64 128 256", [64.0, 128.0, 256.0]),  # a list
        ("BERT 12 768 110M", [12.0, 768.0, 110e6]),  # a table row
        ("a 2 × 100 m relay", [2.0, 100.0]),  # a product, no exponent
    ],
)
def test_plain_spaces_that_do_not_group(text: str, values: list[float]) -> None:
    assert [q.value for q in extract_quantities(text) if q.checkable] == values


def test_uncertainty_fractions_points_and_bounds() -> None:
    mean, sd = extract_quantities("5.2 ± 0.3 kg")
    assert (mean.value, mean.uncertainty, mean.unit) == (5.2, 0.3, "kg")
    assert sd.kind == "uncertainty"
    (part,) = extract_quantities("3/5 runs converged")
    assert (part.value, part.denominator, part.unit) == (3.0, 5.0, "run")
    assert [q.denominator for q in extract_quantities("24/7 support")] == [None]
    seven = extract_quantities("5/5 on seven of nine laws")[1]
    assert (seven.value, seven.denominator) == (7.0, 9.0)
    (pp,) = extract_quantities("rose by 5 percentage points")
    assert pp.points and pp.unit == "%"
    assert not extract_quantities("rose by 5%")[0].points
    (p,) = extract_quantities("p < 0.001")
    assert p.bound == "<"
    (ge,) = extract_quantities("an accuracy ≥ 90%")
    assert ge.bound == ">="
    (approx,) = extract_quantities("a ∼4-fold increase")
    assert approx.approx and (approx.value, approx.unit) == (4.0, "x")


@pytest.mark.parametrize(
    ("text", "value", "unit", "kind"),
    [
        ("five patients", 5.0, "patient", "word"),
        ("twenty-one patients", 21.0, "patient", "word"),
        ("two hundred and five samples", 205.0, "sampl", "word"),  # count nouns are stemmed
        ("three thousand images", 3000.0, "imag", "word"),
        ("five million users", 5e6, "user", "word"),
        ("a dozen runs", 12.0, "run", "word"),
        ("a fourfold rise", 4.0, "x", "word"),
        ("a four-fold rise", 4.0, "x", "word"),
        ("hundreds of patients", 100.0, "patient", "vague"),
        ("millions of users", 1e6, "user", "vague"),
        ("billions of tokens", 1e9, "token", "vague"),
    ],
)
def test_number_words(text: str, value: float, unit: str, kind: str) -> None:
    (q,) = extract_quantities(text)
    assert (q.value, q.unit, q.kind) == (value, unit, kind)
    if kind == "vague":
        assert q.range is not None and q.range[0] == value and q.range[1] > value
        assert not q.checkable


@pytest.mark.parametrize(
    ("text", "unit"),
    [
        ("annealed at 300 K", "K"),
        ("a 2 M solution", "M"),
        ("2 mM NaCl", "mM"),
        ("at 3 T", "T"),
        ("beams of 13 TeV", "TeV"),
        ("a 2.4 GHz radio", "GHz"),
        ("a 5 mHz tone", "mHz"),
        ("10 mg/kg daily", "mg/kg"),
        ("3 km s-1", "km/s"),
        ("50 % of cases", "%"),
        ("at pH 7.4", "pH"),
    ],
)
def test_units_as_written(text: str, unit: str) -> None:
    qs = [q for q in extract_quantities(text) if q.checkable]
    assert qs[0].unit == unit


@pytest.mark.parametrize(
    ("text", "unit"),
    [
        ("exposed at 60 \u25e6C and pH 10", "°C"),  # LaTeX ^\circ as a white bullet
        ("cooled to -20 \u25e6 C overnight", "°C"),
        ("held at 37\u2218C for 2 h", "°C"),  # ... as a ring operator
        ("stored at 451 \u25e6F", "°F"),
        ("at 60 \u2103", "°C"),
    ],
)
def test_degree_sign_glyphs_are_degrees(text: str, unit: str) -> None:
    qs = [q for q in extract_quantities(text) if q.checkable]
    assert qs[0].unit == unit


@pytest.mark.parametrize(
    "text",
    ["a 60\u25e6 angle", "rotated by 5 \u25e6 of arc", "list: 3 \u25e6 item", "at 60 \u02daC"],
)
def test_a_bullet_without_a_scale_letter_is_no_degree(text: str) -> None:
    assert all(q.unit not in ("°C", "°F") for q in extract_quantities(text))


def test_claim_in_degrees_is_checked_against_a_bullet_degree_in_the_pdf() -> None:
    """A paper set in LaTeX prints 60 °C as "60 ◦C": the claim's 60 °C is its value, and
    another temperature is corrected by it."""
    from grounding.check import check
    from grounding.pdf import read_pdf
    from tests.conftest import DATA, need

    doc = read_pdf(need(DATA / "papers-more" / "imidazole-corrosion-2021.pdf"))
    stem = "The specimens were exposed to deaerated district heating water with imidazole at"
    right = check("Conditions?", f"{stem} 60 °C and pH 10.", doc, verify_citations=False)
    wrong = check("Conditions?", f"{stem} 80 °C and pH 10.", doc, verify_citations=False)
    assert right.sentences[0].judgement.label.value == "supported"
    judged = wrong.sentences[0].judgement
    assert judged.label.value == "contradiction"
    assert [e.correction for e in judged.errors] == ["60 °C"]


def test_precision_step_follows_the_written_scale() -> None:
    assert extract_quantities("79.94")[0].step == pytest.approx(0.01)
    assert extract_quantities("380.5M links")[0].step == pytest.approx(1e5)
    assert extract_quantities("3.1 × 10^-3")[0].step == pytest.approx(1e-4)


@pytest.mark.parametrize(
    ("cell", "missing"),
    [
        ("n.d.", True),
        ("N/A", True),
        ("–", True),
        ("—", True),
        (" NR ", True),
        ("-", True),
        ("0", False),
        ("n.s.", False),
        ("12.5", False),
        ("", False),
    ],
)
def test_missing_value_cells(cell: str, missing: bool) -> None:
    from grounding.quantities import is_missing_value

    assert is_missing_value(cell) is missing


@pytest.mark.parametrize(
    ("text", "value", "kind", "denominator"),
    [
        ("on March 16, 2020", 16.0, "date", None),  # a day of the month
        ("on 16 March", 16.0, "date", None),
        ("a rate of 12·4%", 12.4, "percent", None),  # Lancet decimal point
        ("a 2 1/2-hour practice", 2.5, "number", None),  # a mixed number
        ("about 1 in 4 patients", 1.0, "number", 4.0),
        ("An estimated 40 percent", 40.0, "percent", None),
    ],
)
def test_dates_decimal_dots_mixed_numbers_and_ratios(
    text: str, value: float, kind: str, denominator: float | None
) -> None:
    q = [q for q in extract_quantities(text) if q.kind != "year"][0]
    assert (q.value, q.kind, q.denominator) == (value, kind, denominator)


def test_date_ranges_and_estimates() -> None:
    days = extract_quantities("from April 19-28, 2020")
    assert [q.kind for q in days] == ["date", "date", "year"]
    assert extract_quantities("An estimated 40 percent")[0].approx


_NUMBERISH = st.text(
    alphabet=st.sampled_from(list("0123456789 .,-–−±×x^/%°CmMkK e⁻³\u2009of to and")), max_size=40
)


@given(_NUMBERISH)
def test_any_text_reads_without_error_and_spans_index_the_folded_text(text: str) -> None:
    from grounding.lexicon import fold

    folded = fold(text)
    for q in extract_quantities(text):
        assert folded[q.start : q.end] == q.text
        assert q.range is None or q.range[0] <= q.range[1]


def test_exponents_beyond_a_float_are_not_read() -> None:
    qs = extract_quantities("10^310 and 10^-400")  # raised OverflowError before
    assert all(q.kind != "sci" and abs(q.value) < 1e300 for q in qs)


def test_a_modal_verb_is_not_a_counted_noun() -> None:
    assert extract_quantities("One can compute it.") == []
    assert extract_quantities("5 have died")[0].unit is None


def test_a_capital_glued_to_digits_is_a_model_name_not_a_unit() -> None:
    # "8 V100 GPUs" is eight GPUs of a model, not 8 volts; units stay units elsewhere
    assert [(q.value, q.unit) for q in extract_quantities("trained on 8 V100 GPUs")] == [
        (8.0, None)
    ]
    assert [(q.value, q.unit) for q in extract_quantities("with 4 H100 cards")] == [(4.0, None)]
    assert [(q.value, q.unit) for q in extract_quantities("a 3 V battery")] == [(3.0, "V")]
    assert [(q.value, q.unit) for q in extract_quantities("an area of 10 m2")][0][0] == 10.0


# --- numbers with a scale (K/M/B, thousand/million/billion) compare and correct by value ----


@pytest.mark.parametrize(
    ("claim", "evidence", "same"),
    [
        ("8.1M papers", "8,142,000 papers", True),  # "8.1M" is 8.1e6 give or take 5e4
        ("81M papers", "81,123,456 papers", True),
        ("81.1 million papers", "81.1M", True),
        ("0.0811 billion papers", "81.1M", True),
        ("8.1M papers", "8.2M papers", False),
        ("8.1M papers", "8,162,000 papers", False),
        ("8.1 papers", "8.1M papers", False),  # the bare digits are not the value
        ("18.1M papers", "81.1M papers", False),
        ("81,123,456 papers", "81.1M", False),  # an exact count is not confirmed by 81.1M
    ],
)
def test_same_value_reads_the_scale(claim: str, evidence: str, same: bool) -> None:
    assert same_value(_q(claim), _q(evidence)) is same


@pytest.mark.parametrize(
    ("claim", "evidence", "fixed"),
    [
        ("18.1M", "81.1M", "81.1M"),  # the scale is kept, not dropped
        ("18.1 million papers", "81.1M", "81.1M"),  # the evidence's own scale
        ("0.6 billion papers", "500M", "500M"),
        ("1.8K GB", "2.1M GB", "2.1M GB"),  # the claim's unit text is kept
        ("12.5 million", "15,200,000", "15,200,000"),
        ("45%", "41%", "41%"),
        ("380.5 million", "380.5M", "380.5 million"),  # the same value: nothing to correct
        # digits grouped with spaces: the whole number is replaced, not its first group
        ("13 777", "13 370", "13 370"),
        ("12 345 events", "12 000 events", "12 000"),
        ("5 777", "12 777", "12 777"),
        ("1 250.5 kg", "1 200.5 kg", "1 200.5 kg"),
        ("3 mM", "30 mM", "30 mM"),  # a number and its unit: no group
    ],
)
def test_restate_writes_the_evidence_value_with_its_scale(
    claim: str, evidence: str, fixed: str
) -> None:
    from grounding.quantities import restate

    assert restate(_q(claim), _q(evidence)) == fixed


def test_moved_keeps_every_other_field() -> None:
    from dataclasses import replace

    from grounding.quantities import moved

    qs = extract_quantities(
        "5.2 ± 0.3 mg/kg in 30–40% of 3 of 5 patients, about 380.5 "
        "million runs, 2 1/2 hours, fewer than 0.9, 3.1 × 10^-3, twofold"
    )
    assert len(qs) > 8
    for q in qs:
        assert moved(q, q.start + 7, q.end + 7) == replace(q, start=q.start + 7, end=q.end + 7)


@pytest.mark.parametrize(
    "text, comma",
    [
        ("", False),
        ("no numbers", False),
        ("0,5 and 1,25 but 2.5", True),
        ("0.5 and 1,25", False),
        ("1,000 and 2,000,000", False),
        (",5 ,25", False),
        ("12,5,3 1.250", False),
        ("p = 0,05; r = 0,91; n = 1.250", True),
        # numbered citations are no decimals: an English paper that cites "[11,12]" more
        # often than it writes a decimal
        ("as discussed [11,12], tested [45,46] and reviewed [24,26]; a yield of 0.5", False),
        ("die Ausbeute betrug 0,5 g und 12,25 mg [3,4]", True),
    ],
)
def test_decimal_comma_counts(text: str, comma: bool) -> None:
    assert detect_decimal_comma(text) is comma


def test_an_english_paper_with_numbered_citations_reads_point_decimals() -> None:
    from grounding.evidence import EvidenceIndex
    from grounding.pdf import read_pdf

    path = DATA / "papers-more" / "marsh-deer-dra-2025.pdf"
    index = EvidenceIndex.build(read_pdf(need(path)))
    assert not index.decimal_comma
    # the DOI under a table is no value of the page
    assert all(q.text != "0322878" for q in index.page_quantities[12])


def test_every_number_of_a_citation_list_is_a_reference() -> None:
    kinds = [
        (q.text, q.kind)
        for q in extract_quantities(
            "Adding the full text could improve accuracy [1, 2]; see also [3, 7-9] for 12 cases."
        )
    ]
    assert kinds == [
        ("1", "ref"),
        ("2", "ref"),
        ("3", "ref"),
        ("7", "ref"),
        ("9", "ref"),
        ("12", "number"),
    ]


_PLAIN_TEXTS = st.text(alphabet=st.sampled_from(list("0123456789.%")), min_size=1, max_size=22)


@given(_PLAIN_TEXTS, st.sampled_from([None, False]))
def test_a_plain_number_is_read_as_the_full_extraction_reads_it(
    text: str, comma: bool | None
) -> None:
    # the shortcut for a bare table cell ("42.1", "2019", "85.1%") against the full path
    assert extract_quantities(text, comma) == _extract(text, comma)


@pytest.mark.parametrize(
    "text",
    [
        "0",
        "7",
        "1899",
        "1900",
        "2019",
        "2099",
        "2100",
        "19000",
        "2019.0",
        "00.5",
        "42.10",
        "85.1%",
        "100%",
        "2020%",
        "9" * 20,
        "9" * 21,
        "0.459",
    ],
)
def test_plain_number_shortcut_edges(text: str) -> None:
    for comma in (None, False):
        assert extract_quantities(text, comma) == _extract(text, comma)


def test_plain_number_shortcut_on_every_table_word_of_the_papers(papers_dir: Path) -> None:
    # every word of the shared papers' pages that the shortcut takes, against the full path
    from grounding.pdf import read_pdf

    pdfs = sorted(papers_dir.glob("*.pdf"))
    seen = set()
    for pdf in pdfs[:6]:
        for page in read_pdf(pdf).pages:
            seen.update(w.text for w in page.words if _PLAIN.fullmatch(w.text))
    assert len(seen) > 100
    for text in seen:
        assert extract_quantities(text, False) == _extract(text, False), text


@pytest.mark.parametrize(
    ("text", "values"),
    [
        # a thousands group the PDF's text layer spaced out: a leading zero is no list item
        ("The chains ran for 110, 000 generations.", [110000.0]),
        ("about 1, 000, 000 samples", [1000000.0]),
        # ... also at a sentence's end or before a clause's comma
        ("setting z to 10, 000. The parameters", [10000.0]),
        ("with 110, 000, and then 2, 000 more", [110000.0, 2000.0]),
        # ... not a decimal after it
        ("values 10, 000.5 and 7", [10.0, 0.5, 7.0]),
        # ... while a list stays a list
        ("values of 5, 100 and 200", [5.0, 100.0, 200.0]),
        ("sizes 1, 0.5 and 2", [1.0, 0.5, 2.0]),
    ],
)
def test_a_torn_thousands_group_is_one_number(text: str, values: list[float]) -> None:
    assert [q.value for q in extract_quantities(text) if q.checkable] == values


@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        ("the 95% HPD of the rate", ["level"]),
        ("the 95% CI was 1.2-3.4", ["level", "number", "number"]),
        ("95 percent confidence intervals", ["level"]),
        ("a 95% prediction interval", ["level"]),
        # a percent that is the value itself
        ("95% of the samples", ["percent"]),
        ("reached 95% prediction accuracy", ["percent"]),
        ("with 5% uncertainty", ["percent"]),
    ],
)
def test_a_percent_naming_an_interval_is_its_level(text: str, kinds: list[str]) -> None:
    qs = extract_quantities(text)
    assert [q.kind for q in qs] == kinds
    # a level compares with another interval's level only, never with a value
    level = extract_quantities("the 95% CI")[0]
    value = extract_quantities("95% of the samples")[0]
    for q in qs:
        assert comparable(q, level) == (q.kind == "level")
        assert comparable(q, value) == (q.kind != "level")


@pytest.mark.parametrize(
    ("text", "units"),
    [
        # bare "units" after a value written in "<unit> units" are that unit
        ("by 1.1 pH units and that of B by 1.6 units", ["pH", "pH"]),
        ("by 2 dB units and 3 units", ["dB", "dB"]),
        # ... and a count of units otherwise
        ("there were 5 units in the study", ["unit"]),
    ],
)
def test_bare_units_after_a_named_unit_take_it(text: str, units: list[str]) -> None:
    assert [q.unit for q in extract_quantities(text)] == units


@pytest.mark.parametrize(
    "text, number, unit",
    [
        # a table set one cell a line: the next line names the next row, not what is counted
        ("Detector other\n6.3\nFSI\n3.4\n", "6.3", None),
        ("NLVR2\n82.55\n83.14\n82.47\n82.91\nTable 4. Comparison", "82.91", None),
        # a number ending a line of prose keeps the noun the next line carries
        ("the trial recruited 120\npatients over one year", "120", "patient"),
        # a preposition or conjunction after a number counts nothing
        ("scoring 82.47 and 82.91 against 82.55 and 83.14", "82.91", None),
        ("an effective batch size of 32 via gradient accumulation", "32", None),
        ("12 and 14, respectively", "14", None),
        ("we sequenced 50 samples", "50", "sampl"),
        # an adverb counts nothing: the noun after it may
        ("on 120 newly enrolled patients", "120", "patient"),
        # a unit with an SI prefix the unit list does not spell out
        ("an orbital frequency of 1.5 μHz", "1.5", "µHz"),
        ("a power of 3 nW", "3", "nW"),
    ],
)
def test_the_word_after_a_number_is_read_as_what_it_counts_only_where_it_can_be(
    text: str, number: str, unit: str | None
) -> None:
    q = next(q for q in extract_quantities(text) if q.text.split()[0] == number)
    assert q.unit == unit


def test_one_unit_with_other_prefixes_is_corrected_by_the_papers_text() -> None:
    assert unit_base("µHz") == unit_base("mHz") == "Hz"
    assert unit_base("Hz") is None and unit_base("ms") == "s" and unit_base("ppm") is None
    [claim] = extract_quantities("an orbital frequency of 1.5 µHz")
    [paper] = extract_quantities("f_orb = 1.5 mHz")
    assert restate(claim, paper) == "1.5 mHz"
    [same] = extract_quantities("at 1.5 µHz")
    assert restate(claim, same) == claim.text


@pytest.mark.parametrize(
    "text",
    [
        "its hydrolyzation product 2,5-dioxo-6-hydroxyhexanal",
        "dissolved in 1,4-dioxane",
        "2-methylfuran and 5-hydroxymethylfurfural",
        "2-Methylfuran was not detected",
        "4-nitrophenol",
    ],
)
def test_chemical_locants_are_not_values(text: str) -> None:
    assert extract_quantities(text) == []
    assert extract_quantities(text, decimal_comma=True) == []


@pytest.mark.parametrize(
    "text, value, unit",
    [
        ("a 3-layer network", 3.0, "lay"),
        ("a 5-fold rise", 5.0, "x"),
        ("2,000-word essays", 2000.0, "word"),
        ("between 2,5 and 3", 2.5, None),  # a decimal comma, no hyphen after it
    ],
)
def test_a_count_glued_by_a_hyphen_is_still_a_value(text: str, value: float, unit: str) -> None:
    q = extract_quantities(text)[0]
    assert (q.value, q.unit) == (value, unit)
