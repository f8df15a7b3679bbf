"""Venue: the container span (journal, proceedings, book series) without a leading
"In:" / "Em:", an editors' "(Eds.)" or edge punctuation; an abbreviated journal keeps its
last dot ("J. Math. Phys." stays so). No letters, no venue; the title is no venue. A venue
ending in a bracket the date span closes ("(SemEval 2015)": the year is labelled date) gets
its closing bracket.

Without a container, a venue acronym the labeller read as a publisher ("ICLR, 2021", no
place given) is the venue, and so is a container the labeller ran into the title ("Title.
En: PROCEEDINGS OF ...", :func:`venue_after_title`). A dataset's or software's container
is its publisher (:mod:`citations.reading.fields.publisher`), not a venue. A venue span
that starts with the title's last words and a period loses them.
"""

from __future__ import annotations

import re

from citations.crf.titles import title_key
from citations.reading.fields import Reading
from citations.reading.fields.kind import DATA_DESCRIPTORS
from citations.reading.fields.spans import strip_span

_LEAD_RE = re.compile(r"^(?:(?:in|em|en|dans|im)\b\s*:?\s*)", re.IGNORECASE)
_EDS_RE = re.compile(r"\s*\((?:eds?|hrsg|orgs?|coords?)\.?\)\s*[,:]?", re.IGNORECASE)
_ABBREVIATED_END = re.compile(r"\b[A-Z][a-z]{0,5}$")
_LETTER = re.compile(r"[^\W\d_]")
_OPEN_ACRONYM = re.compile(r"\([^()\s]+$")
_ACRONYM = re.compile(r"[A-Z][A-Za-z]{1,5}[A-Z]+(?:[-\s]?\d{2,4})?")


def read_venue(span: str) -> str | None:
    """The venue of a container span, cleaned; None without letters."""
    v = strip_span(_EDS_RE.sub("", _LEAD_RE.sub("", span.strip())))
    if v[-1:].islower() and span.rstrip().endswith(".") and _ABBREVIATED_END.search(v):
        v += "."  # "J. Math. Phys." keeps its abbreviation dot
    if _OPEN_ACRONYM.search(v):
        v += ")"  # "... Evaluation (SemEval": its year was labelled date; the bracket closes
    return v if _LETTER.search(v) else None


def acronym_publisher(r: Reading) -> str | None:
    """A publisher span that is a venue acronym ("ICLR", "NeurIPS", "AAAI 2021") with no
    place labelled."""
    span = strip_span(r.lab.span("publisher"))
    if r.lab.span("location") or not _ACRONYM.fullmatch(span):
        return None
    return span


_CONTAINER_LEAD = re.compile(
    r"^[\s.,;:]*(?:(?:in|em|en|dans|im)\b\s*:?|proc\b|proceedings\b)", re.I
)


def venue_after_title(r: Reading, title: str) -> str | None:
    """With no container labelled, the rest of the CRF's title run after the ranked title
    when it opens like a container ("Title. En: PROCEEDINGS OF THE WORKSHOP ...", upper
    case: the labeller read it as the title's second sentence)."""
    own = r.labelling.crf_title or ""
    if not title or not own.startswith(title) or len(own) <= len(title):
        return None
    rest = own[len(title) :]
    return read_venue(rest.lstrip(" .,;:")) if _CONTAINER_LEAD.match(rest) else None


def normalise(r: Reading, fields: dict[str, object]) -> dict[str, object]:
    """``venue``; none when it is the title (a book's title labelled container)."""
    if str(fields.get("type_descriptor") or "").lower() in DATA_DESCRIPTORS:
        return {"venue": None}
    t = str(fields.get("title") or "")
    v = read_venue(r.lab.span("container")) or acronym_publisher(r) or venue_after_title(r, t)
    if v and t and ". " in v and t.endswith(v.split(". ", 1)[0]):
        v = v.split(". ", 1)[1]  # "... sparse Q&A. Journal of Hydrology": the title's end
    if v is not None and title_key(v) == title_key(str(fields.get("title") or "")):
        v = None
    return {"venue": v}
