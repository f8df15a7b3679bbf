"""All fields of a reference against a record: each field compared in its own module, then
the parse artefacts and the record-anchored reading applied, in one place.

Where each field is matched (each comparison returns a :class:`~citations.model.FieldMatch`:
MATCH, CONFLICT or MISSING, one side empty, with a score in [0, 1] and a note saying why):

- title: citations.matching.title (word by word; an omitted subtitle, a/an/the, one-letter
  typos in long words, plural 's', hyphenation tolerated; dropped, substituted or
  reordered words are a conflict);
- authors: citations.matching.authors (family names position by position plus the first
  initial; "et al." a prefix; family-first names: citations/data/family_first_names.txt);
- year: citations.matching.year (another of the record's dates; off by one a conflict of
  score 0.5 unless ``CompareConfig.year_tolerance`` >= 1);
- venue, publisher: citations.matching.venue (aliases and abbreviations from
  citations/data/; acronyms: citations.matching.acronyms);
- volume, issue, pages, address: citations.matching.pages;
- DOI, arXiv id: citations.matching.identifiers;
- the string read again against the record: citations.matching.anchor.

Sources: CiteTracer taxonomy (R2 formatting, R3 et al., P1 name variants, H1-H6); public
bug reports of name folding (Unicode hyphens, accents), dropped title words and Crossref
title markup.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from citations.matching.anchor import (
    date_pages,
    plausible,
    stated_other_authors,
    stated_pages,
    stated_venue,
    stated_year,
    title_window_score,
    written_fields,
)
from citations.matching.authors import compare_authors
from citations.matching.base import DEFAULT_CONFIG, CompareConfig, field_match
from citations.matching.identifiers import compare_ids
from citations.matching.pages import compare_numbered, compare_pages, compare_plain
from citations.matching.title import compare_titles, title_written_in
from citations.matching.venue import PREPRINT, compare_publishers, compare_venues
from citations.matching.year import compare_years, other_date, year_written_in
from citations.model import Author, Field, FieldMatch, FieldStatus, Record, Reference
from citations.text.fold import fold, title_words

__all__ = ["compare_fields"]


def compare_fields(
    reference: Reference, record: Record, config: CompareConfig = DEFAULT_CONFIG
) -> tuple[FieldMatch, ...]:
    """Compare every field of ``reference`` with ``record``; one FieldMatch per Field,
    in Field order. Pure; never raises.

    Steps: each field compared in its module, title, year and venue with their parse
    artefacts (:func:`_title`, :func:`_year`, :func:`_venue`); then the string read against
    the record (:func:`_anchored`: a conflict whose record value the string states is a
    MATCH, 0.95, noted "written in the reference", so only a field whose record value is
    absent from the string *and* whose parsed value differs is a conflict); last, parsed
    "authors" that are the first words of the title of the record a cited DOI or arXiv id
    identifies are MISSING (:func:`_identified_title_as_authors`).
    """
    title = _title(reference, record)
    years = (reference.year, record.year)
    fields = (
        title,
        compare_authors(reference.authors, record.authors, et_al=reference.et_al),
        _year(reference, record, config),
        _venue(reference, record, title),
        compare_numbered(Field.VOLUME, reference.volume, record.volume, years),
        compare_numbered(Field.ISSUE, reference.issue, record.issue, years),
        compare_pages(reference.pages, record.pages),
        compare_publishers(reference.publisher, record.publisher),
        compare_plain(Field.ADDRESS, reference.address, record.address),
        compare_ids(Field.DOI, reference.doi, record.doi),
        compare_ids(Field.ARXIV_ID, reference.arxiv_id, record.arxiv_id),
    )
    return _identified_title_as_authors(_anchored(fields, reference, record), reference, record)


def _title(reference: Reference, record: Record) -> FieldMatch:
    """The titles compared; a conflict where the record's title is written whole in the
    string (:func:`title_written_in`) is the parser's boundary: MATCH 0.95, noted."""
    title = compare_titles(reference.title, record.title)
    if (
        title.status is FieldStatus.CONFLICT
        and reference.title
        and title_written_in(reference.raw, record.title, reference.title, record.venue or "")
    ):
        return field_match(
            Field.TITLE,
            FieldStatus.MATCH,
            0.95,
            reference.title,
            record.title,
            "the record's title is written in the reference; the parsed title's boundary differed",
        )
    return title


