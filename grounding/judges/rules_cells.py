"""Table-cell alignment for the rules judge: which row a claim's number names, and which
cell of that row sits in a given column.

Pure functions over :class:`grounding.evidence.Entry` row entries (cells carry their x
centres in PDF points) and the claim text. A number's *local label* is what the sentence
writes right next to it: a bracket or phrase after it ("76.0 (co-view)", "13.9 are
linked", "27.6 bibliography entries") or, when nothing follows, the last capitalised name
before it in the same sentence ("BERT-Large lowered the average ... to 79.9"), else the
words before it back to the previous number ("the co-view fine-tuned SciBERT averages
77.1").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from grounding.evidence import Cell, Entry, EvidenceIndex, row_label
from grounding.lexicon import content_terms, fold, is_numeric
from grounding.lexicon.words import DIRECTION_WORDS
from grounding.quantities import Quantity

#: Where a number's following phrase ends: clause punctuation (not a decimal point), a
#: conjunction or a comparison word.
_AFTER_STOP = re.compile(
    r"[,;:]|\.(?!\d)|\s(?:and|but|while|whereas|against|versus|vs\.?|"
    r"than|compared)\s|(?<![\w-])\d"
)
_WORDS = re.compile(r"[A-Za-z]+")
#: Name-like tokens (holding a capital letter): SPECTER, BERT-Large, o1-mini.
_NAME_TOKEN = re.compile(r"(?<![\w@.-])(?=[\w.@/+-]*[A-Z])[A-Za-z][\w@/+-]*")


def label_terms(entry: Entry) -> set[str]:
    """Stemmed non-numeric content terms of a row entry's label (words before its cells)."""
    return {t for t in content_terms(row_label(entry)) if not is_numeric(t)}


def text_after(text: str, end: int, max_chars: int = 45) -> str:
    """The (folded) text right after offset ``end`` up to the clause's end, another number
    (not a digit inside a name: "Qwen-7B"), a comparison word or ``max_chars``
    characters: after "76.0" in ``"76.0 (co-view), 77.1"``, " (co-view)"."""
    rest = fold(text)[end : end + max_chars]
    m = _AFTER_STOP.search(rest, 1 if rest.startswith("%") else 0)
    rest = rest[: m.start()] if m else rest
    # a comparison word starts the other side ("73.3 beats o1-mini (60.0)")
    w = next((w for w in _WORDS.finditer(rest) if w.group(0).lower() in DIRECTION_WORDS), None)
    return rest[: w.start()] if w else rest


def phrase_after(text: str, q: Quantity, max_chars: int = 45) -> set[str]:
    """Stemmed content terms of :func:`text_after` ``q``: ``"76.0 (co-view), 77.1"`` ->
    ``{"co", "view"}``."""
    return {t for t in content_terms(text_after(text, q.end, max_chars)) if not is_numeric(t)}


def name_before(text: str, q: Quantity, max_chars: int = 80) -> set[str]:
    """Stemmed terms of the last name-like token before ``q`` in the same sentence, within
    ``max_chars`` characters, with no other number in between and none in the 40
    characters before the name ("90.41 vs. 90.01 on BC5CDR and 88.70": BC5CDR labels the
    numbers before it, not 88.70). Empty if none."""
    s = fold(text)
    lo = max(0, q.start - max_chars)
    window = s[lo : q.start]
    last: set[str] = set()
    for m in _NAME_TOKEN.finditer(window):
        if re.search(r"\d", window[m.end() :]):
            continue  # another number stands between name and q
        if re.search(r"\d", s[max(0, lo + m.start() - 40) : lo + m.start()]):
            last = set()
            continue  # the name labels the number before it
        terms = {t for t in content_terms(m.group(0)) if not is_numeric(t)}
        if terms:
            last = terms
    return last


_LIST_AFTER = re.compile(r"\s*(?:,|/|;|\band\b|\bor\b)\s*(?:and\s+)?[-+(]?\.?\d")
_LIST_BEFORE = re.compile(r"\d[\d.,]*%?\)?\s*(?:,|/|;|\band\b|\bor\b)\s*(?:and\s+)?\(?$")


def in_number_list(text: str, q: Quantity) -> bool:
    """True if ``q`` is one of a list of numbers ("87.6 and 92.3", "31.7, 50.2 and 36.8"):
    another number follows or precedes it across a comma, slash, "and" or "or". Names
    written before such a list label its numbers respectively, not the last one."""
    s = fold(text)
    return bool(_LIST_AFTER.match(s, q.end)) or bool(_LIST_BEFORE.search(s[: q.start]))


