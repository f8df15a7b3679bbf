"""Reference strings -> :class:`~citations.model.Reference` fields, by deterministic rules.

Styles read: APA / Harvard ("Authors (Year). Title. Venue, vol(issue), pages."), Vancouver and
the biology variant ("Authors. Year. Title. Journal vol(iss):pages."), ACL / NeurIPS
("Authors. Title. Venue, Year."), IEEE and MLA (quoted titles), ABNT ("SOBRENOME, N.; ...
Título. Revista, v. 9, n. 1, p. 10-25, 2017."), German ("(2017): Titel. In: Zeitschrift 5,
S. 44–58"), physics ("A. B; C. D: Title, Phys. Rev. D 94, 043515 (2016)") and astronomy
("Authors YYYY, Journal, vol, page"); numbered and bulleted lists. English, Portuguese,
Spanish and German conventions (conjunctions, "et al." equivalents, v./n./p., S.).

Limits and decisions:
- :func:`parse_reference` never raises on junk: binary or prose input gives a Reference with
  few or no fields (see :func:`is_parsed`). It raises :class:`~citations.errors.InputError`
  for a non-string, an empty/blank string, and for more than :data:`MAX_REFERENCE_CHARS`
  characters (CiteAudit's longest real reference, an author roster, is 15,428).
- A ``[Computer software]`` / ``(Data set)`` descriptor after the title goes to
  ``type_descriptor`` and sets ``source_type``; it never stays in the title (an APA software or
  dataset reference ending in a URL).
- Physics article numbers ("043515") are stored in ``pages``.
"""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING, Protocol

from citations.errors import InputError
from citations.text.identifiers import ArxivId, find_arxiv_spans, find_doi_spans, find_urls
from citations.model import Author, Reference, SourceType
from citations.text.fold import delatex, fold_key as fold
from citations.text.names import (
    PARTICLES,
    drop_homonym_numbers,
    is_organisation,
    is_organisation_name,
    parse_author_list,
    split_et_al,
)

if TYPE_CHECKING:
    from citations.crf.labeller import ReferenceLabeller

__all__ = [
    "LabelledParser",
    "MAX_REFERENCE_CHARS",
    "ReferenceParser",
    "RulesParser",
    "format_reference",
    "is_parsed",
    "parse_reference",
    "parse_references",
    "split_reference_list",
    "title_query_form",
]

MAX_REFERENCE_CHARS = 20_000
"""Longest accepted reference string in characters; longer input is an InputError."""


class ReferenceParser(Protocol):
    """Anything that turns one reference string into a Reference (rules now, a model later)."""

    def parse(self, text: str) -> Reference: ...


class RulesParser:
    """The deterministic rules of this module alone as a :class:`ReferenceParser`."""

    name = "rules"

    def parse(self, text: str) -> Reference:
        return parse_reference(text, rules_only=True)


class LabelledParser:
    """Rules plus the learned labeller (what :func:`parse_reference` does by default) as a
    :class:`ReferenceParser`; ``labeller`` None takes the shipped model."""

    name = "crf+rules"

    def __init__(self, labeller: ReferenceLabeller | None = None) -> None:
        self.labeller = labeller

    def parse(self, text: str) -> Reference:
        return parse_reference(text, labeller=self.labeller)


# ---------------------------------------------------------------- small helpers

_CTRL_RE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ufffd]")
_YEAR = r"(?:1[5-9]\d\d|20\d\d)"
_YEAR_RE = re.compile(rf"(?<![\d/.-]){_YEAR}(?![\d/]|\s*[-–—]\s*\d)")  # not the first page of "1622-1627"
_MARKER_RE = re.compile(r"^\s*(?:\[(\d{1,4})\]|\((\d{1,4})\)|(\d{1,3})[.)](?=\s)|[-•*–·]\s)\s*")
_DESCRIPTORS = {
    "computer software": SourceType.SOFTWARE, "software": SourceType.SOFTWARE,
    "computer program": SourceType.SOFTWARE, "source code": SourceType.SOFTWARE,
    "code": SourceType.SOFTWARE, "mobile app": SourceType.SOFTWARE,
    "data set": SourceType.DATASET, "dataset": SourceType.DATASET, "data": SourceType.DATASET,
    "database": SourceType.DATASET, "data file": SourceType.DATASET,
    "conjunto de datos": SourceType.DATASET, "conjunto de dados": SourceType.DATASET,
    "doctoral dissertation": SourceType.THESIS, "master's thesis": SourceType.THESIS,
    "phd thesis": SourceType.THESIS, "unpublished doctoral dissertation": SourceType.THESIS,
    # a thesis as Vancouver ("[dissertation]") and pt / es / de theses label it
    **dict.fromkeys((
        "dissertation", "thesis", "doctoral thesis", "phd dissertation", "master thesis", "masters thesis",
        "bachelor's thesis", "bachelor thesis", "tese", "tese de doutorado", "tese de doutoramento",
        "dissertação", "dissertação de mestrado", "trabalho de conclusão de curso", "monografia", "tesis",
        "tesis doctoral", "tesis de maestría", "tesis de licenciatura", "trabajo de fin de grado",
        "trabajo fin de grado", "trabajo fin de máster", "doktorarbeit", "masterarbeit", "diplomarbeit",
        "bachelorarbeit", "magisterarbeit", "habilitationsschrift"), SourceType.THESIS),
    "preprint": SourceType.PAPER, "technical report": SourceType.REPORT,
    "blog post": SourceType.WEB, "web page": SourceType.WEB, "webpage": SourceType.WEB,
    "video": SourceType.WEB, "tweet": SourceType.WEB, "online": SourceType.WEB,
    "podcast": SourceType.WEB, "press release": SourceType.WEB,
}
_DESC_RE = re.compile(
    r"\s*[\[(](" + "|".join(sorted(map(re.escape, _DESCRIPTORS), key=len, reverse=True))
    + r")(?:[,;][^\])]{0,40})?[\])]",
    re.IGNORECASE,
)
# words before a period that do not end a sentence
_ABBREV = frozenset("""
v vs e.g i.e cf eds ed edn no nr vol pp p s st dr mr mrs ms jr sr inc ltd co corp univ
proc conf int j trans rev lett phys chem math biol med res appl comput eng stat mech astron
astrophys nucl mol sci soc am natl acad symp assoc comm ieee acm intl ann annu rep bull
mon r geophys environ ecol evol genet neurosci psychol educ econ manag technol inf syst
adv mater opt nat commun theor exp dev struct anal fig eq sect ch op vols nos dept
""".split())
_SENT_END_RE = re.compile(r"(?<=[.?!])[\"”’']?\s+(?=[^\s])")
_TRAIL = " \t,;:.–-"


