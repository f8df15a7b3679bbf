"""Verify references against the local index in worker processes, streaming.

    for verdict in verify_in_processes(strings, "refs.sqlite", verdict_of, workers=2):
        print(verdict)          # in input order, as soon as its chunk is done

The local index is CPU-bound Python (parsing, FTS ranking, field comparison), so threads do
not add speed; processes do. Each worker opens the SQLite index read-only itself (SQLite
connections are not shared across processes) and takes references in chunks; at most
``workers * ahead`` chunks are in flight, so memory stays flat however many references
are given, and results come back in input order.
"""

from __future__ import annotations

import multiprocessing
import signal
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from itertools import islice
from pathlib import Path
from typing import TypeVar

from citations.model import Reference
from citations.verify import VerificationResult, iter_verify

T = TypeVar("T")

#: References per task sent to a worker: large enough that pickling and queueing cost
#: little next to verification (about 4 ms a reference on the ACL index), small enough
#: that the first results print at once.
CHUNK = 32
#: Chunks queued per worker beyond the one it is working on.
AHEAD = 4

_INDEX: object | None = None


def _open(db: str, complete: bool, vocabulary: tuple[dict[str, int], int] | None) -> None:
    """Worker initializer: this process's own read-only connection to the index, with the
    term statistics the parent read for an index without a term_docs table (shared, not
    re-read, when workers are forked)."""
    global _INDEX
    from citations.sources.local import LocalIndex

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    _INDEX = LocalIndex(db, complete=complete, read_only=True)
    if vocabulary is not None:
        _INDEX.use_vocabulary(vocabulary)


def _verify_chunk(items: list[str | Reference], render: Callable[[VerificationResult], T]
                  ) -> list[T]:
    from citations.sources.local import LocalIndex

    assert isinstance(_INDEX, LocalIndex), "worker started without its index"
    return [render(r) for r in iter_verify(items, [_INDEX])]


def _chunks(items: Iterable[str | Reference], size: int) -> Iterator[list[str | Reference]]:
    it = iter(items)
    while chunk := list(islice(it, size)):
        yield chunk


def verify_in_processes(references: Iterable[str | Reference], db: str | Path,
                        render: Callable[[VerificationResult], T], *, complete: bool = False,
                        workers: int = 2, chunk: int = CHUNK, ahead: int = AHEAD
                        ) -> Iterator[T]:
    """citations.verify.verify over ``references`` with the local index at ``db`` only, in
    ``workers`` processes; yields ``render(result)`` for each reference, in input order,
    lazily.

    Args: references: strings or parsed References (consumed as results are taken).
          db: an existing index file (opened read-only in each worker).
          render: applied in the worker (a module-level function or a partial of one, so
          that it pickles): what comes back is what it returns. A result unpickles at
          about 0.27 ms, its printed text at almost nothing, so the CLI renders there.
          complete: the index is exhaustive (see LocalIndex). workers: processes (>= 2;
          use iter_verify in-process for one). chunk: references per task. ahead: chunks
          queued per worker.
    Raises: SourceError (in the caller, when its chunk's result is taken) if a worker
          cannot open the index; a bad reference is an UNPARSED result, never raised.
    """
    from citations.sources.local import LocalIndex

    chunks = _chunks(references, chunk)
    ctx = multiprocessing.get_context()
    vocabulary = None
    if ctx.get_start_method() == "fork":  # inherited by the workers without copying
        with LocalIndex(db, complete=complete, read_only=True) as index:
            vocabulary = index.vocabulary()
    pool = ProcessPoolExecutor(max(1, workers), mp_context=ctx, initializer=_open,
                               initargs=(str(db), complete, vocabulary))
    pending: deque[Future[list[T]]] = deque()
    try:
        for c in islice(chunks, max(1, workers) * ahead):
            pending.append(pool.submit(_verify_chunk, c, render))
        while pending:
            done = pending.popleft().result()
            nxt = next(chunks, None)
            if nxt is not None:
                pending.append(pool.submit(_verify_chunk, nxt, render))
            yield from done
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


__all__ = ["AHEAD", "CHUNK", "verify_in_processes"]
