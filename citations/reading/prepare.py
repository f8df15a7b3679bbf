"""A reference string made ready for the labeller (pure): text cleaned, the list marker
and the identifiers (DOI, arXiv id, URL) read directly and cut out.

Identifiers have fixed forms, so they are read by :mod:`citations.text.identifiers` and never
labelled; what is left (``body``) is what the CRF labels.
"""

from __future__ import annotations

import html
import re
import unicodedata
from dataclasses import dataclass

from annotations.textsafe import strip_escape_sequences
from citations.text.fold import delatex
from citations.text.identifiers import ArxivId, find_arxiv_spans, find_doi_spans, find_urls
from citations.text.names import drop_homonym_numbers

_CTRL_RE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ufffd]")
_JUNK_RE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ufffd\ud800-\udfff\ue000-\uf8ff]")
_MARKER_RE = re.compile(r"^\s*(?:\[(\d{1,4})\]|\((\d{1,4})\)|(\d{1,3})[.)](?=\s)|[-•*–·]\s)\s*")
#: Windows-1252 punctuation read as Latin-1 lands in the C1 controls: "2270\x96 2282"
_CP1252_C1 = str.maketrans(
    {
        "\x91": "\u2018",
        "\x92": "\u2019",
        "\x93": "\u201c",
        "\x94": "\u201d",
        "\x96": "\u2013",
        "\x97": "\u2014",
    }
)
_ID_LEAD_RE = re.compile(
    r"(?:,?\s*(?:\bdoi\s*:?|\bDOI\s*:?|\bURL\s*:?|\burl\s*:?|Available (?:at|from)\s*:?|"
    r"Retrieved (?:from)?\s*:?|Dispon[íi]vel em\s*:?|Disponible en\s*:?|Online\s*:?|"
    r"\[Online\]\.?\s*(?:Available:)?|https?://(?:dx\.)?doi\.org/)\s*)$",
    re.IGNORECASE,
)
_ACCESSED_RE = re.compile(
    r"[,.(\[]?\s*\b(?:accessed(?: on)?|retrieved(?: on)?|last accessed|acesso em|"
    r"consultado(?: el)?|abgerufen am|visited on|zugegriffen am)\s*:?\s*[^.()\]]{0,40}[.)\]]?",
    re.IGNORECASE,
)
_PREPRINT_RE = re.compile(
    r"\b(?:arXiv preprint|arXiv e-prints|Preprint at|CoRR|ArXiv)\s*[,.]?\s*(?=[,.]|$)"
)
_QUOTE_CHARS = '"“”'


@dataclass(frozen=True, slots=True)
class Prepared:
    """A reference string ready for labelling.

    Attributes: raw: the input. text: cleaned, marker removed. body: ``text`` without
    identifiers, access dates and "arXiv preprint" (what the CRF labels; '' for junk).
    marker: "[3]" for a leading "[3]" / "3." / "(3)", else None. doi, arxiv, url: the
    identifiers found (first of each; a URL that is not a doi.org link preferred).
    """

    raw: str
    text: str
    body: str
    marker: str | None = None
    doi: str | None = None
    arxiv: ArxivId | None = None
    url: str | None = None


def clean(text: str) -> str:
    """Control characters, HTML entities, LaTeX accents, soft hyphens, homonym numbers and
    a stray unpaired quote at either end removed; spaces collapsed; NFC."""
    s = _CTRL_RE.sub(" ", strip_escape_sequences(text.translate(_CP1252_C1)))
    if "&" in s and ";" in s:
        s = html.unescape(s)  # "d&apos;Amore" in scraped BibTeX
    s = unicodedata.normalize("NFC", s)
    if "\\" in s or "{" in s:
        s = delatex(s)
    s = s.replace("\u00ad", "")
    s = drop_homonym_numbers(" ".join(s.split()))
    odd = sum(s.count(q) for q in _QUOTE_CHARS) % 2 == 1
    if odd and s[:1] in '"“':
        s = s[1:].lstrip()  # a stray opening quote left by copy-paste
    elif odd and s[-1:] in '"”':
        s = s[:-1].rstrip()
    return s


def is_junk(raw: str) -> bool:
    """Binary or control-character soup: more than 5 % control, surrogate, private-use or
    replacement characters."""
    return len(_JUNK_RE.findall(raw)) > 0.05 * len(raw)


def _remove_spans(s: str, spans: list[tuple[int, int]]) -> str:
    out = []
    last = 0
    for a, b in sorted(spans):
        a = max(a, last)
        if a >= b:
            continue
        pre = s[last:a]
        m = _ID_LEAD_RE.search(pre)
        out.append(pre[: m.start()] if m else pre)
        out.append(" ")
        last = b
    out.append(s[last:])
    return " ".join("".join(out).split())


def prepare(raw: str) -> Prepared:
    """Clean ``raw``, read its marker and identifiers, and cut them out of the body."""
    if is_junk(raw):
        return Prepared(raw, "", "")
    s = clean(raw)
    marker = None
    m = _MARKER_RE.match(s)
    if m:
        num = m.group(1) or m.group(2) or m.group(3)
        marker = f"[{num}]" if num else None
        s = s[m.end() :]
    spans: list[tuple[int, int]] = []
    dois = find_doi_spans(s)
    spans += [(a, b) for a, b, _ in dois]
    arx = find_arxiv_spans(s)
    spans += [(a, b) for a, b, _ in arx]
    urls = find_urls(s)
    for a, b, _ in urls:
        spans.append((a, max(b, a)))
    url_list = [u for _, _, u in urls]
    non_doi = [u for u in url_list if "doi.org/" not in u.lower()]
    body = _remove_spans(s, spans) if spans else s
    body = _ACCESSED_RE.sub("", body)
    body = _PREPRINT_RE.sub("", body).strip()
    body = re.sub(r"([.,;:])(?:\s+[.,;:](?=\s|$))+", r"\1", body)
    body = re.sub(r"\s+([,.;:])(?=\s|$)", r"\1", body).strip(" ,;")
    return Prepared(
        raw,
        s,
        body,
        marker=marker,
        doi=dois[0][2] if dois else None,
        arxiv=arx[0][2] if arx else None,
        url=(non_doi or url_list or [""])[0] or None,
    )
