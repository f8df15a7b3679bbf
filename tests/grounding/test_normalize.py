"""grounding.normalize: pure text normalisation with an offset map (cases B27, B30)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grounding.normalize import (
    Normalized,
    hyphenated_pairs,
    is_known_text_font,
    is_page_number_line,
    is_symbol_font,
    line_end_compounds,
    map_symbol_font,
    normalize_text,
    read_superscript,
    source_to_text_index,
)
from tests.conftest import load_cases

# --- case B27: ligatures ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def b27() -> dict:
    return load_cases("pdf")["B27"]


def test_b27_normalized_lines(b27: dict) -> None:
    lines = b27["input"]["raw_extracted_lines"]
    assert [normalize_text(x).text for x in lines] == b27["expected"]["normalized_lines"]


def test_b27_dropped_f_lines_are_not_rewritten(b27: dict) -> None:
    # 'dif erent', 'fnancial': no ligature code point left to repair; the matcher copes.
    for line in b27["input"]["raw_extracted_lines"]:
        if not re.search("[\ufb00-\ufb06]", line):
            assert normalize_text(line).text == line


@pytest.mark.parametrize(
    "raw, want",
    [
        ("eﬀective ﬁltering", "effective filtering"),
        ("beneﬁ ciaries", "beneficiaries"),
        ("diﬃ cult", "difficult"),
        ("turned oﬀ the light", "turned off the light"),  # a word that ends in a ligature
        ("the staﬀ members", "the staff members"),
        ("ﬁ  cation", "fi cation"),  # two spaces: not the stray-space pattern
        ("ﬁ Cation", "fi Cation"),  # uppercase after the space: a real word break
    ],
)
def test_ligature_rules(raw: str, want: str) -> None:
    assert normalize_text(raw).text == want


# --- hyphenation, soft hyphens, whitespace ---------------------------------------------------


@pytest.mark.parametrize(
    "raw, want",
    [
        ("the cor-\npus is", "the corpus is"),
        ("the cor- \n pus is", "the corpus is"),  # spaces around the break
        ("the cor -\npus is", "the corpus is"),  # ' -\n'
        ("state-of-the-\nart", "state-of-the-art"),  # a compound keeps its hyphen
        ("GPT-\n4 model", "GPT-4 model"),  # digit after: keep the hyphen, join
        ("COVID-\n19", "COVID-19"),
        ("Semantic-\nScholar", "Semantic-Scholar"),
        ("results -\nWe", "results -\nWe"),  # a dash before a capital is not a hyphenation
        ("end of -\n- start", "end of -\n- start"),
        ("cor\u00ad\npus", "corpus"),  # soft hyphen at the line end
        ("cor\u00adpus", "corpus"),  # soft hyphen inside a line
        ("a  b\t c\u00a0d", "a b c d"),
        ("  lead\n\n\n  trail  \n", "lead\ntrail"),
        ("x\r\ny", "x\ny"),
    ],
)
def test_line_rules(raw: str, want: str) -> None:
    assert normalize_text(raw).text == want


def test_keep_hyphens_of_known_compounds() -> None:
    keep = hyphenated_pairs(["a non-paper source and state-of-the-art, pre-trained x"])
    assert {"non-paper", "state-of", "of-the", "the-art", "pre-trained"} <= keep
    assert "a-non" not in keep and "x" not in keep
    raw = "the non-\npaper and pre-\ntrained cor-\npus"
    assert normalize_text(raw, keep).text == "the non-paper and pre-trained corpus"
    assert normalize_text(raw).text == "the nonpaper and pretrained corpus"


@pytest.mark.parametrize(
    "raw, want",
    [
        ("the slope was \u22120.42", "the slope was -0.42"),  # U+2212 minus
        ("\u2010 \u2011 \u2012 \ufe63 \uff0d \u2796 \u02d7", "- - - - - - -"),
        ("0.5\u20130.6", "0.5\u20130.6"),  # en dash (a range) stays
        ("a\x12b\x00c", "abc"),  # control characters (PDF big delimiters)
        # C1 control characters (math-font brackets read as WinAnsi codes)
        ("kg h\u00bd\n\x8a(2)", "kg h\u00bd\n(2)"),
        ("x \x80y\x9f z \x9b", "x y z"),
        # the negative side: Latin-1 letters and symbols just above the C1 range stay, and
        # NEL is a line break read as a space
        ("\u00a1\u00b1 0.3 \u00c5 \u00e9 \u0160", "\u00a1\u00b1 0.3 \u00c5 \u00e9 \u0160"),
        ("a\x85b", "a b"),
        ("\u2211\ufe01x", "\u2211x"),  # variation selector after a summation sign
        ("zero\u200bwidth", "zerowidth"),
        ("\U0001d70b\U0001d703", "\u03c0\u03b8"),  # mathematical italic pi theta
        ("\uff21\uff11", "A1"),  # full-width forms
        ("\u00bc of the plots", "\u00bc of the plots"),  # no blanket NFKC
        ("10\u00b2 m\u00b2 at 60 \u00b0C", "10\u00b2 m\u00b2 at 60 \u00b0C"),
    ],
)
def test_character_rules(raw: str, want: str) -> None:
    assert normalize_text(raw).text == want


def test_b30_minus_variants_give_numbers() -> None:
    case = load_cases("pdf")["B30"]
    text = normalize_text(case["input"]["case_minus_variants"]["page_text"]).text
    numbers = [float(x) for x in re.findall(r"-?\d+\.\d+", text)]
    assert numbers == case["expected"]["case_minus_variants"]["numbers_in_page"]


# --- the offset map ----------------------------------------------------------------------------


def test_source_map_of_joined_word() -> None:
    raw = "the cor-\npus is"
    n = normalize_text(raw)
    i = n.text.index("corpus")
    assert n.to_source(i, i + 6) == (raw.index("cor"), raw.index("pus") + 3)
    assert raw[n.source[i + 3]] == "p"
    assert n.to_text(raw.index("pus")) == i + 3


def test_source_map_of_ligature() -> None:
    raw = "x beneﬁ ciaries"
    n = normalize_text(raw)
    assert n.text == "x beneficiaries"
    lig = raw.index("ﬁ")
    assert n.source[n.text.index("fi")] == lig and n.source[n.text.index("fi") + 1] == lig
    assert raw[n.source[n.text.index("ciaries")]] == "c"


def test_to_source_bounds() -> None:
    n = normalize_text("ab cd")
    assert n.to_source(0, 0) == (0, 0)
    assert n.to_source(5, 5) == (5, 5)
    with pytest.raises(IndexError):
        n.to_source(2, 9)


def test_inverse_map() -> None:
    raw = "a  b-\nc"
    n = normalize_text(raw)
    inv = source_to_text_index(n.source, len(raw))
    assert len(inv) == len(raw) + 1
    assert all(inv[r] == n.to_text(r) for r in range(len(raw) + 1))
    assert n.text[inv[raw.index("c")]] == "c"


_ALPHABET = st.sampled_from(
    list(
        "ab cdXY1-\n\t\u00ad\u2212\ufb01\ufb00\ufb03\u00a0\x12\u200b\ufe01\u00bc\uff0d "
        "ofstaf-\n\n  "
    )
)


@settings(max_examples=400, deadline=None)
@given(st.text(_ALPHABET, max_size=60) | st.text(max_size=40))
def test_normalize_properties(raw: str) -> None:
    n = normalize_text(raw)
    # idempotent
    assert normalize_text(n.text).text == n.text
    # the map points into the original, in order
    assert isinstance(n, Normalized) and n.raw_length == len(raw)
    assert len(n.source) == len(n.text)
    assert all(0 <= s < len(raw) for s in n.source)
    assert list(n.source) == sorted(n.source)
    for ch, s in zip(n.text, n.source):
        if raw[s].isascii() and raw[s].isalnum():
            assert ch == raw[s]
    # shape of the output
    assert "  " not in n.text and "\n\n" not in n.text
    assert n.text == n.text.strip()
    assert not re.search("[\ufb00-\ufb06\u00ad\u2212]", n.text)
    assert not re.search(r"[A-Za-z]-\n[a-z]", n.text)


# --- page numbers and symbol fonts ---------------------------------------------------------------


@pytest.mark.parametrize(
    "line, want",
    [
        ("12", True),
        ("4969", True),
        ("Page 3", True),
        ("3 of 15", True),
        ("iv", True),
        ("12.5", False),
        ("Table 3", False),
        ("2020", True),
        ("", False),
        ("a 12", False),
        ("xiv", True),
        ("civil", False),
        ("mix", False),
    ],
)
def test_page_number_line(line: str, want: bool) -> None:
    assert is_page_number_line(line) is want


@pytest.mark.parametrize(
    "font, symbol, text",
    [
        ("ABCDEF+TeXCMMathsSymbols", True, False),
        ("CMSY10", True, False),
        ("MTSYN", True, False),
        ("OGYQFN+txmiaX", True, False),
        ("Times", False, True),
        ("AdvTimes", False, True),
        ("NimbusRomNo9L-Regu", False, True),
        ("CMR10", False, True),
        ("AdvPS586B", False, False),  # unknown: neither
    ],
)
def test_font_classes(font: str, symbol: bool, text: bool) -> None:
    assert is_symbol_font(font) is symbol
    assert is_known_text_font(font) is text


def test_map_symbol_font() -> None:
    assert map_symbol_font("\u00bc", "ABCDEF+TeXCMMathsSymbols") == "="
    assert map_symbol_font("\u00fe", "ABCDEF+TeXCMMathsSymbols") == "+"
    assert map_symbol_font("\u00bc of the plots", "Times") == "\u00bc of the plots"
    assert map_symbol_font("2", "AdvPS586B") == "2"  # unknown fonts are flagged, not mapped


def test_brackets_of_an_unnamed_math_font_are_read_in_spans_made_of_them() -> None:
    # a publisher's subset of MathematicalPi under its own name: "ð1Þ" is "(1)"
    assert map_symbol_font("\u00f0", "AdvP4C4E74") == "("
    assert map_symbol_font("\u00de\u00de", "AdvP4C4E74") == "))"
    assert map_symbol_font("\u00bc \u00f0", "AdvP4C4E74") == "= ("
    # a word that holds the glyph, or a known text font, is text
    assert map_symbol_font("\u00f0a", "AdvP4C4E74") == "\u00f0a"
    assert map_symbol_font("\u00f0", "Times-Roman") == "\u00f0"
    assert map_symbol_font("Gu\u00f0mundur", "AdvOT483a8203") == "Gu\u00f0mundur"


# --- line-end hyphens: wrapped words against real hyphens --------------------------------


@pytest.mark.parametrize(
    "raw, want",
    [
        ("the N-\nacetyl group", "the N-acetyl group"),  # one-letter locants and prefixes
        ("an O-\nglycosylated site", "an O-glycosylated site"),
        ("with p-\nnitrophenol", "with p-nitrophenol"),
        ("an \u03b1-\nhelix", "an \u03b1-helix"),
        ("(S-\nadenosyl)", "(S-adenosyl)"),
        ("a 2-\nmethylpropane unit", "a 2-methylpropane unit"),  # digit locants
        ("2,3-\ndimethylbutane", "2,3-dimethylbutane"),
        ("pages 12-\n15", "pages 12-15"),  # ranges
        # wrapped words still join (the negative side)
        ("the cor-\npus", "the corpus"),
        ("an ex-\nample", "an example"),
        ("we pro-\nposed", "we proposed"),
    ],
)
def test_line_end_hyphen_kinds(raw: str, want: str) -> None:
    assert normalize_text(raw).text == want


def test_line_end_compounds_from_the_document() -> None:
    doc = [
        "The method is cost-\neffective and well-\nknown, the cor-\npus is large.",
        "We count the cost of it; an effective tool is well made and known to all.",
        "Our meth-\nods differ from earlier methods; the be-\ncause test.",
    ]
    keep = line_end_compounds(doc)
    assert keep == {"cost-effective", "well-known"}
    raw = "\n".join(doc)
    text = normalize_text(raw, keep | hyphenated_pairs(doc)).text
    assert "cost-effective" in text and "well-known" in text
    # a half that is no word, a joined form the document writes, and a 2-letter half
    assert "corpus" in text and "methods differ" in text and "because" in text


def test_line_end_compounds_needs_both_halves_elsewhere() -> None:
    # 'effective' occurs only as the continuation itself: no evidence, the words join
    assert line_end_compounds(["a cost-\neffective tool and the cost of it"]) == frozenset()
    # the joined form occurs: a wrapped word
    assert line_end_compounds(["data-\nbase, a database; the data and the base"]) == frozenset()
    assert line_end_compounds(["no hyphen at any line end\nhere"]) == frozenset()


@pytest.mark.parametrize(
    "before, sup, want",
    [
        ("2.4 \u00d7 10", "12", "\u00b9\u00b2"),  # exponents
        ("10", "\u22125", "\u207b\u2075"),
        ("3 W m", "-2", "\u207b\u00b2"),
        ("(\u00b5F/cm", "2", "\u00b2"),
        ("(a-x", "2", "\u00b2"),
        ("1 + cos", "2", "\u00b2"),
        ("(2\u03c0f)", "4", "\u2074"),
        ("found in cells,", "12\u201314", "\u200b" * 5),  # citations: dropped
        ("as shown", "3", "\u200b"),
        ("Fredj", "1", "\u200b"),
        ("(Sinha et al., 2015)", "8", "\u200b"),
        ("(1940\u20132020)", "45,46", "\u200b" * 5),
        ("the Ca", "2+", None),  # charges, names, letters stay
        ("Fe", "3+", None),
        ("NLVR", "2", None),
        ("21", "st", None),
        ("Silvestro", "1,2,3*", None),
        ("text ", "1", None),
        ("", "2", None),
    ],
)
def test_read_superscript(before: str, sup: str, want: str | None) -> None:
    got = read_superscript(before, sup)
    assert got == want
    assert got is None or len(got) == len(sup)