#: Windows-1252 punctuation read as Latin-1 lands in the C1 controls: "2270\x96 2282"
_CP1252_C1 = str.maketrans({"\x91": "\u2018", "\x92": "\u2019", "\x93": "\u201c",
                            "\x94": "\u201d", "\x96": "\u2013", "\x97": "\u2014"})


def _clean(text: str) -> str:
    s = _CTRL_RE.sub(" ", text.translate(_CP1252_C1))
    if "&" in s and ";" in s:
        s = html.unescape(s)  # "d&apos;Amore" in scraped BibTeX
    s = unicodedata.normalize("NFC", s)
    if "\\" in s or "{" in s:
        s = delatex(s)
    s = s.replace("\u00ad", "")
    s = drop_homonym_numbers(" ".join(s.split()))
    if s[:1] in "\"“" and (s.count('"') + s.count("“") + s.count("”")) % 2 == 1:
        s = s[1:].lstrip()  # a stray opening quote left by copy-paste
    elif s[-1:] in "\"”" and (s.count('"') + s.count("“") + s.count("”")) % 2 == 1:
        s = s[:-1].rstrip()
    return s


def title_query_form(title: str) -> str:
    """A title as a search query: typographic quotes as ASCII (’ -> ', “ -> "), dashes as
    '-', spaces collapsed; case and words kept. ``"won’t ‘follow’"`` -> ``"won't 'follow'"``."""
    s = title.translate(_QUOTE_MAP)
    return " ".join(s.split())


_QUOTE_MAP = dict.fromkeys(map(ord, "\u2018\u2019\u201a\u201b\u2032"), "'")
_QUOTE_MAP.update(dict.fromkeys(map(ord, "\u201c\u201d\u201e\u201f\u00ab\u00bb"), '"'))
_QUOTE_MAP.update(dict.fromkeys(map(ord, "\u2010\u2011\u2012\u2212"), "-"))


def is_parsed(ref: Reference) -> bool:
    """True when the parse found something to look up: a title, an identifier, or authors
    with a year. False means the string could not be read as a reference (Verdict.UNPARSED)."""
    return bool(ref.title or ref.doi or ref.arxiv_id or (ref.authors and ref.year))


def _prev_token(s: str, dot: int) -> str:
    """The word just before position ``dot`` (which holds '.', '?' or '!')."""
    j = dot
    while j > 0 and not s[j - 1].isspace() and s[j - 1] not in "([{\"“":
        j -= 1
    return s[j:dot]


_DIGRAPH_INITIALS = frozenset({"Ph", "Th", "Ch", "Sh", "Zh", "Kh", "Gh", "Dj", "Lj", "Nj", "Ts"})


def _is_initial_token(tok: str) -> bool:
    t = tok.strip("([")
    if t.rstrip(".") in _DIGRAPH_INITIALS:
        return True
    return bool(re.fullmatch(r"-?(?:[A-ZÀ-ÞŁØČŠŽ]\.?-?)+(?:(?<=-)[a-z]\.?)?", t)) and len(t.replace(".", "").replace("-", "")) <= 2


_DIGITS_RE = re.compile(r"\d+")
_INITIALS_TOKEN_RE = re.compile(r"(?:[A-Z][a-z]?\.-?)*[A-ZÀ-ÞŁØČŠŽ][a-z]?")
_CAPITAL_RE = re.compile(r"[A-Z]")


def _boundaries(s: str, start: int = 0, initials: bool = False) -> list[int]:
    """Positions just after a sentence end ('.', '?', '!' then space), skipping abbreviations
    and brackets; with ``initials`` a period after a single capital letter counts too.
    Returns indexes where the next segment starts."""
    out = []
    depth = 0
    i = start
    n = len(s)
    while i < n:
        c = s[i]
        if c in "([":
            depth += 1
        elif c in ")]":
            depth = max(0, depth - 1)
        elif c in ".?!" and depth == 0 and i + 1 < n:
            j = i + 1
            if j < n and s[j] in "\"”’'":
                j += 1
            if j < n and s[j] == " ":
                tok = _prev_token(s, i)
                if c != "." or tok == "" or _DIGITS_RE.fullmatch(tok):
                    out.append(j + 1)
                elif initials and (_INITIALS_TOKEN_RE.fullmatch(tok)
                                   or (tok[:1].isupper() and tok.lower() in _ABBREV)):
                    out.append(j + 1)  # "Soumyabrata Dev." may end an author list
                elif tok.lower().rstrip(".") not in _ABBREV and not _CAPITAL_RE.fullmatch(tok):
                    out.append(j + 1)
        i += 1
    return out


# ---------------------------------------------------------------- author checks

_LOWER_OK = PARTICLES | {"collaboration", "consortium", "team", "group", "and", "et", "al", "al.", "&", "und", "y", "e", "u.", "a.", "others", "jr.", "jr", "i"}


_TITLE_WORDS = frozenset("""
The Is Are All We Our Of For To With Via From How What Why When Does Not Towards Toward
Learning Neural Network Networks Model Models Using Language Large Data Analysis Need
Attention Study Survey Approach Method Methods Based Beyond Into Through Your Benchmark Towards
""".split())
"""Capitalised words of Title Case titles that are not names ("Attention Is All You Need")."""


def _namey(prefix: str) -> bool:
    """Does ``prefix`` read as an author list (names only, no title words)?"""
    p, _ = split_et_al(prefix.strip(" ,;:"))
    p = p.strip(" ,;:.")
    if not p or len(p) > MAX_REFERENCE_CHARS or re.search(r"\d", p):
        return False
    if not p or re.search(r"[^\W\d_]{3,}\.\s", p.replace("et al. ", "")):
        return False
    if re.search(r"[:?!\"“”]|\s[-–—]\s", p):
        return False
    if is_organisation_name(p):
        return True  # "Centers for Disease Control and Prevention"
    words = re.split(r"[\s,;]+", p)
    toks = list(re.finditer(r"[^\s,;]+", p))
    for i in range(len(toks)):
        if not _word_ok_in_names(toks, i, p):
            return False
    if not re.search(r",|;|\band\b|&", p) and is_organisation(p):
        return True  # "The White House", "Common Crawl Foundation"
    if not re.search(r",|;|\band\b|&", p) and sum(w.strip(".,;") in _TITLE_WORDS for w in words) >= 1:
        return False  # one "name" made of Title Case title words
    authors, _ = parse_author_list(p)
    if not authors:
        return False
    for a in authors:
        if len(a.family.split()) > 3 or len(a.given.split()) > 6:
            return False
    return True


# ---------------------------------------------------------------- venue tail

