"""The year of an author-year citation in a sentence, held to the paper's own citations
of that author (pure, no I/O).

An answer that cites "(Huang et al., 2012)" where the paper cites "(Huang et al., 2015)",
or "Hughes and Eastwood (2010)" where the paper's reference list gives their work as of
2006, states a wrong year the rest of the sentence does not show. :func:`cited_year_result`
reads the author the year is cited by and the years the paper writes for that name: in an
author-year citation of its text ("Huang et al., 2015", "Fasttext-sum (2017)"; the year
within :data:`PROSE_REACH` characters of the name), or in the reference-list entry the
name opens as first author (within :data:`LIST_REACH` characters, not past the next
entry). The sentence's year among them is verified; a single other year is a
contradiction (C1, that year the correction); several other years (works of one author,
or of two authors of one name), or none, leave the year unchecked.

:func:`is_cited_year` tells such a year from a date ("(1950–1985)", "Since 1985").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from annotations.schema import ErrorTag
from grounding.evidence import EvidenceIndex
from grounding.judges.parts import Part, PartKind
from grounding.judges.statement_check import PartResult, Status
from grounding.quantities import Quantity

#: characters from an author's name to the year of its citation in the paper's text
PROSE_REACH = 30
#: characters from an author's name to the year of its entry in the reference list
LIST_REACH = 400

InReferences = Callable[[int, int], bool]

_SURNAME = r"[A-Z](?![A-Z])[^\W\d_][\w'’-]*"  # "Färber", "McDonald"; not "NNI"
#: the author of an author-year citation, right before its year: "Li et al., ", "Smith
#: and Jones ", "Kamath, "; "Robson and colleagues (" before a year in brackets.
_NAME_BEFORE = re.compile(
    r"(?:\bet al\.?|" + _SURNAME + r"(?:\s+(?:and|&)\s+" + _SURNAME + r")?),?\s*$"
)
_BRACKETED_AFTER = re.compile(
    r"(?:\bet al\.?|\bcolleagues|\bco-?workers|" + _SURNAME + r")\s*\(\s*$"
)
#: what follows the year of a citation in brackets: its close, or the next citation
_CLOSES = re.compile(r"[a-z]?\s*[);,]")
_ET_AL_BEFORE = re.compile(r"\bet al\.?,?\s*$")
#: the first author of the citation that ends right before its year
_AUTHOR = re.compile(
    r"(" + _SURNAME + r")(?:\s+(?:et al\.?|and colleagues|and co-?workers|"
    r"(?:and|&)\s+" + _SURNAME + r"))?,?\s*\(?\s*$"
)
_YEAR = re.compile(r"(?<![\d.,])((?:19|20)\d{2})[a-z]?(?!\d)")
#: the word before the bracket a citation opens: "MMLU (" of "MMLU (Hendrycks et al."
_TERM_BEFORE = re.compile(r"([\w-]+)\s*\(\s*$")
#: the start of the next entry of a reference list: "\n[17]", "\n17. "
_NEXT_ENTRY = re.compile(r"\n\s*(?:\[\d+\]|\d{1,3}\.\s)")
#: a name that opens a reference-list entry (its first author): after the entry's number
#: or at a line's start, at most two given names or initials before it
_OPENS_ENTRY = re.compile(
    r"(?:\[\d+\]|(?:^|\n)\s*\d{1,3}\.|^|\n)\s*(?:[A-Z][\w'’-]*\.?,?\s+){0,2}$"
)


def is_cited_year(text: str, start: int) -> bool:
    """True for the four-digit year at ``text[start:]`` that dates an author-year citation:
    "(Li et al., 2021)", "Li et al. 2021", "Robson and colleagues (2019)", "Singh 2020a";
    not "(1950–1985)", "Niño4w (1985–2020)" or "Since 1985"."""
    end = start + 4
    if (
        end < len(text)
        and text[end].islower()
        and (end + 1 == len(text) or not text[end + 1].isalpha())
    ):
        return True  # "2020a": one of two works of a year
    before = text[max(0, start - 60) : start]
    if _ET_AL_BEFORE.search(before):
        return True
    if _CLOSES.match(text, end) is None:
        return False  # "Niño4w (1985–2020)": a period in brackets
    if _BRACKETED_AFTER.search(before):
        return True
    opened = before.rfind("(")
    return (
        opened != -1
        and ")" not in before[opened:]
        and _NAME_BEFORE.search(before[opened + 1 :]) is not None
    )


def cited_year_result(
    text: str, q: Quantity, index: EvidenceIndex, in_references: InReferences
) -> PartResult | None:
    """The cited year ``q`` of the sentence ``text`` (folded; :func:`is_cited_year`)
    held to the years the paper cites its author with (see the module's docstring); None
    when the paper writes no year for that name, or several others.

    The paper's own citations come first: those after the same term as the sentence's
    ("MMLU (Hendrycks et al., 2020)" for "MMLU (Hendrycks et al., 2021)"), else any of its
    text; the reference list only where its text cites the name with no year (numbered
    citations), as an author's several works there give several years. Another year is
    a contradiction after the same term, or where the reference list holds at most one
    work the name opens: beside several (a common surname), it may be another work."""
    author = _AUTHOR.search(text, max(0, q.start - 80), q.start)
    if author is None:
        return None
    name = author.group(1)
    places = _years_cited_for(index, name, in_references)
    term = _term_before(text, author.start())
    said = [p for p in places if not p.listed]
    chosen = [p for p in said if term and p.term == term] or said or places
    years: dict[int, _Place] = {}
    for p in chosen:
        years.setdefault(p.year, p)
    part = Part(PartKind.QUANTITY, q.text, q.start, q.end, q.text)
    mine = int(q.value)
    if mine in years:
        at = years[mine]
        why = f"{q.text} is the year page {at.page} gives for {name}"
        return PartResult(part, Status.VERIFIED, why=why, hit=index.hit_at(at.page, at.offset))
    matched = bool(term) and any(p.term == term for p in chosen)
    works = sum(p.listed for p in places)  # entries the name opens in the reference list
    if len(years) != 1 or not (matched or works <= 1):
        return None  # "Zhang et al., 2019" beside several works of Zhangs: another work
    [at] = years.values()
    why = f"the sentence cites {name} with {q.text} where page {at.page} gives {at.year}"
    hit = index.hit_at(at.page, at.offset)
    return PartResult(part, Status.CONTRADICTED, ErrorTag.C1, why, hit, q.text, str(at.year))


@dataclass(frozen=True, slots=True)
class _Place:
    """A year the paper writes for an author: where, whether in the reference list, and
    the term its citation follows ("MMLU" of "MMLU (Hendrycks et al., 2020)"; "")."""

    year: int
    page: int
    offset: int
    listed: bool
    term: str


def _term_before(text: str, name_start: int) -> str:
    """The word before the bracket that opens the citation at ``name_start`` ("MMLU" of
    "MMLU (Hendrycks et al."), lower-cased; "" when the name is not bracketed."""
    m = _TERM_BEFORE.search(text, max(0, name_start - 60), name_start)
    return m.group(1).lower() if m is not None else ""


def _years_cited_for(index: EvidenceIndex, name: str, in_references: InReferences) -> list[_Place]:
    """The years the paper cites ``name`` with, in page order: in an author-year citation
    of its text, or in the reference-list entry the name opens."""
    pattern = re.compile(r"\b" + re.escape(name) + r"\b")
    out: list[_Place] = []
    for number, page in index.pages.items():
        text = page.text
        for m in pattern.finditer(text):
            listed = in_references(number, m.start())
            if listed and _OPENS_ENTRY.search(text, max(0, m.start() - 40), m.start()) is None:
                continue  # a later author of another work
            stop = m.end() + (LIST_REACH if listed else PROSE_REACH)
            if listed and (nxt := _NEXT_ENTRY.search(text, m.end(), stop)) is not None:
                stop = nxt.start()
            year = _YEAR.search(text, m.end(), stop)
            if year is not None and (listed or is_cited_year(text, year.start(1))):
                term = "" if listed else _term_before(text, m.start())
                out.append(_Place(int(year.group(1)), number, year.start(1), listed, term))
    return out


__all__ = ["LIST_REACH", "PROSE_REACH", "cited_year_result", "is_cited_year"]
