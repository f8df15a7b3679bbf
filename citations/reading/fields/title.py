"""Title: the span :mod:`citations.reading.label` picked (the title ranker over the CRF's
labels), cleaned here and nowhere else.

Cleaning: a trailing bracketed descriptor ("[Computer software]", "(Tesis doctoral)"), a
report number in brackets, a version statement ("(Version 2)") and a date at the end
(", March 2019") leave the title, and so does what follows "?." ("Title?. Venue") or a
container's "In:" / "En:" ("Title En: PROCEEDINGS OF ..."); a title that is only a year is
none. A ranked title that
starts with the end of the author list or the organisation author's name, closed by a
sentence end, loses it (:func:`drop_names`); a ranked title that is only names of the
author list gives way to the sentence after the list (:func:`after_author_list`). A court
case's title is its case name ("Brown v. Board of Education, 347 U.S. 483 (1954)"), which
the labeller reads as authors.
"""

from __future__ import annotations

import re

from citations.model import Author
from citations.reading.fields import Reading
from citations.reading.fields.kind import DESCRIPTOR_RE, LEGAL_CASE_RE
from citations.text.fold import fold_key as fold
from citations.text.names import parse_author_list

_MONTHS = (
    r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|"
    r"Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?"
)
_TRAILING_DATE = re.compile(rf",\s*(?:{_MONTHS}\s+)?(?:\d{{1,2}},?\s+)?(?:1[5-9]|20)\d\d[a-z]?$")
_PAREN_NOTE = re.compile(
    r"\s*\(([^()]*\b(?:Report|Rep\.|No\.|Vol\.|Vols\.|ed\.|Ed\.|Eds\.|edition|pp\.|"
    r"Working Paper|Series|Bulletin)[^()]*)\)\s*$"
)
_VERSION = re.compile(r"\s*\((?:Version|Ver\.|v\.?)\s*\d[\w.-]*\)\s*$", re.IGNORECASE)
_CONTAINER_AFTER = re.compile(
    r"[.,]?\s+(?:(?:In|En|Em|Im|Dans|IN|EN|EM):\s+(?=\S)"
    r"|(?:[Ii]n|[Ee][nm]|IN|EN|EM)\s*:?\s+(?=(?:[Pp]roc|PROC)(?:eedings\b|EEDINGS\b|\.)))"
)
_CLAUSE_ON = re.compile(r",\s+(?!(?:In|En|Em|Im|Proc|Proceedings|vol|pp)\b)[^.:;]{3,80}$")
_QUESTION_END = re.compile(r"(?<=[?!])\.\s+(?=\S)")
_YEAR_ONLY = re.compile(r"(?:1[5-9]|20)\d\d[a-z]?")
_LETTER = re.compile(r"[^\W\d_]")


def clean(title: str) -> str | None:
    """A title without a trailing descriptor, report note, version statement or date;
    None when nothing with letters is left."""
    t = title.strip()
    for _ in range(2):  # "Title (Version 2) [Data set]"
        m = DESCRIPTOR_RE.search(t)
        if m and m.start() > 0 and m.end() >= len(t.rstrip(" .")) - 1:
            t = t[: m.start()].rstrip(" .")
        m = _PAREN_NOTE.search(t)
        if m and m.start() > 0:
            t = t[: m.start()].rstrip(" .")
        t = _VERSION.sub("", t)
    t = _QUESTION_END.split(t, maxsplit=1)[0]  # "Title?. Venue": the question ends it
    t = _CONTAINER_AFTER.split(t, maxsplit=1)[0]  # "Title En: PROCEEDINGS OF ..."
    t = _TRAILING_DATE.sub("", t).strip(" ,;:")
    if len(t) < 2 or not _LETTER.search(t) or _YEAR_ONLY.fullmatch(t):
        return None
    return t


def _key(text: str | None) -> str:
    return re.sub(r"[\W_]+", "", fold(text or ""))


_SENTENCE_END = re.compile(r"[.。]\s+(?=\S)")


def drop_names(title: str, authors: tuple[Author, ...]) -> str:
    """``title`` without a first sentence that holds the family names of the last two
    authors or is names ending with the last author, or the name of one organisation
    author ("The Anh Han, and Phu-Quy Nguyen-Lam. Understanding ...", "Organisation for
    Economic Co-operation and Development. Education at a glance 2019"); unchanged
    otherwise."""
    if not (len(authors) >= 2 or (authors and authors[0].literal)):
        return title
    m = _SENTENCE_END.search(title)
    if not m:
        return title
    head = title[: m.start()]
    key = _key(head)
    if all((f := _key(a.family)) and f in key for a in authors[-2:]):
        return title[m.end() :]
    names, _ = parse_author_list(head)
    if names and names[-1].family == authors[-1].family and all(n.given for n in names):
        return title[m.end() :]  # "Tie-Yan Liu. Do Transformers ...": the last author
    return title


