"""PyMuPDF -> pages of normalised reading-order text, with word, line and block boxes.

The only module of the package that imports PyMuPDF (``pymupdf``, formerly ``fitz``).

Usage::

    doc = read_pdf("paper.pdf")
    page = doc.page(3)                      # 1-based
    i = page.text.find("corpus")            # normalised text: ligatures folded, hyphens joined
    boxes = page.rects_for(i, i + 6)        # PDF points, origin top-left, one box per line piece

Units and conventions: boxes are :class:`grounding.types.Rect` in PDF points (1/72 inch),
origin at the top-left corner of the page as displayed (for a page with /Rotate, MuPDF's
unrotated boxes are mapped through ``page.rotation_matrix``, so boxes match the rendered
image and ``Page.width``/``height``); pages are numbered from 1;
``start``/``end`` are character offsets into ``Page.text`` (end exclusive).

How a page is read:

* text comes from one PyMuPDF text page per page: blocks, lines and word boxes from
  ``extractWORDS`` (a line's text is its words joined by single spaces), ligature code
  points kept for the normaliser; ``extractDICT`` (span fonts, colours, sizes) is read
  only on pages where fonts matter (a mis-encoded math glyph occurs, or a font that is
  neither a known text font nor a math/symbol font is used) or where the page's
  ``extractHTML`` leaves open that some text is never painted
  (``grounding.visibility.may_hide_text``);
* blocks are put in reading order: on a two-column page (a vertical gutter near the middle
  with at least 15 % of the text on each side) the page is cut into bands by full-width
  blocks and each band is read left column, then right column, a block holding lines of
  both columns being split (a PDF whose content stream has the right column
  first); other pages, and rotated (landscape) pages, keep MuPDF's stream order;
* math symbol fonts are decoded (``grounding.normalize.map_symbol_font``), and
  digits or Latin-1 glyphs from unknown fonts touching a number are reported in
  ``Page.suspect_spans``;
* a word drawn a second time a fraction of a point from itself (fake-bold overprint) is
  read once (``_drop_overprint``, on the pages ``_may_overprint`` picks);
* superscripts (MuPDF's superscript spans: ``<sup>`` in the page's ``extractHTML``, or
  flag bit 0 in its ``extractDICT`` where that is read anyway) are read by
  ``grounding.normalize.read_superscript``: an exponent becomes Unicode superscript
  characters ('10¹²', 'm⁻²'; never '1012'), a citation or footnote number glued to a word
  is dropped ('cells,¹²⁻¹⁴' -> 'cells,'), a charge ('Ca2+') and other marks stay;
* a preprint's margin line numbers (a column of five or more bare, rising numbers beside
  the text) are dropped (``_drop_line_numbers``);
* a line that is only a page number and is the top-most or bottom-most line of the page (in
  the outer 12 % of the page height) is dropped;
* the raw text (lines joined by '\\n') goes through ``grounding.normalize.normalize_text``
  (as ``normalize_with_sources``: the same text and sources, kept as an array);
  each word keeps the box of its raw characters, so a word joined from two hyphenated
  halves ('cor-' / 'pus') is two :class:`Word` s whose ranges tile 'corpus' in the text; a
  line-end hyphen is kept when the same pair occurs hyphenated inside a line elsewhere in
  the document ('non-\\npaper' -> 'non-paper' if 'non-paper' occurs; ``hyphenated_pairs``)
  or when the document never writes the joined form but has both halves as words
  ('cost-\\neffective'; ``line_end_compounds``).

Cost (the Python side runs ~1x MuPDF's own extraction): words are kept as columns from
``extractWORDS`` (no object per word; :class:`WordColumns`), lines and blocks are built by
C-level ``map`` over those columns, every word's raw offset is a running sum (each word is
followed by one space or '\\n'), and a line that normalisation leaves verbatim maps its
words to the text by one shift (only hyphen-joined, ligature or rewritten lines are mapped
word by word); font names are read once per document (:class:`_FontCheck`); overprint
is looked for word by word only on pages with a repeated word or line (a C-level check),
superscripts only on lines holding a raised digit.

Errors: :class:`grounding.errors.PDFError` (path, page) for a missing file, a file that is
not a PDF, an encrypted PDF that needs a password, a damaged page, or a PDF without any
page with a text layer (scanned). A PDF where only some pages lack text is read; those
pages have empty text.
"""

from __future__ import annotations

import bisect
import logging
import math
import os
import re
from array import array
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from functools import partial
from html import unescape as html_unescape
from itertools import accumulate, chain, compress, count, islice, repeat
from operator import add, eq, itemgetter, lt, ne, or_, sub, truediv
from pathlib import Path
from typing import Any, TypeVar

import pymupdf

from grounding.errors import InputError, PDFError
from grounding.normalize import (
    MATH_FONT_GLYPHS,
    hyphenated_pairs,
    is_known_text_font,
    is_page_number_line,
    is_pi_span,
    is_symbol_font,
    line_end_compounds,
    map_symbol_font,
    normalize_with_sources,
    read_superscript,
)
from grounding.types import Rect
from grounding.visibility import AlphaCheck, HiddenSpan, drop_hidden, hidden_spans, may_hide_text

__all__ = [
    "Block",
    "Document",
    "Line",
    "Page",
    "Word",
    "WordColumns",
    "extract_plain_text",
    "pdf_metadata",
    "read_pdf",
]

_mu: Any = pymupdf  # PyMuPDF ships without type hints for most calls

# MuPDF's diagnostics ("MuPDF error: syntax error: ..." while repairing a damaged file) go to
# standard output by default, into the JSON a command prints there. Send them to Python's
# logging instead (logger "pymupdf", level WARNING: on stderr unless the application
# configures logging), unless PYMUPDF_MESSAGE already says where they go.
if "PYMUPDF_MESSAGE" not in os.environ:
    _mu.set_messages(pylogging=True, pylogging_level=logging.WARNING)
_mupdf: Any = pymupdf.mupdf  # its low-level MuPDF bindings (for the font walk)

#: Text-page flags, as bare ``get_text()`` uses them: keep ligature code points (the
#: normaliser folds them, and needs to see them to repair 'beneﬁ ciaries') and
#: whitespace characters, clip to the media box, show unmapped glyphs by CID.
_FLAGS = (
    pymupdf.TEXT_PRESERVE_LIGATURES
    | pymupdf.TEXT_PRESERVE_WHITESPACE
    | pymupdf.TEXT_MEDIABOX_CLIP
    | pymupdf.TEXT_CID_FOR_UNKNOWN_UNICODE
)
#: MuPDF's word delimiters (PyMuPDF ``JM_is_word_delimiter``): code points <= 32, NBSP and
#: the bidi controls U+202A-U+202E.
_DELIMS = (
    frozenset(chr(c) for c in range(33)) | {"\u00a0"} | {chr(c) for c in range(0x202A, 0x202F)}
)
#: Characters a mis-encoded math font emits instead of a sign next to a number.
_SUSPECT_GLYPHS = frozenset("0123456789\u00bc\u00bd\u00be\u00fe\u00c0\u00c3")
_MARGIN = 0.12
_T = TypeVar("_T")


@dataclass(frozen=True, slots=True)
class Word:
    """One word of a page: ``text == page.text[start:end]`` (normalised).

    rect: the word's box as MuPDF gives it (PDF points, origin top-left); for a word whose
    raw text was 'cor-' at a line end, text is 'cor' and the rect still covers the hyphen.
    line: index into ``Page.lines``.
    """

    text: str
    rect: Rect
    start: int
    end: int
    line: int = 0


@dataclass(frozen=True, slots=True)
class Line:
    """One text line: ``page.text[start:end]`` with its box (points). A line joined to the
    next by a hyphenation ends where the next begins (no '\\n' between them)."""

    start: int
    end: int
    rect: Rect


@dataclass(frozen=True, slots=True)
class Block:
    """One MuPDF text block (roughly a paragraph) in reading order: ``page.text[start:end]``."""

    start: int
    end: int
    rect: Rect


