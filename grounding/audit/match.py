"""Which PDF in a folder is which cited work.

A PDF fits a reference when (1) a DOI of the reference (as cited, or of the record that
verified it) is in the PDF's metadata or on its first page; else (2) the reference's title
is on the first page (rapidfuzz ``partial_ratio`` >= 90 over folded text, titles of 15
characters or more) and so is its first author's family name (a whole word). A PDF that
fits two references, or a reference that two PDFs fit, is reported ambiguous and used for
none; a PDF that fits nothing is reported. Nothing is guessed. A family name on the first
page may carry affiliation marks ('Garcia1,3', 'Garcia¹', 'Okafor*†', 'Garciaa,b'). A work
no PDF fits has a reason in ``why`` (which PDF held its title but not its author, or that
none held either).

    >>> found = match_pdfs(Path("papers"), works)   # works: [(reference, record or None)]
    >>> found.by_work[0]          # (Document, "doi" | "title") of work 0, or absent
    >>> found.problems            # Problem(kind, message) per folder fault
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from rapidfuzz import fuzz

from annotations.errors import CheckerError
from citations.model import Field, FieldMatch, FieldStatus, Record, Reference
from citations.text.fold import fold_key as fold
from citations.text.identifiers import doi_key, find_doi_spans
from grounding.audit.review import Problem
from grounding.pdf import Document, pdf_metadata, read_pdf

__all__ = ["PdfMatches", "compare_with_pdf", "fits", "match_pdfs", "pdf_files", "pdf_years"]

#: rapidfuzz partial_ratio (0-100) a folded title must reach on the folded first page.
TITLE_MIN_RATIO = 90.0
#: shorter titles ("Introduction", "Deep learning") are too common to identify a paper.
TITLE_MIN_CHARS = 15


@dataclass
class PdfMatches:
    """by_work: index of a work -> (its Document, "doi" or "title": how it was matched).
    problems: folder faults, in file order.
    pdfs: every readable PDF (path -> Document).
    why: index of a work no PDF was tied to -> one sentence saying why.
    fields: index of a work tied to a PDF -> its year, first author and venue as cited
    compared with the PDF's first page and metadata (:func:`compare_with_pdf`)."""

    by_work: dict[int, tuple[Document, str]] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    pdfs: dict[str, Document] = field(default_factory=dict)
    why: dict[int, str] = field(default_factory=dict)
    fields: dict[int, tuple[FieldMatch, ...]] = field(default_factory=dict)


def pdf_files(folder: Path) -> list[Path]:
    """The ``*.pdf`` files (any case) directly in ``folder``, sorted by name."""
    return sorted(p for p in folder.iterdir() if p.is_file() and p.suffix.lower() == ".pdf")


def _dois(ref: Reference, record: Record | None) -> set[str]:
    return {doi_key(d) for d in (ref.doi, record.doi if record else None) if d}


def fits(ref: Reference, record: Record | None, first_page: str, pdf_dois: set[str]) -> str | None:
    """How the PDF fits the reference: "doi", "title", or None.

    Args: first_page: the folded first-page text. pdf_dois: DOI keys of the PDF's metadata
          and first page. record: the record that verified the reference, if any.
    """
    if _dois(ref, record) & pdf_dois:
        return "doi"
    title = ref.title or (record.title if record else None)
    authors = ref.authors or (record.authors if record else ())
    if not title or not authors:
        return None
    t = fold(title).rstrip(".")
    if len(t) < TITLE_MIN_CHARS or fuzz.partial_ratio(t, first_page) < TITLE_MIN_RATIO:
        return None
    if _has_family(authors[0].family, first_page):
        return "title"
    return None


def _title_on(title: str | None, first_page: str) -> bool:
    t = fold(title or "").rstrip(".")
    return len(t) >= TITLE_MIN_CHARS and fuzz.partial_ratio(t, first_page) >= TITLE_MIN_RATIO


