"""Work type: a bracketed descriptor ("[Computer software]", "(Tesis doctoral)", "[Data
set]") read where it is written, and the :class:`~citations.model.SourceType` from it or,
without one, from words of the string and the fields read (a legal citation, a thesis, a
report, a journal or proceedings venue, a dataset, software, a book's publisher, a web
page). The descriptor word lists are data (:data:`DESCRIPTORS`).
"""

from __future__ import annotations

import re

from citations.model import SourceType
from citations.reading.fields import Reading

_THESES = (
    "dissertation", "thesis", "doctoral thesis", "phd dissertation", "master thesis",
    "masters thesis", "bachelor's thesis", "bachelor thesis", "tese", "tese de doutorado",
    "tese de doutoramento", "dissertação", "dissertação de mestrado",
    "trabalho de conclusão de curso", "monografia", "tesis", "tesis doctoral",
    "tesis de maestría", "tesis de licenciatura", "trabajo de fin de grado",
    "trabajo fin de grado", "trabajo fin de máster", "doktorarbeit", "masterarbeit",
    "diplomarbeit", "bachelorarbeit", "magisterarbeit", "habilitationsschrift",
    "doctoral dissertation", "master's thesis", "phd thesis", "unpublished doctoral dissertation",
)  # fmt: skip
DESCRIPTORS: dict[str, SourceType] = {
    "computer software": SourceType.SOFTWARE, "software": SourceType.SOFTWARE,
    "computer program": SourceType.SOFTWARE, "source code": SourceType.SOFTWARE,
    "code": SourceType.SOFTWARE, "mobile app": SourceType.SOFTWARE,
    "data set": SourceType.DATASET, "dataset": SourceType.DATASET, "data": SourceType.DATASET,
    "database": SourceType.DATASET, "data file": SourceType.DATASET,
    "conjunto de datos": SourceType.DATASET, "conjunto de dados": SourceType.DATASET,
    **dict.fromkeys(_THESES, SourceType.THESIS),
    "preprint": SourceType.PAPER, "technical report": SourceType.REPORT,
    "blog post": SourceType.WEB, "web page": SourceType.WEB, "webpage": SourceType.WEB,
    "video": SourceType.WEB, "tweet": SourceType.WEB, "online": SourceType.WEB,
    "podcast": SourceType.WEB, "press release": SourceType.WEB,
}  # fmt: skip
"""Bracketed descriptors (lower case, en / pt / es / de) and the work type each names."""

DESCRIPTOR_RE = re.compile(
    r"\s*[\[(]("
    + "|".join(sorted(map(re.escape, DESCRIPTORS), key=len, reverse=True))
    + r")(?:[,;][^\])]{0,40})?[\])]",
    re.IGNORECASE,
)
"""A descriptor in brackets, with an optional detail after a comma ("(Version 2, data set)")."""

