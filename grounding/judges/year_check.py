"""The years a sentence states, held to the paper's own text (pure, no I/O).

The number checkers leave years out (``Quantity.checkable``): a year is a date, not a
measured value. But a sentence that dates an event ("the wind anomalies grew stronger
after 1995") or gives a period ("over 1950-1990") is only checked when its date is the
paper's. :func:`year_results` gives one part a period (two years joined by a dash, "to",
"until", or "between ... and") and one part a year otherwise:

- a **period** is verified where the paper writes it (either form); contradicted (C1, the
  paper's period as the correction) where it never does and one of the sentence's
  passages writes a period with the same start or the same end ("1950-1985" for
  "1950-1990"); else its years are checked one by one;
- a **year** is verified where one of the sentence's passages writes it; contradicted
  (C1) where a passage stating the sentence (one holding at least :data:`MIN_SHARED` of
  its other terms) writes another year in the same place: after the same time word
  ("after 1985" for "after 1995"), the same month or day ("9 May 2017" for "9 May 2016"),
  or at the same end of a period; and its page never writes the sentence's year (for a
  day and month, which date one event, whatever else the page writes); verified only in
  company (as a number found far away) where another page writes it; else not found
  (N1).

A passage is read with :data:`MARGIN` characters of its page on either side, so that a
date its window cuts off ("... 0.51 °C (1985" | "–2020)") is still read. The paper's
reference list and its author-year citations ("Li et al., 2021") are never where a date
is found. The year of an author-year citation in the sentence ("Huang et al. (2012)") is
held to the paper's citations of that author instead (``cited_years``). Four digits that
count ("up to 2000 grit", "a cohort of 1998 men") are read as numbers, not years
(``grounding.quantities``), and checked as values.
"""

from __future__ import annotations

import re

from annotations.schema import ErrorTag
from grounding.evidence import EvidenceIndex, Hit
from grounding.judges.cited_years import InReferences, cited_year_result, is_cited_year
from grounding.judges.event_dates import event_date_result
from grounding.judges.parts import Part, PartKind
from grounding.judges.statement_check import PartResult, Status
from grounding.lexicon import content_terms, fold, is_numeric
from grounding.lexicon.words import TIME_WORDS
from grounding.quantities import MONTHS, Quantity, extract_quantities

#: A passage states the sentence when it holds this share of the sentence's other terms.
MIN_SHARED = 0.6
#: How many of the sentence's passages, best first, are read for its period or year.
PASSAGES = 5
#: Characters of the page read on either side of a passage.
MARGIN = 60

_YEAR = r"(?:1[89]|20)\d{2}"
_JOIN = r"\s*(?:[–—-]|\bto\b|\buntil\b|\bthrough\b|\band\b)\s*(?:the\s+end\s+of\s+)?"
_WORD_BEFORE = re.compile(r"([A-Za-z]+)[\s,]*$")
#: a day and month ("9 May ", "May 9, ") or a month alone ("May ") right before a year
_DATE_BEFORE = re.compile(
    r"(?:\b(\d{1,2})\s+)?\b(" + MONTHS + r")\.?(?:\s+(\d{1,2}),?)?\s*$", re.IGNORECASE
)
_YEAR_BEFORE = re.compile(r"(" + _YEAR + r")" + _JOIN + r"$")
_YEAR_AFTER = re.compile(_JOIN + r"(" + _YEAR + r")(?!\d)")


