"""Whether a record's authors are written in a reference string, in order: the people
part of the record-anchored reading (citations.matching.anchor; the rules are in its
docstring)."""

from __future__ import annotations

from collections.abc import Sequence

from citations.matching.written import (
    AND,
    ET_AL,
    NAME_GLUE,
    FoldedString,
    find_run,
    punct_between,
    value_words,
)
from citations.model import Author
from citations.text.names import PARTICLES

__all__ = ["authors_written", "ends_names", "name_word"]


def _initials(author: Author) -> str:
    return "".join(w[0] for w in value_words(author.given))


def _given_forms(author: Author) -> frozenset[str]:
    """The words that may stand for ``author``'s given names: the names, their initials
    (single letters), and the initials run together ("em", "jp")."""
    words = value_words(author.given)
    ini = "".join(w[0] for w in words)
    return frozenset(words) | frozenset(ini) | ({ini} if ini else set())


def _person_at(
    t: FoldedString,
    i: int,
    n: int,
    lo: int,
    hi: int,
    person: Author,
    own: frozenset[str],
    *,
    inverted: bool = False,
    whole: bool = False,
) -> tuple[int, int] | None:
    """The words [start, end) that ``person`` occupies when the family name at
    words[i:i+n] is written with their given names beside it (between words lo and hi), in
    a form a style uses: given names before it ("Emily M. Bender"), initials after it
    ("Bender EM", "Bender, E. M.") or full given names after a comma ("Bender, Emily M.");
    None otherwise. Full given names after the family name with no comma ("Soize
    Christian"), or in another order than the record's ("Emin Mehmet Aydin" for Mehmet
    Emin, "B. William" for William B.), are another name.

    ``inverted``: the first author may be written family-first with no comma at all when
    the next person's name follows straight on ("wang xiaozhi xu han ...": Chicago or MLA
    with its commas lost; not "Brogueira Tiago and Mario Figueiredo", where the list's
    separator stands in its place and the order is the writer's); the caller allows it
    only when the whole list is the record's. ``whole``: every given name of the person
    must be written (by itself or its initial) where any is."""
    start = i
    while start - 1 >= lo and t.words[start - 1] in own:
        start -= 1
    end = i + n
    while end < hi and t.words[end] in own:
        end += 1
    full = value_words(person.given)
    after = t.words[i + n : end]
    if not _in_order(after, full):
        return None  # given names in another order
    before = t.words[start:i]
    if not _in_order(before, full) and start < i - 1 and t.words[start] in AND:
        start += 1  # "..., e Christof E. Müller": the conjunction "e" is not his initial
        before = before[1:]
    if not before and not after:
        return None
    if not _in_order(before, full):
        return None
    written = set(before) | set(after)
    if whole and not all(w in written or w[0] in written for w in full):
        return None  # "Amir Rezapour" for Amir Arsalan Rezapour
    first = lo == 0 and all(w.isdigit() for w in t.words[:i])
    # a family name in capitals before given names that are not says which is which
    marked = all(w in t.upper for w in t.words[i : i + n]) and not any(
        w in t.upper for w in after if len(w) > 1
    )
    if (
        any(w in full and len(w) > 1 for w in after)
        and not punct_between(t, i + n)
        and not marked
        and not (
            first
            and end < hi
            and (
                (inverted and t.words[end] not in AND)
                or punct_between(t, end)
                or tuple(t.words[end : end + 2]) in ET_AL
            )
        )
    ):
        # "Soize Christian", "Morgunov Anton and V. Batista": the given name read as the
        # family name. Only a first author set off from the rest of the list by a comma or
        # followed by et al. may be inverted with its inner comma lost ("bender emily m.,
        # et al", "inoue koji, divesh lala": MLA, Chicago)
        return None
    return start, end


def _in_order(run: Sequence[str], full: Sequence[str]) -> bool:
    """Are the given names of ``full`` that ``run`` contains in ``full``'s order?"""
    names = list(dict.fromkeys(w for w in run if w in full))
    return names == [w for w in full if w in names]


def _explained(word: str, families: set[str], given: set[str], initials: set[str]) -> bool:
    return (
        word.isdigit()
        or len(word) == 1
        or word in families
        or word in given
        or word in initials
        or word in NAME_GLUE
    )


def name_word(word: str, authors: Sequence[Author]) -> bool:
    """Is ``word`` a family or given name, an initial or a glue word of ``authors``, or a
    number (the end of an author list, even one with a wrong name in it)?"""
    people = [a for a in authors if not a.literal]
    families = {w for a in people for w in value_words(f"{a.particle} {a.family}")}
    given = {w for a in people for w in value_words(a.given)}
    return _explained(word, families, given, {_initials(a) for a in people})


