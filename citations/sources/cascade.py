"""The online retrieval cascade: ask the fewest sources that can settle a reference.

Order (each step only while no plausible record has been found):

1. the HTTP cache (inside every adapter's PoliteClient; a second run sends nothing);
2. the local index (a LocalIndex or any offline Source), if given;
3. identifier lookups: the DOI routed by registration agency (routing.py: Crossref, then
   DataCite on 404; 10.48550 arXiv DOIs straight to DataCite), the arXiv id at the arXiv
   API (versioned when cited so) and, when that fails, at Semantic Scholar (unversioned
   key);
4. structured title search (``search_order``, default OpenAlex then Crossref); when the
   first source that answers finds nothing usable, the query is revised: title only
   (without authors and year), then the shortened title (the part before ':' or the
   first 8 words);
5. broader sources (``broad_order``: Semantic Scholar title match, arXiv ``ti:``
   search, Europe PMC), then the cited URL's page (web.py, when "web" is among the
   sources; before step 4 when the cited work is not a paper: blog, software, report).

*Plausible* = decide.is_same_work on the field comparison (matching.fields.compare_fields).
Crossref records without authors get the authors of the same DOI at
OpenAlex before comparison. Every source consulted gets a status: ``match``,
``no_match``, ``timeout``, ``rate_limited`` or ``error``; a failed source makes the
verdict UNVERIFIED when nothing matched, never FABRICATED (decide.decide).

    >>> cascade = Cascade.from_config(SourceConfig(mailto="me@x.org", cache_path="http.sqlite"))
    >>> result = verify_online("Devlin et al. 2019. BERT ...", cascade=cascade)
    >>> result.verdict, [(s.name, s.error) for s in result.sources]
    >>> results = verify_batch(refs, cascade, workers=4, checkpoint="run.jsonl")
"""

from __future__ import annotations

import hashlib
import json
import re
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from itertools import islice
from pathlib import Path
from typing import Literal

import httpx

from annotations.errors import CheckerError
from annotations.jsonl import drop_torn_tail
from citations.decide import Compared, decide, identity_score, is_same_work, work_type
from citations.errors import InputError, SourceError
from citations.matching.base import DEFAULT_CONFIG, CompareConfig
from citations.matching.fields import compare_fields
from citations.model import Field, FieldStatus, Record, Reference, SourceType, Verdict
from citations.resolve import corrected_reference
from citations.sources.base import Source
from citations.sources.cache import HttpCache
from citations.sources.config import DEFAULT_SOURCE_CONFIG, SourceConfig
from citations.sources.doi import DoiAnswer, DoiSource
from citations.sources.http import error_kind, is_outage
from citations.sources.routing import route_doi
from citations.verify import (
    Candidate,
    SourceStatus,
    VerificationResult,
    is_update_notice,
    notice_flags,
    to_reference,
    unreadable_reason,
)

Status = Literal["match", "no_match", "timeout", "rate_limited", "error"]
ALL_SOURCES = ("crossref", "datacite", "openalex", "arxiv", "semantic_scholar", "europepmc", "doi",
               "web")
DEFAULT_SOURCES = ("crossref", "datacite", "openalex", "arxiv", "semantic_scholar")
_RANK = {"match": 4, "timeout": 3, "rate_limited": 3, "error": 3, "no_match": 1}


def make_source(name: str, config: SourceConfig = DEFAULT_SOURCE_CONFIG, *,
                client: httpx.Client | None = None, base_url: str | None = None,
                cache: HttpCache | None = None) -> Source:
    """The adapter called ``name`` (one of ALL_SOURCES). Raises InputError otherwise."""
    from citations.sources.arxiv import ArxivSource
    from citations.sources.crossref import CrossrefSource
    from citations.sources.datacite import DataCiteSource
    from citations.sources.doi import DoiSource
    from citations.sources.europepmc import EuropePMCSource
    from citations.sources.openalex import OpenAlexSource
    from citations.sources.semantic_scholar import SemanticScholarSource
    from citations.sources.web import WebSource

    classes: dict[str, Callable[..., Source]] = {
               "crossref": CrossrefSource, "datacite": DataCiteSource, "openalex": OpenAlexSource,
               "arxiv": ArxivSource, "semantic_scholar": SemanticScholarSource,
               "europepmc": EuropePMCSource, "doi": DoiSource, "web": WebSource}
    cls = classes.get(name)
    if cls is None:
        raise InputError(f"unknown source {name!r}; choose from {', '.join(ALL_SOURCES)}")
    src: Source = cls(client, base_url, config, cache)
    return src