def _year(reference: Reference, record: Record, config: CompareConfig) -> FieldMatch:
    """The years compared. A reference that cites the preprint (arXiv id or preprint-server
    venue) of a work the record holds in its published form may give the preprint's year,
    up to one year before the record's: MATCH 0.8, noted. A year that is another of the
    record's dates matches (:func:`other_date`). A parsed year read from a page range while
    the record's year is written alone (:func:`year_written_in`) is MATCH 0.95, noted."""
    year = compare_years(reference.year, record.year, config)
    cites_preprint = bool(reference.arxiv_id) or bool(
        reference.venue and PREPRINT.search(fold(reference.venue))
    )
    if (
        year.status is FieldStatus.CONFLICT
        and cites_preprint
        and not (record.venue and PREPRINT.search(fold(record.venue)))
        and reference.year is not None
        and record.year is not None
        and record.year - 1 <= reference.year < record.year
    ):
        year = field_match(
            Field.YEAR,
            FieldStatus.MATCH,
            0.8,
            reference.year,
            record.year,
            f"the preprint's year; the published version is from {record.year}",
        )
    if year.status is FieldStatus.CONFLICT and reference.year is not None and record.dates:
        year = other_date(year, reference.year, record)
    if year.status is FieldStatus.CONFLICT and year_written_in(
        reference.raw, record.year, reference.year
    ):
        year = field_match(
            Field.YEAR,
            FieldStatus.MATCH,
            0.95,
            reference.year,
            record.year,
            "the record's year is written in the reference; the parsed year was "
            "read from a page range",
        )
    return year


def _venue(reference: Reference, record: Record, title: FieldMatch) -> FieldMatch:
    """The venues compared; a cited venue made of words of the record's (matching) title,
    or of the cited title (the parser gave the same words to both), is MISSING."""
    venue = compare_venues(reference.venue, record.venue)
    if venue.status is not FieldStatus.CONFLICT or not reference.venue:
        return venue
    cited = " ".join(title_words(reference.venue))
    if title.status is FieldStatus.MATCH and cited in " ".join(title_words(record.title)):
        return field_match(
            Field.VENUE,
            FieldStatus.MISSING,
            0.0,
            reference.venue,
            record.venue,
            "the cited 'venue' is words of the record's title (parse boundary)",
        )
    if reference.title and cited and f" {cited} " in f" {' '.join(title_words(reference.title))} ":
        return field_match(
            Field.VENUE,
            FieldStatus.MISSING,
            0.0,
            reference.venue,
            record.venue,
            "the cited 'venue' is words of the cited title (parse boundary)",
        )
    return venue


#: fields the record-anchored reading (citations.matching.anchor) can clear
_ANCHORED = frozenset(
    {
        Field.TITLE,
        Field.AUTHORS,
        Field.YEAR,
        Field.VENUE,
        Field.PAGES,
        Field.PUBLISHER,
        Field.ADDRESS,
        Field.DOI,
    }
)


_NUMBER_RANGE = re.compile(r"\d\s*[-\u2010-\u2015\u2212]+\s*\d")
_YEARISH = re.compile(r"(?<!\d)(?:1[5-9]|20)\d\d(?!\d)")


def _stated_year(
    fields: tuple[FieldMatch, ...], reference: Reference, record: Record
) -> tuple[FieldMatch, ...]:
    """A year match whose parsed year came from the venue while the string states another
    year alone (citations.matching.anchor.stated_year) is a year conflict."""
    year = fields[2]
    if (
        year.status is not FieldStatus.MATCH
        or record.year is None
        or all(y == str(record.year) for y in _YEARISH.findall(reference.raw))
    ):
        return fields
    other = stated_year(reference, record)
    if other is None or (other == reference.year and any(y == other for _, y in record.dates)):
        return fields  # the year stated is the one parsed, a date of the record
    found = compare_years(other, record.year)
    if found.status is FieldStatus.CONFLICT and record.dates:
        found = other_date(found, other, record)
    note = f"the reference states {other}; the parsed {year.cited} was read from elsewhere in it"
    return fields[:2] + (found.model_copy(update={"note": note}),) + fields[3:]


def _put(fields: tuple[FieldMatch, ...], i: int, fm: FieldMatch) -> tuple[FieldMatch, ...]:
    return fields[:i] + (fm,) + fields[i + 1 :]


_TITLE, _AUTHORS, _YEAR, _VENUE, _PAGES = 0, 1, 2, 3, 6  # places in Field order


