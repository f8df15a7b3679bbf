"""BibTeX (and biblatex) entries -> :class:`~citations.model.Reference`.

A small tolerant reader, no dependency: ``@type{key, field = {...} | "..." | 123 | macro # ...}``
with nested braces, ``@string`` macros and the month macros, ``@comment`` / ``@preamble``
skipped, ``{...}`` or ``(...)`` as entry delimiters. A broken entry (unbalanced braces, a
field without ``=``, no key) becomes a :class:`BadEntry` with its line number and the reader
goes on at the next line starting with ``@``. Values are decoded from LaTeX
(:func:`citations.text.fold.delatex`); authors are split on `` and `` at brace depth 0 and parsed
with :func:`citations.text.names.parse_name` (a name inside one brace group is an organisation;
a braced surname is not). ``and others`` sets ``et_al``.

Entry type -> SourceType: article/inproceedings/incollection/conference/proceedings ->
paper; book/inbook/booklet -> book; phdthesis/mastersthesis/thesis -> thesis;
techreport/report -> report; software -> software; dataset/data -> dataset;
online/webpage/electronic/www -> web; misc -> web when it only has a URL, else unknown.
Source: the BibTeX format as documented in "BibTeXing" (Patashnik, 1988) and the biblatex
manual (entry types, ``eprint``/``eprinttype``/``archivePrefix``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from citations.model import Author, Reference, SourceType
from citations.text.fold import delatex
from citations.text.identifiers import (
    ArxivId,
    find_arxiv_ids,
    find_dois,
    normalize_doi,
    parse_arxiv_id,
)
from citations.text.names import parse_name

__all__ = ["BadEntry", "parse_bibtex", "reference_from_fields", "split_bibtex_authors"]


@dataclass(frozen=True, slots=True)
class BadEntry:
    """An entry that could not be read. line: 1-based line of its ``@``; key may be empty;
    raw: the text skipped (at most 2,000 characters); message: what was wrong."""

    line: int
    key: str
    message: str
    raw: str


_TYPES = {
    "article": SourceType.PAPER,
    "inproceedings": SourceType.PAPER,
    "conference": SourceType.PAPER,
    "incollection": SourceType.PAPER,
    "proceedings": SourceType.PAPER,
    "unpublished": SourceType.PAPER,
    "book": SourceType.BOOK,
    "inbook": SourceType.BOOK,
    "booklet": SourceType.BOOK,
    "mvbook": SourceType.BOOK,
    "collection": SourceType.BOOK,
    "phdthesis": SourceType.THESIS,
    "mastersthesis": SourceType.THESIS,
    "thesis": SourceType.THESIS,
    "techreport": SourceType.REPORT,
    "report": SourceType.REPORT,
    "manual": SourceType.REPORT,
    "software": SourceType.SOFTWARE,
    "dataset": SourceType.DATASET,
    "data": SourceType.DATASET,
    "online": SourceType.WEB,
    "webpage": SourceType.WEB,
    "electronic": SourceType.WEB,
    "www": SourceType.WEB,
    "legislation": SourceType.LEGAL,
    "legal": SourceType.LEGAL,
    "jurisdiction": SourceType.LEGAL,
}
#: The month macros every standard .bst style defines (jan -> "January"), as BibTeX
#: expands them; an entry's month becomes 1-12 (Reference.month).
_MONTH_NAMES = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
_MONTHS = {m[:3].lower(): m for m in _MONTH_NAMES}


class _Broken(Exception):
    pass


def _read_braced(text: str, i: int, close: str) -> tuple[str, int]:
    """text[i] is the opening delimiter; return (inner text, index after the closer)."""
    depth = 0
    j = i
    n = len(text)
    opener = text[i]
    while j < n:
        c = text[j]
        if c == "\\" and j + 1 < n:
            j += 2
            continue
        if opener == "{":
            if c == "{":
                depth += 1
            elif c == "}":
                depth -= 1
                if depth == 0:
                    return text[i + 1 : j], j + 1
        else:  # quoted: braces nest, the closing quote only at depth 0
            if c == "{":
                depth += 1
            elif c == "}":
                depth -= 1
            elif c == '"' and j > i and depth == 0:
                return text[i + 1 : j], j + 1
        if c == "@" and opener == "{" and depth == 1 and text[j - 1] == "\n":
            raise _Broken("unbalanced braces: a new entry starts inside this one")
        j += 1
    raise _Broken("unbalanced braces or quotes: reached the end of the input")


def _skip_ws(text: str, i: int) -> int:
    n = len(text)
    while i < n and text[i].isspace():
        i += 1
    return i


def _read_value(
    text: str, i: int, strings: Mapping[str, str], undefined: list[str] | None = None
) -> tuple[str, int]:
    """One field value: braced, quoted, a number or a macro, '#'-concatenated. A macro
    neither @string nor a month is kept as its own text and its name added to
    ``undefined`` (BibTeX warns and goes on; so do we)."""
    parts: list[str] = []
    n = len(text)
    while True:
        i = _skip_ws(text, i)
        if i >= n:
            raise _Broken("value missing at end of input")
        c = text[i]
        if c == "{":
            v, i = _read_braced(text, i, "}")
            parts.append(v)
        elif c == '"':
            v, i = _read_braced(text, i, '"')
            parts.append(v)
        else:
            m = re.compile(r"[^\s,#}{)\"=]+").match(text, i)
            if not m:
                raise _Broken(f"unexpected character {c!r} where a value should start")
            word = m.group(0)
            i = m.end()
            value = strings.get(word.lower(), _MONTHS.get(word.lower()))
            if value is None:
                value = word
                if undefined is not None and not word.isdigit():
                    undefined.append(word)
            parts.append(value)
        i = _skip_ws(text, i)
        if i < n and text[i] == "#":
            i += 1
            continue
        return "".join(parts), i


_UNDEFINED = " undefined"  # pseudo-field (a name no field can have): undefined macros


def _parse_body(
    text: str, i: int, close: str, strings: Mapping[str, str]
) -> tuple[str, dict[str, str], int]:
    """Parse 'key, field = value, ...' up to the closing delimiter. Returns (key, fields, end)."""
    n = len(text)
    m = re.compile(r"\s*([^\s,{}()=\"#]*)\s*,").match(text, i)
    key = ""
    if m:
        key = m.group(1)
        i = m.end()
    fields: dict[str, str] = {}
    undefined: list[str] = []
    while True:
        i = _skip_ws(text, i)
        if i >= n:
            raise _Broken("entry not closed")
        if text[i] == close:
            if undefined:  # reference_from_fields turns it into Reference.warnings
                fields[_UNDEFINED] = " ".join(dict.fromkeys(undefined))
            return key, fields, i + 1
        if text[i] == ",":
            i += 1
            continue
        m = re.compile(r"([A-Za-z][\w:.+-]*)\s*=").match(text, i)
        if not m:
            raw_tail = text[i : i + 40].split("\n")[0]
            raise _Broken(f"expected 'field = value', found {raw_tail!r}")
        name = m.group(1).lower()
        value, i = _read_value(text, m.end(), strings, undefined)
        fields[name] = value


def parse_bibtex(text: str) -> list[Reference | BadEntry]:
    """Read every entry of a .bib text.

    Returns: one item per entry in file order: a Reference (``raw`` = the entry's source text,
        ``marker`` = the citation key) or a BadEntry; ``@string``/``@comment``/``@preamble``
        give nothing. Raises: nothing; a broken entry is a BadEntry and reading goes on.
    """
    out: list[Reference | BadEntry] = []
    strings: dict[str, str] = {}
    i = 0
    n = len(text or "")
    at_re = re.compile(r"@\s*([A-Za-z]+)\s*([{(])")
    while i < n:
        m = at_re.search(text, i)
        if m is None:
            break
        start = m.start()
        etype = m.group(1).lower()
        close = "}" if m.group(2) == "{" else ")"
        line = text.count("\n", 0, start) + 1
        if etype == "comment":
            try:
                _, i = (
                    _read_braced(text, m.end() - 1, close)
                    if close == "}"
                    else (None, text.find(")", m.end()) + 1)
                )
            except _Broken:
                i = m.end()
            continue
        try:
            if etype == "preamble":
                _, i = _read_value(text, m.end(), strings)
                i = _skip_ws(text, i)
                i += 1 if i < n and text[i] == close else 0
                continue
            if etype == "string":
                mm = re.compile(r"\s*([A-Za-z][\w:.+-]*)\s*=").match(text, m.end())
                if not mm:
                    raise _Broken("@string without 'name = value'")
                value, i = _read_value(text, mm.end(), strings)
                strings[mm.group(1).lower()] = value
                i = _skip_ws(text, i)
                if i < n and text[i] == close:
                    i += 1
                continue
            key, fields, end = _parse_body(text, m.end(), close, strings)
            if not key:
                raise _Broken("entry has no citation key")
            raw = text[start:end]
            out.append(reference_from_fields(fields, etype, raw=raw, key=key))
            i = end
        except _Broken as exc:
            nxt = re.compile(r"^\s*@", re.MULTILINE).search(text, m.end())
            end = nxt.start() if nxt else n
            km = re.compile(r"\s*([^\s,{}()=]*)\s*,").match(text, m.end())
            out.append(
                BadEntry(
                    line=line,
                    key=km.group(1) if km else "",
                    message=str(exc),
                    raw=text[start:end][:2000],
                )
            )
            i = end
    return out


def split_bibtex_authors(value: str) -> tuple[list[str], bool]:
    """Split a BibTeX name list on `` and `` at brace depth 0. Returns (names, et_al) where
    et_al is True for a final ``others``."""
    names: list[str] = []
    depth = 0
    cur: list[str] = []
    tokens = re.split(r"(\s+and\s+|[{}])", value, flags=re.IGNORECASE)
    for tok in tokens:
        if tok == "{":
            depth += 1
        elif tok == "}":
            depth -= 1
        if depth == 0 and re.fullmatch(r"\s+and\s+", tok or "", flags=re.IGNORECASE):
            names.append("".join(cur))
            cur = []
        else:
            cur.append(tok)
    names.append("".join(cur))
    names = [" ".join(x.split()) for x in names if x and x.strip()]
    et_al = bool(names) and names[-1].lower() in {"others", "et al.", "et al"}
    if et_al:
        names = names[:-1]
    return names, et_al


def _clean_value(v: str) -> str:
    return " ".join(delatex(v).split()).strip()


_VENUE_FIELDS = "journal journaltitle booktitle series howpublished school institution".split()


def _year(f: Mapping[str, str]) -> int | None:
    """The first four-digit year in ``year``, else in ``date``."""
    for k in ("year", "date"):
        if f.get(k):
            m = re.search(r"(1[5-9]\d\d|20\d\d)", str(f[k]))
            if m:
                return int(m.group(1))
    return None


def _identifiers(f: Mapping[str, str]) -> tuple[str | None, ArxivId | None, str | None]:
    """(DOI, arXiv id, URL): the ``doi`` and ``eprint`` fields, else an arXiv id written in
    the venue, note, URL or volume fields, else a DOI in the URL."""
    doi = normalize_doi(str(f["doi"])) if f.get("doi") else None
    arxiv = None
    eprint_type = str(f.get("archiveprefix") or f.get("eprinttype") or "").lower()
    if f.get("eprint") and (eprint_type in {"", "arxiv"}):
        arxiv = parse_arxiv_id(str(f["eprint"]))
    url = str(f["url"]).strip() if f.get("url") else None
    joined = " ".join(
        str(f.get(k, "")) for k in ("journal", "booktitle", "note", "url", "howpublished", "volume")
    )
    if arxiv is None:
        found = find_arxiv_ids(joined)
        arxiv = found[0] if found else None
    if doi is None and url:
        ds = find_dois(url)
        doi = ds[0] if ds else None
    return doi, arxiv, url


def _source_type(
    etype: str, venue: str | None, doi: str | None, arxiv: ArxivId | None, url: str | None
) -> SourceType:
    """The work type of the entry type; a ``misc`` entry is a web page when it has only a
    URL, a paper when it has a DOI or an arXiv id, else unknown."""
    stype = _TYPES.get(etype)
    if stype is not None:
        return stype
    if etype != "misc":
        return SourceType.UNKNOWN
    if url and not venue and not doi and arxiv is None:
        return SourceType.WEB
    return SourceType.PAPER if arxiv is not None or doi else SourceType.UNKNOWN


def _optional(f: Mapping[str, str], key: str) -> str | None:
    return _clean_value(f[key]) if f.get(key) else None


def reference_from_fields(
    fields: Mapping[str, str],
    entry_type: str = "misc",
    *,
    raw: str | None = None,
    key: str | None = None,
) -> Reference:
    """Build a Reference from BibTeX fields (names lower- or mixed-case, values as in the file,
    LaTeX allowed). Used for parsed .bib entries and for field dicts such as HALLMARK's."""
    f = {k.lower(): v for k, v in fields.items() if v is not None}
    etype = entry_type.lower()
    authors: list[Author] = []
    et_al = False
    if f.get("author"):
        names, et_al = split_bibtex_authors(str(f["author"]))
        authors = [a for a in (parse_name(x) for x in names) if a.family]
    venue = next((_clean_value(f[k]) for k in _VENUE_FIELDS if f.get(k)), None)
    doi, arxiv, url = _identifiers(f)
    if (
        venue
        and arxiv is not None
        and re.fullmatch(r"(?i)arxiv(?:\s+preprint)?\s*(?:arxiv)?\s*:?\s*\S*", venue)
    ):
        venue = "arXiv"
    pages = _clean_value(f["pages"]).replace("--", "–") if f.get("pages") else None
    warnings = tuple(
        f"undefined macro {w!r} kept as literal text" for w in str(f.get(_UNDEFINED, "")).split()
    )
    return Reference(
        raw=raw if raw is not None else _render(etype, key or "entry", f),
        title=_optional(f, "title") or None,
        authors=tuple(authors),
        et_al=et_al,
        year=_year(f),
        venue=venue or None,
        volume=_optional(f, "volume"),
        issue=_clean_value(f.get("number") or f.get("issue") or "") or None,
        pages=pages or None,
        publisher=_optional(f, "publisher"),
        address=_optional(f, "address"),
        doi=doi,
        arxiv_id=arxiv.id if arxiv else None,
        arxiv_version=arxiv.version if arxiv else None,
        url=url,
        source_type=_source_type(etype, venue, doi, arxiv, url),
        marker=key,
        parser="bibtex",
        month=_month(str(f.get("month", ""))),
        note=_optional(f, "note"),
        warnings=warnings,
    )


def _month(value: str) -> int | None:
    """1-12 from a month field: a number, a name or its abbreviation ("Jan", "jan.",
    "January", "1"); None for anything else (a season, a range)."""
    v = value.strip().rstrip(".").lower()
    if v.isdigit():
        return int(v) if 1 <= int(v) <= 12 else None
    return next(
        (
            k
            for k, name in enumerate(_MONTH_NAMES, start=1)
            if len(v) >= 3 and name.lower().startswith(v)
        ),
        None,
    )


def _render(etype: str, key: str, fields: Mapping[str, str]) -> str:
    body = ",\n".join(f"  {k} = {{{v}}}" for k, v in fields.items() if k != _UNDEFINED)
    return f"@{etype}{{{key},\n{body}\n}}"
