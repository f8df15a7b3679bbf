"""On-disk HTTP cache in SQLite for the online sources.

Key: SHA-256 of ``METHOD URL`` with the query parameters sorted and the polite-pool
``mailto`` dropped, plus the ``Accept`` header and, for POST, the body. Credentials
(``x-api-key``, ``Authorization``) are never part of the key nor stored. Stored:
status, content type, body bytes, time stored (Unix seconds). Only answers that are
results are stored: 2xx, and 400/404/410 (a DOI that does not exist is an answer);
429 and 5xx never are.

Layout: ``http(key TEXT PRIMARY KEY, url TEXT, status INT, ctype TEXT, body BLOB,
stored REAL)``. One connection guarded by a lock (safe from a thread pool).
Errors: a file that cannot be opened or written raises SourceError(source="cache").
"""

from __future__ import annotations

import hashlib
import sqlite3
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from citations.errors import SourceError

CACHEABLE = frozenset({400, 404, 410})
_DROP_PARAMS = frozenset({"mailto", "api_key"})
_KEY_HEADERS = ("accept",)


@dataclass(frozen=True, slots=True)
class CachedResponse:
    """A stored answer: HTTP status, content type, body bytes, stored at (Unix seconds)."""

    status: int
    content_type: str
    body: bytes
    stored: float


def cache_key(
    method: str, url: str, headers: Mapping[str, str] | None = None, body: bytes | None = None
) -> str:
    """The cache key (64 hex chars) of a request; see the module docstring."""
    parts = urlsplit(url)
    query = urlencode(
        sorted(
            (k, v)
            for k, v in parse_qsl(parts.query, keep_blank_values=True)
            if k not in _DROP_PARAMS
        )
    )
    canon = urlunsplit((parts.scheme, parts.netloc.lower(), parts.path, query, ""))
    h = hashlib.sha256(f"{method.upper()} {canon}".encode())
    low = {k.lower(): v for k, v in (headers or {}).items()}
    for name in _KEY_HEADERS:
        h.update(f"\n{name}: {low.get(name, '')}".encode())
    if body:
        h.update(b"\n\n" + body)
    return h.hexdigest()


class HttpCache:
    """SQLite HTTP cache (see module docstring).

    >>> cache = HttpCache("http.sqlite", ttl_s=86400)
    >>> cache.put(key, url, 200, "application/json", b"{}")
    >>> cache.get(key).body
    """

    def __init__(self, path: str | Path, ttl_s: float = 30 * 24 * 3600.0) -> None:
        self.path = str(path)
        self.ttl_s = ttl_s
        self.hits = 0
        self.misses = 0
        self._lock = threading.Lock()
        try:
            if self.path != ":memory:":
                Path(self.path).expanduser().parent.mkdir(parents=True, exist_ok=True)
                self.path = str(Path(self.path).expanduser())
            self._conn = sqlite3.connect(self.path, check_same_thread=False)
            self._conn.execute("PRAGMA journal_mode = WAL")
            self._conn.execute(
                "CREATE TABLE IF NOT EXISTS http (key TEXT PRIMARY KEY, url TEXT, status INT, "
                "ctype TEXT, body BLOB, stored REAL)"
            )
            self._conn.commit()
        except (sqlite3.Error, OSError) as exc:
            raise SourceError(f"cannot open HTTP cache {self.path}: {exc}", source="cache") from exc

    def get(self, key: str, *, now: float | None = None) -> CachedResponse | None:
        """The stored answer for ``key`` if younger than ttl_s, else None (counted as a miss)."""
        now = time.time() if now is None else now
        try:
            with self._lock:
                row = self._conn.execute(
                    "SELECT status, ctype, body, stored FROM http WHERE key=?", (key,)
                ).fetchone()
        except sqlite3.Error as exc:
            raise SourceError(f"cannot read HTTP cache {self.path}: {exc}", source="cache") from exc
        if row is None or now - float(row[3]) > self.ttl_s:
            with self._lock:
                self.misses += 1
            return None
        with self._lock:
            self.hits += 1
        return CachedResponse(int(row[0]), str(row[1] or ""), bytes(row[2]), float(row[3]))

    def put(self, key: str, url: str, status: int, content_type: str, body: bytes) -> None:
        """Store an answer (replacing an older one). Only 2xx and CACHEABLE statuses are
        stored; others are ignored."""
        if not (200 <= status < 300 or status in CACHEABLE):
            return
        try:
            with self._lock:
                self._conn.execute(
                    "INSERT OR REPLACE INTO http (key, url, status, ctype, body, stored) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    (key, url, status, content_type, body, time.time()),
                )
                self._conn.commit()
        except sqlite3.Error as exc:
            raise SourceError(
                f"cannot write HTTP cache {self.path}: {exc}", source="cache"
            ) from exc

    def __len__(self) -> int:
        with self._lock:
            return int(self._conn.execute("SELECT count(*) FROM http").fetchone()[0])

    @property
    def hit_rate(self) -> float:
        """hits / (hits + misses) in [0, 1]; 0.0 before any lookup."""
        total = self.hits + self.misses
        return self.hits / total if total else 0.0

    def close(self) -> None:
        with self._lock:
            self._conn.close()


__all__ = ["CACHEABLE", "CachedResponse", "HttpCache", "cache_key"]
