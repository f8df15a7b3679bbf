"""Verify references against bibliographic sources: the one entry point of citations.

    >>> from citations.sources.local import LocalIndex
    >>> index = LocalIndex.open("refs.sqlite")
    >>> result = verify("Devlin et al. 2019. BERT: Pre-training of ...", [index])
    >>> result.verdict, result.differing, result.corrected
    (<Verdict.VERIFIED: 'verified'>, (), 'Jacob Devlin, ... doi:10.18653/v1/N19-1423')

Steps: parse the string (citations.parse) unless a Reference is given; ask each source
for the cited DOI and arXiv id and for a search by title/authors/year; compare every
candidate field by field (citations.matching.fields; the string is also read against each candidate,
citations.matching.anchor); when no candidate is the work, search again with the title cut where a
container starts (:func:`search_titles`); decide (decide.py); build the corrected reference
from the matched record (resolve.py). A source that raises SourceError is recorded in
``sources`` and the verdict can then be UNVERIFIED, never FABRICATED for lack of it;
likewise "not found" is FABRICATED only when a source that answered declares itself
``complete`` (see citations.sources.base.Source), else UNVERIFIED.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Literal

from pydantic import BaseModel, ConfigDict

from citations.alternatives import search_alternatives
from citations.decide import Compared, Decision, decide, identity_score, is_same_work
from citations.errors import InputError, RateLimited, SourceError
from citations.matching.base import DEFAULT_CONFIG, CompareConfig
from citations.matching.fields import compare_fields
from citations.matching.venue import recognised_venue
from citations.model import (
    RETRACTING_NOTICES,
    Field,
    FieldMatch,
    Record,
    Reference,
    SourceType,
    Verdict,
)
from citations.resolve import corrected_reference
from citations.sources.base import Source
from citations.text.identifiers import normalize_doi

_FROZEN = ConfigDict(frozen=True, extra="forbid")


class Candidate(BaseModel):
    """A record considered for a reference: how it was found, its identity score in [0, 1]
    (decide.identity_score), whether it was judged the cited work, and its conflicts."""

    model_config = _FROZEN
    record: Record
    source: str
    via: str
    score: float
    search_score: float | None = None
    same_work: bool = False
    conflicts: tuple[Field, ...] = ()
    compared: bool = True  # False: search score below VerifyConfig.min_search_score


SourceOutcome = Literal["match", "no_match", "timeout", "rate_limited", "error"]


class SourceStatus(BaseModel):
    """One source as consulted: ok, or the error it raised; candidates it returned;
    status: match (it returned the cited work), no_match, timeout, rate_limited, error."""

    model_config = _FROZEN
    name: str
    ok: bool
    candidates: int = 0
    error: str | None = None
    status: SourceOutcome | None = None


class VerificationResult(BaseModel):
    """The verdict about one reference, with its evidence.

    fields: the merged field comparisons against the matched work (empty if none);
    differing: fields in conflict; unconfirmed: fields cited that no record holds;
    corrected: the reference as the record gives it (CORRUPTED and VERIFIED);
    candidates: every record examined, best first; queries: what was asked of the
    sources; sources: per-source status; warnings and a one-line reason; doi_agency:
    who registered the cited DOI ("crossref", "datacite", ...) when the online cascade
    looked it up; notices / retracted: update notices about the matched work (a notice is
    not a retraction; a retraction is a flag on a real work, never a reason to call it fabricated).
    """

    model_config = _FROZEN
    reference: Reference
    verdict: Verdict
    reason: str = ""
    fields: tuple[FieldMatch, ...] = ()
    differing: tuple[Field, ...] = ()
    unconfirmed: tuple[Field, ...] = ()
    corrected: str | None = None
    corrected_reference: Reference | None = None
    matched: Record | None = None
    candidates: tuple[Candidate, ...] = ()
    queries: tuple[str, ...] = ()
    sources: tuple[SourceStatus, ...] = ()
    warnings: tuple[str, ...] = ()
    doi_agency: str | None = None  # registration agency of the cited DOI, when looked up
    notices: tuple[str, ...] = ()  # update notices about the matched work (Record.notices)
    retracted: bool = False  # the matched work was retracted or withdrawn (RETRACTING_NOTICES)


@dataclass(frozen=True, slots=True)
class VerifyConfig:
    """search_limit: candidates asked of each source's search; min_search_score: search
    hits scoring below this (the source's rank score in [0, 1]; LocalIndex: 0.65 title
    similarity + 0.25 author share + 0.10 year) are listed but not compared: at 0.4 a
    record with no author in common and the same year needs a title about 46 % similar.
    Among 1,500 ACL Anthology reference strings (half corrupted), no record judged the
    cited work scored under 0.5; 0.4 instead of 0.3 takes 13 % less CPU per reference
    with the same CiteTracer and CiteAudit results (bench/); compare: field tolerances."""

    search_limit: int = 5
    min_search_score: float = 0.4
    compare: CompareConfig = DEFAULT_CONFIG


DEFAULT_VERIFY = VerifyConfig()


def to_reference(reference: str | Reference) -> Reference:
    """A Reference from a string (citations.parse.parse_reference) or as given, its DOI
    in written form (identifiers.normalize_doi: a resolver URL of any host, ``doi:``,
    percent-encoding dropped; case kept), so that every source is asked for the same
    identifier however it was written. Raises InputError for an empty string."""
    if isinstance(reference, Reference):
        doi = normalize_doi(reference.doi) if reference.doi else None
        if doi and doi != reference.doi:
            return reference.model_copy(update={"doi": doi})
        return reference
    if not isinstance(reference, str) or not reference.strip():
        raise InputError("empty reference")
    from citations.parse import parse_reference

    return parse_reference(reference)


#: A word of a title or a name: letters (an initial capital, the rest lower case, or an
#: all-capitals acronym of up to 6), optionally joined by hyphens or apostrophes, or a
#: letters-and-digits name such as GPT-3 or T5.
_WORD = re.compile(
    r"(?:[A-Za-z][a-z]+|[A-Z]{2,6}s?|[A-Z][A-Za-z]*\d+[A-Za-z]*|[a-z])"
    r"(?:[-'\u2019](?:[A-Za-z][a-z]*|\d+))*"
)
_VOWEL = re.compile(r"[aeiouyAEIOUY]")
#: A word written in one script other than plain Latin letters: accented Latin, Greek,
#: Cyrillic, Hebrew, Arabic, Devanagari, Hangul ("Universität", "Исследование").
_SCRIPT_WORD = re.compile(
    r"(?:[A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f]+|[\u0370-\u03ff]+|[\u0400-\u04ff]+"
    r"|[\u0590-\u05ff]+|[\u0600-\u06ff]+|[\u0900-\u097f]+|[\uac00-\ud7af]+)"
    r"(?:[-'\u2019][^\W\d_]+)*"
)
#: Chinese characters and Japanese kana: a title written without spaces between words.
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")


def _wordlike(token: str) -> bool:
    token = token.strip(".,;:!?()[]\"'\u201c\u201d\u3001\u3002\uff0c\uff1a")
    if len(token) >= 2 and not token.isascii() and _SCRIPT_WORD.fullmatch(token):
        return True
    return (
        len(token) >= 2
        and bool(_WORD.fullmatch(token))
        and bool(_VOWEL.search(token))
        or token.lower() in ("a", "i")
    )


_NOTICE_TITLE = re.compile(
    r"^\s*(?:correction|erratum|errata|corrigendum|corrigenda|retraction(?: note)?|"
    r"retracted|withdrawal|withdrawn|expression of concern|editorial expression of concern|"
    r"notice of (?:retraction|concern)|addendum)\b\s*(?:to|of|for|on)?\s*[:.\-\u2013\u2014]",
    re.I,
)


def is_update_notice(record: Record) -> bool:
    """Whether ``record`` is a notice about another work (a correction, retraction or
    expression of concern: Crossref ``update-to``, or a title such as "Correction: <title>"),
    which is never the cited work."""
    return bool(record.updates) or bool(_NOTICE_TITLE.match(record.title or ""))


def notice_flags(record: Record | None) -> dict[str, object]:
    """VerificationResult fields ``notices`` and ``retracted`` for a matched record."""
    if record is None or not record.notices:
        return {}
    return {
        "notices": record.notices,
        "retracted": any(n in RETRACTING_NOTICES for n in record.notices),
    }


def unreadable_reason(ref: Reference) -> str | None:
    """Why ``ref`` cannot be verified, or None when it has something to look up: a
    title-like part (two or more words, at least half of its tokens words), an author-like
    part (a family name that is a word), or an identifier (DOI, arXiv id, URL); a word may
    be written in any alphabet, and a Chinese or Japanese title of four characters or more
    is title-like. Junk strings (random characters, markup debris) have none of these and
    are UNPARSED."""
    if ref.doi or ref.arxiv_id or ref.url:
        return None
    tokens = (ref.title or "").split()
    words = sum(map(_wordlike, tokens))
    if words >= 2 and words * 2 >= len(tokens):
        return None
    if len(_CJK.findall(ref.title or "")) >= 4:
        return None  # a Chinese or Japanese title: words without spaces between them
    if any(_wordlike(a.family.replace(" ", "-")) for a in ref.authors if not a.literal):
        return None
    if ref.title:
        return "no title-like, author-like or identifier part could be read"
    return "no title or identifier could be read"


def _describe(ref: Reference) -> str:
    bits = []
    if ref.title:
        bits.append(f"title={ref.title!r}")
    if ref.authors:
        bits.append("authors=" + ",".join(a.family for a in ref.authors[:3]))
    if ref.year:
        bits.append(f"year={ref.year}")
    return "search " + " ".join(bits)


_Found = dict[tuple[str, str], tuple[Record, str, str, float | None]]
"""(record source, record id) -> (record, source name, how found, search score)."""


def _search(src: Source, ref: Reference, limit: int) -> list[tuple[Record, float | None]]:
    """A source's search hits with their rank score (None where it gives none)."""
    scored = getattr(src, "search_scored", None)
    if scored is not None:
        return [(h.record, h.score) for h in scored(ref, limit)]
    return [(r, None) for r in src.search(ref, limit)]