def words_before(text: str, q: Quantity) -> set[str]:
    """Stemmed content terms between the number before ``q`` (and the words right after
    it, its own label) or the sentence start, and ``q``: ``"The co-view fine-tuned SciBERT
    averages 77.1"`` -> ``{"co", "view", "fine", "tune", "scibert", "averag"}``."""
    s = fold(text)
    prev = [m.end() for m in re.finditer(r"\d[\d.,]*%?", s[: q.start])]
    lo = prev[-1] + len(text_after(text, prev[-1])) if prev else 0  # skip its own label
    return {t for t in content_terms(s[lo : q.start]) if not is_numeric(t)}


def best_rows(
    terms: set[str], rows: Sequence[tuple[int, Entry]], labels: Sequence[set[str]] | None = None
) -> list[tuple[int, Entry]]:
    """The rows whose label shares the most of ``terms`` (at least one), best first; a term
    every row's label holds ("co" of "co-view" and "co-read") does not count. ``labels``:
    :func:`label_terms` of each row, when the caller has them already."""
    if not terms or not rows:
        return []
    if not labels:
        labels = [label_terms(e) for _, e in rows]
    common = set.intersection(*labels) if len(labels) > 1 else set()
    wanted = terms - common
    scored = [(len(wanted & lab), r) for r, lab in zip(rows, labels)]
    top = max((s for s, _ in scored), default=0)
    if top == 0:
        return []
    best = [r for s, r in scored if s == top]

    # a visual row and its first piece ("FRAMES (Acc.) 72.5 ... - 82.5" and "FRAMES (Acc.)
    # 72.5 ...") carry the same label on the same line: one row, kept with all its cells
    def line(e: Entry) -> tuple[int, int, str]:
        return e.page, round(e.rects[0].y0) if e.rects else -1, row_label(e)

    widest: dict[tuple[int, int, str], tuple[int, Entry]] = {}
    for r in best:
        held = widest.get(line(r[1]))
        if held is None or len(r[1].cells) > len(held[1].cells):
            widest[line(r[1])] = r
    return [r for r in best if widest[line(r[1])] is r]


def abbreviates(head: str, word: str) -> bool:
    """True if header term ``head`` is ``word`` or an abbreviation of it: same first letter,
    at least three letters, its letters in order inside ``word`` ("avg" / "averag", "cls"
    / "classif"). Numbers never abbreviate."""
    if head == word:
        return True
    if len(head) < 3 or len(word) <= len(head) or head[0] != word[0] or not head.isalpha():
        return False
    it = iter(word)
    return all(ch in it for ch in head)


def header_column(heads: Sequence[set[str]], terms: set[str]) -> int | None:
    """The one column whose header terms (``rules_tables.column_headers``) abbreviate a
    term of ``terms``; None when no column or several do."""
    hits = [
        i
        for i, h in enumerate(heads)
        if any(abbreviates(a, w) for a in h if not is_numeric(a) for w in terms)
    ]
    return hits[0] if len(hits) == 1 else None


def same_table(a: Entry, b: Entry, max_dy: float = 150.0) -> bool:
    """True if two row entries lie on the same page, within ``max_dy`` points vertically,
    with overlapping horizontal extents (rows of one table)."""
    if a.page != b.page or not a.rects or not b.rects:
        return False
    ra, rb = a.rects[0], b.rects[0]
    return abs(ra.y0 - rb.y0) <= max_dy and ra.x0 < rb.x1 and rb.x0 < ra.x1


def table_rows(index: EvidenceIndex, row: Entry) -> list[Entry]:
    """The row entries of ``row``'s own table, ``row`` included: on its page, within
    :func:`same_table` reach, with as many cells (another table close above on the page,
    Table 1 over Table 2, has other rows)."""
    return [e for _, e in table_row_ids(index, row)]


def table_row_ids(index: EvidenceIndex, row: Entry) -> list[tuple[int, Entry]]:
    """(entry id, entry) of each row of :func:`table_rows`."""
    return [
        (pid, e)
        for pid in index.rows_by_page.get(row.page, [])
        if (e := index.entries[pid]).rects and same_table(e, row) and len(e.cells) == len(row.cells)
    ]


def cell_near(entry: Entry, x: float, tol: float = 15.0) -> Cell | None:
    """The cell of ``entry`` whose x centre is nearest ``x``, if within ``tol`` points."""
    if not entry.cells:
        return None
    cell = min(entry.cells, key=lambda c: abs(c.x - x))
    return cell if abs(cell.x - x) <= tol else None


__all__ = [
    "abbreviates",
    "best_rows",
    "cell_near",
    "header_column",
    "in_number_list",
    "label_terms",
    "name_before",
    "phrase_after",
    "same_table",
    "table_row_ids",
    "table_rows",
    "text_after",
    "words_before",
]
