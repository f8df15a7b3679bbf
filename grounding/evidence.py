"""Find the passages of a paper that bear on a claim: a lexical index over lines and rows.

Each page is cut into three kinds of passages: its text lines, windows of three
consecutive lines (about a sentence of two-column text), and -- when word boxes are known --
visual rows: the words sharing a baseline across the page, kept when they hold two or more
numbers (table rows, whose cells PDF text extraction emits one per line). Passages are
ranked with Okapi BM25 (k1=1.2, b=0.75; S. Robertson and H. Zaragoza, "The Probabilistic
Relevance Framework: BM25 and Beyond", 2009) over stemmed content terms, numeric terms
weighted x2, then re-ranked with rapidfuzz's ``token_set_ratio``.

Usage::

    index = EvidenceIndex.build(read_pdf("paper.pdf"))
    best = index.search("SPECTER reaches 91.5 nDCG on Co-View", k=5)
    quote = index.locate("The structural effects were small.")

The index reads only ``Document.pages`` and, per page, ``number``, ``text``, ``words``
(``text``, ``rect``, ``start``, ``end``) and ``rects_for(start, end)`` -- the API of
``grounding.pdf``; :meth:`EvidenceIndex.from_texts` builds one from plain page strings
(passages then carry no boxes).
"""

from __future__ import annotations

import heapq
import math
import re
import unicodedata
from bisect import bisect_left, bisect_right
from collections import (  # type: ignore[attr-defined]  # _count_elements: Counter's C helper
    Counter,
    _count_elements,
    defaultdict,
)
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import accumulate, chain, compress, repeat
from operator import add, gt, mul, sub, truediv
from typing import Any, NamedTuple

from rapidfuzz import fuzz

from annotations.errors import InputError
from grounding.lexicon import (
    content_term,
    content_terms,
    fold,
    fold_with_offsets,
    is_numeric,
    raw_tokens,
)
from grounding.quantities import (
    Quantity,
    detect_decimal_comma,
    extract_quantities,
    moved,
    text_quantities,
)
from grounding.types import Passage, Rect

_K1 = 1.2
_B = 0.75
#: Weight of a numeric query term relative to a word term.
NUMERIC_WEIGHT = 2.0
#: Minimum rapidfuzz score (0-100) for :meth:`EvidenceIndex.locate` to accept a match.
LOCATE_MIN_SCORE = 90.0
_WINDOW = 3


class Cell(NamedTuple):
    """A number in a visual row with the horizontal centre of its word (PDF points)."""

    quantity: Quantity
    x: float


class Entry(NamedTuple):
    """One indexed passage with what the judge needs besides its text.

    An immutable NamedTuple rather than a frozen dataclass: an index holds ~3,000 entries
    per 15 pages and a frozen dataclass's ``__init__`` (``object.__setattr__`` per field)
    made it the largest cost of building the index.

    kind: "line", "window" or "row". terms: stemmed content terms. quantities: numbers in
    ``text`` (offsets into the page text for lines and windows, into ``text`` for rows).
    cells: for rows, the numbers in reading order with their x centres (empty otherwise).
    suspect: the quantities that overlap a ``Page.suspect_spans`` range (a glyph from an
    unknown symbol font next to a digit): their value cannot be trusted.
    """

    page: int
    start: int
    end: int
    text: str
    kind: str
    terms: tuple[str, ...]
    quantities: tuple[Quantity, ...]
    cells: tuple[Cell, ...] = ()
    rects: tuple[Rect, ...] = ()
    suspect: tuple[Quantity, ...] = ()


def value_term(q: Quantity) -> str:
    """The index term of a number: its value written canonically (``1,000`` -> ``"1000"``,
    ``0,5`` -> ``"0.5"``, ``59.8%`` -> ``"59.8"``), so that formats and locales meet."""
    return format(q.value, ".10g")


def index_terms(text: str, quantities: Sequence[Quantity]) -> list[str]:
    """Content terms of ``text`` with its numbers replaced by :func:`value_term` values."""
    return [t for t in content_terms(text) if not is_numeric(t)] + [
        value_term(q) for q in quantities if q.checkable
    ]


def row_label(entry: Entry) -> str:
    """The words of a table-row entry before its first numeric cell ("" if it has none)."""
    if entry.kind != "row" or not entry.cells:
        return ""
    return entry.text[: entry.cells[0].quantity.start].strip()


@dataclass(frozen=True, slots=True)
class Hit:
    """A ranked passage: the index entry, its id and its score in [0, 1]."""

    entry: Entry
    pid: int
    score: float

    def passage(self, page: Any = None) -> Passage:
        """This hit as a Passage; boxes from ``page.rects_for`` unless the entry has its own."""
        e = self.entry
        rects = e.rects
        if not rects and page is not None:
            rects = tuple(page.rects_for(e.start, e.end))
        return Passage(
            page=e.page,
            start=e.start,
            end=e.end,
            text=e.text,
            rects=rects,
            score=round(self.score, 4),
        )


@dataclass(frozen=True, slots=True)
class _TextPage:
    """A page given as plain text (no boxes), for :meth:`EvidenceIndex.from_texts`."""

    number: int
    text: str
    words: tuple[Any, ...] = ()
    suspect_spans: tuple[tuple[int, int], ...] = ()

    def rects_for(self, start: int, end: int) -> tuple[Rect, ...]:
        return ()


def _lines(text: str) -> list[tuple[int, int]]:
    spans = []
    pos = 0
    for line in text.split("\n"):
        end = pos + len(line)
        stripped = line.strip()
        if stripped:
            lead = len(line) - len(line.lstrip())
            spans.append((pos + lead, pos + lead + len(stripped)))
        pos = end + 1
    return spans


