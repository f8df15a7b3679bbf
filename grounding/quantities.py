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
from collections.abc import Iterator
from dataclasses import dataclass

from grounding.lexicon import fold, stem

#: Canonical spellings of physical / typographic units. A unit found here is "physical":
#: it only matches the same unit. Any other noun after a number is a "count noun" unit
#: ("participants", "epochs") compared by stem, softly.
UNITS: dict[str, str] = {
    "%": "%", "percent": "%", "per cent": "%", "percentage points": "%", "pp": "%",
    "°c": "°C", "° c": "°C", "degc": "°C", "degrees celsius": "°C", "celsius": "°C",
    "°f": "°F", "k": "K", "kelvin": "K",
    "m": "m", "meter": "m", "meters": "m", "metre": "m", "metres": "m",
    "km": "km", "cm": "cm", "mm": "mm", "nm": "nm", "µm": "µm", "μm": "µm",
    "g": "g", "gram": "g", "grams": "g", "kg": "kg", "mg": "mg", "µg": "µg",
    "l": "L", "ml": "mL", "mol": "mol", "mmol": "mmol",
    "s": "s", "sec": "s", "second": "s", "seconds": "s", "ms": "ms", "min": "min",
    "minutes": "min", "minute": "min", "h": "h", "hour": "h", "hours": "h",
    "day": "day", "days": "day", "week": "week", "weeks": "week", "month": "month",
    "months": "month", "year": "year", "years": "year", "yr": "year", "gyr": "Gyr", "myr": "Myr",
    "hz": "Hz", "khz": "kHz", "mhz": "mHz", "ghz": "GHz",
    "pc": "pc", "kpc": "kpc", "mpc": "Mpc", "au": "AU", "m⊙": "Msun", "msun": "Msun",
    "gb": "GB", "mb": "MB", "tb": "TB", "kb": "kB",
    "x": "x", "×": "x", "times": "x", "fold": "x",
}

_MULTIPLIERS = {"k": 1e3, "K": 1e3, "M": 1e6, "B": 1e9}
_MULTIPLIER_WORDS = {"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12}
_MULT_WORD_RE = re.compile(r" (thousand|million|billion|trillion)\b", re.IGNORECASE)

_WORD_NUMBERS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60,
    "seventy": 70, "eighty": 80, "ninety": 90, "hundred": 100, "thousand": 1000,
}
_FRACTIONS = {"half": 50.0, "third": 100 / 3, "quarter": 25.0, "fifth": 20.0,
              "tenth": 10.0}
_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6,
             "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10}

_APPROX = ("about", "around", "approximately", "roughly", "nearly", "almost", "some",
           "~", "≈", "circa", "ca.", "approx.", "close to", "just under", "just over")
_BOUNDS = (("more than", ">"), ("over", ">"), ("above", ">"), ("greater than", ">"),
           ("exceeds", ">"), ("exceeding", ">"), ("higher than", ">"), ("at least", ">="),
           ("fewer than", "<"), ("less than", "<"), ("under", "<"), ("below", "<"),
           ("lower than", "<"), ("at most", "<="), ("up to", "<="), ("no more than", "<="),
           ("within", "<="))
_REF_WORDS = ("table", "tables", "figure", "figures", "fig", "fig.", "section", "sections",
              "sec", "sec.", "eq", "eq.", "equation", "appendix", "page", "p.", "pp.",
              "chapter", "line", "lines", "step", "stage", "algorithm", "alg.", "footnote",
              "version", "v", "layer", "row", "column", "ref", "refs")

# The leading lookahead changes no match; it lets the scan skip positions that cannot
# start a number before trying the alternatives (~30 % faster on page-long texts).
_NUM_RE = re.compile(
    r"(?=[-.\d])(?:-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[eE][-+]?\d+)?"
    r"|-?\.\d+)")
_NUM_RE_COMMA = re.compile(r"(?=[-\d])-?(?:\d{1,3}(?:\.\d{3})+|\d+)(?:,\d+)?")
#: "10^-4", "3 × 10^-5", "2.5x10^{9}": scientific notation written with a caret.
_SPACES = re.compile(r"\s+")
_DEGREE_RE = re.compile(r"\s?(°\s?[CFcf])\b")
_PHRASE_UNIT_RE = re.compile(r"(\s?-?\s?)(per cent|percentage points|degrees celsius)\b",
                             re.IGNORECASE)
