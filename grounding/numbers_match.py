"""Does a claimed number agree with the numbers the evidence states?

Pure functions, no I/O. A :class:`Claim` is a quantity with the bound the sentence puts on
it (exact, "about", "more than", "at most", "between a and b") and its scope over the
evidence values (one of them, all of them -- "every group", "in both arms", "never
exceeded" --, their minimum or maximum -- "as low as", "the highest"). :func:`match`
compares it with evidence quantities and answers agree, disagree (naming the evidence value
that refutes it: the correction) or not comparable (no evidence value of that kind, or one
the claim can neither be confirmed nor refuted by, such as a point inside a range).

Rules:

- Precision: an exact claim agrees with an evidence value that rounds to it at the claim's
  written precision when the claim is written with decimals, as a percent, in words or
  "about" (79.9 ~ 79.94, 80% ~ 79.94%); a bare integer does not round (16 hours vs 16.04).
  "About" also accepts 5 % relative error. Bounds are strict as written: "above 85%" is
  refuted by 85%.
- Kinds: a percent claim meets a fraction (45% ~ 0.45) and a part of a whole (60% ~ 3/5);
  percentage points and percent never compare; a multiplier is a scale, not a unit
  (380.5 million ~ 380.5M); fold words and "times" are one unit (5 times ~ fivefold); a
  small set of physical units convert (ms ~ s, mg ~ g, MeV ~ GeV, nM ~ µM, MB ~ GB); other
  physical units compare only with themselves, and a count noun only with the same noun or
  a bare number. A claim with a unit or counted noun is refuted only by a value of its own
  kind: a bare number may measure something else, so it can confirm, never refute (a bare
  fraction 0-1 is typed for a percent claim); when both kinds are present, only the typed
  values are read. The day in a date ("March 16") compares only with dates.
- Ranges: an evidence range is one value set [low, high]; a claim's own range ("30-40%")
  agrees only with the same endpoints, or, under "all"/"between", with a range inside it.
- Orders of magnitude ("hundreds", "millions"): agree with a value in [low, high).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from grounding.lexicon import content_terms, fold
from grounding.quantities import Quantity, extract_quantities, has_multiplier, levels_agree
from grounding.sentences import split_sentences

__all__ = [
    "Bound",
    "Claim",
    "NumberMatch",
    "Scope",
    "Verdict",
    "match",
    "match_text",
    "read_claims",
]


class Verdict(str, Enum):
    """What the evidence says about a claimed number."""

    AGREE = "agree"
    DISAGREE = "disagree"
    NOT_COMPARABLE = "not_comparable"


class Bound(str, Enum):
    """How a claim constrains the value: exactly, about, strictly or not above / below, or
    inside ``[Claim.low, Claim.high]``."""

    EXACT = "exact"
    ABOUT = "about"
    GT = ">"
    GE = ">="
    LT = "<"
    LE = "<="
    BETWEEN = "between"


class Scope(str, Enum):
    """Which evidence values the bound speaks of: one of them, all, the least, the most."""

    ONE = "one"
    ALL = "all"
    MIN = "min"
    MAX = "max"


@dataclass(frozen=True, slots=True)
class Claim:
    """A claimed quantity with its bound and scope.

    quantity: as read by :func:`grounding.quantities.extract_quantities` (value, unit,
    precision). bound, scope: see :class:`Bound`, :class:`Scope`. low, high: the interval of
    a BETWEEN claim (claim units), else None.
    """

    quantity: Quantity
    bound: Bound = Bound.EXACT
    scope: Scope = Scope.ONE
    low: float | None = None
    high: float | None = None


@dataclass(frozen=True, slots=True)
class NumberMatch:
    """The answer of :func:`match`.

    evidence: the evidence quantity that decided (the refuting value when DISAGREE: the
    correction; for a range, its low end). correction: the evidence as the paper writes
    it ("41%", "-80 to -20 °C"), set when DISAGREE. reason: one line, for a rationale.
    """

    verdict: Verdict
    claim: Claim
    evidence: Quantity | None = None
    correction: str | None = None
    reason: str = ""


# --- reading a claim's bound and scope from its sentence -----------------------------------

_SIGNS = {">": Bound.GT, ">=": Bound.GE, "<": Bound.LT, "<=": Bound.LE}
_ALL_RE = re.compile(
    r"\b(?:all|every|each|both|always|consistently|throughout|"
    r"none of the|no (?:group|arm|sample|run|model|value))\b",
    re.IGNORECASE,
)
_BEFORE_RULES: tuple[tuple[re.Pattern[str], Bound, Scope | None], ...] = tuple(
    (re.compile(p + r"\s*$", re.IGNORECASE), b, s)
    for p, b, s in (
        (
            r"\bnever\s+(?:exceed\w*|surpass\w*|(?:rose|went|got|was)\s+(?:above|over))",
            Bound.LE,
            Scope.ALL,
        ),
        (r"\bnever\s+(?:fell|dropped|went|was)\s+(?:below|under)", Bound.GE, Scope.ALL),
        (r"\b(?:exceeded|surpassed|topped|outnumbered)", Bound.GT, None),
        (r"\bas\s+(?:low|little|few|short|small)\s+as", Bound.EXACT, Scope.MIN),
        (r"\bas\s+(?:high|much|many|long|large)\s+as", Bound.EXACT, Scope.MAX),
        (
            r"\b(?:reached|reaching|peaked\s+at|peak\s+of|maximum\s+of|max\.?\s+of|up\s+to)",
            Bound.EXACT,
            Scope.MAX,
        ),
        (r"\b(?:minimum\s+of|min\.?\s+of|as\s+early\s+as)", Bound.EXACT, Scope.MIN),
    )
)
#: "The highest energy was 13.0 TeV": a superlative, then (no other number between) the
#: value after a linking word. "The lower 95% interval", "from (1) and (2) was 714" are not.
_EXTREME_RE = re.compile(
    r"\b(?:(?P<max>maximum|max\.?|highest|largest|greatest|peak|longest)|"
    r"(?P<min>minimum|lowest|smallest|least|shortest))\b[^\d]{0,50}?"
    r"\b(?:was|were|is|are|of|at|reached|reaches|=|:)\s*(?:about\s+|approximately\s+|~)?$",
    re.IGNORECASE,
)


def read_claims(sentence: str) -> list[Claim]:
    """The checkable numbers of ``sentence``, each with its bound and scope.

    A written range ("30-40%", "between 80% and 90%") gives one BETWEEN claim, a part of a
    whole ("3 of 5", "1 in 4") one claim on the part; a ``±`` uncertainty, references,
    years and ranks give none.
    Args: sentence: one sentence of an answer (offsets of the quantities index
          ``fold(sentence)``).
    Returns: claims in order of position. Raises: nothing.
    """
    text = fold(sentence)
    out: list[Claim] = []
    qs = extract_quantities(sentence)
    for i, q in enumerate(qs):
        if not (q.checkable or q.kind == "vague") or q.kind == "uncertainty":
            continue
        if i > 0 and qs[i - 1].denominator == q.value and q.start - qs[i - 1].end <= 8:
            continue  # the whole of "3 of 5": read with its part
        if q.range is not None and q.kind != "vague":
            if i > 0 and qs[i - 1].range == q.range:
                continue  # the range's second end
            scope = Scope.ALL if _ALL_RE.search(text) else Scope.ONE
            out.append(Claim(q, Bound.BETWEEN, scope, q.range[0], q.range[1]))
            continue
        out.append(_claim(text, q))
    return out


def _claim(text: str, q: Quantity) -> Claim:
    before = text[max(0, q.start - 40) : q.start]
    bound = _SIGNS.get(q.bound or "", Bound.ABOUT if q.approx else Bound.EXACT)
    scope: Scope | None = None
    for pattern, b, s in _BEFORE_RULES:
        if pattern.search(before):
            bound = b  # "up to 200°C": the most reached is 200, not "<= 200"
            scope = s
            break
    if scope is None:
        extreme = _EXTREME_RE.search(text, max(0, q.start - 80), q.start)
        if _ALL_RE.search(text):
            scope = Scope.ALL if bound not in (Bound.EXACT, Bound.ABOUT) else Scope.ONE
        elif extreme and bound in (Bound.EXACT, Bound.ABOUT):
            scope = Scope.MAX if extreme.group("max") else Scope.MIN
        else:
            scope = Scope.ONE
    return Claim(q, bound, scope)


# --- units ---------------------------------------------------------------------------------

_SCALES: dict[str, tuple[str, float]] = {}
for _dim, _units in (
    (
        "time",
        {
            "ns": 1e-9,
            "µs": 1e-6,
            "ms": 1e-3,
            "s": 1.0,
            "min": 60.0,
            "h": 3600.0,
            "day": 86400.0,
            "week": 604800.0,
        },
    ),
    ("length", {"nm": 1e-9, "µm": 1e-6, "mm": 1e-3, "cm": 1e-2, "m": 1.0, "km": 1e3}),
    ("mass", {"pg": 1e-12, "ng": 1e-9, "µg": 1e-6, "mg": 1e-3, "g": 1.0, "kg": 1e3}),
    ("volume", {"µL": 1e-6, "mL": 1e-3, "L": 1.0}),
    ("energy", {"meV": 1e-3, "eV": 1.0, "keV": 1e3, "MeV": 1e6, "GeV": 1e9, "TeV": 1e12}),
    ("frequency", {"Hz": 1.0, "kHz": 1e3, "MHz": 1e6, "GHz": 1e9, "THz": 1e12}),
    ("bytes", {"kB": 1e3, "MB": 1e6, "GB": 1e9, "TB": 1e12, "PB": 1e15}),
    ("molar", {"pM": 1e-12, "nM": 1e-9, "µM": 1e-6, "mM": 1e-3, "M": 1.0}),
    ("power", {"µW": 1e-6, "mW": 1e-3, "W": 1.0, "kW": 1e3, "MW": 1e6, "GW": 1e9}),
    ("pressure", {"Pa": 1.0, "kPa": 1e3, "MPa": 1e6, "GPa": 1e9}),
):
    for _u, _f in _units.items():
        _SCALES[_u] = (_dim, _f)


def _factors(claim: Quantity, ev: Quantity) -> list[float] | str:
    """Factors that put ``ev``'s value in ``claim``'s units (several when a bare number may
    be a fraction of a percent), or the reason the two do not compare."""
    c, e = claim, ev
    if (c.kind == "date") != (e.kind == "date"):
        return "a date and a quantity do not compare"
    if c.points != e.points and c.unit == "%" and e.unit == "%":
        return "percentage points and percent do not compare"
    if (c.unit == "%") != (e.unit == "%") and has_multiplier(e if c.unit == "%" else c):
        return "a percent and a count do not compare"
    if c.unit == e.unit or e.unit is None and c.unit != "%" or c.unit is None and e.unit != "%":
        return [1.0]
    if c.unit == "%" and e.unit is None:
        return [1.0, 100.0] if 0 < abs(e.value) <= 1 else [1.0]
    if e.unit == "%" and c.unit is None:
        return [1.0, 0.01] if 0 < abs(c.value) <= 1 else [1.0]
    if c.unit is not None and e.unit is not None and c.unit in _SCALES and e.unit in _SCALES:
        (cd, cf), (ed, ef) = _SCALES[c.unit], _SCALES[e.unit]
        if cd == ed:
            return [ef / cf]
    if c.physical or e.physical:
        return f"units differ ({c.unit} vs {e.unit})"
    if c.unit == "point" or e.unit == "point":
        return [1.0]
    return f"counts of different things ({c.unit} vs {e.unit})"


# --- comparing ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Value:
    """One evidence value in claim units: a point (low == high) or a written range."""

    low: float
    high: float
    source: Quantity
    text: str
    weak: bool = False


def _rounds(q: Quantity) -> bool:
    return q.decimals > 0 or q.approx or q.kind in ("word", "fraction", "percent")


def _equal(claim: Claim, v: float, ev: Quantity) -> bool:
    q = claim.quantity
    c = q.value
    if math.isclose(c, v, rel_tol=1e-9, abs_tol=1e-12):
        return True
    half = q.step / 2 * (1 + 1e-9)
    if _rounds(q) and abs(v - c) <= half and ev.step <= q.step * (1 + 1e-9):
        return True
    if claim.bound == Bound.ABOUT or q.kind == "fraction":
        # "about 20" is a round number: up to 10 % off (18.7 is "about 20 times")
        rel = 0.1 if q.kind == "fraction" or (q.decimals == 0 and c != 0 and c % 10 == 0) else 0.05
        return abs(v - c) <= max(rel * abs(v), half)
    return False


def _holds(claim: Claim, v: float, ev: Quantity) -> bool:
    """Whether the point value ``v`` (claim units) satisfies the claim's bound."""
    c = claim.quantity.value
    b = claim.bound
    if b in (Bound.EXACT, Bound.ABOUT):
        return _equal(claim, v, ev)
    if b == Bound.GT:
        return v > c
    if b == Bound.GE:
        return v >= c or _equal(claim, v, ev)
    if b == Bound.LT:
        return v < c
    if b == Bound.LE:
        return v <= c or _equal(claim, v, ev)
    assert claim.low is not None and claim.high is not None
    return claim.low <= v <= claim.high