def _compare_found(
    ref: Reference,
    found: _Found,
    config: VerifyConfig,
    compared: list[Compared],
    skipped: list[Candidate],
) -> None:
    """Compare each found record with ``ref`` (into ``compared``), except update notices
    and search hits scoring under config.min_search_score (listed in ``skipped``)."""
    for rec, sname, via, score in found.values():
        if is_update_notice(rec):
            continue  # "Correction: <title>" is not the cited work
        if via == "search" and score is not None and score < config.min_search_score:
            skipped.append(
                Candidate(
                    record=rec, source=sname, via=via, score=0.0, search_score=score, compared=False
                )
            )
        else:
            compared.append(
                Compared(rec, compare_fields(ref, rec, config.compare), via, sname, score)
            )


def _exhaustive_for(src: Source, ref: Reference) -> bool:
    """Whether ``src`` is declared complete and could have found ``ref``: a reference cited
    by an identifier alone (no title, no authors) is found only by that identifier, so a
    complete source that holds none of that kind (``holds_identifier``, e.g. an index of
    records with no arXiv ids) cannot vouch for its absence."""
    if not getattr(src, "complete", False):
        return False
    holds = getattr(src, "holds_identifier", None)
    if ref.title or ref.authors or holds is None:
        return True
    try:
        return bool((not ref.doi or holds("doi")) and (not ref.arxiv_id or holds("arxiv")))
    except SourceError:
        return False