def _has_family(family: str, first_page: str) -> bool:
    """Whether the folded ``first_page`` holds the family name as a word, marks allowed
    after it: digits ('garcia1,3'; superscripts fold to digits), symbols ('okafor*'), or one
    letter before a comma or mark ('garciaa,b')."""
    fam = fold(family).split()[-1] if family.strip() else ""
    return (
        bool(fam)
        and re.search(
            rf"(?<![^\W\d_]){re.escape(fam)}(?:[a-h](?=[,*\u2020\u2021\u00a7\u00b6#]))?"
            r"(?![^\W\d_])",
            first_page,
        )
        is not None
    )


def match_pdfs(
    folder: Path,
    works: Sequence[tuple[Reference, Record | None]],
    progress: Callable[[int, int], None] | None = None,
) -> PdfMatches:
    """Read every PDF in ``folder`` and tie each to at most one work (module docstring).

    progress: called with (PDFs read, PDFs in the folder) before the first and after each.

    Returns: PdfMatches; an unreadable or encrypted PDF, an ambiguous or unmatched one, and
        a missing folder are problems, never exceptions.
    """
    out = PdfMatches()
    if not folder.is_dir():
        what = (
            "is a file, not a folder of papers" if folder.exists() else "no such folder of papers"
        )
        out.problems.append(Problem("missing_dir", f"{folder}: {what}"))
        return out
    fitted: dict[int, list[tuple[str, str]]] = {}
    pages: dict[str, str] = {}
    metas: dict[str, dict[str, str]] = {}
    files = pdf_files(folder)
    for done, path in enumerate(files):
        if progress is not None:
            progress(done, len(files))
        try:
            doc = read_pdf(path)
            meta = pdf_metadata(path)
        except CheckerError as exc:
            out.problems.append(Problem("unreadable_pdf", f"{exc}; skipped"))
            continue
        out.pdfs[str(path)] = doc
        metas[str(path)] = meta
        first = doc.pages[0].text
        pdf_dois = {doi_key(d) for *_, d in find_doi_spans(first + "\n" + "\n".join(meta.values()))}
        page = " ".join(fold(first).split())
        pages[path.name] = page
        hits = [
            (i, how)
            for i, (ref, rec) in enumerate(works)
            for how in [fits(ref, rec, page, pdf_dois)]
            if how
        ]
        if any(how == "doi" for _, how in hits):
            hits = [(i, how) for i, how in hits if how == "doi"]
        if not hits:
            out.problems.append(Problem("unmatched_pdf", f"{path}: matches no cited reference"))
        elif len(hits) > 1 and len({_work_key(*works[i]) for i, _ in hits}) == 1:
            for i, how in hits:  # duplicate entries of one work (reported elsewhere)
                fitted.setdefault(i, []).append((str(path), how))
        elif len(hits) > 1:
            names = "; ".join(_name(works[i][0]) for i, _ in hits)
            out.problems.append(
                Problem(
                    "ambiguous_pdf", f"{path}: fits {len(hits)} references ({names}); used for none"
                )
            )
        else:
            fitted.setdefault(hits[0][0], []).append((str(path), hits[0][1]))
    _tie(out, works, fitted, metas)
    for i, (ref, rec) in enumerate(works):
        if i not in out.by_work:
            out.why[i] = _why_none(folder, ref, rec, pages, fitted.get(i, []))
    return out


def _tie(
    out: PdfMatches,
    works: Sequence[tuple[Reference, Record | None]],
    fitted: dict[int, list[tuple[str, str]]],
    metas: dict[str, dict[str, str]],
) -> None:
    """Tie each work to the one PDF that fits it (``fitted``: work index -> (path, how)),
    its fields compared with that PDF's first page; a work several PDFs fit is a problem
    and gets none. Updates ``out``."""
    for i, paths in sorted(fitted.items()):
        paths = _one_of_each_file(paths, out.problems)
        if len(paths) > 1:
            out.problems.append(
                Problem(
                    "ambiguous_pdf",
                    f"{len(paths)} PDFs fit reference "
                    f"{_name(works[i][0])} ({', '.join(p for p, _ in paths)}); "
                    "used none",
                )
            )
        else:
            out.by_work[i] = (out.pdfs[paths[0][0]], paths[0][1])
            ref = works[i][0]
            out.fields[i] = compare_with_pdf(
                ref, out.pdfs[paths[0][0]].pages[0].text, metas[paths[0][0]]
            )