_PAGES = r"[A-Za-z]?\d+[A-Za-z]?(?:\s*[-–—]+\s*[A-Za-z]?\d+[A-Za-z]?)?"
_KW_VOL_RE = re.compile(r"(?:(?<=[\s,(])|^)(?:vol\.?|volume|v\.|Bd\.|Jg\.|t\.)\s*(\d+[A-Za-z]?|[IVXLC]+\b)", re.IGNORECASE)
_KW_ISS_RE = re.compile(r"(?:(?<=[\s,(])|^)(?:no\.|nr\.|n\.|n[º°o]\.?|issue|num\.|number|Heft|H\.)\s*(\d+[A-Za-z]?(?:[-–/]\d+)?)", re.IGNORECASE)
_KW_PAGES_RE = re.compile(rf"(?:(?<=[\s,(])|^)(?:pp\.?|pages|page|p\.|S\.|págs?\.|pgs?\.|art\.|article)\s*({_PAGES})", re.IGNORECASE)
_VIP_RE = re.compile(rf"(?<![\w.])(\d+[A-Za-z]?)\s*\(([^()]{{1,20}})\)\s*(?:[:,]\s*(?:pp?\.\s*)?({_PAGES}))?")
_VP_COLON_RE = re.compile(rf"(?<![\w.])(\d+[A-Za-z]?)\s*:\s*({_PAGES})")
_VP_COMMA_RE = re.compile(rf"(?<![\w.(])(\d+[A-Za-z]?),\s*({_PAGES})(?=\s*(?:\(|,|\.|$))")
_PUBLISHER_RE = re.compile(r"^(?P<place>[A-Z][\w .'-]{1,40}?(?:,\s*[A-Z]{2})?)\s*:\s*"
                           r"(?P<pub>(?:[A-Z]\.\s?)*[^,.:;]{2,80})")  # "W. W. Norton", "J. B. Lippincott"
_EDITION_RE = re.compile(r"^(?:\d+(?:st|nd|rd|th)?\.?\s*(?:ed\.|edn\.?|edition|Aufl\.|Auflage|éd\.|edição|edición)|"
                         r"(?:Second|Third|Fourth|Fifth|Revised)\s+edition)\s*[.,]?\s*", re.IGNORECASE)
_EDITORS_RE = re.compile(r"^[^,()]{2,120}?\s*\((?:eds?\.?|Hrsg\.?|orgs?\.?|coords?\.?|dir\.?)\)\s*[,:]?\s*", re.IGNORECASE)
_PUBLISHER_NAME_RE = re.compile(
    r"\b(?:Press|Wiley|Springer|Elsevier|Sons|Publish(?:ers|ing)|Verlag|Editora|Editorial|O'Reilly|Routledge|"
    r"Pearson|McGraw[- ]Hill|Prentice[- ]Hall|Addison[- ]Wesley|Morgan Kaufmann|CRC|Academic Press|Birkh[äa]user|"
    r"Taylor & Francis|SAGE|Palgrave|Macmillan|Penguin|Norton|Blackwell|Kluwer)\b", re.IGNORECASE)
_IN_RE = re.compile(r"^(?:In|in|En|Em|Dans)\s*:?\s+")
_MONTHS = (r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|"
           r"Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?")


def _abbrev_end(venue: str) -> bool:
    last = venue.rsplit(" ", 1)[-1]
    return last.lower() in _ABBREV or (len(last) <= 5 and last[:1].isupper() and "." in venue)


@lru_cache(maxsize=512)
def _year_patterns(year: int) -> tuple[re.Pattern[str], ...]:
    """What cuts ``year`` (and its month) from the end of a title, then from a tail: at
    its end, in brackets, between commas (compiled once per year)."""
    return (re.compile(rf",\s*(?:{_MONTHS}\s+)?(?:\d{{1,2}},?\s+)?{year}[a-z]?$"),
            re.compile(rf"(?:,?\s*\(?(?:{_MONTHS}\s*(?:\d{{1,2}},?\s*)?)?{year}[a-z]?\)?)(?=\s*[.,;]?\s*$)"),
            re.compile(rf"[,\s]*\(\s*{year}[a-z]?\s*\)"),
            re.compile(rf",\s*{year}[a-z]?\s*(?=,)"))


def _parse_tail(tail: str, year: int | None) -> dict[str, str]:
    """Venue, volume, issue, pages, publisher from what follows the title."""
    out: dict[str, str] = {}
    t = tail.strip(_TRAIL + " ")
    t = _IN_RE.sub("", t)
    t = _EDITORS_RE.sub("", t)
    t = _EDITION_RE.sub("", t)
    # drop the year and month words
    if year is not None:
        for rx in _year_patterns(year)[1:]:
            t = rx.sub("", t)
    t = t.strip(_TRAIL)
    if not t:
        return out
    first_num = len(t)
    for rx, names in ((_KW_VOL_RE, ("volume",)), (_KW_ISS_RE, ("issue",)), (_KW_PAGES_RE, ("pages",))):
        m = rx.search(t)
        if m:
            out.setdefault(names[0], m.group(1))
            first_num = min(first_num, m.start())
    m = _VIP_RE.search(t)
    if m and "volume" not in out:
        out["volume"] = m.group(1)
        out["issue"] = m.group(2).strip()
        if m.group(3):
            out.setdefault("pages", m.group(3))
        first_num = min(first_num, m.start())
    for vp_re in (_VP_COLON_RE, _VP_COMMA_RE):  # "61: 280-288", then "94, 043515"
        if "volume" in out:
            break
        m = vp_re.search(t)
        if m:
            out["volume"] = m.group(1)
            out.setdefault("pages", m.group(2))
            first_num = min(first_num, m.start())
    if "volume" in out and "pages" not in out:
        # "Zeitschrift 5, S. 44" handled by keywords; a trailing bare page range after the volume
        m = re.search(rf",\s*({_PAGES})\s*$", t)
        if m and m.group(1) != out["volume"]:
            out["pages"] = m.group(1)
    if "volume" not in out and "pages" not in out:
        m = re.search(r"(?<![\w.])(\d+)\s*$", t)
        if m and first_num == len(t) and m.start() > 0:
            out["volume"] = m.group(1)
            first_num = m.start()
    if "volume" not in out and first_num < len(t):
        m = re.search(r"(?<![\w.])(\d+[A-Za-z]?)\s*,?\s*$", t[:first_num])
        if m and m.start() > 0:
            out["volume"] = m.group(1)
            first_num = m.start()
    venue = t[:first_num].strip(_TRAIL + " (")
    if first_num == len(t):
        m = _PUBLISHER_RE.match(venue)
        if m and not re.search(r"\d", m.group("place")):
            out["publisher"] = m.group("pub").strip()
            out["place"] = m.group("place").strip()
            venue = ""
    venue = re.sub(r"\s+(?:\d+)$", "", venue).strip(_TRAIL)
    if venue and "publisher" not in out and not (set(out) & {"volume", "issue", "pages"}) and \
            _PUBLISHER_NAME_RE.search(venue) and not _PAPER_RE.search(venue):
        out["publisher"] = venue  # "John Wiley & Sons, 2017": a book's publisher, not a venue
        venue = ""
    if venue and t[len(venue):len(venue) + 1] == "." and _abbrev_end(venue):
        venue += "."  # "J. Math. Phys." keeps its abbreviation dot
    if venue and len(venue) <= 300:
        out["venue"] = venue
    return out


