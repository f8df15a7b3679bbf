"""Verify references against the local index in worker processes, streaming.

    for verdict in verify_in_processes(strings, "refs.sqlite", verdict_of, workers=2):
        print(verdict)          # in input order, as soon as its chunk is done

The local index is CPU-bound Python (parsing, FTS ranking, field comparison), so threads do
not add speed; processes do. The calling process is one of the ``workers``: it verifies the
first WARM references before the pool starts (forked workers inherit what that loaded) and
any chunk whose turn comes while it would otherwise wait; each pool process opens the SQLite index
read-only itself (SQLite connections are not shared across processes) and takes references
in chunks. At most about ``2 * (workers - 1) * ahead`` chunks are held at once, so memory
stays flat however many references are given, and results come back in input order.
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
#: References the calling process verifies before the pool starts: the first one loads
#: the labeller's model and warms the caches (about 45 ms, then 2-4 ms a reference), which
#: forked workers inherit; more would keep the other core idle.
WARM = 2

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


def _verify_chunk(
    items: list[str | Reference], render: Callable[[VerificationResult], T]
) -> list[T]:
    from citations.sources.local import LocalIndex

    assert isinstance(_INDEX, LocalIndex), "worker started without its index"
    return [render(r) for r in iter_verify(items, [_INDEX])]


def _chunks(
    items: Iterable[str | Reference], size: int, first: int
) -> Iterator[list[str | Reference]]:
    """Lists of ``size`` items, the first one of ``first`` items."""
    it = iter(items)
    chunk = list(islice(it, first))
    while chunk:
        yield chunk
        chunk = list(islice(it, size))


def _in_order(
    slots: deque[Future[list[T]] | list[T]],
    chunks: Iterator[list[str | Reference]],
    limit: int,
    here: Callable[[list[str | Reference]], list[T]],
    submit: Callable[[list[str | Reference]], Future[list[T]]],
    given: dict[Future[list[T]], list[str | Reference]],
) -> Iterator[T]:
    """The results of ``slots`` (pool tasks, or chunks done here), in order: a finished
    task's next chunk goes to the pool; while the next result is not ready the calling
    process verifies a chunk itself (``here``); once the input is used up it takes back a
    queued chunk no worker has started, the last first, rather than wait."""
    while slots:
        head = slots[0]
        if isinstance(head, list):
            slots.popleft()
            yield from head
            continue
        if head.done() or len(slots) > 2 * limit:
            slots.popleft()
            del given[head]
            yield from head.result()
            nxt = next(chunks, None)  # keep the pool's queue as long as it was
            if nxt is not None:
                slots.append(submit(nxt))
            continue
        nxt = next(chunks, None)
        if nxt is not None:
            slots.append(here(nxt))  # work instead of waiting; kept in order
            continue
        # Input used up: take back a queued chunk no worker has started, the last
        # first, rather than wait while the pool works through its queue.
        for i in range(len(slots) - 1, 0, -1):
            task = slots[i]
            if not isinstance(task, list) and task.cancel():
                slots[i] = here(given.pop(task))
                break
        else:
            slots.popleft()
            del given[head]
            yield from head.result()


def verify_in_processes(
    references: Iterable[str | Reference],
    db: str | Path,
    render: Callable[[VerificationResult], T],
    *,
    complete: bool = False,
    workers: int = 2,
    chunk: int = CHUNK,
    ahead: int = AHEAD,
) -> Iterator[T]:
    """citations.verify.verify over ``references`` with the local index at ``db`` only, in
    ``workers`` processes, the calling one included; yields ``render(result)`` for each
    reference, in input order, lazily.

    The calling process verifies the first WARM references itself before any worker starts
    (so forked workers inherit its loaded model, compiled patterns and warm caches instead
    of each paying for them), then verifies a chunk whenever the next result in order is not ready
    yet, so it works rather than waits; ``workers - 1`` pool processes take the rest.

    Args: references: strings or parsed References (consumed as results are taken).
          db: an existing index file (opened read-only in each process).
          render: applied where the reference was verified (a module-level function or a
          partial of one, so that it pickles): what comes back is what it returns. A result
          unpickles at about 0.27 ms, its printed text at almost nothing, so the CLI
          renders there.
          complete: the index is exhaustive (see LocalIndex). workers: processes in all
          (>= 2; use iter_verify in-process for one). chunk: references per task. ahead:
          chunks queued per pool process.
    Raises: SourceError if an index cannot be opened (in a worker: when its chunk's result
          is taken); a bad reference is an UNPARSED result, never raised.
    """
    from citations.sources.local import LocalIndex

    chunks = _chunks(references, chunk, WARM)
    ctx = multiprocessing.get_context()
    with LocalIndex(db, complete=complete, read_only=True) as index:
        vocabulary = index.vocabulary() if ctx.get_start_method() == "fork" else None

        def here(items: list[str | Reference]) -> list[T]:
            return [render(r) for r in iter_verify(items, [index])]

        first = next(chunks, None)
        if first is None:
            return
        done_first = here(first)  # before the fork: workers inherit what it loaded
        pool = ProcessPoolExecutor(
            max(1, workers - 1),
            mp_context=ctx,
            initializer=_open,
            initargs=(str(db), complete, vocabulary),
        )
        limit = max(1, workers - 1) * ahead
        slots: deque[Future[list[T]] | list[T]] = deque()
        given: dict[Future[list[T]], list[str | Reference]] = {}  # queued chunks, by task

        def submit(items: list[str | Reference]) -> Future[list[T]]:
            task = pool.submit(_verify_chunk, items, render)
            given[task] = items
            return task

        try:
            for c in islice(chunks, limit):
                slots.append(submit(c))
            yield from done_first
            yield from _in_order(slots, chunks, limit, here, submit, given)
        finally:
            pool.shutdown(wait=True, cancel_futures=True)


__all__ = ["AHEAD", "CHUNK", "verify_in_processes"]