def _one_of_each_file(
    paths: list[tuple[str, str]], problems: list[Problem]
) -> list[tuple[str, str]]:
    """``paths`` (PDF, how it fits) that fit one reference, byte-identical copies kept once
    (the first by name; a ``duplicate_pdf`` problem names the others): the same file twice
    is no ambiguity."""
    if len(paths) < 2:
        return paths
    seen: dict[str, tuple[str, str]] = {}
    for path, how in paths:
        digest = hashlib.sha256(Path(path).read_bytes()).hexdigest()
        if digest in seen:
            problems.append(
                Problem("duplicate_pdf", f"{path}: the same file as {seen[digest][0]}; used once")
            )
        else:
            seen[digest] = (path, how)
    return list(seen.values())


def _why_none(
    folder: Path,
    ref: Reference,
    record: Record | None,
    pages: dict[str, str],
    fitted: list[tuple[str, str]],
) -> str:
    """Why no PDF of ``folder`` was tied to the work (``pages``: file name -> folded first
    page; ``fitted``: the PDFs that fit it when there were several)."""
    if len(fitted) > 1:
        names = ", ".join(Path(p).name for p, _ in fitted)
        return f"{len(fitted)} PDFs in {folder} fit it ({names})"
    if not pages:
        return f"no readable PDF in {folder}"
    title = ref.title or (record.title if record else None)
    authors = ref.authors or (record.authors if record else ())
    if not title or len(fold(title).rstrip(".")) < TITLE_MIN_CHARS:
        return f"no PDF in {folder} holds its DOI, and it gives no title long enough to look for"
    family = authors[0].family if authors else ""
    for name, page in pages.items():
        if _title_on(title, page):
            if not family:
                return f"{name} holds its title, but the reference names no author to confirm it"
            if not _has_family(family, page):
                return (
                    f"{name} holds its title on the first page but not its first "
                    f"author's name {family!r}"
                )
    return f"no PDF in {folder} whose first page holds this title and author"


def _work_key(ref: Reference, record: Record | None) -> str:
    """Same key for two entries of one work: its DOI, else its folded title and year."""
    dois = sorted(_dois(ref, record))
    title = ref.title or (record.title if record else None) or ref.raw
    return dois[0] if dois else f"{fold(title).rstrip('.')}|{ref.year}"


def _name(ref: Reference) -> str:
    s = " ".join(ref.raw.split())
    return repr(s if len(s) <= 60 else s[:59] + "…")


_MONTHS = (
    r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?"
)
_YEAR = r"((?:19|20)\d{2})(?!\d)"
#: Where a first page or the metadata states when the work appeared: a copyright line,
#: received / accepted / published dates, a day-month-year or month-year date (an arXiv
#: stamp '20 Jan 2022', 'July 5 - 10, 2020'), an ISO date, a 'Proceedings of ... 2022' line.
#: A year in
#: brackets after a name ('Smith et al. (2019)') is a citation, not the work's date.
_PUB_YEAR = re.compile(
    rf"(?:\u00a9|\(c\)|c\u20dd|copyright)\s*(?:\w+\s+){{0,2}}{_YEAR}"
    rf"|(?:published|accepted|received|revised|available online|posted|first online"
    rf"|publication date|issue date)\b[^\n]{{0,40}}?(?<!\d){_YEAR}"
    rf"|\b(?:{_MONTHS})\.?\s+(?:\d{{1,2}}(?:st|nd|rd|th)?(?:\s*[-\u2013]\s*\d{{1,2}})?,?\s+)?{_YEAR}"
    rf"|\b\d{{1,2}}\s+(?:{_MONTHS})\.?,?\s+{_YEAR}"
    rf"|(?<!\d){_YEAR}-[01]\d-[0-3]\d\b"
    rf"|(?:proceedings|conference|workshop|symposium|journal)\b[^\n]{{0,80}}?(?<![\d(]){_YEAR}",
    re.IGNORECASE,
)
#: The metadata keys that may name the work's date or venue (not the file's dates:
#: creationDate and modDate are when the PDF was made, often years later).
_META_KEYS = ("title", "subject", "keywords", "xmp")


