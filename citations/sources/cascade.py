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

A cascade run is turned into a verdict, one reference or a batch, by
:mod:`citations.sources.online` (``verify_online``, ``verify_batch``).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Literal

import httpx

from citations.alternatives import shortened_title
from citations.decide import Compared, identity_score, is_same_work, work_type
from citations.errors import InputError, SourceError
from citations.matching.base import DEFAULT_CONFIG, CompareConfig
from citations.matching.fields import compare_fields
from citations.model import Field, FieldStatus, Record, Reference, SourceType
from citations.sources.base import Source
from citations.sources.cache import HttpCache
from citations.sources.config import DEFAULT_SOURCE_CONFIG, SourceConfig
from citations.sources.doi import DoiAnswer, DoiSource
from citations.sources.http import error_kind, is_outage
from citations.sources.routing import route_doi
from citations.verify import (
    is_update_notice,
    to_reference,
    unreadable_reason,
)

Status = Literal["match", "no_match", "timeout", "rate_limited", "error"]
ALL_SOURCES = (
    "crossref",
    "datacite",
    "openalex",
    "arxiv",
    "semantic_scholar",
    "europepmc",
    "doi",
    "web",
)
DEFAULT_SOURCES = ("crossref", "datacite", "openalex", "arxiv", "semantic_scholar")
_RANK = {"match": 4, "timeout": 3, "rate_limited": 3, "error": 3, "no_match": 1}


def make_source(
    name: str,
    config: SourceConfig = DEFAULT_SOURCE_CONFIG,
    *,
    client: httpx.Client | None = None,
    base_url: str | None = None,
    cache: HttpCache | None = None,
) -> Source:
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
        "crossref": CrossrefSource,
        "datacite": DataCiteSource,
        "openalex": OpenAlexSource,
        "arxiv": ArxivSource,
        "semantic_scholar": SemanticScholarSource,
        "europepmc": EuropePMCSource,
        "doi": DoiSource,
        "web": WebSource,
    }
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
        return tuple(
            o.name for o in self.outcomes if o.status in ("timeout", "rate_limited", "error")
        )

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

    def __init__(
        self,
        sources: Mapping[str, Source],
        *,
        local: Source | None = None,
        search_order: Sequence[str] = ("openalex", "crossref"),
        broad_order: Sequence[str] = ("semantic_scholar", "arxiv", "europepmc"),
        compare: CompareConfig = DEFAULT_CONFIG,
        limit: int = 5,
        cache: HttpCache | None = None,
        down_after: int = 3,
        on_event: Callable[[str, str, str], None] | None = None,
    ) -> None:
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
    def from_config(
        cls,
        config: SourceConfig = DEFAULT_SOURCE_CONFIG,
        *,
        sources: Iterable[str] = DEFAULT_SOURCES,
        local: Source | None = None,
        client: httpx.Client | None = None,
        base_urls: Mapping[str, str] | None = None,
        **kw: object,
    ) -> Cascade:
        """A cascade of the named adapters sharing one HttpCache (config.cache_path) and
        one httpx.Client (given or new). base_urls: per-source base URL (tests, mirrors)."""
        cache = (
            HttpCache(config.cache_path, ttl_s=config.cache_ttl_s)
            if config.cache_path is not None
            else None
        )
        own = client is None
        client = client or httpx.Client(timeout=config.timeout_s, follow_redirects=True)
        built = {
            n: make_source(n, config, client=client, base_url=(base_urls or {}).get(n), cache=cache)
            for n in sources
        }
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
    def _call(
        self, run: _Run, name: str, src: Source, label: str, fn: Callable[[], object]
    ) -> object | None:
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
            why = (
                f"{name} is down ({n} failed calls in a row, last: {exc}); "
                "not asked again in this run"
            )
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
        other = self._call(
            run, "openalex", oa, f"authors for doi {rec.doi}", lambda: oa.lookup_doi(rec.doi or "")
        )
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
            rec = self._call(
                run, name, src, f"doi {ref.doi}", partial(src.lookup_doi, ref.doi or "")
            )
            if isinstance(rec, Record):
                run.doi_record = run.doi_record or rec
            self._add(run, name, "doi", [rec] if isinstance(rec, Record) else [])
        if ref.arxiv_id and not run.done:
            rec = self._call(
                run,
                name,
                src,
                f"arxiv {ref.arxiv_id}",
                lambda: src.lookup_arxiv(ref.arxiv_id or ""),
            )
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
            hits = self._call(
                run, name, src, f"search title={ref.title!r}", partial(src.search, ref, self.limit)
            )
            if hits is None:
                continue  # failed: try the next source
            self._add(run, name, "search", hits if isinstance(hits, list) else [])
            if run.done or revised:
                continue
            revised = True
            for via, alt in self._revisions(ref, src):
                if run.done:
                    break
                more = self._call(
                    run,
                    name,
                    src,
                    f"{via} title={alt.title!r}",
                    partial(src.search, alt, self.limit),
                )
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
        outcomes = tuple(
            SourceOutcome(n, t.status, t.candidates, t.calls, t.error)
            for n, t in run.outcomes.items()
        )
        return CascadeResult(
            ref,
            tuple(run.found.values()),
            outcomes,
            tuple(run.queries),
            run.doi_record,
            tuple(run.fills),
            run.doi_agency,
            run.doi_resolves,
        )

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
        res = self.run(
            Reference(
                raw=reference.raw,
                title=reference.title,
                authors=reference.authors,
                year=reference.year,
            )
        )
        self._raise_if_failed(res)
        ranked = sorted(res.found, key=lambda f: (-f.plausible, -identity_score(f.compared.fields)))
        return [f.record for f in ranked[:limit]]

    @property
    def requests(self) -> int:
        """Requests sent over the network by all adapters so far."""
        return sum(int(getattr(s, "requests", 0)) for s in self.sources.values())


__all__ = [
    "ALL_SOURCES",
    "DEFAULT_SOURCES",
    "Cascade",
    "CascadeResult",
    "Found",
    "SourceOutcome",
    "make_source",
    "parse_source_list",
]