def _on_value(claim: Claim, val: _Value) -> bool | None:
    """True / False when ``val`` satisfies / refutes the claim; None when it cannot say
    (part of a range satisfies a bound; an exact point inside a range)."""
    if val.low == val.high:
        if claim.quantity.kind == "vague":
            lo, hi = claim.quantity.range or (claim.quantity.value, math.inf)
            return lo <= val.low < hi
        return _holds(claim, val.low, val.source)
    if claim.bound == Bound.BETWEEN and claim.quantity.range is not None:
        same = (
            _equal(claim, val.low, val.source)
            if claim.low == claim.quantity.value
            else math.isclose(val.low, claim.low or 0.0)
        )
        ends = math.isclose(
            val.low, claim.low or 0.0, abs_tol=claim.quantity.step / 2
        ) and math.isclose(val.high, claim.high or 0.0, abs_tol=claim.quantity.step / 2)
        if ends or (same and claim.scope == Scope.ALL):
            return True
        if claim.scope == Scope.ALL:
            return (claim.low or 0.0) <= val.low and val.high <= (claim.high or 0.0)
        return False
    if (
        val.source.bound is not None
        and _side(claim) is not None
        and _side(claim) == _SIDE.get(val.source.bound)
    ):
        # "over 4,000" against "over 40,000", "up to 250°C" against "up to 200°C": the
        # sentence restates the paper's bound, which holds only with the paper's number
        edge = val.high if math.isinf(val.low) else val.low
        return _equal(claim, edge, val.source) or math.isclose(
            edge, claim.quantity.value, rel_tol=1e-9
        )
    if val.source.bound is not None and claim.bound in (Bound.EXACT, Bound.ABOUT):
        # "for 18 months" against ">18 months": the bound itself, or a point the bound allows,
        # is neither stated nor refuted; a point the bound excludes is refuted
        edge = val.high if math.isinf(val.low) else val.low
        if _equal(claim, edge, val.source) or val.low <= claim.quantity.value <= val.high:
            return None
        return False
    low_ok, high_ok = _holds(claim, val.low, val.source), _holds(claim, val.high, val.source)
    if low_ok and high_ok:
        return True
    if claim.bound in (Bound.EXACT, Bound.ABOUT):
        return None if val.low <= claim.quantity.value <= val.high else False
    if not low_ok and not high_ok:
        return False
    return None