@dataclass(frozen=True, slots=True)
class WordColumns:
    """The words of a page as parallel columns: word ``i`` is ``Word(texts[i], Rect(x0s[i],
    y0s[i], x1s[i], y1s[i]), starts[i], ends[i], lines[i])`` (offsets into ``Page.text``,
    boxes in PDF points).

    :func:`read_pdf` keeps a page's words in this form and makes the :class:`Word` objects
    only when ``Page.words`` is first read: the evidence index and ``Page.rects_for`` read
    the columns, so most pages of a checked paper never need their ~650 Word and Rect
    objects (which cost time to make and to scan in every cyclic garbage collection).
    """

    texts: list[str]
    starts: list[int]
    ends: list[int]
    x0s: list[float]
    y0s: list[float]
    x1s: list[float]
    y1s: list[float]
    lines: list[int]

    @classmethod
    def of(cls, words: tuple[Word, ...]) -> WordColumns:
        """Columns of ``words``."""
        return cls(
            [w.text for w in words],
            [w.start for w in words],
            [w.end for w in words],
            [w.rect.x0 for w in words],
            [w.rect.y0 for w in words],
            [w.rect.x1 for w in words],
            [w.rect.y1 for w in words],
            [w.line for w in words],
        )

    def __len__(self) -> int:
        return len(self.starts)

    def word(self, i: int) -> Word:
        """Word ``i`` as a :class:`Word`."""
        return Word(
            self.texts[i],
            Rect(self.x0s[i], self.y0s[i], self.x1s[i], self.y1s[i]),
            self.starts[i],
            self.ends[i],
            self.lines[i],
        )


@dataclass(frozen=True)
class Page:
    """One page of a read PDF.

    number: 1-based. width, height: page size in points (rotation applied).
    text: normalised reading-order text, lines separated by '\\n' (see module docstring).
    words, lines, blocks: in text order, offsets into ``text``. A page made by
      :func:`read_pdf` builds ``words`` on first access from ``word_columns`` (same values).
    suspect_spans: ``(start, end)`` offsets into ``text`` of characters that came from a font
      that is neither a known text font nor a decoded math font, that are digits or Latin-1
      symbols ('2', '¼', 'þ', ...), and that touch a digit from another span (a
      minus sign extracted as '2' before '0.44'). A judge should not call a number
      overlapping such a span supported or contradicted: it needs review.
    word_columns: the words as :class:`WordColumns` (derived; not compared).
    """

    number: int
    width: float
    height: float
    text: str
    words: tuple[Word, ...]
    lines: tuple[Line, ...] = ()
    blocks: tuple[Block, ...] = ()
    suspect_spans: tuple[tuple[int, int], ...] = ()
    word_columns: WordColumns = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "word_columns", WordColumns.of(self.words))

    @classmethod
    def _lazy(
        cls,
        number: int,
        width: float,
        height: float,
        text: str,
        columns: WordColumns,
        lines: list[tuple[int, int, Box4]],
        blocks: list[tuple[int, int, Box4]],
        suspect_spans: tuple[tuple[int, int], ...],
    ) -> Page:
        """A page whose ``words``, ``lines`` and ``blocks`` are made when first read, from
        ``columns`` and from ``(start, end, (x0, y0, x1, y1))`` records (the pipeline reads
        none of them on most pages; see :class:`WordColumns`)."""
        page = object.__new__(cls)
        # the state __init__ would give, less words, lines and blocks: not attributes until
        # __getattr__ makes them
        page.__dict__.update(
            number=number,
            width=width,
            height=height,
            text=text,
            suspect_spans=suspect_spans,
            word_columns=columns,
            _pending={"words": columns, "lines": lines, "blocks": blocks},
        )
        return page

    def __getattr__(self, name: str) -> Any:
        # only called for a missing attribute: words, lines or blocks of a _lazy page
        pending = self.__dict__.get("_pending")
        if pending is None or name not in pending:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        source = pending[name]  # kept (not popped): a concurrent reader finds it too
        value: tuple[Any, ...]
        if name == "words":
            value = tuple(source.word(i) for i in range(len(source)))
        elif name == "lines":
            value = tuple(Line(s, e, Rect(*box)) for s, e, box in source)
        else:
            value = tuple(Block(s, e, Rect(*box)) for s, e, box in source)
        self.__dict__[name] = value
        return value

    def rects_for(self, start: int, end: int) -> tuple[Rect, ...]:
        """Boxes covering ``text[start:end]``: one per line piece, in text order, in points.

        A word partly inside the range contributes the proportional slice of its box (by
        character count; whole box for vertical text). Consecutive words of the same line
        (same ``Word.line`` and overlapping heights) merge into one box. Characters without
        a word (line breaks, spaces) add nothing. Empty or out-of-range input gives ``()``.
        """
        if end <= start:
            return ()
        cols = self.word_columns
        starts, ends, lines = cols.starts, cols.ends, cols.lines
        x0s, y0s, x1s, y1s = cols.x0s, cols.y0s, cols.x1s, cols.y1s
        i = max(bisect.bisect_right(starts, start) - 1, 0)
        out: list[Rect] = []
        # the box being merged, as floats (one Rect is made per merged run, not per word)
        cur: list[float] | None = None
        last_line = -1
        n = len(starts)
        while i < n:
            ws, we = starts[i], ends[i]
            if ws >= end:
                break
            if we <= start:
                i += 1
                continue
            s, e = max(start, ws), min(end, we)
            rx0, y0, rx1, y1 = x0s[i], y0s[i], x1s[i], y1s[i]
            x0, x1 = rx0, rx1
            if (s > ws or e < we) and (rx1 - rx0) >= (y1 - y0):
                k = we - ws
                x0, x1 = rx0 + (rx1 - rx0) * (s - ws) / k, rx0 + (rx1 - rx0) * (e - ws) / k
            line = lines[i]
            i += 1
            if cur is not None and line == last_line and y0 < cur[3] and y1 > cur[1]:
                cur[0] = min(cur[0], x0)
                cur[1] = min(cur[1], y0)
                cur[2] = max(cur[2], x1)
                cur[3] = max(cur[3], y1)
            else:
                if cur is not None:
                    out.append(Rect(*cur))
                cur = [x0, y0, x1, y1]
                last_line = line
        if cur is not None:
            out.append(Rect(*cur))
        return tuple(out)

    def image_size(self, zoom: float = 2.0) -> tuple[int, int]:
        """(width, height) in pixels of the page rendered at ``72 * zoom`` dpi, rounded as
        MuPDF's ``fz_round_rect`` does for ``page.get_pixmap(matrix=Matrix(zoom, zoom))``."""
        eps = 0.001
        w = math.ceil(self.width * zoom - eps) - math.floor(0.0 + eps)
        h = math.ceil(self.height * zoom - eps) - math.floor(0.0 + eps)
        return w, h


# The defaults of the lazily made fields stay in Page.__init__; as class attributes they
# would hide the missing attributes of a _lazy page from Page.__getattr__.
del Page.lines, Page.blocks


@dataclass(frozen=True)
class Document:
    """A read PDF: path as given (str), its pages in order, and warnings: one sentence each
    about what may make the text incomplete (a damaged file MuPDF repaired, pages without a
    text layer among pages with text, text the PDF never paints left out)."""

    path: str
    pages: tuple[Page, ...]
    warnings: tuple[str, ...] = ()

    def page(self, number: int) -> Page:
        """The page with 1-based ``number``. Raises InputError if there is no such page."""
        if not 1 <= number <= len(self.pages):
            raise InputError(f"{self.path}: no page {number} (pages 1-{len(self.pages)})")
        return self.pages[number - 1]


# --- opening -------------------------------------------------------------------------------


def _open(path: str | Path) -> tuple[str, Any]:
    """Open a PDF with PyMuPDF, mapping every failure to PDFError."""
    p = str(path)
    if Path(p).is_dir():
        raise PDFError("is a directory, not a PDF file", path=p)
    if not Path(p).is_file():
        raise PDFError("file not found", path=p)
    try:
        doc = _mu.open(p, filetype="pdf")
    except Exception as exc:  # pymupdf raises FileDataError, RuntimeError, ValueError ...
        raise PDFError(f"not a readable PDF ({type(exc).__name__}: {exc})", path=p) from exc
    if not doc.is_pdf:
        doc.close()
        raise PDFError("not a PDF", path=p)
    if doc.needs_pass:
        doc.close()
        raise PDFError("encrypted PDF needs a password", path=p)
    if doc.page_count == 0:
        repaired = doc.is_repaired
        doc.close()
        raise PDFError(
            "PDF has no pages"
            + (
                " (a damaged file MuPDF could not repair: truncated or corrupt?)"
                if repaired
                else ""
            ),
            path=p,
        )
    return p, doc


