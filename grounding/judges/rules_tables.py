"""Table reading for the rules judge: which column header sits above a row's cell.

Pure functions over an :class:`grounding.evidence.EvidenceIndex` row entry and the page's
word boxes (PDF points, origin top-left). The header band of a row is the words above it,
up to ``max_dy`` points higher and inside the row's horizontal extent, read line by line
upwards until a caption ("Table 2: ...") or a line of prose (no column gap, as wide as
most of the row): text above a table's header is not a header. A header word belongs to
the cell column whose x centre is nearest to the word's centre (within ``max_dx`` points).
"""

from __future__ import annotations

import re
from typing import Any

from grounding.evidence import Entry
from grounding.lexicon import content_terms, is_numeric
from grounding.memo import per_check

#: a word of a page: (text, x0, y0, x1, y1), PDF points, origin top-left
Word = tuple[str, float, float, float, float]

#: the first words of a table's caption: "Table 3.", "TABLE II", "Tab. 1"
_CAPTION = re.compile(r"(?:Table|TABLE|Tab\.)\s*(?:\d|[IVX]+\b|[A-Z]?\d)")
#: widest gap between the words of a line of prose, in line heights: wider than the
#: evidence index's row test allows, as a justified caption line spaces its words widely
_PROSE_GAP = 0.8
#: a gapless line at least this share of the row's width is prose, not a header
_PROSE_WIDTH = 0.6
#: the most words a column header may have for its pairs of words to be read joined
_JOINED_WORDS = 4


def _word_boxes(page: Any) -> tuple[list[str], list[float], list[float], list[float], list[float]]:
    """(texts, x0s, y0s, x1s, y1s) of the page's words."""
    cols = getattr(page, "word_columns", None)  # grounding.pdf.WordColumns, if present
    if cols is not None:
        return cols.texts, cols.x0s, cols.y0s, cols.x1s, cols.y1s
    words = getattr(page, "words", ()) or ()
    return (
        [w.text for w in words],
        [w.rect.x0 for w in words],
        [w.rect.y0 for w in words],
        [w.rect.x1 for w in words],
        [w.rect.y1 for w in words],
    )


def header_words(
    entry: Entry, page: Any, max_dy: float = 220.0, max_dx: float = 30.0
) -> list[list[Word]]:
    """The header words above each numeric cell of a row entry, bottom line first.

    Args: entry: a row entry (``kind == "row"``) with cells and one box in ``rects``.
          page: the page object with ``word_columns`` (``grounding.pdf.WordColumns``) or
          ``words`` (``text`` and ``rect``).
    Returns: one list per ``entry.cells`` item of (text, x0, y0, x1, y1) words (PDF
        points, origin top-left), in reading order line by line from the row upwards;
        empty lists when the page has no word boxes.
    """
    cells = entry.cells
    heads: list[list[Word]] = [[] for _ in cells]
    texts, x0s, y0s, x1s, y1s = _word_boxes(page)
    if not cells or not entry.rects or not texts:
        return heads
    box = entry.rects[0]
    xs = [c.x for c in cells]
    bottom, top = box.y0 + 0.5, box.y0 - max_dy
    left, right = box.x0 - max_dx, box.x1 + max_dx
    # the whole width of the band: a caption may start left of the row ("Table 2:")
    band = [
        (text, x0, y0, x1, y1)
        for text, x0, y0, x1, y1 in zip(texts, x0s, y0s, x1s, y1s)
        if y1 <= bottom and y0 >= top
    ]
    order = sorted(range(len(xs)), key=xs.__getitem__)
    for line in _lines_upwards(band, left, right, len(cells)):
        for word in line:
            for i in _cells_under(word, xs, order, max_dx):
                heads[i].append(word)
    return heads


def _cells_under(word: Word, xs: list[float], order: list[int], max_dx: float) -> list[int]:
    """The cells (indexes into ``xs``, their x centres; ``order`` sorts them by x) a header
    word heads: the nearest within ``max_dx`` points; both neighbours when the word is
    centred between two adjacent cells (to within a quarter of their spacing), as a
    group header spans its sub-columns ("Co-View" over "MAP" and "nDCG")."""
    cx = (word[1] + word[3]) / 2
    dists = [abs(x - cx) for x in xs]
    nearest = min(dists)
    if nearest > max_dx:
        return []
    first = dists.index(nearest)  # the first nearest cell takes the word
    k = order.index(first)
    for j in (k - 1, k + 1):
        if 0 <= j < len(order):
            other = order[j]
            spacing = abs(xs[other] - xs[first])
            if (
                spacing > 0
                and dists[other] <= max_dx
                and (xs[other] - cx) * (xs[first] - cx) < 0
                and dists[other] - nearest <= 0.25 * spacing
            ):
                return sorted((first, other))
    return [first]