_SIDE = {"<": "upper", "<=": "upper", ">": "lower", ">=": "lower"}


def _side(claim: Claim) -> str | None:
    """Which side the claim's written bound word limits ("up to", "at most": upper; "over",
    "at least": lower), None for a claim written without one."""
    return _SIDE.get(claim.quantity.bound or "")


def _values(claim: Claim, evidence: Sequence[Quantity]) -> tuple[list[list[_Value]], str]:
    """Evidence values that compare with the claim, each as its alternative readings in
    claim units; and, when none compares, the reason."""
    out: list[list[_Value]] = []
    reason = "no number in the evidence"
    seen_ranges: set[tuple[float, float]] = set()
    for e in evidence:
        if not e.checkable or e.kind == "uncertainty":
            continue
        if not levels_agree(claim.quantity, e):
            continue
        shares = _shares(claim.quantity, e)
        if shares and e.denominator and claim.quantity.denominator:
            out.append(shares)  # two parts of wholes: compare the ratios
            continue
        factors = _factors(claim.quantity, e)
        if isinstance(factors, str):
            reason = factors
            if shares:
                out.append(shares)
            continue
        weak = _untyped(claim.quantity, e)
        if e.range is not None:
            if e.range in seen_ranges:
                continue
            seen_ranges.add(e.range)
            text = _range_text(e, evidence)
            out.append([_Value(e.range[0] * f, e.range[1] * f, e, text, weak) for f in factors])
            continue
        out.append(shares + [_bounded(e.value * f, e, weak) for f in factors])
    if any(g[0].weak for g in out) and any(not g[0].weak for g in out):
        out = [g for g in out if not g[0].weak]  # values of the claim's own kind come first
    return out, reason


