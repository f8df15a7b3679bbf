"""Reference strings -> :class:`~citations.model.Reference`, model first.

The pipeline, in order (each step reads what the one before wrote, none rewrites it):

1. :func:`citations.reading.prepare.prepare`: clean the text; read the list marker and the
   identifiers (DOI, arXiv id, URL), which have fixed forms, and cut them out.
2. :func:`citations.reading.label.label`: the CRF labels every token of what is left, and
   the title ranker picks the title span.
3. :data:`NORMALISERS`: one per field, in the order declared; each cleans the spans the
   labeller gave its field (``citations/reading/fields/<field>.py``). A normaliser that
   fails leaves its fields empty and adds a line to ``Reference.warnings``.

Direct paths: a single BibTeX entry is read by :mod:`citations.bibtex`; junk (binary,
control characters) gives a Reference with no fields.

A citation style read wrongly is fixed by adding labelled examples of it to the training
data and retraining (``python -m citations.crf.train``; docs: contributing, "Fix a
citation style"), not by a rule here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Protocol

from citations.crf.labeller import ReferenceLabeller
from citations.errors import InputError
from citations.model import Reference
from citations.reading.fields import (
    Reading,
    authors,
    kind,
    marker,
    pages,
    publisher,
    title,
    venue,
    volume,
    year,
)
from citations.reading.label import label
from citations.reading.prepare import Prepared, prepare

__all__ = [
    "LabelledParser",
    "MAX_REFERENCE_CHARS",
    "NORMALISERS",
    "ReferenceParser",
    "is_parsed",
    "parse_reference",
    "parse_references",
]

MAX_REFERENCE_CHARS = 20_000
"""Longest accepted reference string in characters; longer input is an InputError
(CiteAudit's longest real reference, an author roster, is 15,428)."""

Normaliser = Callable[[Reading, dict[str, object]], dict[str, object]]

NORMALISERS: tuple[tuple[str, Normaliser], ...] = (
    ("marker", marker.normalise),
    ("descriptor", kind.normalise_descriptor),
    ("authors", authors.normalise),
    ("year", year.normalise),
    ("title", title.normalise),
    ("volume", volume.normalise),
    ("pages", pages.normalise),
    ("venue", venue.normalise),
    ("publisher", publisher.normalise),
    ("kind", kind.normalise),
)
"""The field normalisers in the order they run (``citations/reading/fields/``)."""

_BIBTEX_START_RE = re.compile(r"^\s*@\s*[A-Za-z]+\s*[{(]\s*[^\s,{}()=]+\s*,")
_LETTER = re.compile(r"[^\W\d_]")


class ReferenceParser(Protocol):
    """Anything that turns one reference string into a Reference."""

    def parse(self, text: str) -> Reference: ...


class LabelledParser:
    """:func:`parse_reference` as a :class:`ReferenceParser`; ``labeller`` None takes the
    shipped model."""

    name = "crf"

    def __init__(self, labeller: ReferenceLabeller | None = None) -> None:
        self.labeller = labeller

    def parse(self, text: str) -> Reference:
        return parse_reference(text, labeller=self.labeller)


def is_parsed(ref: Reference) -> bool:
    """True when the parse found something to look up: a title, an identifier, or authors
    with a year. False means the string could not be read as a reference (Verdict.UNPARSED)."""
    return bool(ref.title or ref.doi or ref.arxiv_id or (ref.authors and ref.year))


def parse_reference(text: str, *, labeller: ReferenceLabeller | None = None) -> Reference:
    """Parse one reference string into fields (module docstring: the steps).

    Args: text: one reference as written (a leading "[3]" / "3." / bullet is kept as marker);
          a single BibTeX entry ("@article{key, ...}") is read with citations.bibtex.
          labeller: a loaded labeller; None takes the shipped model
          (:func:`citations.crf.default_labeller`).
    Returns: Reference with ``raw`` = the input and whatever fields were found;
        ``parser`` is "crf". Junk input gives a Reference with few or no fields.
    Raises: InputError for a non-string, an empty or blank string, or more than
        MAX_REFERENCE_CHARS characters.
    """
    if not isinstance(text, str):
        raise InputError(f"reference must be a string, got {type(text).__name__}")
    if not text.strip():
        raise InputError("empty reference string")
    if len(text) > MAX_REFERENCE_CHARS:
        raise InputError(
            f"reference string too long: {len(text)} characters (limit {MAX_REFERENCE_CHARS})"
        )
    if _BIBTEX_START_RE.match(text):
        from citations.bibtex import BadEntry, parse_bibtex

        items = parse_bibtex(text)
        if items and not isinstance(items[0], BadEntry):
            return items[0].model_copy(update={"raw": text})
    prepared = prepare(text)
    fields = _identifiers(prepared)
    if not _LETTER.search(prepared.body):
        return Reference(raw=text, marker=prepared.marker, parser="crf", **fields)
    reading = Reading(prepared, label(prepared.body, labeller))
    warnings: list[str] = []
    for name, normalise in NORMALISERS:
        try:
            fields.update(normalise(reading, fields))
        except Exception as exc:  # a normaliser's bug costs its field, not the reference
            warnings.append(f"{name} normaliser failed: {type(exc).__name__}: {exc}")
    return Reference(raw=text, parser="crf", warnings=tuple(warnings), **fields)


def _identifiers(p: Prepared) -> dict[str, object]:
    return {
        "doi": p.doi,
        "arxiv_id": p.arxiv.id if p.arxiv else None,
        "arxiv_version": p.arxiv.version if p.arxiv else None,
        "url": p.url,
    }


def parse_references(texts: Iterable[str]) -> list[Reference | InputError]:
    """Parse many strings; an unusable item gives its InputError in place, the batch goes on."""
    out: list[Reference | InputError] = []
    for t in texts:
        try:
            out.append(parse_reference(t))
        except InputError as exc:
            out.append(exc)
    return out