_WORD_AFTER_RE = re.compile(r"(\s|-)?([A-Za-zµμ][A-Za-zµμ⊙]*)")
_NEXT_WORD_RE = re.compile(r"\s([A-Za-z]+)\b")
_ORDINAL_RE = re.compile(r"(st|nd|rd|th)\b")
_MULT_RE = re.compile(r"([kKMB])(?![A-Za-z0-9])")
_SCI_RE = re.compile(r"(?:(-?\d+(?:\.\d+)?)\s*[×x*]\s*)?10\s?\^\s?\{?([-+]?\d+)\}?")
_UNIT_AFTER = re.compile(r"\s?(%|°\s?[CFcf]|[A-Za-zµμ⊙°]+(?:⊙)?)")
_STOP_AFTER = frozenset(("of", "and", "or", "to", "vs", "versus", "in", "on", "at", "for",
                         "the", "a", "an", "with", "from", "by", "than", "is", "are", "was",
                         "were", "as", "per", "each", "more", "less", "that", "which"))
_NUMBER_VOCAB = sorted(set(_WORD_NUMBERS) | set(_FRACTIONS) | set(_ORDINALS), key=len,
                       reverse=True)
#: Only words that can be (part of) a spelled-out number: the loop below sees no others.
_WORD_RE = re.compile(r"(?<![A-Za-z-])(?:[A-Za-z]+-)?(?:" + "|".join(_NUMBER_VOCAB)
                      + r")(?:-[A-Za-z]+)?(?![A-Za-z])", re.IGNORECASE)
#: :data:`_WORD_RE` without IGNORECASE, for lower-cased text (see :func:`_number_words`).
_WORD_RE_LOWER = re.compile(_WORD_RE.pattern)


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
    "ref" (Table 2, [3], Section 4.3: a pointer, not a quantity).
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

    @property
    def checkable(self) -> bool:
        """True if this quantity can be confirmed or refuted by another text's numbers."""
        return self.kind not in ("ref", "rank", "year")


def detect_decimal_comma(text: str) -> bool:
    """Guess whether ``text`` writes decimals with a comma (``0,5``, ``1.250`` = 1250).

    Returns True when comma decimals (``\\d,\\d{1,2}`` not followed by a digit) outnumber
    point decimals; False for English text and when no decimals are present.
    """
    # Counts the matches of (?<![\d,.])\d+,\d{1,2}(?![\d,]) and of the same with '.': each
    # starts a maximal run of digits, commas and points, and a run holds at most one, so
    # one match attempt at the start of each run counts them (one scan of the text).
    comma = point = 0
    for run in _DIGIT_RUN.findall(text):
        if _COMMA_DECIMAL.match(run):
            comma += 1
        elif _POINT_DECIMAL.match(run):
            point += 1
    return comma > point


_DIGIT_RUN = re.compile(r"[\d,.]+")
_COMMA_DECIMAL = re.compile(r"\d+,\d{1,2}(?![\d,])")
_POINT_DECIMAL = re.compile(r"\d+\.\d{1,2}(?![\d.])")


def _glued_to_name(text: str, start: int, end: int) -> bool:
    """True if the digits at ``text[start:end]`` are part of a name (R1, Qwen-32B, o1-1217)."""
    before = text[start - 1] if start > 0 else " "
    if before.isalnum() or before in "@_/#$":
        return True
    if before == "-" and start >= 2 and (text[start - 2].isalnum()) and not text[start].isdigit():
        return True
    if before in "-–" and start >= 2 and text[start - 2].isalnum():
        return True
    after = text[end] if end < len(text) else " "
    if after in "@_" or (after == "-" and end + 1 < len(text) and text[end + 1].isdigit()
                         and start >= 1 and text[start - 1] not in " (["):
        return True
    return False


def _context_before(text: str, start: int, n: int = 24) -> str:
    return text[max(0, start - n):start].lower()


