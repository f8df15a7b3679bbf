"""The corrected reference: what the citation should have said, built from the record.

Kept apart from the verdict (decide.py): a CORRUPTED verdict names the fields that
differ; this module turns the matched record into a :class:`Reference` and a display
string. Pure; no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from citations.model import Author, Record, Reference


def _name(a: Author) -> str:
    if a.literal:
        return a.family
    fam = f"{a.particle} {a.family}" if a.particle else a.family
    return f"{a.given} {fam}".strip()


def format_authors(authors: Sequence[Author], *, max_authors: int = 10) -> str:
    """ "A. One, B. Two, and C. Three"; more than ``max_authors`` are cut to "et al."."""
    names = [_name(a) for a in authors]
    if len(names) > max_authors:
        return ", ".join(names[:max_authors]) + ", et al."
    if len(names) <= 2:
        return " and ".join(names)
    return ", ".join(names[:-1]) + ", and " + names[-1]


def _names_volume(venue: str | None, volume: str) -> bool:
    """Does the venue name already state the volume ("Computational Linguistics, Volume 23,
    Number 1, March 1997"; the ACL Anthology writes journal venues so)?"""
    return (
        venue is not None
        and re.search(rf"\b(?:Volume|Vol\.?)\s*{re.escape(volume)}\b", venue, re.IGNORECASE)
        is not None
    )


def format_record(record: Record) -> str:
    """One-line reference in a neutral author-title-venue style:
    ``Authors. Title. Venue, volume(issue), pages, Publisher, Year. doi:DOI``."""
    parts = []
    if record.authors:
        parts.append(format_authors(record.authors).rstrip(".") + ".")
    parts.append(record.title.rstrip(".") + ".")
    tail = []
    if record.venue:
        tail.append(record.venue)
    if record.volume and not _names_volume(record.venue, record.volume):
        tail.append(record.volume + (f"({record.issue})" if record.issue else ""))
    if record.pages:
        tail.append(record.pages)
    if record.publisher and record.publisher != record.venue:
        tail.append(record.publisher)
    if record.year is not None:
        tail.append(str(record.year))
    if tail:
        parts.append(", ".join(tail) + ".")
    if record.doi:
        parts.append(f"doi:{record.doi}")
    elif record.arxiv_id:
        parts.append(f"arXiv:{record.arxiv_id}")
    elif record.url:
        parts.append(record.url)
    return " ".join(parts)


def corrected_reference(cited: Reference, record: Record) -> Reference:
    """The reference as the record gives it: every bibliographic field from ``record``;
    ``raw`` is :func:`format_record`; the citation marker and parser of ``cited`` kept."""
    return Reference(
        raw=format_record(record),
        title=record.title,
        authors=record.authors,
        year=record.year,
        venue=record.venue,
        volume=record.volume,
        issue=record.issue,
        pages=record.pages,
        publisher=record.publisher,
        address=record.address,
        doi=record.doi,
        arxiv_id=record.arxiv_id,
        url=record.url,
        source_type=record.source_type,
        marker=cited.marker,
        parser=cited.parser,
    )


__all__ = ["corrected_reference", "format_authors", "format_record"]
