"""The shared polite HTTP client of the online sources (the only httpx seam).

    >>> pc = PoliteClient("crossref", "https://api.crossref.org/", SourceConfig(mailto="me@x.org"))
    >>> resp = pc.get("works/10.1371/journal.pone.0033693", ok=(404,))
    >>> resp.status, resp.from_cache, len(resp.body)

What it does for every adapter:

- an injectable ``httpx.Client`` (tests pass their own; default: one with
  ``config.timeout_s`` and redirects followed) and a ``base_url`` that paths join to;
- the HTTP cache (cache.py) first; in offline mode the cache only;
- a per-source minimum delay between requests (:class:`RateLimiter`, thread-safe);
- retries after 429, 500/502/503/504, timeouts and transport errors, with exponential
  backoff (``backoff_s * 2**(attempt-1)``, capped) or the server's ``Retry-After``
  (seconds or HTTP date); a Retry-After above ``max_retry_after_s`` is not waited for;
  a 429's Retry-After is waited in the source's limiter, so it holds back every caller;
- every httpx exception mapped at the seam (:func:`map_httpx_error`): timeouts ->
  :class:`SourceTimeout`, still-throttled -> RateLimited, anything else -> SourceError,
  each with source, url, status (None without an HTTP answer) and attempt.

Statuses returned rather than raised: 2xx and those the caller lists in ``ok`` (e.g.
404 for a DOI lookup). Any other status raises SourceError(status=...).
"""

from __future__ import annotations

import email.utils
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Literal

import httpx

from citations.errors import RateLimited, SourceError
from citations.model import Record, Reference
from citations.sources.cache import HttpCache, cache_key
from citations.sources.config import DEFAULT_SOURCE_CONFIG, SourceConfig

RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})


class SourceTimeout(SourceError):
    """The source did not answer within ``timeout_s`` (after the retries); status None."""

    def __reduce__(self):  # type: ignore[no-untyped-def]
        return (_rebuild_timeout, (str(self), self.source, self.url, self.attempt))


def _rebuild_timeout(message: str, source: str, url: str | None, attempt: int) -> SourceTimeout:
    exc = SourceTimeout("", source=source, url=url, attempt=attempt)
    exc.args = (message,)
    return exc


def error_kind(exc: BaseException) -> Literal["timeout", "rate_limited", "error"]:
    """A per-source status word for an exception: "timeout", "rate_limited" or "error"."""
    if isinstance(exc, SourceTimeout):
        return "timeout"
    if isinstance(exc, RateLimited):
        return "rate_limited"
    return "error"


def is_outage(exc: BaseException) -> bool:
    """Whether an error says the source is unreachable rather than that one request was
    bad: a timeout, a transport error (connection refused, DNS, TLS, reset; after the
    retries) or a gateway status (502, 503, 504). An offline cache miss, a 4xx or a 429
    is not an outage."""
    if isinstance(exc, SourceTimeout):
        return True
    if isinstance(exc, SourceError) and exc.status in (502, 503, 504):
        return True
    return isinstance(exc.__cause__, httpx.TransportError)


def map_httpx_error(
    exc: Exception, *, source: str, url: str | None, attempt: int = 1
) -> SourceError:
    """The SourceError for an httpx exception (or any other): timeouts -> SourceTimeout,
    HTTPStatusError -> SourceError with its status, everything else -> SourceError
    (status None). Never raises."""
    if isinstance(exc, SourceError):
        return exc
    if isinstance(exc, httpx.TimeoutException):
        return SourceTimeout(
            f"timed out: {type(exc).__name__}", source=source, url=url, attempt=attempt
        )
    if isinstance(exc, httpx.HTTPStatusError):
        return SourceError(
            f"HTTP {exc.response.status_code}",
            source=source,
            url=url,
            status=exc.response.status_code,
            attempt=attempt,
        )
    return SourceError(f"{type(exc).__name__}: {exc}", source=source, url=url, attempt=attempt)


def parse_retry_after(value: str | None, *, now: float | None = None) -> float | None:
    """Seconds to wait from a Retry-After header: an integer of seconds or an HTTP date.
    None when absent or unreadable; never negative."""
    if not value:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    ref = datetime.fromtimestamp(time.time() if now is None else now, tz=UTC)
    return max(0.0, (when - ref).total_seconds())


