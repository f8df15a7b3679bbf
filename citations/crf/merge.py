"""The labeller's fields checked by rules and merged into a rules parse (pure; no I/O).

:func:`merge_labelled` takes the Reference the rules read and the CRF's token labels for the
same string, reads each labelled span into a field value and keeps it only when rules accept
it: a year must be a year (1500-2035), pages a page range that is not a year alone, a volume
a number (a year-looking "volume" with no date becomes the year), a title must hold letters
and not be the author list, an author span must parse into names. Where the rules and the
labeller agree (same first family name, titles within 90 % after folding, same venue) the
rules' value stays, so their finer boundaries (abbreviation dots) are kept;
where they differ the labeller's checked value wins, except for titles where one holds the
other: then the labeller's reading of the words in between (the marginal probability of
its labels, :data:`SURE`) decides ("Title. Subtitle" vs "Title. Journal", "Title (Wiley,
1998)", names before a title), and the rules' title with names before it stays. With no
title token, a container run followed by a publisher or place and no pages is a book's
title. A labeller's title that cuts the rules' title short also wins when it ends before
words the labeller is sure are no title and reads as a place, publisher, date or numbers
("Title Washington, D.C.: APA 2005"); one from inside the rules' title when that title
starts with names or the piece follows a field separator and the labeller is sure of the
words around it; never one that closes a bracket it did not open.
A field the labeller does not find keeps the rules' value. The year and the venue are the labeller's only where the rules found none
or went wrong: a rules year written as the end of a number range (pages), a venue after a
title boundary the labeller moved. Identifiers (DOI, arXiv, URL), publisher and address (the labeller's
location/publisher spans are not compared: a conference's city is no evidence), the list
marker and the work type are the rules'. Source of the policy: GROBID / anystyle (labeller) with rule-based post-checks.
"""

from __future__ import annotations

import re
from functools import lru_cache

from rapidfuzz import fuzz

from citations.text.punctuation import has_field_punctuation
from citations.crf.features import tokenize, word_class
from citations.crf.labeller import Labelled
from citations.crf.titles import title_key as _norm
from citations.model import Author, Reference, SourceType
from citations.text.fold import fold_key as fold
from citations.text.names import PARTICLES, comma_less_vancouver, parse_author_list

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
        s = s.rstrip(o + " ").lstrip(c + " ")  # "Title (" / ") Title": a bracket of the next field
    return s.strip(_EDGE + _QUOTES + " ")


def _title_span(lab: Labelled) -> str:
    """The main title run: runs of title tokens split by at most 2 other tokens are joined
    (a word the model doubted inside a title), and the first joined run of three or more
    tokens is taken (else the longest)."""
    runs: list[list[int]] = []
    for i, lab_i in enumerate(lab.labels):
        if lab_i != "title":
            continue
        if runs and i - runs[-1][1] <= 3:
            runs[-1][1] = i
        else:
            runs.append([i, i])
    if not runs:
        return ""
    # the first run of 3+ tokens (a pasted second reference has titles of its own), else the longest
    a, b = next((r for r in runs if r[1] - r[0] >= 2),
                max(runs, key=lambda r: lab.tokens[r[1]][2] - lab.tokens[r[0]][1]))
    return lab.text[lab.tokens[a][1]:lab.tokens[b][2]]


def _prefix_at_boundary(short: str, long_: str) -> bool:
    """Is ``short`` the start of ``long_``, with the rest after a sentence end or a quote?"""
    if not short or len(short) >= len(long_) or _norm(short) == "":
        return False
    if not _norm(long_).startswith(_norm(short)):
        return False
    k = long_.lower().find(short.lower()[-min(len(short), 12):])
    rest = long_[k + min(len(short), 12):] if k >= 0 else ""
    return bool(re.match(r"\s*[\"”’»]?\s*[.,;:]?[\"”’»]?\s", rest + " "))


def _ends_at_punctuation(lab: Labelled, title: str) -> bool:
    """Does ``title`` end, in the tagged text, before punctuation, a quote or the end?"""
    k = lab.text.find(title)
    if k < 0:
        return True
    if _after_abbreviation(title):
        return False  # "X-ray vs. rivers": an abbreviation's period ends nothing
    return bool(re.match(r"\s*(?:[.,;:!?\"”’»)\]']|$)", lab.text[k + len(title):]))