def _outside_coverage(
    sources: Sequence[Source], ref: Reference, failed: Sequence[str]
) -> str | None:
    """Why absence from the complete sources says nothing about ``ref``, or None: its
    venue is recognisably a venue's name (citations.matching.venue.recognised_venue) that
    none of the complete sources that answered covers (``covers_venue``, as LocalIndex offers),
    or it is an arXiv preprint (an arXiv id, no venue) and none of them holds arXiv ids
    (``holds_identifier``). A complete source without those methods covers every venue."""
    venue = ref.venue or ""
    # a preprint cited by its arXiv id with no other venue: its venue is arXiv, which a
    # complete index covers only when it holds arXiv ids
    preprint = not venue and bool(ref.arxiv_id)
    if not preprint and not recognised_venue(venue):
        return None
    complete = [s for s in sources if getattr(s, "complete", False) and s.name not in failed]
    names = []
    for src in complete:
        covers = getattr(src, "covers_venue", None)
        holds = getattr(src, "holds_identifier", None)
        try:
            if preprint and (holds is None or holds("arxiv")):
                return None
            if not preprint and (covers is None or covers(venue)):
                return None
        except SourceError:
            return None
        names.append(src.name)
    if not names:
        return None
    cited = f"arXiv preprint arXiv:{ref.arxiv_id}" if preprint else f"venue {venue!r}"
    return (
        f"no match; the cited {cited} lies outside what {', '.join(names)} "
        "covers (a complete index vouches only for the venues it holds), so absence is "
        "not evidence of fabrication"
    )


@dataclass(slots=True)
class _Lookup:
    """What asking the sources gave: the queries sent, the records found, each source's
    status, the sources that failed, the record the cited DOI resolved to, the work types
    the sources index, and whether a complete source could have found the reference."""

    queries: list[str] = field(default_factory=list)
    found: _Found = field(default_factory=dict)
    statuses: list[SourceStatus] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    doi_record: Record | None = None
    indexed: set[SourceType] = field(default_factory=set)
    exhaustive: bool = False