def read_pdf(path: str | Path) -> Document:
    """Read every page of a PDF into normalised text with boxes (see module docstring).

    Returns: Document(path, pages). Raises: PDFError (missing, not a PDF, encrypted, damaged
    page, or no page with text: a scanned PDF).
    """
    p, doc = _open(path)
    raws: list[_RawPage] = []
    fonts = _FontCheck(doc)  # one font-name cache for all pages
    try:
        for index in range(doc.page_count):
            try:
                raws.append(_read_page(doc.load_page(index), index + 1, fonts))
            except Exception as exc:
                raise PDFError(
                    f"cannot read page ({type(exc).__name__}: {exc})", path=p, page=index + 1
                ) from exc
        repaired = bool(doc.is_repaired)
    finally:
        doc.close()
    raw_texts = [rp.raw for rp in raws]
    keep = hyphenated_pairs(raw_texts) | line_end_compounds(raw_texts)
    pages = [_finish(rp, keep) for rp in raws]
    empty = [rp.number for rp in raws if not rp.has_layer]
    damaged = " (a damaged file MuPDF repaired: truncated or corrupt?)" if repaired else ""
    if not any(pg.text for pg in pages) or 2 * len(empty) > len(pages):
        raise PDFError(
            f"{len(empty)} of {len(pages)} pages have no text layer{damaged}; scanned PDF?", path=p
        )
    return Document(p, tuple(pages), tuple(pdf_warnings(raws, repaired)))


def pdf_warnings(raws: list[_RawPage], repaired: bool) -> list[str]:
    """The warnings of a read document, one sentence each: a file MuPDF had to repair,
    pages without a text layer among pages with text, and text left out as never painted."""
    out = []
    if repaired:
        out.append(
            "the PDF is damaged (truncated or corrupt) and MuPDF repaired it: text may be missing"
        )
    empty = [rp.number for rp in raws if not rp.has_layer]
    if empty:
        which = f"page {empty[0]}" if len(empty) == 1 else f"pages {_page_ranges(empty)}"
        out.append(
            f"{len(empty)} of {len(raws)} pages without a text layer ({which}): "
            "claims about them cannot be checked"
        )
    for rp in raws:
        if rp.hidden:
            runs = "; ".join(f"{h.text[:60]!r} ({h.why})" for h in rp.hidden[:3])
            more = f" and {len(rp.hidden) - 3} more" if len(rp.hidden) > 3 else ""
            out.append(
                f"page {rp.number}: {len(rp.hidden)} text run(s) the PDF never paints "
                f"left out of the evidence: {runs}{more}"
            )
    return out


def _page_ranges(numbers: list[int]) -> str:
    """'1-7, 9' for [1, 2, ..., 7, 9] (sorted page numbers)."""
    parts: list[str] = []
    start = prev = numbers[0]
    for n in [*numbers[1:], None]:
        if n is not None and n == prev + 1:
            prev = n
            continue
        parts.append(f"{start}-{prev}" if prev > start else f"{start}")
        if n is not None:
            start = prev = n
    return ", ".join(parts)


def pdf_metadata(path: str | Path) -> dict[str, str]:
    """The document information of a PDF (title, author, subject, keywords, ...; XMP
    ``dc:identifier`` / ``prism:doi`` when present, under "xmp"), empty values dropped.

    Raises: PDFError (missing, not a PDF, encrypted)."""
    p, doc = _open(path)
    try:
        meta = {k: str(v) for k, v in (doc.metadata or {}).items() if v}
        xmp = doc.get_xml_metadata() or ""
    finally:
        doc.close()
    if xmp:
        meta["xmp"] = xmp
    return meta


def extract_plain_text(path: str | Path) -> list[str]:
    """Bare PyMuPDF ``page.get_text()`` of every page: the baseline benchmarks compare with.

    Raises: PDFError for a missing, non-PDF or encrypted file (no text-layer check).
    """
    p, doc = _open(path)
    try:
        return [page.get_text() for page in doc]
    finally:
        doc.close()


# --- one page ------------------------------------------------------------------------------


Box4 = tuple[float, float, float, float]
LineRec = tuple[Box4, str, int, int]
"""One line before normalisation: (bbox, raw text, first word, end word) where
``words[first:end]`` are MuPDF's words of the line (its block_no and line_no are those of
``words[first]``) and the text is their texts joined by single spaces."""
Unit = tuple[Box4, list[LineRec]]
"""A block (or the part of a block in one column): (bbox, lines)."""


def _union(boxes: list[Box4]) -> Box4:
    x0s, y0s, x1s, y1s = zip(*boxes)
    return min(x0s), min(y0s), max(x1s), max(y1s)


#: ``extractWORDS`` rows as columns: x0s, y0s, x1s, y1s, texts, block numbers, line numbers.
WordCols = tuple[
    tuple[float, ...],
    tuple[float, ...],
    tuple[float, ...],
    tuple[float, ...],
    tuple[str, ...],
    tuple[int, ...],
    tuple[int, ...],
]


#: A word drawn again within this fraction of its height (and at most 1 pt) of a word with
#: the same text is the same word drawn twice (fake bold).
_OVERPRINT = 0.2


def _drop_overprint(cols: WordCols) -> WordCols:
    """The word columns of a page without the copies of fake-bold overprint: a word whose
    text equals an earlier word's and whose box is offset by less than ``_OVERPRINT`` of
    its height (at most 1 pt) on every side is dropped (MuPDF merges overprinted characters
    inside one word, but not whole words or lines drawn twice). The same word repeated
    elsewhere on the line or on the next line is kept.

    Called only for a page :func:`_may_overprint` picks.
    """
    x0s, y0s, x1s, y1s, texts = cols[:5]
    n = len(texts)
    # earlier words by (text, whole points of y0): a copy within 1 pt lies in the same
    # or a neighbouring cell
    seen: dict[tuple[str, int], list[int]] = {}
    keep: list[int] = []
    for i in range(n):
        t, cell = texts[i], int(y0s[i])
        tol = min(1.0, _OVERPRINT * (y1s[i] - y0s[i]))
        x0, y0, x1, y1 = x0s[i], y0s[i], x1s[i], y1s[i]
        copy = False
        for c in (cell - 1, cell, cell + 1):
            for o in seen.get((t, c), ()):
                if (
                    abs(x0s[o] - x0) < tol
                    and abs(y0s[o] - y0) < tol
                    and abs(x1s[o] - x1) < tol
                    and abs(y1s[o] - y1) < tol
                ):
                    copy = True
                    break
            if copy:
                break
        if not copy:
            seen.setdefault((t, cell), []).append(i)
            keep.append(i)
    if len(keep) == n:
        return cols
    return tuple(tuple(map(col.__getitem__, keep)) for col in cols)  # type: ignore[return-value]


def _may_overprint(recs: list[LineRec], cols: WordCols) -> bool:
    """Whether a page may hold fake-bold overprint (cheap; most pages hold none): a word
    right after a copy of itself less than 1 pt to its side (a word drawn twice), or two lines
    of the same text whose top-left corners lie in one 1 pt cell of the grid or of the grid
    shifted by half a point (a line drawn twice; a copy straddling a cell edge of both grids
    is missed)."""
    x0s, texts = cols[0], cols[4]
    # a word equal to the next is rare: only those few pairs have their x0 compared
    if any(
        abs(x0s[i + 1] - x0s[i]) < 1.0
        for i in compress(count(), map(eq, texts, islice(texts, 1, None)))
    ):
        return True
    # lines of the same text are rare too: the grid cells are compared only when some
    # text occurs twice
    n = len(recs)
    if len(set(map(itemgetter(1), recs))) == n:
        return False
    return (
        len({(rec[1], int(rec[0][0]), int(rec[0][1])) for rec in recs}) < n
        or len({(rec[1], int(rec[0][0] + 0.5), int(rec[0][1] + 0.5)) for rec in recs}) < n
    )


def _word_cols(words: list[tuple[Any, ...]]) -> WordCols:
    """The columns of ``extractWORDS`` rows (all empty for a page without words)."""
    if not words:
        return (), (), (), (), (), (), ()
    # one C-level transpose (the eighth column, MuPDF's word number, is not read)
    x0s, y0s, x1s, y1s, texts, blks, lnos, _ = zip(*words)
    return x0s, y0s, x1s, y1s, texts, blks, lnos


