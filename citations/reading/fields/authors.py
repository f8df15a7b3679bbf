"""Authors: the names of the author span, split by :func:`citations.text.names.parse_author_list`.

"Smith, J., & Lee, K." -> Smith J / Lee K; "12 Gurney, M. E. et al." -> Gurney M. E., et al.
A first family name in lower case in a string that has capitals makes the span no author
list ("Graph nets, Smith J." is a title): no authors then ("LHCb collaboration" is a name);
a later one ends the list there (a name torn by PDF extraction: "R. C. Vrijen- hoek").

An organisation that wrote the work, first in the string and ended by a period, is one
literal author even where the labeller read it as a title or publisher ("Organisation for
Economic Co-operation and Development. Education at a glance 2019", "World Health
Organization. (2020). Global tuberculosis report"): the labeller's training data has few
organisation authors, and :func:`citations.text.names.is_organisation_name` knows their shape.
So is one capitalised word before the first stop of a string with no author token at all,
when a title follows ("Qwen. Qwen2.5: A party of foundation models, 2024.", "Meta. The
Llama 3 herd of models"): a model maker's report, which the labeller reads as one title.
"""

from __future__ import annotations

import re

from citations.model import Author
from citations.reading.fields import Reading
from citations.text.names import PARTICLES, is_organisation, is_organisation_name, parse_author_list

_QUOTES = "\"“”„«»‘’'"
_NUMBER = re.compile(r"^\s*[\[(]?\d{1,4}[\])]?\.?\s+")
_STOP = re.compile(r"(?<=[^\W\d_]{2})\.$")
_WORD = re.compile(r"[^\W\d_]{2,}")
_ELIDED = re.compile(r"^[a-z]{1,4}['’][^\W\d_]")
"""A family name with an elided particle ("d'Amore", "dell'Orto")."""
_GROUP_WORDS = frozenset({"collaboration", "consortium", "team", "group"})
_HEAD = re.compile(r"^([^.()\[\]:;,\d]{3,160}?)\.\s")
_ONE_WORD = re.compile(r"[A-Z][\w-]*[^\W\d_]")
"""One capitalised word, as a model maker or lab signs its reports ("Qwen", "Anthropic")."""


def read_authors(span: str, text: str) -> tuple[list[Author], bool]:
    """Names of ``span`` (an author run of ``text``) and whether the list ends "et al."."""
    span = _NUMBER.sub("", span).strip(" ,;:" + _QUOTES)
    span = _STOP.sub("", span)  # the stop before the title, not an initial
    if not span or not _WORD.search(span):
        return [], False
    authors, et_al = parse_author_list(span)
    if text == text.lower():
        return authors, et_al
    bad = next((i for i, a in enumerate(authors) if _lower_family(a)), None)
    if bad == 0:
        return [], False
    if bad is not None:  # "R. C. Vrijen- hoek", "S.Boissì ere": a name torn by extraction
        return authors[:bad], False
    return authors, et_al


def _lower_family(a: Author) -> bool:
    """A family name in lower case that no particle or group word explains."""
    return (
        a.family[:1].islower()
        and not a.particle
        and a.family.split()[0] not in PARTICLES
        and a.family not in _GROUP_WORDS
        and not _ELIDED.match(a.family)
    )


def organisation_first(r: Reading) -> str | None:
    """The organisation named first in the string, ended by a period, when the labeller
    labelled it no author: a whole organisation name ("Intergovernmental Panel on Climate
    Change"), or an organisation ("World Health Organization") it labelled no title; in
    both cases followed by something other than a container ("In Proceedings ...")."""
    m = _HEAD.match(r.lab.text)
    if not m:
        return None
    head = m.group(1).strip()
    pairs = list(zip(r.lab.tokens, r.lab.labels, strict=False))
    inside = [x for (_, a, _), x in pairs if a < m.end(1)]
    after = [x for (_, a, _), x in pairs if a > m.end(1) and x != "date"]
    if not after or after[0] == "container":
        return None  # a title-only reference whose title reads like an organisation's name
    if is_organisation_name(head):
        return head
    if is_organisation(head) and "title" not in inside:
        return head
    one_word = _ONE_WORD.fullmatch(head) is not None and "author" not in r.lab.labels
    return head if one_word and sum(x in ("title", "note") for x in after) >= 2 else None


_REST_OF_LIST = re.compile(r"\s*,?\s*([^.]{3,1200}?)\.\s+(?=\S)")