_APPROX_RE = re.compile(r"(?:^|[\s(])(?:" + "|".join(re.escape(a) for a in _APPROX)
                        + r")\s*$")
_BOUND_RE = re.compile(r"(?:^|[\s(])(" + "|".join(re.escape(p) for p, _ in _BOUNDS)
                       + r")\s*(?:a|an)?\s*$")
_BOUND_SYM = dict(_BOUNDS)
#: The last word of every qualifier phrase (and the "a" / "an" a bound may take): text
#: that ends in none of them cannot match :data:`_APPROX_RE` or :data:`_BOUND_RE`.
_QUALIFIER_ENDS = tuple({p.split()[-1] for p in _APPROX} | {p.split()[-1] for p, _ in _BOUNDS}
                        | {"a", "an"})


def _qualifiers(text: str, start: int) -> tuple[bool, str | None]:
    before = _context_before(text, start, 30)
    if not before.rstrip().endswith(_QUALIFIER_ENDS):
        return False, None          # cannot end in a qualifier: skip the two searches
    before = _SPACES.sub(" ", before)
    approx = _APPROX_RE.search(before) is not None
    m = _BOUND_RE.search(before)
    return approx, (_BOUND_SYM[m.group(1)] if m else None)


_REF_SET = frozenset(w.rstrip(".") for w in _REF_WORDS) - {"v"}


def _is_ref(text: str, start: int, end: int) -> bool:
    parts = _context_before(text, start, 14).split()
    last = parts[-1].strip("(") if parts else ""
    if last.rstrip(".") in _REF_SET or (last.endswith("s") and last[:-1] in _REF_SET):
        return True
    if start > 0 and text[start - 1] == "[":
        return True
    return False


def _unit_after(text: str, end: int) -> tuple[str | None, bool, int]:
    """Unit written right after a number ending at ``end``: (unit, physical, new_end)."""
    rest = text[end:end + 40]
    if rest.startswith("%"):
        return "%", True, end + 1
    # every unit pattern below starts with a letter, '°', 'µ'/'μ' or '-', at most one
    # whitespace character in: a number followed by anything else has no unit (most table
    # cells: "84.2 85.1")
    lead = rest[1:2] if rest[:1].isspace() else rest[:1]
    if not lead or not (lead.isalpha() or lead in "°-"):
        return None, False, end
    m = _DEGREE_RE.match(rest)
    if m:
        return UNITS.get(m.group(1).lower().replace(" ", ""), m.group(1)), True, end + m.end()
    m = _PHRASE_UNIT_RE.match(rest)
    if m:
        return UNITS[m.group(2).lower()], True, end + m.end()
    m = _WORD_AFTER_RE.match(rest)
    if not m:
        return None, False, end
    word = m.group(2)
    low = word.lower()
    if m.group(1) is None and low not in UNITS and low not in ("k", "m", "b"):
        return None, False, end   # glued letters that are not a unit: part of a name
    if low in UNITS:
        return UNITS[low], True, end + m.end()
    if low.endswith("ed") and len(low) > 4:
        nxt = _NEXT_WORD_RE.match(rest[m.end():])
        if nxt and nxt.group(1).lower() not in _STOP_AFTER:
            # "132 enrolled patients": the counted noun follows the participle
            return stem(nxt.group(1).lower()), False, end + m.end() + nxt.end()
    if low in _WORD_NUMBERS or low in _STOP_AFTER or low in ("points", "point"):
        if low in ("points", "point"):
            return "point", False, end + m.end()
        return None, False, end
    return stem(low), False, end + m.end()


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


