"""Crossref REST API adapter (https://api.crossref.org; docs: https://api.crossref.org/swagger-ui).

    >>> src = CrossrefSource(config=SourceConfig(mailto="me@example.org"))
    >>> src.lookup_doi("10.1371/journal.pone.0033693")     # GET /works/{doi}; 404 -> None
    >>> src.search(reference, limit=5)                      # GET /works?query.bibliographic=...

Pure half: :func:`parse_response` reads a ``/works/{doi}`` body (``{"message": work}``),
a list body (``{"message": {"items": [...]}}``) or a bare list of items (refchecker's
recorded caches). A plain-text 404 ("Resource not found.") parses to [].

Authors: only the ``author`` array counts; ``editor`` entries are never
authors. A record without ``author`` or with an empty one has ``authors=()`` and
:func:`crossref_authors` says None ("unknown", not "nobody"); the cascade then takes
the authors from OpenAlex by DOI. Crossref holds no arXiv ids: lookup_arxiv makes no
request and returns None. DataCite DOIs (e.g. 10.48550 arXiv DOIs) answer 404 here;
routing.py sends them to DataCite.
"""

from __future__ import annotations

from typing import Any

from citations.model import Author, Record, Reference, SourceType
from citations.parse import title_query_form
from citations.sources._parsing import (
    abstract_text,
    clean_doi,
    csl_dates,
    doi_path,
    load_json,
    text,
    year_of,
)
from citations.sources.config import SourceConfig
from citations.sources.http import HttpSource

SELECT = (
    "DOI,title,subtitle,author,editor,issued,published,container-title,volume,issue,page,"
    "publisher,type,updated-by,update-to"
)

_TYPES = {
    "journal-article": SourceType.PAPER,
    "proceedings-article": SourceType.PAPER,
    "posted-content": SourceType.PAPER,
    "peer-review": SourceType.PAPER,
    "book": SourceType.BOOK,
    "monograph": SourceType.BOOK,
    "edited-book": SourceType.BOOK,
    "reference-book": SourceType.BOOK,
    "book-chapter": SourceType.BOOK,
    "book-section": SourceType.BOOK,
    "book-part": SourceType.BOOK,
    "dataset": SourceType.DATASET,
    "report": SourceType.REPORT,
    "report-component": SourceType.REPORT,
    "dissertation": SourceType.THESIS,
    "standard": SourceType.REPORT,
}


def crossref_authors(item: dict[str, Any]) -> tuple[Author, ...] | None:
    """The authors of a Crossref work item, editors excluded; None when the item has no
    ``author`` key or an empty one. Organisations (``name``) are literal."""
    raw = item.get("author")
    if not isinstance(raw, list) or not raw:
        return None
    out = []
    for a in raw:
        if not isinstance(a, dict):
            continue
        family, given = text(a.get("family")), text(a.get("given"))
        if family:
            out.append(Author(family=family, given=given or ""))
        elif text(a.get("name")):
            out.append(Author(family=str(text(a.get("name"))), literal=True))
    return tuple(out) or None


def _year(item: dict[str, Any]) -> int | None:
    for key in ("issued", "published", "published-print", "published-online", "created"):
        parts = (item.get(key) or {}).get("date-parts") if isinstance(item.get(key), dict) else None
        if parts and parts[0] and parts[0][0] is not None:
            y = year_of(parts[0][0])
            if y:
                return y
    return None


def record_from_item(item: dict[str, Any]) -> Record | None:
    """One Crossref work item as a Record (None without a DOI and a title)."""
    doi = clean_doi(item.get("DOI"))
    title = text(item.get("title"))
    if not doi and not title:
        return None
    subtitle = text(item.get("subtitle"))
    if title and subtitle and subtitle.lower() not in title.lower():
        title = f"{title}: {subtitle}"
    return Record(
        source="crossref",
        id=doi or title or "",
        title=title or "",
        authors=crossref_authors(item) or (),
        year=_year(item),
        dates=csl_dates(item),
        venue=text(item.get("container-title")),
        volume=text(item.get("volume")),
        issue=text(item.get("issue")),
        pages=text(item.get("page")),
        publisher=text(item.get("publisher")),
        doi=doi,
        abstract=abstract_text(item.get("abstract")),
        source_type=_TYPES.get(str(item.get("type", "")), SourceType.PAPER),
        notices=_update_types(item.get("updated-by")),
        updates=tuple(d for u in _dicts(item.get("update-to")) if (d := clean_doi(u.get("DOI")))),
    )


