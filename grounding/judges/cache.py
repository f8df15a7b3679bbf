"""A response cache on disk (SQLite) for model judges: request key -> reply text.

Only replies that validated are stored, so a malformed reply is asked again next run. The key
is a SHA-256 of everything that shapes the reply (backend, model, prompt version, messages,
sampling options); the base URL and the API key are left out, so one cache serves the same
model behind several servers.

Usage::

    cache = ResponseCache("judge-cache.sqlite")
    key = cache_key({"model": "m", "messages": [...]})
    text = cache.get(key)          # None on a miss
    cache.put(key, reply_text, prompt_tokens=812, completion_tokens=95)

Thread-safe (one connection behind a lock); safe to share between judge threads. Errors: an
unwritable path raises :class:`grounding.errors.JudgeError` (backend "cache").
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from grounding.errors import JudgeError

_SCHEMA = """
CREATE TABLE IF NOT EXISTS responses (
    key TEXT PRIMARY KEY,
    reply TEXT NOT NULL,
    prompt_tokens INTEGER NOT NULL DEFAULT 0,
    completion_tokens INTEGER NOT NULL DEFAULT 0,
    created REAL NOT NULL
)
"""


def cache_key(request: dict[str, Any]) -> str:
    """SHA-256 hex digest of ``request`` as canonical JSON (sorted keys, no spaces)."""
    blob = json.dumps(request, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


@dataclass(frozen=True, slots=True)
class CachedReply:
    """A stored reply: its text and the tokens it cost when it was first asked."""

    reply: str
    prompt_tokens: int
    completion_tokens: int


class ResponseCache:
    """SQLite-backed map from request key to reply text (see module docstring)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        try:
            if self.path != ":memory:":
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            self._conn = sqlite3.connect(self.path, check_same_thread=False)
            self._conn.execute(_SCHEMA)
            self._conn.commit()
        except (OSError, sqlite3.Error) as exc:
            raise JudgeError(
                f"cannot open response cache {self.path}: {exc}", backend="cache"
            ) from exc
        self._lock = threading.Lock()

    def get(self, key: str) -> CachedReply | None:
        """The stored reply for ``key``, or None."""
        with self._lock:
            row = self._conn.execute(
                "SELECT reply, prompt_tokens, completion_tokens FROM responses WHERE key = ?",
                (key,),
            ).fetchone()
        return CachedReply(row[0], int(row[1]), int(row[2])) if row else None

    def put(
        self, key: str, reply: str, *, prompt_tokens: int = 0, completion_tokens: int = 0
    ) -> None:
        """Store (or replace) the reply for ``key``."""
        with self._lock:
            try:
                self._conn.execute(
                    "INSERT OR REPLACE INTO responses VALUES (?, ?, ?, ?, ?)",
                    (key, reply, prompt_tokens, completion_tokens, time.time()),
                )
                self._conn.commit()
            except sqlite3.Error as exc:
                raise JudgeError(
                    f"cannot write response cache {self.path}: {exc}", backend="cache"
                ) from exc

    def __len__(self) -> int:
        with self._lock:
            return int(self._conn.execute("SELECT COUNT(*) FROM responses").fetchone()[0])

    def close(self) -> None:
        with self._lock:
            self._conn.close()


__all__ = ["CachedReply", "ResponseCache", "cache_key"]
