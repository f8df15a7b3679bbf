"""Years: equal, another of the record's dates, or off by one; and a record's year
written alone in a reference string."""

from __future__ import annotations

import re
from functools import lru_cache

from citations.matching.base import DEFAULT_CONFIG, CompareConfig, field_match
from citations.model import Field, FieldMatch, FieldStatus, Record

__all__ = ["compare_years", "other_date", "year_written_in"]


def compare_years(
    cited: int | None, found: int | None, config: CompareConfig = DEFAULT_CONFIG
) -> FieldMatch:
    """Equal: MATCH 1.0; within config.year_tolerance: MATCH 0.8; off by one otherwise:
    CONFLICT 0.5 noted as a possible version difference; further apart: CONFLICT 0.0."""
    if cited is None or found is None:
        return field_match(Field.YEAR, FieldStatus.MISSING, 0.0, cited, found)
    d = abs(cited - found)
    if d == 0:
        return field_match(Field.YEAR, FieldStatus.MATCH, 1.0, cited, found)
    if d <= config.year_tolerance:
        return field_match(
            Field.YEAR,
            FieldStatus.MATCH,
            0.8,
            cited,
            found,
            f"{d} year(s) apart: version difference tolerated",
        )
    if d == 1:
        return field_match(
            Field.YEAR,
            FieldStatus.CONFLICT,
            0.5,
            cited,
            found,
            "off by one year (possibly a preprint/proceedings version)",
        )
    return field_match(Field.YEAR, FieldStatus.CONFLICT, 0.0, cited, found, f"{d} years apart")


def other_date(year: FieldMatch, cited: int, record: Record) -> FieldMatch:
    """A year conflict is a match when the cited year is one of the record's other dates
    (print, online first, issue, posted: Record.dates), noted with the date it matched."""
    kinds = [kind for kind, y in record.dates if y == cited]
    if not kinds:
        return year
    return field_match(
        Field.YEAR,
        FieldStatus.MATCH,
        0.95,
        cited,
        record.year,
        f"the record's {' / '.join(kinds)} date is {cited} (its year {record.year})",
    )


def year_written_in(raw: str, found: int | None, cited: int | None) -> bool:
    """Is the record's year written in ``raw`` as a year (not inside a number range) while
    the parsed year sits only in a range ("2012. p. 1622-1627" read as 1622)?"""
    if found is None or cited is None:
        return False
    return bool(
        _year_alone(found).search(raw)
        and _year_range_end(cited).search(raw)
        and not _year_alone(cited).search(raw)
    )


@lru_cache(maxsize=512)
def _year_alone(year: int) -> re.Pattern[str]:
    """``year`` written alone, not as part of a number, a range or a date."""
    return re.compile(rf"(?<![\d\-–—/.]){year}(?![\d\-–—/])")


@lru_cache(maxsize=512)
def _year_range_end(year: int) -> re.Pattern[str]:
    """``year`` as an end of a number range ("1622-1627")."""
    return re.compile(rf"(?:\d\s*[-–—]\s*{year}|{year}\s*[-–—]\s*\d)(?!\d)")