# ---------------------------------------------------------------- title / rest split

_ABBR_VENUE_RE = re.compile(r"^(?:[A-Z][A-Za-z]{0,9}\.\s*){1,6}(?:[A-Z]\b)?\s*\d|^(?:In|Proc|Proceedings|vol|pp|arXiv)\b|^\d")


def _venue_like(seg: str) -> bool:
    s = seg.strip()
    return bool(re.search(r"\d", s) or _PAPER_RE.search(s) or re.match(r"^(?:In|Proc|arXiv)\b", s)
                or re.match(r"^[A-Z]{2,}\b", s))


def _split_title(rest: str) -> tuple[str, str]:
    """Split what follows the authors (and year) into (title, tail)."""
    r = rest.strip()
    if not r:
        return "", ""
    # quoted title
    m = re.match(r"^[\"“„«]([^\"”“«»]{3,}?)[,.]?[\"”»]\s*[,.]?\s*(.*)$", r)
    if m:
        return m.group(1).strip(" ,."), m.group(2)
    bs = _boundaries(r)
    # "Title? Subtitle. Venue": a '?' / '!' boundary followed by a non-venue segment is not the end
    while bs and r[:bs[0]].rstrip()[-1:] in "?!":
        nxt = r[bs[0]:bs[1]] if len(bs) >= 2 else r[bs[0]:]
        if re.match(r"^[a-z]+(?:\s|[,:;.]|$)", nxt) or (len(bs) >= 2 and not _venue_like(nxt)):
            bs = bs[1:]  # "Can LLMs be ethical? quantifying ..." / "Why? A Study. Venue"
            continue
        break
    if bs:
        cut = bs[0]
        title = r[:cut].strip()
        tail = r[cut:]
        # a title cannot be only a year or a number
        if re.fullmatch(rf"{_YEAR}[a-z]?\.?", title) and len(bs) > 1:
            title, tail = r[bs[0]:bs[1]].strip(), r[bs[1]:]
        title = title.rstrip(".")
    else:
        title, tail = r.rstrip(" ."), ""
    # physics / comma style: "Title, Phys. Rev. D 94, 043515 (2016)"
    if ", " in title:
        segs = title.split(", ")
        for k in range(1, len(segs)):
            seg = segs[k]
            if _ABBR_VENUE_RE.match(seg) and not re.match(rf"^{_YEAR}\b", seg):
                title, tail = ", ".join(segs[:k]), ", ".join(segs[k:]) + (" " + tail if tail else "")
                break
    return title.strip(" ,;:"), tail


_TITLE_PAREN_RE = re.compile(r"\s*\(([^()]*\b(?:Report|Rep\.|No\.|Vol\.|Vols\.|ed\.|Ed\.|Eds\.|edition|pp\.|"
                             r"Working Paper|Series|Bulletin)[^()]*)\)\s*$")


#: A version statement closing a title: "(Version 2)", "(Ver. 1.3)", "(v2.0.1)".
_VERSION_RE = re.compile(r"\s*\((?:Version|Ver\.|v\.?)\s*\d[\w.-]*\)\s*$", re.I)


def _strip_descriptor(title: str, tail: str) -> tuple[str, str, str | None]:
    """Move a bracketed type descriptor from the end of the title (or start of the tail)."""
    m = _TITLE_PAREN_RE.search(title)
    if m and m.start() > 0:
        inner = m.group(1)
        title = title[: m.start()]
        if re.search(r"Report|Rep\.|Working Paper", inner):
            return title, tail, inner
        tail = f"{inner}. {tail}" if re.search(r"pp\.|Vol", inner) else tail
    m = _DESC_RE.search(title)
    if m and m.end() >= len(title.rstrip(" .")) - 1:
        desc = m.group(1)
        return title[: m.start()].rstrip(" ."), tail, desc
    m = _DESC_RE.match(tail)
    if m:
        return title, tail[m.end():].lstrip(" ."), m.group(1)
    return title, tail, None


_LEGAL_RE = re.compile(
    r"\b(?:U\.\s?S\.\s?C\.|Stat\.|C\.F\.R\.|Fed\.\s?Reg\.|Public Law|Pub\.\s?L\.|Act\s+(?:of\s+)?\d{4}|"
    r"Lei\s+n|Decreto|Directive\s+\d|Regulation\s+\(E[UC]\)|Gesetz|BGBl|Ley\s+\d|Diário Oficial|"
    r"Official Journal of the European|"
    r"\bv\.\s+[A-Z][^,]{1,80},\s+\d+\s+(?:U\.\s?S\.|S\.\s?Ct\.|F\.\s?(?:2d|3d|4th)|F\.\s?Supp|A\.C\.|WLR|EWCA|UKSC))")
_THESIS_RE = re.compile(r"\b(?:Ph\.?\s?D\.?|doctoral|master'?s?|MSc|M\.Sc\.)\s*(?:thesis|dissertation)|\bdissertation\b|"
                        r"\bthesis\b|\btese\b|\bdisserta[çc][ãa]o\b|\btesis\b|Doktorarbeit", re.IGNORECASE)
_REPORT_RE = re.compile(r"\b(?:tech(?:nical)?\.?\s*rep(?:ort)?\.?|working paper|white paper|report no\.|"
                        r"relat[óo]rio t[ée]cnico|informe t[ée]cnico|Bericht)\b", re.IGNORECASE)
_BOOK_RE = re.compile(r"\b(?:\(eds?\.\)|eds\.|ed\.|edition|\d+(?:st|nd|rd|th) ed|ISBN|Press\b|Publishers?\b|Verlag|Editora|Editorial)",
                      re.IGNORECASE)
_WEB_RE = re.compile(r"\b(?:blog|retrieved|accessed|acesso em|consultado|abgerufen|website|web page|online)\b",
                     re.IGNORECASE)
