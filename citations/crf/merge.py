"""The labeller's fields checked by rules and merged into a rules parse (pure; no I/O).

:func:`merge_labelled` takes the Reference the rules read and the CRF's token labels for the
same string, reads each labelled span into a field value and keeps it only when rules accept
it: a year must be a year (1500-2035), pages a page range that is not a year alone, a volume
a number (a year-looking "volume" with no date becomes the year), a title must hold letters
and not be the author list, an author span must parse into names. Where the rules and the
labeller agree (same first family name, titles within 90 % after folding, same venue) the
rules' value stays, so their finer boundaries (subtitles, abbreviation dots) are kept;
where they differ the labeller's checked value wins, and a field it does not find keeps
the rules' value. Identifiers (DOI, arXiv, URL), the list marker and the work type are the
rules'. Source of the policy: GROBID / anystyle (labeller) with rule-based post-checks.
"""

from __future__ import annotations

import re

from rapidfuzz import fuzz

from citations.crf.labeller import Labelled
from citations.model import Author, Reference, SourceType
from citations.names import fold, parse_author_list

_YEAR_RE = re.compile(r"(?<!\d)(1[5-9]\d\d|20[0-3]\d)(?!\d)")
_PAGE_RE = re.compile(r"[A-Za-z]?\d+[A-Za-z]?(?:\s*[-–—]+\s*[A-Za-z]?\d+[A-Za-z]?)?")
_NUM_RE = re.compile(r"[A-Z]?\d+[A-Za-z]?(?:[-–/]\d+)?|\b[IVXLC]+\b")
_LEAD_RE = re.compile(r"^(?:(?:in|em|en|dans|im)\b\s*:?\s*)", re.IGNORECASE)
_EDS_RE = re.compile(r"\s*\((?:eds?|hrsg|orgs?|coords?)\.?\)\s*[,:]?", re.IGNORECASE)
_EDGE = " ,;:.–—-/"
_QUOTES = "\"“”„«»‘’'"


def _strip(span: str) -> str:
    s = span.strip(_EDGE + _QUOTES + " ")
    for o, c in ("()", "[]"):
        if s.startswith(o) and c not in s:
            s = s[1:]
        if s.endswith(c) and o not in s:
            s = s[:-1]
    return s.strip(_EDGE + _QUOTES + " ")


def _norm(text: str | None) -> str:
    return re.sub(r"[^0-9a-z]+", "", fold(text or ""))


def _title(lab: Labelled) -> str | None:
    t = _strip(lab.span("title"))
    if len(t) < 2 or not re.search(r"[^\W\d_]", t):
        return None
    return t


def _authors(lab: Labelled) -> tuple[list[Author], bool]:
    span = lab.span("author").strip(" ,;:")
    if not span or not re.search(r"[^\W\d_]{2,}", span):
        return [], False
    return parse_author_list(span)


def _year(lab: Labelled) -> int | None:
    for span in lab.spans("date"):
        m = _YEAR_RE.search(span)
        if m:
            return int(m.group(1))
    return None


def _first(rx: re.Pattern[str], span: str) -> str | None:
    m = rx.search(span)
    return m.group(0).replace(" ", "") if m else None


def _pages(lab: Labelled) -> str | None:
    p = _first(_PAGE_RE, lab.span("pages"))
    if p is None or (_YEAR_RE.fullmatch(p) and "-" not in p):
        return None  # a lone year is not a page number
    return p


def _venue(lab: Labelled) -> str | None:
    v = _EDS_RE.sub("", _LEAD_RE.sub("", lab.span("container").strip()))
    v = _strip(v)
    if v.endswith(tuple("abcdefghijklmnopqrstuvwxyz")) and lab.span("container").rstrip().endswith(".") \
            and re.search(r"\b[A-Z][a-z]{0,5}$", v):
        v += "."  # "J. Math. Phys." keeps its abbreviation dot
    return v if re.search(r"[^\W\d_]", v) else None


def merge_labelled(ref: Reference, lab: Labelled) -> Reference:
    """``ref`` (the rules' parse of a string) with the labeller's checked fields of the same
    string (see the module docstring). Returns a new Reference, ``parser="crf+rules"``."""
    upd: dict[str, object] = {"parser": "crf+rules"}
    # title
    t = _title(lab)
    if t is not None and _norm(t) != _norm(lab.span("author")):
        if not ref.title or fuzz.ratio(_norm(t), _norm(ref.title)) < 90:
            upd["title"] = t
    # authors
    authors, et_al = _authors(lab)
    if authors:
        same_first = bool(ref.authors) and _norm(ref.authors[0].family) == _norm(authors[0].family)
        if not same_first or (len(authors) > len(ref.authors) and not ref.et_al):
            upd["authors"] = tuple(authors)
            upd["et_al"] = et_al
    # year: from the date span; the rules' year stays only when it is not read from pages/volume
    year = _year(lab)
    volume = _first(_NUM_RE, lab.span("volume"))
    if year is None and volume is not None and _YEAR_RE.fullmatch(volume):
        year, volume = int(volume), None  # "...; 2012. p. 1622" labelled volume: a year
    pages = _pages(lab)
    if year is not None:
        upd["year"] = year
    elif ref.year is not None and pages is not None and str(ref.year) in pages:
        upd["year"] = None
    if volume is not None and not (ref.volume and _norm(ref.volume) == _norm(volume)):
        upd["volume"] = volume
    elif volume is None and ref.volume and pages is not None and \
            ref.volume in re.split(r"[-–—]+", pages):
        upd["volume"] = None  # the rules read the last page as a volume
    issue = _first(_NUM_RE, lab.span("issue"))
    if issue is not None:
        upd["issue"] = issue
    if pages is not None:
        upd["pages"] = pages
    v = _venue(lab)
    if v is not None and not (ref.venue and fuzz.token_set_ratio(_norm(v), _norm(ref.venue)) >= 90):
        upd["venue"] = v
    pub = _strip(lab.span("publisher"))
    if pub and not ref.publisher:
        upd["publisher"] = pub
    loc = _strip(lab.span("location"))
    if loc and not ref.address:
        upd["address"] = loc
    if ref.marker is None:
        num = re.fullmatch(r"\W*(\d{1,4})\W*", lab.span("citation-number"))
        if num:
            upd["marker"] = f"[{num.group(1)}]"
    if ref.source_type is SourceType.UNKNOWN and (upd.get("venue") or upd.get("volume")):
        upd["source_type"] = SourceType.PAPER
    return ref.model_copy(update=upd)


def repair_labels(lab: Labelled) -> Labelled:
    """Token labels made consistent: words labelled citation-number ("12 Gurney") take the
    label of the next token that is not a citation number."""
    labels = list(lab.labels)
    for i in range(len(labels) - 1, -1, -1):
        if labels[i] == "citation-number" and re.search(r"[^\W\d_]", lab.tokens[i][0]):
            nxt = next((x for x in labels[i + 1:] if x != "citation-number"), "author")
            labels[i] = nxt
    if labels == list(lab.labels):
        return lab
    return Labelled(lab.text, lab.tokens, tuple(labels), lab.probability)