def _line_recs(cols: WordCols) -> list[LineRec]:
    """MuPDF's lines, in MuPDF's order, from the word columns of a page.

    A line is a run of words with the same (block_no, line_no); MuPDF has already dropped
    whitespace and control characters (word delimiters), so its text is its words joined by
    single spaces and its box the union of theirs. Built with C-level ``map`` over the
    columns: one Python step per page, not per word or line.
    """
    x0s, y0s, x1s, y1s, texts, blks, lnos = cols
    n = len(texts)
    if not n:
        return []
    # a line starts at word 0 and wherever the block or line number changes
    firsts = [0, *compress(range(1, n), map(or_, map(ne, blks[1:], blks), map(ne, lnos[1:], lnos)))]
    ends = firsts[1:]
    ends.append(n)
    spans = list(map(slice, firsts, ends))
    boxes = zip(
        map(min, map(x0s.__getitem__, spans)),
        map(min, map(y0s.__getitem__, spans)),
        map(max, map(x1s.__getitem__, spans)),
        map(max, map(y1s.__getitem__, spans)),
    )
    return list(zip(boxes, map(" ".join, map(texts.__getitem__, spans)), firsts, ends))


#: Margin line numbers: at least this many bare numbers in one margin column of a page.
_LINE_NUMBERS_MIN = 5


def _drop_line_numbers(recs: list[LineRec]) -> list[LineRec]:
    """``recs`` without a preprint's margin line numbers: lines that are a bare number of 1-4
    digits, set in one column (their right edges, or their left edges, within 3 pt) outside
    the page's other text (no other line starts left of them, or none ends right of them),
    at least ``_LINE_NUMBERS_MIN`` of them, rising as they go down the page. Table cells
    and page numbers (one number in a column, or numbers inside the text) are kept."""
    nums = [k for k, rec in enumerate(recs) if len(rec[1]) <= 4 and rec[1].isdigit()]
    if len(nums) < _LINE_NUMBERS_MIN:
        return recs
    others = [rec[0] for k, rec in enumerate(recs) if not (len(rec[1]) <= 4 and rec[1].isdigit())]
    if not others:
        return recs
    left = min(b[0] for b in others)
    right = max(b[2] for b in others)
    drop: set[int] = set()
    for side in (0, 1):
        out = [
            k
            for k in nums
            if (recs[k][0][2] <= left + 1 if side == 0 else recs[k][0][0] >= right - 1)
        ]
        if len(out) < _LINE_NUMBERS_MIN:
            continue
        edge = 2 if side == 0 else 0
        # the largest group of numbers aligned on their edge (within 3 pt)
        out.sort(key=lambda k: recs[k][0][edge])
        best: list[int] = []
        a = 0
        for b in range(len(out)):
            while recs[out[b]][0][edge] - recs[out[a]][0][edge] > 3:
                a += 1
            if b + 1 - a > len(best):
                best = out[a : b + 1]
        if len(best) < _LINE_NUMBERS_MIN:
            continue
        best.sort(key=lambda k: recs[k][0][1])
        values = [int(recs[k][1]) for k in best]
        if all(x < y for x, y in zip(values, values[1:])):
            drop.update(best)
    if not drop:
        return recs
    return [rec for k, rec in enumerate(recs) if k not in drop]


def _units(lines: list[LineRec], word_blocks: tuple[int, ...]) -> list[Unit]:
    """Blocks (runs of lines with the same block number; ``word_blocks``: per word) in
    MuPDF's order, with their boxes (the union of their lines' boxes, by C-level ``map``
    over slices as in _line_recs)."""
    if not lines:
        return []
    blks = [word_blocks[ln[2]] for ln in lines]
    n = len(blks)
    firsts = [0, *compress(range(1, n), map(ne, blks[1:], blks))]
    ends = firsts[1:]
    ends.append(n)
    spans = list(map(slice, firsts, ends))
    x0s, y0s, x1s, y1s = zip(*[ln[0] for ln in lines])
    boxes = zip(
        map(min, map(x0s.__getitem__, spans)),
        map(min, map(y0s.__getitem__, spans)),
        map(max, map(x1s.__getitem__, spans)),
        map(max, map(y1s.__getitem__, spans)),
    )
    return list(zip(boxes, map(lines.__getitem__, spans)))


class _FontCheck:
    """Per document: does a page use a font that is neither a known text font nor a
    math/symbol font (see :func:`_needs_fonts`)?

    Walks the page's /Resources (inherited ones, and Form XObjects recursively) exactly as
    PyMuPDF's ``page.get_fonts()`` does (``JM_scan_resources`` / ``JM_gather_fonts``), but
    reads each font object's name and decides on it once per document (papers reuse ~10
    font objects on every page) and stops at the first such font. Any failure of the
    low-level walk falls back to ``page.get_fonts()`` for that page.
    """

    def __init__(self, doc: Any) -> None:
        self.doc = doc
        self._pdf: Any
        try:
            this = doc.this
            self._pdf = this if isinstance(this, _mupdf.PdfDocument) else _mupdf.PdfDocument(this)
        except Exception:  # noqa: BLE001 -- no low-level handle: every page asks get_fonts()
            self._pdf = None
        self._other: dict[int, bool] = {}  # font object number -> neither text nor math
        #: the document's graphics-state alpha check (hidden-text pre-check)
        self.alpha = AlphaCheck(doc, _mupdf)

    def has_other_font(self, page: Any) -> bool:
        """True if ``page`` lists a font that is neither a known text nor a symbol font."""
        try:
            ref = _mupdf.pdf_lookup_page_obj(self._pdf, page.number)
            rsrc = _mupdf.pdf_dict_get_inheritable(ref, _mupdf.PDF_ENUM_NAME_Resources)
            if not rsrc.m_internal:
                return False
            return self._scan(rsrc, [])
        except Exception:  # noqa: BLE001 -- an unexpected object shape: ask PyMuPDF itself
            return any(_is_other_font(f[3] or "") for f in page.get_fonts())

    def _scan(self, rsrc: Any, tracer: list[int]) -> bool:
        # mirrors pymupdf.JM_scan_resources(what=1): the fonts of rsrc, then of each XObject
        # with /Resources (a circular or repeated one ends the walk, as there)
        if _mupdf.pdf_mark_obj(rsrc):
            return False
        try:
            if self._fonts(_mupdf.pdf_dict_get(rsrc, _mupdf.PDF_ENUM_NAME_Font)):
                return True
            xobj = _mupdf.pdf_dict_get(rsrc, _mupdf.PDF_ENUM_NAME_XObject)
            for i in range(_mupdf.pdf_dict_len(xobj)):
                obj = _mupdf.pdf_dict_get_val(xobj, i)
                sxref = _mupdf.pdf_to_num(obj) if _mupdf.pdf_is_stream(obj) else 0
                sub = _mupdf.pdf_dict_get(obj, _mupdf.PDF_ENUM_NAME_Resources)
                if sub.m_internal:
                    if sxref in tracer:
                        return False
                    tracer.append(sxref)
                    if self._scan(sub, tracer):
                        return True
            return False
        finally:
            _mupdf.pdf_unmark_obj(rsrc)

    def _fonts(self, fonts: Any) -> bool:
        # mirrors pymupdf.JM_gather_fonts: the name is /BaseFont, else /Name
        for i in range(_mupdf.pdf_dict_len(fonts)):
            fontdict = _mupdf.pdf_dict_get_val(fonts, i)
            if not _mupdf.pdf_is_dict(fontdict):
                continue
            xref = _mupdf.pdf_to_num(fontdict)
            other = self._other.get(xref) if xref else None
            if other is None:
                base = _mupdf.pdf_dict_get(fontdict, _mupdf.PDF_ENUM_NAME_BaseFont)
                if not base.m_internal or _mupdf.pdf_is_null(base):
                    base = _mupdf.pdf_dict_get(fontdict, _mupdf.PDF_ENUM_NAME_Name)
                other = _is_other_font(_mu.JM_EscapeStrFromStr(_mupdf.pdf_to_name(base)))
                if xref:
                    self._other[xref] = other
            if other:
                return True
        return False


def _is_other_font(name: str) -> bool:
    return not is_known_text_font(name) and not is_symbol_font(name)


