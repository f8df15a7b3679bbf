"""Which of a record's fields a reference string states: a record-anchored reading (pure).

The parser reads a reference string without knowing the work; its field boundaries can be
wrong (the venue read into the title, a page read as the year, an upper-case family name
read as a given name, authors run together when commas are missing). Once a candidate
record is known, the string can be read *against the record*: is the record's title
written there, whole? Are its authors, in order, all that stands before the title? This
module answers that for title, authors, year, venue, pages and DOI. compare.compare_fields
turns a parsed-field conflict into a match only for a field this reading finds written, so
a field is called corrupted only when its record value is absent from the string *and* its
parsed value differs (sloppy input gets the verdict of the tidy string).

Reading, on the folded string (compare.fold: lower case, accents and dashes folded) cut
into words of letters and digits, and record values cut the same way:

- title: the record's title words contiguous, starting after punctuation or after an
  author list that reads as the record's, and ending at punctuation, at "in"/"em"/"en",
  at the record's venue, or at a year. A title with a word added, dropped or changed inside
  or at its start is not written.
- venue, publisher, address: the record's words contiguous, outside the title (the
  venue also without a trailing "(...)" or ", Volume N ..." part); the venue must start
  after punctuation, "in"/"em"/"en" or the title. They are then masked, so that a year or a
  name inside them ("Proceedings of the 2014 Workshop ...") is not read again.
- authors: the words before the title (or, without a located title, the leading words
  that read as names) are each a family name, a given name or initials of the record's
  authors, "and"/"e"/"y"/"und", an et-al form ("et al.", "u. a.", "e outros", "y otros")
  or a number; and the record's family names appear there in order, all of them, or the
  first ones followed by an et-al form. An added, dropped, renamed or moved author is
  not written.
- year: the record's year stands alone (not inside a number range, not in a masked
  title/venue) and the parsed year, if any and different, is written there only inside
  another number (a page range: "2012. p. 1622-1627" read as 1627).
- pages: the record's first and last page written as a range (or a single page after a
  page word), not inside a longer number.
- DOI: the record's DOI written whole (not followed by further DOI characters).

People are matched with their given names: where the string gives a person's given names
or initials, the family name must stand next to them, before it ("Emily M. Bender"), or
after it as initials ("Bender EM") or after a comma ("Bender, Emily M."); given names in
another order ("B. William" for William B.) or full given names after the family name with
no comma ("Soize Christian") are another name, except for a first author set off from the
rest by a comma or followed by et al. (MLA and Chicago invert only the first author:
"bender emily m., et al" with its inner comma lost). Every word before the title must be
taken by some person, a conjunction, an et-al form or a number: no stray name.

Also here: :func:`stated_year` (a year the string states alone where the record's is not,
so a parsed year read from the venue cannot hide it), :func:`stated_pages` (a page range
the parser missed) and :func:`title_window_score`.
A first author inverted with both commas lost ("kang kuan-yi yi-wen liu, ...") is the
record's first author when the next name follows straight on and the whole list is the
record's, in order, with all given names; a single author so written ("Soize Christian"),
or one followed by "and" ("Brogueira Tiago and Mario Figueiredo"), still reads as a
flipped name: a Chicago or MLA string of one or two authors with every comma lost is not
cleared (known limit).

Source: bench/style_matrix.py (8 styles x 4 languages, tidy and sloppy).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from citations.model import Author, Field, Record, Reference
from citations.names import PARTICLES

__all__ = ["date_pages", "plausible", "stated_other_authors", "stated_pages", "stated_venue",
           "stated_year", "title_window_score", "written_fields"]

_TOKEN = re.compile(r"[^\W_]+")
_PUNCT = frozenset(".,;:!?\"'()[]{}\u201c\u201d\u2018\u2019\u00ab\u00bb/")
#: words that open a container after a title: "In", "Em" (pt), "En" (es), "In:" (de, ABNT)
_CONNECTORS = frozenset({"in", "em", "en"})
#: words between names: conjunctions (en, pt, es, de) and et-al forms
_NAME_GLUE = frozenset({"and", "und", "e", "y", "et", "al", "u", "a", "outros", "otros",
                        "others", "etal", "jr", "sr"})
_ET_AL = (("et", "al"), ("u", "a"), ("e", "outros"), ("y", "otros"), ("and", "others"),
          ("others",), ("etal",))
_AND = frozenset({"and", "und", "e", "y"})
_PAGE_WORDS = frozenset({"p", "pp", "s", "page", "pages", "pag", "pgs"})


@dataclass(frozen=True, slots=True)
class _Text:
    """The folded string and its words with character offsets; ``upper``: the folded
    words of 2+ letters written in capitals in the raw string (family names marked as
    such: "NAKOV Preslav", ABNT and many hand-typed lists)."""

    text: str
    words: tuple[str, ...]
    starts: tuple[int, ...]
    ends: tuple[int, ...]
    upper: frozenset[str]


_LETTERS = re.compile(r"[^\W\d_]{2,}")


@lru_cache(maxsize=4096)
def _read(raw: str) -> _Text:
    from citations.compare import fold, strip_markup

    plain = strip_markup(raw)
    text = fold(plain)
    ms = list(_TOKEN.finditer(text))
    upper = frozenset(fold(w) for w in _LETTERS.findall(plain) if w.isupper())
    return _Text(text, tuple(m.group() for m in ms), tuple(m.start() for m in ms),
                 tuple(m.end() for m in ms), upper)


@lru_cache(maxsize=16384)
def _words(value: str) -> tuple[str, ...]:
    from citations.compare import fold, strip_markup

    return tuple(_TOKEN.findall(fold(strip_markup(value))))


def _find_run(t: _Text, words: Sequence[str], masked: Sequence[bool], start: int = 0,
              stop: int | None = None) -> int | None:
    """First index i >= start with t.words[i:i+len(words)] == words, none masked, ending
    by ``stop``."""
    n = len(words)
    end = len(t.words) if stop is None else stop
    if not n:
        return None
    first, want = words[0], tuple(words)
    i = start
    while i <= end - n:
        try:
            i = t.words.index(first, i, end - n + 1)
        except ValueError:
            return None
        if t.words[i:i + n] == want and not any(masked[i:i + n]):
            return i
        i += 1
    return None


def _punct_between(t: _Text, i: int) -> bool:
    """Punctuation between word i-1 and word i (or i is at an end)."""
    if i <= 0 or i >= len(t.words):
        return True
    return any(c in _PUNCT for c in t.text[t.ends[i - 1]:t.starts[i]])


def _initials(author: Author) -> str:
    return "".join(w[0] for w in _words(author.given))


def _given_forms(author: Author) -> frozenset[str]:
    """The words that may stand for ``author``'s given names: the names, their initials
    (single letters), and the initials run together ("em", "jp")."""
    words = _words(author.given)
    ini = "".join(w[0] for w in words)
    return frozenset(words) | frozenset(ini) | ({ini} if ini else set())


def _person_at(t: _Text, i: int, n: int, lo: int, hi: int, person: Author,
               own: frozenset[str], *, inverted: bool = False,
               whole: bool = False) -> tuple[int, int] | None:
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
    full = _words(person.given)
    after = t.words[i + n:end]
    if not _in_order(after, full):
        return None  # given names in another order
    before = t.words[start:i]
    if not _in_order(before, full) and start < i - 1 and t.words[start] in _AND:
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
    marked = all(w in t.upper for w in t.words[i:i + n]) and \
        not any(w in t.upper for w in after if len(w) > 1)
    if any(w in full and len(w) > 1 for w in after) and not _punct_between(t, i + n) \
            and not marked and not (first and end < hi and (
                (inverted and t.words[end] not in _AND) or _punct_between(t, end)
                or tuple(t.words[end:end + 2]) in _ET_AL)):
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
    return (word.isdigit() or len(word) == 1 or word in families or word in given
            or word in initials or word in _NAME_GLUE)


def _name_word(word: str, authors: Sequence[Author]) -> bool:
    """Is ``word`` a family or given name, an initial or a glue word of ``authors``, or a
    number (the end of an author list, even one with a wrong name in it)?"""
    people = [a for a in authors if not a.literal]
    families = {w for a in people for w in _words(f"{a.particle} {a.family}")}
    given = {w for a in people for w in _words(a.given)}
    return _explained(word, families, given, {_initials(a) for a in people})


#: conjunctions: an author list never ends with one, so a title found after one is the
#: tail of a longer title ("Combining ... and Headed-Span-Based Projective ...")
_CONJUNCTIONS = frozenset({"and", "und", "e", "y"})


def _ends_names(word: str, authors: Sequence[Author]) -> bool:
    """Can ``word`` be the last word of an author list before a title: a name word of
    ``authors`` (:func:`_name_word`) that is not a conjunction, unless it is an initial of
    one of them ("e" for Eyal)?"""
    if word in _CONJUNCTIONS and not any(_words(a.given)[:1] and _words(a.given)[0][0] == word
                                         for a in authors if not a.literal):
        return False
    return _name_word(word, authors)


def _authors_written(t: _Text, authors: Sequence[Author], stop: int | None) -> bool:
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


def _authors_in_order(t: _Text, authors: Sequence[Author], stop: int | None, *,
                      inverted: bool) -> bool:
    people = [a for a in authors if not a.literal]
    if not people or len(people) != len(authors):
        return False
    fams = [_words(f"{a.particle} {a.family}" if a.particle else a.family) for a in people]
    if any(not f for f in fams):
        return False
    families = {w for f in fams for w in f}
    given = {w for a in people for w in _words(a.given)}
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
        i = _find_run(t, fam, no_mask, pos, stop)
        if i is None and len(fam) > 1 and fam[0] in PARTICLES:
            # the family name written without its particle ("Goot" for van der Goot,
            # "Góes" for de Góes), as lists of bare family names do
            core = fam
            while len(core) > 1 and core[0] in PARTICLES:
                core = core[1:]
            i = _find_run(t, core, no_mask, pos, stop)
            fam = core if i is not None else fam
        span: tuple[int, int] | None = (i, i + len(fam)) if i is not None else None
        while i is not None and check:
            span = _person_at(t, i, len(fam), pos, stop, person, own,
                              inverted=inverted, whole=inverted)
            if span is not None:
                break
            i = _find_run(t, fam, no_mask, i + 1, stop)
        if i is None or span is None:
            break
        for k in range(span[0], span[1]):
            claimed[k] = True
        pos, found = i + len(fam), found + 1
    if found == 0:
        return False
    # every other word is a conjunction, an et-al form or a number: no stray name
    if not all(c or w.isdigit() or w in _NAME_GLUE for w, c in zip(region, claimed)):
        return False
    if found == len(fams):
        return True
    if inverted and found < 3:
        return False  # the whole list, or three people in order before et al.
    rest = region[pos:]
    return any(tuple(rest[k:k + len(form)]) == form for form in _ET_AL
               for k in range(len(rest)))


def _venue_forms(record: Record) -> tuple[tuple[str, ...], ...]:
    return _venue_forms_of(record.venue) if record.venue else ()


@lru_cache(maxsize=16384)
def _venue_forms_of(venue: str) -> tuple[tuple[str, ...], ...]:
    """The venue's words, also without a trailing ", Volume N ..." (a journal volume) and
    without a trailing "(...)" ("(Volume 1: Long Papers)"); forms of 2+ words."""
    forms = [venue]
    cut = re.sub(r",?\s*Volume\s+\w+.*$", "", venue)
    if cut != venue:
        forms.append(cut)
    bare = re.sub(r"\s*\([^()]*\)\s*$", "", cut)
    if bare != cut:
        forms.append(bare)
    return tuple(w for w in map(_words, forms) if len(w) >= 2)


def _standalone_year(t: _Text, year: int, masked: Sequence[bool]) -> bool:
    y = str(year)
    for i, w in enumerate(t.words):
        if w != y or masked[i]:
            continue
        before = t.text[max(0, t.starts[i] - 3):t.starts[i]]
        after = t.text[t.ends[i]:t.ends[i] + 3]
        if re.search(r"\d\s*-+\s*$", before) or re.match(r"\s*-+\s*\d", after):
            continue  # inside a number range: pages
        if t.starts[i] > 0 and t.text[t.starts[i] - 1] in "./" and \
                re.search(r"\d[./]$", t.text[:t.starts[i]]):
            continue  # inside a DOI or a dotted number
        return True
    return False


_PAGE_ONE = re.compile(r"\b(?:p|pp|s|page|pages|pag|pgs)\.?\s*(\d+)(?![\w\-])")


@lru_cache(maxsize=4096)
def _ranges(text: str) -> tuple[tuple[str, str, int], ...]:
    """Number ranges in ``text`` not inside a longer token: (first, last, offset), zeros
    stripped; single pages after a page word come as (page, page, offset)."""
    out = [(m.group(1).lstrip("0") or "0", m.group(2).lstrip("0") or "0", m.start())
           for m in _RANGE.finditer(text)]
    out += [(m.group(1).lstrip("0") or "0",) * 2 + (m.start(),) for m in _PAGE_ONE.finditer(text)]
    return tuple(out)


def _pages_written(t: _Text, pages: str) -> bool:
    from citations.compare import _pages

    first, last = _pages(pages)
    if not first.isdigit() or not last.isdigit():
        return False
    return any(a == first and (b == last or (first != last and len(b) < len(last)
                                             and last.endswith(b)))
               for a, b, _ in _ranges(t.text))


def plausible(reference: Reference, record: Record) -> bool:
    """Worth reading against: at least 60 % of the record's title words occur in the
    string (an unrelated search hit is not read). Cheap; cached words."""
    title = set(_words(record.title)) if record.title else set()
    if not title:
        return False
    have = set(_read(reference.raw).words)
    return len(title & have) >= 0.6 * len(title)


def _doi_written(t: _Text, doi: str) -> bool:
    from citations.compare import normalize_doi_simple

    d = normalize_doi_simple(doi)
    k = t.text.find(d)
    while k >= 0:
        nxt = t.text[k + len(d):k + len(d) + 1]
        if not nxt or not (nxt.isalnum() or nxt in "-_/"):
            return True
        k = t.text.find(d, k + 1)
    return False


def _layout(t: _Text, record: Record) -> tuple[list[bool], int | None, int | None, set[Field]]:
    """Where the record's title, venue, publisher and address are written whole in ``t``:
    (masked words, title start, venue start, the venue/publisher/address fields found)."""
    out: set[Field] = set()
    masked = [False] * len(t.words)
    title = _words(record.title) if record.title else ()
    title_at = _find_run(t, title, masked) if len(title) >= 2 else None
    if title_at is not None:
        for k in range(title_at, title_at + len(title)):
            masked[k] = True
    venue_at: int | None = None
    venue_len = 0
    for form in _venue_forms(record):
        at = _find_run(t, form, masked)
        while at is not None and not (
                _punct_between(t, at) or t.words[at - 1] in _CONNECTORS
                or (title_at is not None and at == title_at + len(title))):
            at = _find_run(t, form, masked, at + 1)
        if at is not None:
            venue_at, venue_len = at, len(form)
            break
    if venue_at is not None:
        out.add(Field.VENUE)
        for k in range(venue_at, venue_at + venue_len):
            masked[k] = True
    for field, value in ((Field.PUBLISHER, record.publisher), (Field.ADDRESS, record.address)):
        words = _words(value) if value else ()
        at = _find_run(t, words, masked) if words else None
        if at is not None:
            out.add(field)
            for k in range(at, at + len(words)):
                masked[k] = True
    return masked, title_at, venue_at, out


def stated_year(reference: Reference, record: Record) -> int | None:
    """A year ``reference.raw`` states alone (outside the record's title, venue, publisher
    and address, not in a page range) other than the record's, when the record's year is
    not stated alone there; None otherwise. Catches a parsed year read from the venue
    ("... 2016. In Proceedings of ROCLING 2019" parsed as 2019) that hides the cited one.
    Raises: nothing."""
    if record.year is None:
        return None
    t = _read(reference.raw)
    masked = _layout(t, record)[0]
    if _standalone_year(t, record.year, masked):
        return None
    years = {int(w) for w in t.words if re.fullmatch(r"(?:1[5-9]|20)\d\d", w)}
    alone = [y for y in sorted(years) if y != record.year and _standalone_year(t, y, masked)]
    return alone[0] if len(alone) == 1 else None


_RANGE = re.compile(r"(?<![\w./\-])(\d{1,5})\s*-+\s*(\d{1,5})(?![\w\-])")
#: month names and their abbreviations (en, de, es, pt, fr), on the folded string
_MONTH = (r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|januar|februar|marz|mai|"
          r"juni|juli|okt|dez|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|"
          r"setiembre|octubre|noviembre|diciembre|janeiro|fevereiro|marco|maio|junho|julho|"
          r"setembro|outubro|novembro|dezembro|janvier|fevrier|mars|avril|juin|juillet|aout|"
          r"septembre|octobre|novembre|decembre|january|february|march|april|june|july|august|"
          r"september|october|november|december)")
_MONTH_BEFORE = re.compile(r"\b" + _MONTH + r"\.?\s*$")
_MONTH_AFTER = re.compile(r"\s*(?:de\s+)?" + _MONTH + r"\b")


def _date_range(text: str, at: int) -> bool:
    """Is the number range at offset ``at`` of ``text`` (folded) days of a month ("May 1-2,
    1986", "1-2 May 1986", "3-5 de junho"): a date in a venue, not pages?"""
    m = _RANGE.match(text, at)
    if m is None:
        return False
    return bool(_MONTH_BEFORE.search(text[max(0, at - 12):at])
                or _MONTH_AFTER.match(text, m.end()))



def date_pages(reference: Reference) -> bool:
    """Are the parsed pages read from days of a month (every occurrence of their numbers in
    ``reference.raw`` lies in a range such as "September 19-23, 1993")? Then they are a date
    in the venue, not pages. Raises: nothing."""
    if not reference.pages:
        return False
    text = _read(reference.raw).text
    nums = set(re.findall(r"\d+", reference.pages))
    dates = [(m.start(), m.end()) for m in _RANGE.finditer(text) if _date_range(text, m.start())]
    if not nums or not dates:
        return False
    return all(any(a <= m.start() < b for a, b in dates)
               for n in nums for m in re.finditer(rf"(?<!\d){n}(?!\d)", text))


def stated_pages(reference: Reference, record: Record) -> str | None:
    """The one page range ("111-115") ``reference.raw`` states outside the record's title
    and venue, when the record's pages are not written there; None otherwise (no range,
    several, or a range of years). For a parser that missed the pages. Raises: nothing."""
    if not record.pages:
        return None
    t = _read(reference.raw)
    if _pages_written(t, record.pages):
        return None
    masked = _layout(t, record)[0]
    inside = [(t.starts[k], t.ends[k]) for k, m in enumerate(masked) if m]
    found = []
    for a, b, at in _ranges(t.text):
        if any(lo <= at < hi for lo, hi in inside) or a == b or \
                (1500 <= int(a) <= 2099 and 1500 <= int(b) <= 2099) or _date_range(t.text, at):
            continue
        found.append(f"{a}-{b}")
    return found[0] if len(found) == 1 else None


def _parsed_venue_at(t: _Text, i: int, venue: str | None) -> bool:
    """Does the parsed venue (not the record's: "naacl" for its long name) start at word
    ``i``? Then a title ending before it ends where the parser saw a venue start, with no
    punctuation between (sloppy input: "... word representations naacl 2018")."""
    words = _words(venue) if venue else ()
    return bool(words) and t.words[i:i + len(words)] == words


def _venue_year_at(t: _Text, i: int, record: Record) -> bool:
    """Do words i.. read as the record's venue (a name compare.compare_venues matches, such
    as its acronym) followed by a year, within four words ("... parsing acl 2024 pp ...")?"""
    if not record.venue:
        return False
    from citations.compare import compare_venues
    from citations.model import FieldStatus

    for k in range(i + 1, min(i + 5, len(t.words))):
        if re.fullmatch(r"(?:1[5-9]|20)\d\d", t.words[k]):
            name = " ".join(t.words[i:k])
            # one word before the year is read as an acronym too ("ranlp" for RANLP)
            return any(compare_venues(form, record.venue).status is FieldStatus.MATCH
                       for form in ((name, name.upper()) if k == i + 1 else (name,)))
    return False


def stated_other_authors(reference: Reference, record: Record) -> str | None:
    """The words before the record's title, when the title is written whole in
    ``reference.raw`` and they hold a word of 3+ letters yet none of the record's family
    names ("VAIANI, Anca-Roxana, u. a" before the title of Simon, Sébillot and Gravier's
    paper): someone else is named as the author; None otherwise (no title found, nothing
    before it but numbers and et-al forms, or a family name of the record's there).
    For a parser that read no authors. Raises: nothing."""
    if not record.authors or not record.title:
        return None
    t = _read(reference.raw)
    title_at = _layout(t, record)[1]
    if not title_at:
        return None
    region = [w for w in t.words[:title_at] if not w.isdigit()]
    families = {w for a in record.authors for w in _words(f"{a.particle} {a.family}")}
    names = [w for w in region if len(w) >= 3 and w not in _NAME_GLUE]
    if not names or any(w in families for w in region):
        return None
    return " ".join(region)


_VENUE_END = re.compile(r"\(|;|\bpp?\b\.?\s*\d|\bs\b\.?\s*\d|\bdoi\b|https?:|\d+\s*-+\s*\d+")


def stated_venue(reference: Reference, record: Record) -> str | None:
    """The container ``reference.raw`` names right after the record's title ("... robots
    in proceedings of workshop on natural language processing in e-commerce 1465-1474"):
    from the "in"/"em"/"en" that follows the title to a page range, a bracket, ";", a
    DOI or the record's publisher or address; None when the title is not written whole,
    no such word follows it, or the record's venue is written. For a parser that read
    the venue into the title. Folded text. Raises: nothing."""
    if not record.venue or not record.title:
        return None
    t = _read(reference.raw)
    masked, title_at, venue_at, _ = _layout(t, record)
    if title_at is None or venue_at is not None:
        return None
    end = title_at + len(_words(record.title))
    if end >= len(t.words) or t.words[end] not in _CONNECTORS:
        return None
    stop = end + 1
    while stop < len(t.words) and not masked[stop]:
        stop += 1
    text = t.text[t.ends[end]:t.starts[stop] if stop < len(t.words) else len(t.text)]
    cut = _VENUE_END.search(text)
    venue = (text[:cut.start()] if cut else text).strip(" .,:")
    return venue if len(_words(venue)) >= 3 else None


def written_fields(reference: Reference, record: Record,
                   fields: frozenset[Field] = frozenset(Field)) -> frozenset[Field]:
    """The fields among ``fields`` (title, authors, year, venue, pages, doi are read; the
    others never) whose ``record`` value ``reference.raw`` states, read against the record
    as the module docstring says.

    Args: reference: the parsed reference (its raw string is read; its year decides
          whether a standalone year contradicts the record's). record: the candidate.
          fields: the fields asked about (the others are not computed).
    Returns: frozenset of Field. Raises: nothing. Pure; the folded string is cached.
    """
    t = _read(reference.raw)
    if not t.words:
        return frozenset()
    masked, title_at, venue_at, out = _layout(t, record)
    title = _words(record.title) if record.title else ()
    authors_ok = Field.AUTHORS in fields and bool(record.authors) and \
        _authors_written(t, record.authors, title_at)
    if authors_ok:
        out.add(Field.AUTHORS)
    if Field.TITLE in fields and title_at is not None:
        end = title_at + len(title)
        before = _punct_between(t, title_at) or _ends_names(t.words[title_at - 1], record.authors) \
            or authors_ok or (Field.AUTHORS not in fields and bool(record.authors)
                              and _authors_written(t, record.authors, title_at))
        after = (_punct_between(t, end) or t.words[end] in _CONNECTORS
                 or end == venue_at or re.fullmatch(r"(?:1[5-9]|20)\d\d", t.words[end]) is not None
                 or _parsed_venue_at(t, end, reference.venue) or _venue_year_at(t, end, record))
        if before and after:
            out.add(Field.TITLE)
    if Field.YEAR in fields and record.year is not None and \
            _standalone_year(t, record.year, masked) and \
            (reference.year is None or reference.year == record.year
             or (str(reference.year) in t.words
                 and not _standalone_year(t, reference.year, masked))):
        out.add(Field.YEAR)
    if Field.PAGES in fields and record.pages and _pages_written(t, record.pages):
        out.add(Field.PAGES)
    if Field.DOI in fields and record.doi and _doi_written(t, record.doi):
        out.add(Field.DOI)
    return frozenset(out & fields)


def title_window_score(raw: str, title: str) -> float:
    """Word Dice coefficient in [0, 1] of ``title`` (a record's title) with the stretch of
    ``raw`` (the reference string) that fits it best: windows of the title's length (+-2
    words) starting at each word of the string that is a word of the title. A title read
    with the venue glued to it scores low on its parsed value and not here.
    Raises: nothing; 0.0 when either side has no words."""
    from citations.compare import _align_words

    t = _read(raw)
    words = list(_words(title))
    if not words or not t.words:
        return 0.0
    vocab = set(words)
    best = 0.0
    n = len(words)
    for i, w in enumerate(t.words):
        if w not in vocab:
            continue
        for m in (n - 2, n, n + 2):
            window = list(t.words[i:i + max(1, m)])
            _, _, common = _align_words(window, words)
            best = max(best, 2 * common / (len(window) + n))
        if best == 1.0:
            break
    return best
