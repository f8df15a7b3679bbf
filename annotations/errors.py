"""Errors shared by every sciground package.

The tree (each package adds its own leaves in its errors.py)::

    CheckerError                  base of everything raised on purpose
    ├── InputError(ValueError)    the caller passed something unusable
    │   └── SchemaError           annotation file off-schema: path, line, field, pydantic errors
    ├── PDFError                  (grounding) unreadable, encrypted or textless PDF: path, page
    ├── SourceError               (citations) a bibliographic source failed: source, url, status
    │   └── RateLimited           (citations) still throttled after retries: retry_after_s
    └── JudgeError                (grounding) backend failed or gave unparseable output
        └── MissingCredentials    (grounding) names the environment variable to set

Errors carry facts as attributes and survive pickling (worker pools re-raise them).
"""

from __future__ import annotations

from typing import Any


class CheckerError(Exception):
    """Base of every error sciground raises on purpose."""

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (type(self), self.args, self.__dict__))


def _rebuild(cls: type[CheckerError], args: tuple[Any, ...], state: dict[str, Any]) -> CheckerError:
    err = cls.__new__(cls)
    Exception.__init__(err, *args)
    err.__dict__.update(state)
    return err


class InputError(CheckerError, ValueError):
    """The caller passed something unusable (empty answer, unknown file type, ...)."""


class SchemaError(InputError):
    """An annotation row is off-schema.

    Attributes: path (file or None), line (1-based or None), field (dotted path of the
    first bad field, e.g. ``annotations.3.label``), errors (pydantic's error list).
    """

    def __init__(
        self,
        message: str,
        *,
        path: str | None = None,
        line: int | None = None,
        field: str | None = None,
        errors: list[dict[str, Any]] | None = None,
    ) -> None:
        where = ":".join(str(p) for p in (path, line) if p is not None)
        full = f"{where}: {message}" if where else message
        if field:
            full += f" (field {field})"
        super().__init__(full)
        self.path = path
        self.line = line
        self.field = field
        self.errors = errors or []