def extract_quantities(text: str, decimal_comma: bool | None = None) -> list[Quantity]:
    """Every quantity written in ``text``, in order of position.

    Args: text: any text; minus variants and ligatures are folded first, so offsets refer to
          ``fold(text)`` (equal to ``text`` unless it held ligatures or NFKC-changed chars).
          decimal_comma: True for ``0,5`` decimals; None guesses with
          :func:`detect_decimal_comma`.
    Returns: list of :class:`Quantity`, ``kind`` telling refs, years and ranks apart.
    Raises: nothing; text without numbers gives [].
    """
    text = fold(text)
    if decimal_comma is None:
        decimal_comma = detect_decimal_comma(text)
    pattern = _NUM_RE_COMMA if decimal_comma else _NUM_RE
    out: list[Quantity] = []
    sci_spans: list[tuple[int, int]] = []
    # every scientific-notation match holds a caret: skip the scan of texts without one
    for m in (_SCI_RE.finditer(text) if "^" in text else ()):
        mant = float(m.group(1)) if m.group(1) else 1.0
        value = mant * 10.0 ** int(m.group(2))
        unit, physical, uend = _unit_after(text, m.end())
        qend = uend if physical else m.end()
        approx, bound = _qualifiers(text, m.start())
        out.append(Quantity(value, text[m.start():qend], m.start(), qend, unit, physical,
                            0, approx, bound, "sci"))
        sci_spans.append((m.start(), qend))
    for m in pattern.finditer(text):
        start, end = m.span()
        if sci_spans and any(a <= start < b for a, b in sci_spans):
            continue
        raw = m.group(0)
        if raw.startswith("-") and start > 0 and (text[start - 1].isalnum() or text[start - 1] in ")]"):
            start += 1
            raw = raw[1:]
        if _glued_to_name(text, start, end):
            continue
        parsed = _parse_number(raw, decimal_comma)
        if parsed is None:
            continue
        value, decimals = parsed
        kind = "number"
        after = text[end:end + 3]
        ordinal = _ORDINAL_RE.match(after)
        if ordinal:
            out.append(Quantity(value, text[start:end + ordinal.end()], start,
                                end + ordinal.end(), kind="rank"))
            continue
        mult = _MULT_RE.match(after)
        if mult:
            value *= _MULTIPLIERS[mult.group(1)]
            end += 1
        else:
            word = _MULT_WORD_RE.match(text, end)      # "380.5 million" = "380.5M"
            if word:
                value *= _MULTIPLIER_WORDS[word.group(1).lower()]
                end = word.end()
        unit, physical, uend = _unit_after(text, end)
        if unit is None and end < len(text) and text[end].isalpha() and not mult:
            continue                                  # "3D", "2x2" names
        approx, bound = _qualifiers(text, start)
        if _is_ref(text, start, end):
            kind = "ref"
        elif unit == "%":
            kind = "percent"
        elif (decimals == 0 and 1900 <= value <= 2099 and not physical
              and len(raw) == 4 and raw.isdigit()):
            kind = "year"
        qend = uend if physical else end
        out.append(Quantity(value, text[start:qend], start, qend, unit, physical, decimals,
                            approx, bound, kind))
    out.extend(_word_quantities(text, {(q.start, q.end) for q in out}))
    out.sort(key=lambda q: q.start)
    return out


def _number_words(text: str) -> Iterator[re.Match[str]]:
    """The matches of :data:`_WORD_RE` in ``text`` (spans index ``text``).

    Case-insensitive matching is ~3x slower than a plain one, so when lower-casing keeps
    every offset (same length) and ``text`` has none of the two non-ASCII letters that
    ``re.IGNORECASE`` equates with an ASCII one ('ı' ~ 'i', 'ſ' ~ 's'; every other char
    matches ``[A-Za-z]`` case-insensitively exactly when its lower case is an ASCII letter),
    the case-sensitive pattern runs on ``text.lower()``: the same spans.
    """
    low = text.lower()
    if len(low) == len(text) and "\u0131" not in text and "\u017f" not in text:
        return _WORD_RE_LOWER.finditer(low)
    return _WORD_RE.finditer(text)


