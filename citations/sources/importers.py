"""Readers that turn bibliographic files into :class:`~citations.model.Record` objects.

Formats (chosen by file name):

- ``*.jsonl`` / ``*.jsonl.gz``: one JSON object per line. Accepted shapes: the ACL
  Anthology conversion (shared/data/acl-anthology/README.md: ``id``, ``title``, ``authors``
  as "First Last" strings, ``year``, ``venue``, ``publisher``, ``address``, ``pages``,
  ``doi``, ``url``), a serialised Record (``source`` + ``id``), CiteTracer-style records
  (``location`` = address), or a CSL-JSON item (``container-title``, ``issued``, ``author``
  as ``{family, given}``).
- ``*.json``: a JSON array of the same shapes (CSL-JSON export, CiteTracer seeds).
- ``*.bib``: BibTeX via :func:`citations.bibtex.parse_bibtex`.

Every reader yields records lazily; a bad line raises :class:`InputError` naming the file
and line unless ``errors`` is given, in which case the error is appended and the line
skipped.
"""

from __future__ import annotations

import gzip
import json
import re
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from citations.errors import InputError
from citations.model import Author, Record, Reference, SourceType
from citations.sources._parsing import csl_dates
from citations.text.names import parse_author_list, parse_name

_TYPE_MAP = {
    "article": SourceType.PAPER,
    "article-journal": SourceType.PAPER,
    "paper-conference": SourceType.PAPER,
    "inproceedings": SourceType.PAPER,
    "proceedings-article": SourceType.PAPER,
    "journal-article": SourceType.PAPER,
    "book": SourceType.BOOK,
    "chapter": SourceType.BOOK,
    "book-chapter": SourceType.BOOK,
    "thesis": SourceType.THESIS,
    "phdthesis": SourceType.THESIS,
    "report": SourceType.REPORT,
    "techreport": SourceType.REPORT,
    "dataset": SourceType.DATASET,
    "software": SourceType.SOFTWARE,
    "webpage": SourceType.WEB,
    "legislation": SourceType.LEGAL,
}


def _str(v: Any) -> str | None:
    if v is None:
        return None
    if isinstance(v, list):
        v = v[0] if v else None
        if v is None:
            return None
    s = str(v).strip()
    return s or None


def _authors(value: Any) -> tuple[Author, ...]:
    if not value:
        return ()
    if isinstance(value, str):
        return tuple(parse_author_list(value)[0])
    out: list[Author] = []
    for a in value:
        if isinstance(a, str):
            if a.strip():
                out.append(parse_name(a))
        elif isinstance(a, Mapping):
            if "literal" in a:
                out.append(Author(family=str(a["literal"]), literal=True))
            elif a.get("family"):
                out.append(
                    Author(
                        family=str(a["family"]),
                        given=str(a.get("given") or ""),
                        particle=str(a.get("non-dropping-particle") or a.get("particle") or ""),
                    )
                )
    return tuple(out)


def _year(d: Mapping[str, Any]) -> int | None:
    y = d.get("year")
    if y in (None, ""):
        issued = d.get("issued") or d.get("published") or {}
        parts = issued.get("date-parts") if isinstance(issued, Mapping) else None
        if parts and parts[0]:
            y = parts[0][0]
    try:
        return int(str(y)[:4]) if y not in (None, "") else None
    except ValueError:
        return None


def record_from_mapping(d: Mapping[str, Any], *, source: str, default_id: str) -> Record:
    """One record from a dict in any of the accepted shapes (see module docstring).

    Raises: InputError if there is no title.
    """
    if (
        "source" in d
        and "id" in d
        and isinstance(d.get("authors", []), list)
        and all(isinstance(a, Mapping) for a in d.get("authors", []))
        and "title" in d
    ):
        try:
            return Record.model_validate(d)
        except ValidationError:
            pass
    title = _str(d.get("title"))
    if not title:
        raise InputError("record has no title")
    rid = (
        _str(d.get("id"))
        or _str(d.get("citation_id"))
        or _str(d.get("DOI"))
        or _str(d.get("doi"))
        or default_id
    )
    stype = _TYPE_MAP.get(str(d.get("type") or d.get("ENTRYTYPE") or "").lower(), SourceType.PAPER)
    return Record(
        source=_str(d.get("source")) or source,
        id=rid,
        title=title,
        authors=_authors(d.get("authors") if "authors" in d else d.get("author")),
        year=_year(d),
        dates=csl_dates(dict(d)),
        venue=_str(d.get("venue"))
        or _str(d.get("container-title"))
        or _str(d.get("journal"))
        or _str(d.get("booktitle")),
        volume=_str(d.get("volume")),
        issue=_str(d.get("issue")) or _str(d.get("number")),
        pages=_str(d.get("pages")) or _str(d.get("page")),
        publisher=_str(d.get("publisher")),
        address=_str(d.get("address")) or _str(d.get("location")) or _str(d.get("publisher-place")),
        doi=_str(d.get("doi")) or _str(d.get("DOI")),
        arxiv_id=_str(d.get("arxiv_id")) or _str(d.get("eprint")),
        url=_str(d.get("url")) or _str(d.get("URL")),
        source_type=stype,
    )