def _needs_fonts(page: Any, texts: tuple[str, ...], fonts: _FontCheck) -> bool:
    """True if span fonts matter on this page: a glyph that math fonts mis-encode occurs in
    the word ``texts``, or the page uses a font that is neither a known text font nor a
    math/symbol font."""
    return _has_math_glyph(texts) or fonts.has_other_font(page)


def _has_math_glyph(texts: Sequence[str]) -> bool:
    """True if a glyph that math fonts mis-encode occurs in the word ``texts``."""
    joined = "".join(texts)
    return any(g in joined for g in MATH_FONT_GLYPHS)


Patch = tuple[str, dict[int, str], list[tuple[int, int]]]


def _font_patches(dict_blocks: list[dict[str, Any]]) -> dict[tuple[int, int], Patch]:
    """Per line (block_no, line_no): (expected line text, math-font glyph replacements
    {offset: char}, suspect ranges), offsets into the line text as :func:`_units` builds it
    (words joined by single spaces). A patch applies only if that text is the expected one
    (MuPDF may drop or split words, e.g. glyphs with empty boxes). ``dict_blocks``: the
    page's ``extractDICT()["blocks"]``."""
    out: dict[tuple[int, int], Patch] = {}
    for blk in dict_blocks:
        if blk.get("type", 0) != 0:
            continue
        for lno, ln in enumerate(blk.get("lines", ())):
            spans = ln["spans"]
            relevant = False
            for sp in spans:
                font = sp["font"]
                if is_known_text_font(font):
                    continue
                t = sp["text"]
                if is_symbol_font(font):
                    if any(g in t for g in MATH_FONT_GLYPHS):
                        relevant = True
                        break
                elif any(c in _SUSPECT_GLYPHS for c in t) or is_pi_span(t, font):
                    relevant = True
                    break
            if not relevant:
                continue
            texts = [map_symbol_font(sp["text"], sp["font"]) for sp in spans]
            sus: list[tuple[int, int]] = []
            _suspects(spans, texts, 0, sus)
            raw = "".join(texts)
            orig = "".join(sp["text"] for sp in spans)
            # raw offset -> offset in the words-joined line text
            pos_map: dict[int, int] = {}
            out_pos = 0
            i = 0
            first = True
            while i < len(raw):
                if raw[i] in _DELIMS:
                    i += 1
                    continue
                if not first:
                    out_pos += 1
                first = False
                while i < len(raw) and raw[i] not in _DELIMS:
                    pos_map[i] = out_pos
                    out_pos += 1
                    i += 1
            repl = {pos_map[i]: c for i, c in enumerate(raw) if c != orig[i] and i in pos_map}
            sus2 = [
                (pos_map[s], pos_map[e - 1] + 1)
                for s, e in sus
                if s in pos_map and e - 1 in pos_map
            ]
            if repl or sus2:
                out[(blk["number"], lno)] = (_joined_tokens(orig), repl, sus2)
    return out


_TAG = re.compile(r"<[^>]*>")
_SUP_DIGIT = re.compile(r"\d")
#: Superscript text :func:`read_superscript` may change: digits, signs, commas, dashes.
_SUP_READABLE = re.compile(r"<sup>(?:<[^>]*>)*(?:[\s\d+\-\u2212\u2013,\[\]]|&#x?[0-9a-fA-F]+;)*\d")
#: Runs of MuPDF's word delimiters (:data:`_DELIMS`).
_DELIM_RUN = re.compile("[" + "".join(f"\\u{ord(c):04x}" for c in sorted(_DELIMS)) + "]+")


def _words_joined(text: str) -> str:
    """``text`` as MuPDF's words give it: split at word delimiters, joined by one space."""
    return " ".join(w for w in _DELIM_RUN.split(text) if w)


def _superscript_patches(
    html: str, recs: list[LineRec], cols: WordCols, patches: dict[tuple[int, int], Patch]
) -> None:
    """Add to ``patches`` how each line's superscripts read (:func:`read_superscript`):
    exponents as superscript characters, citation numbers dropped. ``html``: the page's
    ``extractHTML()``, whose ``<sup>`` marks MuPDF's superscript spans; a line of it is
    tied to the line of ``recs`` with the same words (a line MuPDF's words and its HTML
    tell apart is left alone). A line that already has a font patch keeps its replacements.
    Only lines with a superscript holding a digit are looked at.
    """
    by_text: dict[str, list[int]] | None = None
    done: set[int] = set()
    mo = _SUP_READABLE.search(html)
    while mo is not None:
        i = mo.start()
        a = html.rfind("<p ", 0, i)
        b = html.find("</p>", i)
        if a < 0 or b < 0:
            break
        mo = _SUP_READABLE.search(html, b)
        # the line's text, and the offsets of its superscript runs in it
        parts: list[str] = []
        runs: list[tuple[int, int]] = []
        size = 0
        for k, piece in enumerate(html[a:b].split("<sup>")):
            raised, _, rest = piece.partition("</sup>") if k else ("", "", piece)
            for t, up in ((raised, True), (rest, False)):
                t = _TAG.sub("", t)
                if "&" in t:
                    t = html_unescape(t)
                if up and t:
                    runs.append((size, size + len(t)))
                parts.append(t)
                size += len(t)
        plain = "".join(parts)
        text = _words_joined(plain)
        if by_text is None:
            by_text = {}
            for k, rec in enumerate(recs):
                by_text.setdefault(rec[1], []).append(k)
        cands = [k for k in by_text.get(text, ()) if k not in done]
        if not cands:
            continue
        done.add(cands[0])
        wa = recs[cands[0]][2]
        _add_sup_patch(patches, (cols[5][wa], cols[6][wa]), plain, text, runs)


def _dict_superscript_patches(
    dict_blocks: list[dict[str, Any]], patches: dict[tuple[int, int], Patch]
) -> None:
    """:func:`_superscript_patches` from the page's ``extractDICT()`` blocks, for a page
    whose dict is read anyway: a span with flag bit 0 is MuPDF's superscript, and a
    dict line is MuPDF's line (block number, line index)."""
    for blk in dict_blocks:
        if blk.get("type", 0) != 0:
            continue
        for lno, ln in enumerate(blk.get("lines", ())):
            spans = ln["spans"]
            if not any(sp["flags"] & 1 and _SUP_DIGIT.search(sp["text"]) for sp in spans):
                continue
            runs: list[tuple[int, int]] = []
            size = 0
            for sp in spans:
                n = len(sp["text"])
                if sp["flags"] & 1 and n:
                    runs.append((size, size + n))
                size += n
            plain = "".join(sp["text"] for sp in spans)
            _add_sup_patch(patches, (blk["number"], lno), plain, _words_joined(plain), runs)


def _add_sup_patch(
    patches: dict[tuple[int, int], Patch],
    key: tuple[int, int],
    plain: str,
    text: str,
    runs: list[tuple[int, int]],
) -> None:
    """Patch line ``key`` (its text ``text`` = ``plain`` as MuPDF's words give it) where
    its superscript runs (offsets into ``plain``) read otherwise."""
    repl: dict[int, str] = {}
    for s, e in _merged(runs, plain):
        head = _words_joined(plain[:s])
        sup = _words_joined(plain[s:e])
        if not sup:
            continue
        at = len(head) + (1 if head and plain[s - 1] in _DELIMS else 0)
        if text[at : at + len(sup)] != sup:
            continue
        got = read_superscript(text[:at], sup)
        if got is not None:
            repl.update({at + n: c for n, c in enumerate(got) if c != sup[n]})
    if not repl:
        return
    old = patches.get(key)
    if old is None:
        patches[key] = (text, repl, [])
    elif old[0] == text:
        patches[key] = (text, {**repl, **old[1]}, old[2])


def _merged(runs: list[tuple[int, int]], plain: str) -> list[tuple[int, int]]:
    """Superscript runs ``(start, end)`` of ``plain`` joined where only whitespace lies
    between them ('1,' '2' -> '1, 2'), leading and trailing whitespace left out."""
    out: list[list[int]] = []
    for s, e in runs:
        if out and not _words_joined(plain[out[-1][1] : s]):
            out[-1][1] = e
        else:
            out.append([s, e])
    res = []
    for s, e in out:
        while s < e and plain[s] in _DELIMS:
            s += 1
        while e > s and plain[e - 1] in _DELIMS:
            e -= 1
        if e > s:
            res.append((s, e))
    return res