def _page_word_columns(page: Any) -> tuple[list[str], list[float], list[float], list[float], Any]:
    """(texts, x0s, y0s, y1s, word) of ``page``: ``page.word_columns``
    (``grounding.pdf.WordColumns``) when the page has it, so that only the words asked for
    become Word objects through ``word(i)``; else built from ``page.words``."""
    cols = getattr(page, "word_columns", None)
    if cols is not None:
        return cols.texts, cols.x0s, cols.y0s, cols.y1s, cols.word
    words = tuple(getattr(page, "words", ()) or ())
    return (
        [w.text for w in words],
        [w.rect.x0 for w in words],
        [w.rect.y0 for w in words],
        [w.rect.y1 for w in words],
        words.__getitem__,
    )


def _baseline_groups(
    x0s: Sequence[float], y0s: Sequence[float], y1s: Sequence[float]
) -> list[list[int]]:
    """Word indexes grouped by baseline: in order of vertical centre, a word joins the
    group whose first word's centre is within 0.35 x its own height; groups top to bottom,
    words in (centre, x0) order (not yet sorted by x)."""
    # word order by (vertical centre, x0), ties in page order: two stable sorts of the
    # indexes, by x0 then by centre (no key tuple per word)
    centres = list(map(truediv, map(add, y0s, y1s), repeat(2)))
    # 0.35 x each word's height (at least 1 point), by C-level map; the few words under
    # 1 point high (0.35 x 1.0) are set apart, as max() per word costs more than the rest
    heights = list(map(sub, y1s, y0s))
    tols = list(map(mul, repeat(0.35), heights))
    for i in compress(range(len(heights)), map(gt, repeat(1.0), heights)):
        tols[i] = 0.35 * 1.0
    order = sorted(range(len(x0s)), key=x0s.__getitem__)
    order.sort(key=centres.__getitem__)
    rows: list[list[int]] = []
    current: list[int] = []
    centre = None
    for i in order:
        c = centres[i]
        if centre is not None and abs(c - centre) <= tols[i]:
            current.append(i)
        else:
            if current:
                rows.append(current)
            current = [i]
            centre = c
    if current:
        rows.append(current)
    return rows


def _rows(page: Any, other: list[list[int]] | None = None) -> list[tuple[list[Any], str]]:
    """Words of ``page`` grouped by baseline (:func:`_baseline_groups`); the groups that
    are table rows (:func:`_is_table_row`), as (words in x order, their texts joined by
    spaces). ``other``: if given, receives the groups that are not table rows."""
    texts, x0s, y0s, y1s, word = _page_word_columns(page)
    if not texts:
        return []
    cells = _cell_words(texts)
    out = []
    for row in _baseline_groups(x0s, y0s, y1s):
        n = len(row)
        nums = sum(map(cells.__getitem__, row)) if n >= 3 else 0
        if nums >= 2 and nums >= 0.3 * n:  # _is_table_row, from the page's flags
            row.sort(key=x0s.__getitem__)
            row_words = [word(i) for i in row]
            if _spaced_as_prose(row_words):
                if other is not None:
                    other.append(row)
                continue
            out.append((row_words, " ".join(w.text for w in row_words)))
        elif other is not None:
            other.append(row)
    return out


#: the widest gap between two words of a table row, in line heights, below which the
#: row has no column break: a line of prose dense in numbers ("scores 72.6% on AIME 2024,
#: 94.3% on MATH-500,"), a reference, a running header ("Materials 2021, 14, 4416"). A
#: word space is about 0.25-0.35 line heights; the narrowest table columns measured on
#: the shared papers are 0.7 apart
_PROSE_GAP = 0.45