#: conjunctions: an author list never ends with one, so a title found after one is the
#: tail of a longer title ("Combining ... and Headed-Span-Based Projective ...")
_CONJUNCTIONS = frozenset({"and", "und", "e", "y"})


def ends_names(word: str, authors: Sequence[Author]) -> bool:
    """Can ``word`` be the last word of an author list before a title: a name word of
    ``authors`` (:func:`name_word`) that is not a conjunction, unless it is an initial of
    one of them ("e" for Eyal)?"""
    if word in _CONJUNCTIONS and not any(
        value_words(a.given)[:1] and value_words(a.given)[0][0] == word
        for a in authors
        if not a.literal
    ):
        return False
    return name_word(word, authors)


def authors_written(t: FoldedString, authors: Sequence[Author], stop: int | None) -> bool:
    """Do the words before ``stop`` (the title's start; None: the leading name-like words)
    read as exactly the record's authors, in order, possibly cut with an et-al form?

    A first author written family-first with no comma at all, running straight into the
    next name ("wang xiaozhi xu han, zhiyuan liu, ...": Chicago or MLA typed without
    commas), reads as the record's only when all of the list's people are written, in
    order, each with all of their given names (or initials) where any is written: the
    whole list vouches for the order of the first name. One name alone ("Soize Christian"
    for Christian Soize), a first name followed by "and" ("Brogueira Tiago and Mario
    Figueiredo"), or a swapped first name in a list that also drops or changes a given
    name ("Gholizadeh Mohammad Sadegh and Amir Rezapour" for ... Amir Arsalan Rezapour) is
    still a swapped name (CiteAudit counts those as fakes)."""
    if _authors_in_order(t, authors, stop, inverted=False):
        return True
    return len(authors) >= 2 and _authors_in_order(t, authors, stop, inverted=True)


def _authors_in_order(
    t: FoldedString, authors: Sequence[Author], stop: int | None, *, inverted: bool
) -> bool:
    people = [a for a in authors if not a.literal]
    if not people or len(people) != len(authors):
        return False
    fams = [value_words(f"{a.particle} {a.family}" if a.particle else a.family) for a in people]
    if any(not f for f in fams):
        return False
    families = {w for f in fams for w in f}
    given = {w for a in people for w in value_words(a.given)}
    initials = {_initials(a) for a in people} | {_initials(a)[:2] for a in people}
    initials.discard("")
    if stop is None:
        stop = 0
        while stop < len(t.words) and _explained(t.words[stop], families, given, initials):
            stop += 1
    region = t.words[:stop]
    if not region or not all(_explained(w, families, given, initials) for w in region):
        return False
    pos, found = 0, 0
    no_mask = [False] * stop
    claimed = [False] * stop
    for person, fam in zip(people, fams):
        own = _given_forms(person)
        # where the string gives this person's given names, the family name must stand
        # next to them ("Zhengdao Chen; Lei Chen" is not "Lei Chen; Zhengdao Chen")
        check = bool(own) and any(w in own and w not in families for w in region)
        i = find_run(t, fam, no_mask, pos, stop)
        if i is None and len(fam) > 1 and fam[0] in PARTICLES:
            # the family name written without its particle ("Goot" for van der Goot,
            # "Góes" for de Góes), as lists of bare family names do
            core = fam
            while len(core) > 1 and core[0] in PARTICLES:
                core = core[1:]
            i = find_run(t, core, no_mask, pos, stop)
            fam = core if i is not None else fam
        span: tuple[int, int] | None = (i, i + len(fam)) if i is not None else None
        while i is not None and check:
            span = _person_at(
                t, i, len(fam), pos, stop, person, own, inverted=inverted, whole=inverted
            )
            if span is not None:
                break
            i = find_run(t, fam, no_mask, i + 1, stop)
        if i is None or span is None:
            break
        for k in range(span[0], span[1]):
            claimed[k] = True
        pos, found = i + len(fam), found + 1
    if found == 0:
        return False
    # every other word is a conjunction, an et-al form or a number: no stray name
    if not all(c or w.isdigit() or w in NAME_GLUE for w, c in zip(region, claimed)):
        return False
    if found == len(fams):
        return True
    if inverted and found < 3:
        return False  # the whole list, or three people in order before et al.
    rest = region[pos:]
    return any(tuple(rest[k : k + len(form)]) == form for form in ET_AL for k in range(len(rest)))