_DATASET_RE = re.compile(r"\b(?:data ?set|corpus|zenodo|figshare|dryad|data archive|dataverse)\b", re.IGNORECASE)
_SOFTWARE_RE = re.compile(r"github\.com|gitlab\.com|\bsoftware\b|\bpypi\b|\bR package\b|CRAN", re.IGNORECASE)
# what every match of _THESIS_RE / _SOFTWARE_RE holds (case-folded): a cheap test first,
# since these case-blind regexes cost 15-25 us a string
_THESIS_WORDS = ("thesis", "dissertation", "tese", "disserta", "tesis", "doktorarbeit")
_SOFTWARE_WORDS = ("github.com", "gitlab.com", "software", "pypi", "r package", "cran")
_PAPER_RE = re.compile(r"\b(?:journal|proceedings|proc\.|conference|conf\.|workshop|symposium|transactions|"
                       r"letters|review|arxiv|preprint|revista|zeitschrift|annals|bulletin|corr)\b", re.IGNORECASE)


def _source_type(s: str, fields: dict[str, object], desc: str | None, has_url: bool, has_doi: bool) -> SourceType:
    if desc and desc.lower() in _DESCRIPTORS:
        return _DESCRIPTORS[desc.lower()]
    if _LEGAL_RE.search(s):
        return SourceType.LEGAL
    folded = s.casefold()
    if any(k in folded for k in _THESIS_WORDS) and _THESIS_RE.search(s):
        return SourceType.THESIS
    if _REPORT_RE.search(s):
        return SourceType.REPORT
    if fields.get("arxiv_id") or fields.get("volume") or fields.get("pages") and fields.get("venue"):
        return SourceType.PAPER
    if _PAPER_RE.search(str(fields.get("venue") or "")):
        return SourceType.PAPER
    if _DATASET_RE.search(s):
        return SourceType.DATASET
    if any(k in folded for k in _SOFTWARE_WORDS) and _SOFTWARE_RE.search(s):
        return SourceType.SOFTWARE
    if fields.get("publisher") or _BOOK_RE.search(s):
        return SourceType.BOOK
    if has_url and not has_doi and not fields.get("venue"):
        return SourceType.WEB
    if _WEB_RE.search(s):
        return SourceType.WEB
    if fields.get("venue") or has_doi:
        return SourceType.PAPER
    return SourceType.UNKNOWN


# ---------------------------------------------------------------- the parser

_APA_RE = re.compile(
    rf"^(?P<a>[^()\[\]]{{1,12000}}?)[\s,]*[(\[]\s*(?P<y>{_YEAR}[a-z]?|n\.\s?d\.|s\.\s?d\.|in press|no date|o\.\s?J\.)"
    r"(?:[,;/][^)\]]{0,40})?\s*[)\]]\s*[.:,]?\s*",
    re.IGNORECASE,
)
_YEAR_AFTER_RE = re.compile(rf"(?:^|[.,]?\s+)(?P<y>{_YEAR})[a-z]?\s*[.,:]\s+")
_ID_LEAD_RE = re.compile(
    r"(?:,?\s*(?:\bdoi\s*:?|\bDOI\s*:?|\bURL\s*:?|\burl\s*:?|Available (?:at|from)\s*:?|Retrieved (?:from)?\s*:?|"
    r"Dispon[íi]vel em\s*:?|Disponible en\s*:?|Online\s*:?|\[Online\]\.?\s*(?:Available:)?|"
    r"https?://(?:dx\.)?doi\.org/)\s*)$",
    re.IGNORECASE,
)
_ACCESSED_RE = re.compile(
    r"[,.(\[]?\s*\b(?:accessed(?: on)?|retrieved(?: on)?|last accessed|acesso em|consultado(?: el)?|abgerufen am|"
    r"visited on|zugegriffen am)\s*:?\s*[^.()\]]{0,40}[.)\]]?",
    re.IGNORECASE,
)


def _pick_year(s: str) -> int | None:
    years = [int(m.group(0)) for m in _YEAR_RE.finditer(s)]
    years = [y for y in years if 1500 <= y <= 2035]
    if not years:
        return None
    m = re.search(rf"\(\s*({_YEAR})[a-z]?\s*[),;]", s)
    if m:
        return int(m.group(1))
    return years[-1]


def _remove_spans(s: str, spans: list[tuple[int, int]]) -> str:
    out = []
    last = 0
    for a, b in sorted(spans):
        if a < last:
            a = last
        if a >= b:
            continue
        pre = s[last:a]
        m = _ID_LEAD_RE.search(pre)
        if m:
            pre = pre[: m.start()]
        out.append(pre)
        out.append(" ")
        last = b
    out.append(s[last:])
    return " ".join("".join(out).split())


def parse_reference(text: str, *, rules_only: bool = False,
                    labeller: ReferenceLabeller | None = None, always_label: bool = False) -> Reference:
    """Parse one reference string into fields.

    Free text is read by the rules of this module and, when their parse is doubtful
    (:func:`citations.crf.merge.needs_labeller`), by the learned labeller
    (:mod:`citations.crf`), whose fields are checked by rules and merged
    (:func:`citations.crf.merge.merge_labelled`). Identifiers, names and BibTeX are rules.

    Args: text: one reference as written (a leading "[3]" / "3." / bullet is kept as marker);
          a single BibTeX entry ("@article{key, ...}") is read with citations.bibtex.
          rules_only: skip the labeller (the rules parser alone).
          labeller: a loaded labeller; None takes the shipped model
          (:func:`citations.crf.default_labeller`).
          always_label: ask the labeller about every free-text string, not only doubtful
          parses (more accurate on unusual styles, about 1 ms more per string).
    Returns: Reference with ``raw`` = the input and whatever fields were found;
        ``parser`` is "rules" or "crf+rules". Junk input gives a Reference with few or no fields.
    Raises: InputError for a non-string, an empty or blank string, or more than
        MAX_REFERENCE_CHARS characters.
    """
    if not isinstance(text, str):
        raise InputError(f"reference must be a string, got {type(text).__name__}")
    if not text.strip():
        raise InputError("empty reference string")
    if len(text) > MAX_REFERENCE_CHARS:
        raise InputError(f"reference string too long: {len(text)} characters (limit {MAX_REFERENCE_CHARS})")
    if _BIBTEX_START_RE.match(text):
        from citations.bibtex import BadEntry, parse_bibtex

        items = parse_bibtex(text)
        if items and not isinstance(items[0], BadEntry):
            return items[0].model_copy(update={"raw": text})
    if rules_only:
        return _parse(text)[0]
    return _parse_labelled(text, labeller, always_label)