def _lines_upwards(band: list[Word], left: float, right: float, cells: int) -> list[list[Word]]:
    """The words of ``band`` between x ``left`` and ``right`` (by centre) as visual lines
    (each in x order), nearest the row first, up to the first caption or prose line (left
    out, with the last lines of its paragraph: gapless lines below it that start where
    it starts). A caption's first words may lie left of ``left``, run on to the line's
    words inside."""
    rows: list[list[Word]] = []
    for word in sorted(band, key=lambda w: -(w[2] + w[4])):
        mid = (word[2] + word[4]) / 2
        if rows:
            last = rows[-1][0]
            if abs((last[2] + last[4]) / 2 - mid) < 0.5 * max(last[4] - last[2], 1.0):
                rows[-1].append(word)
                continue
        rows.append([word])
    kept: list[list[Word]] = []
    for row in rows:
        row.sort(key=lambda w: w[1])
        inside = [i for i, w in enumerate(row) if left <= (w[1] + w[3]) / 2 <= right]
        if not inside:
            continue
        line = row[inside[0] : inside[-1] + 1]
        first = inside[0]
        while first and _gapless(row[first - 1 : first + 1]):
            first -= 1  # the words running on into the line from its left
        if _CAPTION.match(" ".join(w[0] for w in row[first : first + 3])) or _prose(
            line, right - left, cells
        ):
            # the paragraph's other lines sit below it, starting where it starts (or, in a
            # centred caption, centred where it is)
            while kept and _gapless(kept[-1]) and _aligned(kept[-1], line):
                kept.pop()
            break
        kept.append(line)
    return kept


def _prose(line: list[Word], width: float, cells: int) -> bool:
    """True if ``line`` reads as a line of prose: no column gap, as wide as most of the
    row (``width`` points), more than two words a cell (the row has ``cells`` cells; a
    tightly set header names each column in a word or two) and mostly words (a body row
    of a tightly set table is as gapless and as wide, but mostly numbers)."""
    if len(line) <= 2 * cells or line[-1][3] - line[0][1] < _PROSE_WIDTH * width:
        return False
    if not _gapless(line):
        return False
    return 3 * sum(is_numeric(w[0].strip(".,;:()%")) for w in line) < len(line)


def _aligned(a: list[Word], b: list[Word]) -> bool:
    """True if lines ``a`` and ``b`` start at one x, or are centred on one x (3 points)."""
    if abs(a[0][1] - b[0][1]) <= 3.0:
        return True
    return abs((a[0][1] + a[-1][3]) - (b[0][1] + b[-1][3])) <= 6.0


def _gapless(line: list[Word]) -> bool:
    """True if no gap between consecutive words of ``line`` (x order) is a column gap."""
    heights = sorted(w[4] - w[2] for w in line)
    height = heights[len(heights) // 2] or 1.0
    return all(b[1] - a[3] < _PROSE_GAP * height for a, b in zip(line, line[1:]))


def column_headers(
    entry: Entry, page: Any, max_dy: float = 220.0, max_dx: float = 30.0
) -> list[set[str]]:
    """Stemmed header terms above each numeric cell of a row entry (:func:`header_words`).

    Returns: one set of terms per ``entry.cells`` item (empty sets when no header found or
        the page has no word boxes).
    """
    heads = []
    for words in header_words(entry, page, max_dy, max_dx):
        terms = {t for w in words for t in _word_terms(w[0])}
        # a name broken over two header lines ("LiveCode" / "Bench") or two words of one
        # ("Live Code Bench") also names the column written whole ("LiveCodeBench")
        ordered = sorted(
            (w for w in words if not is_numeric(w[0])), key=lambda w: (round(w[2]), w[1])
        )
        if len(ordered) <= _JOINED_WORDS:
            for a, b in zip(ordered, ordered[1:]):
                terms.update(_word_terms(a[0].rstrip("-\u2010") + b[0]))
        heads.append(terms)
    return heads


def header_text(
    entry: Entry, page: Any, col: int, max_dy: float = 220.0, max_dx: float = 30.0
) -> str:
    """The words printed above cell ``col`` of a row entry as written ("WER ↓"): the
    header line nearest above the row (:func:`header_words`), numbers left out; "" when
    there is none."""
    if not 0 <= col < len(entry.cells):
        return ""
    mine = [
        w for w in header_words(entry, page, max_dy, max_dx)[col] if not is_numeric(w[0].strip())
    ]
    if not mine:
        return ""
    low = max(w[4] for w in mine)
    near = sorted((w for w in mine if w[4] >= low - 12), key=lambda w: (w[2], w[1]))
    return " ".join(w[0] for w in near)


@per_check(maxsize=8192)
def _word_terms(text: str) -> tuple[str, ...]:
    """content_terms of one word (header words recur in every row's lookup)."""
    return tuple(content_terms(text))


def columns_naming(terms: list[str], heads: list[set[str]]) -> list[int]:
    """Indexes of the columns whose header holds every one of ``terms``."""
    if not terms:
        return []
    return [i for i, h in enumerate(heads) if all(t in h for t in terms)]


__all__ = ["column_headers", "columns_naming", "header_text", "header_words"]
