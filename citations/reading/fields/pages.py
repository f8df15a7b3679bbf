"""Pages: the first page or page range of the pages span ("pp. 10–25" -> "10–25",
"e1002345" kept, "S. 44-58" -> "44-58").

The year is no page unless a page word says so ("p. 2019").
"""

from __future__ import annotations

import re

from citations.reading.fields import Reading
from citations.reading.fields.spans import first_match

_PAGE_RE = re.compile(r"[A-Za-z]?\d+[A-Za-z]?(?:\s*[-–—]+\s*[A-Za-z]?\d+[A-Za-z]?)?")
_PAGE_KW = re.compile(r"(?:^|\W)(?:pp?|pages?|págs?|s|art)\b\.?", re.IGNORECASE)


def read_pages(span: str, year: int | None) -> str | None:
    """The first page range of ``span``; None when there is none or it is ``year`` alone."""
    p = first_match(_PAGE_RE, span)
    if p is None or (p == str(year) and not _PAGE_KW.search(span)):
        return None
    return p


def normalise(r: Reading, fields: dict[str, object]) -> dict[str, object]:
    """``pages``."""
    year = fields.get("year")
    return {"pages": read_pages(r.lab.span("pages"), year if isinstance(year, int) else None)}