def _failure_kind(exc: SourceError) -> SourceOutcome:
    if isinstance(exc, RateLimited):
        return "rate_limited"
    text = str(exc).lower()
    return "timeout" if "timeout" in text or "timed out" in text else "error"


def _ask_source(src: Source, ref: Reference, config: VerifyConfig, look: _Lookup) -> None:
    """Look ``ref`` up in one source (DOI, arXiv id, search), into ``look``; a failing
    source is recorded with the candidates it gave before it failed."""
    look.indexed |= set(getattr(src, "indexes", {SourceType.PAPER}))
    n = 0
    try:
        if ref.doi:
            look.queries.append(f"{src.name}: doi {ref.doi}")
            rec = src.lookup_doi(ref.doi)
            if rec is not None:
                look.doi_record = look.doi_record or rec
                look.found.setdefault((rec.source, rec.id), (rec, src.name, "doi", None))
                n += 1
        if ref.arxiv_id:
            look.queries.append(f"{src.name}: arxiv {ref.arxiv_id}")
            rec = src.lookup_arxiv(ref.arxiv_id)
            if rec is not None:
                look.found.setdefault((rec.source, rec.id), (rec, src.name, "arxiv", None))
                n += 1
        if ref.title or ref.authors:
            look.queries.append(f"{src.name}: {_describe(ref)}")
            for rec, score in _search(src, ref, config.search_limit):
                look.found.setdefault((rec.source, rec.id), (rec, src.name, "search", score))
                n += 1
    except SourceError as exc:
        look.failed.append(src.name)
        look.statuses.append(
            SourceStatus(
                name=src.name, ok=False, candidates=n, error=str(exc), status=_failure_kind(exc)
            )
        )
        return
    look.statuses.append(SourceStatus(name=src.name, ok=True, candidates=n))
    look.exhaustive = look.exhaustive or _exhaustive_for(src, ref)


def _search_again(
    ref: Reference,
    sources: Sequence[Source],
    config: VerifyConfig,
    look: _Lookup,
    skipped: list[Candidate],
) -> _Found:
    """When nothing found is the work: search again with the title the string more likely
    holds (search_alternatives); the new records, and ones the first search scored too low
    to compare when this search scores them higher."""
    more: _Found = {}
    low = {(c.record.source, c.record.id): c.search_score or 0.0 for c in skipped}
    for alt in search_alternatives(ref):
        look.queries.append(f"second {_describe(alt)}")
        for src in sources:
            try:
                for rec, score in _search(src, alt, config.search_limit):
                    key = (rec.source, rec.id)
                    if key not in look.found or (
                        key in low and score is not None and score > low[key]
                    ):
                        if key not in more or (score or 0.0) > (more[key][3] or 0.0):
                            more[key] = (rec, src.name, "search", score)
            except SourceError:
                continue
    return more


def _decide(
    ref: Reference, sources: Sequence[Source], look: _Lookup, compared: list[Compared]
) -> Decision:
    """The decision, with coverage: a title the index holds (another work's, cited with
    other authors and venue) is evidence from inside it; only a reference sharing no title
    decides by whether its venue lies outside what the complete sources cover."""
    outside = (
        _outside_coverage(sources, ref, look.failed)
        if look.exhaustive
        and (ref.venue or ref.arxiv_id)
        and not any(is_same_work(c) for c in compared)
        and not any(
            f.field is Field.TITLE and f.status.value == "match" for c in compared for f in c.fields
        )
        else None
    )
    decision = decide(
        ref,
        compared,
        failed_sources=look.failed,
        indexed=look.indexed or {SourceType.PAPER},
        doi_record=look.doi_record,
        exhaustive=look.exhaustive and outside is None,
    )
    if outside is not None and decision.verdict is Verdict.UNVERIFIED:
        decision = replace(decision, reason=outside)
    return decision


def ranked_candidates(
    compared: Sequence[Compared], skipped: Sequence[Candidate] = ()
) -> tuple[Candidate, ...]:
    """The compared candidates by identity score, then the skipped ones (found but not
    compared) by search score."""
    return tuple(
        sorted(
            (
                Candidate(
                    record=c.record,
                    source=c.source,
                    via=c.via,
                    score=round(identity_score(c.fields), 4),
                    search_score=c.search_score,
                    same_work=is_same_work(c),
                    conflicts=tuple(f.field for f in c.fields if f.status.value == "conflict"),
                )
                for c in compared
            ),
            key=lambda c: -c.score,
        )
        + sorted(skipped, key=lambda c: -(c.search_score or 0.0))
    )


