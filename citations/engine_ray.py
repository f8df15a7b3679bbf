"""Reference audits on a Ray cluster, and the pieces both Ray engines share.

``sciground refs verify --engine ray`` (and ``check --batch`` / ``eval``, through
grounding.engine_ray) hand their work to Ray tasks instead of this process:

    >>> results = verify_references_ray(refs, VerifierOptions(db=Path("acl.sqlite")))
    >>> for res in results: ...                      # in input order, as chunks finish

What is shared, and how:

- **Order and nothing twice.** Workers return results; only the driver writes, in input
  order (:func:`ordered`: a reorder buffer bounded by ``RayOptions.max_in_flight`` tasks).
  A task whose worker dies is retried by Ray (``max_retries``); as its result reaches the
  driver once, no row is written twice. A task that still fails gives each of its items a
  :class:`TaskFailed`, which the engine reports in its place; the others go on.
- **Rate limits, cluster-wide.** One :class:`RateService` actor per online source reserves
  request slots (``citations.sources.http.RateLimiter`` inside the actor): every worker's
  PoliteClient asks it before each request and sleeps for the returned delay, so N workers
  together keep the source's delay (``SourceConfig.delay_for``) instead of N times its rate.
- **HTTP cache.** One :class:`CacheService` actor owns the SQLite cache file
  (citations.sources.cache.HttpCache), pinned to the driver's node: the file sits on the
  driver's local disk and only that process opens it, so SQLite never has two writers
  from two machines (its locking over a network file system is not reliable). Workers get
  and put through it (:class:`ActorCache`). A cache answer costs one actor call (about a
  millisecond), far below any source's polite delay.
- **Resume.** ``VerifierOptions.checkpoint`` is written by the driver in the format of
  citations.sources.online.verify_batch (``{"i", "key", "result"}`` lines), so a run of
  either engine resumes the other's; a failed task is not checkpointed (retried on resume).

Assumption: the local index file (``--db``) and the PDFs are at a path every node can read
(a shared file system, or the same path on each node); workers open the index read-mostly.
Ray is imported only inside this module's functions (the ``ray`` extra).
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from citations.engines import INSTALL_HINT, RayOptions
from citations.errors import InputError, SourceError
from citations.model import Reference, Verdict
from citations.runner import VerifierOptions, default_cache_path, verify_references
from citations.sources.cache import CachedResponse, HttpCache
from citations.sources.http import PoliteClient, RateLimiter
from citations.sources.online import checkpoint_key
from citations.verify import VerificationResult, to_reference


@dataclass(frozen=True, slots=True)
class TaskFailed:
    """An item whose task failed for good (worker lost after the retries, or an error
    outside the per-item handling): ``message`` says why."""

    message: str


def require_ray() -> Any:
    """The ray module. Raises InputError with the install hint when it is absent."""
    try:
        import ray
    except ImportError:
        raise InputError(INSTALL_HINT) from None
    return ray


@contextmanager
def ray_session(address: str | None) -> Iterator[Any]:
    """The ray module, initialised: an existing ray.init() of this process is used as is;
    otherwise Ray joins ``address`` (or starts a local instance) and is shut down on exit."""
    ray = require_ray()
    started = not ray.is_initialized()
    if started:
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(include_dashboard=False, log_to_driver=False)
    try:
        yield ray
    finally:
        if started:
            ray.shutdown()


def in_flight(ray: Any, options: RayOptions) -> int:
    """RayOptions.max_in_flight, or 2 tasks per CPU slot of the cluster."""
    if options.max_in_flight:
        return max(1, options.max_in_flight)
    cpus = float(ray.cluster_resources().get("CPU", 1.0))
    return max(2, int(2 * cpus / max(options.task_cpus, 0.01)))


def describe_failure(exc: BaseException, retries: int) -> str:
    """One line for a task that failed for good: the exception a task raised (RayTaskError's
    cause), or the system failure after Ray's retries."""
    cause = getattr(exc, "cause", None)
    if isinstance(cause, BaseException):
        return f"{type(cause).__name__}: {cause}"
    first = (str(exc).strip().splitlines() or [""])[0]
    return f"{type(exc).__name__} (after {retries} retries): {first}"


