"""Settings of the online sources: one frozen object passed to every adapter.

    >>> cfg = SourceConfig(mailto="me@example.org", cache_path="~/.cache/sciground/http.sqlite")
    >>> CrossrefSource(config=cfg)

Defaults follow the services' published terms: Crossref asks for a ``mailto`` (polite
pool) and at most a few requests per second; arXiv asks for one request every 3 s
(https://info.arxiv.org/help/api/tou.html); Semantic Scholar allows about 1 request/s
with a key and fewer without one (https://www.semanticscholar.org/product/api).
The environment is never read here (the CLI reads it and builds a SourceConfig).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

#: Minimum seconds between two requests to one service when ``delay_s`` is None.
DEFAULT_DELAYS: Mapping[str, float] = MappingProxyType(
    {
        "crossref": 0.2,  # public pool: 5 req/s; polite pool more, 2025-12 limits
        "openalex": 0.1,  # 10 req/s documented maximum
        "arxiv": 3.0,  # arXiv API terms of use: one request every three seconds
        "semantic_scholar": 1.0,  # 1 req/s with an API key
        "datacite": 0.2,
        "europepmc": 0.1,
        "doi": 0.2,
        "web": 0.0,
    }
)


@dataclass(frozen=True, slots=True)
class SourceConfig:
    """How the online sources are called.

    timeout_s: connect/read timeout of one request, seconds.
    delay_s: minimum seconds between two requests to one service; None -> DEFAULT_DELAYS.
    rate_margin_s: added to every non-zero delay, seconds: absorbs scheduling jitter so
        the service sees at least the delay between two requests.
    max_retries: further tries after a 429, a 5xx or a timeout (0 = one try only).
    backoff_s: first backoff in seconds, doubled on each retry, capped at max_backoff_s;
        a Retry-After header (seconds or HTTP date) replaces it when present.
    max_retry_after_s: a longer Retry-After is not waited for: RateLimited at once.
    mailto: contact address for the Crossref and OpenAlex polite pools (sent as
        ``mailto=`` and in the User-Agent).
    api_key: Semantic Scholar key (``x-api-key`` header); never cached, never logged.
    offline: serve only from the cache; a miss raises SourceError (status None).
    cache_path: SQLite file of the HTTP cache (None: no cache; ":memory:" for tests).
    cache_ttl_s: how long a cached answer is served, seconds (default 30 days).
    allow_private_hosts: let web.py fetch loopback/private/link-local addresses.
    max_page_bytes: web.py reads at most this many bytes of a page.
    """

    timeout_s: float = 10.0
    delay_s: float | None = None
    rate_margin_s: float = 0.01
    max_retries: int = 3
    backoff_s: float = 1.0
    max_backoff_s: float = 30.0
    max_retry_after_s: float = 60.0
    mailto: str | None = None
    api_key: str | None = None
    offline: bool = False
    cache_path: str | Path | None = None
    cache_ttl_s: float = 30 * 24 * 3600.0
    allow_private_hosts: bool = False
    max_page_bytes: int = 2_000_000
    user_agent: str = "sciground/0.1 (citation verifier)"
    delays: Mapping[str, float] = field(default_factory=dict)

    def delay_for(self, source: str) -> float:
        """Seconds between two requests to ``source``: ``delays[source]``, else ``delay_s``,
        else DEFAULT_DELAYS (0.0 for an unknown source)."""
        if source in self.delays:
            return float(self.delays[source])
        if self.delay_s is not None:
            return float(self.delay_s)
        return DEFAULT_DELAYS.get(source, 0.0)

    def agent(self) -> str:
        """User-Agent header: ``user_agent`` plus ``mailto:`` when set."""
        return f"{self.user_agent} (mailto:{self.mailto})" if self.mailto else self.user_agent


DEFAULT_SOURCE_CONFIG = SourceConfig()

__all__ = ["DEFAULT_DELAYS", "DEFAULT_SOURCE_CONFIG", "SourceConfig"]