def after_organisation(title: str, authors: tuple[Author, ...], text: str) -> str:
    """The sentence after the organisation author when the picked title is only the
    organisation's name ("OpenAI. GPT-4 technical report, 2023.": the labeller read the whole
    string as one note and the ranker took its first sentence); ``title`` otherwise."""
    if len(authors) != 1 or not authors[0].literal or _key(title) != _key(authors[0].family):
        return title
    m = _SENTENCE_END.search(text)
    if not m or _key(text[: m.start()]) != _key(title):
        return title
    rest = _SENTENCE_END.split(text[m.end() :], maxsplit=1)[0].rstrip(" .")
    return rest if _LETTER.search(rest) else title


_NAME_WORD = re.compile(r"[^\W\d_][^\W\d_'’.-]*\.?(?:-[^\W\d_]+\.?)*")


def _person(a: Author) -> bool:
    """A person's name: a given name of at most three capitalised words and a family name
    of at most two."""
    given, family = a.given.split(), a.family.split()
    return (
        0 < len(given) <= 3
        and 0 < len(family) <= 2
        and all(w[:1].isupper() and _NAME_WORD.fullmatch(w) for w in given + family)
    )


def _initials_only(given: str) -> bool:
    return all(len(w.strip(".-")) <= 1 for w in re.split(r"[\s-]+", given) if w)


def after_author_list(title: str, authors: tuple[Author, ...], text: str) -> str:
    """The sentence after the author list when the picked title is only names of that list
    ("Ching-Hung Cheng, Hsiu-Fu Wu, Bing-Chen Wu, ...": hyphenated given names the labeller
    read as a title); ``title`` otherwise."""
    if len(authors) < 2 or not all(_person(a) for a in authors):
        return title  # a list that swallowed the title ("B. Swingle, Entanglement Entropy")
    if len({_initials_only(a.given) for a in authors}) > 1:
        return title  # "R. M. Wald, General Relativity.": a full given name among initials
    names, _ = parse_author_list(title)
    families = {_key(a.family) for a in authors}
    if not names or not all(n.given and _key(n.family) in families for n in names):
        return title
    end = text.rfind(authors[-1].family) + len(authors[-1].family)
    m = _SENTENCE_END.match(text, end)  # the list ends with a stop: "... and Ira Assent. DCFO"
    if m is None:
        return title
    rest = _SENTENCE_END.split(text[m.end() :], maxsplit=1)[0].rstrip(" .")
    return rest if _LETTER.search(rest) and not _YEAR_ONLY.fullmatch(rest) else title


_GLUED = re.compile(r"[^\s.,;:!?\"“”„«»'‘’()\[\]{}]*[^\W\d_][^\s.,;:!?\"“”„«»'‘’()\[\]{}]*")
"""Characters glued to a title's first token with no separator between ("SOP^" of
"SOP^2: ...", "Self-" of "Self-Attention ..."): a word, not a field boundary."""


def whole_first_word(title: str, text: str) -> str:
    """``title`` with the start of its first word when it was picked from inside a word
    ("2: Transfer Learning ..." from "... Huang. SOP^2: Transfer Learning ..."); the title
    itself when a space, a stop, a comma, a quote or a bracket comes before it."""
    start = text.find(title)
    j = start
    while j > 0 and not text[j - 1].isspace():
        j -= 1
    return text[j:start] + title if 0 <= j < start and _GLUED.fullmatch(text[j:start]) else title


def _date_ends(r: Reading) -> bool:
    """Is everything the labeller read after its title a date ("..., Dynamics, 2025.")?"""
    labels = r.lab.labels
    last = max((i for i, x in enumerate(labels) if x == "title"), default=-1)
    rest = [
        x
        for (w, _, _), x in zip(r.lab.tokens[last + 1 :], labels[last + 1 :], strict=True)
        if w.isalnum()
    ]
    return bool(rest) and all(x == "date" for x in rest)


def normalise(r: Reading, fields: dict[str, object]) -> dict[str, object]:
    """``title``: the ranked title (or the CRF's title run where it only goes on with a
    comma clause the ranker cut and nothing but a date follows), cleaned."""
    case = LEGAL_CASE_RE.match(r.lab.text)
    if case:
        return {"title": case.group(1)}
    title, own = r.labelling.title, r.labelling.crf_title or ""
    if title and own.startswith(title) and _CLAUSE_ON.match(own[len(title) :]) and _date_ends(r):
        title = own  # "Title: Strategy Recognition, Biases and Dynamics, 2025.": a clause goes on
    if title:
        title = whole_first_word(title, r.lab.text)
    authors = fields.get("authors")
    if title and isinstance(authors, tuple):
        title = after_organisation(title, authors, r.lab.text)
        title = after_author_list(title, authors, r.lab.text)
        title = drop_names(title, authors)
    return {"title": clean(title) if title else None}
