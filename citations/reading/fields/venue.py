"""Venue: the container span (journal, proceedings, book series) without a leading
"In:" / "Em:" (not the "In" of a hyphened word: "In-Context Learning"), an editors'
"(Eds.)" or edge punctuation; an abbreviated journal keeps its last dot ("J. Math. Phys."
stays so). No letters, no venue; the title is no venue. A venue ending in a bracket the
date span closes ("(SemEval 2015)": the year is labelled date) gets its closing bracket.

Without a container, a venue acronym the labeller read as a publisher ("ICLR, 2021",
"EVAL4NLP, pp. 70-87", no place given) is the venue, and so is a container the labeller
ran into the title ("Title. En: PROCEEDINGS OF ...", :func:`venue_after_title`) and a lone
acronym between the title's sentence end and the pages that the labeller ran into the
title or read as a note ("Title. NLP4PROG, pp. 101-104", :func:`acronym_before_pages`). A
dataset's or software's container is its publisher
(:mod:`citations.reading.fields.publisher`), not a venue. A venue span that starts with
the title's last words and a period (or two: "... 2008.. NLLP") loses them.
"""

from __future__ import annotations

import re

from citations.crf.titles import title_key
from citations.reading.fields import Reading
from citations.reading.fields.kind import DATA_DESCRIPTORS
from citations.reading.fields.pages import note_page_word
from citations.reading.fields.spans import strip_span

_LEAD_RE = re.compile(r"^(?:(?:in|em|en|dans|im)\b(?!-)\s*:?\s*)", re.IGNORECASE)
_EDS_RE = re.compile(r"\s*\((?:eds?|hrsg|orgs?|coords?)\.?\)\s*[,:]?", re.IGNORECASE)
_ABBREVIATED_END = re.compile(r"\b[A-Z][a-z]{0,5}$")
_LETTER = re.compile(r"[^\W\d_]")
_OPEN_ACRONYM = re.compile(r"\([^()\s]+$")
_ACRONYM = re.compile(r"[A-Z][A-Za-z]{1,5}[A-Z]+(?:[-\s]?\d{2,4})?")
_LONE_ACRONYM = re.compile(r"[A-Z][A-Za-z0-9]*[A-Z][A-Za-z0-9]*")
_NOT_VENUE_LABELS = frozenset({"title", "note"})


def read_venue(span: str) -> str | None:
    """The venue of a container span, cleaned; None without letters."""
    v = strip_span(_EDS_RE.sub("", _LEAD_RE.sub("", span.strip())))
    if v[-1:].islower() and span.rstrip().endswith(".") and _ABBREVIATED_END.search(v):
        v += "."  # "J. Math. Phys." keeps its abbreviation dot
    if _OPEN_ACRONYM.search(v):
        v += ")"  # "... Evaluation (SemEval": its year was labelled date; the bracket closes
    return v if _LETTER.search(v) else None


def acronym_publisher(r: Reading) -> str | None:
    """A publisher span that is a venue acronym ("ICLR", "NeurIPS", "AAAI 2021", "EVAL4NLP")
    with no place labelled."""
    span = strip_span(r.lab.span("publisher"))
    if r.lab.span("location") or not (_ACRONYM.fullmatch(span) or _LONE_ACRONYM.fullmatch(span)):
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


def acronym_before_pages(r: Reading, title: str) -> str | None:
    """With no container labelled, a lone venue acronym after a sentence end and right
    before the pages ("Title. NLP4PROG, pp. 101-104"; "... [in French]. DISCOMT, pp. 1-9"),
    which the labeller ran into the title run or read as a note (pages in the note too:
    :func:`~citations.reading.fields.pages.note_page_word`); a word of the title is no
    venue."""
    labels = r.lab.labels
    anchor = labels.index("pages") if "pages" in labels else note_page_word(r)
    if anchor is None:
        return None
    words = [t[0] for t in r.lab.tokens]
    k = anchor - 1
    while k >= 0 and words[k] in ",;:":
        k -= 1
    if k < 1 or words[k - 1] != "." or labels[k] not in _NOT_VENUE_LABELS:
        return None
    word = words[k]
    if not _LONE_ACRONYM.fullmatch(word) or word in title.split():
        return None
    return word


def normalise(r: Reading, fields: dict[str, object]) -> dict[str, object]:
    """``venue``; none when it is the title (a book's title labelled container)."""
    if str(fields.get("type_descriptor") or "").lower() in DATA_DESCRIPTORS:
        return {"venue": None}
    t = str(fields.get("title") or "")
    v = (
        read_venue(r.lab.span("container"))
        or acronym_publisher(r)
        or venue_after_title(r, t)
        or acronym_before_pages(r, t)
    )
    if v and t and ". " in v and t.endswith(v.split(". ", 1)[0].rstrip(".")):
        v = v.split(". ", 1)[1]  # "... sparse Q&A. Journal of Hydrology": the title's end
    if v is not None and title_key(v) == title_key(t):
        v = None
    return {"venue": v}
