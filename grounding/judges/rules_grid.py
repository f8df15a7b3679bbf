"""Table rows that the evidence index leaves out, read again from a page's word boxes.

The index keeps a visual row (words sharing a baseline) only when at least 30 % of its
words are numbers. In a two-column paper a small table row often shares its baseline with
a prose line of the other column ("Bibliography entries 27.6 21.9 liography entry and
linking counts between the"), so the row is dropped. :func:`loose_rows` groups a page's
words by baseline the same way, cuts every visual row into pieces of label words followed
by numbers (the prose piece has no number and falls away), and keeps a piece when

* its label has 1 to 8 words and it holds at least one number, and
* one of its number cells lines up (x centres within ``align_tol`` points) with a number
  cell of another piece less than ``max_dy`` points above or below: a table column, not a
  number that happens to end a prose line.

Pure: reads ``page.word_columns`` (``grounding.pdf.WordColumns``) or ``page.words``
(``text``, ``rect``, ``start``, ``end``); coordinates in PDF points, origin top-left.
"""

from __future__ import annotations

import re
from typing import Any

from grounding.evidence import Cell, Entry, index_terms
from grounding.quantities import Quantity, extract_quantities
from grounding.types import Rect

_NUMERIC_WORD = re.compile(r"[-+(]?\d[\d,.]*%?[)*†‡]?")


def _page_words(page: Any) -> list[tuple[str, float, float, float, float, int, int]]:
    """(text, x0, y0, x1, y1, start, end) for every word of ``page`` (empty if none)."""
    cols = getattr(page, "word_columns", None)
    if cols is not None:
        return list(zip(cols.texts, cols.x0s, cols.y0s, cols.x1s, cols.y1s,
                        cols.starts, cols.ends))
    out = []
    for w in getattr(page, "words", ()) or ():
        r = w.rect
        out.append((w.text, r.x0, r.y0, r.x1, r.y1, w.start, w.end))
    return out


def _baseline_rows(words: list[tuple[str, float, float, float, float, int, int]]
                   ) -> list[list[tuple[str, float, float, float, float, int, int]]]:
    """Words grouped by vertical centre (within 0.35 x word height), each row in x order."""
    order = sorted(words, key=lambda w: ((w[2] + w[4]) / 2, w[1]))
    rows: list[list[tuple[str, float, float, float, float, int, int]]] = []
    centre: float | None = None
    for w in order:
        c = (w[2] + w[4]) / 2
        h = max(w[4] - w[2], 1.0)
        if centre is not None and abs(c - centre) <= 0.35 * h and rows:
            rows[-1].append(w)
        else:
            rows.append([w])
            centre = c
    for row in rows:
        row.sort(key=lambda w: w[1])
    return rows


def _pieces(row: list[tuple[str, float, float, float, float, int, int]]
            ) -> list[list[tuple[str, float, float, float, float, int, int]]]:
    """Label words plus the numbers after them; pieces without both are dropped."""
    out = []
    current: list[tuple[str, float, float, float, float, int, int]] = []
    seen_number = False
    for w in row:
        numeric = _NUMERIC_WORD.fullmatch(w[0].strip()) is not None
        if not numeric and seen_number:
            out.append(current)
            current, seen_number = [], False
        current.append(w)
        seen_number = seen_number or numeric
    out.append(current)
    return [p for p in out if p and any(_NUMERIC_WORD.fullmatch(w[0].strip()) for w in p)
            and not _NUMERIC_WORD.fullmatch(p[0][0].strip())]


def _entry(number: int, piece: list[tuple[str, float, float, float, float, int, int]],
           decimal_comma: bool) -> Entry | None:
    """A ``kind == "row"`` Entry for one piece (None if it has no checkable cell)."""
    cells: list[Cell] = []
    quantities: list[Quantity] = []
    pos = 0
    for text, x0, _y0, x1, _y1, _s, _e in piece:
        if any(ch.isdigit() for ch in text):
            for q in extract_quantities(text, decimal_comma):
                moved = Quantity(q.value, q.text, q.start + pos, q.end + pos, q.unit,
                                 q.physical, q.decimals, q.approx, q.bound, q.kind)
                quantities.append(moved)
                if q.checkable:
                    cells.append(Cell(moved, (x0 + x1) / 2))
        pos += len(text) + 1
    if not cells:
        return None
    rtext = " ".join(w[0] for w in piece)
    box = Rect(min(w[1] for w in piece), min(w[2] for w in piece),
               max(w[3] for w in piece), max(w[4] for w in piece))
    return Entry(number, min(w[5] for w in piece), max(w[6] for w in piece), rtext, "row",
                 tuple(index_terms(rtext, quantities)), tuple(quantities), tuple(cells),
                 rects=(box,))


def loose_rows(page: Any, decimal_comma: bool = False, max_label_words: int = 8,
               align_tol: float = 3.0, max_dy: float = 120.0) -> list[Entry]:
    """Table-row entries of ``page`` read from its word boxes, top to bottom (see module
    docstring). Returns [] for a page without word boxes (``EvidenceIndex.from_texts``)."""
    number = getattr(page, "number", 0)
    words = _page_words(page)
    if not words:
        return []
    entries: list[Entry] = []
    for row in _baseline_rows(words):
        for piece in _pieces(row):
            n_label = next(i for i, w in enumerate(piece)
                           if _NUMERIC_WORD.fullmatch(w[0].strip()))
            if n_label > max_label_words:
                continue
            e = _entry(number, piece, decimal_comma)
            if e is not None:
                entries.append(e)
    kept = []
    for e in entries:
        y = e.rects[0].y0
        if any(o is not e and abs(o.rects[0].y0 - y) <= max_dy and abs(o.rects[0].y0 - y) > 1
               and any(abs(a.x - b.x) <= align_tol for a in e.cells for b in o.cells)
               for o in entries):
            kept.append(e)
    return kept


__all__ = ["loose_rows"]
