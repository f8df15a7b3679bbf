"""Errors the grounding pipeline raises (leaves of the tree in annotations/errors.py).

CheckerError
├── InputError(ValueError)   re-exported: empty answer, bad argument
├── PDFError                 unreadable, encrypted or textless PDF: path, page
└── JudgeError               backend failed or gave unparseable output: backend, model
    └── MissingCredentials   the message names the environment variable to set
"""

from __future__ import annotations

from annotations.errors import CheckerError, InputError


class PDFError(CheckerError):
    """The PDF cannot be used: missing, not a PDF, encrypted, or without a text layer.

    Attributes: path (str), page (1-based page number or None).
    """

    def __init__(self, message: str, *, path: str, page: int | None = None) -> None:
        where = f"{path}" + (f", page {page}" if page is not None else "")
        super().__init__(f"{where}: {message}")
        self.path = path
        self.page = page


class JudgeError(CheckerError):
    """A judge backend failed or returned output that does not validate.

    Attributes: backend (e.g. "rules", "llm"), model (name or None).
    """

    def __init__(self, message: str, *, backend: str, model: str | None = None) -> None:
        super().__init__(f"{backend}{'/' + model if model else ''}: {message}")
        self.backend = backend
        self.model = model


class MissingCredentials(JudgeError):
    """A model backend needs a credential; the message names the environment variable."""


__all__ = ["CheckerError", "InputError", "JudgeError", "MissingCredentials", "PDFError"]
