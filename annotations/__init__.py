"""The shared vocabulary: MMSciFact rows, labels, error codes; reading and scoring them.

Importing the package loads none of its modules: each public name is imported on first use
(annotations.lazy), so a command pays only for what it runs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from annotations.lazy import lazy_exports

if TYPE_CHECKING:
    from annotations.align import Alignment, align
    from annotations.errors import CheckerError, InputError, SchemaError
    from annotations.jsonl import dump_row, iter_rows, parse_row, read_rows, write_rows
    from annotations.layouts import Dataset, HydrateResult, dehydrate, hydrate, load_dataset
    from annotations.report import render_markdown, render_text
    from annotations.schema import (
        BoxAnnotation,
        ErrorSpan,
        ErrorTag,
        Label,
        PropagationType,
        QAPair,
        QuestionMeta,
        Role,
        SentenceAnnotation,
        sentence_id,
    )
    from annotations.score import (
        PRF,
        BootstrapInfo,
        EvidenceMetrics,
        GraphMetrics,
        GroupMetrics,
        Interval,
        LabelMetrics,
        Metrics,
        SpanMetrics,
        score,
    )

__getattr__, __dir__ = lazy_exports(
    __name__,
    globals(),
    {
        "annotations.errors": ("CheckerError", "InputError", "SchemaError"),
        "annotations.jsonl": ("dump_row", "iter_rows", "parse_row", "read_rows", "write_rows"),
        "annotations.align": ("Alignment", "align"),
        "annotations.layouts": ("Dataset", "HydrateResult", "dehydrate", "hydrate", "load_dataset"),
        "annotations.report": ("render_markdown", "render_text"),
        "annotations.score": (
            "PRF",
            "BootstrapInfo",
            "EvidenceMetrics",
            "GraphMetrics",
            "GroupMetrics",
            "Interval",
            "LabelMetrics",
            "Metrics",
            "SpanMetrics",
            "score",
        ),
        "annotations.schema": (
            "BoxAnnotation",
            "ErrorSpan",
            "ErrorTag",
            "Label",
            "PropagationType",
            "QAPair",
            "QuestionMeta",
            "Role",
            "SentenceAnnotation",
            "sentence_id",
        ),
    },
)

__all__ = [
    "Alignment",
    "BootstrapInfo",
    "BoxAnnotation",
    "CheckerError",
    "Dataset",
    "ErrorSpan",
    "ErrorTag",
    "EvidenceMetrics",
    "GraphMetrics",
    "GroupMetrics",
    "HydrateResult",
    "InputError",
    "Interval",
    "Label",
    "LabelMetrics",
    "Metrics",
    "PRF",
    "PropagationType",
    "QAPair",
    "QuestionMeta",
    "Role",
    "SchemaError",
    "SentenceAnnotation",
    "SpanMetrics",
    "align",
    "dehydrate",
    "dump_row",
    "hydrate",
    "iter_rows",
    "load_dataset",
    "parse_row",
    "read_rows",
    "render_markdown",
    "render_text",
    "score",
    "sentence_id",
    "write_rows",
]
