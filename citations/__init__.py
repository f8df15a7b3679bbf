"""citations: verify the references an answer cites, usable alone.

    >>> from citations import LocalIndex, verify
    >>> index = LocalIndex.open("refs.sqlite")        # sciground index add FILE...
    >>> result = verify("Devlin et al. 2019. BERT: ...", [index])
    >>> result.verdict, result.differing, result.corrected

Stages, each callable alone: parse_reference (citations.parse), compare_fields
(citations.compare), decide (citations.decide), corrected_reference (citations.resolve);
sources implement citations.sources.base.Source. Importing this package loads no
network client and no parser state beyond pydantic models.
"""

from __future__ import annotations

from typing import Any

from citations.compare import CompareConfig, compare_fields
from citations.decide import Decision, decide
from citations.errors import CheckerError, InputError, RateLimited, SourceError
from citations.model import (
    Author,
    Field,
    FieldMatch,
    FieldStatus,
    Record,
    Reference,
    SourceType,
    Verdict,
)
from citations.resolve import corrected_reference, format_record
from citations.sources.base import Source
from citations.sources.local import LocalIndex
from citations.verify import (
    Candidate,
    SourceStatus,
    VerificationResult,
    VerifyConfig,
    verify,
    verify_many,
)

_LAZY = {"parse_reference": "citations.parse", "extract_citations": "citations.extract",
         "parse_bibtex": "citations.bibtex", "parse_csl_json": "citations.csl"}


def __getattr__(name: str) -> Any:
    """Parsers load on first use: ``citations.parse_reference`` etc."""
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'citations' has no attribute {name!r}")


__all__ = [
    "Author",
    "Candidate",
    "CheckerError",
    "CompareConfig",
    "Decision",
    "Field",
    "FieldMatch",
    "FieldStatus",
    "InputError",
    "LocalIndex",
    "RateLimited",
    "Record",
    "Reference",
    "Source",
    "SourceError",
    "SourceStatus",
    "SourceType",
    "Verdict",
    "VerificationResult",
    "VerifyConfig",
    "compare_fields",
    "corrected_reference",
    "decide",
    "extract_citations",
    "format_record",
    "parse_bibtex",
    "parse_csl_json",
    "parse_reference",
    "verify",
    "verify_many",
]