def _after_abbreviation(title: str) -> bool:
    """Does ``title`` end with an initial or an abbreviation ("vs", "e.g")?"""
    words = title.rsplit(None, 1)
    last = words[-1].lower() if words else ""
    return len(last) == 1 or last in _ABBREVIATIONS


_NAMES_LEFT = re.compile(r"^(?:[Aa]nd\s|&|et al\b|[A-Z]\.\s?(?:[A-Z]\.)?\s?,)")
"""A title starting where a name list ends ("and Muir, T.L., ...", "et al., ..."): not sane."""

_ABBREVIATIONS = frozenset("vs e.g i.e cf etc al no nr vol st dr mr mrs ms prof fig eq".split())


_EDITION = re.compile(
    r"[\s.,;:(\[]+\d{1,2}\s?(?:st|nd|rd|th|\.|ª|a|e|ème|er)?\s*(?:ed|edn|edition|aufl|auflage|éd|édition|"
    r"edición|edição)\b\.?[\s)\]]*$", re.IGNORECASE)
"""A trailing edition statement ("3. Aufl.", "(2nd ed)", "2ª ed."): not part of a title."""


def clean_title(span: str) -> str:
    """A span read as a title: edge punctuation, quotes, unopened brackets and a trailing
    edition statement ("(2nd ed)") removed."""
    return _strip(_EDITION.sub("", _strip(span)))


def _title(lab: Labelled) -> str | None:
    t = clean_title(_title_span(lab) or _book_title(lab))
    if len(t) < 2 or not re.search(r"[^\W\d_]", t):
        return None
    return t


def _book_title(lab: Labelled) -> str:
    """A book's own title the model labelled container: with no title token, the first
    container run is the work's title when nothing marks it as part of something else (no
    "In"/"Em" before it, no pages, issue or a volume and pages of a journal) and a publisher
    or place follows it ("Author. The Oxford Companion. New York: OUP, 2004.")."""
    labels = lab.labels
    if "title" in labels or "container" not in labels or "pages" in labels or "issue" in labels:
        return ""
    if "publisher" not in labels and "location" not in labels:
        return ""
    span = lab.span("container")
    if _LEAD_RE.match(span.strip()):
        return ""
    return span


def _authors(lab: Labelled) -> tuple[list[Author], bool]:
    """Names of the author span; none when a family name is a lower-case word in a string
    that has capitals ("Graph nets, Smith J." is a title, not two authors)."""
    span = re.sub(r"^\s*[\[(]?\d{1,4}[\])]?\.?\s+", "", lab.span("author")).strip(" ,;:" + _QUOTES)
    span = re.sub(r"(?<=[^\W\d_]{2})\.$", "", span)  # the stop before the title, not an initial
    if not span or not re.search(r"[^\W\d_]{2,}", span):
        return [], False
    authors, et_al = parse_author_list(span)
    if lab.text != lab.text.lower() and any(
            a.family[:1].islower() and not a.particle and not a.family.split()[0] in PARTICLES
            for a in authors):
        return [], False
    return authors, et_al


def _year(lab: Labelled) -> int | None:
    for span in lab.spans("date"):
        m = _YEAR_RE.search(span)
        if m:
            return int(m.group(1))
    return None


def _first(rx: re.Pattern[str], span: str) -> str | None:
    m = rx.search(span)
    return m.group(0).replace(" ", "") if m else None


_PAGE_KW = re.compile(r"(?:^|\W)(?:pp?|pages?|págs?|s|art)\b\.?", re.IGNORECASE)


def _pages(lab: Labelled, year: int | None) -> str | None:
    span = lab.span("pages")
    p = _first(_PAGE_RE, span)
    if p is None or (p == str(year) and not _PAGE_KW.search(span)):
        return None  # the year is not a page number unless a "p." says so
    return p


def _venue(lab: Labelled) -> str | None:
    v = _EDS_RE.sub("", _LEAD_RE.sub("", lab.span("container").strip()))
    v = _strip(v)
    if v.endswith(tuple("abcdefghijklmnopqrstuvwxyz")) and lab.span("container").rstrip().endswith(".") \
            and re.search(r"\b[A-Z][a-z]{0,5}$", v):
        v += "."  # "J. Math. Phys." keeps its abbreviation dot
    return v if re.search(r"[^\W\d_]", v) else None


_VENUE_IN_TITLE = re.compile(
    r"[.,;:'\"”’]\s+(?:in|em|en|im)\b|\b(?:proceedings|proc\.|journal|conference|transactions|"
    r"vol\.|pp\.|arxiv)(?!\w)|\d{4}|\b(?:pages?|p)\.?\s*\d", re.IGNORECASE)