class RateLimiter:
    """At most one request per ``interval_s`` seconds, shared by all threads.

    Each caller reserves the next free slot under a lock and sleeps outside it, so
    concurrent callers are spaced ``interval_s + margin_s`` apart in the order they
    arrived. margin_s (default 10 ms, only when interval_s > 0) absorbs the scheduling
    jitter between leaving the limiter and the request reaching the server, so the
    server sees at least ``interval_s`` between two requests.
    """

    def __init__(
        self,
        interval_s: float,
        *,
        margin_s: float = 0.01,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.interval_s = max(0.0, interval_s) + (margin_s if interval_s > 0 else 0.0)
        self._clock = clock
        self._sleep = sleep
        self._next = 0.0
        self._lock = threading.Lock()

    def defer(self, seconds: float) -> None:
        """No slot before ``seconds`` from now (a server's Retry-After holds back every
        caller of this limiter, not only the one that got the 429)."""
        with self._lock:
            self._next = max(self._next, self._clock() + max(0.0, seconds))

    def wait(self) -> float:
        """Block until this caller's slot; returns the seconds waited (>= 0)."""
        with self._lock:
            now = self._clock()
            start = max(now, self._next)
            if self.interval_s > 0:
                self._next = start + self.interval_s
        delay = start - now
        if delay > 0:
            self._sleep(delay)
        return delay


@dataclass(frozen=True, slots=True)
class Response:
    """An answer: HTTP status, body bytes, content type, final URL, whether from the cache."""

    status: int
    body: bytes
    content_type: str
    url: str
    from_cache: bool = False


class PoliteClient:
    """One service's HTTP access (see module docstring).

    source: the service name used in errors and for the delay (config.delay_for).
    base_url: where relative paths join ("https://api.crossref.org/"; in tests
    ``httpserver.url_for("/crossref/")``). client: an httpx.Client to use (not closed
    here); default: a new one owned by this object. cache: shared HttpCache or None
    (default: one at config.cache_path if set). sleep: injectable for tests (backoff and
    Retry-After waits; the rate limiter uses it as well).
    Counters: ``requests`` (requests sent over the network), ``cache_hits``.
    """

    def __init__(
        self,
        source: str,
        base_url: str,
        config: SourceConfig = DEFAULT_SOURCE_CONFIG,
        client: httpx.Client | None = None,
        cache: HttpCache | None = None,
        *,
        params: Mapping[str, str] | None = None,
        headers: Mapping[str, str] | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.source = source
        self.base_url = base_url if base_url.endswith("/") else base_url + "/"
        self.config = config
        self._own = client is None
        self.client = (
            client
            if client is not None
            else httpx.Client(timeout=config.timeout_s, follow_redirects=True)
        )
        if cache is None and config.cache_path is not None:
            cache = HttpCache(config.cache_path, ttl_s=config.cache_ttl_s)
        self.cache = cache
        self.params = dict(params or {})
        self.headers = {"User-Agent": config.agent(), **(headers or {})}
        self.limiter = RateLimiter(
            config.delay_for(source), margin_s=config.rate_margin_s, sleep=sleep
        )
        self._sleep = sleep
        self._count_lock = threading.Lock()
        self.requests = 0
        self.cache_hits = 0

    def url(self, path: str) -> str:
        """``path`` joined to base_url (an absolute http(s) URL is kept as is)."""
        if path.startswith(("http://", "https://")):
            return path
        return self.base_url + path.lstrip("/")

    def get(
        self,
        path: str,
        *,
        params: Mapping[str, str] | None = None,
        headers: Mapping[str, str] | None = None,
        ok: Iterable[int] = (),
    ) -> Response:
        """GET ``path``; see :meth:`request`."""
        return self.request("GET", path, params=params, headers=headers, ok=ok)

    def get_record(
        self,
        path: str,
        parse: Callable[[bytes], list[Record]],
        *,
        params: Mapping[str, str] | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> Record | None:
        """GET ``path`` for one work: None on 404, else the first record ``parse`` reads
        from the body (None if it reads none). Raises SourceError as :meth:`request`."""
        resp = self.get(path, params=params, headers=headers, ok=(404,))
        if resp.status == 404:
            return None
        recs = parse(resp.body)
        return recs[0] if recs else None

    def post(
        self,
        path: str,
        *,
        content: bytes,
        params: Mapping[str, str] | None = None,
        headers: Mapping[str, str] | None = None,
        ok: Iterable[int] = (),
    ) -> Response:
        """POST ``content`` (bytes, e.g. JSON) to ``path``; see :meth:`request`."""
        return self.request("POST", path, params=params, headers=headers, content=content, ok=ok)

    def _backoff(self, attempt: int) -> float:
        return float(min(self.config.max_backoff_s, self.config.backoff_s * 2 ** (attempt - 1)))

    def request(
        self,
        method: str,
        path: str,
        *,
        params: Mapping[str, str] | None = None,
        headers: Mapping[str, str] | None = None,
        content: bytes | None = None,
        ok: Iterable[int] = (),
    ) -> Response:
        """Send one request politely (cache, delay, retries; module docstring).

        Returns: Response for 2xx and statuses in ``ok``.
        Raises: SourceTimeout (no answer in time), RateLimited (429 after retries or a
        too-long Retry-After), SourceError (other statuses, transport errors, offline
        cache miss).
        """
        ok = frozenset(ok)
        merged = {**self.params, **(params or {})}
        req = self.client.build_request(
            method,
            self.url(path),
            params=merged or None,
            headers={**self.headers, **(headers or {})},
            content=content,
            timeout=self.config.timeout_s,
        )
        url = str(req.url)
        key = cache_key(method, url, {"accept": req.headers.get("accept", "")}, content)
        cached = self._from_cache(key, url, ok)
        if cached is not None:
            return cached
        if self.config.offline:
            raise SourceError("offline and not in the cache", source=self.source, url=url)
        attempts = self.config.max_retries + 1
        for attempt in range(1, attempts + 1):
            self.limiter.wait()
            with self._count_lock:
                self.requests += 1
            try:
                resp = self.client.send(req)
                body = resp.read()
            except Exception as exc:  # every httpx error is mapped here
                err = map_httpx_error(exc, source=self.source, url=url, attempt=attempt)
                retriable = isinstance(exc, httpx.TransportError)
                if retriable and attempt < attempts:
                    self._sleep(self._backoff(attempt))
                    continue
                raise err from exc
            status = resp.status_code
            if status in RETRY_STATUSES:
                self._wait_to_retry(resp, url, attempt, attempts)  # or raise: retries spent
                continue
            ctype = resp.headers.get("content-type", "")
            if 200 <= status < 300 or status in ok:
                if self.cache is not None:
                    self.cache.put(key, url, status, ctype, body)
                return Response(status, body, ctype, str(resp.url), False)
            raise SourceError(
                f"HTTP {status}", source=self.source, url=url, status=status, attempt=attempt
            )
        raise AssertionError("unreachable")  # pragma: no cover

    def _from_cache(self, key: str, url: str, ok: frozenset[int]) -> Response | None:
        """The cached answer under ``key`` if it is one :meth:`request` returns (2xx or a
        status in ``ok``), counted as a cache hit; else None."""
        if self.cache is None:
            return None
        hit = self.cache.get(key)
        if hit is None or not (200 <= hit.status < 300 or hit.status in ok):
            return None
        with self._count_lock:
            self.cache_hits += 1
        return Response(hit.status, hit.body, hit.content_type, url, True)

    def _wait_to_retry(self, resp: httpx.Response, url: str, attempt: int, attempts: int) -> None:
        """Wait before retrying ``resp``'s retriable status (Retry-After, else backoff; a
        429's Retry-After makes every caller wait). Raises: RateLimited (429) or SourceError
        when ``attempt`` was the last or Retry-After exceeds ``max_retry_after_s``."""
        status = resp.status_code
        wait = parse_retry_after(resp.headers.get("retry-after"))
        too_long = wait is not None and wait > self.config.max_retry_after_s
        if attempt < attempts and not too_long:
            if status == 429 and wait is not None:
                self.limiter.defer(wait)  # this caller and all others wait it out
            else:
                self._sleep(wait if wait is not None else self._backoff(attempt))
            return
        if status == 429:
            raise RateLimited(
                "still rate limited (HTTP 429)",
                source=self.source,
                url=url,
                attempt=attempt,
                retry_after_s=wait,
            )
        raise SourceError(
            f"HTTP {status}", source=self.source, url=url, status=status, attempt=attempt
        )

    def close(self) -> None:
        """Close the httpx.Client if this object created it."""
        if self._own:
            self.client.close()


class HttpSource:
    """Common constructor of the adapters: the thin class owning a PoliteClient.

    Subclasses set ``name``, ``indexes`` and ``BASE_URL`` and implement the Source
    methods. Args: client (httpx.Client, injected), base_url (default BASE_URL), config,
    cache (shared HttpCache), sleep (tests).
    """

    name = "http"
    BASE_URL = ""
    indexes: frozenset[object] = frozenset()

    def __init__(
        self,
        client: httpx.Client | None = None,
        base_url: str | None = None,
        config: SourceConfig = DEFAULT_SOURCE_CONFIG,
        cache: HttpCache | None = None,
        *,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.config = config
        self.http = PoliteClient(
            self.name,
            base_url or self.BASE_URL,
            config,
            client,
            cache,
            params=self._params(config),
            headers=self._headers(config),
            sleep=sleep,
        )

    def _params(self, config: SourceConfig) -> dict[str, str]:
        return {}

    def _headers(self, config: SourceConfig) -> dict[str, str]:
        return {}

    def lookup_doi(self, doi: str) -> Record | None:  # pragma: no cover - overridden
        raise NotImplementedError

    def lookup_arxiv(self, arxiv_id: str) -> Record | None:  # pragma: no cover - overridden
        raise NotImplementedError

    def search(self, reference: Reference, limit: int = 10) -> list[Record]:  # pragma: no cover
        raise NotImplementedError

    @property
    def requests(self) -> int:
        """Requests sent over the network so far."""
        return self.http.requests

    def close(self) -> None:
        self.http.close()


__all__ = [
    "HttpSource",
    "PoliteClient",
    "RETRY_STATUSES",
    "RateLimiter",
    "Response",
    "SourceTimeout",
    "error_kind",
    "is_outage",
    "map_httpx_error",
    "parse_retry_after",
]
