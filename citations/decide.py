"""The verdict about one reference, from its compared candidates (pure; no I/O).

Policies, each a small function named for what it decides:

- :func:`is_same_work`: a candidate is the work the reference means when its title
  matches and its authors do not all differ (or they all differ but the venue does not
  conflict and the year or the page range matches), or its title is partly right (word
  Dice >= 0.4) and its authors match, or its DOI/arXiv id matches and the title or the
  authors agree, or the authors are not cited. A DOI that leads to a record with another
  title *and* other authors is not identity: the DOI points elsewhere.
- :func:`same_record_group`: two records describe one work (preprint and journal
  version, two sources): equal DOI, or equal title words with no conflicting DOIs and
  years at most 3 apart. Field evidence is merged over the group (:func:`merge_fields`):
  a field matches if any version matches it (a preprint's year with the journal version's
  venue).
- :func:`decide`: VERIFIED (a same-work group with no conflicting field), CORRUPTED
  (conflicting fields: the differing fields and the record to correct from), AMBIGUOUS
  (two or more distinct works fit without conflict), FABRICATED (sources answered and
  nothing is the work, and one of them is exhaustive), UNVERIFIED (a source failed, the
  work type is not one the sources index: laws, theses, reports, books, software;
  or no exhaustive source was consulted), UNPARSED.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from citations.model import Field, FieldMatch, FieldStatus, Record, Reference, SourceType, Verdict
from citations.text.fold import title_words
from citations.text.identifiers import doi_key

CORE_FIELDS = (Field.TITLE, Field.AUTHORS, Field.YEAR)


@dataclass(frozen=True, slots=True)
class Compared:
    """A candidate record compared with the reference.

    record: the record. fields: one FieldMatch per Field (in the order of
    citations.matching.fields.compare_fields).
    via: how it was found ("doi", "arxiv", "search"). source: the source's name.
    search_score: the source's ranking score in [0, 1] or None.
    """

    record: Record
    fields: tuple[FieldMatch, ...]
    via: str
    source: str
    search_score: float | None = None

    def get(self, f: Field) -> FieldMatch:
        for fm in self.fields:
            if fm.field is f:
                return fm
        raise KeyError(f)


@dataclass(frozen=True, slots=True)
class Decision:
    """What decide() concluded.

    verdict; best: the record taken as the intended work (None unless VERIFIED/CORRUPTED);
    group: the records merged with it; fields: merged field comparisons; differing:
    fields in conflict; unconfirmed: fields cited that no record of the work holds;
    same_work: the records judged to be the cited work; warnings; reason (one line).
    """

    verdict: Verdict
    reason: str
    best: Record | None = None
    group: tuple[Record, ...] = ()
    fields: tuple[FieldMatch, ...] = ()
    differing: tuple[Field, ...] = ()
    unconfirmed: tuple[Field, ...] = ()
    same_work: tuple[str, ...] = ()
    warnings: tuple[str, ...] = field(default_factory=tuple)


# ---------------------------------------------------------------- work types

_TYPE_PATTERNS: tuple[tuple[SourceType, re.Pattern[str], bool], ...] = (
    # (type, pattern, only when the string does not look like a paper)
    (
        SourceType.LEGAL,
        re.compile(
            r"\b(public law|act of \d{4}|u\.\s?s\.\s?c\.|statutes? at large|regulation \(e[uc]\)|"
            r"directive \d+/\d+|federal register|official journal of the european|lei n[º°o.])",
            re.I,
        ),
        False,
    ),
    (
        SourceType.THESIS,
        re.compile(
            r"\b(ph\.?\s?d\.? (thesis|dissertation)|doctoral (thesis|dissertation)|"
            r"master'?s thesis|"
            r"(bachelor|diploma|msc|m\.sc\.) thesis|tese de|disserta[cç][aã]o|th[eè]se de|"
            r"doktorarbeit|habilitation)",
            re.I,
        ),
        False,
    ),
    (SourceType.THESIS, re.compile(r"\b(thesis|dissertation)\b", re.I), True),
    (
        SourceType.SOFTWARE,
        re.compile(
            r"\[computer (software|program)\]|\(version [\w.]+\)|\bgithub\.com/|\bgitlab\.com/|"
            r"\bpypi\.org/|\bcran\.r-project|\bzenodo\b",
            re.I,
        ),
        False,
    ),
    (
        SourceType.REPORT,
        re.compile(
            r"\b(technical report|tech\.\s?rep\.?|white paper|working paper|policy brief)\b|"
            r"world health organization|\bWHO\b"
        ),
        False,
    ),
    (SourceType.REPORT, re.compile(r"\breport\b", re.I), True),
)
_CONTAINER = re.compile(r"\b(proceedings|proc\.|journal|transactions)\b", re.I)
#: a page or number range: "182-191", "182--191" (BibTeX), "182–191", "182—191"
_RANGE = re.compile(r"\d+\s*[-\u2010-\u2015]+\s*\d+")
_BOOK = re.compile(r"\b(press|publishers?|publishing|verlag|edition|eds?\.|editora|books)\b", re.I)
_PAPERISH = re.compile(
    r"\b(proceedings|proc\.|journal|conference|transactions|workshop|"
    r"symposium|arxiv|letters|review)\b|\d+\s*\(\d+\)|\d+\s*[-\u2013]\s*\d+",
    re.I,
)


def work_type(reference: Reference) -> SourceType:
    """The kind of work cited: the parser's ``source_type`` when set, else a guess from the
    raw string (legal, thesis, software, report, book; otherwise PAPER). Used only to
    decide between FABRICATED and UNVERIFIED when nothing matched."""
    raw = reference.raw
    if reference.source_type is SourceType.WEB and _CONTAINER.search(raw) and _RANGE.search(raw):
        # "Barcelona, Spain (Online): ... Proceedings of ..., pp. 182-191": a paper given
        # at an online conference, not a web page
        return SourceType.PAPER
    if reference.source_type is not SourceType.UNKNOWN:
        return reference.source_type
    paperish = bool(_PAPERISH.search(raw))
    for kind, rx, unless_paper in _TYPE_PATTERNS:
        if rx.search(raw) and not (unless_paper and paperish):
            return kind
    if reference.doi or reference.arxiv_id:
        return SourceType.PAPER
    if _BOOK.search(raw) and not paperish:
        return SourceType.BOOK
    return SourceType.PAPER


# ---------------------------------------------------------------- policies


def is_same_work(c: Compared) -> bool:
    """Is this candidate the work the reference means? (See module docstring.)"""
    title, authors = c.get(Field.TITLE), c.get(Field.AUTHORS)
    ident = any(c.get(f).status is FieldStatus.MATCH for f in (Field.DOI, Field.ARXIV_ID))
    if title.status is FieldStatus.MATCH:
        if authors.status is FieldStatus.CONFLICT and authors.score == 0.0 and not ident:
            # same words, nobody in common: only if the venue agrees as well as the year
            # or the page range (a real work cited with other authors and year)
            return _corroborated(c)
        return True
    if title.status is FieldStatus.CONFLICT:
        if authors.status is FieldStatus.MATCH and title.score >= 0.4:
            return True
        if ident and (authors.status is not FieldStatus.CONFLICT or title.score >= 0.6):
            # the cited DOI/arXiv id leads here and the authors do not disagree: the
            # work, with its title corrupted (decisions anchored on identifiers)
            return True
        return False
    # no title on one side: rely on identifiers and authors
    return ident and authors.status is not FieldStatus.CONFLICT


def _corroborated(c: Compared) -> bool:
    """A title match with no author in common is the work when the venue does not
    conflict and the year or the page range (first and last page) matches."""
    if c.get(Field.VENUE).status is FieldStatus.CONFLICT:
        return False
    pages = c.get(Field.PAGES)
    return c.get(Field.YEAR).status is FieldStatus.MATCH or (
        pages.status is FieldStatus.MATCH
        and pages.cited is not None
        and _RANGE.search(pages.cited) is not None
    )


_WEIGHTS = {
    Field.TITLE: 0.45,
    Field.AUTHORS: 0.25,
    Field.YEAR: 0.1,
    Field.VENUE: 0.05,
    Field.DOI: 0.1,
    Field.ARXIV_ID: 0.05,
}


def identity_score(fields: Iterable[FieldMatch]) -> float:
    """Weighted agreement in [0, 1]: title .45, authors .25, year .1, DOI .1, venue .05,
    arXiv .05; a MISSING field counts half; other fields add 0.01 per match."""
    total = 0.0
    for fm in fields:
        w = _WEIGHTS.get(fm.field, 0.0)
        if fm.status is FieldStatus.MATCH:
            total += w * fm.score + (0.0 if w else 0.01)
        elif fm.status is FieldStatus.MISSING:
            total += w * 0.5
        else:
            total += w * fm.score * 0.5
    return min(1.0, total)


def _words(title: str) -> list[str]:
    return title_words(title)


def same_record_group(a: Record, b: Record) -> bool:
    """Do two records describe the same work? (See module docstring.)"""
    if a.doi and b.doi:
        if doi_key(a.doi) == doi_key(b.doi):
            return True
        return False
    if _words(a.title) != _words(b.title):
        return False
    if a.year is not None and b.year is not None and abs(a.year - b.year) > 3:
        return False
    return True


_RANK = {FieldStatus.MATCH: 2, FieldStatus.CONFLICT: 1, FieldStatus.MISSING: 0}


#: fields that belong to one version of a work (its proceedings, journal issue, pages):
#: a conflict with another version is no evidence against the chosen record
_VERSION_FIELDS = frozenset(
    {Field.VENUE, Field.VOLUME, Field.ISSUE, Field.PAGES, Field.PUBLISHER, Field.ADDRESS}
)


def merge_fields(group: Sequence[Compared]) -> tuple[FieldMatch, ...]:
    """Per field, the best evidence over the versions of one work: a MATCH from any
    version (best score), else the first CONFLICT, else MISSING. group[0] is the chosen
    record: where it lacks a version field (venue, volume, issue, pages, publisher,
    address), another version's conflicting value stays MISSING (case: H86-1008 without
    pages, P86-1036 with pages 241-246)."""
    out = []
    for i, fm in enumerate(group[0].fields):
        options = [g.fields[i] for g in group]
        best = max(options, key=lambda x: (_RANK[x.status], x.score))
        if fm.field is Field.AUTHORS and best.status is FieldStatus.MATCH:
            # a record with initials only cannot clear a nickname seen against full names
            variant = [
                x
                for x in options
                if x.status is FieldStatus.MATCH and "given-name variant" in x.note
            ]
            if variant:
                best = variant[0]
        if (
            best.status is FieldStatus.CONFLICT
            and fm.field in _VERSION_FIELDS
            and fm.status is FieldStatus.MISSING
        ):
            best = fm  # another version's pages are not the chosen record's
        out.append(best)
    return tuple(out)


# ---------------------------------------------------------------- decide


def decide(
    reference: Reference,
    compared: Sequence[Compared],
    *,
    failed_sources: Sequence[str] = (),
    indexed: Iterable[SourceType] = (SourceType.PAPER,),
    doi_record: Record | None = None,
    exhaustive: bool = True,
) -> Decision:
    """The verdict for ``reference`` given its compared candidates.

    Args: compared: every candidate, any order. failed_sources: names of sources that
          raised SourceError. indexed: work types the consulted sources hold.
          doi_record: the record the cited DOI led to, if any (evidence that the DOI
          points elsewhere).
          exhaustive: some source that answered holds every work of its types, so that
          "not found" is evidence of fabrication; if False it gives UNVERIFIED.
    Returns: Decision (see its docstring). Raises: nothing.
    """
    unreadable = _too_little_cited(reference)
    if unreadable is not None:
        return unreadable
    matches = [c for c in compared if is_same_work(c)]
    if not matches:
        return _not_found(reference, compared, failed_sources, indexed, exhaustive)
    matches.sort(key=lambda c: -identity_score(c.fields))
    merged = [(g, merge_fields(g)) for g in _works(matches)]
    clean = [(g, f) for g, f in merged if not any(x.status is FieldStatus.CONFLICT for x in f)]
    clean = _exact_title_wins(reference, clean)
    if len(clean) >= 2:
        ids = [f"{g[0].record.source}:{g[0].record.id}" for g, _ in clean]
        return Decision(
            Verdict.AMBIGUOUS,
            "several works fit: " + ", ".join(ids),
            fields=clean[0][1],
            same_work=tuple(ids),
        )
    group, fields = (
        clean[0]
        if clean
        else max(
            merged,
            key=lambda gf: (
                sum(x.status is FieldStatus.MATCH for x in gf[1]),
                identity_score(gf[1]),
            ),
        )
    )
    return _matched(group, _doi_evidence(reference, fields, group, doi_record))


def _too_little_cited(reference: Reference) -> Decision | None:
    """UNVERIFIED for authors and a year alone, UNPARSED for nothing that names a work
    (no title, DOI or arXiv id); None when there is enough to look for."""
    if reference.title or reference.doi or reference.arxiv_id:
        return None
    if reference.authors and reference.year:  # "Beltagy et al., 2019" with no list entry
        return Decision(
            Verdict.UNVERIFIED,
            "only authors and a year are cited (no title "
            "or identifier, e.g. a mention with no reference-list entry): not "
            "enough to tell which work it is",
        )
    return Decision(Verdict.UNPARSED, "no title or identifier could be read")


def _not_found(
    reference: Reference,
    compared: Sequence[Compared],
    failed_sources: Sequence[str],
    indexed: Iterable[SourceType],
    exhaustive: bool,
) -> Decision:
    """No candidate is the work: FABRICATED only when every source answered, the work
    type is indexed and some source is exhaustive; UNVERIFIED otherwise."""
    kind = work_type(reference)
    if failed_sources:
        return Decision(
            Verdict.UNVERIFIED,
            "no match, and sources could not be consulted: " + ", ".join(failed_sources),
        )
    if kind not in set(indexed):
        return Decision(
            Verdict.UNVERIFIED, f"no match; work type '{kind.value}' is not indexed by the sources"
        )
    if not exhaustive:
        return Decision(
            Verdict.UNVERIFIED,
            f"no match among {len(compared)} candidate(s); the sources consulted "
            "are not exhaustive, so absence is not evidence of fabrication",
        )
    if not compared:
        return Decision(Verdict.FABRICATED, "no candidate found in any source")
    return Decision(
        Verdict.FABRICATED, f"{len(compared)} candidate(s) examined; none is the cited work"
    )


def _works(matches: Sequence[Compared]) -> list[list[Compared]]:
    """The same-work candidates grouped into distinct works (:func:`same_record_group`),
    in order of first appearance."""
    groups: list[list[Compared]] = []
    for c in matches:
        for g in groups:
            if same_record_group(g[0].record, c.record):
                g.append(c)
                break
        else:
            groups.append([c])
    return groups


def _matched(group: Sequence[Compared], fields: tuple[FieldMatch, ...]) -> Decision:
    """The verdict for one matched work: CORRUPTED when a field conflicts, else VERIFIED;
    fields cited but not comparable are listed as unconfirmed."""
    differing = tuple(x.field for x in fields if x.status is FieldStatus.CONFLICT)
    unconfirmed = tuple(
        x.field for x in fields if x.status is FieldStatus.MISSING and x.cited is not None
    )
    warnings = _version_warnings(group, fields)
    best = group[0].record
    same = tuple(f"{c.record.source}:{c.record.id}" for c in group)
    records = tuple(c.record for c in group)
    if differing:
        reason = "real work, differing: " + ", ".join(f.value for f in differing)
        return Decision(
            Verdict.CORRUPTED, reason, best, records, fields, differing, unconfirmed, same, warnings
        )
    return Decision(
        Verdict.VERIFIED,
        "all compared fields agree",
        best,
        records,
        fields,
        (),
        unconfirmed,
        same,
        warnings,
    )


def _exact_title_wins(
    reference: Reference, clean: list[tuple[list[Compared], tuple[FieldMatch, ...]]]
) -> list[tuple[list[Compared], tuple[FieldMatch, ...]]]:
    """Of several works that fit, those whose title has the cited title's words exactly,
    when some do and others do not ("Combining (Second-Order) Graph-Based and Headed-Span-Based
    Projective Dependency Parsing" is not AMBIGUOUS with "Headed-Span-Based Projective
    Dependency Parsing", whose words it contains)."""
    if len(clean) < 2 or not reference.title:
        return clean
    cited = _words(reference.title)
    exact = [gf for gf in clean if any(_words(c.record.title) == cited for c in gf[0])]
    return exact if 0 < len(exact) < len(clean) else clean


def _doi_evidence(
    reference: Reference,
    fields: tuple[FieldMatch, ...],
    group: Sequence[Compared],
    doi_record: Record | None,
) -> tuple[FieldMatch, ...]:
    """A cited DOI that leads to a record outside the work's group is a DOI conflict,
    even when the work's own records carry no DOI."""
    if doi_record is None or not reference.doi:
        return fields
    if any(c.record == doi_record for c in group) or any(
        same_record_group(c.record, doi_record) for c in group
    ):
        return fields
    out = []
    for fm in fields:
        if fm.field is Field.DOI and fm.status is not FieldStatus.CONFLICT:
            fm = FieldMatch(
                field=Field.DOI,
                status=FieldStatus.CONFLICT,
                score=0.0,
                cited=reference.doi,
                found=group[0].record.doi,
                note=f"the cited DOI resolves to another work: {doi_record.title!r}",
            )
        elif fm.field is Field.DOI:
            fm = fm.model_copy(
                update={"note": f"the cited DOI resolves to another work: {doi_record.title!r}"}
            )
        out.append(fm)
    return tuple(out)


def _version_warnings(group: Sequence[Compared], fields: Sequence[FieldMatch]) -> tuple[str, ...]:
    out = []
    years = {c.record.year for c in group if c.record.year is not None}
    year_fm = next((f for f in fields if f.field is Field.YEAR), None)
    if len(years) > 1 and year_fm is not None and year_fm.status is FieldStatus.MATCH:
        same = [c for c in group if c.get(Field.YEAR).status is FieldStatus.MATCH]
        other = [
            c
            for c in group
            if c.get(Field.YEAR).status is not FieldStatus.MATCH and c.record.year is not None
        ]
        if same and other:
            out.append(
                f"cited year matches one version of the work ({same[0].record.source}, "
                f"{same[0].record.year}); another version is {other[0].record.source}, "
                f"{other[0].record.year}"
            )
    for f in fields:
        if (
            f.status is FieldStatus.MATCH
            and f.note
            and f.field in (Field.AUTHORS, Field.VENUE, Field.TITLE, Field.YEAR)
        ):
            out.append(f"{f.field.value}: {f.note}")
    return tuple(out)


__all__ = [
    "CORE_FIELDS",
    "Compared",
    "Decision",
    "decide",
    "identity_score",
    "is_same_work",
    "merge_fields",
    "same_record_group",
    "work_type",
]
