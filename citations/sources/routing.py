"""Route a DOI to the registration agency's API that holds its metadata.

Crossref registers most journal and conference DOIs; DataCite registers arXiv's
(10.48550/arXiv.*), Zenodo's, Dryad's, Dagstuhl's and most repositories' DOIs, which
answer 404 at Crossref although they exist. Rules:

- a prefix known to be DataCite's (:data:`DATACITE_PREFIXES`) goes to DataCite only;
- any other DOI goes to Crossref first, and to DataCite when Crossref answers 404 (or
  fails); doi.org content negotiation (any agency: mEDRA, JaLC, KISTI...) comes last
  when a DoiSource is configured.

    >>> route_doi("10.48550/arXiv.2311.16162")
    ('datacite', 'doi')
    >>> route_doi("10.1371/journal.pone.0033693")
    ('crossref', 'datacite', 'doi')
"""

from __future__ import annotations

from collections.abc import Mapping

from citations.errors import SourceError
from citations.model import Record, Reference, SourceType
from citations.sources.base import Source
from citations.text.identifiers import normalize_doi

#: DOI prefixes registered with DataCite (source: each repository's DOI documentation).
DATACITE_PREFIXES = frozenset(
    {
        "10.48550",  # arXiv
        "10.5281",  # Zenodo
        "10.5061",  # Dryad
        "10.4230",  # Schloss Dagstuhl (LIPIcs, OASIcs)
        "10.6084",  # figshare
        "10.17632",  # Mendeley Data
        "10.7910",  # Harvard Dataverse
        "10.5517",  # ETH Zurich Research Collection
        "10.18419",  # DaRUS Stuttgart
        "10.14264",  # University of Queensland eSpace
    }
)


def doi_prefix(doi: str) -> str:
    """``10.48550`` for ``10.48550/arXiv.2311.16162`` (resolver prefixes dropped)."""
    n = normalize_doi(doi) or doi.strip()
    return n.split("/", 1)[0].lower()


def agency_hint(doi: str) -> str | None:
    """ "datacite" for a known DataCite prefix, else None (unknown: try Crossref first)."""
    return "datacite" if doi_prefix(doi) in DATACITE_PREFIXES else None


def route_doi(doi: str) -> tuple[str, ...]:
    """Source names to ask for ``doi``, in order (module docstring); stop at the first
    that holds it."""
    if agency_hint(doi) == "datacite":
        return ("datacite", "doi")
    return ("crossref", "datacite", "doi")


class DoiRouter:
    """A DOI-only :class:`Source` over the agencies' sources (by name: "crossref",
    "datacite", "doi"); absent ones are skipped. A failure is raised only when no
    source holds the DOI and one of them failed (so "not found" stays trustworthy)."""

    name = "doi-router"
    indexes = frozenset({SourceType.PAPER, SourceType.DATASET, SourceType.SOFTWARE})

    def __init__(self, sources: Mapping[str, Source]) -> None:
        self.sources = dict(sources)

    def lookup_doi(self, doi: str) -> Record | None:
        failure: SourceError | None = None
        for name in route_doi(doi):
            src = self.sources.get(name)
            if src is None:
                continue
            try:
                rec = src.lookup_doi(doi)
            except SourceError as exc:
                failure = failure or exc
                continue
            if rec is not None:
                return rec
        if failure is not None:
            raise failure
        return None

    def lookup_arxiv(self, arxiv_id: str) -> Record | None:
        src = self.sources.get("datacite")
        return src.lookup_arxiv(arxiv_id) if src is not None else None

    def search(self, reference: Reference, limit: int = 10) -> list[Record]:
        return []


__all__ = ["DATACITE_PREFIXES", "DoiRouter", "agency_hint", "doi_prefix", "route_doi"]
