"""A bibliography block split into one string per reference (pure)."""

from __future__ import annotations

import re

__all__ = ["split_reference_list"]

_LIST_MARK_RE = re.compile(r"^\s*(?:\[\d{1,4}\]|\(\d{1,4}\)|\d{1,4}[.)]\s|[-•*·]\s)")


#: a line ending inside a DOI or URL ("https://doi.org/10.1111/j.1365-", "doi:10.1371/")
_IDENTIFIER_END = re.compile(r"(?:\b10\.\d{4,9}/|https?://|www\.)\S*[-/]$")


def split_reference_list(text: str) -> list[str]:
    """Split a bibliography block into one string per reference.

    Numbered ("[14] ...", "14. ...", "(14) ...") and bulleted entries start at a marker at the
    beginning of a line, and lines without a marker continue the entry above; otherwise blank
    lines separate entries when there are any, else each line is one entry, joined with the
    next when it visibly continues (ends with a hyphen or comma, or the next starts lower-case).
    Never splits inside a line (so ';' between author names is safe).
    Returns: entries, whitespace collapsed, markers kept. Raises: nothing.
    """
    lines = [ln.rstrip() for ln in (text or "").splitlines()]
    if not any(ln.strip() for ln in lines):
        return []
    # blank lines before the first entry or after the last separate nothing
    first = next(i for i, ln in enumerate(lines) if ln.strip())
    last = max(i for i, ln in enumerate(lines) if ln.strip())
    lines = lines[first : last + 1]
    marked = [bool(_LIST_MARK_RE.match(ln)) for ln in lines]
    entries: list[list[str]] = []
    if sum(marked) >= 1 and marked[next(i for i, ln in enumerate(lines) if ln.strip())]:
        for ln, mk in zip(lines, marked, strict=False):
            if not ln.strip():
                continue
            if mk or not entries:
                entries.append([ln.strip()])
            else:
                entries[-1].append(ln.strip())
    elif (
        any(not ln.strip() for ln in lines[1:-1])
        and sum(1 for ln in lines if ln.strip()) > 1
        and _has_multiline_paragraphs(lines)
    ):
        cur: list[str] = []
        for ln in lines:
            if ln.strip():
                cur.append(ln.strip())
            elif cur:
                entries.append(cur)
                cur = []
        if cur:
            entries.append(cur)
    else:
        for ln in lines:
            t = ln.strip()
            if not t:
                continue
            if entries and _continues_entry(entries[-1][-1], t):
                entries[-1].append(t)
            else:
                entries.append([t])
    out = []
    for parts in entries:
        joined = ""
        for p in parts:
            if joined.endswith("-") and p[:1].islower() and not _IDENTIFIER_END.search(joined):
                joined = joined[:-1] + p
            elif joined.endswith(("-", "/")) and _IDENTIFIER_END.search(joined):
                joined += p  # a DOI or URL broken at a line end: its hyphen is its own
            else:
                joined = f"{joined} {p}" if joined else p
        out.append(" ".join(joined.split()))
    return [e for e in out if e]


_ENTRY_START_RE = re.compile(
    # Family, I. / Family, Given
    r"^(?:[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*){0,2},\s+(?:[A-Z]\.|[A-Z][a-z]+)"
    r"|(?:[A-Z]\.\s?-?)+\s*[^\W\d_][\w'’-]+"  # I. Family
    r"|[A-ZÀ-Þ]{2,}[\w-]*,"  # FAMILY, (ABNT)
    r"|[^\W\d_][\w'’-]+\s+[A-Z]{1,3}[,.]"  # Family IN, (Vancouver)
    r"|[A-Z][\w'’-]+\s+[A-Z][\w'’-]+,"  # Given Family,
    r")"
)


def _continues_entry(prev: str, line: str) -> bool:
    """In an unmarked list, does ``line`` continue the entry whose last line is ``prev``?"""
    if prev.endswith(("-", ",", ":", ";", "&", " and")) or line[:1].islower():
        return True
    if re.search(r"[.)\]]$|\d$|https?://\S+$", prev):
        return False
    return not _ENTRY_START_RE.match(line)


def _has_multiline_paragraphs(lines: list[str]) -> bool:
    run = 0
    for ln in lines:
        if ln.strip():
            run += 1
            if run >= 2:
                return True
        else:
            run = 0
    return False
