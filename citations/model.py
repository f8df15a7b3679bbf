"""Value types of the citation verifier: parsed references, index records, field
comparisons and verdicts.

A *reference string* is what an answer or a bibliography cites; parsing it gives a
:class:`Reference`. A *record* is what a bibliographic source (the local index, Crossref,
OpenAlex, ...) holds about a real work; a *candidate* is a record retrieved for a reference.
"""

from __future__ import annotations

from enum import Enum

from pydantic import BaseModel, ConfigDict
from pydantic import Field as PydField

_FROZEN = ConfigDict(frozen=True, extra="forbid")


class SourceType(str, Enum):
    """What kind of work a reference points to."""

    PAPER = "paper"
    BOOK = "book"
    WEB = "web"
    DATASET = "dataset"
    SOFTWARE = "software"
    REPORT = "report"
    THESIS = "thesis"
    LEGAL = "legal"
    UNKNOWN = "unknown"


class Author(BaseModel):
    """One author: family name (with particle, e.g. "van der Berg"), given names or initials."""

    model_config = _FROZEN
    family: str
    given: str = ""
    particle: str = ""
    literal: bool = False  # a corporate / organisation author kept whole


class Reference(BaseModel):
    """The fields parsed from one reference string (all optional but ``raw``)."""

    model_config = _FROZEN
    raw: str
    title: str | None = None
    authors: tuple[Author, ...] = ()
    et_al: bool = False
    year: int | None = None
    venue: str | None = None
    volume: str | None = None
    issue: str | None = None
    pages: str | None = None
    publisher: str | None = None
    address: str | None = None  # place of publication or conference location
    doi: str | None = None
    arxiv_id: str | None = None
    arxiv_version: int | None = None
    url: str | None = None
    source_type: SourceType = SourceType.UNKNOWN
    type_descriptor: str | None = None
    marker: str | None = None  # as cited in the text: "[3]", "Lo et al., 2020"
    parser: str = "rules"
    month: int | None = None  # 1-12 (BibTeX ``month``, macro or name or number)
    note: str | None = None  # BibTeX ``note``, LaTeX decoded
    warnings: tuple[str, ...] = ()  # what the parser had to guess (undefined macros, ...)


class Record(BaseModel):
    """A real work as a bibliographic source holds it (the local index or an online API).

    ``source`` names where it came from ("acl-anthology", "crossref", ...); ``id`` is that
    source's identifier for it.
    """

    model_config = _FROZEN
    source: str
    id: str
    title: str
    authors: tuple[Author, ...] = ()
    year: int | None = None
    #: the years of the work's other dates as the source gives them, ``(kind, year)``:
    #: kind "print", "online" (online first), "issue" (the journal issue), "posted"
    #: (a preprint server), "issued", "updated" (a later version); a cited year equal to
    #: any of them is right (matching.fields.compare_fields notes which). Left out of dumps when
    #: empty, so records serialised before it (checkpoints, the local index) read the same.
    dates: tuple[tuple[str, int], ...] = PydField(default=(), exclude_if=lambda v: not v)
    venue: str | None = None
    volume: str | None = None
    issue: str | None = None
    pages: str | None = None
    publisher: str | None = None
    address: str | None = None  # place of publication or conference location
    doi: str | None = None
    arxiv_id: str | None = None
    url: str | None = None
    source_type: SourceType = SourceType.PAPER
    #: the work's abstract as the source serves it (plain text, markup dropped), when it
    #: sends one: OpenAlex abstract_inverted_index, arXiv summary, Semantic Scholar and
    #: Crossref abstract, Europe PMC abstractText; None otherwise. Left out of dumps, so
    #: serialised records (checkpoints, JSON output, the local index) are as before.
    abstract: str | None = PydField(default=None, exclude=True)
    #: update notices published about this work, by type as Crossref names them
    #: ("correction", "expression_of_concern", "retraction", ...; ``updated-by``)
    notices: tuple[str, ...] = ()
    #: DOIs this record is itself a notice about (Crossref ``update-to``): a correction
    #: or retraction notice, never the cited work
    updates: tuple[str, ...] = ()


#: Notice types that withdraw a work (Crossref update types); the others (correction,
#: erratum, corrigendum, expression_of_concern, addendum, new_version ...) leave it standing.
RETRACTING_NOTICES = frozenset({"retraction", "withdrawal", "removal"})


class Field(str, Enum):
    """Fields compared between a reference and a record."""

    TITLE = "title"
    AUTHORS = "authors"
    YEAR = "year"
    VENUE = "venue"
    VOLUME = "volume"
    ISSUE = "issue"
    PAGES = "pages"
    PUBLISHER = "publisher"
    ADDRESS = "address"
    DOI = "doi"
    ARXIV_ID = "arxiv_id"


class FieldStatus(str, Enum):
    MATCH = "match"
    CONFLICT = "conflict"
    MISSING = "missing"  # absent on one side: no evidence either way


class FieldMatch(BaseModel):
    """One field compared: status, score in [0, 1], and both values as seen."""

    model_config = _FROZEN
    field: Field
    status: FieldStatus
    score: float
    cited: str | None = None
    found: str | None = None
    note: str = ""


class Verdict(str, Enum):
    """The verifier's decision about one reference."""

    VERIFIED = "verified"  # real work, cited correctly
    CORRUPTED = "corrupted"  # real work, one or more fields wrong
    FABRICATED = "fabricated"  # no such work, with the search as evidence
    AMBIGUOUS = "ambiguous"  # several works fit
    UNVERIFIED = "unverified"  # sources could not be consulted or do not index this type
    UNPARSED = "unparsed"  # the input could not be read as a reference
