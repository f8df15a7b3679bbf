"""Mappings from the verifier's verdicts to the labels of public benchmarks.

Every mapping is total over :class:`~citations.model.Verdict` (a test checks it); ``None``
means the benchmark has no class for that verdict and the item counts as an abstention.

- CiteMe / groundqa citations.jsonl (shared/data/groundqa/GUIDELINES.md):
  EXISTS_CORRECT / EXISTS_CORRUPTED (+ sub_label author, doi, journal, pages_volume, title,
  year) / FABRICATED.
- CiteCheck: Exact / Minor / Major. Minor = the only differences are year off by one,
  pages, volume, issue, publisher or place; Major = title, authors, venue, identifiers,
  a year further off, or no such work.
- CiteTracer (shared/data/citetracer/README.md): REAL / POTENTIAL_HALLUCINATED /
  HALLUCINATED, and the H-code of the first differing field (H1 title, H2 authors,
  H3 venue, H4 year, H5 identifier, H6 pages/volume/publisher/place). POTENTIAL: a real
  work whose cited volume/pages/publisher/place/DOI/arXiv id no record confirms, or whose
  author given names are variants (P3, P1).
- Binary (CiteAudit GT, HalluCiteChecker): real / fake.
"""

from __future__ import annotations

from typing import Literal

from citations.model import Field, FieldStatus, Verdict
from citations.verify import VerificationResult

CiteMeClass = Literal["EXISTS_CORRECT", "EXISTS_CORRUPTED", "FABRICATED"]
CiteCheckClass = Literal["Exact", "Minor", "Major"]
CiteTracerClass = Literal["REAL", "POTENTIAL_HALLUCINATED", "HALLUCINATED"]
Binary = Literal["real", "fake"]

CITEME: dict[Verdict, CiteMeClass | None] = {
    Verdict.VERIFIED: "EXISTS_CORRECT",
    Verdict.CORRUPTED: "EXISTS_CORRUPTED",
    Verdict.FABRICATED: "FABRICATED",
    Verdict.AMBIGUOUS: None,
    Verdict.UNVERIFIED: None,
    Verdict.UNPARSED: None,
}

#: Field -> CiteMe sub_label of an EXISTS_CORRUPTED reference.
CITEME_SUBLABEL: dict[Field, str] = {
    Field.TITLE: "title",
    Field.AUTHORS: "author",
    Field.YEAR: "year",
    Field.VENUE: "journal",
    Field.VOLUME: "pages_volume",
    Field.ISSUE: "pages_volume",
    Field.PAGES: "pages_volume",
    Field.PUBLISHER: "journal",
    Field.ADDRESS: "journal",
    Field.DOI: "doi",
    Field.ARXIV_ID: "doi",
}

CITECHECK: dict[Verdict, CiteCheckClass | None] = {
    Verdict.VERIFIED: "Exact",
    Verdict.CORRUPTED: "Major",  # refined to Minor by citecheck_label
    Verdict.FABRICATED: "Major",
    Verdict.AMBIGUOUS: None,
    Verdict.UNVERIFIED: None,
    Verdict.UNPARSED: None,
}

CITETRACER: dict[Verdict, CiteTracerClass] = {
    Verdict.VERIFIED: "REAL",  # refined to POTENTIAL_HALLUCINATED by citetracer_label
    Verdict.CORRUPTED: "HALLUCINATED",
    Verdict.FABRICATED: "HALLUCINATED",
    Verdict.AMBIGUOUS: "POTENTIAL_HALLUCINATED",
    Verdict.UNVERIFIED: "POTENTIAL_HALLUCINATED",
    Verdict.UNPARSED: "POTENTIAL_HALLUCINATED",
}

#: Field -> CiteTracer hallucination code.
CITETRACER_CODE: dict[Field, str] = {
    Field.TITLE: "H1",
    Field.AUTHORS: "H2",
    Field.VENUE: "H3",
    Field.YEAR: "H4",
    Field.DOI: "H5",
    Field.ARXIV_ID: "H5",
    Field.VOLUME: "H6",
    Field.ISSUE: "H6",
    Field.PAGES: "H6",
    Field.PUBLISHER: "H6",
    Field.ADDRESS: "H6",
}

BINARY: dict[Verdict, Binary | None] = {
    Verdict.VERIFIED: "real",
    Verdict.CORRUPTED: "fake",
    Verdict.FABRICATED: "fake",
    Verdict.AMBIGUOUS: None,
    Verdict.UNVERIFIED: None,
    Verdict.UNPARSED: None,
}

_MINOR = frozenset({Field.PAGES, Field.VOLUME, Field.ISSUE, Field.PUBLISHER, Field.ADDRESS})
_UNCONFIRMABLE = frozenset(
    {
        Field.VOLUME,
        Field.ISSUE,
        Field.PAGES,
        Field.PUBLISHER,
        Field.ADDRESS,
        Field.DOI,
        Field.ARXIV_ID,
    }
)
# precedence when several fields differ: the most identifying first
_CODE_ORDER = (
    Field.TITLE,
    Field.AUTHORS,
    Field.DOI,
    Field.ARXIV_ID,
    Field.VENUE,
    Field.YEAR,
    Field.PAGES,
    Field.VOLUME,
    Field.ISSUE,
    Field.PUBLISHER,
    Field.ADDRESS,
)


def citeme_label(result: VerificationResult) -> tuple[CiteMeClass | None, str | None]:
    """(class, sub_label): sub_label names the first differing field of a CORRUPTED one."""
    cls = CITEME[result.verdict]
    if cls != "EXISTS_CORRUPTED":
        return cls, None
    first = next((f for f in _CODE_ORDER if f in result.differing), None)
    return cls, CITEME_SUBLABEL[first] if first else None


def citecheck_label(result: VerificationResult) -> CiteCheckClass | None:
    """Exact / Minor / Major (see module docstring)."""
    cls = CITECHECK[result.verdict]
    if result.verdict is not Verdict.CORRUPTED:
        return cls
    minor = True
    for fm in result.fields:
        if fm.status is not FieldStatus.CONFLICT:
            continue
        if fm.field in _MINOR:
            continue
        if fm.field is Field.YEAR and fm.score >= 0.5:  # off by one
            continue
        minor = False
    return "Minor" if minor else "Major"


def citetracer_label(result: VerificationResult) -> CiteTracerClass:
    """REAL / POTENTIAL_HALLUCINATED / HALLUCINATED (see module docstring)."""
    cls = CITETRACER[result.verdict]
    if result.verdict is Verdict.VERIFIED:
        if any(f in _UNCONFIRMABLE for f in result.unconfirmed):
            return "POTENTIAL_HALLUCINATED"
        if any(
            fm.field is Field.AUTHORS and "given-name variant" in fm.note for fm in result.fields
        ):
            return "POTENTIAL_HALLUCINATED"
    return cls


def citetracer_code(result: VerificationResult) -> str | None:
    """The H-code of the most identifying differing field, or None if nothing differs."""
    first = next((f for f in _CODE_ORDER if f in result.differing), None)
    return CITETRACER_CODE[first] if first else None


def binary_label(result: VerificationResult) -> Binary | None:
    """ "real" (verified), "fake" (corrupted or fabricated), None (abstain)."""
    return BINARY[result.verdict]


__all__ = [
    "BINARY",
    "CITECHECK",
    "CITEME",
    "CITEME_SUBLABEL",
    "CITETRACER",
    "CITETRACER_CODE",
    "binary_label",
    "citecheck_label",
    "citeme_label",
    "citetracer_code",
    "citetracer_label",
]