def rest_of_list(r: Reading, authors: list[Author]) -> list[Author]:
    """The names that continue a given-first author list (the run ending with a comma)
    after the labeller's author run, up to a sentence end ("..., Hong-Dan Nguyen, |
    Minh-Luan Nguyen-Vo, ..., and Phu-Quy Nguyen-Lam. Understanding ...", "..., Di He, |
    Tie-Yan Liu. Do Transformers ..."): every piece a capitalised name with a given name;
    none when a piece is not."""
    lab = r.lab
    ends = [b for (_, _, b), x in zip(lab.tokens, lab.labels, strict=False) if x == "author"]
    if not authors or not ends or not authors[0].given:
        return []
    if not lab.text.startswith(authors[0].given.split()[0]):
        return []  # only a given-first list: "Wu, J., Deep Learning." has a title there
    rest = lab.text[ends[-1] :]
    comma = lab.text[: ends[-1]].rstrip().endswith(",") or rest.lstrip().startswith(",")
    m = _REST_OF_LIST.match(rest) if lab.labels[0] == "author" and comma else None
    if not m or ":" in m.group(1):
        return []
    more, _ = parse_author_list(m.group(1))
    ok = len(more) >= 1 and all(
        a.given[:1].isupper()
        and not a.literal
        and a.family[:1].isupper()
        and len(a.family.split()) <= 2
        for a in more
    )
    return more if ok else []


_NAME_WORD = re.compile(r"[A-ZÀ-ÞŁØ][^\W\d_]*[a-zß-ÿ][^\W\d_]*(?:[-'’][^\W\d_]+)*")
"""A capitalised word of a personal name with a lower-case letter ("Kilbertus", "Jean-Luc",
"O'Neill"; not an acronym)."""
_INITIAL = re.compile(r"[A-ZÀ-ÞŁØ]\.?")


def _head_end(r: Reading) -> int:
    """Where the string's first sentence ends: the first period after a word of two or
    more letters, followed by a space (an initial's period ends nothing); -1 without one, or
    when a digit, bracket, colon or quote comes before it."""
    lab = r.lab
    for k, (w, a, b) in enumerate(lab.tokens):
        if w == "." and k and len(lab.tokens[k - 1][0]) > 1 and lab.text[b : b + 1] == " ":
            return a
        if w[:1].isdigit() or w in '()[]:;"“”„«»?!':
            return -1
    return -1


def _personal(a: Author) -> bool:
    """A personal name written given first: 2 to 4 capitalised words besides particles,
    initials allowed among the given names, no organisation word."""
    if a.literal or not a.given or not a.family or is_organisation(f"{a.given} {a.family}"):
        return False
    given, family = a.given.split(), [w for w in a.family.split() if w not in PARTICLES]
    return (
        bool(family)
        and 2 <= len(given) + len(family) <= 4
        and all(_NAME_WORD.fullmatch(w) for w in family)
        and all(_NAME_WORD.fullmatch(w) or _INITIAL.fullmatch(w) for w in given)
        and _NAME_WORD.fullmatch(given[0]) is not None
    )


def names_before_title(r: Reading) -> list[Author]:
    """Given-first personal names that make up the first sentence, when the labeller
    labelled no author and its title comes after that sentence ("Jan Marco Ruiz de Vargas,
    Kirtan Padh, and Niki Kilbertus. Cluster graphs as ... 2024.", "Dominique Martinez.
    Minimum distance classification ... 2026."): a reference with no venue, whose three
    sentences the labeller reads as one long title. Every piece of the sentence must be a
    personal name (:func:`_personal`); none otherwise ("Deep Learning. ..." would need the
    title after it, "World Health Organization." is an organisation)."""
    end, title = _head_end(r), r.labelling.title
    if end < 3 or not title or "author" in r.lab.labels or r.lab.text.find(title) <= end:
        return []
    head = r.lab.text[:end]
    if is_organisation_name(head):
        return []
    names, et_al = parse_author_list(head)
    pieces = len(re.split(r",|\band\b|&", head))
    if et_al or not names or len(names) < pieces - 1 or not all(map(_personal, names)):
        return []
    return names


def normalise(r: Reading, fields: dict[str, object]) -> dict[str, object]:
    """``authors`` and ``et_al`` from the first author run, given-first names before a title
    that the labeller read as part of the title (:func:`names_before_title`), or an
    organisation author."""
    authors, et_al = read_authors(r.lab.span("author"), r.lab.text)
    if not authors:
        authors = names_before_title(r)
    if not et_al:
        authors += rest_of_list(r, authors)
    if not authors or (len(authors) == 1 and not authors[0].literal):
        org = organisation_first(r)
        if org is not None and (not authors or authors[0].family in org):
            return {"authors": (Author(family=org, literal=True),), "et_al": False}
    return {"authors": tuple(authors), "et_al": et_al}