def _parse_labelled(text: str, labeller: ReferenceLabeller | None, always: bool) -> Reference:
    from citations.crf.labeller import default_labeller
    from citations.crf.merge import merge_labelled, needs_labeller, repair_labels

    ref, body = _parse(text)
    if not body or not re.search(r"[^\W\d_]", body) or not (always or needs_labeller(ref, body)):
        return ref
    labeller = labeller or default_labeller()
    lab = repair_labels(labeller.tag(body))
    merged = merge_labelled(ref, lab)
    if labeller.ranker is not None and ref.source_type is not SourceType.LEGAL:
        # the ranked title, unless it is the venue (a reference without a title: "Robson,
        # T. 2019, Classical and Quantum Gravity, 36, 105011") or the merge's own
        title = labeller.ranker.best(lab, ref.title, merged.title)
        key = _word_key(title)
        if title is not None and key != _word_key(merged.title) and \
                not (key and key in (_word_key(merged.venue), _word_key(ref.venue))) and \
                not _takes_in_authors(title, ref):
            merged = merged.model_copy(update={"title": title})
    return merged


def _takes_in_authors(title: str, ref: Reference) -> bool:
    """Does ``title`` hold the rules' title after a sentence end that closes the family
    names of the last two of the rules' authors ("The Anh Han, and Phu-Quy Nguyen-Lam.
    Understanding LLM Agent ...": the end of a long name list read as the title), or the
    name of their one organisation author ("Organisation for Economic Co-operation and
    Development. Education at a glance 2019")?"""
    if not ref.title or not (len(ref.authors) >= 2 or (ref.authors and ref.authors[0].literal)):
        return False
    at = title.find(ref.title[:30])
    before = title[:at].rstrip() if at > 0 else ""
    key = _word_key(before)
    return before.endswith((".", "。")) and all(
        (f := _word_key(a.family)) and f in key for a in ref.authors[-2:])


def _word_key(text: str | None) -> str:
    """``text`` folded (case, accents) to its word characters in any script."""
    return re.sub(r"[\W_]+", "", fold(text or ""))


_BIBTEX_START_RE = re.compile(r"^\s*@\s*[A-Za-z]+\s*[{(]\s*[^\s,{}()=]+\s*,")


def parse_references(texts: Iterable[str]) -> list[Reference | InputError]:
    """Parse many strings; an unusable item gives its InputError in place, the batch goes on."""
    out: list[Reference | InputError] = []
    for t in texts:
        try:
            out.append(parse_reference(t))
        except InputError as exc:
            out.append(exc)
    return out


_JUNK_RE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ufffd\ud800-\udfff\ue000-\uf8ff]")


def _is_junk(raw: str) -> bool:
    """Binary or control-character soup: more than 5 % control, surrogate, private-use or
    replacement characters."""
    return len(_JUNK_RE.findall(raw)) > 0.05 * len(raw)


def _parse(raw: str) -> tuple[Reference, str]:
    """The rules' Reference and the text they read fields from (marker and identifiers
    removed: what the labeller tags)."""
    if _is_junk(raw):
        return Reference(raw=raw), ""
    s = _clean(raw)
    fields: dict[str, object] = {}
    marker = None
    m = _MARKER_RE.match(s)
    if m:
        num = m.group(1) or m.group(2) or m.group(3)
        if num:
            marker = f"[{num}]"
        s = s[m.end():]
    # identifiers
    spans: list[tuple[int, int]] = []
    dois = find_doi_spans(s)
    if dois:
        fields["doi"] = dois[0][2]
        spans += [(a, b) for a, b, _ in dois]
    arx = find_arxiv_spans(s)
    arxiv: ArxivId | None = arx[0][2] if arx else None
    if arxiv is not None:
        fields["arxiv_id"] = arxiv.id
        fields["arxiv_version"] = arxiv.version
        spans += [(a, b) for a, b, _ in arx]
    urls = find_urls(s)
    url_list = [u for _, _, u in urls]
    for a, b, u in urls:
        if not any(x <= a < y for x, y in spans):
            spans.append((a, b))
        else:
            spans.append((a, max(b, a)))
    if url_list:
        non_doi = [u for u in url_list if "doi.org/" not in u.lower()]
        fields["url"] = non_doi[0] if non_doi else url_list[0]
    body = _remove_spans(s, spans) if spans else s
    body = _ACCESSED_RE.sub("", body)
    body = re.sub(r"\b(?:arXiv preprint|arXiv e-prints|Preprint at|CoRR|ArXiv)\s*[,.]?\s*(?=[,.]|$)", "", body).strip()
    body = re.sub(r"([.,;:])(?:\s+[.,;:](?=\s|$))+", r"\1", body)
    body = re.sub(r"\s+([,.;:])(?=\s|$)", r"\1", body).strip(" ,;")

    year: int | None = None
    no_title = False
    authors_txt: str | None = None
    rest = body
    m = _APA_RE.match(body)
    if m and _namey_loose(m.group("a")):
        authors_txt = m.group("a")
        y = m.group("y")
        year = int(y[:4]) if y[:4].isdigit() else None
        rest = body[m.end():]
    else:
        authors_txt, rest, year, no_title = _split_authors(body)
    if year is None:
        year = _pick_year(rest) or (_pick_year(body) if authors_txt is None else None)

    authors: list[Author] = []
    et_al = False
    if authors_txt:
        authors, et_al = parse_author_list(authors_txt)
    if no_title:
        title, tail = "", rest
    else:
        title, tail = _split_title(rest)
    if year is not None:
        title = _year_patterns(year)[0].sub("", title)
    title, tail, desc = _strip_descriptor(title, tail)
    title = _VERSION_RE.sub("", title)  # "Title (Version 2) [Data set]" (APA)
    tail_fields = _parse_tail(tail, year)
    if desc and desc.lower() in {"data set", "dataset", "computer software", "software"} and "venue" in tail_fields:
        tail_fields.setdefault("publisher", str(tail_fields.pop("venue")))
    if title and re.fullmatch(rf"{_YEAR}[a-z]?", title):
        title = ""
    fields.update({k: v for k, v in tail_fields.items() if k in {"venue", "volume", "issue", "pages", "publisher"}})
    if "place" in tail_fields:
        fields["address"] = tail_fields["place"]
    title_val = title or None
    if title_val is not None and (len(title_val) < 2 or not re.search(r"[^\W\d_]", title_val)):
        title_val = None
    stype = _source_type(s, {**fields, "venue": fields.get("venue")}, desc, bool(url_list), bool(dois))
    return Reference(
        raw=raw,
        title=title_val,
        authors=tuple(authors),
        et_al=et_al,
        year=year,
        venue=_opt(fields.get("venue")),
        volume=_opt(fields.get("volume")),
        issue=_opt(fields.get("issue")),
        pages=_opt(fields.get("pages")),
        publisher=_opt(fields.get("publisher")),
        address=_opt(fields.get("address")),
        doi=_opt(fields.get("doi")),
        arxiv_id=_opt(fields.get("arxiv_id")),
        arxiv_version=arxiv.version if arxiv is not None else None,
        url=_opt(fields.get("url")),
        source_type=stype,
        type_descriptor=desc,
        marker=marker,
    ), body


