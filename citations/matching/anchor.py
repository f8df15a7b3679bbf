"""Which of a record's fields a reference string states: a record-anchored reading (pure).

The parser reads a reference string without knowing the work; its field boundaries can be
wrong (the venue read into the title, a page read as the year, an upper-case family name
read as a given name, authors run together when commas are missing). Once a candidate
record is known, the string can be read *against the record*: is the record's title
written there, whole? Are its authors, in order, all that stands before the title? This
module answers that for title, authors, year, venue, pages and DOI.
citations.matching.fields.compare_fields turns a parsed-field conflict into a match only
for a field this reading finds written, so a field is called corrupted only when its
record value is absent from the string *and* its parsed value differs (sloppy input gets
the verdict of the tidy string).

Reading, on the folded string (citations.text.fold.fold: lower case, accents and dashes folded) cut
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
from functools import lru_cache

from citations.matching.anchor_authors import authors_written, ends_names
from citations.matching.pages import page_range
from citations.matching.title import align_words
from citations.matching.venue import compare_venues
from citations.matching.written import (
    CONNECTORS,
    NAME_GLUE,
    FoldedString,
    find_run,
    punct_between,
    read_string,
    value_words,
)
from citations.model import Field, FieldStatus, Record, Reference
from citations.text.identifiers import doi_key

__all__ = [
    "date_pages",
    "plausible",
    "stated_other_authors",
    "stated_pages",
    "stated_venue",
    "stated_year",
    "title_window_score",
    "written_fields",
]


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
    return tuple(w for w in map(value_words, forms) if len(w) >= 2)


def _standalone_year(t: FoldedString, year: int, masked: Sequence[bool]) -> bool:
    y = str(year)
    for i, w in enumerate(t.words):
        if w != y or masked[i]:
            continue
        before = t.text[max(0, t.starts[i] - 3) : t.starts[i]]
        after = t.text[t.ends[i] : t.ends[i] + 3]
        if re.search(r"\d\s*-+\s*$", before) or re.match(r"\s*-+\s*\d", after):
            continue  # inside a number range: pages
        if (
            t.starts[i] > 0
            and t.text[t.starts[i] - 1] in "./"
            and re.search(r"\d[./]$", t.text[: t.starts[i]])
        ):
            continue  # inside a DOI or a dotted number
        return True
    return False


_PAGE_ONE = re.compile(r"\b(?:p|pp|s|page|pages|pag|pgs)\.?\s*(\d+)(?![\w\-])")


@lru_cache(maxsize=4096)
def _ranges(text: str) -> tuple[tuple[str, str, int], ...]:
    """Number ranges in ``text`` not inside a longer token: (first, last, offset), zeros
    stripped; single pages after a page word come as (page, page, offset)."""
    out = [
        (m.group(1).lstrip("0") or "0", m.group(2).lstrip("0") or "0", m.start())
        for m in _RANGE.finditer(text)
    ]
    out += [(m.group(1).lstrip("0") or "0",) * 2 + (m.start(),) for m in _PAGE_ONE.finditer(text)]
    return tuple(out)


def _pages_written(t: FoldedString, pages: str) -> bool:
    first, last = page_range(pages)
    if not first.isdigit() or not last.isdigit():
        return False
    return any(
        a == first and (b == last or (first != last and len(b) < len(last) and last.endswith(b)))
        for a, b, _ in _ranges(t.text)
    )


def plausible(reference: Reference, record: Record) -> bool:
    """Worth reading against: at least 60 % of the record's title words occur in the
    string (an unrelated search hit is not read). Cheap; cached words."""
    title = set(value_words(record.title)) if record.title else set()
    if not title:
        return False
    have = set(read_string(reference.raw).words)
    return len(title & have) >= 0.6 * len(title)


def _doi_written(t: FoldedString, doi: str) -> bool:
    d = doi_key(doi)
    k = t.text.find(d)
    while k >= 0:
        nxt = t.text[k + len(d) : k + len(d) + 1]
        if not nxt or not (nxt.isalnum() or nxt in "-_/"):
            return True
        k = t.text.find(d, k + 1)
    return False


def _layout(
    t: FoldedString, record: Record
) -> tuple[list[bool], int | None, int | None, set[Field]]:
    """Where the record's title, venue, publisher and address are written whole in ``t``:
    (masked words, title start, venue start, the venue/publisher/address fields found)."""
    out: set[Field] = set()
    masked = [False] * len(t.words)
    title = value_words(record.title) if record.title else ()
    title_at = find_run(t, title, masked) if len(title) >= 2 else None
    if title_at is not None:
        for k in range(title_at, title_at + len(title)):
            masked[k] = True
    venue_at: int | None = None
    venue_len = 0
    for form in _venue_forms(record):
        at = find_run(t, form, masked)
        while at is not None and not (
            punct_between(t, at)
            or t.words[at - 1] in CONNECTORS
            or (title_at is not None and at == title_at + len(title))
        ):
            at = find_run(t, form, masked, at + 1)
        if at is not None:
            venue_at, venue_len = at, len(form)
            break
    if venue_at is not None:
        out.add(Field.VENUE)
        for k in range(venue_at, venue_at + venue_len):
            masked[k] = True
    for field, value in ((Field.PUBLISHER, record.publisher), (Field.ADDRESS, record.address)):
        words = value_words(value) if value else ()
        at = find_run(t, words, masked) if words else None
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
    t = read_string(reference.raw)
    masked = _layout(t, record)[0]
    if _standalone_year(t, record.year, masked):
        return None
    years = {int(w) for w in t.words if re.fullmatch(r"(?:1[5-9]|20)\d\d", w)}
    alone = [y for y in sorted(years) if y != record.year and _standalone_year(t, y, masked)]
    return alone[0] if len(alone) == 1 else None


_RANGE = re.compile(r"(?<![\w./\-])(\d{1,5})\s*-+\s*(\d{1,5})(?![\w\-])")
#: month names and their abbreviations (en, de, es, pt, fr), on the folded string
_MONTH = (
    r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|januar|februar|marz|mai|"
    r"juni|juli|okt|dez|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|"
    r"setiembre|octubre|noviembre|diciembre|janeiro|fevereiro|marco|maio|junho|julho|"
    r"setembro|outubro|novembro|dezembro|janvier|fevrier|mars|avril|juin|juillet|aout|"
    r"septembre|octobre|novembre|decembre|january|february|march|april|june|july|august|"
    r"september|october|november|december)"
)
_MONTH_BEFORE = re.compile(r"\b" + _MONTH + r"\.?\s*$")
_MONTH_AFTER = re.compile(r"\s*(?:de\s+)?" + _MONTH + r"\b")


def _date_range(text: str, at: int) -> bool:
    """Is the number range at offset ``at`` of ``text`` (folded) days of a month ("May 1-2,
    1986", "1-2 May 1986", "3-5 de junho"): a date in a venue, not pages?"""
    m = _RANGE.match(text, at)
    if m is None:
        return False
    return bool(
        _MONTH_BEFORE.search(text[max(0, at - 12) : at]) or _MONTH_AFTER.match(text, m.end())
    )


def date_pages(reference: Reference) -> bool:
    """Are the parsed pages read from days of a month (every occurrence of their numbers in
    ``reference.raw`` lies in a range such as "September 19-23, 1993")? Then they are a date
    in the venue, not pages. Raises: nothing."""
    if not reference.pages:
        return False
    text = read_string(reference.raw).text
    nums = set(re.findall(r"\d+", reference.pages))
    dates = [(m.start(), m.end()) for m in _RANGE.finditer(text) if _date_range(text, m.start())]
    if not nums or not dates:
        return False
    return all(
        any(a <= m.start() < b for a, b in dates)
        for n in nums
        for m in re.finditer(rf"(?<!\d){n}(?!\d)", text)
    )


def stated_pages(reference: Reference, record: Record) -> str | None:
    """The one page range ("111-115") ``reference.raw`` states outside the record's title
    and venue, when the record's pages are not written there; None otherwise (no range,
    several, or a range of years). For a parser that missed the pages. Raises: nothing."""
    if not record.pages:
        return None
    t = read_string(reference.raw)
    if _pages_written(t, record.pages):
        return None
    masked = _layout(t, record)[0]
    inside = [(t.starts[k], t.ends[k]) for k, m in enumerate(masked) if m]
    found = []
    for a, b, at in _ranges(t.text):
        if (
            any(lo <= at < hi for lo, hi in inside)
            or a == b
            or (1500 <= int(a) <= 2099 and 1500 <= int(b) <= 2099)
            or _date_range(t.text, at)
        ):
            continue
        found.append(f"{a}-{b}")
    return found[0] if len(found) == 1 else None


def _parsed_venue_at(t: FoldedString, i: int, venue: str | None) -> bool:
    """Does the parsed venue (not the record's: "naacl" for its long name) start at word
    ``i``? Then a title ending before it ends where the parser saw a venue start, with no
    punctuation between (sloppy input: "... word representations naacl 2018")."""
    words = value_words(venue) if venue else ()
    return bool(words) and t.words[i : i + len(words)] == words


def _venue_year_at(t: FoldedString, i: int, record: Record) -> bool:
    """Do words i.. read as the record's venue (a name that
    citations.matching.venue.compare_venues matches, such as its acronym) followed by a
    year, within four words ("... parsing acl 2024 pp ...")?"""
    if not record.venue:
        return False
    for k in range(i + 1, min(i + 5, len(t.words))):
        if re.fullmatch(r"(?:1[5-9]|20)\d\d", t.words[k]):
            name = " ".join(t.words[i:k])
            # one word before the year is read as an acronym too ("ranlp" for RANLP)
            return any(
                compare_venues(form, record.venue).status is FieldStatus.MATCH
                for form in ((name, name.upper()) if k == i + 1 else (name,))
            )
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
    t = read_string(reference.raw)
    title_at = _layout(t, record)[1]
    if not title_at:
        return None
    region = [w for w in t.words[:title_at] if not w.isdigit()]
    families = {w for a in record.authors for w in value_words(f"{a.particle} {a.family}")}
    names = [w for w in region if len(w) >= 3 and w not in NAME_GLUE]
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
    t = read_string(reference.raw)
    masked, title_at, venue_at, _ = _layout(t, record)
    if title_at is None or venue_at is not None:
        return None
    end = title_at + len(value_words(record.title))
    if end >= len(t.words) or t.words[end] not in CONNECTORS:
        return None
    stop = end + 1
    while stop < len(t.words) and not masked[stop]:
        stop += 1
    text = t.text[t.ends[end] : t.starts[stop] if stop < len(t.words) else len(t.text)]
    cut = _VENUE_END.search(text)
    venue = (text[: cut.start()] if cut else text).strip(" .,:")
    return venue if len(value_words(venue)) >= 3 else None


def written_fields(
    reference: Reference, record: Record, fields: frozenset[Field] = frozenset(Field)
) -> frozenset[Field]:
    """The fields among ``fields`` (title, authors, year, venue, pages, doi are read; the
    others never) whose ``record`` value ``reference.raw`` states, read against the record
    as the module docstring says.

    Args: reference: the parsed reference (its raw string is read; its year decides
          whether a standalone year contradicts the record's). record: the candidate.
          fields: the fields asked about (the others are not computed).
    Returns: frozenset of Field. Raises: nothing. Pure; the folded string is cached.
    """
    t = read_string(reference.raw)
    if not t.words:
        return frozenset()
    masked, title_at, venue_at, out = _layout(t, record)
    title = value_words(record.title) if record.title else ()
    authors_ok = (
        Field.AUTHORS in fields
        and bool(record.authors)
        and authors_written(t, record.authors, title_at)
    )
    if authors_ok:
        out.add(Field.AUTHORS)
    if Field.TITLE in fields and title_at is not None:
        end = title_at + len(title)
        before = (
            punct_between(t, title_at)
            or ends_names(t.words[title_at - 1], record.authors)
            or authors_ok
            or (
                Field.AUTHORS not in fields
                and bool(record.authors)
                and authors_written(t, record.authors, title_at)
            )
        )
        after = (
            punct_between(t, end)
            or t.words[end] in CONNECTORS
            or end == venue_at
            or re.fullmatch(r"(?:1[5-9]|20)\d\d", t.words[end]) is not None
            or _parsed_venue_at(t, end, reference.venue)
            or _venue_year_at(t, end, record)
        )
        if before and after:
            out.add(Field.TITLE)
    if (
        Field.YEAR in fields
        and record.year is not None
        and _standalone_year(t, record.year, masked)
        and (
            reference.year is None
            or reference.year == record.year
            or (str(reference.year) in t.words and not _standalone_year(t, reference.year, masked))
        )
    ):
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
    t = read_string(raw)
    words = list(value_words(title))
    if not words or not t.words:
        return 0.0
    vocab = set(words)
    best = 0.0
    n = len(words)
    for i, w in enumerate(t.words):
        if w not in vocab:
            continue
        for m in (n - 2, n, n + 2):
            window = list(t.words[i : i + max(1, m)])
            _, _, common = align_words(window, words)
            best = max(best, 2 * common / (len(window) + n))
        if best == 1.0:
            break
    return best