def parse_source_list(text: str) -> tuple[str, ...]:
    """``"crossref,openalex"`` -> names, checked against ALL_SOURCES (InputError)."""
    names = tuple(n.strip().lower().replace("-", "_") for n in text.split(",") if n.strip())
    bad = [n for n in names if n not in ALL_SOURCES]
    if bad or not names:
        raise InputError(f"unknown source(s) {bad or text!r}; choose from {', '.join(ALL_SOURCES)}")
    return names


def shortened_title(title: str, words: int = 8) -> str | None:
    """The main title (before ': ' or ' - ') or the first ``words`` words; None when
    that is the whole title already."""
    main = re.split(r":\s|\s[-\u2013\u2014]\s|[?!]\s", title, maxsplit=1)[0].strip()
    if len(main.split()) < 2 or main == title.strip():
        toks = title.split()
        main = " ".join(toks[:words]) if len(toks) > words else ""
    return main or None


@dataclass(frozen=True, slots=True)
class SourceOutcome:
    """One source as consulted for one reference: status, candidates returned, calls
    made, the error message if it failed."""

    name: str
    status: Status
    candidates: int = 0
    calls: int = 0
    error: str | None = None


@dataclass(frozen=True, slots=True)
class Found:
    """A retrieved record: from which source, how (doi, arxiv, search, search:title-only,
    search:short-title, local:...), whether plausible, its comparison."""

    record: Record
    source: str
    via: str
    compared: Compared
    plausible: bool


@dataclass(frozen=True, slots=True)
class CascadeResult:
    """Everything a cascade run learnt about one reference."""

    reference: Reference
    found: tuple[Found, ...]
    outcomes: tuple[SourceOutcome, ...]
    queries: tuple[str, ...]
    doi_record: Record | None = None
    author_fills: tuple[tuple[str, str], ...] = ()  # (record id, source of its authors)
    doi_agency: str | None = None  # registration agency of the cited DOI; "" = no such DOI
    doi_resolves: bool | None = None  # whether doi.org resolves it (None: not asked)

    @property
    def failed(self) -> tuple[str, ...]:
        return tuple(o.name for o in self.outcomes
                     if o.status in ("timeout", "rate_limited", "error"))

    @property
    def matched(self) -> bool:
        return any(f.plausible for f in self.found)


@dataclass
class _Tally:
    status: Status = "no_match"
    candidates: int = 0
    calls: int = 0
    error: str | None = None


@dataclass
class _Run:
    ref: Reference
    cfg: CompareConfig
    found: dict[tuple[str, str], Found] = field(default_factory=dict)
    outcomes: dict[str, _Tally] = field(default_factory=dict)
    queries: list[str] = field(default_factory=list)
    doi_record: Record | None = None
    fills: list[tuple[str, str]] = field(default_factory=list)
    doi_agency: str | None = None  # "" = the agency service says no such DOI
    doi_resolves: bool | None = None

    def note(self, name: str, status: Status, n: int = 0, err: str | None = None) -> None:
        cur = self.outcomes.setdefault(name, _Tally())
        cur.candidates += n
        cur.calls += 1
        if _RANK[status] > _RANK[cur.status]:
            cur.status = status
            if err:
                cur.error = err

    def status(self, name: str) -> Status | None:
        t = self.outcomes.get(name)
        return t.status if t is not None else None

    @property
    def done(self) -> bool:
        return any(f.plausible for f in self.found.values())


