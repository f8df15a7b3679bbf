"""The shortcuts of number reading against the full reading: a number with nothing after
it to read (``_quiet_after``), the "[" test before the citation-list pattern, and the
direct slot setting of ``_quantity``, on generated strings and on every page of the shared
papers (``../shared/data/papers*``)."""

from __future__ import annotations

import re
from dataclasses import fields

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grounding.quantities as quantities
from grounding.quantities import Quantity, _quantity, extract_quantities
from tests.conftest import DATA

# digits and what is read around numbers: signs, separators, units, months, ordinals,
# scales, brackets of citation lists, qualifiers, slashes, exponents, thin spaces
_PIECES = st.sampled_from(
    [
        "0",
        "1",
        "2",
        "5",
        "9",
        "12",
        "31",
        "2020",
        "1,000",
        "3.5",
        "0.25",
        ".5",
        "-",
        "–",
        " ",
        "  ",
        "\n",
        "\t",
        "\u2009",
        ",",
        ".",
        ";",
        ":",
        "(",
        ")",
        "[",
        "]",
        "%",
        " %",
        "/",
        "⁄",
        "°C",
        " °C",
        "µg",
        " mg/kg",
        " kg",
        "e-3",
        "E5",
        "k",
        "M",
        "B",
        " million",
        " thousand",
        "st",
        "nd",
        "rd",
        "th",
        " March",
        "March ",
        "Dec. ",
        " and ",
        " to ",
        "between ",
        "about ",
        "~",
        "<",
        "≥",
        "more than ",
        "Table ",
        "Fig. ",
        "Section ",
        "pH ",
        " points",
        " pp",
        " patients",
        " enrolled patients",
        "x",
        "×10",
        "^-4",
        "⁻³",
        "±",
        " of ",
        "D",
        "R",
        "@",
        "_",
        "a",
        "A",
        "V100",
        "s",
        "±0.3",
    ]
)
_TEXTS = st.lists(_PIECES, min_size=1, max_size=16).map("".join)


def _reading(text: str, comma: bool | None) -> list[str]:
    return [repr(q) for q in extract_quantities(text, comma)]


def _full_reading(text: str, comma: bool | None, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    with monkeypatch.context() as m:
        m.setattr(quantities, "_quiet_after", lambda text, end: False)
        return _reading(text, comma)


@settings(max_examples=400, deadline=None)
@given(_TEXTS, st.sampled_from([None, False, True]))
def test_quiet_numbers_read_as_the_full_path_reads_them(text: str, comma: bool | None) -> None:
    mp = pytest.MonkeyPatch()
    try:
        assert _reading(text, comma) == _full_reading(text, comma, mp), text
    finally:
        mp.undo()


@settings(max_examples=300, deadline=None)
@given(_TEXTS)
def test_the_bracket_test_changes_no_reference(text: str) -> None:
    for m in quantities._NUM_RE.finditer(text):
        start, end = m.span()
        full = (
            quantities._CITE_TAIL.search(text, max(0, start - 40), start) is not None
            and quantities._CITE_CLOSE.match(text, end) is not None
        )
        tail = text.find("[", max(0, start - 40), start) >= 0 and full
        assert tail == full


@given(
    st.floats(allow_nan=False),
    st.text(max_size=8),
    st.integers(0, 99),
    st.sampled_from([None, "%", "kg"]),
    st.booleans(),
    st.sampled_from([None, "<", ">="]),
    st.sampled_from(["number", "percent", "ref"]),
    st.none() | st.tuples(st.floats(allow_nan=False), st.floats(allow_nan=False)),
)
def test_direct_construction_equals_the_dataclass(
    value: float,
    text: str,
    n: int,
    unit: str | None,
    flag: bool,
    bound: str | None,
    kind: str,
    pair: tuple[float, float] | None,
) -> None:
    values = (
        value,
        text,
        n,
        n + 1,
        unit,
        flag,
        n,
        not flag,
        bound,
        kind,
        pair,
        None if flag else value,
        float(n) if flag else None,
        flag,
        1e3,
    )
    fast, slow = _quantity(*values), Quantity(*values)  # type: ignore[arg-type]
    assert fast == slow and repr(fast) == repr(slow) and hash(fast) == hash(slow)
    assert [type(getattr(fast, f.name)) for f in fields(Quantity)] == [
        type(getattr(slow, f.name)) for f in fields(Quantity)
    ]
    with pytest.raises(AttributeError):
        fast.value = 1.0  # type: ignore[misc]


def test_every_number_of_the_shared_papers_reads_as_the_full_path(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from grounding.pdf import read_pdf

    pdfs = sorted(DATA.glob("papers*/*.pdf"))
    if not pdfs:
        pytest.skip(f"no shared papers under {DATA} (../shared/data/papers*)")
    quiet = 0
    for pdf in pdfs:
        pages = [p.text for p in read_pdf(pdf).pages]
        comma = quantities.detect_decimal_comma("\n".join(pages))
        for text in pages:
            quiet += sum(
                quantities._quiet_after(text, m.end()) for m in quantities._NUM_RE.finditer(text)
            )
            assert _reading(text, comma) == _full_reading(text, comma, monkeypatch), pdf.name
    assert quiet > 1000  # the shortcut was taken, often


_WORDISH = st.lists(
    st.sampled_from(
        [
            "one",
            "twenty",
            "-",
            "five",
            "fold",
            "hundred",
            " ",
            " and ",
            "a",
            "x",
            "Two",
            "THIRD",
            "half",
            "dozen",
            "tens",
            "million",
            "s",
            "9",
            ".",
            "often",
            "anyone",
        ]
    ),
    min_size=1,
    max_size=12,
).map("".join)


@settings(max_examples=300, deadline=None)
@given(_WORDISH)
def test_number_words_match_as_with_the_lookahead_first(text: str) -> None:
    # the word pattern's two leading assertions in either order find the same words
    from grounding.number_words import WORD_RE, WORD_RE_LOWER

    for pattern in (WORD_RE, WORD_RE_LOWER):
        head = r"(?<![A-Za-z-])(?=[A-Za-z])"
        assert pattern.pattern.startswith(head)
        before = re.compile(
            r"(?=[A-Za-z])(?<![A-Za-z-])" + pattern.pattern[len(head) :], pattern.flags
        )
        for source in (text, text.lower()):
            assert [m.span() for m in pattern.finditer(source)] == [
                m.span() for m in before.finditer(source)
            ]
