"""arXiv API adapter (https://export.arxiv.org/api/query; docs:
https://info.arxiv.org/help/api/user-manual.html; terms: one request every 3 s).

    >>> src = ArxivSource()
    >>> src.lookup_arxiv("2301.01234v3")   # id_list=2301.01234v3 (versioned when cited so)
    >>> src.search(reference)              # search_query=ti:"..."

Pure half: :func:`parse_response` reads the Atom feed. Quirks handled:

- an unknown but well-formed id answers HTTP 200 with zero entries (not 404);
- a malformed id (an abs URL, a truncated number) answers HTTP 400, or HTTP 200, with
  one pseudo-entry titled "Error" whose id is ``.../api/errors#...``: it is
  never a record (parse_response drops it; only ``/abs/`` ids count) and the request
  raises SourceError (feed_error), so an error is never taken for "no such paper";
- several ids in ``id_list``: missing ones are silently dropped, so results are matched
  back by id, never by position;
- a paper may really be titled "0": titles are kept as given.

Record.id is the versioned id ("1605.08386v1"); Record.arxiv_id is unversioned.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from citations.errors import SourceError
from citations.model import Record, Reference, SourceType
from citations.parse import title_query_form
from citations.sources._parsing import abstract_text, author_from_name, clean_doi, text, year_of
from citations.sources.http import HttpSource
from citations.text.identifiers import arxiv_api_key, doi_key, parse_arxiv_id

_NS = {"a": "http://www.w3.org/2005/Atom", "arxiv": "http://arxiv.org/schemas/atom"}
_ABS = re.compile(r"arxiv\.org/abs/(.+?)/?$")
_NON_WORD = re.compile(r"[^\w]+|_+")


def parse_response(body: bytes) -> list[Record]:
    """Papers in an arXiv Atom feed, in feed order; error pseudo-entries and bodies that
    are not XML give nothing. Never raises."""
    try:
        root = ET.fromstring(body)
    except ET.ParseError:
        return []
    out = []
    for entry in root.findall("a:entry", _NS):
        eid = entry.findtext("a:id", default="", namespaces=_NS).strip()
        m = _ABS.search(eid)
        if not m or _is_error_entry(entry):
            continue
        versioned = m.group(1)
        aid = parse_arxiv_id(versioned)
        title_el = entry.find("a:title", _NS)
        title = " ".join((title_el.text or "").split()) if title_el is not None else ""
        authors = tuple(
            a
            for a in (
                author_from_name(n.findtext("a:name", namespaces=_NS))
                for n in entry.findall("a:author", _NS)
            )
            if a is not None
        )
        journal = text(entry.findtext("arxiv:journal_ref", namespaces=_NS))
        out.append(
            Record(
                source="arxiv",
                id=aid.versioned if aid else versioned,
                title=title,
                authors=authors,
                year=year_of(entry.findtext("a:published", default="", namespaces=_NS)),
                dates=_arxiv_dates(entry),
                venue=journal or "arXiv",
                doi=clean_doi(entry.findtext("arxiv:doi", namespaces=_NS)),
                arxiv_id=aid.id if aid else versioned,
                url=f"https://arxiv.org/abs/{versioned}",
                source_type=SourceType.PAPER,
                abstract=abstract_text(entry.findtext("a:summary", namespaces=_NS)),
            )
        )
    return out


def _arxiv_dates(entry: ET.Element) -> tuple[tuple[str, int], ...]:
    """The years the entry was posted (version 1) and last updated, as Record.dates."""
    out: list[tuple[str, int]] = []
    for tag, kind in (("a:published", "posted"), ("a:updated", "updated")):
        y = year_of(entry.findtext(tag, default="", namespaces=_NS))
        if y:
            out.append((kind, y))
    return tuple(out)


def feed_error(body: bytes) -> str | None:
    """The message of an arXiv API error feed, or None: an entry whose id is under
    ``/api/errors``, or one titled "Error" with no author but "arXiv api core" (a malformed id).
    Never raises (a body that is not XML is no error feed)."""
    try:
        root = ET.fromstring(body)
    except ET.ParseError:
        return None
    for entry in root.findall("a:entry", _NS):
        if _is_error_entry(entry):
            summary = " ".join((entry.findtext("a:summary", default="", namespaces=_NS)).split())
            return summary or "error entry"
    return None


def _is_error_entry(entry: ET.Element) -> bool:
    eid = entry.findtext("a:id", default="", namespaces=_NS)
    title = " ".join((entry.findtext("a:title", default="", namespaces=_NS)).split())
    names = [
        (n.findtext("a:name", default="", namespaces=_NS)).strip().lower()
        for n in entry.findall("a:author", _NS)
    ]
    return "/api/errors" in eid or (title == "Error" and set(names) <= {"", "arxiv api core"})


def search_query(title: str) -> str:
    """``ti:"..."`` for a title: every character that is not a letter or digit
    becomes a space, so no bare ':' (field prefix) and no token starting with '-' (NOT)."""
    words = _NON_WORD.sub(" ", title_query_form(title)).split()
    return 'ti:"' + " ".join(words) + '"'


class ArxivSource(HttpSource):
    """arXiv as a :class:`~citations.sources.base.Source` (module docstring)."""

    name = "arxiv"
    BASE_URL = "https://export.arxiv.org/api/"
    indexes = frozenset({SourceType.PAPER})

    def _query(self, params: dict[str, str]) -> list[Record]:
        """The records of one API answer. Raises SourceError (status 400, or the feed's
        own status) for an error feed: HTTP 400 or an error entry (feed_error)."""
        resp = self.http.get("query", params=params, ok=(400,))
        err = feed_error(resp.body)
        if resp.status == 400 or err is not None:
            raise SourceError(
                f"API error: {err or 'HTTP 400'}",
                source=self.name,
                url=resp.url,
                status=resp.status,
            )
        return parse_response(resp.body)

    def lookup_doi(self, doi: str) -> Record | None:
        """A 10.48550/arXiv.{id} DOI is looked up by its id; other DOIs: None, no request."""
        n = doi_key(doi or "")
        if "10.48550/arxiv." in n:
            return self.lookup_arxiv(n.split("10.48550/arxiv.", 1)[1])
        return None

    def lookup_arxiv(self, arxiv_id: str) -> Record | None:
        """GET query?id_list={id} (versioned when given; an abs URL is sent as its
        id); None when absent or the id is malformed (no request for an id that does not
        parse, such as a truncated number). Raises SourceError, also for an API error."""
        a = parse_arxiv_id(arxiv_id)
        if a is None:
            return None
        key = arxiv_api_key(a)
        for rec in self._query({"id_list": key, "max_results": "1"}):
            if rec.arxiv_id and rec.arxiv_id.lower() == a.id.lower():
                return rec
        return None

    def search(self, reference: Reference, limit: int = 10) -> list[Record]:
        """GET query?search_query=ti:"..."; [] without a title. Raises SourceError."""
        if not reference.title:
            return []
        q = search_query(reference.title)
        if q == 'ti:""':
            return []
        return self._query({"search_query": q, "max_results": str(limit)})[:limit]

    def lookup_many(self, arxiv_ids: list[str]) -> list[Record | None]:
        """One request for several ids; results matched back by id (order of the input)."""
        parsed = [parse_arxiv_id(x) for x in arxiv_ids]
        keys = [arxiv_api_key(a) for a in parsed if a is not None]
        if not keys:
            return [None] * len(arxiv_ids)
        recs = self._query({"id_list": ",".join(keys), "max_results": str(len(keys))})
        by_id = {r.arxiv_id.lower(): r for r in recs if r.arxiv_id}
        return [by_id.get(a.id.lower()) if a else None for a in parsed]


__all__ = ["ArxivSource", "feed_error", "parse_response", "search_query"]