def _spaced_as_prose(words: Sequence[Any]) -> bool:
    """True if no gap between consecutive words (x order) of a visual row is wider than
    :data:`_PROSE_GAP` line heights: word spaces only, no column."""
    heights = sorted(w.rect.y1 - w.rect.y0 for w in words)
    height = heights[len(heights) // 2] or 1.0
    widest = max(b.rect.x0 - a.rect.x1 for a, b in zip(words, words[1:]))
    return bool(widest < _PROSE_GAP * height)


def _accent_free(text: str) -> str:
    """``text`` lower-cased, decomposed (NFKD) and without combining marks or spacing
    modifier symbols (U+02B0-U+02FF, '¨', '´', '¸', '¯', '`', with one space on either side):
    'Do˘gan', 'Do ˘gan' and 'Doğan' give 'dogan'."""
    # a spacing accent often comes out as a glyph of its own between spaces ("Do ˘gan")
    out = _SPACING_ACCENT.sub("", text.lower())
    if out.isascii():
        return out
    return _COMBINING.sub("", unicodedata.normalize("NFKD", out))


_SPACING_ACCENT = re.compile(r"\s?[\u02b0-\u02ff\u00a8\u00b4\u00b8\u00af`]\s?")
#: The combining-mark blocks (diacritics, extended, supplement, for symbols, half marks).
_COMBINING = re.compile("[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]")


def _is_word_char(ch: str) -> bool:
    """True for what ``\\w`` matches in a str pattern: a letter or digit (``str.isalnum``,
    as the re module tests it) or ``_``."""
    return ch.isalnum() or ch == "_"


def _whole_word_in(key: str, text: str) -> bool:
    """True if ``key`` (non-empty) occurs in ``text`` with no word character (``\\w``)
    right before or after it: what ``re.search(rf"(?<!\\w){re.escape(key)}(?!\\w)",
    text)`` finds, by ``str.find`` (a fast substring search; the pattern's lookbehind makes
    the regex engine try every position of a paper's text, one name at a time)."""
    n, end = len(key), len(text)
    i = text.find(key)
    while i >= 0:
        if (i == 0 or not _is_word_char(text[i - 1])) and (
            i + n == end or not _is_word_char(text[i + n])
        ):
            return True
        i = text.find(key, i + 1)
    return False


def _page_quantities(text: str, decimal_comma: bool) -> list[Quantity]:
    """:func:`extract_quantities` of a page with offsets into ``text`` itself: extraction
    reads ``fold(text)``, which is longer where NFKC expands a character ('…' -> '...',
    a spacing diaeresis '¨' -> space + combining mark), so later offsets are mapped back."""
    qs = extract_quantities(text, decimal_comma)
    if text.isascii() or not qs:
        return qs
    folded = fold(text)
    if len(folded) == len(text):
        return qs  # every character folded to one: offsets agree
    folded_here, offsets = fold_with_offsets(text)
    if folded_here != folded:
        return qs  # an exotic fold (NFKC composing across groups): as read
    # moved() keeps every other field of the quantity (range, uncertainty, denominator, ...)
    return [moved(q, offsets[q.start], offsets[q.end]) for q in qs]


def _is_table_row(texts: Sequence[str], row: list[int]) -> bool:
    """True if the words ``row`` (indexes into ``texts``) form a table row the index keeps:
    at least 3 words, at least 2 of them numbers, and numbers at least 30 % of them."""
    if len(row) < 3:
        return False
    # C-level maps: strip each word, fullmatch it, count the matches
    nums = len(
        list(
            filter(
                None,
                map(_CELL.fullmatch, map(str.strip, map(texts.__getitem__, row), repeat("()*†‡"))),
            )
        )
    )
    return nums >= 2 and nums >= 0.3 * len(row)


_CELL = re.compile(r"[-+]?\d[\d,.]*%?\*?")
#: A whole word (one per line of the words joined by '\n') that _CELL fullmatches once
#: stripped of "()*†‡": the core starts with a sign or digit and ends with a digit, ',',
#: '.' or '%', none of them a stripped character, so the stripped word is the core.
_CELL_LINE = re.compile(r"^[()*†‡]*[-+]?\d[\d,.]*%?[()*†‡]*$", re.MULTILINE)


def _cell_words(texts: Sequence[str]) -> bytearray:
    """Per word of ``texts``, 1 if it is a number cell as :func:`_is_table_row` counts
    them, else 0: one regex scan of the words joined by '\n' (MuPDF's words hold no
    line break) rather than a strip and a match per word."""
    flags = bytearray(len(texts))
    joined = "\n".join(texts)
    if joined.count("\n") != len(texts) - 1:  # a word with a line break of its own
        return bytearray(map(bool, map(_CELL.fullmatch, map(str.strip, texts, repeat("()*†‡")))))
    starts = list(accumulate(map(add, map(len, texts), repeat(1)), initial=0))
    for m in _CELL_LINE.finditer(joined):
        flags[bisect_left(starts, m.start())] = 1
    return flags


_NUMERIC_WORD = re.compile(r"[-+(]?\d[\d,.]*%?[)*†‡]?")
_DIGIT = re.compile(r"\d")


def _label_fits(texts: list[str], max_label_words: int) -> bool:
    """Whether the label of a label+numbers piece (its words' ``texts``, a number among
    them) has at most ``max_label_words`` words before its first number."""
    n_label = next(k for k, t in enumerate(texts) if _NUMERIC_WORD.fullmatch(t.strip()))
    return n_label <= max_label_words


def _segments(texts: Sequence[str]) -> list[tuple[int, int]]:
    """Split a visual row (its words' texts, in x order) into (label words + the numbers
    after them) pieces, as ``[start, end)`` word slices of the row.

    A table laid out in several column groups gives one visual row such as
    ``VideoQA 42.1 RLM [38] 0.459 1.308``; its pieces are ``VideoQA 42.1`` and
    ``RLM [38] 0.459 1.308``. Pieces without a label or without a number are dropped.
    """
    numeric = [_NUMERIC_WORD.fullmatch(t.strip()) is not None for t in texts]
    out: list[tuple[int, int]] = []
    start = 0
    seen_number = False
    for i, num in enumerate(numeric):
        if not num and seen_number:
            out.append((start, i))
            start, seen_number = i, False
        seen_number = seen_number or num
    if texts:
        out.append((start, len(texts)))
    return [(a, b) for a, b in out if any(numeric[a:b]) and not numeric[a]]


#: The (document, index) pair :meth:`EvidenceIndex.for_document` made last (or none).
_RECENT: list[tuple[Any, EvidenceIndex]] = []


class EvidenceIndex:
    """BM25 index over the lines, 3-line windows and table rows of a document's pages.

    Build with :meth:`build` (a ``grounding.pdf.Document``) or :meth:`from_texts` (plain
    page strings, 1-based pages in order). Immutable after building (but for the per-page
    memo of :meth:`loose_rows`); safe to share.
    """

    def __init__(self, pages: Sequence[Any]) -> None:
        self.pages: dict[int, Any] = {p.number: p for p in pages}
        self.entries: list[Entry] = []
        self.page_quantities: dict[int, tuple[Quantity, ...]] = {}
        #: quantities of each page that overlap its ``suspect_spans`` (untrusted glyphs).
        self.page_suspects: dict[int, tuple[Quantity, ...]] = {}
        #: ids (indexes into ``entries``) of the table-row entries of each page.
        self.rows_by_page: dict[int, list[int]] = defaultdict(list)
        #: term -> the ids of the entries holding it, an id once per occurrence (k times
        #: in a row for an entry holding the term k times): one int list per term rather
        #: than one (id, count) tuple per posting, so that a paper's ~20,000 postings add
        #: few objects for the cyclic garbage collector to track and scan; grouped into
        #: ids and counts for the terms a query asks for (:meth:`_posting`)
        self._postings: dict[str, list[int]] = defaultdict(list)
        #: term -> (ids, counts) of the entries holding it (:meth:`_posting`)
        self._grouped: dict[str, tuple[list[int], list[int]]] = {}
        self._lengths: list[int] = []
        self.doc_terms: Counter[str] = Counter()
        self.decimal_comma = detect_decimal_comma("\n".join(p.text for p in pages))
        # memos of pure functions over this document's words (a word recurs on many pages
        # and in both a table row and its segments; loose_rows reuses them): token ->
        # content term (None for a stop word or a number), word text -> its quantities
        self._term_memo: dict[str, str | None] = {}
        #: page -> its words' baseline groups (:func:`_baseline_groups`) that are not table
        #: rows, until :meth:`loose_rows` reads them
        self._other_groups: dict[int, list[list[int]]] = {}
        #: page -> ids of its row entries that are whole label+numbers pieces of a visual
        #: row (what :meth:`loose_rows` lines its rows up with)
        self._pieces: dict[int, list[int]] = {}
        self._cell_memo: dict[str, list[Quantity]] = {}
        for page in pages:
            self._add_page(page)
        self._postings = dict(self._postings)  # no entry made by a lookup from now on
        #: page -> rows read by :meth:`loose_rows` (computed on first use)
        self._loose: dict[int, list[tuple[int, Entry]]] = {}
        n = max(len(self.entries), 1)
        self._avglen = sum(self._lengths) / n if self._lengths else 1.0
        #: term -> BM25 idf, log(1 + (N - df + 0.5) / (df + 0.5)), made when a query first
        #: asks for the term (a check asks for a few hundred of a paper's ~5,000 terms)
        self._idf: dict[str, float] = {}
        #: BM25's length normalisation of each entry, ``k1 * (1 - b + b * len / avglen)``
        avglen = self._avglen
        self._len_norm = [_K1 * (1 - _B + _B * dl / avglen) for dl in self._lengths]
        #: (term, query weight) -> its entries' ids and BM25 parts (:meth:`_term_scores`)
        self._parts: dict[tuple[str, float], tuple[list[int], list[float]]] = {}
        self._norm_cache: dict[int, tuple[str, list[int]]] = {}
        self._plain: str | None = None  # see mentions()
        self._hits_memo: dict[tuple[str, int, frozenset[int] | None], tuple[Hit, ...]] = {}
        #: the page quantities by value (:meth:`quantities_near`), made on first use
        self._by_value: tuple[list[float], list[int], list[tuple[int, Quantity]]] | None = None

    # ---------------------------------------------------------------- building
    @classmethod
    def build(cls, document: Any) -> EvidenceIndex:
        """Index a ``grounding.pdf.Document``.

        Raises: InputError if ``document`` has no ``pages``.
        """
        pages = getattr(document, "pages", None)
        if pages is None:
            raise InputError("EvidenceIndex.build needs a Document with .pages")
        return cls(list(pages))

    @classmethod
    def for_document(cls, document: Any) -> EvidenceIndex:
        """The index of ``document``, built once and reused for the same object.

        Keeps the last document only (by identity; a 15-page paper's Document and index
        hold about 3 MB each); use it where several stages need the index of one paper, such
        as a batch of answers on one paper. Raises: as :meth:`build`.
        """
        if _RECENT and _RECENT[0][0] is document:
            return _RECENT[0][1]
        index = cls.build(document)
        _RECENT[:] = [(document, index)]
        return index

    @classmethod
    def from_texts(
        cls, texts: Iterable[str], suspect_spans: Sequence[Sequence[tuple[int, int]]] | None = None
    ) -> EvidenceIndex:
        """Index plain page texts (page 1 first); passages get no boxes.

        Args: texts: one string per page. suspect_spans: optional, per page, ``(start,
              end)`` ranges of untrusted glyphs (as ``Page.suspect_spans``).
        Raises: InputError if ``texts`` is a single string (pass a list of pages).
        """
        if isinstance(texts, str):
            raise InputError("from_texts takes a list of page texts, not one string")
        texts = list(texts)
        spans = list(suspect_spans or [])
        return cls(
            [
                _TextPage(
                    i + 1,
                    t,
                    (),
                    tuple(tuple(x) for x in spans[i])  # type: ignore[misc]
                    if i < len(spans)
                    else (),
                )
                for i, t in enumerate(texts)
            ]
        )

    def _add(self, entry: Entry) -> None:
        pid = len(self.entries)
        self.entries.append(entry)
        terms = entry.terms
        # C-level map: the id once per term occurrence (the postings are a defaultdict
        # while building, see __init__); counted only for the terms a query asks for
        any(map(list.append, map(self._postings.__getitem__, terms), repeat(pid)))
        self._lengths.append(len(terms))

    def _add_page(self, page: Any) -> None:
        """Index one page: its quantities and terms, an entry per line and per window of
        ``_WINDOW`` lines, and its table rows (whole, and their label+numbers pieces)."""
        text: str = page.text
        number: int = page.number
        spans = _lines(text)
        qs = _page_quantities(text, self.decimal_comma)
        self.page_quantities[number] = tuple(qs)
        # word terms per line: a token never crosses a line break and the gaps between
        # lines are blank, so tokenising line by line finds the tokens of the whole page
        # (without a match object per token). Numbers are indexed by value instead.
        line_tokens = [raw_tokens(text, s, e) for s, e in spans]
        self._learn(chain.from_iterable(line_tokens))
        get = self._term_memo.__getitem__
        line_terms = [tuple(filter(None, map(get, toks))) for toks in line_tokens]
        values = [(q.start, value_term(q)) for q in qs if q.checkable]
        v_starts = [p for p, _ in values]
        v_terms = [t for _, t in values]
        self.doc_terms.update(chain.from_iterable(line_terms))
        self.doc_terms.update(v_terms)
        suspects = tuple(getattr(page, "suspect_spans", ()) or ())
        bad = tuple(q for q in qs if any(a < q.end and q.start < b for a, b in suspects))
        self.page_suspects[number] = bad
        self._add_lines(number, text, spans, line_terms, qs, (v_starts, v_terms), bad)
        self._add_rows(number, page, suspects)

    def _add_lines(
        self,
        number: int,
        text: str,
        spans: list[tuple[int, int]],
        line_terms: list[tuple[str, ...]],
        qs: list[Quantity],
        values: tuple[list[int], list[str]],
        bad: tuple[Quantity, ...],
    ) -> None:
        """Add the line and window entries of page ``number``: ``spans`` are its lines'
        (start, end) in ``text``, ``line_terms`` their word terms, ``qs`` its quantities by
        start, ``values`` the (starts, terms) of its checkable values, ``bad`` the quantities
        in suspect spans."""
        v_starts, v_terms = values
        q_starts = [q.start for q in qs]

        def values_in(a: int, b: int) -> tuple[str, ...]:
            lo, hi = bisect_left(v_starts, a), bisect_left(v_starts, b)
            return tuple(v_terms[lo:hi]) if lo < hi else ()

        # the largest end among the first k + 1 quantities: when it is <= b, every
        # quantity starting before b ends by b, and a slice needs no filter
        ends_upto = list(accumulate((q.end for q in qs), max))

        def quantities_in(a: int, b: int) -> tuple[Quantity, ...]:
            lo, hi = bisect_left(q_starts, a), bisect_left(q_starts, b)
            if lo == hi:
                return ()  # most lines hold no number
            if ends_upto[hi - 1] <= b:
                return tuple(qs[lo:hi])
            return tuple([q for q in qs[lo:hi] if q.end <= b])

        def suspect_in(a: int, b: int) -> tuple[Quantity, ...]:
            if not bad:
                return ()
            return tuple(q for q in bad if a <= q.start and q.end <= b)

        make = Entry._make
        for i, (s, e) in enumerate(spans):
            words = line_terms[i]
            nums = values_in(s, e)
            if len(words) + len(nums) >= 2 and (words or not all(map(is_numeric, nums))):
                # lone table cells and page numbers are left to windows and rows
                # Entry._make: tuple.__new__ in C, every field given in order
                self._add(
                    make(
                        (
                            number,
                            s,
                            e,
                            text[s:e],
                            "line",
                            words + nums,
                            quantities_in(s, e),
                            (),
                            (),
                            suspect_in(s, e),
                        )
                    )
                )
            if i + _WINDOW <= len(spans):
                ws, we = s, spans[i + _WINDOW - 1][1]
                self._add(
                    make(
                        (
                            number,
                            ws,
                            we,
                            text[ws:we].replace("\n", " "),
                            "window",
                            words + line_terms[i + 1] + line_terms[i + 2] + values_in(ws, we),
                            quantities_in(ws, we),
                            (),
                            (),
                            suspect_in(ws, we),
                        )
                    )
                )

    def _add_rows(self, number: int, page: Any, suspects: tuple[tuple[int, int], ...]) -> None:
        """Add a row entry per table row of ``page``, and one per label+numbers piece of a
        row that holds several; keep the other baseline groups for ``loose_rows``."""
        # the baseline groups that are not table rows, kept for loose_rows (a claim may
        # ask for this page's rows)
        other = self._other_groups[number] = []
        pieces = self._pieces[number] = []  # ids of the rows that are label+numbers pieces
        for row, rtext in _rows(page, other):
            self._add_row(number, row, rtext, suspects)
            segments = _segments([w.text for w in row])
            if segments == [(0, len(row))]:
                pieces.append(len(self.entries) - 1)
            elif segments:
                for a, b in segments:
                    seg = row[a:b]
                    pieces.append(len(self.entries))
                    self._add_row(number, seg, " ".join(w.text for w in seg), suspects)

    def _add_row(
        self, number: int, row: list[Any], rtext: str, suspects: tuple[tuple[int, int], ...] = ()
    ) -> None:
        self.rows_by_page[number].append(len(self.entries))
        self._add(self._row_entry(number, row, rtext, suspects))

    def _row_entry(
        self, number: int, row: list[Any], rtext: str, suspects: tuple[tuple[int, int], ...] = ()
    ) -> Entry:
        """A ``kind == "row"`` entry for the words ``row`` (``grounding.pdf.Word``, x order)
        of page ``number``, ``rtext`` their texts joined by spaces."""
        cells = []
        pos = 0
        quantities = []
        bad = []
        for w in row:
            qs = self._cell_quantities(w.text)
            if not qs:
                pos += len(w.text) + 1
                continue  # label words: no cell value
            for q in qs:
                at = moved(q, q.start + pos, q.end + pos)
                quantities.append(at)
                if any(a < w.end and w.start < b for a, b in suspects):
                    bad.append(at)
                if q.checkable:
                    cells.append(Cell(at, (w.rect.x0 + w.rect.x1) / 2))
            pos += len(w.text) + 1
        rects = [w.rect for w in row]
        box = Rect(
            min([r.x0 for r in rects]),
            min([r.y0 for r in rects]),
            max([r.x1 for r in rects]),
            max([r.y1 for r in rects]),
        )
        return Entry(
            number,
            min(w.start for w in row),
            max(w.end for w in row),
            rtext,
            "row",
            self._terms(rtext, quantities),
            tuple(quantities),
            tuple(cells),
            rects=(box,),
            suspect=tuple(bad),
        )

    def _cell_quantities(self, text: str) -> list[Quantity]:
        """The quantities of one word of a row (none without a digit), memoised per text."""
        qs = self._cell_memo.get(text)
        if qs is None:
            qs = self._cell_memo[text] = (
                extract_quantities(text, self.decimal_comma)
                if any(ch.isdigit() for ch in text)
                else []
            )
        return qs

    def _terms(self, text: str, quantities: Sequence[Quantity]) -> tuple[str, ...]:
        """:func:`index_terms` of ``text`` through the document's token memo: its content
        terms (token by token, as lines are indexed), numbers by value."""
        tokens = raw_tokens(text)
        self._learn(tokens)
        return (
            *filter(None, map(self._term_memo.__getitem__, tokens)),
            *[value_term(q) for q in quantities if q.checkable],
        )

    def _learn(self, tokens: Iterable[str]) -> None:
        """Put the tokens (:func:`grounding.lexicon.raw_tokens`) not yet in the term memo
        into it: token -> its content term, None for a stop word or a number."""
        memo = self._term_memo
        for tok in set(tokens).difference(memo):
            term = content_term(tok)
            memo[tok] = None if term is None or is_numeric(term) else term

    def loose_rows(
        self, page: int, max_label_words: int = 8, align_tol: float = 3.0, max_dy: float = 120.0
    ) -> list[tuple[int, Entry]]:
        """Table rows of ``page`` that the index does not hold, read from its word boxes.

        The index keeps a visual row (words sharing a baseline) only when at least 30 % of
        its words are numbers. In a two-column paper a small table row often shares its
        baseline with a prose line of the other column ("Bibliography entries 27.6 21.9
        liography entry and linking counts between the"), so the row is left out. Here
        every visual row of the page is cut into pieces of label words followed by numbers
        (the prose piece has no number and falls away), and a piece is kept when its label
        has 1 to ``max_label_words`` words, it holds a checkable number, and one of its
        cells lines up (x centres within ``align_tol`` points) with a cell of another piece
        1 to ``max_dy`` points above or below: a table column, not a number that happens to
        end a prose line. Pieces the index already holds (same top and cell values) are
        left out.

        Returns: (id, entry) pairs top to bottom, ids past the end of ``entries`` (unique
        in this index; such entries are not searchable), [] for a page without word boxes.
        Computed on first use and kept per page.
        """
        held = self._loose.get(page)
        if held is not None:
            return held
        # the pieces of every visual row: those of the rows the index holds are its own
        # entries (made at build); the others are made here, from rows holding a digit.
        # Each piece as (top of its box, x centres of its cells): the index's own row
        # entries, then the candidates read here, whose entries are made only when kept
        pieces = [
            (e.rects[0].y0, [c.x for c in e.cells])
            for e in (self.entries[pid] for pid in self._pieces.get(page, []))
            if e.cells and _label_fits(e.text.split(" "), max_label_words)
        ]
        candidates, word = self._loose_candidates(page, max_label_words)
        n_own = len(pieces)
        pieces += [(top, xs) for _, top, xs, _ in candidates]
        have = {
            (
                round(self.entries[pid].rects[0].y0),
                tuple(c.quantity.value for c in self.entries[pid].cells),
            )
            for pid in self.rows_by_page.get(page, [])
            if self.entries[pid].rects
        }
        kept = [
            ids
            for k, (ids, top, xs, values) in enumerate(candidates)
            if (round(top), values) not in have
            and any(
                j != n_own + k
                and 1 < abs(o_top - top) <= max_dy
                and any(abs(x - y) <= align_tol for x in xs for y in o_xs)
                for j, (o_top, o_xs) in enumerate(pieces)
            )
        ]
        base = len(self.entries) + sum(len(v) for v in self._loose.values())
        held = []
        for k, ids in enumerate(kept):
            words = [word(i) for i in ids]
            held.append((base + k, self._row_entry(page, words, " ".join(w.text for w in words))))
        self._loose[page] = held
        return held

    def _loose_candidates(
        self, page: int, max_label_words: int
    ) -> tuple[list[tuple[list[int], float, list[float], tuple[float, ...]]], Any]:
        """The label+numbers pieces of the visual rows of ``page`` that the index does not
        hold, as (word ids, top of their box, x centres of their cells, cell values), and
        the page's ``word(i)`` (None for a page not in the index)."""
        pg = self.pages.get(page)
        word: Any = None
        candidates: list[tuple[list[int], float, list[float], tuple[float, ...]]] = []
        if pg is None:
            return candidates, word
        texts, x0s, y0s, y1s, word = _page_word_columns(pg)
        groups = self._other_groups.pop(page, None)
        if groups is None:
            groups = [g for g in _baseline_groups(x0s, y0s, y1s) if not _is_table_row(texts, g)]
        for group in groups:
            if not _DIGIT.search("".join([texts[i] for i in group])):
                continue  # no number at all
            group.sort(key=x0s.__getitem__)
            gtexts = [texts[i] for i in group]
            for a, b in _segments(gtexts):
                if not _label_fits(gtexts[a:b], max_label_words):
                    continue
                # what _row_entry would give the cells: one per checkable quantity of
                # a word, at the word's x centre; the box's top is its words' least y0
                ids = group[a:b]
                xs: list[float] = []
                values: list[float] = []
                for i in ids:
                    for q in self._cell_quantities(texts[i]):
                        if q.checkable:
                            r = word(i).rect
                            xs.append((r.x0 + r.x1) / 2)
                            values.append(q.value)
                if xs:  # an entry with cells
                    candidates.append((ids, min([y0s[i] for i in ids]), xs, tuple(values)))
        return candidates, word

    # ---------------------------------------------------------------- search
    def hits(self, query: str, k: int = 8, pages: set[int] | None = None) -> list[Hit]:
        """The ``k`` best entries for ``query``, best first, scores in [0, 1] (none for
        ``k <= 0``).

        Score: 0.7 x BM25 normalised by the score a passage holding every query term once
        would get, plus 0.3 x rapidfuzz ``token_set_ratio`` / 100. The last few hundred
        results are memoised (the pipeline and a judge often ask the same sentence).
        """
        key = (query, k, frozenset(pages) if pages is not None else None)
        cached = self._hits_memo.get(key)
        if cached is not None:
            return list(cached)
        ranked = self._rank(query, k, pages)
        if len(self._hits_memo) >= 512:
            self._hits_memo.clear()
        self._hits_memo[key] = tuple(ranked)
        return ranked

    def page_share(self, term: str) -> tuple[float, int]:
        """(share 0-1 of the paper's pages, number of pages) whose text holds the index
        term ``term`` (a stemmed content term, as ``Entry.terms``); (0.0, 0) for a term the
        paper never uses."""
        ids = self._postings.get(term)
        if not ids or not self.pages:
            return 0.0, 0
        entries = self.entries
        n = len({entries[i].page for i in ids})
        return n / len(self.pages), n

    def mentions(self, word: str) -> bool:
        """True if ``word`` occurs as a whole word in the paper's text, ignoring case,
        accents and spacing diacritics ("Dogan" matches "Doğan" and the extracted "Do˘gan").
        The accent-free text is made on first use."""
        if self._plain is None:
            self._plain = _accent_free("\n".join(p.text for p in self.pages.values()))
        key = _accent_free(word)
        return bool(key) and _whole_word_in(key, self._plain)

    def quantities_near(self, ranges: Iterable[tuple[float, float]]) -> list[tuple[int, Quantity]]:
        """The (page, quantity) pairs of :attr:`page_quantities` whose value lies in one of
        ``ranges`` (``(lo, hi)``, both ends included), in the order ``page_quantities``
        holds them (pages in order, then by position): a value lookup by bisection
        instead of a walk over every number of the paper."""
        if self._by_value is None:
            flat = [(page, q) for page, qs in self.page_quantities.items() for q in qs]
            order = sorted(range(len(flat)), key=lambda i: flat[i][1].value)
            self._by_value = ([flat[i][1].value for i in order], order, flat)
        values, order, flat = self._by_value
        picked: set[int] = set()
        for lo, hi in ranges:
            picked.update(order[bisect_left(values, lo) : bisect_right(values, hi)])
        return [flat[i] for i in sorted(picked)]

    def _posting(self, term: str) -> tuple[list[int], list[int]] | None:
        """(ids, counts) of the entries holding ``term``, ids in order (None if no entry
        holds it): its postings grouped, made on first use and kept."""
        held = self._grouped.get(term)
        if held is None:
            ids = self._postings.get(term)
            if ids is None:
                return None
            # what Counter(ids) holds (ids in order: an entry's ids come in a row), by
            # Counter's C helper
            counts: dict[int, int] = {}
            _count_elements(counts, ids)
            held = self._grouped[term] = (list(counts), list(counts.values()))
        return held

    def _idf_of(self, term: str) -> float | None:
        """BM25 idf of ``term`` (None if no entry holds it)."""
        idf = self._idf.get(term)
        if idf is None:
            held = self._posting(term)
            if held is None:
                return None
            n = max(len(self.entries), 1)
            df = len(held[0])  # entries holding the term
            idf = self._idf[term] = math.log(1 + (n - df + 0.5) / (df + 0.5))
        return idf

    def _term_scores(self, term: str, weight: float) -> tuple[list[int], list[float]]:
        """(ids, BM25 parts) of the entries holding ``term`` (which some entry holds), the
        part of each ``weight * idf * tf * (k1 + 1) / (tf + k1 * (1 - b + b * len /
        avglen))``; made on first use and kept (the sentences of an answer share terms)."""
        key = (term, weight)
        held = self._parts.get(key)
        if held is None:
            pids, tfs = self._grouped[term]  # grouped as its idf was made (_idf_of)
            w_idf = weight * self._idf[term]
            # the same operations, in the same order, as one expression per posting
            parts = list(
                map(
                    truediv,
                    map(mul, map(mul, repeat(w_idf), tfs), repeat(_K1 + 1)),
                    map(add, tfs, map(self._len_norm.__getitem__, pids)),
                )
            )
            held = self._parts[key] = (pids, parts)
        return held

    def _rank(self, query: str, k: int, pages: set[int] | None) -> list[Hit]:
        if k <= 0:
            return []  # no place for a hit (the k-best heap below needs one)
        terms = index_terms(query, text_quantities(query))  # the judge reads them too
        if not terms:
            return []
        weights: dict[str, float] = {}
        for t in terms:
            weights[t] = NUMERIC_WEIGHT if is_numeric(t) else 1.0
        idfs = {t: self._idf_of(t) for t in weights}
        ideal = sum(w * (idfs[t] or 0.0) for t, w in weights.items()) or 1.0
        # scores in a list by id (cheaper than a dict per posting); ``touched`` keeps the
        # ids in the order they were first scored, which breaks ties as before
        scores = [0.0] * len(self.entries)
        touched: list[list[int]] = []
        for t, w in weights.items():
            if idfs[t] is None:
                continue
            pids, parts = self._term_scores(t, w)
            touched.append(pids)
            for pid, part in zip(pids, parts):
                scores[pid] += part
        order: Iterable[int] = dict.fromkeys(chain.from_iterable(touched))
        if pages is not None:
            entries = self.entries
            order = [p for p in order if entries[p].page in pages]
        # best first, ties in scoring order (nlargest equals a stable reverse sort, cut)
        top = [
            (pid, scores[pid])
            for pid in heapq.nlargest(max(4 * k, 30), order, key=scores.__getitem__)
        ]
        q = fold(query).lower()
        ranked = []
        best: list[float] = []  # the k best scores so far (a min-heap)
        for pid, s in top:
            lex = min(s / ideal, 1.0)
            # candidates come by falling lexical score, and the fuzzy part is at most 1:
            # once the best a candidate could reach is no more than the k-th score so far,
            # neither it nor a later one can enter the k best (a tie sorts after)
            if k == len(best) and 0.7 * lex + 0.3 * 1.0 <= best[0]:
                break
            e = self.entries[pid]
            fz = fuzz.token_set_ratio(q, e.text.lower()) / 100.0
            score = 0.7 * lex + 0.3 * fz
            ranked.append(Hit(e, pid, score))
            if len(best) < k:
                heapq.heappush(best, score)
            elif score > best[0]:
                heapq.heapreplace(best, score)
        ranked.sort(key=lambda h: -h.score)
        return ranked[:k]

    def entry_at(self, page: int, offset: int) -> tuple[int, Entry] | None:
        """The (id, entry) of the line (else window) of ``page`` holding char ``offset``."""
        best = None
        for pid, e in enumerate(self.entries):
            if e.page == page and e.kind != "row" and e.start <= offset < e.end:
                if e.kind == "line":
                    return pid, e
                best = best or (pid, e)
        return best

    def hit_at(self, page: int, offset: int, score: float = 1.0) -> Hit | None:
        """:meth:`entry_at` as a Hit scored ``score`` (0-1), for evidence the checks found
        by position rather than by search; None where no entry holds ``offset``."""
        found = self.entry_at(page, offset)
        return Hit(found[1], found[0], score) if found is not None else None

    def search(self, query: str, k: int = 8) -> list[Passage]:
        """The ``k`` passages that best match ``query``, best first.

        Returns: grounding.types.Passage list (page 1-based, offsets into ``Page.text``,
        boxes in PDF points, top-left origin; score in [0, 1]). Empty for a query without
        content words, and for ``k <= 0``.
        """
        return [self.passage(h) for h in self.hits(query, k)]

    def passage(self, hit: Hit) -> Passage:
        """``hit`` as a Passage with its boxes (PDF points, top-left origin)."""
        return hit.passage(self.pages.get(hit.entry.page))

    # ---------------------------------------------------------------- locate
    def _normalised(self, number: int) -> tuple[str, list[int]]:
        cached = self._norm_cache.get(number)
        if cached is None:
            cached = normalise_with_map(self.pages[number].text)
            self._norm_cache[number] = cached
        return cached

    def locate(
        self, quote: str, page: int | None = None, min_score: float = LOCATE_MIN_SCORE
    ) -> Passage | None:
        """Find ``quote`` in the document, tolerant to layout noise; None if absent.

        Both sides are folded (NFKC, case, minus variants), hyphenated line breaks
        (``-\\n``, `` -\\n``) joined, lines holding only a page number dropped and runs of
        whitespace collapsed; then rapidfuzz ``partial_ratio_alignment`` finds the best
        window. Returns: Passage whose start/end point into the original ``Page.text``,
        score = match score / 100 (>= ``min_score`` / 100), or None.
        """
        norm_quote, _ = normalise_with_map(quote)
        if not norm_quote:
            return None
        candidates = [page] if page is not None else list(self.pages)
        if page is None and len(candidates) > 3:
            ranked = {h.entry.page for h in self.hits(quote, k=12)}
            candidates = [p for p in candidates if p in ranked] or candidates
        best: tuple[float, int, int, int] | None = None
        for number in candidates:
            if number not in self.pages:
                continue
            norm, offsets = self._normalised(number)
            if not norm:
                continue
            al = fuzz.partial_ratio_alignment(norm_quote, norm, score_cutoff=min_score)
            if al is None:
                continue
            if best is None or al.score > best[0]:
                best = (al.score, number, al.dest_start, al.dest_end)
        if best is None:
            return None
        score, number, ds, de = best
        norm, offsets = self._normalised(number)
        start = offsets[ds]
        end = offsets[de - 1] + 1
        p = self.pages[number]
        return Passage(
            page=number,
            start=start,
            end=end,
            text=p.text[start:end],
            rects=tuple(p.rects_for(start, end)),
            score=round(score / 100, 4),
        )


def normalise_with_map(text: str) -> tuple[str, list[int]]:
    """Fold ``text`` for quote matching and keep where each output char came from.

    Steps: NFKC + minus variants (:func:`grounding.lexicon.fold`), lower case, drop lines
    that are only a page number, join ``-\\n`` and `` -\\n`` hyphenation, collapse whitespace.
    Returns: (normalised text, offsets) with ``offsets[i]`` the index in ``text`` of
    normalised char ``i``; ``len(offsets) == len(normalised)``.
    """
    chars: list[str] = []
    offs: list[int] = []
    for i, ch in enumerate(text):
        for out in fold(ch).lower():
            chars.append(out)
            offs.append(i)
    s = "".join(chars)
    # page-number lines: "\n 12 \n" -> "\n"
    keep = [True] * len(s)
    for m in re.finditer(r"(?<=\n)[ \t]*\d{1,4}[ \t]*\n", s):
        for j in range(m.start(), m.end()):
            keep[j] = False
    for m in re.finditer(r"(?<=\w) ?-[ \t]*\n\s*(?=[a-z])", s):
        for j in range(m.start(), m.end()):
            keep[j] = False
    out_chars: list[str] = []
    out_offs: list[int] = []
    prev_space = True
    for j, ch in enumerate(s):
        if not keep[j]:
            continue
        if ch.isspace():
            if prev_space:
                continue
            ch = " "
            prev_space = True
        else:
            prev_space = False
        out_chars.append(ch)
        out_offs.append(offs[j])
    while out_chars and out_chars[-1] == " ":
        out_chars.pop()
        out_offs.pop()
    return "".join(out_chars), out_offs


__all__ = [
    "Cell",
    "Entry",
    "EvidenceIndex",
    "Hit",
    "LOCATE_MIN_SCORE",
    "index_terms",
    "normalise_with_map",
    "row_label",
    "value_term",
]