def _opt(v: object) -> str | None:
    if v is None:
        return None
    s = str(v).strip()
    return s or None


_DISQUALIFY_RE = re.compile(r"\d|[:?!\"“”]|\s[-–—]\s")


def _names_limit(body: str) -> int:
    """Index of the first character that no author list can contain (a digit, ':', '?', a
    quote, a lower-case word that is not a particle, a sentence end after a long word).
    Linear; keeps the boundary scan of long rosters from re-checking every prefix."""
    limit = len(body)
    m = _DISQUALIFY_RE.search(body)
    if m:
        limit = m.start()
    m = re.search(r"[^\W\d_]{3,}\.\s", body)
    if m and m.end() - 2 < limit:
        limit = m.end() - 2
    toks = list(re.finditer(r"[^\s,;]+", body[:limit]))
    for i, t in enumerate(toks):
        if not _word_ok_in_names(toks, i, body):
            return t.start()
    return limit


_NOT_NAME_LOWER = frozenset("of to in on for and the a an with by at from via is are as vs or not into over under "
                            "using based toward towards".split())


def _word_ok_in_names(toks: list[re.Match[str]], i: int, text: str) -> bool:
    """May token ``i`` appear in an author list? Capitalised words, initials, particles,
    "et al." and a lower-case syllable inside a romanised given name ("Ki hyuk Sohn",
    "Guang yao Zhai") may; other lower-case words may not."""
    w = toks[i].group(0)
    w0 = w.strip("().")
    if not w0 or not w0[0].islower():
        return True
    if w.lower() in _LOWER_OK or w0.lower() in _LOWER_OK or re.fullmatch(r"[a-z]\.|[a-z]['’][^\W\d_]+", w):
        return True
    if not (0 < i < len(toks) - 1) or re.fullmatch(r"[a-z]{2,5}", w) is None or w in _NOT_NAME_LOWER:
        return False
    prev, nxt = toks[i - 1], toks[i + 1]
    same_piece = not re.search(r"[,;]", text[prev.end():toks[i].start()] + text[toks[i].end():nxt.start()])
    return (same_piece and prev.group(0)[:1].isupper() and not prev.group(0).endswith(".")
            and nxt.group(0)[:1].isupper())


def _namey_loose(a: str) -> bool:
    """Author part before "(Year)": names, or an organisation ("World Health Organization")."""
    a = a.strip(" ,")
    if not a.strip("."):
        return False
    if _namey(a):
        return True
    # organisation author: few words, capitalised, no sentence inside
    return len(a) < 120 and not re.search(r"[.?!]\s", a) and a[:1].isupper()


_CONTAINER_START = re.compile(r"\s*(?:(?:In|Em|En|Im)\b|Proc|\d)", re.IGNORECASE)


def _split_authors(body: str) -> tuple[str | None, str, int | None, bool]:
    """Find where the author list ends in a reference without "(Year)" after the authors.

    Returns (authors text or None, rest, year found right after the authors or None,
    no_title) where no_title is True for the astronomy form "Authors YYYY, Journal, vol, page".
    """
    # 0. quoted title (IEEE, MLA): 'A. B, C. D, and E. F, “Title,” in ...'
    q = re.search(r"[\"“„«]", body)
    if q and q.start() > 0:
        pre = body[: q.start()].strip(" ,.")
        if _namey(pre):
            return pre, body[q.start():], None, False
    # 1. authors followed by a year: "Authors. 2010. Title" / "Authors 2019, Journal, 36, 1"
    for m in _YEAR_AFTER_RE.finditer(body):
        pre = body[: m.start()].strip()
        if pre and _namey(pre):
            no_title = body[m.start():m.end()].rstrip().endswith(",")
            return pre, body[m.end():], int(m.group("y")), no_title
        break  # only the first year can follow the authors
    # 2. first sentence boundary after which the list is complete
    limit = _names_limit(body)
    for b in _boundaries(body, initials=True):
        pre = body[:b].strip()
        nxt = body[b:]
        pre_core = pre.rstrip(".?! ")
        if not pre_core:
            continue
        if is_organisation_name(pre_core) and \
                not _CONTAINER_START.match(nxt):  # a title must follow, not "In Proceedings ..."
            return pre_core, nxt, None, False  # "Intergovernmental Panel on Climate Change."
        if len(pre_core) > limit:
            break  # a title word or digit lies inside: no longer prefix can be names
        if _continues_names(pre_core, nxt):
            continue
        if not _namey(pre_core):
            continue
        return pre_core, nxt, None, False
    # 3. authors ended by ':' (physics style)
    c = body.find(": ")
    if 0 < c < MAX_REFERENCE_CHARS and " " in body[:c].strip() and _namey(body[:c]):
        return body[:c], body[c + 2:], None, False
    # 4. comma style: "S. Amari, Lattice sums revisited, J. Math. Phys. 41, 101 (2000)"
    segs = body.split(", ")
    k = 0
    while k < len(segs) and _is_gf_name(segs[k]):
        k += 1
    if 0 < k < len(segs):
        return ", ".join(segs[:k]), ", ".join(segs[k:]), None, False
    return None, body, None, False


def _ends_with_initial(pre: str) -> bool:
    tok = pre.rstrip(". ").rsplit(" ", 1)[-1]
    return _is_initial_token(tok)


def _is_gf_name(seg: str) -> bool:
    """"S. Amari", "C. M. Holt", "and K. Lee": given-first name with at least one initial."""
    seg = re.sub(r"^(?:and|&)\s+", "", seg.strip())
    words = seg.split()
    if not 2 <= len(words) <= 5:
        return False
    if not re.fullmatch(r"[A-Z][a-z]?\.(?:-?[A-Z]\.)?", words[0]):
        return False
    last = words[-1]
    return last[:1].isupper() and not last.endswith(".") and not re.search(r"\d", seg)


_VANC_RE = re.compile(r"^[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*){0,3}\s+[A-Z]{1,3}$")


