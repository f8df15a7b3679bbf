"""Dates a sentence gives an event of the paper's history, held to the date the paper gives
that event (pure, no I/O).

A paper's front matter dates its history ("Received: October 11, 2024 / Accepted: March 28,
2025 / Published: May 20, 2025"); an answer that moves a date to another event ("accepted
on May 20, 2025") writes only dates the page writes, so each of its numbers is found. Here
a date is read whole (day, month and year; month and year; or ISO "2025-03-28") with the
event word right before it (``date_events.tsv``: "submitted" names the same event as
"received"), and:

- **verified** where the paper dates the same event with the same date (a date without a
  day: the same month and year);
- **contradicted** (C1, the paper's date as the correction) where the paper dates the same
  event with another date;
- **not found** (N2) where the paper dates no such event and writes the date for another
  event ("accepted" where the page's date is the publication date);
- left to the year checks otherwise (a date without an event word, or an event the paper
  never dates).

A paper's history is the dates whose event word opens their line or follows a ";" (or a
label: "Article history: Received 12 May 2020"; "Received 2 March 2016; accepted 9 May
2017"): a date in the paper's prose ("a dataset published in March 2020") dates another
work. A sentence's date takes the event word nearest before it in its clause, and is the
paper's own only where the sentence names the paper before it ("the article", "the
manuscript", "it": ``date_events.tsv``, event "work"; or the name of its subject, a name
on half of its pages: "VESPA was submitted"). Dates in the reference list are never the
paper's. A date checked so is bound to its event (``Part.binds``), and counts as a
checked part of its sentence on its own, unlike a year.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from weakref import WeakKeyDictionary

from annotations.schema import ErrorTag
from grounding.evidence import EvidenceIndex
from grounding.judges.cited_years import InReferences
from grounding.judges.entity_check import SUBJECT_PAGES, SUBJECT_SHARE
from grounding.judges.parts import NAME, Part, PartKind
from grounding.judges.statement_check import PartResult, Status
from grounding.lexicon import content_terms
from grounding.lexicon.words import date_events
from grounding.quantities import MONTHS

EVENTS = {w: e for w, e in date_events().items() if e != "work"}
"""Event word (lower case) -> the event it names (``date_events.tsv``)."""
_WORK = re.compile(
    r"\b(?:" + "|".join(w for w, e in date_events().items() if e == "work") + r")\b", re.I
)
#: what may stand before a paper's event word on its line or after its ";": nothing, or a
#: label ("Article history: Received 12 May 2020")
_LABEL = re.compile(r"\W*(?:[A-Za-z ]{1,24}:)?\W*")

#: Characters before a date read for its event word.
REACH = 40

_YEAR = r"((?:19|20)\d{2})"
_DATE = re.compile(
    r"\b(?:(\d{1,2})\s+(" + MONTHS + r")\.?,?\s+|(" + MONTHS + r")\.?\s+(?:(\d{1,2})"
    r"(?:st|nd|rd|th)?,?\s+)?)" + _YEAR + r"(?!\d)"
    r"|\b" + _YEAR + r"-(0[1-9]|1[0-2])-([0-2]\d|3[01])\b",
    re.IGNORECASE,
)
_EVENT = re.compile(r"\b(" + "|".join(sorted(EVENTS, key=len, reverse=True)) + r")\b", re.I)
_MONTH_NAME = (
    "January February March April May June July August September October November December"
).split()
_MONTH_NUMBER = {m[:3].lower(): i for i, m in enumerate(_MONTH_NAME, 1)}


@dataclass(frozen=True, slots=True)
class Date:
    """A date written ``text`` at ``start:end`` of its text: year, month (1-12), day (None
    when only the month is given) and the event its event word names (None without one)."""

    text: str
    year: int
    month: int
    day: int | None
    start: int
    end: int
    event: str | None

    def same(self, other: Date) -> bool:
        """The same date, a missing day matching any day of the month."""
        return (self.year, self.month) == (other.year, other.month) and (
            self.day is None or other.day is None or self.day == other.day
        )

    def written(self) -> str:
        """ "28 March 2025", "May 2025"."""
        month = _MONTH_NAME[self.month - 1]
        return f"{self.day} {month} {self.year}" if self.day else f"{month} {self.year}"


def dates(text: str, *, lines: bool = False) -> list[Date]:
    """The dates of ``text`` with the event word before each: within
    :data:`REACH` characters, after the last sentence or clause end (";", ". "), the last
    date and, with ``lines`` (a page's text), the last line break."""
    out: list[Date] = []
    last = 0
    for m in _DATE.finditer(text):
        g = m.groups()
        day: int | None
        if g[5] is not None:  # ISO
            year, month, day = int(g[5]), int(g[6]), int(g[7])
        else:
            name = (g[1] or g[2]).lower()[:3]
            year, month = int(g[4]), _MONTH_NUMBER[name]
            raw = g[0] or g[3]
            day = int(raw) if raw else None
            if day is not None and not 1 <= day <= 31:
                continue
        lo = max(last, m.start() - REACH)
        before = text[lo : m.start()]
        cut = max(before.rfind(";"), before.rfind(". "), before.rfind("\n") if lines else -1)
        segment = before[cut + 1 :]
        words = list(_EVENT.finditer(segment))
        event = EVENTS[words[-1].group(1).lower()] if words else None
        if lines and words and not _LABEL.fullmatch(segment[: words[-1].start()]):
            event = None  # a page's prose ("the dataset was published in"), no history
        out.append(Date(m.group(0), year, month, day, m.start(), m.end(), event))
        last = m.end()
    return out


_PAPER: WeakKeyDictionary[EvidenceIndex, list[tuple[int, Date]]] = WeakKeyDictionary()


def paper_dates(index: EvidenceIndex, in_references: InReferences) -> list[tuple[int, Date]]:
    """(page 1-based, Date) of every date of the paper that an event word dates, outside
    its reference list (``in_references(page, offset)``); offsets into the page's text;
    read once per index."""
    got = _PAPER.get(index)
    if got is None:
        got = [
            (number, d)
            for number, page in sorted(index.pages.items())
            for d in dates(page.text, lines=True)
            if d.event is not None and not in_references(number, d.start)
        ]
        _PAPER[index] = got
    return got


def event_date_result(
    text: str, year_start: int, index: EvidenceIndex, in_references: InReferences
) -> PartResult | None:
    """The result for the date of ``text`` (folded) whose year starts at ``year_start``,
    when the sentence names its event (module docstring); None to leave it to the year
    checks."""
    mine = next((d for d in dates(text) if d.end > year_start >= d.start), None)
    if mine is None or mine.event is None or not _names_paper(text[: mine.start], index):
        return None
    span = text[mine.start : mine.end]
    # bound to its event: a date of the paper's history is checked on its own
    part = Part(PartKind.QUANTITY, span, mine.start, mine.end, span, (mine.event,))
    paper = paper_dates(index, in_references)
    same_event = [(p, d) for p, d in paper if d.event == mine.event]
    for page, d in same_event:
        if mine.same(d):
            why = f"the {mine.event} date {span} found on page {page}"
            return PartResult(part, Status.VERIFIED, why=why, hit=index.hit_at(page, d.start))
    if same_event:
        page, d = same_event[0]
        # the paper's date as it writes it; its month and year for a sentence without a day
        theirs = d.text if mine.day is not None else f"{_MONTH_NAME[d.month - 1]} {d.year}"
        why = f"the sentence says {span} where page {page} gives {theirs} as the {mine.event} date"
        hit = index.hit_at(page, d.start)
        return PartResult(part, Status.CONTRADICTED, ErrorTag.C1, why, hit, span, theirs)
    other = next(((p, d) for p, d in paper if mine.same(d)), None)
    if other is not None:
        page, d = other
        why = f"page {page} gives {d.text} as the {d.event} date, not the {mine.event} date"
        return PartResult(part, Status.NOT_FOUND, ErrorTag.N2, why, span=span)
    return None


def _names_paper(before: str, index: EvidenceIndex) -> bool:
    """Does ``before`` (the sentence up to its date) name the paper: a word of
    ``date_events.tsv``'s event "work" ("the article", "it"), or a name of the paper's
    subject (a name whose terms are on half of its pages or more: "VESPA was submitted")?"""
    if _WORK.search(before):
        return True
    for m in NAME.finditer(before):
        terms = content_terms(m.group(0))
        shares = [index.page_share(t) for t in terms]
        if shares and all(a >= SUBJECT_SHARE and n >= SUBJECT_PAGES for a, n in shares):
            return True
    return False


__all__ = ["EVENTS", "REACH", "Date", "dates", "event_date_result", "paper_dates"]