class Cascade:
    """The retrieval cascade (module docstring); also a :class:`Source` itself.

    Args: sources: adapters by name (ALL_SOURCES names; absent ones are skipped).
          local: an offline Source asked first (e.g. LocalIndex) or None.
          search_order / broad_order: source names for steps 4 and 5.
          compare: field tolerances for the plausibility test. limit: candidates per search.
          down_after: a source whose calls fail as an outage (http.is_outage: timeouts,
          connection errors, 502/503/504, each after the adapter's own retries) this many
          times in a row is not asked again for the rest of the run; its later calls are
          recorded as ``error`` ("skipped: ... down"), so verdicts stay UNVERIFIED.
          on_event: called as on_event(kind, source, detail) with kind "ask" (a call
          starts; detail says what is asked), "answer" (it ended; detail is the status
          word) or "down" (once per source, detail the reason); from worker threads.
    """

    name = "cascade"

    def __init__(self, sources: Mapping[str, Source], *, local: Source | None = None,
                 search_order: Sequence[str] = ("openalex", "crossref"),
                 broad_order: Sequence[str] = ("semantic_scholar", "arxiv", "europepmc"),
                 compare: CompareConfig = DEFAULT_CONFIG, limit: int = 5,
                 cache: HttpCache | None = None, down_after: int = 3,
                 on_event: Callable[[str, str, str], None] | None = None) -> None:
        self.sources = dict(sources)
        self.down_after = down_after
        self.on_event = on_event
        self.down: dict[str, str] = {}  # source -> why it is no longer asked
        self._failures: dict[str, int] = {}
        self._lock = threading.Lock()
        self.local = local
        self.search_order = tuple(search_order)
        self.broad_order = tuple(broad_order)
        self.compare = compare
        self.limit = limit
        self.cache = cache
        kinds: set[SourceType] = set()
        for s in [*self.sources.values(), *([local] if local is not None else [])]:
            kinds |= set(getattr(s, "indexes", {SourceType.PAPER}))
        self.indexes = frozenset(kinds)

    @classmethod
    def from_config(cls, config: SourceConfig = DEFAULT_SOURCE_CONFIG, *,
                    sources: Iterable[str] = DEFAULT_SOURCES, local: Source | None = None,
                    client: httpx.Client | None = None,
                    base_urls: Mapping[str, str] | None = None, **kw: object) -> Cascade:
        """A cascade of the named adapters sharing one HttpCache (config.cache_path) and
        one httpx.Client (given or new). base_urls: per-source base URL (tests, mirrors)."""
        cache = HttpCache(config.cache_path, ttl_s=config.cache_ttl_s) \
            if config.cache_path is not None else None
        own = client is None
        client = client or httpx.Client(timeout=config.timeout_s, follow_redirects=True)
        built = {n: make_source(n, config, client=client, base_url=(base_urls or {}).get(n),
                                cache=cache) for n in sources}
        casc = cls(built, local=local, cache=cache, **kw)  # type: ignore[arg-type]
        casc._client = client if own else None
        return casc

    _client: httpx.Client | None = None

    def close(self) -> None:
        """Close the httpx.Client and the cache this cascade created (from_config)."""
        if self._client is not None:
            self._client.close()
            self._client = None
        if self.cache is not None:
            self.cache.close()

    def __enter__(self) -> Cascade:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ steps
    def _call(self, run: _Run, name: str, src: Source, label: str,
              fn: Callable[[], object]) -> object | None:
        run.queries.append(f"{name}: {label}")
        why = self.down.get(name)
        if why is not None:
            run.note(name, "error", 0, f"skipped: {why}")
            return None
        self._emit("ask", name, label)
        try:
            out = fn()
        except SourceError as exc:
            kind = error_kind(exc)
            run.note(name, kind, 0, str(exc))
            self._emit("answer", name, kind)
            self._count_failure(name, exc)
            return None
        with self._lock:
            self._failures[name] = 0
        self._emit("answer", name, "ok")
        return out

    def _emit(self, kind: str, source: str, detail: str) -> None:
        if self.on_event is not None:
            self.on_event(kind, source, detail)

    def _count_failure(self, name: str, exc: SourceError) -> None:
        """One more failed call of ``name``; the ``down_after``-th outage in a row marks it
        down (reported once through on_event)."""
        with self._lock:
            if not is_outage(exc):
                self._failures[name] = 0
                return
            n = self._failures[name] = self._failures.get(name, 0) + 1
            if n < self.down_after or name in self.down:
                return
            why = (f"{name} is down ({n} failed calls in a row, last: {exc}); "
                   "not asked again in this run")
            self.down[name] = why
        self._emit("down", name, why)

    def _add(self, run: _Run, name: str, via: str, records: Iterable[Record]) -> int:
        n = 0
        matched = False
        for rec in records:
            key = (rec.source, rec.id)
            if key in run.found or is_update_notice(rec):
                continue  # a correction / retraction notice is never the cited work
            c = Compared(rec, compare_fields(run.ref, rec, self.compare), via, name)
            if FieldStatus.MATCH in (c.get(Field.TITLE).status, c.get(Field.DOI).status):
                filled = self._fill_authors(run, rec)
                if filled is not rec:
                    rec = filled
                    c = Compared(rec, compare_fields(run.ref, rec, self.compare), via, name)
            ok = is_same_work(c)
            matched = matched or ok
            run.found[key] = Found(rec, name, via, c, ok)
            n += 1
        run.note(name, "match" if matched else "no_match", n)
        return n

    def _fill_authors(self, run: _Run, rec: Record) -> Record:
        """A Crossref record with no authors takes OpenAlex's for its DOI (asked
        only for a record whose title or DOI matches the reference)."""
        if rec.source != "crossref" or rec.authors or not rec.doi or not run.ref.authors:
            return rec
        found = self.sources.get("openalex")
        if found is None:
            return rec
        oa: Source = found
        other = self._call(run, "openalex", oa, f"authors for doi {rec.doi}",
                           lambda: oa.lookup_doi(rec.doi or ""))
        if isinstance(other, Record) and other.authors:
            run.fills.append((rec.id, "openalex"))
            return rec.model_copy(update={"authors": other.authors})
        return rec

    def _local(self, run: _Run) -> None:
        local, ref = self.local, run.ref
        if local is None:
            return
        src: Source = local
        name = getattr(src, "name", "local")
        if ref.doi:
            rec = self._call(run, name, src, f"doi {ref.doi}",
                             partial(src.lookup_doi, ref.doi or ""))
            if isinstance(rec, Record):
                run.doi_record = run.doi_record or rec
            self._add(run, name, "doi", [rec] if isinstance(rec, Record) else [])
        if ref.arxiv_id and not run.done:
            rec = self._call(run, name, src, f"arxiv {ref.arxiv_id}",
                             lambda: src.lookup_arxiv(ref.arxiv_id or ""))
            self._add(run, name, "arxiv", [rec] if isinstance(rec, Record) else [])
        if ref.title and not run.done:
            hits = self._call(run, name, src, "search", lambda: src.search(ref, self.limit))
            self._add(run, name, "search", hits if isinstance(hits, list) else [])

    def _identifiers(self, run: _Run) -> None:
        ref = run.ref
        if ref.doi:
            self._doi(run, ref.doi)
        if ref.arxiv_id and not run.done:
            cited = ref.arxiv_id + (f"v{ref.arxiv_version}" if ref.arxiv_version else "")
            for name in ("arxiv", "semantic_scholar"):
                src = self.sources.get(name)
                if src is None:
                    continue
                rec = self._call(run, name, src, f"arxiv {cited}", partial(src.lookup_arxiv, cited))
                if isinstance(rec, Record):
                    self._add(run, name, "arxiv", [rec])
                    if run.done:
                        break
                elif run.status(name) in (None, "no_match"):
                    run.note(name, "no_match")
                if name == "arxiv" and run.status(name) in ("match", "no_match"):
                    break  # the arXiv API answered: no need to ask Semantic Scholar

    def _doi(self, run: _Run, doi: str) -> None:
        """The cited DOI at the agency that registered it (DataCite, or none with
        metadata). Crossref first
        (unless the prefix is DataCite's); a Crossref 404 means "no Crossref metadata",
        not "no such DOI": the registration agency is asked (doi.org/ra/{doi}, or
        Crossref's /works/{doi}/agency) and DataCite is asked only for its DOIs; doi.org
        content negotiation comes last. What was learnt about the DOI (agency, whether it
        resolves) is kept in the run: a registered DOI without metadata anywhere is
        UNVERIFIED, never FABRICATED (result_from_cascade)."""
        asked: set[str] = set()
        for name in route_doi(doi):
            if name == "datacite" and "crossref" in asked and run.doi_agency is None:
                run.doi_agency = self._agency(run, doi)
            if name == "datacite" and run.doi_agency not in (None, "datacite"):
                continue  # registered elsewhere: DataCite cannot hold it
            found = self.sources.get(name)
            if found is None:
                continue
            asked.add(name)
            rec: object | None
            if name == "doi" and isinstance(found, DoiSource):
                answer = self._call(run, name, found, f"doi {doi}", partial(found.resolve, doi))
                rec = answer.record if isinstance(answer, DoiAnswer) else None
                if isinstance(answer, DoiAnswer):
                    run.doi_resolves = answer.resolves
            else:
                rec = self._call(run, name, found, f"doi {doi}", partial(found.lookup_doi, doi))
            if isinstance(rec, Record):
                run.doi_record = run.doi_record or rec
                run.doi_agency = run.doi_agency or (name if name != "doi" else None)
                self._add(run, name, "doi", [rec])
                break
            if run.status(name) in (None, "no_match"):
                run.note(name, "no_match")
        if run.doi_record is None and run.doi_agency is None:
            run.doi_agency = self._agency(run, doi)

    def _agency(self, run: _Run, doi: str) -> str | None:
        """The DOI's registration agency, lowercased ("crossref", "datacite", "medra"...),
        "" when the agency service says the DOI does not exist, None when none could say
        (asked of doi.org/ra/{doi}, else Crossref /works/{doi}/agency)."""
        doi_src = self.sources.get("doi")
        crossref = self.sources.get("crossref")
        src: Source | None = doi_src if isinstance(doi_src, DoiSource) else crossref
        if src is None or not hasattr(src, "agency"):
            return None
        name = getattr(src, "name", "doi")
        got = self._call(run, name, src, f"agency of doi {doi}", partial(src.agency, doi))
        return got if isinstance(got, str) else None

    def _revisions(self, ref: Reference, src: Source) -> list[tuple[str, Reference]]:
        out = []
        if (ref.authors or ref.year) and getattr(src, "name", "") == "crossref":
            out.append(("search:title-only", Reference(raw=ref.raw, title=ref.title)))
        short = shortened_title(ref.title or "")
        if short:
            out.append(("search:short-title", Reference(raw=ref.raw, title=short)))
        return out

    def _search(self, run: _Run, names: Sequence[str], revise: bool) -> None:
        ref = run.ref
        if not ref.title:
            return
        revised = not revise
        for name in names:
            if run.done:
                return
            src = self.sources.get(name)
            if src is None:
                continue
            hits = self._call(run, name, src, f"search title={ref.title!r}",
                              partial(src.search, ref, self.limit))
            if hits is None:
                continue  # failed: try the next source
            self._add(run, name, "search", hits if isinstance(hits, list) else [])
            if run.done or revised:
                continue
            revised = True
            for via, alt in self._revisions(ref, src):
                if run.done:
                    break
                more = self._call(run, name, src, f"{via} title={alt.title!r}",
                                  partial(src.search, alt, self.limit))
                if isinstance(more, list):
                    self._add(run, name, via, more)

    def run(self, reference: str | Reference) -> CascadeResult:
        """Run the cascade for one reference. Raises InputError for an empty string;
        source failures are recorded in the outcomes, never raised."""
        ref = to_reference(reference)
        run = _Run(ref, self.compare)
        if unreadable_reason(ref) is not None:  # nothing to ask a source
            return CascadeResult(ref, (), (), ())
        for step in (self._local, self._identifiers):
            if not run.done:
                step(run)
        web_first = bool(ref.url) and work_type(ref) is not SourceType.PAPER
        if web_first and not run.done:
            self._search(run, ("web",), revise=False)
        if not run.done:
            self._search(run, self.search_order, revise=True)
        if not run.done:
            self._search(run, self.broad_order + (() if web_first else ("web",)), revise=False)
        outcomes = tuple(SourceOutcome(n, t.status, t.candidates, t.calls, t.error)
                         for n, t in run.outcomes.items())
        return CascadeResult(ref, tuple(run.found.values()), outcomes, tuple(run.queries),
                             run.doi_record, tuple(run.fills), run.doi_agency, run.doi_resolves)

    # ------------------------------------------------------------------ Source protocol
    def _raise_if_failed(self, res: CascadeResult) -> None:
        if not res.matched and res.failed:
            raise SourceError("sources failed: " + ", ".join(res.failed), source=self.name)

    def lookup_doi(self, doi: str) -> Record | None:
        res = self.run(Reference(raw=doi, doi=doi))
        if res.doi_record is None:
            self._raise_if_failed(res)
        return res.doi_record

    def lookup_arxiv(self, arxiv_id: str) -> Record | None:
        res = self.run(Reference(raw=arxiv_id, arxiv_id=arxiv_id))
        rec = next((f.record for f in res.found if f.via == "arxiv"), None)
        if rec is None:
            self._raise_if_failed(res)
        return rec

    def search(self, reference: Reference, limit: int = 10) -> list[Record]:
        res = self.run(Reference(raw=reference.raw, title=reference.title,
                                 authors=reference.authors, year=reference.year))
        self._raise_if_failed(res)
        ranked = sorted(res.found, key=lambda f: (-f.plausible, -identity_score(f.compared.fields)))
        return [f.record for f in ranked[:limit]]

    @property
    def requests(self) -> int:
        """Requests sent over the network by all adapters so far."""
        return sum(int(getattr(s, "requests", 0)) for s in self.sources.values())


