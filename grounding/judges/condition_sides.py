"""The two conditions a comparison word sets against each other ("at 1000 ppm the
efficiency rose above the 500 ppm value, reaching 88.0%"): two numbers of one unit around
the word, and the value compared, a number of another unit (pure, no I/O). The numbers
around the word are then conditions, not the values compared; ``condition_compare`` looks
the other side's value up in the paper.
"""

from __future__ import annotations

from grounding.lexicon import fold
from grounding.quantities import Quantity, extract_quantities, same_value

#: Longest gap (characters) between the comparison word and the other side's condition.
SIDE_REACH = 40


def checkable(text: str) -> list[Quantity]:
    """The checkable numbers of ``text`` with a unit, none an end of a range."""
    return [q for q in extract_quantities(text) if q.checkable and q.unit and q.range is None]


def same_condition(a: Quantity, b: Quantity) -> bool:
    """The same condition: one value, neither a bound ("up to 500 ppm" is no 500 ppm)."""
    return a.bound is None and b.bound is None and same_value(a, b)


def condition_sides(text: str, start: int, end: int) -> tuple[Quantity, Quantity, Quantity] | None:
    """(own condition, other condition, value) of the comparison word at ``start``-``end``
    of ``text``: two numbers of one unit, the last before the word and the first after it
    within :data:`SIDE_REACH` characters, and exactly one number of another unit in the
    sentence (the value); None when the sentence is not shaped so."""
    qs = checkable(fold(text))
    before = [q for q in qs if q.end <= start]
    after = [q for q in qs if q.start >= end and q.start - end <= SIDE_REACH]
    if not before or not after:
        return None
    own, other = before[-1], after[0]
    if own.unit != other.unit or same_condition(own, other):
        return None
    values = [q for q in qs if q.unit != own.unit]
    return (own, other, values[0]) if len(values) == 1 else None


__all__ = ["SIDE_REACH", "checkable", "condition_sides", "same_condition"]