def _bounded(v: float, e: Quantity, weak: bool) -> _Value:
    """The value ``v`` of ``e``, as the interval its bound leaves ("fewer than 10%": below
    10, open at 10; "at least 5": 5 and above)."""
    if e.bound == "<":
        return _Value(-math.inf, math.nextafter(v, -math.inf), e, e.text, weak)
    if e.bound == "<=":
        return _Value(-math.inf, v, e, e.text, weak)
    if e.bound == ">":
        return _Value(math.nextafter(v, math.inf), math.inf, e, e.text, weak)
    if e.bound == ">=":
        return _Value(v, math.inf, e, e.text, weak)
    return _Value(v, v, e, e.text, weak)


def _untyped(claim: Quantity, e: Quantity) -> bool:
    """True if ``e`` may be some other quantity than the claim's: one of the two names a unit
    or counted noun and the other is a bare number (a bare fraction 0-1 is typed for a
    percent claim), or the claim is a date. Such a value can confirm the claim, never
    refute it."""
    if claim.kind == "date":
        return True  # "On May 15" and "March 10": often different events
    if claim.kind == "vague" and e.unit is None:
        return True  # "thousands of" against a footnote mark "2"
    if claim.unit == e.unit:
        return False
    if claim.unit is None:
        return True  # "age 55" is no reading of "53%"
    if e.unit is not None:
        return False  # converted (ms vs s): typed
    return not (claim.unit == "%" and 0 < abs(e.value) <= 1 and e.decimals > 0)