def pdf_years(first_page: str, meta: dict[str, str] | None = None) -> list[int]:
    """The years a PDF's first page (and its title, subject, keywords and XMP metadata)
    gives for the work itself (see ``_PUB_YEAR``), sorted, without repeats; [] if none."""
    text = first_page + "\n" + "\n".join(str((meta or {}).get(k, "")) for k in _META_KEYS)
    return sorted({int(next(g for g in m.groups() if g)) for m in _PUB_YEAR.finditer(text)})


def compare_with_pdf(
    ref: Reference, first_page: str, meta: dict[str, str] | None = None
) -> tuple[FieldMatch, ...]:
    """The year, first author and venue of ``ref`` compared with the PDF tied to it, as
    ``refs verify`` compares them with a record (FieldMatch: cited value, the PDF's value in
    ``found``, a note saying where it was seen).

    year: match if the cited year is one the PDF gives for the work (any of its dates:
      received, published, copyright, ...; :func:`pdf_years`), conflict if it gives others
      only ('cited 2021' for a PDF stamped 2022), missing if it gives none.
    authors: match if the first author's family name is on the first page (affiliation
      marks allowed), else conflict.
    venue: match if the folded venue (15+ characters, or an acronym of 3+ letters written
      as a word) is on the first page or in the metadata, else missing (a first page need
      not name its venue: never a conflict).
    Fields the reference does not give are left out.
    """
    out: list[FieldMatch] = []
    if ref.year is not None:
        out.append(_year_match(ref.year, first_page, meta))
    page = " ".join(fold(first_page).split())
    if ref.authors and ref.authors[0].family.strip():
        out.append(_first_author_match(ref.authors[0].family, page))
    if ref.venue and ref.venue.strip():
        out.append(_venue_match(ref.venue, page, meta))
    return tuple(out)


def _year_match(year: int, first_page: str, meta: dict[str, str] | None) -> FieldMatch:
    """The cited ``year`` against the years the PDF gives (:func:`compare_with_pdf`)."""
    years = pdf_years(first_page, meta)
    if not years:
        return FieldMatch(
            field=Field.YEAR,
            status=FieldStatus.MISSING,
            score=0.0,
            cited=str(year),
            note="the PDF gives no year for the work",
        )
    if year in years:
        return FieldMatch(
            field=Field.YEAR,
            status=FieldStatus.MATCH,
            score=1.0,
            cited=str(year),
            found=str(year),
            note="a date on the PDF's first page",
        )
    shown = ", ".join(map(str, years))
    return FieldMatch(
        field=Field.YEAR,
        status=FieldStatus.CONFLICT,
        score=0.0,
        cited=str(year),
        found=shown,
        note="the PDF's first page dates the work " + shown,
    )


def _first_author_match(family: str, page: str) -> FieldMatch:
    """The first author's ``family`` name against ``page`` (the folded first page)."""
    here = _has_family(family, page)
    return FieldMatch(
        field=Field.AUTHORS,
        status=FieldStatus.MATCH if here else FieldStatus.CONFLICT,
        score=1.0 if here else 0.0,
        cited=family,
        found=family if here else None,
        note="first author " + ("on" if here else "not on") + " the PDF's first page",
    )


def _venue_match(venue: str, page: str, meta: dict[str, str] | None) -> FieldMatch:
    """The cited ``venue`` against ``page`` (the folded first page) and ``meta``."""
    where = page + " " + " ".join(fold(str((meta or {}).get(k, ""))) for k in _META_KEYS)
    v = fold(venue).strip(" .")
    acronym = re.fullmatch(r"[a-z][a-z&*-]{2,}", v) is not None and venue.strip().isupper()
    if acronym:
        seen = re.search(rf"(?<!\w){re.escape(v)}(?!\w)", where) is not None
    else:
        seen = len(v) >= TITLE_MIN_CHARS and fuzz.partial_ratio(v, where) >= TITLE_MIN_RATIO
    return FieldMatch(
        field=Field.VENUE,
        status=FieldStatus.MATCH if seen else FieldStatus.MISSING,
        score=1.0 if seen else 0.0,
        cited=venue,
        found=venue if seen else None,
        note="on the PDF's first page"
        if seen
        else "not named on the PDF's first page or in its metadata",
    )