_ABBREVIATED_VENUE = re.compile(r"\b[A-Z][a-z]{0,5}\.\s?[A-Z][a-z]{0,5}\.(?:\s|$)")
"""Two abbreviated words in a row ("Phys. Rev.", "Int. J. Mod."): a journal inside the title."""
_NAME_AT_START = re.compile(r"^(?:\d+\s+)?[A-Z][\w'’-]+,\s+(?:[A-Z]\.\s?)+")


@lru_cache(maxsize=512)
def _year_in_range(year: int) -> re.Pattern[str]:
    """``year`` written as an end of a number range ("1622-1627", "2012–2019") or after a
    page keyword ("p. 1627")."""
    return re.compile(rf"\d\s*[-–—]\s*{year}(?!\d)|(?<!\d){year}\s*[-–—]\s*\d|"
                      rf"(?<!\w)(?:pp?|S|págs?|pages?)\.?\s*{year}(?!\d)")


_BARE_NUMBER = re.compile(r"(?:(?<=[\s(),:;])|^)([A-Z]?\d{1,7}(?:\s*[-–—]+\s*\d+)?)(?=[\s,.;:()]|$)")
"""A number standing alone or glued to brackets (") 2646 -2652", "C42 (", ", 84,")."""


def _unread_numbers(ref: Reference, body: str) -> bool:
    """Numbers outside the title that are not years and not what the rules read as volume,
    issue or pages ("Biological Cybernetics, 50 363-396" with volume "396"; "Astropart.
    Phys. 7 (1997) 263" with volume "263"; ", 84, No. 1," with none): fields the rules
    may have missed or misread."""
    rest = body.replace(ref.title, " ") if ref.title else body
    read = {_dashless(x) for x in (ref.volume, ref.issue, ref.pages) if x}
    for m in _BARE_NUMBER.finditer(rest):
        num = m.group(1)
        if not _YEAR_RE.fullmatch(num) and _dashless(num) not in read:
            return True
    return False


def _dashless(number: str) -> str:
    """"363 – 396" -> "363-396" (dashes and spaces of a number range unified)."""
    return re.sub(r"\s*[-–—]+\s*", "-", number.strip())


def _mixed_names(authors: tuple[Author, ...]) -> bool:
    """Some names with given names or initials and some without: a list read past its end."""
    return len(authors) > 1 and any(not a.given and not a.literal for a in authors) and \
        any(a.given for a in authors)


_ROLE = re.compile(r"^(?:[\[(]|(?:editors?|eds?|chapter|director|producers?|translat\w*|contributor)\b)",
                   re.IGNORECASE)
_TAIL_BRACKET = re.compile(r"[(\[][^()\[\]]*[\s,;:\d][^()\[\]]*[)\]]$")
"""A closing bracket group of more than one word ("(Wiley, New York)"; not "(SAM)")."""
_TAIL_NAMES = re.compile(r",\s*(?:[A-Z][\w'’&-]*\.?\s*){1,3}$")
_NAMES_INSIDE = re.compile(r"\b[A-Z]\s?\.\s?,|,\s?(?:and\s)?[A-Z]\s?\.\s?[A-Z]")


def _doubtful_title(title: str) -> bool:
    """Does the rules' title look like it took in another field? It starts with a bracket,
    a role word ("(Eds.)", "Chapter 29", "editor"), a name particle or the end of a name list
    ("v., Hörz, F.", "and V. Chan-Palay, ..."); it ends with a bracket of more than one word
    ("(Wiley, New York)", "[in Russian]"; not an acronym "(SAM)") or with a comma and one to three capitalised words ("..., MIT Press",
    "..., Paris, PUF"); or it holds initials of a name list ("Smirnov ,and W .Becker")."""
    t = title.strip()
    return bool(_ROLE.match(t) or _NAMES_LEFT.match(t) or re.match(r"[a-z]{1,3}[.,]", t)
                or _TAIL_BRACKET.search(t) or _TAIL_NAMES.search(t) or _NAMES_INSIDE.search(t))


_VOLUME_PAGES = re.compile(r"\d+\s*:\s*\d+\s*[-–]\s*\d+")
"""Volume and pages ("98:356-364"): a journal run into the title."""
_CLAUSE = re.compile(r",\s+[A-Z]")
"""A comma before a capitalised word: a title of clauses ("Title, Masson et Cie")."""
_LETTER = re.compile(r"[^\W\d_]")
_SENTENCE_END = re.compile(r"[.?!]\s+(?=\S)")


