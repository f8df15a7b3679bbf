"""Europe PMC REST adapter (https://www.ebi.ac.uk/europepmc/webservices/rest; docs:
https://europepmc.org/RestfulWebService). Biomedical literature (PubMed, PMC, preprints).

    >>> src = EuropePMCSource()
    >>> src.lookup_doi("10.1016/s0140-6736(24)02600-x")   # search?query=DOI:"..."
    >>> src.search(reference)                              # search?query=TITLE:"..."

Pure half: :func:`parse_response` reads a ``resultType=lite`` body
(``resultList.result[]``: title, authorString "Surname AB, Other CD.", journalTitle,
pubYear, journalVolume, issue, pageInfo, doi). ``resultType=idlist`` hits carry no
title and are dropped; ``hitCount: 0`` gives [].
"""

from __future__ import annotations

import re
from typing import Any

from citations.model import Author, Record, Reference, SourceType
from citations.parse import title_query_form
from citations.sources._parsing import abstract_text, clean_doi, load_json, text, year_of
from citations.sources.http import HttpSource
from citations.text.identifiers import normalize_doi

_INITIALS = re.compile(r"^[A-Z]{1,4}$")


def parse_author_string(s: str | None) -> tuple[Author, ...]:
    """ "Schoenfeld JD, Haas-Kogan DA, O'Neill AF." -> Authors (given as "J. D.")."""
    out = []
    for part in (s or "").rstrip(".").split(","):
        words = part.split()
        if not words:
            continue
        if len(words) >= 2 and _INITIALS.match(words[-1]):
            out.append(
                Author(family=" ".join(words[:-1]), given=" ".join(f"{c}." for c in words[-1]))
            )
        else:
            out.append(Author(family=" ".join(words), literal=len(words) > 2))
    return tuple(out)


def _dates(hit: dict[str, Any]) -> tuple[tuple[str, int], ...]:
    """Record.dates of a result: first publication (online first) and the print date."""
    out: list[tuple[str, int]] = []
    for key, kind in (
        ("firstPublicationDate", "online"),
        ("electronicPublicationDate", "online"),
        ("printPublicationDate", "print"),
    ):
        y = year_of(text(hit.get(key)))
        if y and (kind, y) not in out:
            out.append((kind, y))
    return tuple(out)


def record_from_hit(hit: dict[str, Any]) -> Record | None:
    title = text(hit.get("title"))
    if not title:
        return None
    return Record(
        source="europepmc",
        id=f"{hit.get('source', 'MED')}:{hit.get('id', '')}",
        title=title.rstrip("."),
        authors=parse_author_string(text(hit.get("authorString"))),
        year=year_of(text(hit.get("pubYear"))),
        dates=_dates(hit),
        venue=text(hit.get("journalTitle")),
        volume=text(hit.get("journalVolume")),
        issue=text(hit.get("issue")),
        pages=text(hit.get("pageInfo")),
        doi=clean_doi(hit.get("doi")),
        abstract=abstract_text(hit.get("abstractText")),
        source_type=SourceType.PAPER,
    )


def parse_response(body: bytes) -> list[Record]:
    """Records in a Europe PMC search body. Never raises."""
    data = load_json(body)
    if not isinstance(data, dict):
        return []
    hits = (data.get("resultList") or {}).get("result") or []
    return [r for h in hits if isinstance(h, dict) for r in [record_from_hit(h)] if r]


class EuropePMCSource(HttpSource):
    """Europe PMC as a :class:`~citations.sources.base.Source` (module docstring)."""

    name = "europepmc"
    BASE_URL = "https://www.ebi.ac.uk/europepmc/webservices/rest/"
    indexes = frozenset({SourceType.PAPER})

    def _search(self, query: str, limit: int) -> list[Record]:
        resp = self.http.get(
            "search",
            params={"query": query, "resultType": "lite", "format": "json", "pageSize": str(limit)},
        )
        return parse_response(resp.body)[:limit]

    def lookup_doi(self, doi: str) -> Record | None:
        n = normalize_doi(doi) or doi.strip()
        recs = self._search(f'DOI:"{n}"', 1)
        return recs[0] if recs else None

    def lookup_arxiv(self, arxiv_id: str) -> Record | None:
        """Europe PMC does not index arXiv ids: None, without a request."""
        return None

    def search(self, reference: Reference, limit: int = 10) -> list[Record]:
        if not reference.title:
            return []
        q = title_query_form(reference.title).replace('"', " ")
        return self._search(f'TITLE:"{q}"', limit)


__all__ = ["EuropePMCSource", "parse_author_string", "parse_response", "record_from_hit"]
