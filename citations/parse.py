"""Reference strings -> :class:`~citations.model.Reference` (the entry points, kept here
for callers; the reader itself is :mod:`citations.reading`)."""

from __future__ import annotations

from citations.reading import (
    MAX_REFERENCE_CHARS,
    LabelledParser,
    ReferenceParser,
    format_reference,
    is_parsed,
    parse_reference,
    parse_references,
    split_reference_list,
    title_query_form,
)

__all__ = [
    "LabelledParser",
    "MAX_REFERENCE_CHARS",
    "ReferenceParser",
    "format_reference",
    "is_parsed",
    "parse_reference",
    "parse_references",
    "split_reference_list",
    "title_query_form",
]
