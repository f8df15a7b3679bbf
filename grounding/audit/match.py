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

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from rapidfuzz import fuzz

from annotations.errors import CheckerError
from citations.identifiers import doi_key, find_doi_spans
from citations.model import Record, Reference
from citations.names import fold
from grounding.audit.review import Problem
from grounding.pdf import Document, pdf_metadata, read_pdf

__all__ = ["PdfMatches", "fits", "match_pdfs", "pdf_files"]

#: rapidfuzz partial_ratio (0-100) a folded title must reach on the folded first page.
TITLE_MIN_RATIO = 90.0
#: shorter titles ("Introduction", "Deep learning") are too common to identify a paper.
TITLE_MIN_CHARS = 15


@dataclass
class PdfMatches:
    """by_work: index of a work -> (its Document, "doi" or "title": how it was matched).
    problems: folder faults, in file order.
    pdfs: every readable PDF (path -> Document).
    why: index of a work no PDF was tied to -> one sentence saying why."""

    by_work: dict[int, tuple[Document, str]] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    pdfs: dict[str, Document] = field(default_factory=dict)
    why: dict[int, str] = field(default_factory=dict)


def pdf_files(folder: Path) -> list[Path]:
    """The ``*.pdf`` files (any case) directly in ``folder``, sorted by name."""
    return sorted(p for p in folder.iterdir() if p.is_file() and p.suffix.lower() == ".pdf")


def _dois(ref: Reference, record: Record | None) -> set[str]:
    return {doi_key(d) for d in (ref.doi, record.doi if record else None) if d}


def fits(ref: Reference, record: Record | None, first_page: str, pdf_dois: set[str]
         ) -> str | None:
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
    return bool(fam) and re.search(
        rf"(?<![^\W\d_]){re.escape(fam)}(?:[a-h](?=[,*\u2020\u2021\u00a7\u00b6#]))?"
        r"(?![^\W\d_])", first_page) is not None


def match_pdfs(folder: Path, works: Sequence[tuple[Reference, Record | None]],
               progress: Callable[[int, int], None] | None = None) -> PdfMatches:
    """Read every PDF in ``folder`` and tie each to at most one work (module docstring).

    progress: called with (PDFs read, PDFs in the folder) before the first and after each.

    Returns: PdfMatches; an unreadable or encrypted PDF, an ambiguous or unmatched one, and
        a missing folder are problems, never exceptions.
    """
    out = PdfMatches()
    if not folder.is_dir():
        what = "is a file, not a folder of papers" if folder.exists() else "no such folder of papers"
        out.problems.append(Problem("missing_dir", f"{folder}: {what}"))
        return out
    fitted: dict[int, list[tuple[str, str]]] = {}
    pages: dict[str, str] = {}
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
        first = doc.pages[0].text
        pdf_dois = {doi_key(d) for *_, d in find_doi_spans(first + "\n" + "\n".join(meta.values()))}
        page = " ".join(fold(first).split())
        pages[path.name] = page
        hits = [(i, how) for i, (ref, rec) in enumerate(works)
                for how in [fits(ref, rec, page, pdf_dois)] if how]
        if any(how == "doi" for _, how in hits):
            hits = [(i, how) for i, how in hits if how == "doi"]
        if not hits:
            out.problems.append(Problem("unmatched_pdf", f"{path}: matches no cited reference"))
        elif len(hits) > 1 and len({_work_key(*works[i]) for i, _ in hits}) == 1:
            for i, how in hits:       # duplicate entries of one work (reported elsewhere)
                fitted.setdefault(i, []).append((str(path), how))
        elif len(hits) > 1:
            names = "; ".join(_name(works[i][0]) for i, _ in hits)
            out.problems.append(Problem("ambiguous_pdf", f"{path}: fits {len(hits)} references "
                                        f"({names}); used for none"))
        else:
            fitted.setdefault(hits[0][0], []).append((str(path), hits[0][1]))
    for i, paths in sorted(fitted.items()):
        if len(paths) > 1:
            out.problems.append(Problem("ambiguous_pdf", f"{len(paths)} PDFs fit reference "
                                        f"{_name(works[i][0])} ({', '.join(p for p, _ in paths)}); "
                                        "used none"))
        else:
            out.by_work[i] = (out.pdfs[paths[0][0]], paths[0][1])
    for i, (ref, rec) in enumerate(works):
        if i not in out.by_work:
            out.why[i] = _why_none(folder, ref, rec, pages, fitted.get(i, []))
    return out


def _why_none(folder: Path, ref: Reference, record: Record | None, pages: dict[str, str],
              fitted: list[tuple[str, str]]) -> str:
    """Why no PDF of ``folder`` was tied to the work (``pages``: file name -> folded first
    page; ``fitted``: the PDFs that fit it when there were several)."""
    if len(fitted) > 1:
        return f"{len(fitted)} PDFs in {folder} fit it ({', '.join(Path(p).name for p, _ in fitted)})"
    if not pages:
        return f"no readable PDF in {folder}"
    title = ref.title or (record.title if record else None)
    authors = ref.authors or (record.authors if record else ())
    if not title or len(fold(title).rstrip(".")) < TITLE_MIN_CHARS:
        return (f"no PDF in {folder} holds its DOI, and it gives no title long enough to "
                "look for")
    family = authors[0].family if authors else ""
    for name, page in pages.items():
        if _title_on(title, page):
            if not family:
                return f"{name} holds its title, but the reference names no author to confirm it"
            if not _has_family(family, page):
                return (f"{name} holds its title on the first page but not its first "
                        f"author's name {family!r}")
    return f"no PDF in {folder} whose first page holds this title and author"


def _work_key(ref: Reference, record: Record | None) -> str:
    """Same key for two entries of one work: its DOI, else its folded title and year."""
    dois = sorted(_dois(ref, record))
    title = ref.title or (record.title if record else None) or ref.raw
    return dois[0] if dois else f"{fold(title).rstrip('.')}|{ref.year}"


def _name(ref: Reference) -> str:
    s = " ".join(ref.raw.split())
    return repr(s if len(s) <= 60 else s[:59] + "…")
