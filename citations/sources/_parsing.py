"""Small pure helpers shared by the adapters' ``parse_response`` functions."""

from __future__ import annotations

import html
import json
import re
from typing import Any

from citations.model import Author
from citations.text.identifiers import normalize_doi, parse_arxiv_id
from citations.text.names import parse_name

_TAG = re.compile(r"<[^>]{1,200}>")
_YEAR = re.compile(r"(1[5-9]\d\d|20\d\d)")


def load_json(body: bytes) -> Any:
    """The JSON value of ``body``, or None when it is not JSON (plain-text 404 bodies,
    HTML error pages). Never raises."""
    try:
        return json.loads(body)
    except (ValueError, UnicodeDecodeError):
        return None


def text(value: object) -> str | None:
    """A clean one-line string (markup tags dropped, entities decoded) or None if empty.
    Lists give their first non-empty item."""
    if isinstance(value, list):
        for v in value:
            t = text(v)
            if t:
                return t
        return None
    if value is None or isinstance(value, (dict, bool)):
        return None
    s = html.unescape(_TAG.sub("", str(value)))
    s = " ".join(s.split())
    return s or None


def abstract_text(value: object) -> str | None:
    """An abstract as plain text: JATS/HTML tags dropped (a leading "Abstract" title too),
    entities decoded, whitespace collapsed; an OpenAlex ``abstract_inverted_index``
    ({word: [positions]}) put back in word order. None when empty."""
    if isinstance(value, dict):
        placed = sorted(
            (p, str(w))
            for w, ps in value.items()
            if isinstance(ps, list)
            for p in ps
            if isinstance(p, int)
        )
        value = " ".join(w for _, w in placed)
    if not isinstance(value, str):
        return None
    s = re.sub(r"^\s*<jats:title>[^<]{0,40}</jats:title>", "", value)
    s = " ".join(html.unescape(_TAG.sub(" ", s)).split())
    return s or None


def year_of(value: object) -> int | None:
    """A year from an int or from the first 4-digit year in a string; else None."""
    if isinstance(value, int) and 1500 <= value <= 2100:
        return value
    if isinstance(value, str):
        m = _YEAR.search(value)
        return int(m.group(1)) if m else None
    return None


def author_from_name(name: object) -> Author | None:
    """An Author from a display name ("Ines Moura", "Moura, Ines"), or None if empty."""
    s = text(name)
    if not s:
        return None
    try:
        return parse_name(s)
    except Exception:  # a name the parser cannot split is kept whole
        return Author(family=s, literal=True)


def doi_path(doi: str) -> str:
    """A DOI normalised (resolver prefix, case of the prefix) and quoted for a URL path:
    '/', ':', ';' and parentheses kept, '<', '>' and spaces escaped (SICI DOIs)."""
    from urllib.parse import quote

    return quote(normalize_doi(doi) or doi.strip(), safe="/:;()")


def clean_doi(value: object) -> str | None:
    """A DOI without resolver prefix (``https://doi.org/10.1/x`` -> ``10.1/x``) or None."""
    s = text(value)
    if not s:
        return None
    return normalize_doi(s)


def arxiv_of(value: object) -> str | None:
    """The unversioned arXiv id in an id, abs URL or arXiv DOI; else None."""
    s = text(value)
    if not s:
        return None
    a = parse_arxiv_id(s)
    return a.id if a else None


def pages_of(first: object, last: object) -> str | None:
    f, la = text(first), text(last)
    if f and la and la != f:
        return f"{f}-{la}"
    return f or None


__all__ = ["arxiv_of", "author_from_name", "clean_doi", "load_json", "pages_of", "text", "year_of"]


#: Crossref / CSL date variables -> Record.dates kinds
CSL_DATE_KINDS = (
    ("issued", "issued"),
    ("published-print", "print"),
    ("published-online", "online"),
    ("posted", "posted"),
)


def csl_dates(item: dict[str, Any]) -> tuple[tuple[str, int], ...]:
    """``(kind, year)`` for each Crossref / CSL date of ``item`` that holds a year
    (issued, published-print, published-online, posted, and journal-issue's print and
    online dates as "issue"), distinct, in that order."""
    out: list[tuple[str, int]] = []

    def add(kind: str, value: object) -> None:
        parts = value.get("date-parts") if isinstance(value, dict) else None
        if isinstance(parts, list) and parts and isinstance(parts[0], list) and parts[0]:
            y = year_of(parts[0][0] if isinstance(parts[0][0], int) else str(parts[0][0]))
            if y and (kind, y) not in out:
                out.append((kind, y))

    for key, kind in CSL_DATE_KINDS:
        add(kind, item.get(key))
    issue = item.get("journal-issue")
    if isinstance(issue, dict):
        add("issue", issue.get("published-print"))
        add("issue", issue.get("published-online"))
    return tuple(out)
