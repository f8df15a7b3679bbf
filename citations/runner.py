"""Verify a list of references with the sources a user chose: the one place the CLI (``refs
verify``) and the grounding pipeline (``check``) build verifiers.

Offline by default: only the local index (citations.sources.local). Naming online sources
(``crossref``, ``openalex``, ...) runs the retrieval cascade (citations.sources.cascade) with
the local index asked first; ``offline=True`` keeps those sources but answers only from the
on-disk HTTP cache, so no request leaves the machine.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import chain, islice
from pathlib import Path
from typing import Any, TypeVar

from citations.errors import CheckerError, InputError
from citations.llm_parser import LLMParserSettings
from citations.model import Reference, Verdict
from citations.verify import VerificationResult, iter_verify, to_reference, unreadable_reason

T = TypeVar("T")

#: Source names that mean "the local index" in a --sources list.
LOCAL_NAMES = frozenset({"local", "index"})


@dataclass(frozen=True)
class VerifierOptions:
    """Which sources to consult and how.

    db: the local index file (None: $SCIGROUND_DB is read by the CLI, else the user data
        directory). complete: the local index holds every work that could be cited, so a
        reference it lacks is fabricated (else unverified).
    sources: online source names (citations.sources.cascade.ALL_SOURCES); empty = local only.
    offline: serve online sources from the HTTP cache only (no network).
    mailto: contact address for Crossref's and OpenAlex's polite pools.
    api_key: Semantic Scholar API key. cache_path: the HTTP cache file (None: the user cache
    directory). workers: references verified at once: processes for the local index alone
    (CPU-bound), threads for online sources (each source keeps its own rate limit).
    checkpoint: JSONL file that makes an online batch resumable.
    parser: "rules" (deterministic), or "llm": an OpenAI-compatible model parses the strings
    the rules cannot (citations.llm_parser; settings in ``llm``).
    attach_http: called on each online cascade before use, instead of opening the cache
    file here: the Ray engine's workers attach the cluster-wide rate limiters and HTTP
    cache (citations.engine_ray.ClusterHttp).
    on_event: listener of the online cascade's calls (citations.sources.cascade.Cascade).
    """

    db: Path | None = None
    complete: bool = False
    sources: tuple[str, ...] = ()
    offline: bool = False
    mailto: str | None = None
    api_key: str | None = None
    cache_path: Path | None = None
    workers: int = 4
    checkpoint: Path | None = None
    parser: str = "rules"
    llm: LLMParserSettings | None = None
    attach_http: Callable[[Any], None] | None = None
    on_event: Callable[[str, str, str], None] | None = None

    @property
    def online_sources(self) -> tuple[str, ...]:
        return tuple(s for s in self.sources if s not in LOCAL_NAMES)

    def describe(self) -> str:
        """Human-readable list of the sources used, e.g. "local index, crossref (cache only)"."""
        parts = ["local index"] + list(self.online_sources)
        return ", ".join(parts) + (
            " (online sources from the cache only)" if self.offline and self.online_sources else ""
        )


def default_cache_path() -> Path:
    """``<user cache dir>/sciground/http.sqlite`` (platformdirs)."""
    import platformdirs

    return Path(platformdirs.user_cache_path("sciground")) / "http.sqlite"


def verify_references(
    references: Sequence[str | Reference],
    options: VerifierOptions,
    progress: Callable[[int, int], None] | None = None,
) -> list[VerificationResult]:
    """One VerificationResult per reference, in order (list form of iter_verify_references).

    Raises: InputError for an unknown source name.
    """
    total = len(references)
    out = []
    for i, res in enumerate(iter_verify_references(references, options), start=1):
        out.append(res)
        if progress:
            progress(i, total)
    return out


def iter_verify_references(
    references: Iterable[str | Reference], options: VerifierOptions
) -> Iterator[VerificationResult]:
    """One VerificationResult per reference, in input order, each yielded as soon as it and
    those before it are done (memory flat in the number of references); a bad item is an
    UNPARSED result and the batch goes on; a failing source makes results UNVERIFIED, never
    FABRICATED.

    With the local index only and ``options.workers > 1``, references are verified in
    worker processes (citations.workers), each with its own read-only connection; online
    sources run in a thread pool of ``workers`` (their waits are network, not CPU).
    Raises: InputError for an unknown source name or parser.
    """
    return iter_rendered_references(references, options, same_result)


def same_result(result: VerificationResult) -> VerificationResult:
    """The identity render of iter_rendered_references."""
    return result


def iter_rendered_references(
    references: Iterable[str | Reference],
    options: VerifierOptions,
    render: Callable[[VerificationResult], T],
) -> Iterator[T]:
    """iter_verify_references, yielding ``render(result)``: applied in the worker process
    when there is one (so a picklable function: module-level, or a partial of one), which
    spares the parent unpickling whole results it only prints."""
    from citations.sources.local import LocalIndex, default_db_path

    if options.parser == "llm":
        references = _parse_with_model(references, options)
    elif options.parser != "rules":
        raise InputError(f"unknown reference parser {options.parser!r}; choose rules or llm")
    db = options.db or default_db_path()
    if not options.online_sources and not db.is_file():
        reason = (
            f"no local index at {db} (build one with `sciground index add FILE`) "
            "and no online sources chosen (--sources): could not check"
        )
        yield from (render(_unchecked(r, reason)) for r in references)
        return
    if not options.online_sources:
        if options.workers > 1:
            from citations.workers import CHUNK, verify_in_processes

            rest = iter(references)
            head = list(islice(rest, CHUNK + 1))
            if len(head) > CHUNK:  # enough work to pay for starting processes
                yield from verify_in_processes(
                    chain(head, rest),
                    db,
                    render,
                    complete=options.complete,
                    workers=min(options.workers, os.cpu_count() or 1),
                )
                return
            references = head
        with LocalIndex(db, complete=options.complete, read_only=True) as local:
            yield from map(render, iter_verify(references, [local]))
        return
    from citations.sources.cascade import Cascade
    from citations.sources.config import SourceConfig
    from citations.sources.online import iter_verify_batch

    own_cache = options.attach_http is None
    cfg = SourceConfig(
        mailto=options.mailto,
        api_key=options.api_key,
        offline=options.offline,
        cache_path=(options.cache_path or default_cache_path()) if own_cache else None,
    )
    local = LocalIndex(db, complete=options.complete)
    with Cascade.from_config(
        cfg, sources=options.online_sources, local=local, on_event=options.on_event
    ) as cascade:
        if options.attach_http is not None:
            options.attach_http(cascade)
        yield from map(
            render,
            iter_verify_batch(
                references, cascade, workers=options.workers, checkpoint=options.checkpoint
            ),
        )


def _parse_with_model(
    references: Iterable[str | Reference], options: VerifierOptions
) -> Iterator[str | Reference]:
    """Strings parsed by the LLM parser (rules first, the model for weak parses); a string it
    cannot take stays a string, so verification reports it (UNPARSED) in its place."""
    from citations.llm_parser import LLMReferenceParser

    parser = LLMReferenceParser(options.llm or LLMParserSettings())
    for r in references:
        if isinstance(r, str):
            try:
                yield parser.parse(r)
                continue
            except CheckerError:
                pass
        yield r


def _unchecked(item: str | Reference, reason: str) -> VerificationResult:
    """The result for a reference no source could be asked about: UNVERIFIED (``reason``),
    or UNPARSED when the item cannot be read as a reference at all."""
    try:
        ref = to_reference(item)
    except CheckerError as exc:  # empty or too long: there is nothing to look up
        raw = item.raw if isinstance(item, Reference) else str(item)
        return VerificationResult(
            reference=Reference(raw=raw or " "), verdict=Verdict.UNPARSED, reason=str(exc)
        )
    why = unreadable_reason(ref)
    if why is not None:
        return VerificationResult(reference=ref, verdict=Verdict.UNPARSED, reason=why)
    return VerificationResult(reference=ref, verdict=Verdict.UNVERIFIED, reason=reason)
