"""What every field comparison shares: its tolerances and its result."""

from __future__ import annotations

from dataclasses import dataclass

from citations.model import Field, FieldMatch, FieldStatus

__all__ = ["DEFAULT_CONFIG", "CompareConfig", "field_match"]


@dataclass(frozen=True, slots=True)
class CompareConfig:
    """Tolerances. year_tolerance: years apart still counted a match (0 = exact; the
    off-by-one case is then a low-score conflict noted as a possible version difference)."""

    year_tolerance: int = 0


DEFAULT_CONFIG = CompareConfig()


def field_match(
    field: Field, status: FieldStatus, score: float, cited: object, found: object, note: str = ""
) -> FieldMatch:
    """A FieldMatch with its score clipped to [0, 1] and rounded to 4 places; an empty
    side is None."""
    return FieldMatch(
        field=field,
        status=status,
        score=round(max(0.0, min(1.0, score)), 4),
        cited=None if cited in (None, "") else str(cited),
        found=None if found in (None, "") else str(found),
        note=note,
    )
