"""Reading reference strings, model first: the CRF labels every string, the title ranker
picks the title, and one normaliser per field cleans what was labelled
(:mod:`citations.reading.parse` declares the steps).

- :mod:`citations.reading.prepare`: cleaning, list marker, identifiers (direct).
- :mod:`citations.reading.label`: CRF labels and the ranked title.
- :mod:`citations.reading.fields`: one normaliser per field.
- :mod:`citations.reading.lists`: a bibliography block split into references.
- :mod:`citations.reading.format`: a Reference written back as a string.
"""

from __future__ import annotations

from citations.reading.format import format_reference, title_query_form
from citations.reading.lists import split_reference_list
from citations.reading.parse import (
    MAX_REFERENCE_CHARS,
    LabelledParser,
    ReferenceParser,
    is_parsed,
    parse_reference,
    parse_references,
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
