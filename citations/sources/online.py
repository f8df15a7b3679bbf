"""References verified online: a cascade run (:mod:`citations.sources.cascade`) turned into
a VerificationResult, for one reference or a resumable batch.

    >>> cascade = Cascade.from_config(SourceConfig(mailto="me@x.org", cache_path="http.sqlite"))
    >>> result = verify_online("Devlin et al. 2019. BERT ...", cascade=cascade)
    >>> result.verdict, [(s.name, s.error) for s in result.sources]
    >>> results = verify_batch(refs, cascade, workers=4, checkpoint="run.jsonl")
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from itertools import islice
from pathlib import Path

from annotations.errors import CheckerError
from annotations.jsonl import drop_torn_tail
from citations.decide import decide
from citations.errors import InputError
from citations.model import Reference, SourceType, Verdict
from citations.resolve import corrected_reference
from citations.sources.cascade import Cascade, CascadeResult, SourceOutcome
from citations.sources.config import DEFAULT_SOURCE_CONFIG, SourceConfig
from citations.verify import (
    SourceStatus,
    VerificationResult,
    notice_flags,
    ranked_candidates,
    unreadable_reason,
)


def _status_model(o: SourceOutcome) -> SourceStatus:
    ok = o.status in ("match", "no_match")
    return SourceStatus(
        name=o.name,
        ok=ok,
        candidates=o.candidates,
        error=None if ok else f"{o.status}: {o.error}",
        status=o.status,
    )


def result_from_cascade(
    res: CascadeResult, indexes: Iterable[SourceType] = (SourceType.PAPER,)
) -> VerificationResult:
    """The VerificationResult (citations.verify) of a cascade run: decide() over the
    records found; ``sources`` holds one SourceStatus per source consulted, whose
    ``error`` starts with the status word (timeout, rate_limited, error) when it failed."""
    ref = res.reference
    why = unreadable_reason(ref)
    if why is not None:
        return VerificationResult(reference=ref, verdict=Verdict.UNPARSED, reason=why)
    compared = [f.compared for f in res.found]
    decision = decide(
        ref, compared, failed_sources=res.failed, indexed=indexes, doi_record=res.doi_record
    )
    candidates = ranked_candidates(compared)
    corrected = corrected_reference(ref, decision.best) if decision.best is not None else None
    warnings = decision.warnings + tuple(
        f"authors of {rid} taken from {src}" for rid, src in res.author_fills
    )
    verdict, reason = decision.verdict, decision.reason
    registered = bool(res.doi_agency) or res.doi_resolves is True
    if verdict is Verdict.FABRICATED and ref.doi and registered and res.doi_record is None:
        verdict = Verdict.UNVERIFIED
        how = " and ".join(
            x
            for x in (
                f"registered with {res.doi_agency}" if res.doi_agency else "",
                "resolves at doi.org" if res.doi_resolves else "",
            )
            if x
        )
        reason = (
            f"the cited DOI {ref.doi} exists ({how}) but no source holds its "
            "metadata: could not check"
        )
    elif res.doi_agency == "" and res.doi_record is None and ref.doi:
        warnings += (f"the registration agency service knows no DOI {ref.doi}",)
    return VerificationResult(
        reference=ref,
        verdict=verdict,
        reason=reason,
        fields=decision.fields,
        differing=decision.differing,
        unconfirmed=decision.unconfirmed,
        corrected=corrected.raw if corrected else None,
        corrected_reference=corrected,
        matched=decision.best,
        candidates=candidates,
        queries=res.queries,
        sources=tuple(_status_model(o) for o in res.outcomes),
        warnings=warnings,
        doi_agency=res.doi_agency or None,
        **notice_flags(decision.best),
    )


def verify_online(
    reference: str | Reference,
    config: SourceConfig | None = None,
    *,
    cascade: Cascade | None = None,
) -> VerificationResult:
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


def checkpoint_key(item: str | Reference) -> str:
    """The key a batch checkpoint stores for ``item``: 16 hex digits of its raw string's SHA-1."""
    raw = item.raw if isinstance(item, Reference) else str(item)
    return hashlib.sha1(raw.encode("utf-8")).hexdigest()[:16]


def _safe(item: str | Reference, cascade: Cascade) -> VerificationResult:
    try:
        return verify_online(item, cascade=cascade)
    except InputError as exc:
        raw = item.raw if isinstance(item, Reference) else str(item)
        return VerificationResult(
            reference=Reference(raw=raw or " "), verdict=Verdict.UNPARSED, reason=str(exc)
        )
    except CheckerError as exc:
        raw = item.raw if isinstance(item, Reference) else str(item)
        return VerificationResult(
            reference=Reference(raw=raw), verdict=Verdict.UNVERIFIED, reason=str(exc)
        )


def verify_batch(
    references: Sequence[str | Reference],
    cascade: Cascade,
    *,
    workers: int = 4,
    progress: Callable[[int, int], None] | None = None,
    checkpoint: str | Path | None = None,
) -> list[VerificationResult]:
    """List form of iter_verify_batch; progress(done, total) is called after each result
    (in input order)."""
    total = len(references)
    out = []
    for i, res in enumerate(
        iter_verify_batch(references, cascade, workers=workers, checkpoint=checkpoint), start=1
    ):
        out.append(res)
        if progress is not None:
            progress(i, total)
    return out


def iter_verify_batch(
    references: Iterable[str | Reference],
    cascade: Cascade,
    *,
    workers: int = 4,
    checkpoint: str | Path | None = None,
    ahead: int = 4,
) -> Iterator[VerificationResult]:
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
        drop_torn_tail(path)  # appending after a torn last line would glue onto it
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
        if old is not None and old[0] == checkpoint_key(item):
            try:
                return VerificationResult.model_validate(old[1])
            except ValueError:
                pass
        res = _safe(item, cascade)
        if fh is not None:
            with lock:
                fh.write(
                    json.dumps(
                        {"i": i, "key": checkpoint_key(item), "result": res.model_dump(mode="json")}
                    )
                    + "\n"
                )
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


__all__ = [
    "checkpoint_key",
    "iter_verify_batch",
    "result_from_cascade",
    "verify_batch",
    "verify_online",
]
