"""A sentence cut into clauses: offset ranges, each holding enough content terms.

Pure; the cut pattern and the term reader are the caller's (a statement's clauses are cut
at other words than a hedge's).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence


def clause_ranges(
    text: str,
    cut: re.Pattern[str],
    terms: Callable[[str], Sequence[str]],
    min_terms: int = 3,
) -> list[tuple[int, int]]:
    """``text`` cut where ``cut`` matches (each piece starts at a match) into offset
    ranges; a piece with fewer than ``min_terms`` of ``terms`` is joined to the next, the
    last to the one before. Covers ``text`` from 0 to its end; empty text gives []."""
    out: list[tuple[int, int]] = []
    lo = 0
    for c in [m.start() for m in cut.finditer(text)] + [len(text)]:
        if len(terms(text[lo:c])) >= min_terms:
            out.append((lo, c))
            lo = c
    if lo < len(text):
        if out and len(terms(text[lo:])) < min_terms:
            out[-1] = (out[-1][0], len(text))
        else:
            out.append((lo, len(text)))
    return out