def _holds_sentence(field: str | None) -> bool:
    """Does a venue or publisher the rules read hold a sentence before its last part: three
    or more words, one a lower-case word of four or more letters, none a venue or
    publisher word ("Differential sensitivity to block by class III agents. J Gen
    Physiol": the title's second sentence read as the venue; not "Actes de la 8ème
    conférence ... Naturelles. REncontres ...")?"""
    if not field:
        return False
    for part in _SENTENCE_END.split(field)[:-1]:
        words = [w for w, _, _ in tokenize(part) if w[:1].isalpha()]
        if len(words) >= 3 and any(w.islower() and len(w) >= 4 and w.isalpha() for w in words) \
                and not any(word_class(fold(w)) in ("venue", "pub") for w in words):
            return True
    return False


def needs_labeller(ref: Reference, body: str = "") -> bool:
    """Is the rules' parse of a free-text string doubtful enough to ask the labeller?
    Not when it has a title without venue words, digits or a name at its start, nor signs
    of another field run into it (:func:`_doubtful_title`), authors
    whose first family name is a capitalised word, a year written alone (not inside a
    number range), a string in mixed case without doubled spaces, no journal abbreviations
    ("Phys. Rev.") or page numbers ("98:356-364") in the title, a venue or publisher
    with letters and without a sentence of its own before it (:func:`_holds_sentence`: the
    title's second sentence read as the venue), a title that does not open a single quote
    it leaves unclosed, no title of comma-separated clauses with neither venue nor
    publisher read after it, and no number
    outside the title that is neither a year nor the volume, issue or pages the rules read
    (``body``: the text the rules read, see :func:`_unread_numbers`).
    Everything else is tagged: the labeller and title ranker cost about 2 ms a string, the rules 0.3 ms."""
    raw = ref.raw
    if not (ref.title and ref.authors and ref.year):
        return True
    if raw.lower() == raw or raw.upper() == raw or "  " in raw:
        return True
    if _mixed_names(ref.authors):
        return True  # "Kawahara T. Yeah, Un, Oh": the list ran into the title
    fam = ref.authors[0].family.split()[-1]
    if len(fam) < 2 or not fam[:1].isupper() or fam.isupper():
        return True
    if len(ref.title) > 300 or _VENUE_IN_TITLE.search(ref.title) or _NAME_AT_START.match(ref.title) \
            or _ABBREVIATED_VENUE.search(ref.title) or (ref.venue and not _LETTER.search(ref.venue)) \
            or re.search(r"[\"“”„«»]|'\W|\W'", ref.title):
        return True
    if _doubtful_title(ref.title) or _VOLUME_PAGES.search(ref.title):
        return True
    if ref.title[:1] in "'‘" and not any(q in ref.title[1:] for q in "'’"):
        return True  # "'Rethinking supply chains": cut inside single quotes at a period
    if _holds_sentence(ref.venue) or _holds_sentence(ref.publisher):
        return True
    if not ref.venue and not ref.publisher and _CLAUSE.search(ref.title):
        return True  # nothing read after a title of clauses: "Title, Masson et Cie, Vol.1"
    if _year_in_range(ref.year).search(raw):
        return True
    if body and _unread_numbers(ref, body):
        return True
    return bool(re.match(r"^\s*\d+\s+[^\W\d_]", raw))  # "12 Gurney, M. E." numbered list