def year_results(
    text: str, index: EvidenceIndex, hits: list[Hit], in_references: InReferences
) -> list[PartResult]:
    """One part result per period or year ``text`` states (see the module's docstring).

    Args: text: the sentence. index: the paper's evidence index (its pages' text).
          hits: the sentence's passages, best first (reference list and other studies'
          sentences already left out). in_references: (page 1-based, offset in the page's
          text) -> True inside the paper's reference list.
    Returns: results in sentence order; [] for a sentence with no year. Raises: nothing.
    """
    flat = fold(text)
    years = [q for q in extract_quantities(text) if q.kind == "year"]
    if not years:
        return []
    out: list[PartResult] = []
    cited = [q for q in years if is_cited_year(flat, q.start)]
    for q in cited:
        result = cited_year_result(flat, q, index, in_references)
        if result is not None:
            out.append(result)
    years = [q for q in years if q not in cited]
    passages = [(h, _read(index, h)) for h in hits[:PASSAGES]]
    done: set[int] = set()
    written = text if len(text) == len(flat) else flat  # the sentence's own dashes
    for low, high in _periods(flat, years):
        span = written[low.start : high.end]
        result = _period_result(span, low, high, index, passages, in_references)
        if result is not None:
            out.append(result)
            done |= {low.start, high.start}
    stating = _stating(flat, passages)
    for q in years:
        if q.start not in done:
            dated = event_date_result(flat, q.start, index, in_references)
            out.append(dated or _year_result(flat, q, index, stating, passages, in_references))
    out.sort(key=lambda r: r.part.start)
    return out


def _read(index: EvidenceIndex, hit: Hit) -> str:
    """The text of ``hit`` with :data:`MARGIN` characters of its page on either side
    (folded; a table row's own text)."""
    page = index.pages.get(hit.entry.page)
    if hit.entry.kind == "row" or page is None:
        return fold(hit.entry.text)
    return fold(page.text[max(0, hit.entry.start - MARGIN) : hit.entry.end + MARGIN])


def _periods(text: str, years: list[Quantity]) -> list[tuple[Quantity, Quantity]]:
    """The pairs of consecutive years ``text`` joins into a period ("1950–1985", "from
    1950 to 1985", "between 1950 and 1985")."""
    return [
        (a, b)
        for a, b in zip(years, years[1:], strict=False)
        if a.value < b.value and re.fullmatch(_JOIN, text[a.end : b.start]) is not None
    ]


def _period_result(
    span: str,
    low: Quantity,
    high: Quantity,
    index: EvidenceIndex,
    passages: list[tuple[Hit, str]],
    in_references: InReferences,
) -> PartResult | None:
    """The period ``low``-``high`` (written ``span``) verified or contradicted; None when
    neither (its years are then checked one by one)."""
    part = Part(PartKind.QUANTITY, span, low.start, high.end, span)
    lo, hi = int(low.value), int(high.value)
    pages = _pages_writing(index, _period_pattern(str(lo), str(hi)), in_references)
    if pages:
        hit = next((h for h, _ in passages if h.entry.page in pages), None)
        where = f"page {hit.entry.page if hit is not None else min(pages)}"
        return PartResult(part, Status.VERIFIED, why=f"{span} found on {where}", hit=hit)
    either = _period_pattern(f"(?:{lo}|{_YEAR})", f"(?:{hi}|{_YEAR})")
    for hit, passage in passages:
        for m in either.finditer(passage):
            a, b = (int(y) for y in re.findall(_YEAR, m.group(0))[:2])
            if (a == lo) != (b == hi) and a < b and not is_cited_year(passage, m.start()):
                theirs = f"{a}–{b}"
                why = f"the sentence says {span} where page {hit.entry.page} gives {theirs}"
                return PartResult(part, Status.CONTRADICTED, ErrorTag.C1, why, hit, span, theirs)
    return None


def _period_pattern(lo: str, hi: str) -> re.Pattern[str]:
    return re.compile(r"(?<![\d.,])" + lo + _JOIN + hi + r"(?!\d)")