def ordered(
    ray: Any,
    total: int,
    prefilled: Mapping[int, Any],
    batches: Iterable[tuple[Sequence[int], Callable[[], Any]]],
    *,
    max_in_flight: int,
    lookahead: int,
    retries: int,
    tick: Callable[[], None] = lambda: None,
    tick_s: float = 1.0,
) -> Generator[tuple[int, Any], None, None]:
    """(i, value) for i = 0 .. total-1, in order, as the tasks finish.

    prefilled: values known without a task. batches: (indices, submit) pairs in order of
    their first index; ``submit()`` starts a Ray task whose result is a list of (i, value)
    for those indices. Backpressure: at most ``max_in_flight`` tasks run at once, and a
    batch starts only when its first index is below the next index to yield plus
    ``lookahead``, so the reorder buffer holds at most about lookahead items. A batch whose
    task fails for good gives TaskFailed for each of its indices. tick() is called at
    least every ``tick_s`` seconds while waiting. Pending tasks are cancelled when the
    generator is closed early (an interrupted run).
    """
    from ray.exceptions import RayError

    buffer: dict[int, Any] = dict(prefilled)
    pending: dict[Any, Sequence[int]] = {}
    source = iter(batches)
    upcoming = next(source, None)
    nxt = 0
    try:
        while nxt < total:
            while nxt in buffer:
                yield nxt, buffer.pop(nxt)
                nxt += 1
            if nxt >= total:
                break
            while (
                upcoming is not None
                and len(pending) < max(1, max_in_flight)
                and (not pending or min(upcoming[0]) < nxt + lookahead)
            ):
                indices, submit = upcoming
                pending[submit()] = indices
                upcoming = next(source, None)
            if not pending:
                raise AssertionError(f"item {nxt} was in no batch")  # pragma: no cover
            ready, _ = ray.wait(list(pending), num_returns=1, timeout=tick_s)
            tick()
            for ref in ready:
                indices = pending.pop(ref)
                try:
                    for i, value in ray.get(ref):
                        buffer[i] = value
                except RayError as exc:
                    failed = TaskFailed(describe_failure(exc, retries))
                    for i in indices:
                        buffer[i] = failed
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)


@dataclass
class Progress:
    """Progress lines on the driver's stderr: items done, items/s, failures.

    ``item(failed)`` counts one item written; ``tick()`` prints a line when ``every_s``
    seconds have passed since the last one; ``close()`` prints the final line."""

    total: int
    what: str = "rows"
    every_s: float = 10.0
    done: int = 0
    failed: int = 0
    started: float = field(default_factory=time.monotonic)
    _last: float = 0.0

    def item(self, failed: bool = False) -> None:
        self.done += 1
        self.failed += int(failed)

    def line(self) -> str:
        secs = max(time.monotonic() - self.started, 1e-9)
        return (
            f"ray: {self.done}/{self.total} {self.what} done, {self.done / secs:.3g} "
            f"{self.what}/s, {self.failed} failed"
        )

    def tick(self) -> None:
        now = time.monotonic()
        if now - max(self._last, self.started) >= self.every_s:
            self._last = now
            print(self.line(), file=sys.stderr)

    def close(self) -> None:
        print(self.line(), file=sys.stderr)


# ---------------------------------------------------------------------- shared HTTP state


class RateService:
    """Ray actor body: request slots for one source, for every worker of the cluster.

    reserve(interval_s) -> seconds the caller must wait before sending (>= 0); callers are
    spaced ``interval_s`` apart in the order their calls reach the actor (the interval of
    the first call is kept). The caller's PoliteClient adds its own margin to interval_s.
    defer(seconds): a Retry-After seen by one worker holds back all of them.
    """

    def __init__(self) -> None:
        self._limiter: RateLimiter | None = None

    def reserve(self, interval_s: float) -> float:
        if self._limiter is None:
            self._limiter = RateLimiter(interval_s, margin_s=0.0, sleep=lambda s: None)
        return self._limiter.wait()

    def defer(self, seconds: float) -> None:
        """No slot for any worker before ``seconds`` from now (a 429's Retry-After)."""
        if self._limiter is not None:
            self._limiter.defer(seconds)


class CacheService:
    """Ray actor body: the one owner of the SQLite HTTP cache file (HttpCache)."""

    def __init__(self, path: str, ttl_s: float) -> None:
        self._cache = HttpCache(path, ttl_s=ttl_s)

    def get(self, key: str) -> CachedResponse | None:
        return self._cache.get(key)

    def put(self, key: str, url: str, status: int, content_type: str, body: bytes) -> None:
        self._cache.put(key, url, status, content_type, body)

    def stats(self) -> tuple[int, int, int]:
        """(hits, misses, entries)."""
        return self._cache.hits, self._cache.misses, len(self._cache)


