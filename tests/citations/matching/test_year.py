"""citations.matching.year: years."""

from __future__ import annotations

from citations.matching.base import CompareConfig
from citations.matching.year import compare_years
from citations.model import FieldStatus

MATCH, CONFLICT, MISSING = FieldStatus.MATCH, FieldStatus.CONFLICT, FieldStatus.MISSING


def test_years() -> None:
    assert compare_years(2020, 2020).status is MATCH
    off = compare_years(2020, 2021)
    assert off.status is CONFLICT and off.score == 0.5 and "version" in off.note
    assert compare_years(2020, 2021, CompareConfig(year_tolerance=1)).status is MATCH
    assert compare_years(2017, 2020).score == 0.0
    assert compare_years(None, 2020).status is MISSING