def _labeller_title_wins(ref: Reference, lab: Labelled, t: str) -> bool:
    """Does the labeller's title ``t`` replace the rules' title? Yes when the rules have none;
    no when both agree (equal, or ratio >= 90 with neither inside the other) or when ``t``
    is the rules' title with names before it. When the rules' title is the start of ``t``
    (cut at a sentence end), ``t`` wins only if the labeller is sure the rest is title; when
    ``t`` is the start of the rules' title, if ``t`` ends at punctuation, or the labeller is
    sure the rest is not title and ``t`` ends before a bracket; a piece from inside a sane
    rules' title (authors found, neither the year, the first author nor the end of a name
    list in it) does not win. Anything else: ``t`` wins."""
    if not ref.title:
        return True
    if _balanced(ref.title) and _closes_unopened(t):
        return False  # "SAM): in learning" from "Learning Q&A (SAM): in learning"
    nt, nr = _norm(t), _norm(ref.title)
    if nt == nr or (fuzz.ratio(nt, nr) >= 90 and nt not in nr and nr not in nt):
        return False
    if _prefix_at_boundary(ref.title, t) or (nt.startswith(nr) and fuzz.ratio(nt, nr) >= 90):
        return _sure_of_rest(lab, ref.title, t, title=True)  # "Title. Subtitle" vs "Title. Journal"
    if nr.startswith(nt):  # "Title (Wiley, 1998)" vs "Title": cut at punctuation or sure
        if _ends_at_punctuation(lab, t):
            return True
        # else when sure the rest is no title and no word of it is labelled title:
        # "Title (Wiley, 1998)", "Title Washington, D.C.: APA" (not "Title Q&A (SAM)")
        return _sure_of_rest(lab, t, ref.title, title=False) and _imprint_after(lab, t, ref.title)
    if len(nr) >= 10 and nt.endswith(nr):
        return False
    sane = bool(ref.authors) and (ref.year is None or str(ref.year) not in ref.title) and not (
        _norm(ref.authors[0].family) and nr.startswith(_norm(ref.authors[0].family))) \
        and not _NAMES_LEFT.match(ref.title)
    if nt in nr and not nr.startswith(nt):  # a piece from inside the rules' title: when
        # that title is not sane, or when the piece starts after a field separator and the
        # labeller is sure the words around it are no title ("And Card, S. K. Title, Journal")
        return not sane or (_after_separator(ref.title, t) and _sure_of_rest(lab, t, ref.title, title=False))
    return True


def _balanced(s: str) -> bool:
    return s.count("(") == s.count(")") and s.count("[") == s.count("]")


def _closes_unopened(s: str) -> bool:
    """Does ``s`` close a bracket it never opened (it starts inside brackets)?"""
    return s.count(")") > s.count("(") or s.count("]") > s.count("[")


def _after_separator(long_: str, short: str) -> bool:
    """Does ``short`` start inside ``long_`` right after a comma, period, colon, semicolon
    or a quote?"""
    k = long_.find(short)
    return k > 0 and bool(re.search(r"[,.;:\"“”‘’']\s*$", long_[:k]))


SURE = 0.5
"""Marginal probability from which the labeller's reading of the words where its title and
the rules' differ overrides the rules: more likely than not. Chosen on a validation cut of
the training data (``python bench/reference_labeller.py --validate --sure X``): title
right for 0.840 / 0.837 / 0.839 / 0.833 / 0.826 of it with the labeller always asked at
0.5 / 0.65 / 0.75 / 0.9 / 0.97 (L1 0.1, before the guards for mid-sentence cuts)."""


def _sure_of_rest(lab: Labelled, short: str, long_: str, *, title: bool) -> bool:
    """Is the labeller sure that the words of ``long_`` outside ``short`` are (``title``
    True) or are not (False) title words? Both as written in ``lab.text``; False when either
    cannot be found there."""
    short, long_ = short.strip(_QUOTES + " "), long_.strip(_QUOTES + " ")
    a = lab.text.find(long_)
    k = lab.text.find(short, max(a, 0)) if a >= 0 else -1
    if a < 0 or k < 0 or k + len(short) > a + len(long_):
        return False
    ps = [p for p in (lab.title_probability(a, k), lab.title_probability(k + len(short), a + len(long_)))
          if p is not None]
    if not ps:
        return False
    p = min(ps) if title else 1.0 - max(ps)
    return p >= SURE


_IMPRINT = frozenset("location publisher date volume issue pages".split())


def _imprint_after(lab: Labelled, short: str, long_: str) -> bool:
    """Are the words of ``long_`` after its start ``short`` an imprint or numbers to the
    labeller: none labelled title, at least one location, publisher, date, volume, issue or
    pages ("Title Washington, D.C.: APA 2005"; not "Title Q&A learning (SAM)")?"""
    a = lab.text.find(long_.strip(_QUOTES + " "))
    k = lab.text.find(short, max(a, 0)) if a >= 0 else -1
    if a < 0 or k < 0:
        return False
    end = a + len(long_.strip(_QUOTES + " "))
    rest = [lab_i for (w, x, y), lab_i in zip(lab.tokens, lab.labels)
            if w[:1].isalnum() and k + len(short) <= x and y <= end]
    return "title" not in rest and any(x in _IMPRINT for x in rest)