# ---------------------------------------------------------------------- results

def _status_model(o: SourceOutcome) -> SourceStatus:
    ok = o.status in ("match", "no_match")
    return SourceStatus(name=o.name, ok=ok, candidates=o.candidates,
                        error=None if ok else f"{o.status}: {o.error}", status=o.status)


def result_from_cascade(res: CascadeResult, indexes: Iterable[SourceType] = (SourceType.PAPER,)
                        ) -> VerificationResult:
    """The VerificationResult (citations.verify) of a cascade run: decide() over the
    records found; ``sources`` holds one SourceStatus per source consulted, whose
    ``error`` starts with the status word (timeout, rate_limited, error) when it failed."""
    ref = res.reference
    why = unreadable_reason(ref)
    if why is not None:
        return VerificationResult(reference=ref, verdict=Verdict.UNPARSED, reason=why)
    compared = [f.compared for f in res.found]
    decision = decide(ref, compared, failed_sources=res.failed, indexed=indexes,
                      doi_record=res.doi_record)
    candidates = sorted(
        (Candidate(record=c.record, source=c.source, via=c.via,
                   score=round(identity_score(c.fields), 4), search_score=c.search_score,
                   same_work=is_same_work(c),
                   conflicts=tuple(f.field for f in c.fields if f.status.value == "conflict"))
         for c in compared), key=lambda c: -c.score)
    corrected = corrected_reference(ref, decision.best) if decision.best is not None else None
    warnings = decision.warnings + tuple(
        f"authors of {rid} taken from {src}" for rid, src in res.author_fills)
    verdict, reason = decision.verdict, decision.reason
    registered = bool(res.doi_agency) or res.doi_resolves is True
    if verdict is Verdict.FABRICATED and ref.doi and registered and res.doi_record is None:
        verdict = Verdict.UNVERIFIED
        how = " and ".join(x for x in (
            f"registered with {res.doi_agency}" if res.doi_agency else "",
            "resolves at doi.org" if res.doi_resolves else "") if x)
        reason = (f"the cited DOI {ref.doi} exists ({how}) but no source holds its "
                  "metadata: could not check")
    elif res.doi_agency == "" and res.doi_record is None and ref.doi:
        warnings += (f"the registration agency service knows no DOI {ref.doi}",)
    return VerificationResult(
        reference=ref, verdict=verdict, reason=reason, fields=decision.fields,
        differing=decision.differing, unconfirmed=decision.unconfirmed,
        corrected=corrected.raw if corrected else None, corrected_reference=corrected,
        matched=decision.best, candidates=tuple(candidates), queries=res.queries,
        sources=tuple(_status_model(o) for o in res.outcomes), warnings=warnings,
        doi_agency=res.doi_agency or None, **notice_flags(decision.best))


