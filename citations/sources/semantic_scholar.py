"""Semantic Scholar Graph API adapter (https://api.semanticscholar.org/graph/v1; docs:
https://api.semanticscholar.org/api-docs/graph).

    >>> src = SemanticScholarSource(config=SourceConfig(api_key="..."))   # x-api-key header
    >>> src.lookup_doi("10.1093/mind/lix.236.433")   # GET paper/DOI:{doi}; 404 -> None
    >>> src.lookup_arxiv("2301.01234v3")             # GET paper/ARXIV:2301.01234 (no version)
    >>> src.search(reference)                        # GET paper/search/match?query=title
    >>> src.lookup_many(["DOI:10.1/x", "ARXIV:2301.01234"])   # POST paper/batch

Pure half: :func:`parse_response` reads one paper, ``{"data": [...]}`` (search),
a batch array (missing ids are ``null``: :func:`parse_batch` keeps them as None in
request order) or ``[]``. ``{"error": ...}`` bodies give [].
A versioned key ``ARXIV:2301.01234v3`` answers 404 there, so the key is always
unversioned (identifiers.semantic_scholar_key). ``/paper/search/match`` answers 404
when no title matches: that is "nothing found".
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

from citations.model import Record, Reference, SourceType
from citations.parse import title_query_form
from citations.sources._parsing import (
    abstract_text,
    arxiv_of,
    author_from_name,
    clean_doi,
    load_json,
    text,
    year_of,
)
from citations.sources.config import SourceConfig
from citations.sources.http import HttpSource
from citations.text.identifiers import normalize_doi, parse_arxiv_id, semantic_scholar_key

#: "abstract" serves the audit's abstract fallback (null where the publisher withholds it)
FIELDS = "title,authors,year,venue,externalIds,journal,publicationTypes,abstract"


def record_from_paper(paper: dict[str, Any]) -> Record | None:
    """One Semantic Scholar paper object as a Record (None without paperId)."""
    pid = text(paper.get("paperId"))
    if not pid:
        return None
    ext = paper.get("externalIds") or {}
    journal = paper.get("journal") or {}
    authors = tuple(
        a
        for a in (author_from_name((x or {}).get("name")) for x in paper.get("authors") or [])
        if a is not None
    )
    return Record(
        source="semantic_scholar",
        id=pid,
        title=text(paper.get("title")) or "",
        authors=authors,
        year=year_of(paper.get("year")),
        venue=text(paper.get("venue"))
        or (text(journal.get("name")) if isinstance(journal, dict) else None),
        volume=text(journal.get("volume")) if isinstance(journal, dict) else None,
        pages=text(journal.get("pages")) if isinstance(journal, dict) else None,
        doi=clean_doi(ext.get("DOI")) if isinstance(ext, dict) else None,
        arxiv_id=arxiv_of(ext.get("ArXiv")) if isinstance(ext, dict) else None,
        url=text(paper.get("url")),
        source_type=SourceType.PAPER,
        abstract=abstract_text(paper.get("abstract")),
    )


def parse_batch(body: bytes) -> list[Record | None]:
    """A POST /paper/batch body: one entry per requested id, None where the id is unknown."""
    data = load_json(body)
    if not isinstance(data, list):
        return []
    return [record_from_paper(p) if isinstance(p, dict) else None for p in data]


def parse_response(body: bytes) -> list[Record]:
    """Records in a Semantic Scholar body (paper, search page, batch array). Never raises."""
    data = load_json(body)
    if isinstance(data, dict) and isinstance(data.get("data"), list):
        papers: list[Any] = data["data"]
    elif isinstance(data, dict) and "paperId" in data:
        papers = [data]
    elif isinstance(data, list):
        papers = data
    else:
        papers = []
    return [r for p in papers if isinstance(p, dict) for r in [record_from_paper(p)] if r]


class SemanticScholarSource(HttpSource):
    """Semantic Scholar as a :class:`~citations.sources.base.Source` (module docstring)."""

    name = "semantic_scholar"
    BASE_URL = "https://api.semanticscholar.org/graph/v1/"
    indexes = frozenset({SourceType.PAPER})

    def _headers(self, config: SourceConfig) -> dict[str, str]:
        return {"x-api-key": config.api_key} if config.api_key else {}

    def _paper(self, key: str) -> Record | None:
        return self.http.get_record(
            "paper/" + quote(key, safe="/:;()"), parse_response, params={"fields": FIELDS}
        )

    def lookup_doi(self, doi: str) -> Record | None:
        """GET paper/DOI:{doi}; 404 -> None. Raises SourceError."""
        return self._paper("DOI:" + (normalize_doi(doi) or doi.strip()))

    def lookup_arxiv(self, arxiv_id: str) -> Record | None:
        """GET paper/ARXIV:{id without version}; 404 -> None."""
        a = parse_arxiv_id(arxiv_id)
        return None if a is None else self._paper(semantic_scholar_key(a))

    def search(self, reference: Reference, limit: int = 10) -> list[Record]:
        """GET paper/search/match?query={title} (best title match; 404 -> [])."""
        if not reference.title:
            return []
        resp = self.http.get(
            "paper/search/match",
            ok=(404,),
            params={"query": title_query_form(reference.title), "fields": FIELDS},
        )
        return [] if resp.status == 404 else parse_response(resp.body)[:limit]

    def lookup_many(self, keys: list[str]) -> list[Record | None]:
        """POST paper/batch with ids ("DOI:...", "ARXIV:...", "CorpusId:..."); one entry
        per key, None for unknown ones (at most 500 keys per call upstream)."""
        if not keys:
            return []
        resp = self.http.post(
            "paper/batch",
            params={"fields": FIELDS},
            content=json.dumps({"ids": keys}).encode(),
            headers={"Content-Type": "application/json"},
        )
        return parse_batch(resp.body)


__all__ = ["FIELDS", "SemanticScholarSource", "parse_batch", "parse_response", "record_from_paper"]
