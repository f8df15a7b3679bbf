"""Numbers in text: values with units, percentages, ranks, bounds and number words.

Pure functions, no I/O. :func:`extract_quantities` finds the quantities a sentence or a
page asserts; :func:`same_value` and :func:`comparable` decide whether a claimed quantity is
the one the evidence states. Reference numbers ("Table 2", "Section 4.3", "[3]") and
numbers glued into names ("R1", "Qwen-32B", "pass@1", "o1-1217") are not quantities.

Formats read: ``1,000`` and ``1000`` (thousands separators), ``1e3`` / ``1.5e-5``, ``800k``,
``-0.42`` (every Unicode minus folded to ``-`` first), ``59.8%``, ``40 percent``, words
("forty", "twenty-five"), fractions ("a fifth", "half"), ordinals ("3rd", "second"), and with
``decimal_comma=True`` the continental form ``1.250`` / ``0,5``; :func:`detect_decimal_comma`
guesses that from a text.
"""

from __future__ import annotations

import math
import re
from bisect import bisect_left
from dataclasses import dataclass, fields, replace
from operator import attrgetter

from grounding.lexicon import fold, stem
from grounding.lexicon.words import (
    CHEMICAL_LOCANT_WORDS,
    UNCOUNTED_WORDS,
    interval_level_words,
    units,
)
from grounding.memo import per_check
from grounding.number_words import (
    FRACTIONS,
    ORDINALS,
    SCALES,
    WORD_NUMBERS,
    cardinal_value,
    number_word_runs,
    vague_spans,
)

#: Canonical spellings of physical / typographic units, read lower-cased
#: (``grounding/lexicon/data/units.tsv``, use ``any``). A unit found here is "physical": it
#: only matches the same unit. Any other noun after a number is a "count noun" unit
#: ("participants", "epochs") compared by stem, softly.
UNITS: dict[str, str] = units("any")

#: Units whose case carries meaning ("M" molar vs "m" metre, "MHz" vs "mHz"), read before
#: the lower-cased :data:`UNITS`, as written (``units.tsv``, use ``case``; µ/μ folded to "µ").
CASE_UNITS: dict[str, str] = units("case")

#: SI prefixes a unit symbol may take beyond those ``units.tsv`` lists ("µHz", "nW", "fs"),
#: and the symbols that take them; a one-letter symbol only with a small prefix ("ks",
#: "Ms" and "Ts" are more often words or plurals than kiloseconds)
_SI_PREFIXES = "µμnpfmkMGT"
_SMALL_PREFIXES = "µμnpf"
_PREFIXED_SYMBOLS = frozenset("Hz eV Pa Gy Sv Bq Wb W V J L A g s M T".split())


def _prefixed(word: str) -> str | None:
    """``word`` as a unit written with an SI prefix ("µHz", "μHz", "nW"), µ folded to "µ";
    None when it is not one (:func:`unit_base`), or a one-letter symbol after a large
    prefix."""
    base = unit_base(word)
    if base is None or (len(base) == 1 and word[0] not in _SMALL_PREFIXES):
        return None
    return ("µ" if word[0] == "μ" else word[0]) + base


def unit_base(unit: str | None) -> str | None:
    """The symbol ``unit`` writes with an SI prefix ("Hz" of "µHz" and "mHz", "W" of "nW"),
    or None when it is no prefixed symbol (a unit written without a prefix, a count noun):
    two units with one base and other prefixes measure the same thing at other scales."""
    if not unit or len(unit) < 2:
        return None
    head, base = unit[:1], unit[1:]
    if head not in _SI_PREFIXES or base not in _PREFIXED_SYMBOLS:
        return None
    return base