def verify_online(reference: str | Reference, config: SourceConfig | None = None, *,
                  cascade: Cascade | None = None) -> VerificationResult:
    """Verify one reference with the online cascade.

    Args: reference: string or parsed Reference. config: used to build a default cascade
          when ``cascade`` is None (Cascade.from_config). cascade: a prepared cascade.
    Returns: VerificationResult (same type as citations.verify.verify).
    Raises: InputError for an empty string; source failures are in ``sources``.
    """
    if cascade is not None:
        return result_from_cascade(cascade.run(reference), cascade.indexes)
    with Cascade.from_config(config or DEFAULT_SOURCE_CONFIG) as own:
        return result_from_cascade(own.run(reference), own.indexes)


def _key(item: str | Reference) -> str:
    raw = item.raw if isinstance(item, Reference) else str(item)
    return hashlib.sha1(raw.encode("utf-8")).hexdigest()[:16]


def _safe(item: str | Reference, cascade: Cascade) -> VerificationResult:
    try:
        return verify_online(item, cascade=cascade)
    except InputError as exc:
        raw = item.raw if isinstance(item, Reference) else str(item)
        return VerificationResult(reference=Reference(raw=raw or " "), verdict=Verdict.UNPARSED,
                                  reason=str(exc))
    except CheckerError as exc:
        raw = item.raw if isinstance(item, Reference) else str(item)
        return VerificationResult(reference=Reference(raw=raw), verdict=Verdict.UNVERIFIED,
                                  reason=str(exc))


