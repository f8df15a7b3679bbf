"""The bibliographic source interface: identifiers or a parsed reference in, records out.

Every source (the local SQLite index, and later Crossref, OpenAlex, arXiv, Semantic
Scholar over httpx) implements :class:`Source`; ``citations.verify`` needs nothing else.

    >>> index = LocalIndex.open("refs.sqlite")          # citations.sources.local
    >>> index.lookup_doi("10.18653/v1/P19-1001")        # Record | None
    >>> index.search(reference, limit=10)                # list[Record], best first

"Not found" is ``None`` or ``[]``; a source that cannot be consulted (network down,
corrupt database, HTTP 5xx after retries) raises :class:`~citations.errors.SourceError`.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from citations.model import Record, Reference


@runtime_checkable
class Source(Protocol):
    """A place that holds records of real works.

    ``name`` identifies the source in results (e.g. "local", "crossref").
    Optional attributes read with getattr by citations.verify:
    ``indexes`` (default ``{SourceType.PAPER}``): the work types the source can be expected
    to hold; a reference of another type that is not found is *unverified*, never
    *fabricated*. ``complete`` (default False): the source is exhaustive for those types,
    so "not found" there is evidence that the work does not exist (Crossref for DOIs, a
    benchmark store built to hold every real record). With no complete source consulted,
    a reference that nothing matches is *unverified*. ``covers_venue(venue) -> bool``
    (absent: every venue): whether a complete source holds that venue at all; a reference
    to a recognisable venue that no complete source covers is *unverified* (LocalIndex).
    ``lookup_doi`` is given the DOI in written form (verify normalises it first).
    """

    name: str

    def lookup_doi(self, doi: str) -> Record | None:
        """The record whose DOI is ``doi`` (any case, with or without https://doi.org/).
        Returns None if absent. Raises SourceError if the source cannot be consulted."""
        ...

    def lookup_arxiv(self, arxiv_id: str) -> Record | None:
        """The record with arXiv id ``arxiv_id`` (new "2101.00001" or old "cs/0101001"
        style, version suffix ignored). Returns None if absent. Raises SourceError."""
        ...

    def search(self, reference: Reference, limit: int = 10) -> list[Record]:
        """Candidate records for ``reference`` (title, authors, year), best first, at most
        ``limit``. Returns [] when nothing resembles it. Raises SourceError."""
        ...


__all__ = ["Source"]
