"""Identifiers: a cited DOI or arXiv id against a record's."""

from __future__ import annotations

import re

from citations.matching.base import field_match
from citations.model import Field, FieldMatch, FieldStatus
from citations.text.identifiers import doi_key

__all__ = ["arxiv_key", "compare_ids"]


def arxiv_key(arxiv_id: str) -> str:
    """arXiv id without "arXiv:" prefix or version suffix, lowercase."""
    a = arxiv_id.strip().lower()
    a = re.sub(r"^(?:https?://arxiv\.org/(?:abs|pdf)/|arxiv:)", "", a)
    a = re.sub(r"\.pdf$", "", a)
    return re.sub(r"v\d+$", "", a)


def compare_ids(field: Field, cited: str | None, found: str | None) -> FieldMatch:
    """DOI or arXiv id: MATCH if equal after normalisation, else CONFLICT; MISSING if absent."""
    if not cited or not found:
        return field_match(field, FieldStatus.MISSING, 0.0, cited, found)
    norm = doi_key if field is Field.DOI else arxiv_key
    if norm(cited) == norm(found):
        return field_match(field, FieldStatus.MATCH, 1.0, cited, found)
    return field_match(field, FieldStatus.CONFLICT, 0.0, cited, found)