def _joined_tokens(text: str) -> str:
    """``text`` split at MuPDF's word delimiters and joined by single spaces."""
    out: list[str] = []
    cur: list[str] = []
    for c in text:
        if c in _DELIMS:
            if cur:
                out.append("".join(cur))
                cur = []
        else:
            cur.append(c)
    if cur:
        out.append("".join(cur))
    return " ".join(out)


@dataclass(frozen=True, slots=True)
class _RawPage:
    """A page before normalisation: raw text and its words and lines, as columns.

    raw: the kept lines in reading order, each followed by '\\n'. Every word of a line is
    followed by exactly one character of raw (a space, or the line's '\\n'), so the raw
    offsets of words and lines are running sums of text lengths.
    Words (kept lines' words in order): raw start, MuPDF text (before any font patch; a
    patch keeps lengths), box columns, index of the kept line.
    Lines: text (after font patches), raw start (one more entry: ``len(raw)``), box, first
    word (one more entry: the word count), whether a font patch changed the text.
    Blocks: (first line, end line, box). Suspects: raw ranges.
    """

    number: int
    width: float
    height: float
    raw: str
    word_starts: list[int]
    word_texts: list[str]
    word_x0s: list[float]
    word_y0s: list[float]
    word_x1s: list[float]
    word_y1s: list[float]
    word_lines: list[int]
    line_texts: list[str]
    line_starts: list[int]
    line_boxes: list[Box4]
    line_words: list[int]
    patched: frozenset[int]
    blocks: list[tuple[int, int, Box4]]
    suspects: list[tuple[int, int]]
    has_layer: bool = True
    hidden: tuple[HiddenSpan, ...] = ()


def _read_page(page: Any, number: int, fonts: _FontCheck | None = None) -> _RawPage:
    """One PyMuPDF page (1-based ``number``) as a :class:`_RawPage`: words and lines in
    reading order, page-number lines dropped, font patches applied (module docstring).
    ``fonts``: the document's font check (one per document; made here if None).
    Raises whatever PyMuPDF raises for a damaged page (read_pdf names the page)."""
    prect = page.rect
    width, height = float(prect.width), float(prect.height)
    tp = page.get_textpage(flags=_FLAGS)
    if fonts is None or fonts.doc is not page.parent:  # a page read on its own
        fonts = _FontCheck(page.parent)
    other_font = fonts.has_other_font(page)
    rotation = page.rotation
    cols, has_layer, dict_blocks, html, hidden, math_glyph = _page_words(
        page, tp, fonts, other_font, rotation
    )
    patches: dict[tuple[int, int], Patch] = {}
    if other_font or math_glyph:  # span fonts matter (_needs_fonts)
        if dict_blocks is None:
            dict_blocks = tp.extractDICT()["blocks"] if has_layer else []
        patches = _font_patches(dict_blocks)
    recs = _line_recs(cols)
    if _may_overprint(recs, cols):
        cols = _drop_overprint(cols)
        recs = _line_recs(cols)
    if dict_blocks is not None:
        _dict_superscript_patches(dict_blocks, patches)
    elif "<sup>" in html:
        _superscript_patches(html, recs, cols, patches)
    recs = _drop_line_numbers(recs)
    # a rotated page is a landscape table or figure: keep MuPDF's order
    units = _units(recs, cols[5])
    if not rotation:
        units = _reading_order(units, width)
    y0s = sorted([rec[0][1] for rec in recs])
    y1s = sorted([rec[0][3] for rec in recs])

    texts, boxes, counts, patched, segments, blocks, suspects = _kept_lines(
        units, cols, patches, height, y0s, y1s
    )
    spans = [slice(a, b) for a, b in segments]
    x0c, y0c, x1c, y1c, tc = cols[:5]
    w_texts = list(chain.from_iterable(map(tc.__getitem__, spans)))
    w_starts = list(accumulate(map(add, map(len, w_texts), repeat(1)), initial=0))
    w_starts.pop()
    return _RawPage(
        number,
        width,
        height,
        "\n".join(texts) + "\n" if texts else "",
        w_starts,
        w_texts,
        list(chain.from_iterable(map(x0c.__getitem__, spans))),
        list(chain.from_iterable(map(y0c.__getitem__, spans))),
        list(chain.from_iterable(map(x1c.__getitem__, spans))),
        list(chain.from_iterable(map(y1c.__getitem__, spans))),
        list(chain.from_iterable(map(repeat, range(len(texts)), counts))),
        texts,
        list(accumulate(map(add, map(len, texts), repeat(1)), initial=0)),
        boxes,
        list(accumulate(counts, initial=0)),
        frozenset(patched),
        blocks,
        suspects,
        has_layer,
        tuple(hidden),
    )


def _kept_lines(
    units: list[Unit],
    cols: WordCols,
    patches: dict[tuple[int, int], Patch],
    height: float,
    y0s: list[float],
    y1s: list[float],
) -> tuple[
    list[str],
    list[Box4],
    list[int],
    list[int],
    list[list[int]],
    list[tuple[int, int, Box4]],
    list[tuple[int, int]],
]:
    """The lines of ``units`` (in reading order) that are kept, page-number lines at the
    page's top or bottom edge dropped, font and superscript ``patches`` applied: per kept
    line its text, box and word count; the kept lines a patch changed; the runs ``[a, b)``
    of MuPDF words kept, in reading order; blocks as (first line, end line, box); suspect
    raw ranges. ``y0s``/``y1s``: the sorted tops and bottoms of the page's lines."""
    texts: list[str] = []  # per kept line
    boxes: list[Box4] = []
    counts: list[int] = []  # words per kept line
    patched: list[int] = []
    segments: list[list[int]] = []  # runs [a, b) of MuPDF words kept, in reading order
    blocks: list[tuple[int, int, Box4]] = []
    suspects: list[tuple[int, int]] = []
    pos = 0
    top, bottom = height * _MARGIN, height * (1 - _MARGIN)  # as _in_margin has them
    for ubox, ulines in units:
        first = len(texts)
        for lb, text, wa, wb in ulines:
            if (
                len(text) < 25
                and (lb[3] <= top or lb[1] >= bottom)
                and is_page_number_line(text)
                and _in_margin(lb, y0s, y1s, height)
            ):
                continue
            if patches:
                patch = patches.get((cols[5][wa], cols[6][wa]))  # (block_no, line_no)
                if patch is not None and patch[0] == text:
                    _, repl, sus = patch
                    if repl:
                        chars = list(text)
                        for k, c in repl.items():
                            chars[k] = c
                        text = "".join(chars)
                        patched.append(len(texts))
                    suspects.extend((pos + s, pos + e) for s, e in sus)
            if segments and segments[-1][1] == wa:
                segments[-1][1] = wb
            else:
                segments.append([wa, wb])
            texts.append(text)
            boxes.append(lb)
            counts.append(wb - wa)
            pos += len(text) + 1
        if len(texts) > first:
            blocks.append((first, len(texts), ubox))
    return texts, boxes, counts, patched, segments, blocks, suspects


def _page_words(
    page: Any, tp: Any, fonts: _FontCheck, other_font: bool, rotation: int
) -> tuple[WordCols, bool, list[dict[str, Any]] | None, str, list[HiddenSpan], bool]:
    """The words of ``page`` (its text page ``tp``) as columns, without text the PDF never
    paints, boxes mapped through the page's rotation; whether the page has a text layer;
    its ``extractDICT`` blocks where they were read (else None); its ``extractHTML`` where
    it was read (else ""); the hidden spans left out; unless ``other_font``, whether a
    glyph math fonts mis-encode is among the words kept (:func:`_has_math_glyph`; False
    when ``other_font``, which decides alone).

    Span colours, opacity and sizes (and fonts): the dict costs about as much as the text
    page, so it is read only where the page's HTML (~1/5 of it) leaves a doubt
    (visibility.may_hide_text) or its fonts need patches (``other_font``, or a math glyph).
    """
    words = tp.extractWORDS()
    has_layer = bool(words)
    dict_blocks: list[dict[str, Any]] | None = None
    hidden: list[HiddenSpan] = []
    # a page whose fonts may need patches reads the dict anyway: no pre-check there
    html = ""
    math_glyph = False  # of the words kept: read once here, not again by the caller
    if words and (
        other_font
        or (math_glyph := _has_math_glyph([w[4] for w in words]))
        or may_hide_text(page, html := tp.extractHTML(), fonts.alpha)
    ):
        dict_blocks = tp.extractDICT()["blocks"]
        hidden = hidden_spans(page, dict_blocks)
    if hidden:
        words = drop_hidden(words, hidden)
        if math_glyph:  # the glyph may have gone with the hidden words
            math_glyph = _has_math_glyph([w[4] for w in words])
    if rotation:
        # MuPDF reports unrotated coordinates; boxes must match the displayed page (and
        # the rendered image), so map them through the page's rotation matrix
        words = _rotated(words, tuple(page.rotation_matrix))
    # the columns only: MuPDF's ~600 word tuples are freed on return (the cyclic garbage
    # collector counts each live one)
    return _word_cols(words), has_layer, dict_blocks, html, hidden, math_glyph