def _continues_names(pre: str, nxt: str) -> bool:
    """After a candidate boundary, does the author list go on (initials or a surname)?"""
    tok = pre.rsplit(" ", 1)[-1]
    nxt = nxt.lstrip()
    nxt_tok = nxt.split(" ", 1)[0] if nxt else ""
    if re.fullmatch(rf"{_YEAR}[a-z]?[.,:]?", nxt_tok):
        return False
    if re.match(r"(?:et\s+al\b|u\.\s*a\.|e\s+outros\b|y\s+otros\b|and\s+others\b)", nxt):
        return True
    if re.match(r"(?:&|and|und|e|y)\s+[A-ZÀ-Þ][\w'’-]*,\s+[A-Z]\.", nxt):
        return True  # "Goodman, M. W. & Xia, F. Title": the last author follows
    if nxt_tok.rstrip(";,.") in PARTICLES and nxt_tok[:1].islower() and nxt_tok.rstrip(";,.") not in {"e", "y", "i"}:
        return True  # ABNT trailing particle: "SANTOS, M. A. dos; ..."
    if _is_initial_token(tok + "."):
        # "Hilton, J. Scaling": inverted list ending in initials is complete
        # only the head and the tail of the list are looked at: linear over a long roster
        short = len(pre) <= 600
        head = [p.strip() for p in re.split(r"[,;]", pre if short else pre[:300])]
        tail = head if short else [p.strip() for p in re.split(r"[,;]", pre[-300:])]
        if not short:
            head, tail = head[:-1], tail[1:]
        multi = "," in pre or ";" in pre
        last_piece = tail[-1] if tail else ""
        prev_piece = re.sub(r"^(?:and|&)\s+", "", tail[-2]) if len(tail) >= 2 else ""
        first_fam = [w for w in (head[0] if head else "").split() if w.lower() not in PARTICLES]
        second = head[1] if len(head) >= 2 else ""
        inverted = multi and all(_is_initial_token(w) for w in last_piece.split()) and not any(
            _is_initial_token(w) for w in prev_piece.split()) and (
            len(first_fam) <= 2 and bool(second) and all(_is_initial_token(w) for w in second.split()))
        sample = head[:3] + tail[-3:]
        vancouver = multi and bool(_VANC_RE.match(re.sub(r"^(?:and|&)\s+", "", last_piece))) and all(
            _VANC_RE.match(re.sub(r"^(?:and|&)\s+", "", p)) for p in sample)
        if not (inverted or vancouver):
            if not multi and _VANC_RE.match(last_piece) and not re.match(
                    r"^[^\W\d_][\w'’-]*(?:[,.;]|\s+(?:and|&)\s)", nxt) and not re.match(
                    r"^(?:[A-Z][\w'’-]+\s+){0,2}[A-Z][\w'’-]+\.\s", nxt):
                return False  # "Meta AI. Llama 3 model card" / "Yang Z. PAML 4: ..." (not "Jorge L. Ruiz Williams.")
            return True
        if re.fullmatch(r"(?:[A-Z][a-z]?\.)+-?(?:[A-Z]\.)?[,;]?", nxt_tok):
            return True  # "Bowman, S. R. GPQA" at "S.": the next token is an initial
        return _continues_surname(nxt)
    # next segment starts with initials then a capitalised word and a comma, or with
    # "Surname, I.": still names ("... Ph. Charpentier, E. Chatzianagnostou, ...")
    if re.match(r"^(?:[A-Z]\.\s?)+[A-Z][\w'-]+,", nxt) or re.match(r"^[^\W\d_][\w'’-]*,\s+[A-Z]\.", nxt):
        return True
    return False


def _continues_surname(nxt: str) -> bool:
    """"González, P. Dutta, ...": a capitalised word and a comma right after an initial."""
    n = nxt.lstrip()
    return n[:1].isupper() and bool(
        re.match(r"^[^\W\d_][\w'’-]*,\s", n)
        or re.match(r"^[^\W\d_][\w'’-]*\s+[^\W\d_][\w'’-]*,\s+(?:[A-Z]\.|[A-Z][\w'’-]+\s|and\s|&)", n))


# ---------------------------------------------------------------- lists

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
    lines = lines[first:last + 1]
    marked = [bool(_LIST_MARK_RE.match(ln)) for ln in lines]
    entries: list[list[str]] = []
    if sum(marked) >= 1 and marked[next(i for i, ln in enumerate(lines) if ln.strip())]:
        for ln, mk in zip(lines, marked):
            if not ln.strip():
                continue
            if mk or not entries:
                entries.append([ln.strip()])
            else:
                entries[-1].append(ln.strip())
    elif any(not ln.strip() for ln in lines[1:-1]) and sum(1 for ln in lines if ln.strip()) > 1 and \
            _has_multiline_paragraphs(lines):
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
    r"^(?:[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*){0,2},\s+(?:[A-Z]\.|[A-Z][a-z]+)"  # Family, I. / Family, Given
    r"|(?:[A-Z]\.\s?-?)+\s*[^\W\d_][\w'’-]+"                                          # I. Family
    r"|[A-ZÀ-Þ]{2,}[\w-]*,"                                                              # FAMILY, (ABNT)
    r"|[^\W\d_][\w'’-]+\s+[A-Z]{1,3}[,.]"                                                 # Family IN, (Vancouver)
    r"|[A-Z][\w'’-]+\s+[A-Z][\w'’-]+,"                                                    # Given Family,
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


# ---------------------------------------------------------------- formatting (for round trips)

def format_reference(ref: Reference, style: str = "apa") -> str:
    """Write a Reference as one string in ``style`` "apa" (Family, I., & Family, I. (Year).
    Title. Venue, vol(issue), pages.) or "acl" (Given Family, and Given Family. Title. Venue,
    vol(issue):pages, Year.). Used by round-trip tests; fields that are None are left out.
    Raises: InputError for an unknown style."""
    def initials(given: str) -> str:
        return " ".join(f"{p[0]}." for p in given.replace("-", " ").split() if p[:1].isalpha())

    if style == "apa":
        names = [a.family if a.literal else f"{a.family}, {initials(a.given)}".rstrip(", ") for a in ref.authors]
        who = names[0] if len(names) == 1 else ", ".join(names[:-1]) + (", & " if names else "") + (names[-1] if names else "")
        if ref.et_al:
            who += ", et al."
        out = f"{who} ({ref.year if ref.year else 'n.d.'}). {ref.title or ''}."
        if ref.venue:
            out += f" {ref.venue}"
            if ref.volume:
                out += f", {ref.volume}" + (f"({ref.issue})" if ref.issue else "")
            if ref.pages:
                out += f", {ref.pages}"
            out += "."
        if ref.doi:
            out += f" https://doi.org/{ref.doi}"
        return out
    if style == "acl":
        names = [a.family if a.literal else f"{a.given} {a.family}".strip() for a in ref.authors]
        who = names[0] if len(names) == 1 else (", ".join(names[:-1]) + ", and " + names[-1] if names else "")
        if ref.et_al:
            who += " et al."
        out = f"{who.rstrip('.')}. {ref.title or ''}."
        tail = []
        if ref.venue:
            v = ref.venue
            if ref.volume:
                v += f", {ref.volume}" + (f"({ref.issue})" if ref.issue else "") + (f":{ref.pages}" if ref.pages else "")
            tail.append(v)
        if ref.year:
            tail.append(str(ref.year))
        return out + (" " + ", ".join(tail) + "." if tail else "")
    raise InputError(f"unknown reference style: {style!r} (use 'apa' or 'acl')")
