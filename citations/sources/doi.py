"""doi.org content negotiation and registration-agency lookup
(https://citation.crosscite.org/docs.html; https://www.doi.org/the-identifier/resources/factsheets/doi-resolution-documentation).

    >>> src = DoiSource()
    >>> src.lookup_doi("10.1126/science.169.3946.635")  # GET doi.org/{doi}, Accept: CSL-JSON
    >>> src.registration_agency("10.5061/dryad.8515")   # GET doi.org/ra/10.5061 -> "datacite"

doi.org answers a 302 to the agency's transform service (Crossref, DataCite, mEDRA...),
so this works for any agency; an unregistered DOI answers 404 with an HTML page (None).
Pure halves: :func:`parse_response` reads CSL-JSON (one item or a list);
:func:`parse_agency` reads the ``/ra/`` body (``[{"DOI": "10.5061", "RA": "DataCite"}]``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from citations.model import Author, Record, Reference, SourceType
from citations.sources._parsing import clean_doi, csl_dates, doi_path, load_json, text, year_of
from citations.sources.http import HttpSource
from citations.text.identifiers import normalize_doi

CSL_JSON = "application/vnd.citationstyles.csl+json"
_TYPES = {
    "article-journal": SourceType.PAPER,
    "paper-conference": SourceType.PAPER,
    "article": SourceType.PAPER,
    "book": SourceType.BOOK,
    "chapter": SourceType.BOOK,
    "dataset": SourceType.DATASET,
    "software": SourceType.SOFTWARE,
    "report": SourceType.REPORT,
    "thesis": SourceType.THESIS,
}


def _csl_year(item: dict[str, Any]) -> int | None:
    for key in ("issued", "published-print", "published-online", "created"):
        v = item.get(key)
        if isinstance(v, dict):
            parts = v.get("date-parts")
            if parts and parts[0] and parts[0][0] is not None:
                return year_of(parts[0][0] if isinstance(parts[0][0], int) else str(parts[0][0]))
            if v.get("raw"):
                return year_of(str(v["raw"]))
    return None


def record_from_csl(item: dict[str, Any]) -> Record | None:
    """One CSL-JSON item as a Record (None without DOI and title)."""
    doi = clean_doi(item.get("DOI"))
    title = text(item.get("title"))
    if not doi and not title:
        return None
    authors = []
    for a in item.get("author") or []:
        if not isinstance(a, dict):
            continue
        if text(a.get("family")):
            authors.append(
                Author(family=str(text(a.get("family"))), given=text(a.get("given")) or "")
            )
        elif text(a.get("literal")):
            authors.append(Author(family=str(text(a.get("literal"))), literal=True))
    return Record(
        source="doi",
        id=doi or title or "",
        title=title or "",
        authors=tuple(authors),
        year=_csl_year(item),
        dates=csl_dates(item),
        venue=text(item.get("container-title")),
        volume=text(item.get("volume")),
        issue=text(item.get("issue")),
        pages=text(item.get("page")),
        publisher=text(item.get("publisher")),
        doi=doi,
        source_type=_TYPES.get(str(item.get("type", "")), SourceType.PAPER),
    )


def parse_response(body: bytes) -> list[Record]:
    """Records in a CSL-JSON body; HTML "DOI not found" pages give []. Never raises."""
    data = load_json(body)
    items = data if isinstance(data, list) else [data] if isinstance(data, dict) else []
    return [r for it in items if isinstance(it, dict) for r in [record_from_csl(it)] if r]


def parse_agency(body: bytes) -> str | None:
    """The registration agency in a doi.org/ra body, lowercased ("crossref", "datacite",
    "medra", ...); None for "DOI does not exist" / "Invalid DOI" or a bad body."""
    data = load_json(body)
    if isinstance(data, list) and data and isinstance(data[0], dict):
        ra = text(data[0].get("RA"))
        if ra and " " not in ra:
            return ra.lower()
    return None


@dataclass(frozen=True, slots=True)
class DoiAnswer:
    """What doi.org said about a DOI: the CSL-JSON record (None when it gave none) and
    whether the DOI resolves (False: 404, the DOI is not registered)."""

    record: Record | None
    resolves: bool


class DoiSource(HttpSource):
    """doi.org as a :class:`~citations.sources.base.Source` (DOIs only; module docstring)."""

    name = "doi"
    BASE_URL = "https://doi.org/"
    #: Work types whose absence here is evidence (decide: FABRICATED vs UNVERIFIED);
    #: books, theses, reports, software and data are held only partly.
    indexes = frozenset({SourceType.PAPER})

    def lookup_doi(self, doi: str) -> Record | None:
        """GET {doi} with Accept: CSL-JSON, redirects followed; 404 -> None."""
        return self.resolve(doi).record

    def resolve(self, doi: str) -> DoiAnswer:
        """GET {doi} with Accept: CSL-JSON, redirects followed: the record, and whether
        the DOI resolves at all (a landing page without metadata still resolves; 404 does
        not). Raises SourceError."""
        resp = self.http.get(doi_path(doi), headers={"Accept": CSL_JSON}, ok=(404,))
        if resp.status == 404:
            return DoiAnswer(None, False)
        recs = parse_response(resp.body)
        return DoiAnswer(recs[0] if recs else None, True)

    def lookup_arxiv(self, arxiv_id: str) -> Record | None:
        return None

    def search(self, reference: Reference, limit: int = 10) -> list[Record]:
        """doi.org cannot search: []."""
        return []

    def registration_agency(self, doi: str) -> str | None:
        """GET ra/{prefix}: the agency of the DOI's prefix, lowercased, or None."""
        n = normalize_doi(doi) or doi.strip()
        prefix = n.split("/", 1)[0]
        resp = self.http.get("ra/" + quote(prefix, safe=""), ok=(404,))
        return None if resp.status == 404 else parse_agency(resp.body)

    def agency(self, doi: str) -> str:
        """GET ra/{doi}: the agency that registered this DOI, lowercased; "" when doi.org
        says it does not exist (or is invalid). Raises SourceError."""
        n = normalize_doi(doi) or doi.strip()
        resp = self.http.get("ra/" + doi_path(n), ok=(404,))
        return "" if resp.status == 404 else parse_agency(resp.body) or ""


__all__ = [
    "CSL_JSON",
    "DoiAnswer",
    "DoiSource",
    "parse_agency",
    "parse_response",
    "record_from_csl",
]