class ActorRateLimiter(RateLimiter):
    """A RateLimiter whose slots come from a RateService actor (cluster-wide)."""

    def __init__(
        self, actor: Any, interval_s: float, sleep: Callable[[float], None] = time.sleep
    ) -> None:
        super().__init__(interval_s, margin_s=0.0, sleep=sleep)
        self._actor = actor

    def wait(self) -> float:
        import ray

        delay = float(ray.get(self._actor.reserve.remote(self.interval_s)))
        if delay > 0:
            self._sleep(delay)
        return delay

    def defer(self, seconds: float) -> None:
        import ray

        ray.get(self._actor.defer.remote(seconds))


class ActorCache(HttpCache):
    """An HttpCache whose entries live in a CacheService actor (one file, one writer).

    Errors: a failing actor call raises SourceError(source="cache"), as HttpCache does."""

    def __init__(self, actor: Any, path: str, ttl_s: float) -> None:  # noqa: D107
        # no SQLite connection here: every call goes to the actor
        self.path = path
        self.ttl_s = ttl_s
        self.hits = 0
        self.misses = 0
        self._actor = actor

    def _call(self, method: str, *args: object) -> Any:
        import ray

        try:
            return ray.get(getattr(self._actor, method).remote(*args))
        except Exception as exc:
            raise SourceError(f"HTTP cache {self.path} (Ray actor): {exc}", source="cache") from exc

    def get(self, key: str, *, now: float | None = None) -> CachedResponse | None:
        hit: CachedResponse | None = self._call("get", key)
        if hit is None:
            self.misses += 1
        else:
            self.hits += 1
        return hit

    def put(self, key: str, url: str, status: int, content_type: str, body: bytes) -> None:
        self._call("put", key, url, status, content_type, body)

    def __len__(self) -> int:
        return int(self._call("stats")[2])

    def close(self) -> None:
        pass


@dataclass(frozen=True)
class ClusterHttp:
    """What every worker's online sources share: one RateService per source name and the
    CacheService (None: no cache). Picklable (actor handles); called on a Cascade it
    swaps each PoliteClient's limiter and cache for the cluster-wide ones
    (``VerifierOptions.attach_http``)."""

    limiters: Mapping[str, Any]
    cache: Any | None = None
    cache_path: str = ""
    cache_ttl_s: float = 30 * 24 * 3600.0

    def __call__(self, cascade: Any) -> None:
        shared = (
            ActorCache(self.cache, self.cache_path, self.cache_ttl_s)
            if self.cache is not None
            else None
        )
        for name, src in getattr(cascade, "sources", {}).items():
            http = getattr(src, "http", None)
            if not isinstance(http, PoliteClient):
                continue
            actor = self.limiters.get(name)
            if actor is not None:
                http.limiter = ActorRateLimiter(actor, http.limiter.interval_s, http._sleep)
            http.cache = shared
        cascade.cache = shared


def cluster_http(
    ray: Any,
    names: Iterable[str],
    cache_path: str | Path | None,
    cache_ttl_s: float = 30 * 24 * 3600.0,
) -> ClusterHttp:
    """Start one RateService per source name and, when ``cache_path`` is given, the
    CacheService on this (the driver's) node. The actors live as long as this driver."""
    from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

    rate = ray.remote(RateService).options(num_cpus=0, max_restarts=3, max_task_retries=3)
    limiters = {name: rate.remote() for name in dict.fromkeys(names)}
    if cache_path is None:
        return ClusterHttp(limiters)
    here = NodeAffinitySchedulingStrategy(ray.get_runtime_context().get_node_id(), soft=False)
    path = str(Path(cache_path).expanduser().resolve())
    cache = (
        ray.remote(CacheService)
        .options(num_cpus=0, max_restarts=3, max_task_retries=3, scheduling_strategy=here)
        .remote(path, cache_ttl_s)
    )
    return ClusterHttp(limiters, cache, path, cache_ttl_s)


def shared_sources(ray: Any, options: VerifierOptions) -> VerifierOptions:
    """``options`` whose online cascades, wherever a worker builds them, use this run's
    cluster-wide rate limiters and the HTTP cache at ``options.cache_path`` (default: the
    user cache directory) on the driver's node."""
    return replace(
        options,
        attach_http=cluster_http(
            ray, options.online_sources, options.cache_path or default_cache_path()
        ),
    )