def _year_result(
    text: str,
    q: Quantity,
    index: EvidenceIndex,
    stating: list[tuple[Hit, str]],
    passages: list[tuple[Hit, str]],
    in_references: InReferences,
) -> PartResult:
    """One year of the sentence checked (see the module's docstring)."""
    part = Part(PartKind.QUANTITY, q.text, q.start, q.end, q.text)
    mine = re.compile(r"(?<![\d.,])" + q.text + r"(?!\d)")
    pages = _pages_writing(index, mine, in_references)
    said = next((h for h, passage in passages if _writes(passage, mine)), None)
    # a day and month date one event: another year of theirs outweighs the year written
    # elsewhere in the sentence's passages ("Received 2 March 2016 ... Accepted 9 May 2017")
    other = _other_year(text, q, stating, pages, dated_only=said is not None)
    if other is not None:
        hit, theirs = other
        why = f"the sentence says {q.text} where page {hit.entry.page} gives {theirs}"
        return PartResult(part, Status.CONTRADICTED, ErrorTag.C1, why, hit, q.text, theirs)
    if said is not None:
        why = f"{q.text} found on page {said.entry.page}"
        return PartResult(part, Status.VERIFIED, why=why, hit=said)
    if pages:  # no passage of the sentence's statement: none is shown as its evidence
        why = f"{q.text} found on page {min(pages)}, not in the sentence's passages"
        return PartResult(part, Status.VERIFIED, why=why, weak=True)
    why = (
        f"the year {q.text} appears nowhere in the paper's text outside its reference list "
        "and author-year citations"
    )
    return PartResult(part, Status.NOT_FOUND, ErrorTag.N1, why, span=q.text)


def _stating(text: str, passages: list[tuple[Hit, str]]) -> list[tuple[Hit, str]]:
    """The passages, best first, that hold at least :data:`MIN_SHARED` of the sentence's
    terms other than numbers."""
    terms = {t for t in content_terms(text) if not is_numeric(t)}
    if not terms:
        return []
    return [
        (h, passage)
        for h, passage in passages
        if len(terms & set(content_terms(passage))) >= MIN_SHARED * len(terms)
    ]


def _other_year(
    text: str,
    q: Quantity,
    stating: list[tuple[Hit, str]],
    pages: set[int],
    dated_only: bool = False,
) -> tuple[Hit, str] | None:
    """(passage, its year) for the first passage stating the sentence that writes another
    year in the place of ``q`` on a page that never writes ``q`` (for a day and month:
    on any page; ``dated_only``: for a day and month only); else None."""
    mine = _places(text, q.start, q.end)
    dated = {p for p in mine if p.startswith("d:")}
    if dated_only:
        mine = dated
    if not mine:
        return None
    for hit, passage in stating:
        for other in extract_quantities(passage):
            if other.kind != "year" or other.value == q.value:
                continue
            if is_cited_year(passage, other.start):
                continue
            theirs = _places(passage, other.start, other.end)
            if dated & theirs or (hit.entry.page not in pages and mine & theirs):
                return hit, other.text
    return None


def _places(text: str, start: int, end: int) -> set[str]:
    """Where a year stands in ``text``: after a time word ("w:after"), after a day and
    month ("d:9 may") or a month ("m:may"), as the end of a period from a year
    ("from:1950"), as the start of a period to a year ("to:2020")."""
    out: set[str] = set()
    before = text[max(0, start - 40) : start]
    date = _DATE_BEFORE.search(before)
    if date is not None:
        month = date.group(2).lower()[:3]
        day = date.group(1) or date.group(3)
        out.add(f"d:{int(day)} {month}" if day else f"m:{month}")
    word = _WORD_BEFORE.search(before)
    if word is not None and word.group(1).lower() in TIME_WORDS:
        out.add("w:" + word.group(1).lower())
    low = _YEAR_BEFORE.search(before)
    if low is not None:
        out.add("from:" + low.group(1))
    high = _YEAR_AFTER.match(text, end)
    if high is not None:
        out.add("to:" + high.group(1))
    return out


def _writes(text: str, pattern: re.Pattern[str]) -> bool:
    """True if ``text`` writes the year or period of ``pattern`` other than as a citation."""
    return any(not is_cited_year(text, m.start()) for m in pattern.finditer(text))


def _pages_writing(
    index: EvidenceIndex, pattern: re.Pattern[str], in_references: InReferences
) -> set[int]:
    """The pages whose text writes ``pattern`` outside the reference list and author-year
    citations."""
    return {
        number
        for number, page in index.pages.items()
        if any(
            not in_references(number, m.start()) and not is_cited_year(page.text, m.start())
            for m in pattern.finditer(page.text)
        )
    }


__all__ = ["MARGIN", "MIN_SHARED", "PASSAGES", "year_results"]