def _rotated(words: list[tuple[Any, ...]], mat: tuple[float, ...]) -> list[tuple[Any, ...]]:
    """``extractWORDS`` rows with their boxes mapped through a page's rotation matrix
    ``mat`` (a, b, c, d, e, f), exactly as ``pymupdf.Rect(box) * Matrix(mat)`` maps them.

    That is MuPDF's ``fz_transform_rect`` in single precision: for a rectilinear matrix
    whose a, b, c, d are each 0, 1 or -1 (a page's /Rotate gives no other) every step is
    exact but the last sum with e or f, which rounds once to float32. The same sum in double
    precision is exact while the two terms lie within 2**-8 and 2**18 (or are 0), so one
    rounding of it to float32 (an ``array('f')`` round trip) gives MuPDF's value; that
    costs a few operations per word instead of three PyMuPDF objects. Any other matrix or
    coordinate goes through PyMuPDF.
    """
    a, b, c, d, e, f = mat
    if not words:
        return words
    unit = (0.0, 1.0, -1.0)
    coords = list(chain.from_iterable(w[:4] for w in words))
    plain = (
        a in unit
        and b in unit
        and c in unit
        and d in unit
        and ((a == 0.0 and d == 0.0) or (b == 0.0 and c == 0.0))
        and all(v == 0.0 or _EXACT_LO <= abs(v) <= _EXACT_HI for v in (e, f))
        and max(map(abs, coords)) <= _EXACT_HI
        and min((abs(v) for v in coords if v), default=_EXACT_LO) >= _EXACT_LO
    )
    if not plain:
        return [(*tuple(_mu.Rect(w[:4]) * _mu.Matrix(mat)), *w[4:]) for w in words]
    # fz_transform_rect on a rectilinear matrix: the corners swapped where the matrix
    # mirrors (a or d < 0 for a scale, b or c < 0 for a quarter turn), then both corners
    # mapped by x' = x*a + y*c + e, y' = x*b + y*d + f
    swap_x, swap_y = (a < 0.0, d < 0.0) if b == 0.0 and c == 0.0 else (b < 0.0, c < 0.0)
    flat: list[float] = []
    for w in words:
        x0, y0, x1, y1 = w[0], w[1], w[2], w[3]
        if swap_x:
            x0, x1 = x1, x0
        if swap_y:
            y0, y1 = y1, y0
        flat += (x0 * a + y0 * c + e, x0 * b + y0 * d + f, x1 * a + y1 * c + e, x1 * b + y1 * d + f)
    boxes = array("f", flat).tolist()  # each value rounded to float32, as MuPDF holds it
    return [(*boxes[4 * i : 4 * i + 4], *w[4:]) for i, w in enumerate(words)]


#: Magnitudes between which a float32 coordinate and a float32 translation add exactly in
#: double precision (exponents at most 26 apart, 24-bit significands: the sum needs at most
#: 51 of the 53 bits): see _rotated.
_EXACT_LO = 2.0**-8
_EXACT_HI = 2.0**18


def _finish(rp: _RawPage, keep_hyphens: AbstractSet[str]) -> Page:
    """Normalise a raw page and carry words, lines, blocks and suspects over to its text.

    A raw offset ``r`` maps to ``to_text(r)``, the first text character whose source is
    ``>= r`` (``Normalized.to_text``). Most lines come through normalisation unchanged: the
    text holds the line verbatim at ``to_text(start)`` and those characters' sources are
    consecutive. For such a line every word maps by the same shift and keeps its MuPDF text,
    so only the other lines (hyphen joins, ligatures, dropped or rewritten characters) are
    mapped word by word.
    """
    ntext, source = normalize_with_sources(rp.raw, keep_hyphens)
    to_text = partial(bisect.bisect_left, source)
    line_words = rp.line_words
    line_s, line_e, shifts, tails, slow = _map_lines(rp, ntext, source)
    texts = rp.word_texts
    raw_starts = rp.word_starts
    w_starts = list(
        map(
            add,
            raw_starts,
            chain.from_iterable(map(repeat, shifts, map(sub, line_words[1:], line_words))),
        )
    )
    w_ends = list(map(add, w_starts, map(len, texts)))
    x0s, y0s, x1s, y1s, w_lines = rp.word_x0s, rp.word_y0s, rp.word_x1s, rp.word_y1s, rp.word_lines
    if tails or slow:
        texts = list(texts)
    for k in tails:
        i = line_words[k + 1] - 1
        w_ends[i] = line_e[k]
        texts[i] = ntext[w_starts[i] : w_ends[i]]
    if slow:
        emptied = False
        for k in slow:
            a, b = line_words[k], line_words[k + 1]
            ws = list(map(to_text, raw_starts[a:b]))
            we = list(map(to_text, map(add, raw_starts[a:b], map(len, texts[a:b]))))
            w_starts[a:b] = ws
            w_ends[a:b] = we
            texts[a:b] = [ntext[s:e] for s, e in zip(ws, we)]
            emptied = emptied or not all(map(lt, ws, we))
        if emptied:  # rare: a word normalised away
            kept = [k for k, (s, e) in enumerate(zip(w_starts, w_ends)) if e > s]
            texts, w_starts, w_ends = _pick(texts, kept), _pick(w_starts, kept), _pick(w_ends, kept)
            x0s, y0s, x1s, y1s = (
                _pick(x0s, kept),
                _pick(y0s, kept),
                _pick(x1s, kept),
                _pick(y1s, kept),
            )
            w_lines = _pick(w_lines, kept)
    columns = WordColumns(texts, w_starts, w_ends, x0s, y0s, x1s, y1s, w_lines)
    lines = list(zip(line_s, line_e, rp.line_boxes))
    blocks = [
        (s, e, box)
        for s, e, box in ((line_s[a], line_e[b - 1], box) for a, b, box in rp.blocks)
        if e > s
    ]
    suspects = tuple(
        (s, e) for s, e in ((to_text(rs), to_text(re_)) for rs, re_ in rp.suspects) if e > s
    )
    return Page._lazy(rp.number, rp.width, rp.height, ntext, columns, lines, blocks, suspects)


def _map_lines(
    rp: _RawPage, ntext: str, source: Sequence[int]
) -> tuple[list[int], list[int], list[int], list[int], list[int]]:
    """Where each line of ``rp`` lies in its normalised text ``ntext`` (``source``: per
    text character, its raw offset), as :func:`_finish` maps them: text starts and ends;
    per line the shift (text offset - raw offset) of its words, 0 for a line mapped word
    by word; the lines whose last word ends elsewhere (a dropped end hyphen); the lines
    mapped word by word."""
    to_text = partial(bisect.bisect_left, source)
    n_source = len(source)
    starts, patched = rp.line_starts, rp.patched
    line_s: list[int] = []
    line_e: list[int] = []
    shifts: list[int] = []  # per line: text offset - raw offset of its words (0: slow line)
    tails: list[int] = []  # lines whose last word ends elsewhere (a dropped end hyphen)
    slow: list[int] = []  # lines mapped word by word
    shift = 0  # ts - rs of the line before: most lines keep it
    for k, ltext in enumerate(rp.line_texts):
        rs = starts[k]
        n = len(ltext)
        ts = rs + shift
        # ts is to_text(rs) if text[ts] comes from rs and text[ts - 1] from before rs (sources
        # never decrease); else look it up
        if not (0 <= ts < n_source and source[ts] == rs and (ts == 0 or source[ts - 1] < rs)):
            ts = to_text(rs)
            shift = ts - rs
        te = ts + n
        # unchanged: its sources run rs, rs+1, ... (first and last match, and the text is
        # verbatim, so no character was folded into two, which the count would hide)
        if (
            te <= n_source
            and source[te - 1] == rs + n - 1
            and source[ts] == rs
            and ntext.startswith(ltext, ts)
            and k not in patched
        ):
            shifts.append(ts - rs)
        else:
            te = to_text(rs + n)
            # unchanged but for its last character, inside a last word of 2+ characters
            # ('cor-' joined to 'pus'): only that word's end moves
            if (
                n > 1
                and ltext[-2] != " "
                and te > ts + n - 2
                and source[ts + n - 2] == rs + n - 2
                and source[ts] == rs
                and ntext.startswith(ltext[:-1], ts)
                and k not in patched
            ):
                shifts.append(ts - rs)
                tails.append(k)
            else:
                shifts.append(0)
                slow.append(k)
        line_s.append(ts)
        line_e.append(te)
    return line_s, line_e, shifts, tails, slow


