"""Errors the citation verifier raises (leaves of the tree in annotations/errors.py).

    CheckerError
    ├── InputError(ValueError)   re-exported: unreadable reference file, bad argument
    └── SourceError              a bibliographic source failed: source, url, status, attempt
        └── RateLimited          still throttled after retries: retry_after_s

"Nothing found" is a result (Verdict.FABRICATED or UNVERIFIED), never an exception.
"""

from __future__ import annotations

from annotations.errors import CheckerError, InputError


class SourceError(CheckerError):
    """A bibliographic source could not be consulted.

    Attributes: source (e.g. "crossref"), url (or None), status (HTTP status or None for
    timeouts and connection errors), attempt (1-based count of tries made).
    """

    def __init__(
        self,
        message: str,
        *,
        source: str,
        url: str | None = None,
        status: int | None = None,
        attempt: int = 1,
    ) -> None:
        super().__init__(f"{source}: {message}" + (f" ({url})" if url else ""))
        self.source = source
        self.url = url
        self.status = status
        self.attempt = attempt


class RateLimited(SourceError):
    """The source still throttles after the retries; retry_after_s from Retry-After or None."""

    def __init__(
        self,
        message: str,
        *,
        source: str,
        url: str | None = None,
        status: int | None = 429,
        attempt: int = 1,
        retry_after_s: float | None = None,
    ) -> None:
        super().__init__(message, source=source, url=url, status=status, attempt=attempt)
        self.retry_after_s = retry_after_s


__all__ = ["CheckerError", "InputError", "RateLimited", "SourceError"]