_MULTIPLIERS = {"k": 1e3, "K": 1e3, "M": 1e6, "B": 1e9}
_MULTIPLIER_WORDS = {"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12}
_MULT_WORD_RE = re.compile(r" (thousand|million|billion|trillion)\b", re.IGNORECASE)

_WORD_NUMBERS = WORD_NUMBERS
_FRACTIONS = FRACTIONS
_ORDINALS = ORDINALS

#: Cells that hold no value ("n.d.", "–", "N/A"): lower-cased, see :func:`is_missing_value`.
MISSING_VALUES = frozenset(
    (
        "n.d.",
        "n.d",
        "nd",
        "n/a",
        "na",
        "n.a.",
        "-",
        "--",
        "---",
        "—",
        "–",
        "n.r.",
        "nr",
        "not reported",
        "not determined",
        "not available",
        "nan",
        "null",
        "none",
        "/",
        "×",
        "?",
    )
)

_APPROX = (
    "about",
    "around",
    "approximately",
    "roughly",
    "nearly",
    "almost",
    "some",
    "estimated",
    "an estimated",
    "est.",
    "~",
    "≈",
    "∼",
    "≃",
    "circa",
    "ca.",
    "approx.",
    "close to",
    "just under",
    "just over",
)
#: Comparison signs right before a number ("p < 0.001", "≥ 90%"); "<=" folds to "<" + "=".
_SIGN_BOUNDS = {
    "<": "<",
    ">": ">",
    "≤": "<=",
    "≥": ">=",
    "⩽": "<=",
    "⩾": ">=",
    "<=": "<=",
    ">=": ">=",
}
_BOUNDS = (
    ("more than", ">"),
    ("over", ">"),
    ("above", ">"),
    ("greater than", ">"),
    ("exceeds", ">"),
    ("exceeding", ">"),
    ("higher than", ">"),
    ("at least", ">="),
    ("fewer than", "<"),
    ("less than", "<"),
    ("under", "<"),
    ("below", "<"),
    ("lower than", "<"),
    ("at most", "<="),
    ("up to", "<="),
    ("no more than", "<="),
    ("within", "<="),
)
_REF_WORDS = (
    "table",
    "tables",
    "figure",
    "figures",
    "fig",
    "fig.",
    "section",
    "sections",
    "sec",
    "sec.",
    "eq",
    "eq.",
    "equation",
    "appendix",
    "page",
    "p.",
    "pp.",
    "chapter",
    "line",
    "lines",
    "step",
    "stage",
    "algorithm",
    "alg.",
    "footnote",
    "version",
    "v",
    "layer",
    "row",
    "column",
    "ref",
    "refs",
)

# A number: -?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[eE][-+]?\d+)? or -?\.\d+ (with
# comma decimals: -?(?:\d{1,3}(?:\.\d{3})+|\d+)(?:,\d+)?). Written to start with the
# set of its first characters, so that the regex engine skips the positions outside it in
# C instead of trying the pattern there (~30 % faster on page-long texts); the branch for
# that first character, picked by a lookbehind at it, matches what the pattern matches
# after it, in the same order of tries, so every match is the same.
_NUM_RE = re.compile(
    r"[-.\d](?:(?<=-)(?:(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[eE][-+]?\d+)?|\.\d+)"
    r"|(?<=\d)(?:\d{0,2}(?:,\d{3})+|\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?|(?<=\.)\d+)"
)
_NUM_RE_COMMA = re.compile(
    r"[-\d](?:(?<=-)(?:\d{1,3}(?:\.\d{3})+|\d+)|(?<=\d)(?:\d{0,2}(?:\.\d{3})+|\d*))(?:,\d+)?"
)
#: "10^-4", "3 × 10^-5", "2.5x10^{9}": scientific notation written with a caret.
_SPACES = re.compile(r"\s+")
#: Glyphs PDFs print for the degree sign: '°', and a LaTeX ``^\circ`` set as a white
#: bullet (U+25E6) or a ring operator (U+2218): "60 ◦C" is 60 °C.
_DEGREE_SIGNS = "°◦∘"
_DEGREE_RE = re.compile(rf"\s?([{_DEGREE_SIGNS}]\s?[CFcf])\b")
_PHRASE_UNIT_RE = re.compile(
    r"(\s?-?\s?)(per cent|percentage points?|degrees celsius)\b", re.IGNORECASE
)
_WORD_AFTER_RE = re.compile(r"(\s|-)?([A-Za-zµμ][A-Za-zµμ⊙]*)")
_NEXT_WORD_RE = re.compile(r"\s([A-Za-z]+)\b")
_ORDINAL_RE = re.compile(r"(st|nd|rd|th)\b")
_MULT_RE = re.compile(r"([kKMB])(?![A-Za-z0-9])")
#: Scientific notation: "10^-4", "3 × 10^-5", "2.5x10^{9}", "3.1 × 10⁻³" (superscripts are
#: kept by :func:`_fold_marked`), and with a mantissa, the flattened "3.1 × 10-3" of PDFs.
_SUPERSCRIPT_DIGITS = "⁰¹²³⁴⁵⁶⁷⁸⁹"
_SUPERSCRIPT_MAP = str.maketrans(_SUPERSCRIPT_DIGITS + "⁻⁺", "0123456789-+")
_SCI_RE = re.compile(
    r"(?<![\d.])(?:(-?\d+(?:\.\d+)?)\s*[×x*·⋅]\s*)?10\s?(?:\^\s?\{?([-+]?\d+)\}?"
    r"|([⁻⁺]?[" + _SUPERSCRIPT_DIGITS + r"]+))"
)
_SCI_FLAT_RE = re.compile(
    r"(?<![\d.])(-?\d+(?:\.\d+)?)\s?[×x*·⋅]\s?10\s?(-\s?\d{1,2}|\d{1,2})"
    r"(?![\d.,])"
)
_SUPERSCRIPT_RE = re.compile("[" + _SUPERSCRIPT_DIGITS + "]")
#: Every :data:`_SCI_FLAT_RE` match holds one ("×10", "x 10"): texts without it skip that
#: scan. Found from the "10" (a literal the regex engine looks for in C), the sign
#: before it checked by lookbehind.
_SCI_HINT_RE = re.compile(r"10(?:(?<=[×x*·⋅]10)|(?<=[×x*·⋅]\s10))")
#: Kept as written by :func:`_fold_marked`: thin / narrow / figure / no-break spaces
#: (thousands separators) and superscript digits and signs (exponents).
_THIN_SPACES = "\u00a0\u2007\u2009\u202f"
_MIDDLE_DOT_DECIMAL = re.compile(r"(?<=\d)·(?=\d)")
_GROUP_SPACES = " " + _THIN_SPACES
_NO_THIN_SPACES = str.maketrans("", "", _THIN_SPACES)
_KEPT_RE = re.compile("[" + _THIN_SPACES + _SUPERSCRIPT_DIGITS + "⁻⁺]")
#: Digits grouped by threes with spaces: "10 395", "677 000", "1 250,5".
_GROUPED_RE = re.compile(
    r"(?=[-\d])(?<![\d.,])-?\d{1,3}(?:[ " + _THIN_SPACES + r"]\d{3})+(?:\.\d+)?"
    r"(?![\d]|[.,]\d)"
)
_GROUPED_RE_COMMA = re.compile(
    r"(?=[-\d])(?<![\d.,])-?\d{1,3}(?:[ " + _THIN_SPACES + r"]\d{3})+(?:,\d+)?(?![\d]|[.,]\d)"
)
_NUMBER_BEFORE = re.compile(r"[\d%]\s*$")
_NUMBER_AFTER = re.compile(r"\s*[-+(]?\.?\d")
#: "3/5" (a part of a whole), not "24/7" or a date "12/05/2020".
_SLASH_RE = re.compile(r"[/⁄](\d{1,6})(?![\d/.,])")
_PH_BEFORE = re.compile(
    r"\bpH(?:\s*(?:of|was|is|=|value of|values of|at|between|from|"
    r"ranged from|range of|ranging from))?\s*$"
)
#: The month names and their short forms, as a regex group (no flags).
MONTHS = (
    r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?"
    r"|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)"
)
#: A day of the month: "March 16", "16 March", "Dec. 3" (kind "date", not a quantity).
_MONTH_BEFORE = re.compile(r"\b" + MONTHS + r"\.?\s$")
_MONTH_AFTER = re.compile(r"\s" + MONTHS + r"\b")
_MONTH_ENDS = frozenset("nbrlyegptvc.hi")  # last letters of the month names above
_MONTH_STARTS = frozenset("JFMASOND")
_PER_UNIT_RE = re.compile(r"(/|\s?·\s?| )([A-Za-zµμ]+)(-1|⁻¹)?(?![A-Za-z])")
_UNIT_AFTER = re.compile(r"\s?(%|°\s?[CFcf]|[A-Za-zµμ⊙°]+(?:⊙)?)")


@dataclass(frozen=True, slots=True)
class Quantity:
    """One number as written in a text.

    value: the number (percent values in percent: ``59.8%`` -> 59.8). text: the exact
    substring ``source[start:end]`` (number and unit). unit: canonical unit (see
    :data:`UNITS`), a stemmed count noun, or None. physical: unit is in :data:`UNITS`.
    decimals: digits written after the decimal point (precision of the claim).
    approx: preceded by "about", "roughly", "~"...; bound: "<", ">", "<=", ">=" for "fewer
    than", "more than", "at least"..., else None. kind: "number", "percent", "word"
    (spelled out), "fraction" ("a fifth"), "rank" (ordinal), "year" (1900-2099 integer),
    "ref" (Table 2, [3], Section 4.3: a pointer, not a quantity), "date" (the day in
    "March 16", "16 March": compares only with dates), "sci" (``10^5``,
    ``3.1 × 10⁻³``), "uncertainty" (the ``0.3`` of ``5.2 ± 0.3``), "vague" ("hundreds",
    "millions": an order of magnitude, in :attr:`range`; not :attr:`checkable` as a value),
    "level" (the "95%" of "95% CI", "95% HPD": an interval's level, compared only with
    another interval's level, :func:`comparable`).
    range: ``(low, high)`` when the number is an endpoint of a written range ("30–40%",
    "10-15 mg/kg", "-78 - 0 °C", "from -80 to -20 °C", "between 5 and 9"): both endpoints
    are quantities of their own, each carrying the pair; a unit written once applies to
    both. uncertainty: the ``± u`` written after the value. denominator: the whole of a
    part-of-whole count ("3/5", "3 of 5", "1 in 4": the quantity is 3, denominator 5);
    a mixed number "2 1/2" is one quantity, 2.5.
    points: a difference in percentage points ("5 percentage points", "5 pp"; unit "%").
    multiplier: the scale the digits were written at ("380.5M" -> 1e6, "3.1e-3" -> 1e-3),
    1.0 when none; precision is ``10**-decimals * multiplier`` (:attr:`step`).
    """

    value: float
    text: str
    start: int
    end: int
    unit: str | None = None
    physical: bool = False
    decimals: int = 0
    approx: bool = False
    bound: str | None = None
    kind: str = "number"
    range: tuple[float, float] | None = None
    uncertainty: float | None = None
    denominator: float | None = None
    points: bool = False
    multiplier: float = 1.0

    @property
    def checkable(self) -> bool:
        """True if this quantity can be confirmed or refuted by another text's numbers."""
        return self.kind not in ("ref", "rank", "year", "vague")

    @property
    def step(self) -> float:
        """Precision of the written value, in the units of :attr:`value`: ``79.9`` -> 0.1,
        ``380.5M`` -> 1e5, ``3.1 × 10⁻³`` -> 1e-4 (half a step either way rounds to it)."""
        return 10.0 ** (-self.decimals) * self.multiplier


# Quantity's slot setters, in field order (unpacking fails at import if a field is added
# or removed without updating _quantity).
(
    _SET_VALUE,
    _SET_TEXT,
    _SET_START,
    _SET_END,
    _SET_UNIT,
    _SET_PHYSICAL,
    _SET_DECIMALS,
    _SET_APPROX,
    _SET_BOUND,
    _SET_KIND,
    _SET_RANGE,
    _SET_UNCERTAINTY,
    _SET_DENOMINATOR,
    _SET_POINTS,
    _SET_MULTIPLIER,
) = [getattr(Quantity, f.name).__set__ for f in fields(Quantity)]
_new = object.__new__


def _quantity(
    value: float,
    text: str,
    start: int,
    end: int,
    unit: str | None,
    physical: bool,
    decimals: int,
    approx: bool,
    bound: str | None,
    kind: str,
    range_: tuple[float, float] | None,
    uncertainty: float | None,
    denominator: float | None,
    points: bool,
    multiplier: float,
) -> Quantity:
    """``Quantity(...)`` of all fields, positional, in half its time: the frozen dataclass's
    ``__init__`` sets each field through ``object.__setattr__``; this sets the slots directly
    (the index makes a Quantity of every number of every page)."""
    q: Quantity = _new(Quantity)
    _SET_VALUE(q, value)
    _SET_TEXT(q, text)
    _SET_START(q, start)
    _SET_END(q, end)
    _SET_UNIT(q, unit)
    _SET_PHYSICAL(q, physical)
    _SET_DECIMALS(q, decimals)
    _SET_APPROX(q, approx)
    _SET_BOUND(q, bound)
    _SET_KIND(q, kind)
    _SET_RANGE(q, range_)
    _SET_UNCERTAINTY(q, uncertainty)
    _SET_DENOMINATOR(q, denominator)
    _SET_POINTS(q, points)
    _SET_MULTIPLIER(q, multiplier)
    return q


def detect_decimal_comma(text: str) -> bool:
    """Guess whether ``text`` writes decimals with a comma (``0,5``, ``1.250`` = 1250).

    Returns True when comma decimals (``\\d,\\d{1,2}`` not followed by a digit) outnumber
    point decimals; False for English text and when no decimals are present. Two numbers in
    square brackets ("[11,12]") are cited works, no decimal.
    """
    # Counts the matches of (?<![\d,.])\d+,\d{1,2}(?![\d,]) and of the same with '.': each
    # starts a maximal run of digits, commas and points, and a run holds at most one, so
    # one scan of the text for both (_DECIMAL_RUN) counts them.
    # no comma between two digits: no comma decimal, so False whatever the points say
    # (the common case, found by str.find; the scan below reads every run)
    c = text.find(",")
    while c >= 0 and not (
        0 < c < len(text) - 1 and text[c - 1].isdigit() and text[c + 1].isdigit()
    ):
        c = text.find(",", c + 1)
    if c < 0:
        return False
    comma = point = 0
    for m in _DECIMAL_RUN.finditer(text):
        if not m.group(1):
            point += 1
        elif text[m.start() - 1 : m.start()] != "[" and text[m.end() : m.end() + 1] != "]":
            comma += 1  # not a list of cited works' numbers ("[11,12]", "[45,46]")
    return comma > 0 and comma > point


#: A comma decimal (\d+,\d{1,2}(?![\d,])) or a point decimal (\d+\.\d{1,2}(?![\d.])) at
#: the start of a run of digits, commas and points (none of them before its first digit,
#: checked by lookbehind after it, so that the scan skips to digits in C); the group holds
#: the comma of a comma decimal. A run's first non-digit is a comma or a point, so a run
#: holds one of them at most, and the run's next character (none of [\d,.]) passes both
#: lookaheads as the end of the run would.
_DECIMAL_RUN = re.compile(r"\d(?<![\d,.]\d)\d*(?:(,)\d{1,2}(?![\d,])|\.\d{1,2}(?![\d.]))")


#: Locants before a hyphen and the rest of a chemical name: a list of them ("1,4-"), or
#: one and the word after it (what may open a substituent or parent name first)
_LOCANTS = re.compile(
    r"(\d{1,2}(?:,\d{1,2})*)[-\u2010](?:di|tri|tetra|bis)?([^\W\d_]+)", re.IGNORECASE
)


def _locant(text: str, start: int, end: int) -> bool:
    """True if the digits at ``text[start:end]`` are the locants of a chemical name: a list
    of them before a hyphen ("1,4-dioxane", "2,5-dioxo-6-hydroxyhexanal") or one before a
    hyphen and a word that opens with a substituent or parent name (``chemical_locants.tsv``:
    "2-methylfuran", "5-hydroxymethylfurfural"). A count glued the same way to a noun ("a
    3-layer network") or an acronym ("5-HMF", "8-GPU") is read as a number."""
    a = start
    while a > 0 and (text[a - 1].isdigit() or text[a - 1] == ","):
        a -= 1
    m = _LOCANTS.match(text, a)
    if m is None or m.end(1) < end:
        return False
    return "," in m.group(1) or m.group(2).lower().startswith(CHEMICAL_LOCANT_WORDS)


def _glued_to_name(text: str, start: int, end: int) -> bool:
    """True if the digits at ``text[start:end]`` are part of a name (R1, Qwen-32B, o1-1217)
    or a currency ("$5"); a number alone in inline math ("$80.0$") is neither.

    A hyphen between two plain numbers ("10-15", "6.5-7.0") is a range, not a name; a
    right-hand part with a leading zero ("2021-03") is a code or date."""
    before = text[start - 1] if start > 0 else " "
    if before == "$" and text[end : end + 1] == "$":
        return False  # a number set as inline math ("$80.0$"), not a currency or a name
    if before.isalnum() or before in "@_/#$⁄":
        return True
    if before == "-" and start >= 2 and (text[start - 2].isalnum()) and not text[start].isdigit():
        return True
    if before in "-–" and start >= 2 and text[start - 2].isalnum():
        if not (
            text[start - 2].isdigit()
            and _plain_number_before(text, start - 1)
            and not (text[start] == "0" and end - start > 1 and text[start + 1].isdigit())
        ):
            return True
    after = text[end] if end < len(text) else " "
    if after in "@_" or (
        after == "-"
        and end + 1 < len(text)
        and text[end + 1].isdigit()
        and start >= 1
        and text[start - 1] not in " ([=:~∼≈<>"
    ):
        return True
    return False


_PLAIN_NUMBER_END = re.compile(r"(?:^|[\s(\[=:~∼≈<>])-?\d+(?:[.,]\d+)?$")


def _plain_number_before(text: str, end: int) -> bool:
    """True if ``text[:end]`` ends with a number standing alone ("from 10", "(6.5")."""
    return _PLAIN_NUMBER_END.search(text, max(0, end - 16), end) is not None


def _context_before(text: str, start: int, n: int = 24) -> str:
    return text[max(0, start - n) : start].lower()


_APPROX_RE = re.compile(r"(?:^|[\s(])(" + "|".join(re.escape(a) for a in _APPROX) + r")\s*$")
_BOUND_RE = re.compile(
    r"(?:^|[\s(])(" + "|".join(re.escape(p) for p, _ in _BOUNDS) + r")\s*(?:a|an)?\s*$"
)
_BOUND_SYM = dict(_BOUNDS)
#: The last word of every qualifier phrase (and the "a" / "an" a bound may take): text
#: that ends in none of them cannot match :data:`_APPROX_RE` or :data:`_BOUND_RE`.
_QUALIFIER_ENDS = tuple(
    {p.split()[-1] for p in _APPROX} | {p.split()[-1] for p, _ in _BOUNDS} | {"a", "an"}
)


#: "of" right before a number: "a cohort of 1998 men" counts (a date is "in", "since" ...)
_OF_BEFORE = re.compile(r"\bof\s+$")


def _qualifiers(text: str, start: int) -> tuple[bool, str | None]:
    before = _context_before(text, start, 30)
    stripped = before.rstrip()
    if stripped[-2:] in _SIGN_BOUNDS:
        return False, _SIGN_BOUNDS[stripped[-2:]]
    if stripped[-1:] in _SIGN_BOUNDS:
        return False, _SIGN_BOUNDS[stripped[-1:]]
    if not stripped.endswith(_QUALIFIER_ENDS):
        return False, None  # cannot end in a qualifier: skip the two searches
    before = _SPACES.sub(" ", before)
    approx = _APPROX_RE.search(before) is not None
    m = _BOUND_RE.search(before)
    return approx, (_BOUND_SYM[m.group(1)] if m else None)


def approximation_start(before: str) -> int | None:
    """Where the approximation word that ends ``before`` (the text right before a number)
    starts, as the reader reads it ("about", "close to", "~": the ``approx`` of a
    :class:`Quantity`); None when ``before`` ends in none. Offsets into ``before``."""
    m = _APPROX_RE.search(before.lower())
    return None if m is None else m.start(1)


_REF_SET = frozenset(w.rstrip(".") for w in _REF_WORDS) - {"v"}


def _is_ref(text: str, start: int, end: int) -> bool:
    parts = _context_before(text, start, 14).split()
    last = parts[-1].strip("(") if parts else ""
    if last.rstrip(".") in _REF_SET or (last.endswith("s") and last[:-1] in _REF_SET):
        return True
    if start > 0 and text[start - 1] == "[":
        return True
    if (
        start > 0
        and text[start - 1] == "("
        and text[end : end + 1] == ")"
        and next((w for w in reversed(parts) if w.strip("(")), "").strip("(") in _ITEM_POINTERS
    ):
        return True  # an item of a numbered list pointed at: "from (1) and (2)"
    # a later number of a bracketed citation list: "[1, 2]", "[3, 7-9]", "[2; 5]"
    # (every _CITE_TAIL match holds a "[": str.find rules most numbers out first)
    return (
        text.find("[", max(0, start - 40), start) >= 0
        and _CITE_TAIL.search(text, max(0, start - 40), start) is not None
        and _CITE_CLOSE.match(text, end) is not None
    )


#: words after which a bare number in brackets points at an item of a numbered list or an
#: equation ("from (1) and (2)", "in (3)"), not a count written after its noun
#: ("infections (3)")
_ITEM_POINTERS = frozenset("from and or in of see to by with using under via".split())
#: the part of a citation list before a later number: "[1, " / "[3, 7-9; "
_CITE_TAIL = re.compile(r"\[\d+(?:\s*[-–,;]\s*\d+)*\s*[,;–-]\s*$")
#: what may follow a number of a citation list: more numbers, then "]"
_CITE_CLOSE = re.compile(r"(?:\s*[-–,;]\s*\d+)*\s*\]")


def _known_unit(word: str) -> str | None:
    """Canonical unit for ``word`` as written: case-sensitive table first, then lower case."""
    return CASE_UNITS.get(word) or UNITS.get(word.lower())


#: a line holding one number and nothing else: a table cell, as a table set one cell a line
#: reads ("Detector other / 6.3 / FSI / 3.4"), whose next line names the next row
_CELL_LINE = re.compile(r"[ \t]*[-+−–~≈<>]?[ \t]*\d[\d.,]*[ \t]*")


def _unit_after(text: str, end: int) -> tuple[str | None, bool, int]:
    """Unit written right after a number ending at ``end``: (unit, physical, new_end)."""
    rest = text[end : end + 40]
    if rest.startswith("%"):
        return "%", True, end + 1
    if rest[:1].isspace() and rest[1:2] == "%":
        return "%", True, end + 2  # "50 %" (French style, or a thin space folded)
    # every unit pattern below starts with a letter, a degree sign, 'µ'/'μ' or '-', at most one
    # whitespace character in: a number followed by anything else has no unit (most table
    # cells: "84.2 85.1")
    lead = rest[1:2] if rest[:1].isspace() else rest[:1]
    if not lead or not (lead.isalpha() or lead in _DEGREE_SIGNS or lead == "-"):
        return None, False, end
    m = _DEGREE_RE.match(rest)
    if m:
        written = "°" + m.group(1)[1:]
        return UNITS.get(written.lower().replace(" ", ""), written), True, end + m.end()
    m = _PHRASE_UNIT_RE.match(rest)
    if m:
        return UNITS[m.group(2).lower()], True, end + m.end()
    m = _WORD_AFTER_RE.match(rest)
    if not m:
        return None, False, end
    word = m.group(2)
    if word[:1].isupper() and rest[m.end() : m.end() + 1].isdigit():
        return None, False, end  # "8 V100 GPUs", "4 A100s", "T5": a model name, not "8 V"
    low = word.lower()
    unit = CASE_UNITS.get(word)
    if unit is None and (word[:1].islower() or len(word) > 2 or word.isupper()):
        unit = UNITS.get(low)
    if unit is None:
        unit = _prefixed(word)
    if m.group(1) is None and unit is None and low not in ("k", "m", "b"):
        return None, False, end  # glued letters that are not a unit: part of a name
    if unit is not None:
        return _per_unit(text, unit, end + m.end())
    if rest[:1] == "\n" and _CELL_LINE.fullmatch(text, text.rfind("\n", 0, end) + 1, end):
        return None, False, end  # a cell alone on its line: the next line is another cell
    if low.endswith("ly") and len(low) > 4 and not low.endswith(("ply", "ily")):
        # "500 randomly sampled papers": an adverb counts nothing; what follows may
        adverb_end = end + m.end()
        unit, physical, after = _unit_after(text, adverb_end)
        return (unit, physical, after) if unit is not None and not physical else (None, False, end)
    if low.endswith("ed") and len(low) > 4:
        nxt = _NEXT_WORD_RE.match(rest[m.end() :])
        if nxt and nxt.group(1).lower() not in UNCOUNTED_WORDS:
            # "132 enrolled patients": the counted noun follows the participle
            return stem(nxt.group(1).lower()), False, end + m.end() + nxt.end()
    if low in _WORD_NUMBERS or low in UNCOUNTED_WORDS or low in ("points", "point"):
        if low in ("points", "point"):
            return "point", False, end + m.end()
        return None, False, end
    return stem(low), False, end + m.end()


def _per_unit(text: str, unit: str, end: int) -> tuple[str, bool, int]:
    """Extend ``unit`` (ending at ``end``) by a denominator: "mg/kg", "km s-1", "mg kg⁻¹"."""
    if unit in ("%", "x"):
        return unit, True, end
    m = _PER_UNIT_RE.match(text, end)
    if m:
        second = _known_unit(m.group(2))
        if second is not None and second not in ("%", "x") and (m.group(1) == "/" or m.group(3)):
            return f"{unit}/{second}", True, m.end()
    return unit, True, end


def _parse_number(raw: str, decimal_comma: bool) -> tuple[float, int] | None:
    s = raw
    if decimal_comma:
        s = s.replace(".", "").replace(",", ".")
    else:
        s = s.replace(",", "")
    try:
        value = float(s)
    except ValueError:
        return None
    if not math.isfinite(value):
        return None
    mantissa = s.split("e")[0].split("E")[0]
    decimals = len(mantissa.split(".")[1]) if "." in mantissa else 0
    return value, decimals


def _fold_marked(text: str, folded: str) -> str:
    """``folded`` (= ``fold(text)``) with thin / no-break spaces and superscript digits and
    signs put back as written: each folds to one character, so offsets agree; NFKC would
    turn "10 395" into "10 395" and "10⁻³" into "10-3", losing what they mean."""
    if text.isascii() or _KEPT_RE.search(text) is None:
        return folded
    parts: list[str] = []
    pos = 0
    for m in _KEPT_RE.finditer(text):
        parts.append(fold(text[pos : m.start()]))
        parts.append(m.group(0))
        pos = m.end()
    parts.append(fold(text[pos:]))
    marked = "".join(parts)
    return marked if len(marked) == len(folded) else folded


#: A text that is one plain number and nothing else: ASCII digits, an optional decimal
#: part, an optional "%" (most table cells, which the index reads one word at a time).
_PLAIN = re.compile(r"[0-9]+(?:\.[0-9]+)?%?")
_PLAIN_MAX = 20  # well inside a float's range: the value is always finite


def _plain_quantity(text: str) -> Quantity:
    """What :func:`extract_quantities` finds in a ``_PLAIN`` text with point decimals
    (a comma-decimal guess needs a comma): the one number, with no context to make it a
    reference, a date, a rank or a qualified value; a year if it is four digits from 1900
    to 2099; a percentage with its "%"."""
    percent = text.endswith("%")
    raw = text[:-1] if percent else text
    value = float(raw)
    dot = raw.find(".")
    decimals = len(raw) - dot - 1 if dot >= 0 else 0
    if percent:
        return _quantity(
            value,
            text,
            0,
            len(text),
            "%",
            True,
            decimals,
            False,
            None,
            "percent",
            None,
            None,
            None,
            False,
            1.0,
        )
    kind = "year" if dot < 0 and len(raw) == 4 and 1900 <= value <= 2099 else "number"
    return _quantity(
        value,
        text,
        0,
        len(text),
        None,
        False,
        decimals,
        False,
        None,
        kind,
        None,
        None,
        None,
        False,
        1.0,
    )


def extract_quantities(text: str, decimal_comma: bool | None = None) -> list[Quantity]:
    """Every quantity written in ``text``, in order of position.

    Args: text: any text; minus variants and ligatures are folded first, so offsets refer to
          ``fold(text)`` (equal to ``text`` unless it held ligatures or NFKC-changed chars).
          decimal_comma: True for ``0,5`` decimals; None guesses with
          :func:`detect_decimal_comma`.
    Returns: list of :class:`Quantity`, ``kind`` telling refs, years and ranks apart; range
        endpoints, ``±`` uncertainties and ``N of M`` wholes linked (see :class:`Quantity`).
    Raises: nothing; text without numbers gives [].
    """
    if decimal_comma is not True and len(text) <= _PLAIN_MAX and _PLAIN.fullmatch(text):
        return [_plain_quantity(text)]  # a bare table cell: "42.1", "2019", "85.1%"
    return list(_extracted(text, decimal_comma))


@per_check(maxsize=4096)
def _extracted(text: str, decimal_comma: bool | None) -> tuple[Quantity, ...]:
    """:func:`_extract`, memoised within one check (``grounding.memo``): the judge's
    checkers read the numbers of one sentence or passage many times; Quantity is frozen,
    and each caller gets a list of its own."""
    return tuple(_extract(text, decimal_comma))


def _extract(text: str, decimal_comma: bool | None) -> list[Quantity]:
    """:func:`extract_quantities` read in full (no shortcut for a plain number)."""
    folded = fold(text)
    marked = _fold_marked(text, folded)
    if "·" in marked:  # "12·4%": a decimal point in Lancet style
        marked = _MIDDLE_DOT_DECIMAL.sub(".", marked)
    if decimal_comma is None:
        decimal_comma = detect_decimal_comma(folded)
    pattern = _NUM_RE_COMMA if decimal_comma else _NUM_RE
    lists: list[tuple[int, int]] = []
    if "/" in marked:
        marked, lists = _slash_lists(marked)
    out: list[Quantity] = _sci_quantities(marked, folded)
    taken = [(q.start, q.end) for q in out]
    grouped_re = _GROUPED_RE_COMMA if decimal_comma else _GROUPED_RE
    skip_to = -1  # end of the last space-grouped number
    for m in pattern.finditer(marked):
        start, end = m.span()
        if start < skip_to or (taken and any(a <= start < b for a, b in taken)):
            continue
        raw = m.group(0)
        if end - start <= 4 and end < len(marked) and marked[end] in _GROUP_SPACES:
            g = grouped_re.match(marked, start)  # "10 395": one number, if it stands alone
            if g and _grouped(marked, start, g.end()):
                end = skip_to = g.end()
                raw = g.group(0).replace(" ", "").translate(_NO_THIN_SPACES)
        elif not decimal_comma and (torn := _torn_number(marked, raw, end)) is not None:
            raw, end = torn  # "110, 000": a group the PDF spaced out; "2,000" is no year
            skip_to = end
        q = _number_quantity(marked, folded, start, end, raw, decimal_comma)
        if q is not None:
            out.append(q)
    out.extend(_word_quantities(marked, folded, [(q.start, q.end) for q in out]))
    out.sort(key=lambda q: q.start)
    if lists:
        out = _share_list_unit(out, lists)
    return _elliptic_units(marked, _share_listed_unit(marked, _link(marked, folded, out)))


#: "units" right after a number's unit ("1.1 pH units"): the unit it names.
_UNITS_AFTER = re.compile(r"\s*units?\b", re.IGNORECASE)


def _elliptic_units(text: str, qs: list[Quantity]) -> list[Quantity]:
    """A number counted in bare "units" after one written in "<unit> units" takes that
    unit: "by 1.1 pH units and ... by 1.6 units" is 1.6 pH."""
    out = list(qs)
    named: Quantity | None = None
    for i, q in enumerate(out):
        if q.physical and _UNITS_AFTER.match(text, q.end):
            named = q
        elif named is not None and q.unit == "unit" and not q.physical:
            out[i] = replace(q, unit=named.unit, physical=True)
    return out


#: Thousands groups after ", " that no list item is: three digits with a leading zero
#: ("110, 000 generations", "1, 000, 000" as a PDF's text layer spaces "110,000"), also
#: before a sentence's period or a clause's comma ("setting z to 10, 000. The ...").
_TORN_GROUP = re.compile(r"((?:, 0\d\d)+)(?!\d|[.,]\d)")


def _torn_number(text: str, digits: str, end: int) -> tuple[str, int] | None:
    """``digits`` (one to three, ending at ``end`` of ``text``) with the torn thousands
    groups after them (:data:`_TORN_GROUP`) written whole ("110,000"), and where they end;
    None when none follows."""
    if not (digits.isdigit() and len(digits) <= 3):
        return None
    g = _TORN_GROUP.match(text, end)
    return (digits + g.group(1).replace(" ", ""), g.end()) if g else None


#: what joins the values of a list written with one unit after the last: "12 and 24
#: layers", "31, 38 and 22%", "1, 2, or 4 GPUs"
_LIST_GAP = re.compile(r"\s*(?:,\s*(?:and|or)?|and|or)\s+|,")


def _share_listed_unit(text: str, qs: list[Quantity]) -> list[Quantity]:
    """Each bare value of a list ("12 and 24 layers", "31, 38 and 22%") takes the unit
    written once after the last value (read from the last to the first); values of other
    kinds (a year, a reference, a rank) and values with a unit of their own are left."""
    out = list(qs)
    for i in range(len(out) - 2, -1, -1):
        a, b = out[i], out[i + 1]
        if (
            a.unit is None
            and b.unit is not None
            and a.kind == "number"
            and b.kind in ("number", "percent")
            and a.range is None
            and a.denominator is None
            and b.start - a.end <= 7
            and _LIST_GAP.fullmatch(text, a.end, b.start)
        ):
            out[i] = _take_unit(a, b)
    return out


#: Values written one per condition with slashes and one unit after the last ("9/14
#: days" for two model sizes, "7/13B", "45.1/52.3%"): each value is a quantity of its own.
#: (Both list patterns start at a digit with none of [\w/.,-] before it, tested by a
#: lookbehind after that digit: a pattern that starts with a digit lets the regex engine
#: skip to the next digit in C.)
_SLASH_LIST = re.compile(
    r"\d(?<![\w/.,-]\d)\d*(?:\.\d+)?(?:\s?/\s?\d+(?:\.\d+)?)+"
    r"(?=\s?(?:%|°|[A-Za-zµμ]))"
)
#: Decimals joined by slashes with no unit after them ("Babiana 0.500/0.556" for the Cape
#: and non-Cape clades): a pair of values, never a fraction or a date
_DECIMAL_PAIR = re.compile(r"\d(?<![\w/.,-]\d)\d*\.\d+(?:\s?/\s?\d+\.\d+)+(?![\w/]|\.\d)")
#: The largest whole of a fraction of a unit ("1/2 h", "3/4 inch"), not a list
_UNIT_FRACTION_MAX = 8


def _slash_lists(text: str) -> tuple[str, list[tuple[int, int]]]:
    """``text`` with the slashes of per-condition value lists turned into "|" (so each value
    reads alone, offsets kept), and the lists' spans. A list is two or more numbers joined
    by "/" and followed by "%", a physical unit or a scale letter ("9/14 days", "7/13B",
    "0.5/0.7 mm"), or decimals joined by "/" with nothing after ("0.500/0.556"); a
    part-of-whole count ("2/3 sites", "9/14 patients": a count noun) and
    a fraction of a unit ("1/2 h": two whole numbers, the second at most 8) stay as read."""
    spans: list[tuple[int, int]] = []
    for m in _SLASH_LIST.finditer(text):
        parts = [p.strip() for p in m.group(0).split("/")]
        mult = _MULT_RE.match(text, m.end())
        unit, physical, _ = _unit_after(text, m.end())
        if not (mult or physical):
            continue
        if (
            unit != "%"
            and not mult
            and len(parts) == 2
            and all(p.isdigit() for p in parts)
            and int(parts[0]) < int(parts[1]) <= _UNIT_FRACTION_MAX
        ):
            continue
        spans.append(m.span())
    listed = list(spans)
    spans += [
        m.span()
        for m in _DECIMAL_PAIR.finditer(text)
        if not any(a <= m.start() < b for a, b in listed)
    ]
    for a, b in spans:
        text = text[:a] + text[a:b].replace("/", "|") + text[b:]
    return text, spans


def _share_list_unit(qs: list[Quantity], spans: list[tuple[int, int]]) -> list[Quantity]:
    """Each value of a slash list (:func:`_slash_lists`) takes the unit and scale written
    after the last one and the qualifier ("about") written before the first."""
    out = list(qs)
    for a, b in spans:
        idx = [i for i, q in enumerate(out) if a <= q.start < b]
        if len(idx) < 2:
            continue
        last, first = out[idx[-1]], out[idx[0]]
        for i in idx[:-1]:
            out[i] = _take_unit(out[i], last)
        for i in idx[1:]:
            out[i] = replace(out[i], approx=first.approx, bound=first.bound)
    return out


def text_quantities(text: str) -> tuple[Quantity, ...]:
    """:func:`extract_quantities` of ``text`` (decimal comma guessed) as a tuple; memoised
    with it within one check (``grounding.memo``)."""
    return tuple(extract_quantities(text))


def _grouped(text: str, start: int, end: int) -> bool:
    """Whether the space-grouped digits at ``text[start:end]`` are one number ("10 395").

    Thin, narrow and no-break spaces always group. Plain spaces group only when no number
    stands right before or after (a table row "12 768 3072" is three cells) and the first
    digit is not 0; "in 2019 300 patients" never matches (a first group has 1-3 digits)."""
    raw = text[start:end]
    if " " not in raw:
        return True
    groups = raw.split(" ")
    if len(groups) > 2 and any(g.strip(_THIN_SPACES)[:3] != "000" for g in groups[2:]):
        return False  # "sizes 64 128 256" is a list; "1 000 000" one number
    if raw.lstrip("-")[0] == "0" or _is_ref(text, start, end):
        return False
    if _NUMBER_BEFORE.search(text, max(0, start - 4), start):
        return False
    return _NUMBER_AFTER.match(text, end) is None


def _sci_quantities(text: str, folded: str) -> list[Quantity]:
    """Numbers in scientific notation (kind "sci"), ``multiplier`` = 10 ** exponent."""
    out: list[Quantity] = []
    if "^" in text or (text is not folded and _SUPERSCRIPT_RE.search(text)):
        for m in _SCI_RE.finditer(text):
            exp = m.group(2) if m.group(2) is not None else m.group(3).translate(_SUPERSCRIPT_MAP)
            if abs(int(exp)) <= 300:  # beyond, a float cannot hold it
                out.append(_sci(text, folded, m.start(), m.end(), m.group(1), int(exp)))
    if _SCI_HINT_RE.search(text):
        for m in _SCI_FLAT_RE.finditer(text):
            if any(q.start <= m.start() < q.end for q in out):
                continue
            exp = m.group(2).replace(" ", "")
            mant = float(m.group(1))
            if not exp.startswith("-") and not ("." in m.group(1) and 1 <= abs(mant) < 10):
                continue  # "2 × 100 m" is a product; "3.1 × 105" a flattened 10⁵
            out.append(_sci(text, folded, m.start(), m.end(), m.group(1), int(exp)))
    return out


def _sci(text: str, folded: str, start: int, end: int, mantissa: str | None, exp: int) -> Quantity:
    decimals = len(mantissa.split(".")[1]) if mantissa and "." in mantissa else 0
    unit, physical, uend = _unit_after(text, end)
    qend = uend if physical else end
    approx, bound = _qualifiers(text, start)
    return Quantity(
        float(f"{mantissa or '1'}e{exp}"),
        folded[start:qend],
        start,
        qend,
        unit,
        physical,
        decimals,
        approx,
        bound,
        "sci",
        multiplier=10.0**exp,
    )


def _quiet_after(text: str, end: int) -> bool:
    """True if what follows a number ending at ``end`` starts none of what
    :func:`_number_quantity` reads after it (an ordinal suffix, "/5", a scale "k" / " million",
    a unit, a month, a glued letter): the next character is none of a letter, "%", "/",
    "⁄", a degree sign, "-", and after one whitespace character the one after it is none of
    a letter, "%", a degree sign, "-" (most table cells: "84.2 85.1"; prose: "in 2020,").
    Then the number has no unit and stays a plain number, reference, date (a month before
    it) or year."""
    c = text[end : end + 1]
    if c.isspace():
        c = text[end + 1 : end + 2]
        return not (c.isalpha() or c in _LOUD_AFTER)  # "" is in it: a number at the end
    return not (c.isalpha() or c in _LOUD_AFTER or c in "/⁄")


#: Characters after a number (or after one space after it) that :func:`_quiet_after` hands
#: to the full reading; "" (the end of the text) included by ``in``.
_LOUD_AFTER = "%-" + _DEGREE_SIGNS


def _number_quantity(
    text: str, folded: str, start: int, end: int, raw: str, decimal_comma: bool
) -> Quantity | None:
    """The quantity for digits ``raw`` at ``text[start:end]``, or None (a name, "3D")."""
    if raw.startswith("-") and start > 0 and (text[start - 1].isalnum() or text[start - 1] in ")]"):
        start += 1
        raw = raw[1:]
    if _glued_to_name(text, start, end) or _locant(text, start, end):
        return None
    parsed = _parse_number(raw, decimal_comma)
    if parsed is None:
        return None
    value, decimals = parsed
    multiplier = 1.0
    if "e" in raw or "E" in raw:
        multiplier = 10.0 ** int(raw.lower().split("e")[1])
    denominator = None
    unit: str | None = None
    physical, uend = False, end
    # most numbers (table cells, "in 2020,"): nothing after them to read (_quiet_after)
    if not _quiet_after(text, end):
        after = text[end : end + 3]
        ordinal = _ORDINAL_RE.match(after)
        if ordinal:
            return Quantity(
                value, folded[start : end + ordinal.end()], start, end + ordinal.end(), kind="rank"
            )
        slash = _SLASH_RE.match(text, end) if after[:1] in "/⁄" else None
        if slash and decimals == 0 and raw.isdigit() and 0 < value <= float(slash.group(1)):
            denominator = float(slash.group(1))
            end = slash.end()
        mult = _MULT_RE.match(after) if denominator is None else None
        if mult:
            value *= _MULTIPLIERS[mult.group(1)]
            multiplier = _MULTIPLIERS[mult.group(1)]
            end += 1
        elif denominator is None:
            word = _MULT_WORD_RE.match(text, end)  # "380.5 million" = "380.5M"
            if word:
                multiplier = _MULTIPLIER_WORDS[word.group(1).lower()]
                value *= multiplier
                end = word.end()
        unit, physical, uend = _unit_after(text, end)
        if unit is None and end < len(text) and text[end].isalpha() and not mult:
            return None  # "3D", "2x2" names
    if unit is None and _ph_before(text, start):
        unit, physical = "pH", True
    approx, bound = _qualifiers(text, start)
    qualified = approx or bound is not None
    kind = _number_kind(
        text, start, end, raw, value, decimals, unit, physical, denominator, qualified
    )
    if kind == "date":
        unit, uend = None, end
    qend = uend if physical else end
    points = unit == "%" and (
        "point" in folded[end:qend].lower() or folded[end:qend].strip().lower() == "pp"
    )
    return _quantity(
        value,
        folded[start:qend],
        start,
        qend,
        unit,
        physical,
        decimals,
        approx,
        bound,
        kind,
        None,
        None,
        denominator,
        points,
        multiplier,
    )


def _ph_before(text: str, start: int) -> bool:
    """True if "pH" stands in the 24 characters before ``start`` ("pH of 7.4")."""
    lo = max(0, start - 24)
    return text.find("pH", lo, start) >= 0 and _PH_BEFORE.search(text, lo, start) is not None


#: The word after a percent (after its sign), read for an interval's level ("95% CI").
_LEVEL_WORD = re.compile(r"\s*(?:%|percent|per cent)?\s*([A-Za-z]+(?: [A-Za-z]+)?)")
_LEVEL_WORDS = interval_level_words()


def _number_kind(
    text: str,
    start: int,
    end: int,
    raw: str,
    value: float,
    decimals: int,
    unit: str | None,
    physical: bool,
    denominator: float | None,
    qualified: bool = False,
) -> str:
    """The kind of the number at ``text[start:end]`` read as ``value`` with ``unit``: "ref",
    "level" (a percent naming an interval: "95% CI"), "percent", "date" (a day next to a
    month), "year" (four digits 1900-2099, not counting the noun after them: "up to 2000
    grit" and "a cohort of 1998 men" count, ``qualified`` telling an "about" or a bound
    before them) or "number"."""
    if _is_ref(text, start, end):
        return "ref"
    if unit == "%":
        after = _LEVEL_WORD.match(text, end)
        words = after.group(1).lower().split() if after else []
        level = bool(words) and (words[0] in _LEVEL_WORDS or " ".join(words) in _LEVEL_WORDS)
        return "level" if level else "percent"
    plain = decimals == 0 and not physical and raw.isdigit()
    if plain and 1 <= value <= 31 and _next_to_month(text, start, end):
        return "date"
    if plain and 1900 <= value <= 2099 and len(raw) == 4 and denominator is None:
        counts = unit is not None and (qualified or _OF_BEFORE.search(text, 0, start))
        return "number" if counts else "year"
    return "number"


def _next_to_month(text: str, start: int, end: int) -> bool:
    """True if a month name stands just before ("May 3") or just after ("3 May")
    ``text[start:end]``, one space between."""
    if (
        start > 1
        and text[start - 1] == " "
        and text[start - 2] in _MONTH_ENDS
        and _MONTH_BEFORE.search(text, max(0, start - 11), start)
    ):
        return True
    return bool(
        text[end : end + 1] == " "
        and text[end + 1 : end + 2] in _MONTH_STARTS
        and _MONTH_AFTER.match(text, end)
    )


def _word_quantities(text: str, folded: str, taken: list[tuple[int, int]]) -> list[Quantity]:
    """Quantities spelled out in words: cardinals with a unit or count noun ("twenty-one
    patients", "two hundred samples", "a dozen runs"), fold words ("fourfold"), fractions
    ("a fifth"), "N of M" counts ("seven of nine"), and orders of magnitude ("millions").
    Word runs and vague spans overlapping a span in ``taken`` (already read) are skipped."""
    out: list[Quantity] = []
    low = text.lower()
    taken = sorted(taken)
    starts = [a for a, _ in taken]

    def overlaps(start: int, end: int) -> bool:
        i = bisect_left(starts, end) - 1  # the last span starting before ``end``
        return any(taken[j][1] > start for j in range(max(0, i - 2), i + 1))

    for run in number_word_runs(text, low):
        if not overlaps(run.start, run.end):
            q = _word_run_quantity(text, folded, low, run.start, run.end, run.parts)
            if q is not None:
                out.append(q)
    for start, end, (lo, hi) in vague_spans(low):
        if not overlaps(start, end):
            out.append(_vague_quantity(folded, low, start, end, lo, hi))
    return out


def _word_run_quantity(
    text: str, folded: str, low: str, start: int, end: int, parts: tuple[str, ...]
) -> Quantity | None:
    """The quantity for the number words ``parts`` at ``text[start:end]`` (``low`` is
    ``text`` lower-cased): a fold, a fraction, or a cardinal with a unit; None if none."""
    prev = low[max(0, start - 3) : start]
    if parts[-1] == "fold" or (len(parts) == 1 and parts[0].endswith("fold")):
        return _fold_quantity(text, folded, start, end, parts)
    mixed = _MIXED_BEFORE.search(low, 0, start) if parts in (("half",), ("quarter",)) else None
    if mixed is not None:
        return _mixed_quantity(text, folded, mixed, end, _FRACTIONS[parts[0]])
    if parts in (("half",), ("quarter",)) and re.search(r"\d\s+and\s+a\s+$", low[:start]):
        return None  # "2 and a half times": the digits are read; "a half" is no share
    if parts[-1] in _FRACTIONS and (
        (len(parts) == 2 and _WORD_NUMBERS.get(parts[0], 10) < 10)
        or prev.endswith("a ")
        or parts == ("half",)
    ):
        return _fraction_quantity(text, folded, start, end, parts, prev.endswith("a "))
    value = cardinal_value(parts)
    if value is None or parts in (("one",), ("second",)):
        return _word_one(text, folded, start, end) if parts == ("one",) else None
    if parts[0] in SCALES and len(parts) == 1 and parts[0] not in ("hundred", "thousand"):
        return None  # "million" alone: "a million" is read by its digits
    if parts == ("dozen",):
        if not prev.endswith("a "):
            return None
        start -= 2
    unit, physical, uend = _unit_after(text, end)
    of_number = _OF_NUMBER.match(low, end) is not None
    if unit is None and not of_number:
        return None
    approx, bound = _qualifiers(text, start)
    kind = "percent" if unit == "%" else "word"
    qend = uend if physical else end
    return Quantity(
        float(value), folded[start:qend], start, qend, unit, physical, 0, approx, bound, kind
    )


def _fold_quantity(
    text: str, folded: str, start: int, end: int, parts: tuple[str, ...]
) -> Quantity | None:
    """A fold word ("fourfold", "four fold") at ``text[start:end]`` as an "x" factor, or
    None if its number is missing or zero."""
    words = parts[:-1] if parts[-1] == "fold" else (parts[0][:-4],)
    value = cardinal_value(words)
    if value is None or value <= 0:
        return None
    approx, bound = _qualifiers(text, start)
    return Quantity(value, folded[start:end], start, end, "x", True, 0, approx, bound, "word")


#: A number word and "and a" before "half" or "quarter": a mixed number ("two and a half
#: times", "one and a half hours"), not a share.
_MIXED_BEFORE = re.compile(
    r"(?<![\w.-])("
    + "|".join(w for w, v in WORD_NUMBERS.items() if 0 < v < 20)
    + r")\s+and\s+a\s+$"
)


def _mixed_quantity(
    text: str, folded: str, mixed: re.Match[str], end: int, share: float
) -> Quantity | None:
    """The mixed number ``mixed`` ("two and a ") + the fraction word ending at ``end`` as
    one value (2.5), its unit the word after it ("times" -> x, "hours" -> h); None without
    a unit, as for a number word alone."""
    value = _WORD_NUMBERS[mixed.group(1)] + share / 100
    start = mixed.start(1)
    unit, physical, uend = _unit_after(text, end)
    if unit is None:
        return None
    approx, bound = _qualifiers(text, start)
    qend = uend if physical else end
    return Quantity(
        value, folded[start:qend], start, qend, unit, physical, 1, approx, bound, "word"
    )


def _fraction_quantity(
    text: str, folded: str, start: int, end: int, parts: tuple[str, ...], after_a: bool
) -> Quantity:
    """A fraction in words ("a fifth", "two thirds") at ``text[start:end]`` as an approximate
    share; ``after_a``: an "a " just before it, taken into the span."""
    frac = _FRACTIONS[parts[-1]]
    if len(parts) == 2 and parts[0] in _WORD_NUMBERS:
        frac *= _WORD_NUMBERS[parts[0]]
    q_start = start - 2 if after_a else start
    approx, bound = _qualifiers(text, q_start)
    return Quantity(frac, folded[q_start:end], q_start, end, "%", True, 0, True, bound, "fraction")


def _vague_quantity(folded: str, low: str, start: int, end: int, lo: float, hi: float) -> Quantity:
    """An order of magnitude ("millions", "dozens of runs") at ``folded[start:end]`` as the
    range ``lo``-``hi``, its unit the noun after "of" if any."""
    of = _OF_NOUN.match(low, end)
    unit = stem(of.group(1)) if of else None
    return Quantity(
        lo,
        folded[start:end],
        start,
        end,
        unit,
        False,
        0,
        True,
        None,
        "vague",
        range=(lo, hi),
        multiplier=lo,
    )


_OF_NUMBER = re.compile(
    r" (?:out )?of (?:\d|(?:" + "|".join(sorted(_WORD_NUMBERS, key=len, reverse=True)) + r")\b)"
)
_OF_NOUN = re.compile(r" of (?:the )?([a-z]+)")


def _word_one(text: str, folded: str, start: int, end: int) -> Quantity | None:
    """A capitalised "One" with a unit ("One participant"); lower-case "one" is mostly a
    pronoun ("the one subtask")."""
    unit, physical, uend = _unit_after(text, end)
    before = text[max(0, start - 5) : start].lower()
    if unit is None or before.endswith(("the ", "no ")) or unit in ("of",):
        return None
    if not text[start].isupper():
        return None
    approx, bound = _qualifiers(text, start)
    return Quantity(1.0, folded[start:end], start, end, unit, physical, 0, approx, bound, "word")


#: Between the two ends of a range: a hyphen or dash (folded to "-"), "to", "and" (after
#: "between"). "from 10 to 15" after a verb of change ("rose from 10 to 15") is no range.
_RANGE_GAP = re.compile(r"\s?-\s?|\s+(?:to|and|through)\s+")
_CHANGE_FROM = re.compile(
    r"\b(?:increas|decreas|rose|rise|rising|fell|fall|drop|grew|grow|"
    r"improv|reduc|declin|went|go|jump|climb|shr[iu]nk|rais|lower|cut|"
    r"chang|boost|shift|mov|doubl|halv)\w*\s+(?:\w+\s+){0,2}from\s+$"
)
_PLUS_MINUS = re.compile(r"\s?(?:±|\+/-|\+-)\s?")
_OF_GAP = re.compile(r"\s+(?:(?:out\s+)?of|in)\s+")
_LINKABLE = ("number", "percent", "word", "sci")
#: Any gap :func:`_link` acts on (one test for the many gaps it does not).
_LINK_GAP = re.compile(_PLUS_MINUS.pattern + "|" + _RANGE_GAP.pattern + "|" + _OF_GAP.pattern)


def _link(text: str, folded: str, qs: list[Quantity]) -> list[Quantity]:
    """Link neighbours: range endpoints, ``value ± u``, and "N of M" counts."""
    out = list(qs)
    for i in range(len(out) - 1):
        a, b = out[i], out[i + 1]
        if b.start - a.end > 10:
            continue  # most neighbours: nothing to link (checked first: fast)
        gap = text[a.end : b.start]
        if gap == " ":
            if (
                b.denominator
                and b.value < b.denominator
                and a.decimals == 0
                and a.unit is None
                and a.denominator is None
                and a.kind in _LINKABLE
                and b.kind in _LINKABLE
            ):
                # "2 1/2 hours", "2 ½ hours": a mixed number
                out[i + 1] = replace(
                    b,
                    value=a.value + b.value / b.denominator,
                    text=folded[a.start : b.end],
                    start=a.start,
                    denominator=None,
                    decimals=1,
                )
                out[i] = replace(a, kind="merged")
            continue
        if _LINK_GAP.fullmatch(gap) is None:
            continue
        if a.kind == "date" and b.kind == "number" and b.decimals == 0 and b.value <= 31:
            if _RANGE_GAP.fullmatch(gap) and b.value > a.value:
                out[i + 1] = replace(b, kind="date")  # "April 19-28"
            continue
        if a.kind not in _LINKABLE or b.kind not in _LINKABLE + ("uncertainty",):
            continue
        if _PLUS_MINUS.fullmatch(gap):
            out[i] = replace(_take_unit(a, b), uncertainty=b.value)
            out[i + 1] = replace(b, kind="uncertainty")
            continue
        m = _RANGE_GAP.fullmatch(gap)
        if m and a.range is None and a.denominator is None and b.denominator is None:
            word = gap.strip()
            if word == "and" and not _context_before(text, a.start, 9).rstrip().endswith("between"):
                m = None
            elif word == "-" and b.value < a.value:
                m = None  # "3-1" (a score) is no range
            elif word == "to" and _CHANGE_FROM.search(_context_before(text, a.start, 48)):
                m = None
            elif a.unit is not None and b.unit is not None and a.unit != b.unit:
                m = None
        if m:
            pair = (min(a.value, b.value), max(a.value, b.value))
            out[i] = replace(_take_unit(a, b), range=pair)
            out[i + 1] = replace(_take_unit(b, a), range=pair)
            continue
        if (
            _OF_GAP.fullmatch(gap)
            and a.decimals == 0
            and b.decimals == 0
            and a.unit is None
            and 0 < a.value <= b.value
            and a.kind != "percent"
            and not b.physical
        ):
            # "312 out of 1,250 patients": the part counts the whole's noun
            noun = b.unit if b.unit is not None and not b.physical else None
            out[i] = replace(a, denominator=b.value, unit=noun)
    return [q for q in out if q.kind != "merged"]


def _take_unit(a: Quantity, b: Quantity) -> Quantity:
    """``a`` with the unit of ``b`` when the unit is written once, after the second value
    ("30–40%", "10-15 mg/kg", "5.2 ± 0.3 kg", "3-5M"), or before the first ("pH 6.5-7.0")."""
    if a.unit is not None or b.unit is None:
        return a
    kind = "percent" if b.kind == "percent" and a.kind == "number" else a.kind
    if b.multiplier != 1.0 and a.multiplier == 1.0 and b.kind != "sci":
        a = replace(a, value=a.value * b.multiplier, multiplier=b.multiplier)
    return replace(a, unit=b.unit, physical=b.physical, kind=kind, points=a.points or b.points)


def is_missing_value(cell: str) -> bool:
    """True if a table cell says it holds no value: "n.d.", "N/A", "–", "—", "NR"...

    Args: cell: the cell's text as read (any case, surrounding space ignored).
    Returns: True for the marks in :data:`MISSING_VALUES` (after folding dashes).
    """
    token = " ".join(fold(cell).split()).lower()
    return token in MISSING_VALUES


def levels_agree(a: Quantity, b: Quantity) -> bool:
    """Both or neither an interval's level: "95% CI" names an interval, no reading of a
    value, nor a value one of it."""
    return (a.kind == "level") == (b.kind == "level")


def comparable(claim: Quantity, evidence: Quantity) -> bool:
    """True if the two quantities measure the same kind of thing (units agree).

    An interval's level ("95% CI") compares only with another level. Physical units must
    be equal; a physical unit never matches a count noun; a missing
    unit matches anything (table cells carry no unit); count nouns always compare (softly,
    "samples" vs "Proben"). Percent matches a unit-less number too, but not a count written
    with a multiplier ("8.1M", "380.5 million").
    """
    if not levels_agree(claim, evidence):
        return False
    if (claim.unit == "%") != (evidence.unit == "%") and has_multiplier(
        evidence if claim.unit == "%" else claim
    ):
        return False  # "8.1%" is no reading of "8.1M" (a count)
    if claim.unit is None or evidence.unit is None:
        return True
    if claim.physical and evidence.physical:
        return claim.unit == evidence.unit
    if claim.physical != evidence.physical:
        return claim.unit == "point" or evidence.unit == "point"
    return True


def has_multiplier(q: Quantity) -> bool:
    """True if ``q`` is written with a multiplier ("8.1M", "800k", "380.5 million")."""
    m = _NUM_RE.match(q.text.lstrip("~≈"))
    rest = q.text[m.end() :] if m else ""
    return rest[:1] in ("k", "K", "M", "B") or bool(_MULT_WORD_RE.match(rest))


def restate(claim: Quantity, evidence: Quantity) -> str:
    """The claim's span rewritten with the evidence value as the evidence writes it.

    The evidence's number and its scale ("81.1M", "81.1 million", "81,100,000") replace the
    claim's number and scale; the claim's own unit text after them is kept ("45%" against
    "41%" -> "41%"; "18.1M papers" against "81.1M" -> "81.1M papers"). A scale is never
    dropped nor borrowed: "18.1M" against "81.1M" is "81.1M", not "81.1"; "0.5 billion"
    against "500M" is "500M". When the evidence states the claimed value (``same_value``),
    the claim's own text is returned (a unit reading, not an error), unless the two write
    one unit with other SI prefixes ("1.5 µHz" against "1.5 mHz": the evidence's text).

    Args: claim, evidence: quantities as read by :func:`extract_quantities`.
    Returns: the corrected span text.
    """
    if same_value(claim, evidence):
        base = unit_base(claim.unit)
        if base is not None and claim.unit != evidence.unit and unit_base(evidence.unit) == base:
            return evidence.text  # "1.5 µHz" against "1.5 mHz": the prefix is what is wrong
        return claim.text
    value_text = _scaled_number(evidence.text)
    if value_text is None:
        return evidence.text
    # the claim's whole number, digits grouped with spaces too ("13 777", not "13"), with
    # its decimal comma ("84,6", not "84")
    num = _NUM_RE_COMMA if detect_decimal_comma(claim.text) else _NUM_RE
    m = _GROUPED_RE.match(claim.text) or num.match(claim.text)
    if m is None:
        return value_text
    end = m.end()
    mult = _MULT_RE.match(claim.text, end) or _MULT_WORD_RE.match(claim.text, end)
    return value_text + claim.text[mult.end() if mult else end :]


def _scaled_number(text: str) -> str | None:
    """The leading number of ``text`` with the multiplier written right after it ("81.1M",
    "380.5 million", "12 777": digits grouped with spaces), or None when ``text`` does not
    open with a number."""
    m = _GROUPED_RE.match(text) or _NUM_RE.match(text)
    if m is None:
        return None
    number, end = _torn_number(text, m.group(0), m.end()) or (m.group(0), m.end())
    mult = _MULT_RE.match(text, end) or _MULT_WORD_RE.match(text, end)
    return number + (text[end : mult.end()] if mult else "")


def same_count_noun(claim: Quantity, evidence: Quantity) -> bool | None:
    """True / False when both carry a count noun ("3 hard negatives" vs "2 hard ..."),
    None when either has no count noun (nothing to say)."""
    if (
        claim.unit is None
        or evidence.unit is None
        or claim.physical
        or evidence.physical
        or claim.unit == "point"
        or evidence.unit == "point"
    ):
        return None
    return claim.unit == evidence.unit


def same_value(claim: Quantity, evidence: Quantity) -> bool:
    """True if ``evidence`` states the value ``claim`` asserts.

    Rules: the evidence value rounded to the claim's written precision equals the claim
    (``60%`` ~ ``59.8%``, ``0.5`` ~ ``0.50``); an approximate claim ("about 0.7") accepts
    5 % relative error, a fraction in words ("two thirds") 10 % (a writer names a share by
    the nearest simple fraction: 62% is "two thirds"); a bounded claim ("fewer than a
    fifth") accepts any value inside the bound; a percent claim also matches a fraction
    ``0.598`` (x100).
    """
    c = claim.value
    candidates = [evidence.value]
    if claim.unit == "%" and evidence.unit != "%" and 0 < abs(evidence.value) <= 1:
        candidates.append(evidence.value * 100)
    for e in candidates:
        if claim.bound is not None:
            if (
                (claim.bound == ">" and e > c)
                or (claim.bound == ">=" and e >= c)
                or (claim.bound == "<" and e < c)
                or (claim.bound == "<=" and e <= c)
            ):
                return True
            continue
        if math.isclose(c, e, rel_tol=1e-9, abs_tol=1e-9):
            return True
        # precision at the written scale: "8.1M" is 8.1e6 give or take 5e4
        step = claim.step
        rounds = (
            claim.decimals > 0
            or claim.multiplier > 1
            or claim.approx
            or claim.kind in ("word", "fraction", "percent")
        )
        finer = (
            evidence.step < step * (1 - 1e-9)
            if e == evidence.value
            else evidence.decimals > claim.decimals
        )
        if rounds and abs(e - c) <= step / 2 * (1 + 1e-9) + 1e-9 and finer:
            return True
        if claim.kind == "fraction" and abs(e - c) <= 0.1 * abs(c):
            return True  # a share named by the nearest simple fraction: 62% is two thirds
        if claim.approx or claim.kind == "fraction":
            if abs(e - c) <= max(0.05 * abs(e), step / 2 + 1e-9):
                return True
    return False


_FIELDS = attrgetter(*[f.name for f in fields(Quantity)])


def moved(q: Quantity, start: int, end: int) -> Quantity:
    """``q`` at ``[start, end)`` instead, every other field kept: what
    ``dataclasses.replace(q, start=start, end=end)`` makes, in half its time (the index
    moves ~500 quantities per paper into the texts of its table rows)."""
    v = _FIELDS(q)
    return _quantity(v[0], v[1], start, end, *v[4:])


__all__ = [
    "CASE_UNITS",
    "MISSING_VALUES",
    "MONTHS",
    "Quantity",
    "UNITS",
    "approximation_start",
    "comparable",
    "detect_decimal_comma",
    "extract_quantities",
    "has_multiplier",
    "is_missing_value",
    "levels_agree",
    "moved",
    "restate",
    "same_count_noun",
    "same_value",
    "text_quantities",
    "unit_base",
]