def verify_batch(references: Sequence[str | Reference], cascade: Cascade, *, workers: int = 4,
                 progress: Callable[[int, int], None] | None = None,
                 checkpoint: str | Path | None = None) -> list[VerificationResult]:
    """List form of iter_verify_batch; progress(done, total) is called after each result
    (in input order)."""
    total = len(references)
    out = []
    for i, res in enumerate(iter_verify_batch(references, cascade, workers=workers,
                                              checkpoint=checkpoint), start=1):
        out.append(res)
        if progress is not None:
            progress(i, total)
    return out


def iter_verify_batch(references: Iterable[str | Reference], cascade: Cascade, *,
                      workers: int = 4, checkpoint: str | Path | None = None,
                      ahead: int = 4) -> Iterator[VerificationResult]:
    """verify_online over many references with a bounded thread pool (each adapter's
    RateLimiter spaces its own requests whatever the pool size); yields one result per
    reference in input order, each as soon as it and those before it are done. At most
    ``workers * ahead`` references are in flight, so memory stays flat.

    checkpoint: a JSONL file; each finished result is appended as ``{"i", "key",
    "result"}`` and a rerun takes the entries already there (same position and same raw
    string) instead of asking again: resumable. A bad item gives an UNPARSED result; the
    batch goes on.
    """
    path = Path(checkpoint) if checkpoint is not None else None
    saved: dict[int, tuple[str, dict[str, object]]] = {}
    if path is not None and path.exists():
        drop_torn_tail(path)     # appending after a torn last line would glue onto it
        # lines end at "\n" only (str.splitlines also cuts at U+2028 / U+0085)
        for line in path.read_text(encoding="utf-8").split("\n"):
            try:
                row = json.loads(line)
                saved[int(row["i"])] = (str(row["key"]), row["result"])
            except (ValueError, KeyError, TypeError):
                continue  # a torn last line from an interrupted run
    fh = path.open("a", encoding="utf-8") if path is not None else None

    def work(i: int, item: str | Reference) -> VerificationResult:
        old = saved.pop(i, None)
        if old is not None and old[0] == _key(item):
            try:
                return VerificationResult.model_validate(old[1])
            except ValueError:
                pass
        res = _safe(item, cascade)
        if fh is not None:
            with lock:
                fh.write(json.dumps({"i": i, "key": _key(item),
                                     "result": res.model_dump(mode="json")}) + "\n")
                fh.flush()
        return res

    lock = threading.Lock()
    items = enumerate(references)
    pending: deque[Future[VerificationResult]] = deque()
    try:
        if workers <= 1:
            for i, item in items:
                yield work(i, item)
            return
        with ThreadPoolExecutor(workers) as pool:
            for i, item in islice(items, workers * ahead):
                pending.append(pool.submit(work, i, item))
            while pending:
                res = pending.popleft().result()
                nxt = next(items, None)
                if nxt is not None:
                    pending.append(pool.submit(work, *nxt))
                yield res
    finally:
        for f in pending:
            f.cancel()
        if fh is not None:
            fh.close()


__all__ = ["ALL_SOURCES", "DEFAULT_SOURCES", "Cascade", "CascadeResult", "Found",
           "SourceOutcome", "iter_verify_batch", "make_source", "parse_source_list",
           "result_from_cascade",
           "shortened_title", "verify_batch", "verify_online"]