def _pick(column: list[_T], kept: list[int]) -> list[_T]:
    """The items of ``column`` at the indexes ``kept``."""
    return [column[k] for k in kept]


def _in_margin(bbox: Box4, y0s: list[float], y1s: list[float], height: float) -> bool:
    """True if a line is the top-most (nothing above it) or bottom-most (nothing below it)
    text of the page and lies in the outer margin band of the page height."""
    x0, y0, x1, y1 = bbox
    tol = 1.0
    if y1 <= height * _MARGIN and bisect.bisect_right(y1s, y0 + tol) == 0:
        return True
    return y0 >= height * (1 - _MARGIN) and len(y0s) - bisect.bisect_left(y0s, y1 - tol) == 0


def _suspects(
    spans: list[dict[str, Any]], texts: list[str], base: int, out: list[tuple[int, int]]
) -> None:
    """Append raw ranges of suspect glyph runs of one line (see ``Page.suspect_spans``)."""
    for k, (span, text) in enumerate(zip(spans, texts)):
        stripped = text.strip()
        font = span["font"]
        if not stripped or len(stripped) > 3 or is_known_text_font(font) or is_symbol_font(font):
            continue
        if not all(c in _SUSPECT_GLYPHS for c in stripped):
            continue
        prev = texts[k - 1] if k > 0 else ""
        nxt = texts[k + 1] if k + 1 < len(texts) else ""
        prev_font = spans[k - 1]["font"] if k > 0 else None
        next_font = spans[k + 1]["font"] if k + 1 < len(texts) else None
        touches = (
            nxt.lstrip()[:1].isdigit() and len(nxt) - len(nxt.lstrip()) <= 1 and next_font != font
        ) or (
            prev.rstrip()[-1:].isdigit()
            and len(prev) - len(prev.rstrip()) <= 1
            and prev_font != font
        )
        if touches:
            lead = len(text) - len(text.lstrip())
            start = base + sum(len(t) for t in texts[:k]) + lead
            out.append((start, start + len(stripped)))


# --- reading order -------------------------------------------------------------------------


def _gutter(units: list[Unit], width: float) -> float | None:
    """The x of a two-column gutter, or None for a page that is not two-column.

    Candidate: the x in the middle 30-70 % of the width crossed by the fewest characters of
    lines (a sweep over line edges). Accepted if at least 15 % of the characters lie on each
    side and at least half of them on one side or the other.
    """
    lines = [ln for _, lns in units for ln in lns]
    ns = [len(ln[1]) for ln in lines]
    total = sum(ns)
    if total == 0:
        return None
    x0c, y0c, x1c, y1c = zip(*[ln[0] for ln in lines])
    # rotated text (landscape tables, axis labels): columns cannot be told by x
    vertical = sum(
        [
            n
            for n, x0, y0, x1, y1 in zip(ns, x0c, y0c, x1c, y1c)
            if n > 1 and (y1 - y0) > 1.5 * (x1 - x0)
        ]
    )
    if vertical > 0.2 * total:
        return None
    lo, hi = width * 0.3, width * 0.7
    # line edges sorted, with running sums of characters: cum0[k] counts the characters of
    # the k lines with the smallest x0, cum1[k] those of the k lines with the smallest x1
    by_x0 = sorted(range(len(ns)), key=x0c.__getitem__)
    by_x1 = sorted(range(len(ns)), key=x1c.__getitem__)
    x0s = list(map(x0c.__getitem__, by_x0))
    x1s = list(map(x1c.__getitem__, by_x1))
    cum0 = [0, *accumulate(map(ns.__getitem__, by_x0))]
    cum1 = [0, *accumulate(map(ns.__getitem__, by_x1))]
    xs = sorted(dict.fromkeys(chain.from_iterable(zip(x0c, x1c))))  # every edge, once
    # the gaps (a, c) between consecutive edges that reach into (lo, hi), left to right;
    # per gap, by C-level map: run, the characters of the lines crossing it (begun at or
    # before a, not ended by a); x, its middle (within lo..hi); left, the characters of the
    # lines with x1 <= x; right, those of the lines with x0 >= x
    first = max(bisect.bisect_right(xs, lo) - 1, 0)
    end = min(bisect.bisect_left(xs, hi), len(xs) - 1)
    gap_a, gap_c = xs[first:end], xs[first + 1 : end + 1]
    runs = map(
        sub,
        map(cum0.__getitem__, map(partial(bisect.bisect_right, x0s), gap_a)),
        map(cum1.__getitem__, map(partial(bisect.bisect_right, x1s), gap_a)),
    )
    mids = list(
        map(truediv, map(add, map(max, gap_a, repeat(lo)), map(min, gap_c, repeat(hi))), repeat(2))
    )
    lefts = map(cum1.__getitem__, map(partial(bisect.bisect_right, x1s), mids))
    rights = map(
        sub, repeat(total), map(cum0.__getitem__, map(partial(bisect.bisect_left, x0s), mids))
    )
    best_x: float | None = None
    best_cost = 0
    mid = width / 2
    least, half = 0.15 * total, 0.5 * total
    for x, run, left, right in zip(mids, runs, lefts, rights):
        if left < least or right < least or left + right < half:
            continue
        if (
            best_x is None
            or run < best_cost
            or (run == best_cost and abs(x - mid) < abs(best_x - mid))
        ):
            best_x, best_cost = x, run
    return best_x


def _reading_order(units: list[Unit], width: float) -> list[Unit]:
    """Text units in reading order: column by column on a two-column page, else stream order.

    On a two-column page (see :func:`_gutter`) a block whose lines cross the gutter is
    full-width; a block whose lines lie on both sides without crossing (MuPDF joins lines of
    both columns at the same height into one block) is split by side. Full-width
    units cut the page into bands, each read left column then right column, each column top
    to bottom.
    """
    if len(units) < 2 and not (units and len(units[0][1]) > 1):
        return units
    gx = _gutter(units, width)
    if gx is None:
        return units
    full: list[Unit] = []
    cols: list[tuple[int, Unit]] = []
    for bb, lns in units:
        if bb[2] <= gx:
            cols.append((0, (bb, lns)))
        elif bb[0] >= gx:
            cols.append((1, (bb, lns)))
        elif any(ln[0][0] < gx < ln[0][2] for ln in lns):
            full.append((bb, lns))
        else:
            lpart = [ln for ln in lns if ln[0][2] <= gx]
            rpart = [ln for ln in lns if ln[0][2] > gx]
            if lpart:
                cols.append((0, (_union([ln[0] for ln in lpart]), lpart)))
            if rpart:
                cols.append((1, (_union([ln[0] for ln in rpart]), rpart)))
    full.sort(key=lambda u: u[0][1])
    cuts = [u[0][1] for u in full]
    bands: list[tuple[list[Unit], list[Unit]]] = [([], []) for _ in range(len(full) + 1)]
    for side, u in cols:
        k = bisect.bisect_right(cuts, (u[0][1] + u[0][3]) / 2)
        bands[k][side].append(u)
    out: list[Unit] = []
    for k, (lcol, rcol) in enumerate(bands):
        out.extend(lcol)
        out.extend(rcol)
        if k < len(full):
            out.append(full[k])
    return out
