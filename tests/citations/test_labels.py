"""citations.labels: every benchmark mapping is total over Verdict; refinements."""

from __future__ import annotations

import pytest

from citations import labels
from citations.model import Field, FieldMatch, FieldStatus, Reference, Verdict
from citations.verify import VerificationResult


@pytest.mark.parametrize(
    "mapping", [labels.CITEME, labels.CITECHECK, labels.CITETRACER, labels.BINARY]
)
def test_mappings_are_exhaustive_over_verdict(mapping: dict) -> None:
    assert set(mapping) == set(Verdict)


def test_field_mappings_are_exhaustive_over_field() -> None:
    assert set(labels.CITEME_SUBLABEL) == set(Field)
    assert set(labels.CITETRACER_CODE) == set(Field)
    assert set(labels.CITEME_SUBLABEL.values()) <= {
        "author",
        "doi",
        "journal",
        "pages_volume",
        "title",
        "year",
    }


def _res(
    verdict: Verdict,
    *conflicts: tuple[Field, float],
    unconfirmed: tuple[Field, ...] = (),
    notes: dict[Field, str] | None = None,
) -> VerificationResult:
    fields = [FieldMatch(field=f, status=FieldStatus.CONFLICT, score=s) for f, s in conflicts]
    for f, note in (notes or {}).items():
        fields.append(FieldMatch(field=f, status=FieldStatus.MATCH, score=0.9, note=note))
    return VerificationResult(
        reference=Reference(raw="x"),
        verdict=verdict,
        fields=tuple(fields),
        differing=tuple(f for f, _ in conflicts),
        unconfirmed=unconfirmed,
    )


def test_citeme_sublabel_and_citecheck_severity() -> None:
    r = _res(Verdict.CORRUPTED, (Field.YEAR, 0.5))
    assert labels.citeme_label(r) == ("EXISTS_CORRUPTED", "year")
    assert labels.citecheck_label(r) == "Minor"
    assert labels.citecheck_label(_res(Verdict.CORRUPTED, (Field.YEAR, 0.0))) == "Major"
    assert labels.citecheck_label(_res(Verdict.CORRUPTED, (Field.PAGES, 0.0))) == "Minor"
    assert (
        labels.citecheck_label(_res(Verdict.CORRUPTED, (Field.TITLE, 0.8), (Field.PAGES, 0.0)))
        == "Major"
    )
    assert labels.citeme_label(
        _res(Verdict.CORRUPTED, (Field.PAGES, 0.0), (Field.AUTHORS, 0.5))
    ) == ("EXISTS_CORRUPTED", "author")
    assert labels.citeme_label(_res(Verdict.VERIFIED)) == ("EXISTS_CORRECT", None)
    assert labels.citeme_label(_res(Verdict.UNVERIFIED)) == (None, None)


def test_citetracer_potential_and_codes() -> None:
    assert labels.citetracer_label(_res(Verdict.VERIFIED)) == "REAL"
    assert (
        labels.citetracer_label(_res(Verdict.VERIFIED, unconfirmed=(Field.VOLUME,)))
        == "POTENTIAL_HALLUCINATED"
    )
    assert (
        labels.citetracer_label(
            _res(
                Verdict.VERIFIED,
                notes={Field.AUTHORS: "author 2: given-name variant Yuli / Yulia R."},
            )
        )
        == "POTENTIAL_HALLUCINATED"
    )
    assert labels.citetracer_label(_res(Verdict.FABRICATED)) == "HALLUCINATED"
    assert labels.citetracer_code(_res(Verdict.CORRUPTED, (Field.PUBLISHER, 0.0))) == "H6"
    assert (
        labels.citetracer_code(_res(Verdict.CORRUPTED, (Field.YEAR, 0.0), (Field.VENUE, 0.0)))
        == "H3"
    )
    assert labels.citetracer_code(_res(Verdict.VERIFIED)) is None
    assert labels.binary_label(_res(Verdict.CORRUPTED)) == "fake"
    assert labels.binary_label(_res(Verdict.AMBIGUOUS)) is None