def _inside_title(lab: Labelled, title: str) -> bool:
    """Does the labeller's first volume token sit inside ``title`` as written in the text?"""
    k = lab.text.find(title) if title else -1
    if k < 0:
        return False
    start = next((a for (w, a, _), lab_i in zip(lab.tokens, lab.labels)
                  if lab_i == "volume" and w[:1].isdigit()), -1)
    return k <= start < k + len(title)


def merge_labelled(ref: Reference, lab: Labelled) -> Reference:
    """``ref`` (the rules' parse of a string) with the labeller's checked fields of the same
    string (see the module docstring). Returns a new Reference, ``parser="crf+rules"``."""
    upd: dict[str, object] = {"parser": "crf+rules"}
    # title
    t = _title(lab)
    if t is not None and _norm(t) != _norm(lab.span("author")) and _labeller_title_wins(ref, lab, t):
        upd["title"] = t
    # authors
    authors, et_al = _authors(lab)
    if authors:
        same_first = bool(ref.authors) and _norm(ref.authors[0].family) == _norm(authors[0].family)
        if not same_first or (len(authors) > len(ref.authors) and not ref.et_al) or \
                (_mixed_names(ref.authors) and not _mixed_names(tuple(authors))):
            upd["authors"] = tuple(authors)
            upd["et_al"] = et_al
    # year: from the date span; the rules' year stays only when it is not read from pages/volume
    year = _year(lab)
    volume = _first(_NUM_RE, lab.span("volume"))
    if year is None and volume is not None and _YEAR_RE.fullmatch(volume):
        year, volume = int(volume), None  # "...; 2012. p. 1622" labelled volume: a year
    pages = _pages(lab, year if year is not None else ref.year)
    in_range = ref.year is not None and bool(_year_in_range(ref.year).search(ref.raw))
    if year is not None and (ref.year is None or in_range):
        upd["year"] = year
    elif in_range:
        upd["year"] = None  # the rules read a page number as the year
    if volume is not None and ref.volume and _inside_title(lab, str(upd.get("title", ref.title or ""))):
        volume = None  # "GPT-4" inside the title is no volume
    if volume is not None and not (ref.volume and _norm(ref.volume) == _norm(volume)):
        upd["volume"] = volume
    elif not lab.span("volume") and ref.volume and pages is not None and \
            ref.volume in re.split(r"[-–—]+", pages):
        upd["volume"] = None  # the rules read the last page as a volume
    issue = _first(_NUM_RE, lab.span("issue"))
    if issue is not None:
        upd["issue"] = issue
    if pages is not None:
        upd["pages"] = pages
    v = _venue(lab)
    if v is not None and (not ref.venue or "title" in upd or not _LETTER.search(ref.venue)):
        upd["venue"] = v  # the venue follows the title: the rules' split was wrong; or the
        # rules' venue is no name ("2015" from "stand? Heart. 2015;101(3)")
    if ref.marker is None:
        num = re.fullmatch(r"\W*(\d{1,4})\W*", lab.span("citation-number")) or \
            re.match(r"\s*[\[(]?(\d{1,4})[\])]?\.?\s+(?=[^\W\d_])", lab.span("author"))
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
    margs = dict(lab.marginals)
    for i in _title_words_in_author_run(lab, labels):
        labels[i] = "title"
        if "title" in margs and "author" in margs:  # the author mass moves to title
            for a, b in (("title", "author"), ("author", "title")):
                margs[a] = (*margs[a][:i], lab.marginals[b][i], *margs[a][i + 1:])
    if labels == list(lab.labels):
        return lab
    return Labelled(lab.text, lab.tokens, tuple(labels), lab.probability, lab.confidence, margs)


def _title_words_in_author_run(lab: Labelled, labels: list[str]) -> list[int]:
    """In a string without field punctuation whose author run is family names with their
    one-letter initials ("bhatia g tang m z mahanta c"), the one or two words that close the
    run without initials after them when the title follows ("... mahanta c datelogicqa
    benchmarking ...": "datelogicqa" is the title's first word)."""
    if has_field_punctuation(lab.text) or not labels or labels[0] != "author":
        return []
    end = next((i for i, x in enumerate(labels) if x != "author"), len(labels))
    if end == len(labels) or labels[end] != "title":
        return []
    words = [t[0] for t in lab.tokens[:end]]
    for k in (1, 2):
        head, tail = words[:-k], words[-k:]
        if len(head) >= 4 and len(head[-1]) == 1 and all(len(w) >= 3 for w in tail) and \
                len(comma_less_vancouver(" ".join(head)).split(", ")) >= 2:
            return list(range(end - k, end))
    return []
