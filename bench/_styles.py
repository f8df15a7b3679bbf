"""Reference strings written the way people write them: citation styles x languages x tidiness.

Pure functions, no I/O: ``format_reference(work, style, lang)`` writes one structured work
(:class:`Work`) as a reference string in one of :data:`STYLES` with the conventions of one of
:data:`LANGS` (conjunction between authors, "et al." word, "In:" word, page abbreviation);
``sloppy(text, seed)`` types it carelessly (lower case, dropped punctuation, doubled spaces,
upper-case family names). Used by ``bench/style_matrix.py``; the style rules follow the
published guides in outline (APA 7, Vancouver/ICMJE, Harvard (Cite Them Right), MLA 9,
ABNT NBR 6023, IEEE, Chicago author-date, Nature), not every detail.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field, replace

STYLES = ("apa", "vancouver", "harvard", "mla", "abnt", "ieee", "chicago", "nature")
LANGS = ("en", "pt", "es", "de")


@dataclass(frozen=True)
class Work:
    """A work to cite. authors: (given names, family name) pairs, in order; pages "12-20";
    venue: the proceedings or journal title; journal: True if venue is a journal (then
    volume/issue are used)."""

    title: str
    authors: tuple[tuple[str, str], ...]
    year: int
    venue: str
    pages: str | None = None
    volume: str | None = None
    issue: str | None = None
    doi: str | None = None
    publisher: str | None = None
    address: str | None = None
    journal: bool = False
    number: int = 1  # position in a numbered list (IEEE, Vancouver, Nature)


@dataclass(frozen=True)
class Lang:
    """Conventions of one language in reference lists."""

    and_: str
    et_al: str
    in_: str
    pp: str  # page range abbreviation
    eds_in: str  # "In:" form used by ABNT / Vancouver
    available: str  # "Available at" before a DOI URL in Harvard/ABNT
    extra: dict[str, str] = field(default_factory=dict)


LANG: dict[str, Lang] = {
    "en": Lang("and", "et al.", "In", "pp.", "In:", "Available at:"),
    "pt": Lang("e", "et al.", "In:", "p.", "In:", "Disponível em:"),
    "es": Lang("y", "et al.", "En", "pp.", "En:", "Disponible en:"),
    "de": Lang("und", "u. a.", "In:", "S.", "In:", "Verfügbar unter:"),
}


def _initials(given: str, *, dots: bool = True, space: bool = True) -> str:
    parts = [p for p in re.split(r"[\s]+", given) if p]
    out = []
    for p in parts:
        sub = [s for s in p.split("-") if s]
        if not sub:
            continue
        ini = "-".join(s[0] + ("." if dots else "") for s in sub)
        out.append(ini)
    return (" " if space else "").join(out)


def _pages(pages: str | None, dash: str = "–") -> str | None:
    if not pages:
        return None
    return re.sub(r"\s*[-–—]+\s*", dash, pages)


def _join(names: list[str], conj: str, *, serial_comma: bool = True, sep: str = ", ") -> str:
    if len(names) == 1:
        return names[0]
    if len(names) == 2:
        return f"{names[0]} {conj} {names[1]}"
    comma = sep.rstrip() if serial_comma else ""
    return sep.join(names[:-1]) + f"{comma} {conj} {names[-1]}"


def _doi_url(doi: str | None) -> str:
    return f"https://doi.org/{doi}" if doi else ""


def _apa(w: Work, lg: Lang) -> str:
    names = [f"{f}, {_initials(g)}".rstrip(", ") for g, f in w.authors]
    amp = "&" if lg is LANG["en"] else lg.and_
    if len(names) > 20:
        names = names[:19] + ["... " + names[-1]]
    authors = _join(names, amp) if len(names) > 1 else names[0]
    pages = _pages(w.pages)
    if w.journal:
        vol = f", {w.volume}" if w.volume else ""
        iss = f"({w.issue})" if w.issue else ""
        tail = f"{w.venue}{vol}{iss}" + (f", {pages}" if pages else "") + "."
    else:
        tail = f"{lg.in_} {w.venue}" + (f" ({lg.pp} {pages})" if pages else "") + "."
        if w.publisher:
            tail += f" {w.publisher}."
    doi = f" {_doi_url(w.doi)}" if w.doi else ""
    return f"{authors} ({w.year}). {w.title}. {tail}{doi}"


def _vancouver(w: Work, lg: Lang) -> str:
    names = [f"{f} {_initials(g, dots=False, space=False)}".strip() for g, f in w.authors]
    if len(names) > 6:
        names = names[:6] + [lg.et_al.rstrip(".")]
    authors = ", ".join(names)
    pages = _pages(w.pages, "-")
    if w.journal:
        vol = f";{w.volume}" if w.volume else ""
        iss = f"({w.issue})" if w.issue else ""
        tail = f"{w.venue}. {w.year}{vol}{iss}" + (f":{pages}" if pages else "") + "."
    else:
        place = f" {w.address}:" if w.address else ""
        pub = f" {w.publisher};" if w.publisher else ""
        tail = f"{lg.eds_in} {w.venue};{place}{pub} {w.year}." + (
            f" {lg.pp.rstrip('.')}. {pages}." if pages else ""
        )
        tail = tail.replace(";;", ";")
    doi = f" doi:{w.doi}" if w.doi else ""
    return f"{w.number}. {authors}. {w.title}. {tail}{doi}"


def _harvard(w: Work, lg: Lang) -> str:
    names = [f"{f}, {_initials(g, space=False)}".rstrip(", ") for g, f in w.authors]
    if len(names) > 3:
        authors = f"{names[0]} {lg.et_al}"
    else:
        authors = _join(names, lg.and_, serial_comma=False)
    pages = _pages(w.pages)
    if w.journal:
        vol = f", {w.volume}" if w.volume else ""
        iss = f"({w.issue})" if w.issue else ""
        tail = f"{w.venue}{vol}{iss}" + (f", {lg.pp} {pages}" if pages else "") + "."
        title = f"'{w.title}'"
    else:
        place = f" {w.address}:" if w.address and w.publisher else ""
        pub = f" {w.publisher}," if w.publisher else ""
        tail = f"{lg.in_.rstrip(':').lower()} {w.venue}.{place}{pub}" + (
            f" {lg.pp} {pages}." if pages else ""
        )
        tail = tail.rstrip(",") + ("" if tail.endswith(".") else ".")
        title = f"'{w.title}'"
    doi = f" doi: {w.doi}." if w.doi else ""
    return f"{authors} ({w.year}) {title}, {tail}{doi}"


def _mla(w: Work, lg: Lang) -> str:
    (g0, f0) = w.authors[0]
    first = f"{f0}, {g0}".rstrip(", ")
    if len(w.authors) == 1:
        authors = first
    elif len(w.authors) == 2:
        g1, f1 = w.authors[1]
        authors = f"{first}, {lg.and_} {g1} {f1}"
    else:
        authors = f"{first}, {lg.et_al}"
    pages = _pages(w.pages)
    if w.journal:
        vol = f", vol. {w.volume}" if w.volume else ""
        iss = f", no. {w.issue}" if w.issue else ""
        tail = f"{w.venue}{vol}{iss}, {w.year}" + (f", {lg.pp} {pages}" if pages else "") + "."
    else:
        pub = f", {w.publisher}" if w.publisher else ""
        tail = f"{w.venue}{pub}, {w.year}" + (f", {lg.pp} {pages}" if pages else "") + "."
    doi = f" {_doi_url(w.doi)}." if w.doi else ""
    authors = authors if authors.endswith(".") else authors + "."
    return f"{authors} \u201c{w.title}.\u201d {tail}{doi}"


def _abnt(w: Work, lg: Lang) -> str:
    names = [f"{f.upper()}, {_initials(g)}".rstrip(", ") for g, f in w.authors]
    authors = f"{names[0]} {lg.et_al}" if len(names) > 3 else "; ".join(names)
    if not authors.endswith("."):
        authors += "."
    pages = _pages(w.pages, "-")
    if w.journal:
        vol = f", v. {w.volume}" if w.volume else ""
        iss = f", n. {w.issue}" if w.issue else ""
        tail = f"{w.venue}{vol}{iss}" + (f", p. {pages}" if pages else "") + f", {w.year}."
    else:
        place = f" {w.address}:" if w.address else ""
        pub = f" {w.publisher}," if w.publisher else ""
        tail = f"{lg.eds_in} {w.venue.upper()}.{place}{pub} {w.year}." + (
            f" p. {pages}." if pages else ""
        )
    doi = f" DOI: {w.doi}." if w.doi else ""
    return f"{authors} {w.title}. {tail}{doi}"


def _ieee(w: Work, lg: Lang) -> str:
    names = [f"{_initials(g)} {f}".strip() for g, f in w.authors]
    if len(names) > 6:
        authors = f"{names[0]} {lg.et_al}"
    else:
        authors = _join(names, lg.and_)
    pages = _pages(w.pages, "–")
    if w.journal:
        vol = f", vol. {w.volume}" if w.volume else ""
        iss = f", no. {w.issue}" if w.issue else ""
        tail = f"{w.venue}{vol}{iss}" + (f", {lg.pp} {pages}" if pages else "") + f", {w.year}"
    else:
        place = f", {w.address}" if w.address else ""
        tail = f"{lg.in_.rstrip(':').lower()} {w.venue}{place}, {w.year}" + (
            f", {lg.pp} {pages}" if pages else ""
        )
    doi = f", doi: {w.doi}." if w.doi else "."
    return f"[{w.number}] {authors}, \u201c{w.title},\u201d {tail}{doi}"


def _chicago(w: Work, lg: Lang) -> str:
    (g0, f0) = w.authors[0]
    names = [f"{f0}, {g0}".rstrip(", ")] + [f"{g} {f}".strip() for g, f in w.authors[1:]]
    if len(names) > 10:
        names = names[:7]
        authors = ", ".join(names) + f", {lg.et_al}"
    else:
        authors = _join(names, lg.and_)
    if not authors.endswith("."):
        authors += "."
    pages = _pages(w.pages)
    if w.journal:
        vol = f" {w.volume}" if w.volume else ""
        iss = f" ({w.issue})" if w.issue else ""
        tail = f"{w.venue}{vol}{iss}" + (f": {pages}" if pages else "") + "."
    else:
        place = f" {w.address}:" if w.address and w.publisher else ""
        pub = f" {w.publisher}." if w.publisher else ""
        tail = (
            f"{lg.in_.rstrip(':')} {w.venue}" + (f", {pages}" if pages else "") + f".{place}{pub}"
        )
    doi = f" {_doi_url(w.doi)}." if w.doi else ""
    return f"{authors} {w.year}. \u201c{w.title}.\u201d {tail}{doi}"


def _nature(w: Work, lg: Lang) -> str:
    names = [f"{f}, {_initials(g)}".rstrip(", ") for g, f in w.authors]
    if len(names) > 5:
        authors = f"{names[0]} {lg.et_al}"
    else:
        authors = _join(names, "&", serial_comma=False)
    pages = _pages(w.pages)
    if w.journal:
        vol = f" {w.volume}," if w.volume else ""
        tail = f"{w.venue}{vol}" + (f" {pages}" if pages else "") + f" ({w.year})."
    else:
        pub = f"{w.publisher}, " if w.publisher else ""
        tail = f"in {w.venue}" + (f" {pages}" if pages else "") + f" ({pub}{w.year})."
    if not authors.endswith("."):
        authors += "."
    return f"{w.number}. {authors} {w.title}. {tail}"


_FORMATTERS = {
    "apa": _apa,
    "vancouver": _vancouver,
    "harvard": _harvard,
    "mla": _mla,
    "abnt": _abnt,
    "ieee": _ieee,
    "chicago": _chicago,
    "nature": _nature,
}


def format_reference(work: Work, style: str, lang: str = "en") -> str:
    """``work`` written in ``style`` (one of STYLES) with ``lang``'s conventions (one of
    LANGS). Raises KeyError for an unknown style or language."""
    text = _FORMATTERS[style](work, LANG[lang])
    return re.sub(r"\s+", " ", text).strip()


def sloppy(text: str, seed: int, work: Work | None = None) -> str:
    """``text`` typed carelessly, deterministically from ``seed``: two or three of lower
    case, commas and full stops dropped after words, doubled spaces, upper-case family
    names (those of ``work`` if given)."""
    rng = random.Random(seed)
    kinds = ["lower", "punct", "spaces", "caps"]
    chosen = rng.sample(kinds, rng.choice([2, 3]))
    out = text
    if "caps" in chosen and work is not None:
        for _, fam in work.authors:
            if fam:
                out = out.replace(fam, fam.upper())
    if "punct" in chosen:
        # drop about half of the commas and full stops that follow a letter (never inside numbers)
        def drop(m: re.Match[str]) -> str:
            return m.group(1) if rng.random() < 0.5 else m.group(0)

        out = re.sub(r"([A-Za-zÀ-ÿ])[.,](?=\s)", drop, out)
    if "spaces" in chosen:
        out = re.sub(r" ", lambda m: "  " if rng.random() < 0.3 else " ", out)
    if "lower" in chosen:
        out = out.lower()
    return out


def with_field(work: Work, **changes: object) -> Work:
    """A copy of ``work`` with fields changed (dataclasses.replace)."""
    return replace(work, **changes)  # type: ignore[arg-type]