def _anchored(
    fields: tuple[FieldMatch, ...], reference: Reference, record: Record
) -> tuple[FieldMatch, ...]:
    """The fields read against the string, for a record that may be the work (matching
    authors, or most of its title words in the string): a stated year, pages, authors or
    venue the parser missed or misread (the ``_stated_*`` and ``_missed_*`` steps); then
    a parsed-field conflict (or a title or authors the parser did not find) whose record
    value the reference string states (citations.matching.anchor.written_fields) is a parse
    artefact: MATCH, score 0.95, noted; then title words read as other fields, and a title
    conflict scored on the stretch of the string that fits the record's title best."""
    if fields[_AUTHORS].status is not FieldStatus.MATCH and not plausible(reference, record):
        return fields  # another work: nothing to read against it
    fields = _stated_year(fields, reference, record)
    fields = _date_pages(fields, reference)
    fields = _missed_pages(fields, reference, record)
    fields = _missed_authors(fields, reference, record)
    fields = _missed_venue(fields, reference, record)
    todo = frozenset(fm.field for fm in fields if _to_clear(fm))
    if not todo:
        return fields
    out = _cleared(fields, written_fields(reference, record, todo))
    title, authors = out[_TITLE], out[_AUTHORS]
    if title.status is FieldStatus.MATCH and record.title:
        out = _title_words_elsewhere(out, reference, " ".join(title_words(record.title)))
    if (
        title.status is FieldStatus.CONFLICT
        and authors.status is FieldStatus.MATCH
        and title.score < 0.4
        and record.title
    ):
        # the parsed title may hold the venue too: score the stretch of the string that
        # fits the record's title best (identity needs 0.4 with matching authors)
        window = title_window_score(reference.raw, record.title)
        if window > title.score:
            out = _put(out, _TITLE, title.model_copy(update={"score": round(window, 4)}))
    return out


def _date_pages(fields: tuple[FieldMatch, ...], reference: Reference) -> tuple[FieldMatch, ...]:
    """A pages conflict where the cited 'pages' are days of a month in the venue
    (anchor.date_pages) is MISSING."""
    pages = fields[_PAGES]
    if pages.status is not FieldStatus.CONFLICT or not date_pages(reference):
        return fields
    note = "the cited 'pages' are days of a month in the venue (parse boundary)"
    missing = field_match(Field.PAGES, FieldStatus.MISSING, 0.0, pages.cited, pages.found, note)
    return _put(fields, _PAGES, missing)


def _missed_pages(
    fields: tuple[FieldMatch, ...], reference: Reference, record: Record
) -> tuple[FieldMatch, ...]:
    """Pages the parser did not read, that the string states (anchor.stated_pages) and
    that differ from the record's: a conflict, noted."""
    pages = fields[_PAGES]
    if not (
        pages.status is FieldStatus.MISSING
        and pages.cited is None
        and record.pages
        and reference.pages is None
        and _NUMBER_RANGE.search(reference.raw)
    ):
        return fields
    cited = stated_pages(reference, record)
    found = compare_pages(cited, record.pages) if cited else pages
    if found.status is not FieldStatus.CONFLICT:
        return fields
    note = f"the reference states pages {cited}; the parser did not read them"
    return _put(fields, _PAGES, found.model_copy(update={"note": note}))


def _missed_authors(
    fields: tuple[FieldMatch, ...], reference: Reference, record: Record
) -> tuple[FieldMatch, ...]:
    """No parsed authors, and the string names someone else before the record's title
    (anchor.stated_other_authors): an authors conflict, noted."""
    authors = fields[_AUTHORS]
    if not (
        authors.status is FieldStatus.MISSING
        and authors.cited is None
        and not reference.authors
        and record.authors
    ):
        return fields
    other = stated_other_authors(reference, record)
    if other is None:
        return fields
    note = (
        f"the reference names '{other}' before the record's title, none of the "
        "record's authors; the parser did not read them as authors"
    )
    conflict = field_match(Field.AUTHORS, FieldStatus.CONFLICT, 0.0, other, authors.found, note)
    return _put(fields, _AUTHORS, conflict)


def _missed_venue(
    fields: tuple[FieldMatch, ...], reference: Reference, record: Record
) -> tuple[FieldMatch, ...]:
    """No parsed venue, and the string names another container after the record's title
    (anchor.stated_venue): a venue conflict, noted."""
    venue = fields[_VENUE]
    if not (venue.status is FieldStatus.MISSING and venue.cited is None and record.venue):
        return fields
    cited = stated_venue(reference, record)
    found = compare_venues(cited, record.venue) if cited else venue
    if found.status is not FieldStatus.CONFLICT:
        return fields
    note = f"the reference names '{cited}' after the title; the parser did not read it as the venue"
    return _put(fields, _VENUE, found.model_copy(update={"note": note}))


def _to_clear(fm: FieldMatch) -> bool:
    """Could the anchored reading clear this field: a conflict, or a title or authors the
    parser did not find, of a field it reads, with a record value?"""
    return (
        fm.field in _ANCHORED
        and fm.found is not None
        and (
            fm.status is FieldStatus.CONFLICT
            or (
                fm.status is FieldStatus.MISSING
                and fm.cited is None
                and fm.field in (Field.TITLE, Field.AUTHORS)
            )
        )
    )