def _shares(claim: Quantity, e: Quantity) -> list[_Value]:
    """A part of a whole read as a percent, or a percent as a count of the claim's whole:
    "60%" vs "3/5 runs" -> 60; "3 of 5 runs" vs "60%" -> 3; "3/5" vs "6/10" -> 3."""
    if e.denominator and claim.denominator:
        share = e.value / e.denominator * claim.denominator
        return [_Value(share, share, e, e.text)]
    if e.denominator and claim.unit == "%" and not claim.points:
        share = 100.0 * e.value / e.denominator
        return [_Value(share, share, e, e.text)]
    if claim.denominator and e.unit == "%" and not e.points:
        share = e.value * claim.denominator / 100.0
        return [_Value(share, share, e, e.text)]
    return []


def _range_text(e: Quantity, evidence: Sequence[Quantity]) -> str:
    ends = [q for q in evidence if q.range == e.range]
    return f"{ends[0].text} to {ends[-1].text}" if len(ends) >= 2 else e.text


def match(claim: Claim, evidence: Sequence[Quantity]) -> NumberMatch:
    """Compare a claimed quantity with the evidence's quantities.

    Args: claim: see :class:`Claim` (:func:`read_claims` builds them from a sentence).
          evidence: quantities from the evidence text or table cells (any order; range
          endpoints and ``±`` terms linked as :func:`extract_quantities` links them).
    Returns: NumberMatch; AGREE when the evidence values that compare satisfy the claim
        (one of them for scope ONE, every one for ALL, the least / most for MIN / MAX);
        DISAGREE with the refuting value as ``evidence`` and ``correction``;
        NOT_COMPARABLE when no evidence value compares, or the ones that do can neither
        confirm nor refute (a point claim inside an evidence range).
    Raises: nothing.
    """
    groups, reason = _values(claim, evidence)
    if not groups:
        return NumberMatch(Verdict.NOT_COMPARABLE, claim, reason=reason)
    same = _same_bound(claim, groups)
    if same is not None:
        return _agreed(claim, same, "the evidence states the same bound")
    if claim.scope in (Scope.MIN, Scope.MAX):
        return _extreme(claim, groups)
    results = [(_best(claim, g), g) for g in groups]
    if claim.scope == Scope.ALL:
        for ok, g in results:
            if ok is False and not g[0].weak:
                return _refuted(claim, g[0], "not every value satisfies the claim")
        if all(ok for ok, _ in results):
            return _agreed(claim, results[0][1][0], "every value satisfies the claim")
        return NumberMatch(Verdict.NOT_COMPARABLE, claim, reason="a range only partly inside")
    for ok, g in results:
        if ok:
            return _agreed(claim, g[0], "the evidence states it")
    if any(ok is None for ok, _ in results):
        return NumberMatch(
            Verdict.NOT_COMPARABLE, claim, reason="inside a range the evidence gives, not stated"
        )
    if all(g[0].weak for _, g in results):
        return NumberMatch(
            Verdict.NOT_COMPARABLE,
            claim,
            reason="only bare numbers, which may measure something else",
        )
    nearest = min(
        (g[0] for _, g in results if not g[0].weak),
        key=lambda v: min(abs(v.low - claim.quantity.value), abs(v.high - claim.quantity.value)),
    )
    return _refuted(claim, nearest, "no evidence value satisfies the claim")


