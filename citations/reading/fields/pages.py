"""Pages: the first page or page range of the pages span ("pp. 10–25" -> "10–25",
"e1002345" kept, "S. 44-58" -> "44-58").

The year is no page unless a page word says so ("p. 2019"). With no pages span, a page
word and its numbers inside a note run are the pages ("ACRONYM, pp. 13553-13569." read as
one note: :func:`note_page_word`).
"""

from __future__ import annotations

import re

from citations.reading.fields import Reading
from citations.reading.fields.spans import first_match

_PAGE_RE = re.compile(r"[A-Za-z]?\d+[A-Za-z]?(?:\s*[-–—]+\s*[A-Za-z]?\d+[A-Za-z]?)?")
_PAGE_KW = re.compile(r"(?:^|\W)(?:pp?|pages?|págs?|s|art)\b\.?", re.IGNORECASE)
_NOTE_PAGE_WORD = re.compile(r"pp|pages|págs", re.IGNORECASE)


def read_pages(span: str, year: int | None) -> str | None:
    """The first page range of ``span``; None when there is none or it is ``year`` alone."""
    p = first_match(_PAGE_RE, span)
    if p is None or (p == str(year) and not _PAGE_KW.search(span)):
        return None
    return p


def note_page_word(r: Reading) -> int | None:
    """With no token labelled pages, the index of a page word ("pp", "pages") labelled note
    and followed, after an optional dot, by a number in the same note run; else None."""
    labels = r.lab.labels
    if "pages" in labels:
        return None
    words = [t[0] for t in r.lab.tokens]
    for k, w in enumerate(words):
        if labels[k] != "note" or not _NOTE_PAGE_WORD.fullmatch(w):
            continue
        j = k + 1 + (k + 1 < len(words) and words[k + 1] == ".")
        if j < len(words) and labels[j] == "note" and words[j][:1].isdigit():
            return k
    return None


def normalise(r: Reading, fields: dict[str, object]) -> dict[str, object]:
    """``pages``."""
    year = fields.get("year")
    y = year if isinstance(year, int) else None
    k = note_page_word(r)
    if k is None:
        return {"pages": read_pages(r.lab.span("pages"), y)}
    end = next((i for i in range(k, len(r.lab.labels)) if r.lab.labels[i] != "note"), None)
    stop = r.lab.tokens[end][1] if end is not None else len(r.lab.text)
    return {"pages": read_pages(r.lab.text[r.lab.tokens[k][1] : stop], y)}
