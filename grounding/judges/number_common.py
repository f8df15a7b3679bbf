"""What the number checkers share: a number's check record, the findings of one sentence,
and value tests (plausible correction, transposed digits, misread separators).

Pure functions over :class:`grounding.quantities.Quantity` and index hits; no I/O.
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from annotations.schema import ErrorSpan
from grounding.evidence import Hit
from grounding.lexicon import STOPWORDS, content_terms, fold, is_numeric
from grounding.quantities import Quantity, comparable, has_multiplier, restate


class NumberStatus(StrEnum):
    """What the number checkers found for one number of a claim. A string enum: ledgers,
    trails and rationales print the value ("found")."""

    #: the paper gives this value in the claim's passage or the row it names
    FOUND = "found"
    #: the value occurs in the paper, not in the claim's passage (verified only in the
    #: company of other verified parts)
    FOUND_FAR = "found_far"
    #: computed from values the paper gives (a difference, ratio, sum)
    DERIVED = "derived"
    #: computed from numbers of earlier sentences that the paper does not state
    DERIVED_UNSETTLED = "derived_unsettled"
    #: the paper gives another value for the number's binding (C1, with the correction)
    CONFLICT = "conflict"
    #: contradicted with no single value to correct it by (C1, no correction)
    REFUTED = "refuted"
    #: another table row holds the value, not the one the claim names (N1)
    MISBOUND = "misbound"
    #: the paper gives no such value (N1)
    ABSENT = "absent"
    #: a bound ("more than 20", "at least 3") the checkers do not settle
    UNVERIFIABLE = "unverifiable"


@dataclass(slots=True)
class NumberCheck:
    quantity: Quantity
    status: NumberStatus
    hit: Hit | None = None
    correction: Quantity | None = None
    operands: tuple[float, float] | None = None
    #: the words the error span adds after the number ("3" + " hard"), "" for none
    suffix: str = ""
    #: for status ``misbound``: which table row holds the value instead of the named one;
    #: for a ``conflict`` of binding (a value the paper states, given to another row or
    #: condition): what it is bound to -- such a value is no wrong premise for later
    #: sentences; for ``found``: the rationale when it differs from "found on page N"
    why: str = ""
    #: for status ``absent``: where the paper writes the value with another unit or none
    #: ("page 4 writes 2.908 but not in μA/cm"), "" when nowhere
    elsewhere: str = ""


@dataclass(slots=True)
class Findings:
    numbers: list[NumberCheck] = field(default_factory=list)
    errors: list[ErrorSpan] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    wrong_before: list[tuple[Quantity, str]] = field(default_factory=list)
    #: the checkable numbers of the previous sentence (what a share in words restates)
    before: list[Quantity] = field(default_factory=list)
    #: what each number checker changed, in order (:func:`run_number_checkers`)
    trail: list[Step] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Step:
    """One number checker's result for one number: the checker's name, the number as the
    sentence writes it, and its status before (None: the checker added it) and after."""

    checker: str
    number: str
    before: NumberStatus | None
    after: NumberStatus


def copied(found: Findings) -> Findings:
    """A copy of ``found`` that a checker may change without touching the findings it was
    given: the lists and each :class:`NumberCheck` copied (quantities, hits and error spans,
    which no checker changes, shared)."""
    return Findings(
        [dataclasses.replace(c) for c in found.numbers],
        list(found.errors),
        list(found.notes),
        list(found.wrong_before),
        list(found.before),
        list(found.trail),
    )


#: A number checker: given its own copy of the findings so far, it records its results
#: there (its status for each number, the numbers it adds, the error spans it finds).
NumberChecker = Callable[[Findings], None]


def run_number_checkers(found: Findings, checkers: Sequence[tuple[str, NumberChecker]]) -> Findings:
    """The findings after each named checker in turn: each runs on a copy of the findings
    the one before it returned (:func:`copied`), so no checker changes another's result;
    what each changed is added to ``trail`` as :class:`Step` s. ``found`` is not changed.

    Args: found: the findings to start from. checkers: (name, checker) pairs, in order.
    Returns: the last checker's findings (a new object).
    """
    for name, check in checkers:
        mine = copied(found)
        check(mine)
        mine.trail.extend(_steps(name, found.numbers, mine.numbers))
        found = mine
    return found


def _steps(name: str, before: list[NumberCheck], after: list[NumberCheck]) -> list[Step]:
    """The numbers whose status, hit or correction ``name`` changed, or that it added."""
    out = []
    for i, c in enumerate(after):
        old = before[i] if i < len(before) else None
        if old is None or (old.status, old.hit, old.correction) != (c.status, c.hit, c.correction):
            out.append(Step(name, c.quantity.text, None if old is None else old.status, c.status))
    return out


def context_terms(text: str, q: Quantity, width: int = 60) -> set[str]:
    lo, hi = max(0, q.start - width), min(len(text), q.end + width)
    return {t for t in content_terms(fold(text)[lo:hi]) if not is_numeric(t)}


def plausible(q: Quantity, e: Quantity) -> bool:
    """Could ``e`` be the value ``q`` was meant to be? Same sign, and within a factor 3 or
    off by a power of ten (a decimal or thousands separator misread)."""
    if e.kind in ("ref", "year", "rank") or q.kind in ("ref", "year"):
        return False
    a, b = abs(q.value), abs(e.value)
    if a == 0 or b == 0:
        return a == b
    if (q.value < 0) != (e.value < 0):
        return False
    if 1 / 3 <= a / b <= 3:
        return True
    shift = math.log10(a / b)
    return abs(shift - round(shift)) < 1e-6 and q.unit is not None and not q.physical


def same_digits(q: Quantity, e: Quantity) -> bool:
    """True if ``q`` and ``e`` differ by a power of 1000 with the same digits: a misread
    separator (1.25 / 1250), neither written with a multiplier ("8.1M" is no misread
    "8.1"), or a slipped scale, both written with one ("81.1K" / "81.1M")."""
    if q.value == 0 or e.value == 0 or (q.value < 0) != (e.value < 0):
        return False
    if has_multiplier(q) != has_multiplier(e) or not comparable(q, e):
        return False
    shift = math.log10(abs(e.value) / abs(q.value))
    if abs(shift - round(shift)) > 1e-9 or round(shift) % 3 != 0:
        return False
    digits = [re.sub(r"\D", "", x.text).strip("0") for x in (q, e)]
    return digits[0] == digits[1] and len(digits[0]) >= 2


def transposed(q: Quantity, e: Quantity) -> bool:
    """True if ``e`` is ``q`` with two adjacent digits swapped (76.45 / 76.54; 443 / 434):
    same sign, decimals, scale and digit count, at least three digits, exactly one adjacent
    swap."""
    if (
        q.value == e.value
        or (q.value < 0) != (e.value < 0)
        or q.decimals != e.decimals
        or q.multiplier != e.multiplier
    ):  # "18.1K" is no misread "81.1M"
        return False
    a, b = re.sub(r"\D", "", q.text), re.sub(r"\D", "", e.text)
    if len(a) != len(b) or len(a) < 3:
        return False
    diff = [i for i in range(len(a)) if a[i] != b[i]]
    return (
        len(diff) == 2
        and diff[1] == diff[0] + 1
        and a[diff[0]] == b[diff[1]]
        and a[diff[1]] == b[diff[0]]
    )


def comparable_in(q: Quantity, e: Quantity, hit: Hit) -> bool:
    """``comparable`` plus: a physical unit (not %) written next to the number only meets
    a unit-less number in a table row (a unit shared from the end of a list, "5, 10 and
    15 M⊙", may meet one anywhere); a cited work's number meets no value with a unit
    (:func:`cites_for`)."""
    if not comparable(q, e) or cites_for(q, e):
        return False
    if (
        q.physical
        and q.unit != "%"
        and e.unit is None
        and hit.entry.kind != "row"
        and not _unit_shared(q)
    ):
        return False
    return True


def comparable_far(q: Quantity, e: Quantity) -> bool:
    """``comparable``, and a physical unit (not %) written next to the number must be
    written on the far side too; a cited work's number meets no value with a unit."""
    if cites_for(q, e):
        return False
    if q.physical and q.unit != "%" and e.unit is None and not _unit_shared(q):
        return False
    return comparable(q, e)


def cites_for(q: Quantity, e: Quantity) -> bool:
    """True if ``e`` is the number of a cited work ("[43]", kind "ref": a whole number) and
    ``q`` a value with a unit or a percent ("43%", "43 deer"): a citation counts and
    measures nothing.
    A unit-less ``q`` may still meet it, as a value list in brackets ("ρ = [2.47, 4.49]")
    reads as citations."""
    return (
        e.kind == "ref"
        and e.decimals == 0
        and e.multiplier == 1.0  # "pages 2.27M" of a table is no pointer
        and q.unit is not None
        and q.kind != "ref"
    )


_BARE = re.compile(r"[-+]?[\d.,]+")


def _unit_shared(q: Quantity) -> bool:
    """True if ``q``'s unit is not written next to it but shared from the end of its list
    ("5" of "5, 10 and 15 M⊙", "9" of "9/14 days")."""
    return bool(_BARE.fullmatch(q.text))


def correction_text(q: Quantity, e: Quantity) -> str:
    """The claim's span rewritten with the evidence value as the paper writes it, scale
    included ("18.1M" against "81.1M" -> "81.1M"), keeping the claim's unit text; the
    claim's own text when the evidence states its value (see ``quantities.restate``); a
    bounded claim ("at most 250°C") is restated unless the evidence gives its very number."""
    return restate(dataclasses.replace(q, bound=None), e)


def beside(
    text: str,
    qs: Sequence[Quantity],
    at: Quantity,
    keep: Callable[[Quantity], bool],
    reach: int,
    cut: re.Pattern[str],
) -> list[Quantity]:
    """The quantities of ``qs`` (read from ``text``, offsets into it) that ``keep`` accepts,
    written within ``reach`` characters of ``at`` with no match of ``cut`` (the end of a
    statement or clause) between the two: the values stated with ``at``."""
    return [
        x
        for x in qs
        if keep(x)
        and abs(x.start - at.start) <= reach
        and not cut.search(text, min(x.end, at.end), max(x.start, at.start))
    ]


def short(text: str, n: int = 90) -> str:
    t = " ".join(text.split())
    return t if len(t) <= n else t[: n - 1] + "…"


NAME_AFTER = re.compile(r"\s*%?\s*(?:for|by|of|from)\s+(?:the\s+)?", re.I)
#: What joins a value to the column (benchmark, data set, setting) written after it: a
#: preposition, after at most two words of its own unit or metric ("72.6% pass@1 on
#: AIME", "82.0 F1 on MeSH", "6.8 per paper for the GROBID parses").
COLUMN_AFTER = re.compile(
    r"\s*%?\s*(?:[^\W\d][\w@-]*\s+){0,2}?(?:for|by|of|from|on|in|under)\s+(?:the\s+)?", re.I
)
NAME_BEFORE = re.compile(
    r"(?:'s|’s)?\s*(?:\(|at|with|scores?|reaches|gets|obtains|of|:|=)?"
    r"\s*",
    re.I,
)

#: what stands right before the value a change starts from ("rose from 0.24 to 0.35"):
#: that value is the earlier condition's, not the one the sentence names
FROM_VALUE = re.compile(r"\bfrom\s*$", re.I)
#: A name after these is the other side of a comparison or what was replaced ("instead of
#: SciBERT", "level with QwQ-32B-Preview"), not what the next number measures.
COMPARED = re.compile(
    r"\b(?:than|above|below|over|under|vs\.?|versus|against|beats?|"
    r"outperform(?:s|ing)?|surpass(?:es|ing)?|exceed(?:s|ing)?|trails?|behind|"
    r"ahead of|compared (?:with|to)|instead of|"
    r"(?:level|on par|in line|comparable|equal|even) (?:with|to)|similar to|match(?:es|ing)?|"
    r"rather than|in place of|in lieu of)\s*(?:the\s+)?$",
    re.I,
)

#: Candidate row names: single tokens holding a capital (SPECTER, BERT-Large, o1-mini).
ROW_NAME = re.compile(r"(?<![\w@.-])(?=[\w.@/+-]*[A-Z])[A-Za-z][\w@/+-]*(?:\.\d+[\w@/+-]*)*")

NAME = re.compile(
    r"(?<![\w@-])(?:[A-Z][a-z]*[A-Z0-9][\w-]*|[A-Z][a-z]+(?:-[A-Z0-9][\w]*)+|"
    r"[A-Z]{2,}[\w-]*|[a-z]+[A-Z][\w-]*)"
)


#: what joins two values that share the unit written after the second one
_VALUE_PAIR = re.compile(r"\s*(?:to|and|or|vs\.?|versus|[-–—])\s*", re.IGNORECASE)


def shares_unit(text: str, value: Quantity, other: Quantity) -> bool:
    """Whether ``value`` (no unit of its own) is the first of two values of ``text``
    joined by a connector ("0.44 to 0.51 °C", "5-10 mg", "from 500 to 1000 ppm") whose
    unit ``other`` carries: the two measure the same thing (neither is the other's
    condition, and each is a key of its own)."""
    return (
        value.unit is None
        and value.end <= other.start
        and _VALUE_PAIR.fullmatch(text[value.end : other.start]) is not None
    )


def abbreviations_in(text: str, longest: int = 5) -> set[str]:
    """What a paper may abbreviate runs of two to ``longest`` content words of ``text`` to,
    lower case: their initials, an acronym among them standing whole or by its initial
    ("SST anomaly" -> "sa", "ssta", the paper's "SSTAs"; "wind-evaporation-SST" -> "wes").
    Stop words give no letter ("to form a larger amount" abbreviates to no "fa")."""
    words = [w for w in re.findall(r"[A-Za-z]+", text) if w.lower() not in STOPWORDS]
    out: set[str] = set()
    for n in range(2, longest + 1):
        for i in range(len(words) - n + 1):
            forms = [""]
            for w in words[i : i + n]:
                ways = (w[0], w) if len(w) >= 2 and w.isupper() else (w[0],)
                forms = [f + x for f in forms for x in ways]
            out.update(f.lower() for f in forms)
    return out


def initials(text: str, longest: int = 5) -> set[str]:
    """The initials of each run of two to ``longest`` words of ``text``, lower case
    ("formic acid" -> "fa", "inhibition efficiency" -> "ie"): the abbreviations a paper
    may write for the sentence's words (a table header "IE")."""
    words = re.findall(r"[A-Za-z]+", text)
    return {
        "".join(w[0] for w in words[i : i + n]).lower()
        for n in range(2, longest + 1)
        for i in range(len(words) - n + 1)
    }