def _same_bound(claim: Claim, groups: list[list[_Value]]) -> _Value | None:
    """The evidence value written with the claim's own bound word side and number ("up to
    500 ppm" in both), whatever else the passage gives: a sentence that restates the
    paper's bound is not refuted by the passage's other values."""
    side = _side(claim)
    if side is None:
        return None
    for g in groups:
        for v in g:
            if _SIDE.get(v.source.bound or "") == side and not v.weak:
                edge = v.high if math.isinf(v.low) else v.low
                if _equal(claim, edge, v.source) or math.isclose(
                    edge, claim.quantity.value, rel_tol=1e-9
                ):
                    return v
    return None


def _best(claim: Claim, readings: list[_Value]) -> bool | None:
    """True if any reading satisfies the claim, else None if any cannot say, else False."""
    verdicts = [_on_value(claim, v) for v in readings]
    if any(v is True for v in verdicts):
        return True
    return None if any(v is None for v in verdicts) else False


def _extreme(claim: Claim, groups: list[list[_Value]]) -> NumberMatch:
    first = [g[0] for g in groups]
    # a bounded evidence value ("over 99%") counts at its written edge
    if claim.scope == Scope.MIN:
        val = min(first, key=lambda v: v.high if math.isinf(v.low) else v.low)
        edge = val.high if math.isinf(val.low) else val.low
    else:
        val = max(first, key=lambda v: v.low if math.isinf(v.high) else v.high)
        edge = val.low if math.isinf(val.high) else val.high
    point = _Value(edge, edge, val.source, val.text)
    if _on_value(claim, point):
        return _agreed(claim, point, f"the {claim.scope.value}imum the evidence gives")
    if val.weak:
        return NumberMatch(
            Verdict.NOT_COMPARABLE,
            claim,
            reason="only bare numbers, which may measure something else",
        )
    return _refuted(claim, point, f"the {claim.scope.value}imum the evidence gives differs")


def _agreed(claim: Claim, val: _Value, reason: str) -> NumberMatch:
    return NumberMatch(Verdict.AGREE, claim, val.source, None, reason)


def _refuted(claim: Claim, val: _Value, reason: str) -> NumberMatch:
    return NumberMatch(Verdict.DISAGREE, claim, val.source, val.text, reason)


def match_text(sentence: str, evidence: str) -> list[NumberMatch]:
    """:func:`match` for each claim of ``sentence`` against the one evidence sentence that
    shares most content words with it (ties: the earlier one).

    Args: sentence: the claim sentence. evidence: a passage (several sentences).
    Returns: one NumberMatch per claim of :func:`read_claims`, in order.
    Raises: nothing.
    """
    claims = read_claims(sentence)
    if not claims:
        return []
    words = set(content_terms(sentence))
    candidates = [s.text for s in split_sentences(evidence)] or [evidence]
    best = max(candidates, key=lambda s: len(words & set(content_terms(s))))
    qs = extract_quantities(best)
    return [match(c, qs) for c in claims]
