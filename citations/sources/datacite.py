"""DataCite REST API adapter (https://api.datacite.org; docs: https://support.datacite.org/docs/api).

DataCite registers DOIs Crossref does not know: arXiv DOIs (10.48550/arXiv.*), Zenodo
(10.5281), Dryad (10.5061), Dagstuhl LIPIcs (10.4230) and many repositories.

    >>> DataCiteSource().lookup_doi("10.48550/arXiv.2311.16162")   # GET dois/{doi}; 404 -> None

Pure half: :func:`parse_response` reads a JSON:API body (``{"data": {...}}`` or
``{"data": [...]}``): ``attributes.titles[0].title``, ``creators`` (personal names from
givenName/familyName, organisations literal), ``publicationYear``, ``publisher``
(string or object), ``container.title``, ``types.resourceTypeGeneral`` -> SourceType,
an ``arXiv`` identifier -> arxiv_id.
"""

from __future__ import annotations

from typing import Any

from citations.model import Author, Record, Reference, SourceType
from citations.parse import title_query_form
from citations.sources._parsing import arxiv_of, clean_doi, doi_path, load_json, text, year_of
from citations.sources.http import HttpSource
from citations.text.identifiers import parse_arxiv_id

_TYPES = {
    "Dataset": SourceType.DATASET,
    "Software": SourceType.SOFTWARE,
    "Book": SourceType.BOOK,
    "BookChapter": SourceType.BOOK,
    "Report": SourceType.REPORT,
    "Dissertation": SourceType.THESIS,
    "Preprint": SourceType.PAPER,
    "JournalArticle": SourceType.PAPER,
    "ConferencePaper": SourceType.PAPER,
    "Text": SourceType.PAPER,
}


def _creator(c: dict[str, Any]) -> Author | None:
    family, given = text(c.get("familyName")), text(c.get("givenName"))
    if family:
        return Author(family=family, given=given or "")
    name = text(c.get("name"))
    if not name:
        return None
    if c.get("nameType") == "Organizational" or "," not in name:
        return Author(family=name, literal=c.get("nameType") == "Organizational")
    fam, _, giv = name.partition(",")
    return Author(family=fam.strip(), given=giv.strip())


def record_from_item(item: dict[str, Any]) -> Record | None:
    """One DataCite ``data`` item as a Record (None without attributes)."""
    at = item.get("attributes")
    if not isinstance(at, dict):
        return None
    titles = at.get("titles") or []
    title = next(
        (
            text(t.get("title"))
            for t in titles
            if isinstance(t, dict) and not t.get("titleType") and text(t.get("title"))
        ),
        None,
    ) or next((text(t.get("title")) for t in titles if isinstance(t, dict)), None)
    pub = at.get("publisher")
    publisher = text(pub.get("name")) if isinstance(pub, dict) else text(pub)
    container = at.get("container") or {}
    arxiv = None
    for ident in (at.get("identifiers") or []) + (at.get("alternateIdentifiers") or []):
        if (
            isinstance(ident, dict)
            and str(ident.get("identifierType") or ident.get("alternateIdentifierType")) == "arXiv"
        ):
            arxiv = arxiv_of(ident.get("identifier") or ident.get("alternateIdentifier"))
            break
    doi = clean_doi(at.get("doi") or item.get("id"))
    if arxiv is None and doi and doi.lower().startswith("10.48550/"):
        arxiv = arxiv_of(doi)
    types = at.get("types") or {}
    return Record(
        source="datacite",
        id=doi or str(item.get("id", "")),
        title=title or "",
        authors=tuple(
            a
            for a in (_creator(c) for c in at.get("creators") or [] if isinstance(c, dict))
            if a is not None
        ),
        year=year_of(at.get("publicationYear")),
        venue=text(container.get("title")) if isinstance(container, dict) else None,
        volume=text(container.get("volume")) if isinstance(container, dict) else None,
        publisher=publisher,
        doi=doi,
        arxiv_id=arxiv,
        source_type=_TYPES.get(str(types.get("resourceTypeGeneral", "")), SourceType.PAPER)
        if isinstance(types, dict)
        else SourceType.PAPER,
    )


def parse_response(body: bytes) -> list[Record]:
    """Records in a DataCite JSON:API body. Never raises; error bodies give []."""
    data = load_json(body)
    items = data.get("data") if isinstance(data, dict) else None
    if isinstance(items, dict):
        items = [items]
    if not isinstance(items, list):
        return []
    return [r for it in items if isinstance(it, dict) for r in [record_from_item(it)] if r]


class DataCiteSource(HttpSource):
    """DataCite as a :class:`~citations.sources.base.Source` (module docstring)."""

    name = "datacite"
    BASE_URL = "https://api.datacite.org/"
    #: Work types whose absence here is evidence (decide: FABRICATED vs UNVERIFIED);
    #: books, theses, reports, software and data are held only partly.
    indexes = frozenset({SourceType.PAPER})

    def lookup_doi(self, doi: str) -> Record | None:
        """GET dois/{doi}; 404 -> None. Raises SourceError."""
        return self.http.get_record("dois/" + doi_path(doi).lower(), parse_response)

    def lookup_arxiv(self, arxiv_id: str) -> Record | None:
        """The arXiv DOI 10.48550/arXiv.{id} (version dropped), or None."""
        a = parse_arxiv_id(arxiv_id)
        return None if a is None else self.lookup_doi(f"10.48550/arxiv.{a.id}")

    def search(self, reference: Reference, limit: int = 10) -> list[Record]:
        """GET dois?query=titles.title:"..."&page[size]={limit}; [] without a title."""
        if not reference.title:
            return []
        q = title_query_form(reference.title).replace('"', " ")
        resp = self.http.get(
            "dois", params={"query": f'titles.title:"{q}"', "page[size]": str(limit)}
        )
        return parse_response(resp.body)[:limit]


__all__ = ["DataCiteSource", "parse_response", "record_from_item"]
