"""CSL-JSON items -> :class:`~citations.model.Reference`.

Reads the variables of the CSL 1.0.2 data schema (https://citeproc-js.readthedocs.io/en/latest/csl-json/markup.html
and https://github.com/citation-style-language/schema csl-data.json): ``type``, ``title``,
``author`` (``family``, ``given``, ``non-dropping-particle``, ``dropping-particle``,
``suffix``, ``literal``), ``issued`` (``date-parts``, ``raw``, ``literal`` or an EDTF
string such as ``"1998-04"``),
``container-title``, ``volume``, ``issue``, ``page``, ``publisher``, ``publisher-place``,
``DOI``, ``URL``, ``number`` and ``note``/``archive_location`` for arXiv ids. Crossref's
``/works`` message objects use the same names (titles as one-element lists), so they read too.

CSL type -> SourceType: article-journal, article, paper-conference (and Crossref's
journal-article, proceedings-article, posted-content) -> paper; book, chapter -> book;
thesis; report; dataset; software; webpage, post, post-weblog -> web; legislation,
legal_case, bill, regulation, treaty -> legal; anything else -> unknown.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from citations.errors import InputError
from citations.model import Author, Reference, SourceType
from citations.text.fold import delatex
from citations.text.identifiers import find_arxiv_ids, normalize_doi, parse_arxiv_id

__all__ = ["parse_csl_json", "reference_from_csl"]

_TYPES = {
    "article-journal": SourceType.PAPER,
    "article": SourceType.PAPER,
    "paper-conference": SourceType.PAPER,
    "article-magazine": SourceType.PAPER,
    "article-newspaper": SourceType.WEB,
    "manuscript": SourceType.PAPER,
    "journal-article": SourceType.PAPER,
    "proceedings-article": SourceType.PAPER,
    "posted-content": SourceType.PAPER,
    "chapter": SourceType.BOOK,
    "book": SourceType.BOOK,
    "book-chapter": SourceType.BOOK,
    "edited-book": SourceType.BOOK,
    "monograph": SourceType.BOOK,
    "thesis": SourceType.THESIS,
    "dissertation": SourceType.THESIS,
    "report": SourceType.REPORT,
    "dataset": SourceType.DATASET,
    "software": SourceType.SOFTWARE,
    "webpage": SourceType.WEB,
    "post": SourceType.WEB,
    "post-weblog": SourceType.WEB,
    "legislation": SourceType.LEGAL,
    "legal_case": SourceType.LEGAL,
    "bill": SourceType.LEGAL,
    "regulation": SourceType.LEGAL,
    "treaty": SourceType.LEGAL,
}


def _text(v: Any) -> str | None:
    if v is None:
        return None
    if isinstance(v, list):
        v = v[0] if v else None
        if v is None:
            return None
    s = " ".join(delatex(str(v)).split())
    s = re.sub(r"</?(?:i|b|sup|sub|sc|span)[^>]*>", "", s)
    return s or None


def _author(d: Mapping[str, Any]) -> Author | None:
    if not isinstance(d, Mapping):
        return None
    if d.get("literal"):
        return Author(family=str(d["literal"]).strip(), literal=True)
    family = _text(d.get("family")) or ""
    if not family:
        name = _text(d.get("name"))
        return Author(family=name, literal=True) if name else None
    ndp = _text(d.get("non-dropping-particle")) or ""
    dp = _text(d.get("dropping-particle")) or ""
    given = _text(d.get("given")) or ""
    suffix = _text(d.get("suffix")) or ""
    if suffix:
        given = f"{given} {suffix}".strip()
    if ndp:
        family = f"{ndp} {family}"
    return Author(family=family, given=given, particle=dp)


_YEAR_IN = re.compile(r"(?<!\d)(1[5-9]\d\d|20\d\d)(?!\d)")
#: an EDTF date string: "1998", "1998-04", "1998-04-12", "1998~", "1998?", "1998-21"
#: (a season), "1998/1999" (an interval: its start), "1998-04-12T10:00:00Z"
_EDTF_YEAR = re.compile(r"^\s*(\d{4})(?![\dXxu])")


def _date_year(d: Any) -> int | None:
    """The year of one CSL date variable in any shape the schema allows: an object with
    ``date-parts`` (numbers or numeric strings), ``raw``, ``literal`` or ``iso-8601``, or
    an EDTF string. None when it names no year ("199X", "Spring", "n.d.")."""
    if isinstance(d, str):
        m = _EDTF_YEAR.match(d)
        if m:
            return int(m.group(1))
        m = _YEAR_IN.search(d)
        return int(m.group(1)) if m else None
    if isinstance(d, (int, float)) and not isinstance(d, bool) and 1500 <= d <= 2099:
        return int(d)
    if not isinstance(d, Mapping):
        return None
    parts = d.get("date-parts")
    if isinstance(parts, list) and parts:
        first = parts[0]
        y = first[0] if isinstance(first, list) and first else first
        if isinstance(y, (int, str)) and not isinstance(y, bool):
            got = _date_year(str(y).strip())
            if got is not None:
                return got
    for rk in ("raw", "literal", "iso-8601", "date-time"):
        if d.get(rk):
            got = _date_year(str(d[rk]))
            if got is not None:
                return got
    return None


def _year(item: Mapping[str, Any]) -> int | None:
    for k in ("issued", "published", "published-print", "published-online", "created"):
        y = _date_year(item.get(k))
        if y is not None:
            return y
    if item.get("year"):
        return _date_year(str(item["year"]))
    return None


def reference_from_csl(item: Mapping[str, Any]) -> Reference:
    """One CSL-JSON item -> Reference (``raw`` = the item as compact JSON, ``parser="csl"``).
    Raises: InputError if ``item`` is not a JSON object."""
    if not isinstance(item, Mapping):
        raise InputError(f"CSL-JSON item must be an object, got {type(item).__name__}")
    authors = tuple(
        a
        for a in (
            _author(x) for x in item.get("author") or [] if isinstance(item.get("author"), list)
        )
        if a is not None
    )
    doi = normalize_doi(str(item["DOI"])) if item.get("DOI") else None
    arxiv = None
    for k in ("arxiv", "arXiv", "eprint"):
        if item.get(k):
            arxiv = parse_arxiv_id(str(item[k]))
    if arxiv is None:
        joined = " ".join(
            str(item.get(k, ""))
            for k in ("note", "archive_location", "URL", "number", "container-title")
        )
        found = find_arxiv_ids(joined)
        arxiv = found[0] if found else None
    ctype = str(item.get("type", "")).lower()
    return Reference(
        raw=json.dumps(item, ensure_ascii=False, sort_keys=True, default=str),
        title=_text(item.get("title")),
        authors=authors,
        year=_year(item),
        venue=_text(item.get("container-title"))
        or _text(item.get("event-title"))
        or _text(item.get("event")),
        volume=_text(item.get("volume")),
        issue=_text(item.get("issue")),
        pages=_text(item.get("page")),
        publisher=_text(item.get("publisher")),
        address=_text(item.get("publisher-place")),
        doi=doi,
        arxiv_id=arxiv.id if arxiv else None,
        arxiv_version=arxiv.version if arxiv else None,
        url=_text(item.get("URL")),
        source_type=_TYPES.get(ctype, SourceType.UNKNOWN),
        marker=_text(item.get("id")) if item.get("id") is not None else None,
        parser="csl",
    )


def parse_csl_json(data: str | bytes | list[Any] | Mapping[str, Any]) -> list[Reference]:
    """Read CSL-JSON: a JSON text or already-loaded data, one item or a list of items.

    Returns: one Reference per item; an item that is not an object gives a Reference with
        only ``raw`` (unparsed) so the batch goes on.
    Raises: InputError if the text is not JSON or the top level is neither object nor list.
    """
    if isinstance(data, (str, bytes)):
        try:
            data = json.loads(data)
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise InputError(f"CSL-JSON is not valid JSON: {exc}") from exc
    if isinstance(data, Mapping):
        items: list[Any] = (
            [data.get("message", data)]
            if "message" in data and isinstance(data.get("message"), Mapping)
            else [data]
        )
        if isinstance(data.get("items"), list):
            items = data["items"]
    elif isinstance(data, list):
        items = data
    else:
        raise InputError(f"CSL-JSON must be an object or a list, got {type(data).__name__}")
    out = []
    for item in items:
        if isinstance(item, Mapping):
            out.append(reference_from_csl(item))
        else:
            out.append(Reference(raw=json.dumps(item, default=str), parser="csl"))
    return out
