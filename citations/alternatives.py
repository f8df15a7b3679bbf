"""Other readings of a reference to search with when no candidate is the cited work: the
title cut where a container starts, the string before an identifier, a quoted title, the
title of a string typed without punctuation, the string's first words as family names,
the main title alone. Pure; used by citations.verify for its second search and by the
online cascade to revise a query."""

from __future__ import annotations

import re

from citations.model import Author, Reference

__all__ = ["search_alternatives", "search_titles", "shortened_title", "unpunctuated_title"]


#: where a container starts after a title: "In: Proceedings", ", en Proceedings", "in the
#: 2007 Joint Conference", "In Findings of ..." (en, pt, es, de)
_CONTAINER = re.compile(
    r"[\s.,;'\u2019\u201d\"]+(?:in|en|em)\s*:?\s+(?=(?:the\s+)?(?:proc|\d|findings|"
    r"conference|workshop|annual|international|journal|transactions|symposium|meeting))",
    re.I,
)
_LEAD_NUMBER = re.compile(r"^\s*(?:\[\d+\]|\d+\.)\s*")


#: a title in quotation marks (MLA, Chicago, Harvard, IEEE): “...”, "...", ‘...’, '...'
_QUOTED = re.compile(
    r"[\u201c\"]([^\u201c\u201d\"]{8,}?)[\u201d\"]|"
    r"(?<!\w)[\u2018']([^\u2018\u2019']{8,}?)[\u2019'](?!\w)"
)
#: words that may be family names at the head of a reference string
_HEAD_WORD = re.compile(r"[^\W\d_]{2,}")
#: an identifier and what follows it: "doi:10.18653/...", "https://doi.org/...", "arXiv:1810.04805"
_IDENTIFIER_TAIL = re.compile(
    r"[\s.,;]*(?:\bdoi\s*:|\bhttps?://|\barxiv\s*:|\b10\.\d{4,9}/).*$", re.I | re.S
)


def search_titles(ref: Reference) -> list[str]:
    """Titles for a second search when no candidate is the cited work: the parsed title
    cut where a container starts ("Title. In: Proceedings of ..." read as one title), the
    raw string up to that point (for a title read into the authors, "Liu, H. et al.
    Toward Annotator Group Bias ..."), the title of a string with no punctuation
    (:func:`unpunctuated_title`), for a reference with authors and a DOI or arXiv id the
    string before the identifier (a title whose first words were read as names) and the
    first quoted stretch of the string (a title in quotation marks whose parse went wrong),
    each of 3+ words and unlike the parsed title."""
    out: list[str] = []

    def add(title: str | None) -> None:
        if title and len(title.split()) >= 3 and title != ref.title and title not in out:
            out.append(title)

    for text in (ref.title or "", _LEAD_NUMBER.sub("", ref.raw)):
        m = _CONTAINER.search(text)
        add(text[: m.start()].strip(" .,;'\u2019\u201c\u201d\"") if m else "")
    if ref.authors and (ref.doi or ref.arxiv_id):
        # a string that is a title and an identifier, its first words read as names
        # ("Comparing Machine Translation and Human Translation: A Case Study. doi:...")
        lead = _IDENTIFIER_TAIL.sub("", _LEAD_NUMBER.sub("", ref.raw)).strip(" .,;")
        if len(lead.split()) <= 3 * max(len((ref.title or "").split()), 1) + 6:
            add(lead)
    add(unpunctuated_title(ref.raw))  # None, or 3+ words
    q = _QUOTED.search(ref.raw)
    add((q.group(1) or q.group(2)).strip(" .,;") if q else "")
    return out


def search_alternatives(ref: Reference) -> list[Reference]:
    """References to search with when no candidate is the cited work: ``ref`` with each
    title of :func:`search_titles`, then, when the parsed title holds some of the
    string's first six words of letters (or there is none), ``ref`` with those words taken
    as family names (with the first of those titles, or the parsed one): a parse that
    reads author names into the title ("alemany la hinojosa ea, salvatierra rs a framework
    for ...") spends the search's rare title words on names, and the names then find the
    work by its authors. Each is one more query to every source, asked only when no
    candidate is the work. Pure; raises nothing."""
    titles = search_titles(ref)
    out = [ref.model_copy(update={"title": t}) for t in titles]
    words = _HEAD_WORD.findall(_LEAD_NUMBER.sub("", ref.raw))[:6]
    head = tuple(Author(family=w) for w in words)
    in_title = {w.lower() for w in _HEAD_WORD.findall(ref.title or "")[:8]}
    if (
        head
        and head != ref.authors
        and (not ref.title or any(len(w) >= 3 and w.lower() in in_title for w in words))
    ):
        out.append(
            ref.model_copy(update={"title": titles[0] if titles else ref.title, "authors": head})
        )
    return out


#: a leading author list written without punctuation: "peters m neumann m iyyer m "
#: (each family name followed by one to three initials)
_BARE_NAMES = re.compile(r"^(?:[^\W\d_][\w'\u2019-]+\s+(?:[^\W\d_]\s+){1,3})+")
_BARE_YEAR = re.compile(r"\s(?:1[5-9]|20)\d\d(?:\s|$)")


def unpunctuated_title(raw: str) -> str | None:
    """The title of a reference written without punctuation ("peters m neumann m iyyer m
    deep contextualized word representations naacl 2018 pp 2227-2237": a sloppy copy the
    parser reads as one title): the words after a leading family-name-and-initials list,
    up to the first year (a venue name before it stays: the search ranks by similarity).
    None when the string has punctuation between words or no such list, or fewer than 3
    words remain."""
    text = " ".join(raw.split())
    if re.search(r"[.,;:()\[\]\"]", text):
        return None
    m = _BARE_NAMES.match(text + " ")
    if m is None:
        return None
    rest = (text + " ")[m.end() :]
    y = _BARE_YEAR.search(" " + rest)
    title = (rest[: y.start()] if y else rest).strip()
    return title if len(title.split()) >= 3 else None


def shortened_title(title: str, words: int = 8) -> str | None:
    """The main title (before ': ' or ' - ') or the first ``words`` words; None when
    that is the whole title already."""
    main = re.split(r":\s|\s[-\u2013\u2014]\s|[?!]\s", title, maxsplit=1)[0].strip()
    if len(main.split()) < 2 or main == title.strip():
        toks = title.split()
        main = " ".join(toks[:words]) if len(toks) > words else ""
    return main or None
