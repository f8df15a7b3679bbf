"""Replay helpers: the recorded API responses in shared/data/api-fixtures (no network)."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from citations.sources.config import SourceConfig
from tests.conftest import DATA, need

API = DATA / "api-fixtures"

#: Tiny delays and backoffs so tests stay fast; no cache unless a test asks.
FAST = SourceConfig(
    timeout_s=2.0,
    delay_s=0.0,
    max_retries=2,
    backoff_s=0.001,
    max_backoff_s=0.005,
    max_retry_after_s=5.0,
)


@lru_cache(maxsize=1)
def index() -> list[dict[str, Any]]:
    return json.loads(need(API / "index.json").read_text(encoding="utf-8"))


def entry(file: str) -> dict[str, Any]:
    """The index.json entry of one recorded file (skips if the data is absent)."""
    for e in index():
        if e["file"] == file:
            return e
    raise KeyError(file)


def body(file: str) -> bytes:
    return need(API / file).read_bytes()


def serve(
    httpserver: Any,
    prefix: str,
    path: str,
    file: str,
    *,
    query: Any = None,
    method: str = "GET",
    headers: dict[str, str] | None = None,
) -> None:
    """Answer ``prefix + path`` with the recorded body, status and content type of ``file``."""
    e = entry(file)
    ctype = e.get("content_type") or "application/json"
    if " " in ctype and "(" in ctype:  # "application/json (not recorded)"
        ctype = ctype.split(" ", 1)[0]
    httpserver.expect_request(prefix + path, method=method, query_string=query).respond_with_data(
        body(file), status=e["status"], content_type=ctype, headers=headers
    )


def paths(httpserver: Any) -> list[str]:
    """Paths of the requests the server received, in order."""
    return [req.path for req, _ in httpserver.log]


__all__ = ["API", "FAST", "body", "entry", "index", "paths", "serve"]