_LEGAL_RE = re.compile(
    r"\b(?:U\.\s?S\.\s?C\.|Stat\.|C\.F\.R\.|Fed\.\s?Reg\.|Public Law|Pub\.\s?L\.|"
    r"Act\s+(?:of\s+)?\d{4}|Lei\s+n|Decreto|Directive\s+\d|Regulation\s+\(E[UC]\)|Gesetz|BGBl|"
    r"Ley\s+\d|Diário Oficial|Official Journal of the European|"
    r"\bv\.\s+[A-Z][^,]{1,80},\s+\d+\s+(?:U\.\s?S\.|S\.\s?Ct\.|F\.\s?(?:2d|3d|4th)|F\.\s?Supp|"
    r"A\.C\.|WLR|EWCA|UKSC))"
)
_THESIS_RE = re.compile(
    r"\b(?:Ph\.?\s?D\.?|doctoral|master'?s?|MSc|M\.Sc\.)\s*(?:thesis|dissertation)|"
    r"\bdissertation\b|\bthesis\b|\btese\b|\bdisserta[çc][ãa]o\b|\btesis\b|Doktorarbeit",
    re.IGNORECASE,
)
_REPORT_RE = re.compile(
    r"\b(?:tech(?:nical)?\.?\s*rep(?:ort)?\.?|working paper|white paper|report no\.|"
    r"relat[óo]rio t[ée]cnico|informe t[ée]cnico|Bericht)\b",
    re.IGNORECASE,
)
_BOOK_RE = re.compile(
    r"\b(?:\(eds?\.\)|eds\.|ed\.|edition|\d+(?:st|nd|rd|th) ed|ISBN|Press\b|Publishers?\b|"
    r"Verlag|Editora|Editorial)",
    re.IGNORECASE,
)
_WEB_RE = re.compile(
    r"\b(?:blog|retrieved|accessed|acesso em|consultado|abgerufen|website|web page|online)\b",
    re.IGNORECASE,
)
_DATASET_RE = re.compile(
    r"\b(?:data ?set|corpus|zenodo|figshare|dryad|data archive|dataverse)\b", re.IGNORECASE
)
_SOFTWARE_RE = re.compile(
    r"github\.com|gitlab\.com|\bsoftware\b|\bpypi\b|\bR package\b|CRAN", re.IGNORECASE
)
PAPER_RE = re.compile(
    r"\b(?:journal|proceedings|proc\.|conference|conf\.|workshop|symposium|transactions|"
    r"letters|review|arxiv|preprint|revista|zeitschrift|annals|bulletin|corr)\b",
    re.IGNORECASE,
)
"""Words of a journal or proceedings venue."""
LEGAL_CASE_RE = re.compile(
    r"^([A-Z][^,]{1,80}\bv\.\s+[A-Z][^,]{1,80}),\s+\d+\s+(?:U\.\s?S\.|S\.\s?Ct\.|"
    r"F\.\s?(?:2d|3d|4th)|F\.\s?Supp|A\.C\.|WLR|EWCA|UKSC)"
)
"""A court case: its name ("Brown v. Board of Education") before the report citation."""
DATA_DESCRIPTORS = frozenset({"data set", "dataset", "computer software", "software"})
"""Descriptors of a work whose container is its publisher ("[Data set]. Coastal Data Archive")."""
_IN_PROCEEDINGS = re.compile(r"\b(?:in|en|em|im)\s*:?\s+proc(?:eedings\b|\.)", re.IGNORECASE)
"""A paper in proceedings ("in: proceedings of ...", "En: PROCEEDINGS"), whatever the venue."""
_REPORT_PAREN_RE = re.compile(r"\(([^()]*\b(?:Report|Rep\.|Working Paper)[^()]*)\)")


def read_descriptor(text: str) -> str | None:
    """The first bracketed descriptor of ``text`` (as written), or a bracketed report
    number ("(Technical Report No. 12)"); None without one."""
    m = DESCRIPTOR_RE.search(text)
    if m:
        return m.group(1)
    m = _REPORT_PAREN_RE.search(text)
    return m.group(1) if m else None


def _by_words(s: str, fields: dict[str, object]) -> SourceType | None:
    if _LEGAL_RE.search(s):
        return SourceType.LEGAL
    if _THESIS_RE.search(s):
        return SourceType.THESIS
    if _REPORT_RE.search(s):
        return SourceType.REPORT
    if (
        fields.get("arxiv_id")
        or fields.get("volume")
        or (fields.get("pages") and fields.get("venue"))
    ):
        return SourceType.PAPER
    if PAPER_RE.search(str(fields.get("venue") or "")) or _IN_PROCEEDINGS.search(s):
        return SourceType.PAPER
    if _DATASET_RE.search(s):
        return SourceType.DATASET
    if _SOFTWARE_RE.search(s):
        return SourceType.SOFTWARE
    return None


def read_type(s: str, fields: dict[str, object], desc: str | None) -> SourceType:
    """The work type of string ``s`` with ``fields`` read and descriptor ``desc``."""
    if desc and desc.lower() in DESCRIPTORS:
        return DESCRIPTORS[desc.lower()]
    found = _by_words(s, fields)
    if found is not None:
        return found
    if fields.get("publisher") or _BOOK_RE.search(s):
        return SourceType.BOOK
    if fields.get("url") and not fields.get("doi") and not fields.get("venue"):
        return SourceType.WEB
    if _WEB_RE.search(s):
        return SourceType.WEB
    if fields.get("venue") or fields.get("doi"):
        return SourceType.PAPER
    return SourceType.UNKNOWN


def normalise_descriptor(r: Reading, fields: dict[str, object]) -> dict[str, object]:
    """``type_descriptor`` (read first: the title, venue and publisher depend on it)."""
    return {"type_descriptor": read_descriptor(r.prepared.text)}


def normalise(r: Reading, fields: dict[str, object]) -> dict[str, object]:
    """``source_type``, from the descriptor and the fields read before it."""
    desc = fields.get("type_descriptor")
    return {
        "source_type": read_type(r.prepared.text, fields, desc if isinstance(desc, str) else None)
    }
