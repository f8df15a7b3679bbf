"""Table reading for the rules judge: which column header sits above a row's cell.

Pure functions over an :class:`grounding.evidence.EvidenceIndex` row entry and the page's
word boxes (PDF points, origin top-left). A header word belongs to the cell column whose
x centre is nearest to the word's centre (within ``max_dx`` points); header words are the
words above the row, up to ``max_dy`` points higher, inside the row's horizontal extent.
"""

from __future__ import annotations

from typing import Any

from grounding.evidence import Entry
from grounding.lexicon import content_terms
from grounding.memo import per_check


def column_headers(
    entry: Entry, page: Any, max_dy: float = 220.0, max_dx: float = 30.0
) -> list[set[str]]:
    """Stemmed header terms above each numeric cell of a row entry.

    Args: entry: a row entry (``kind == "row"``) with cells and one box in ``rects``.
          page: the page object with ``word_columns`` (``grounding.pdf.WordColumns``) or
          ``words`` (``text`` and ``rect``).
    Returns: one set of terms per ``entry.cells`` item (empty sets when no header found or
        the page has no word boxes).
    """
    cells = entry.cells
    heads: list[set[str]] = [set() for _ in cells]
    cols = getattr(page, "word_columns", None)  # grounding.pdf.WordColumns, if present
    if cols is not None:
        texts, x0s, y0s, x1s, y1s = cols.texts, cols.x0s, cols.y0s, cols.x1s, cols.y1s
    else:
        words = getattr(page, "words", ()) or ()
        texts = [w.text for w in words]
        x0s = [w.rect.x0 for w in words]
        y0s = [w.rect.y0 for w in words]
        x1s = [w.rect.x1 for w in words]
        y1s = [w.rect.y1 for w in words]
    if not cells or not entry.rects or not texts:
        return heads
    box = entry.rects[0]
    xs = [c.x for c in cells]
    bottom, top = box.y0 + 0.5, box.y0 - max_dy
    left, right = box.x0 - max_dx, box.x1 + max_dx
    for text, x0, y0, x1, y1 in zip(texts, x0s, y0s, x1s, y1s):
        if y1 > bottom or y0 < top:
            continue
        cx = (x0 + x1) / 2
        if cx < left or cx > right:
            continue
        dists = [abs(x - cx) for x in xs]
        nearest = min(dists)
        if nearest <= max_dx:  # the first nearest cell takes the word
            heads[dists.index(nearest)].update(_word_terms(text))
    return heads


@per_check(maxsize=8192)
def _word_terms(text: str) -> tuple[str, ...]:
    """content_terms of one word (header words recur in every row's lookup)."""
    return tuple(content_terms(text))


def columns_naming(terms: list[str], heads: list[set[str]]) -> list[int]:
    """Indexes of the columns whose header holds every one of ``terms``."""
    if not terms:
        return []
    return [i for i, h in enumerate(heads) if all(t in h for t in terms)]


__all__ = ["column_headers", "columns_naming"]
