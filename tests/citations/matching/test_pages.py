"""citations.matching.pages and .identifiers: publishers, pages, DOIs and arXiv ids."""

from __future__ import annotations

from citations.matching.identifiers import compare_ids
from citations.matching.pages import compare_pages
from citations.matching.venue import compare_publishers
from citations.model import Field, FieldStatus

MATCH, CONFLICT, MISSING = FieldStatus.MATCH, FieldStatus.CONFLICT, FieldStatus.MISSING


def test_publishers_pages_ids() -> None:
    assert compare_publishers("ACL", "Association for Computational Linguistics").status is MATCH
    assert compare_publishers("ACM", "Association for Computational Linguistics").status is CONFLICT
    assert (
        compare_publishers(
            "IEEE", "Institute of Electrical and Electronics Engineers (IEEE)"
        ).status
        is MATCH
    )
    assert compare_pages("pp. 285-94", "285–294").status is MATCH
    assert compare_pages("1-11", "2-11").status is CONFLICT
    assert (
        compare_ids(
            Field.DOI, "https://doi.org/10.18653/V1/P19-1001", "10.18653/v1/p19-1001"
        ).status
        is MATCH
    )
    assert compare_ids(Field.DOI, "10.5555/a", "10.5555/b").status is CONFLICT
    assert compare_ids(Field.ARXIV_ID, "arXiv:2101.00001v2", "2101.00001").status is MATCH