def _word_quantities(text: str, taken: set[tuple[int, int]]) -> list[Quantity]:
    out: list[Quantity] = []
    for m in _number_words(text):
        word = m.group(0).lower()
        start, end = m.span()
        parts = word.split("-")
        prev = text[max(0, start - 3):start].lower()
        if parts[-1] in _FRACTIONS and (parts[0] in ("a", "one", "two", "three") or
                                        prev.endswith("a ") or word == "half"):
            frac = _FRACTIONS[parts[-1]]
            if len(parts) == 2 and parts[0] in _WORD_NUMBERS:
                frac *= _WORD_NUMBERS[parts[0]]
            q_start = start - 2 if prev.endswith("a ") else start
            approx, bound = _qualifiers(text, q_start)
            out.append(Quantity(frac, text[q_start:end], q_start, end, "%", True, 0, True,
                                bound, "fraction"))
            continue
        if all(p in _WORD_NUMBERS for p in parts) and word not in ("one",):
            value = float(sum(_WORD_NUMBERS[p] for p in parts))
            unit, physical, uend = _unit_after(text, end)
            if unit is None:
                continue
            approx, bound = _qualifiers(text, start)
            kind = "percent" if unit == "%" else "word"
            out.append(Quantity(value, text[start:uend if physical else end], start,
                                uend if physical else end, unit, physical, 0, approx, bound,
                                kind))
        elif word == "one":
            unit, physical, uend = _unit_after(text, end)
            before = text[max(0, start - 5):start].lower()
            if unit is None or before.endswith(("the ", "no ")) or unit in ("of",):
                continue
            if not text[start].isupper():
                continue   # lower-case "one" is mostly a pronoun ("the one subtask")
            approx, bound = _qualifiers(text, start)
            out.append(Quantity(1.0, text[start:end], start, end, unit, physical, 0, approx,
                                bound, "word"))
        elif word in _ORDINALS and word not in ("second",) :
            continue
    return out


def comparable(claim: Quantity, evidence: Quantity) -> bool:
    """True if the two quantities measure the same kind of thing (units agree).

    Physical units must be equal; a physical unit never matches a count noun; a missing
    unit matches anything (table cells carry no unit); count nouns always compare (softly,
    "samples" vs "Proben"). Percent matches a unit-less number too, but not a count written
    with a multiplier ("8.1M", "380.5 million").
    """
    if (claim.unit == "%") != (evidence.unit == "%") and has_multiplier(
            evidence if claim.unit == "%" else claim):
        return False            # "8.1%" is no reading of "8.1M" (a count)
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
    rest = q.text[m.end():] if m else ""
    return rest[:1] in ("k", "K", "M", "B") or bool(_MULT_WORD_RE.match(rest))


def same_count_noun(claim: Quantity, evidence: Quantity) -> bool | None:
    """True / False when both carry a count noun ("3 hard negatives" vs "2 hard ..."),
    None when either has no count noun (nothing to say)."""
    if (claim.unit is None or evidence.unit is None or claim.physical or evidence.physical
            or claim.unit == "point" or evidence.unit == "point"):
        return None
    return claim.unit == evidence.unit


def same_value(claim: Quantity, evidence: Quantity) -> bool:
    """True if ``evidence`` states the value ``claim`` asserts.

    Rules: the evidence value rounded to the claim's written precision equals the claim
    (``60%`` ~ ``59.8%``, ``0.5`` ~ ``0.50``); an approximate claim ("about 0.7") accepts
    5 % relative error; a bounded claim ("fewer than a fifth") accepts any value inside the
    bound; a percent claim also matches a fraction ``0.598`` (x100).
    """
    c = claim.value
    candidates = [evidence.value]
    if claim.unit == "%" and evidence.unit != "%" and 0 < abs(evidence.value) <= 1:
        candidates.append(evidence.value * 100)
    for e in candidates:
        if claim.bound is not None:
            if ((claim.bound == ">" and e > c) or (claim.bound == ">=" and e >= c)
                    or (claim.bound == "<" and e < c) or (claim.bound == "<=" and e <= c)):
                return True
            continue
        if math.isclose(c, e, rel_tol=1e-9, abs_tol=1e-9):
            return True
        step = 10.0 ** (-claim.decimals)
        rounds = claim.decimals > 0 or claim.approx or claim.kind in ("word", "fraction",
                                                                       "percent")
        if rounds and abs(e - c) <= step / 2 + 1e-9 and evidence.decimals > claim.decimals:
            return True
        if claim.approx or claim.kind == "fraction":
            if abs(e - c) <= max(0.05 * abs(e), step / 2 + 1e-9):
                return True
    return False


__all__ = ["Quantity", "UNITS", "comparable", "detect_decimal_comma", "extract_quantities",
           "has_multiplier", "same_count_noun", "same_value"]
