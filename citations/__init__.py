"""citations: verify the references an answer cites, usable alone.

    >>> from citations import LocalIndex, verify
    >>> index = LocalIndex.open("refs.sqlite")        # sciground index add FILE...
    >>> result = verify("Devlin et al. 2019. BERT: ...", [index])
    >>> result.verdict, result.differing, result.corrected

Stages, each callable alone: parse_reference (citations.parse), compare_fields
(citations.matching.fields), decide (citations.decide), corrected_reference (citations.resolve);
sources implement citations.sources.base.Source. Importing this package loads none
of its modules: each public name is imported on first use (annotations.lazy).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from annotations.lazy import lazy_exports

if TYPE_CHECKING:
    from citations.bibtex import parse_bibtex
    from citations.csl import parse_csl_json
    from citations.decide import Decision, decide
    from citations.errors import CheckerError, InputError, RateLimited, SourceError
    from citations.extract import extract_citations
    from citations.matching.base import CompareConfig
    from citations.matching.fields import compare_fields
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
    from citations.parse import parse_reference
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

__getattr__, __dir__ = lazy_exports(
    __name__,
    globals(),
    {
        "citations.bibtex": ("parse_bibtex",),
        "citations.csl": ("parse_csl_json",),
        "citations.decide": ("Decision", "decide"),
        "citations.errors": ("CheckerError", "InputError", "RateLimited", "SourceError"),
        "citations.extract": ("extract_citations",),
        "citations.matching.base": ("CompareConfig",),
        "citations.matching.fields": ("compare_fields",),
        "citations.model": (
            "Author",
            "Field",
            "FieldMatch",
            "FieldStatus",
            "Record",
            "Reference",
            "SourceType",
            "Verdict",
        ),
        "citations.parse": ("parse_reference",),
        "citations.resolve": ("corrected_reference", "format_record"),
        "citations.sources.base": ("Source",),
        "citations.sources.local": ("LocalIndex",),
        "citations.verify": (
            "Candidate",
            "SourceStatus",
            "VerificationResult",
            "VerifyConfig",
            "verify",
            "verify_many",
        ),
    },
)

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