def _result(
    ref: Reference,
    decision: Decision,
    look: _Lookup,
    compared: list[Compared],
    skipped: list[Candidate],
) -> VerificationResult:
    """The result: the corrected reference from the matched record, each source's status
    (match / no match), and a warning for an arXiv id the matched record cannot confirm."""
    matched_sources = {c.source for c in compared if is_same_work(c)}
    statuses = [
        s
        if not s.ok
        else s.model_copy(update={"status": "match" if s.name in matched_sources else "no_match"})
        for s in look.statuses
    ]
    corrected = None
    warnings = decision.warnings
    if decision.best is not None:
        corrected = corrected_reference(ref, decision.best)
        if ref.arxiv_id and not decision.best.arxiv_id and decision.best.doi != ref.doi:
            # the work was matched on other fields; nothing said whether the id is its
            warnings += (f"arXiv id {ref.arxiv_id} not checked: the matched record has none",)
    return VerificationResult(
        reference=ref,
        verdict=decision.verdict,
        reason=decision.reason,
        fields=decision.fields,
        differing=decision.differing,
        unconfirmed=decision.unconfirmed,
        corrected=corrected.raw if corrected else None,
        corrected_reference=corrected,
        matched=decision.best,
        candidates=ranked_candidates(compared, skipped),
        queries=tuple(look.queries),
        sources=tuple(statuses),
        warnings=warnings,
        **notice_flags(decision.best),
    )


def verify(
    reference: str | Reference, sources: Sequence[Source], config: VerifyConfig = DEFAULT_VERIFY
) -> VerificationResult:
    """Verify one reference against ``sources``.

    Args: reference: a reference string or a parsed Reference. sources: consulted in
          order (all of them; candidates are pooled). config: VerifyConfig.
    Returns: VerificationResult. Raises: InputError for an empty string; a failing
          source is recorded, never raised.
    """
    ref = to_reference(reference)
    why = unreadable_reason(ref)
    if why is not None:
        return VerificationResult(reference=ref, verdict=Verdict.UNPARSED, reason=why)
    look = _Lookup()
    for src in sources:
        _ask_source(src, ref, config, look)
    compared: list[Compared] = []
    skipped: list[Candidate] = []
    _compare_found(ref, look.found, config, compared, skipped)
    if not look.failed and not any(is_same_work(c) for c in compared):
        more = _search_again(ref, sources, config, look, skipped)
        if more:
            skipped = [c for c in skipped if (c.record.source, c.record.id) not in more]
        _compare_found(ref, more, config, compared, skipped)
    return _result(ref, _decide(ref, sources, look, compared), look, compared, skipped)


def _safe(
    item: str | Reference, sources: Sequence[Source], config: VerifyConfig
) -> VerificationResult:
    try:
        return verify(item, sources, config)
    except InputError as exc:
        raw = item.raw if isinstance(item, Reference) else str(item)
        return VerificationResult(
            reference=Reference(raw=raw), verdict=Verdict.UNPARSED, reason=str(exc)
        )


def iter_verify(
    references: Iterable[str | Reference],
    sources: Sequence[Source],
    config: VerifyConfig = DEFAULT_VERIFY,
    *,
    workers: int = 1,
) -> Iterator[VerificationResult]:
    """verify() over many references, in order, lazily; an unreadable item gives an
    UNPARSED result and the loop goes on. workers > 1 uses a thread pool (sources must
    be thread-safe; LocalIndex is)."""
    if workers <= 1:
        for item in references:
            yield _safe(item, sources, config)
        return
    with ThreadPoolExecutor(workers) as pool:
        yield from pool.map(lambda it: _safe(it, sources, config), references)


def verify_many(
    references: Iterable[str | Reference],
    sources: Sequence[Source],
    config: VerifyConfig = DEFAULT_VERIFY,
    *,
    workers: int = 1,
) -> list[VerificationResult]:
    """List form of iter_verify: one result per input, in order, never raising for a bad
    item."""
    return list(iter_verify(references, sources, config, workers=workers))


__all__ = [
    "DEFAULT_VERIFY",
    "Candidate",
    "SourceOutcome",
    "SourceStatus",
    "VerificationResult",
    "VerifyConfig",
    "is_update_notice",
    "iter_verify",
    "ranked_candidates",
    "notice_flags",
    "to_reference",
    "unreadable_reason",
    "verify",
    "verify_many",
]