# ---------------------------------------------------------------------- refs verify on Ray


def _verify_chunk(
    options: VerifierOptions, items: Sequence[tuple[int, str | Reference]]
) -> list[tuple[int, VerificationResult]]:
    """Ray task: verify_references over one chunk, exactly as the local engine does."""
    results = verify_references([r for _, r in items], options)
    return [(i, res) for (i, _), res in zip(items, results)]


def read_checkpoint(
    path: Path | None, references: Sequence[str | Reference]
) -> dict[int, VerificationResult]:
    """Results already in a checkpoint file (verify_batch's format), by position; an entry
    whose raw string differs from the reference now at its position, or a torn line, is
    ignored."""
    done: dict[int, VerificationResult] = {}
    if path is None or not path.is_file():
        return done
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            row = json.loads(line)
            i = int(row["i"])
            if 0 <= i < len(references) and row["key"] == checkpoint_key(references[i]):
                done[i] = VerificationResult.model_validate(row["result"])
        except (ValueError, KeyError, TypeError):
            continue
    return done


def _failed_result(item: str | Reference, message: str) -> VerificationResult:
    try:
        ref = to_reference(item)
    except InputError:
        ref = Reference(raw=item.raw if isinstance(item, Reference) else (str(item) or " "))
    return VerificationResult(
        reference=ref,
        verdict=Verdict.UNVERIFIED,
        reason=f"could not check: the Ray task failed: {message}",
    )


_DEFAULT_RAY = RayOptions()


def verify_references_ray(
    references: Sequence[str | Reference],
    options: VerifierOptions,
    ray_options: RayOptions = _DEFAULT_RAY,
) -> Iterator[VerificationResult]:
    """citations.runner.verify_references on Ray: one result per reference, in input order,
    yielded as chunks of ``ray_options.group_size`` references finish.

    Online sources share one rate limiter per source and the HTTP cache (module
    docstring); ``options.checkpoint`` makes the run resumable (driver-written). A chunk
    whose task fails for good gives UNVERIFIED results saying so, never FABRICATED.
    Raises: InputError when Ray is not installed or a source name is unknown.
    """
    refs = list(references)
    done = read_checkpoint(options.checkpoint, refs)
    todo = [i for i in range(len(refs)) if i not in done]
    with ray_session(ray_options.address) as ray:
        progress = Progress(len(todo), "references", ray_options.progress_s)
        # the progress listener (on_event) lives on the driver: workers get none
        work = replace(options, checkpoint=None, on_event=None)
        if options.online_sources:
            work = shared_sources(ray, work)
        shared = ray.put(work)
        task = ray.remote(_verify_chunk).options(
            num_cpus=ray_options.task_cpus, max_retries=ray_options.max_retries
        )
        size = max(1, ray_options.group_size)
        chunks = [todo[k : k + size] for k in range(0, len(todo), size)]

        def submit(chunk: list[int]) -> Callable[[], Any]:
            return lambda: task.remote(shared, [(i, refs[i]) for i in chunk])

        fh = options.checkpoint.open("a", encoding="utf-8") if options.checkpoint else None
        stream = ordered(
            ray,
            len(refs),
            done,
            ((c, submit(c)) for c in chunks),
            max_in_flight=in_flight(ray, ray_options),
            lookahead=4 * size * in_flight(ray, ray_options),
            retries=ray_options.max_retries,
            tick=progress.tick,
        )
        try:
            for i, value in stream:
                if i in done:
                    yield value
                    continue
                if isinstance(value, TaskFailed):
                    progress.item(failed=True)
                    yield _failed_result(refs[i], value.message)
                    continue
                if fh is not None:
                    fh.write(
                        json.dumps(
                            {
                                "i": i,
                                "key": checkpoint_key(refs[i]),
                                "result": value.model_dump(mode="json"),
                            }
                        )
                        + "\n"
                    )
                    fh.flush()
                progress.item()
                yield value
        finally:
            stream.close()
            if fh is not None:
                fh.close()
            progress.close()


__all__ = [
    "ActorCache",
    "ActorRateLimiter",
    "CacheService",
    "ClusterHttp",
    "Progress",
    "RateService",
    "TaskFailed",
    "cluster_http",
    "describe_failure",
    "in_flight",
    "ordered",
    "ray_session",
    "read_checkpoint",
    "require_ray",
    "shared_sources",
    "verify_references_ray",
]