def _cleared(fields: tuple[FieldMatch, ...], written: frozenset[Field]) -> tuple[FieldMatch, ...]:
    """The fields whose record value the string states (``written``): MATCH 0.95, noted."""
    return tuple(
        field_match(
            fm.field,
            FieldStatus.MATCH,
            0.95,
            fm.cited,
            fm.found,
            f"the record's {fm.field.value} is written in the reference; the parsed "
            f"{fm.field.value} {'differed' if fm.cited is not None else 'was not found'} "
            "(parse boundary)",
        )
        if fm.field in written
        else fm
        for fm in fields
    )


def _title_words_elsewhere(
    fields: tuple[FieldMatch, ...], reference: Reference, whole: str
) -> tuple[FieldMatch, ...]:
    """With the title matching: a cited publisher or address made of words of the record's
    title ``whole`` (title_words joined) is MISSING, and so are authors that are its first
    words (:func:`_authors_in_title`)."""
    out = tuple(
        field_match(
            fm.field,
            FieldStatus.MISSING,
            0.0,
            fm.cited,
            fm.found,
            f"the cited '{fm.field.value}' is words of the record's title (parse boundary)",
        )
        if fm.field in (Field.PUBLISHER, Field.ADDRESS)
        and fm.status is FieldStatus.CONFLICT
        and fm.cited
        and title_words(fm.cited)
        and " ".join(title_words(fm.cited)) in whole
        else fm
        for fm in fields
    )
    return _authors_in_title(out, reference, whole)


def _identified_title_as_authors(
    fields: tuple[FieldMatch, ...], reference: Reference, record: Record
) -> tuple[FieldMatch, ...]:
    """A reference whose DOI or arXiv id matches ``record`` but whose parsed authors
    conflict, where those "authors" share words with the record's title and none with its
    authors' names, and whose string holds a stretch fitting the record's title better than
    the parsed title does (anchor.title_window_score >= 0.4), is a title whose first words
    the parser read as names ("Joint Text, Image and User Modeling with ... doi:..." parsed
    with authors "Joint Text" and "Image"): authors MISSING, the title scored on that
    stretch. Other fields are returned as they are."""
    title, authors = fields[0], fields[1]
    ident = any(
        fm.field in (Field.DOI, Field.ARXIV_ID) and fm.status is FieldStatus.MATCH for fm in fields
    )
    if not (
        ident
        and authors.status is FieldStatus.CONFLICT
        and authors.score == 0.0
        and title.status is FieldStatus.CONFLICT
        and reference.authors
        and record.title
    ):
        return fields
    cited = {w for w in _name_words(reference.authors) if len(w) > 1}
    names = set(_name_words(record.authors))
    if not cited & set(title_words(record.title)) or cited & names:
        return fields
    window = title_window_score(reference.raw, record.title)
    if window < 0.4 or window <= title.score:
        return fields  # the string does not hold the record's title: another work's DOI
    return (
        title.model_copy(update={"score": round(window, 4)}),
        field_match(
            Field.AUTHORS,
            FieldStatus.MISSING,
            0.0,
            authors.cited,
            authors.found,
            "the cited 'authors' share words with the identified record's title and "
            "none with its authors (parse boundary)",
        ),
    ) + fields[2:]


def _name_words(authors: Sequence[Author]) -> list[str]:
    """The words of the authors' names (given, particle, family; title_words), in order."""
    return [w for a in authors for w in title_words(f"{a.given} {a.particle} {a.family}")]


def _authors_in_title(
    fields: tuple[FieldMatch, ...], reference: Reference, whole: str
) -> tuple[FieldMatch, ...]:
    """An authors conflict whose parsed authors' words are all among the first words of
    the record's (matching) title, ``whole`` (title_words joined; as many words as the
    names have, plus one joining word per name), is the title's start read as names
    ("SPECTER: Document-level Representation Learning ..." parsed with author SPECTER,
    "Oddballs and Misfits: ..." with "Misfits Oddballs"): MISSING."""
    authors = fields[1]
    if authors.status is not FieldStatus.CONFLICT or not reference.authors:
        return fields
    words = _name_words(reference.authors)
    # in any order, with the joining words between names ("Oddballs and Misfits: ..." read
    # as the author "Misfits Oddballs")
    head = whole.split()[: len(words) + len(reference.authors)]
    if not words or not set(words) <= set(head) or len(head) == len(whole.split()):
        return fields
    return (
        fields[0],
        field_match(
            Field.AUTHORS,
            FieldStatus.MISSING,
            0.0,
            authors.cited,
            authors.found,
            "the cited 'authors' are words of the record's title (parse boundary)",
        ),
    ) + fields[2:]