def record_from_reference(ref: Reference, *, source: str, default_id: str) -> Record:
    """A record built from a parsed reference (BibTeX or CSL entries). Raises InputError
    if the reference has no title."""
    if not ref.title:
        raise InputError(f"entry without a title: {ref.raw[:80]!r}")
    return Record(
        source=source,
        id=ref.marker or default_id,
        title=ref.title,
        authors=ref.authors,
        year=ref.year,
        venue=ref.venue,
        volume=ref.volume,
        issue=ref.issue,
        pages=ref.pages,
        publisher=ref.publisher,
        address=ref.address,
        doi=ref.doi,
        arxiv_id=ref.arxiv_id,
        url=ref.url,
        source_type=ref.source_type
        if ref.source_type is not SourceType.UNKNOWN
        else SourceType.PAPER,
    )


def _source_name(path: Path) -> str:
    name = path.name
    for suffix in (".gz", ".jsonl", ".json", ".bib"):
        name = name.removesuffix(suffix)
    if "acl-anthology" in str(path) or name == "records":
        return "acl-anthology" if "acl" in str(path) else name
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", name) or "file"


def _open_text(path: Path) -> Iterable[str]:
    if path.suffix == ".gz":
        return gzip.open(path, "rt", encoding="utf-8")
    return path.open("r", encoding="utf-8")


def iter_records(
    path: str | Path, *, source: str | None = None, errors: list[InputError] | None = None
) -> Iterator[Record]:
    """Records from one file (format by suffix, see module docstring).

    Args: source: name stored with each record (default: "acl-anthology" for the ACL
          file, else the file stem). errors: if given, bad entries are appended and skipped.
    Raises: InputError (missing file, unknown suffix, bad entry when ``errors`` is None).
    """
    p = Path(path)
    if p.is_dir():
        raise InputError(f"{p}: is a directory; give the record files themselves")
    if not p.is_file():
        raise InputError(f"{p}: no such file")
    src = source or _source_name(p)
    name = p.name.lower()

    def bad(msg: str) -> None:
        err = InputError(f"{p}: {msg}")
        if errors is None:
            raise err
        errors.append(err)

    if name.endswith((".jsonl", ".jsonl.gz", ".ndjson")):
        lineno = 0
        try:
            with _open_text(p) as fh:  # type: ignore[attr-defined]
                for lineno, line in enumerate(fh, start=1):
                    if not line.strip():
                        continue
                    try:
                        d = json.loads(line)
                        if not isinstance(d, dict):
                            raise InputError("not a JSON object")
                        yield record_from_mapping(d, source=src, default_id=f"{p.name}:{lineno}")
                    except (json.JSONDecodeError, InputError, ValidationError, TypeError) as exc:
                        bad(f"line {lineno}: {exc}")
        except (EOFError, OSError, UnicodeDecodeError) as exc:
            # a cut-short .gz or undecodable bytes: keep what was read, report the rest
            bad(f"unreadable after line {lineno}: {type(exc).__name__}: {exc}")
        return
    if name.endswith((".json", ".json.gz", ".csl.json")):
        try:
            with _open_text(p) as fh:  # type: ignore[attr-defined]
                data = json.load(fh)
        except json.JSONDecodeError as exc:
            raise InputError(f"{p}: not JSON: {exc}") from None
        items = (
            data
            if isinstance(data, list)
            else data.get("items", data.get("data"))
            if isinstance(data, dict)
            else None
        )
        if not isinstance(items, list):
            raise InputError(f"{p}: expected a JSON array of records")
        for i, d in enumerate(items):
            try:
                if not isinstance(d, dict):
                    raise InputError("not a JSON object")
                yield record_from_mapping(d, source=src, default_id=f"{p.name}:{i}")
            except (InputError, ValidationError, TypeError) as exc:
                bad(f"item {i + 1} of the array: {exc}")
        return
    if name.endswith(".bib"):
        from citations.bibtex import BadEntry, parse_bibtex

        refs = parse_bibtex(p.read_text(encoding="utf-8"))
        for i, ref in enumerate(refs):
            if isinstance(ref, BadEntry):
                bad(f"line {ref.line}: {ref.message}")
                continue
            try:
                yield record_from_reference(ref, source=src, default_id=f"{p.name}:{i}")
            except InputError as exc:
                bad(f"entry {i}: {exc}")
        return
    raise InputError(f"{p}: unknown file type (expected .jsonl[.gz], .json, .bib)")


__all__ = ["iter_records", "record_from_mapping", "record_from_reference"]