def _dicts(value: object) -> list[dict[str, Any]]:
    return [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []


def _update_types(value: object) -> tuple[str, ...]:
    """The notice types in a Crossref ``updated-by`` list ("correction", "retraction",
    "expression_of_concern", ...), lowercased, in order, once each."""
    types = (str(u.get("type") or "").strip().lower().replace(" ", "_") for u in _dicts(value))
    return tuple(dict.fromkeys(t for t in types if t))


def parse_response(body: bytes) -> list[Record]:
    """Records in a Crossref body (work, work list or bare item list), in order.
    Non-JSON bodies (plain-text 404) and unusable items give nothing. Never raises."""
    data = load_json(body)
    items: list[Any]
    if isinstance(data, list):
        items = data
    elif isinstance(data, dict) and data.get("message-type", "work") not in ("work", "work-list"):
        items = []  # e.g. "work-agency": not a record
    elif isinstance(data, dict):
        msg = data.get("message", data)
        if isinstance(msg, dict) and isinstance(msg.get("items"), list):
            items = msg["items"]
        elif isinstance(msg, dict) and ("DOI" in msg or "title" in msg):
            items = [msg]
        else:
            items = []
    else:
        items = []
    out = []
    for it in items:
        if isinstance(it, dict):
            rec = record_from_item(it)
            if rec is not None:
                out.append(rec)
    return out


def search_params(reference: Reference, limit: int) -> dict[str, str]:
    """Query parameters of a ``/works`` bibliographic search: title (typographic quotes
    made ASCII) plus the first author's family name and the year; no year filter (a
    preprint year would hide the journal version)."""
    bits = [title_query_form(reference.title or "")]
    if reference.authors:
        bits.append(reference.authors[0].family)
    if reference.year:
        bits.append(str(reference.year))
    return {
        "query.bibliographic": " ".join(b for b in bits if b),
        "rows": str(limit),
        "select": SELECT,
    }


class CrossrefSource(HttpSource):
    """Crossref as a :class:`~citations.sources.base.Source` (module docstring)."""

    name = "crossref"
    BASE_URL = "https://api.crossref.org/"
    #: Work types whose absence here is evidence (decide: FABRICATED vs UNVERIFIED);
    #: books, theses, reports, software and data are held only partly.
    indexes = frozenset({SourceType.PAPER})

    def _params(self, config: SourceConfig) -> dict[str, str]:
        return {"mailto": config.mailto} if config.mailto else {}

    def lookup_doi(self, doi: str) -> Record | None:
        """GET /works/{doi}; 404 -> None. Raises SourceError."""
        return self.http.get_record("works/" + doi_path(doi), parse_response)

    def agency(self, doi: str) -> str:
        """GET /works/{doi}/agency: the agency that registered the DOI, lowercased
        ("crossref", "datacite", ...); "" when Crossref knows no such DOI (404).
        Raises SourceError."""
        resp = self.http.get("works/" + doi_path(doi) + "/agency", ok=(404,))
        if resp.status == 404:
            return ""
        data = load_json(resp.body)
        msg = data.get("message") if isinstance(data, dict) else None
        ag = msg.get("agency") if isinstance(msg, dict) else None
        return str(ag.get("id") or "").lower() if isinstance(ag, dict) else ""

    def lookup_arxiv(self, arxiv_id: str) -> Record | None:
        """Crossref holds no arXiv ids: None, without a request."""
        return None

    def search(self, reference: Reference, limit: int = 10) -> list[Record]:
        """GET /works?query.bibliographic=...; [] without a title. Raises SourceError."""
        if not reference.title:
            return []
        resp = self.http.get("works", params=search_params(reference, limit))
        return parse_response(resp.body)[:limit]


__all__ = [
    "CrossrefSource",
    "SELECT",
    "crossref_authors",
    "parse_response",
    "record_from_item",
    "search_params",
]
