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
  points kept for the normaliser; ``extractDICT`` (span fonts) is read only on pages where
  fonts matter (a mis-encoded math glyph occurs, or a font that is neither a known text
  font nor a math/symbol font is used);
* blocks are put in reading order: on a two-column page (a vertical gutter near the middle
  with at least 15 % of the text on each side) the page is cut into bands by full-width
  blocks and each band is read left column, then right column, a block holding lines of
  both columns being split (case B29: a PDF whose content stream has the right column
  first); other pages, and rotated (landscape) pages, keep MuPDF's stream order;
* math symbol fonts are decoded (``grounding.normalize.map_symbol_font``, case B30), and
  digits or Latin-1 glyphs from unknown fonts touching a number are reported in
  ``Page.suspect_spans``;
* a line that is only a page number and is the top-most or bottom-most line of the page (in
  the outer 12 % of the page height) is dropped;
* the raw text (lines joined by '\\n') goes through ``grounding.normalize.normalize_text``;
  each word keeps the box of its raw characters, so a word joined from two hyphenated
  halves ('cor-' / 'pus') is two :class:`Word` s whose ranges tile 'corpus' in the text; a
  line-end hyphen is kept when the same pair occurs hyphenated inside a line elsewhere in
  the document ('non-\\npaper' -> 'non-paper' if 'non-paper' occurs; ``hyphenated_pairs``).

Errors: :class:`grounding.errors.PDFError` (path, page) for a missing file, a file that is
not a PDF, an encrypted PDF that needs a password, a damaged page, or a PDF without any
page with a text layer (scanned). A PDF where only some pages lack text is read; those
pages have empty text.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from functools import partial
from itertools import groupby
from operator import itemgetter, lt
from pathlib import Path
from typing import Any

import pymupdf

from grounding.errors import InputError, PDFError
from grounding.normalize import (
    MATH_FONT_GLYPHS,
    hyphenated_pairs,
    is_known_text_font,
    is_symbol_font,
    is_page_number_line,
    map_symbol_font,
    normalize_text,
)
from grounding.types import Rect

__all__ = ["Block", "Document", "Line", "Page", "Word", "WordColumns", "extract_plain_text",
           "read_pdf"]

_mu: Any = pymupdf  # PyMuPDF ships without type hints for most calls

#: Text-page flags, as bare ``get_text()`` uses them: keep ligature code points (the
#: normaliser folds them, and needs to see them to repair 'beneﬁ ciaries', case B27) and
#: whitespace characters, clip to the media box, show unmapped glyphs by CID.
_FLAGS = (pymupdf.TEXT_PRESERVE_LIGATURES | pymupdf.TEXT_PRESERVE_WHITESPACE
          | pymupdf.TEXT_MEDIABOX_CLIP | pymupdf.TEXT_CID_FOR_UNKNOWN_UNICODE)
#: MuPDF's word delimiters (PyMuPDF ``JM_is_word_delimiter``): code points <= 32, NBSP and
#: the bidi controls U+202A-U+202E.
_DELIMS = (frozenset(chr(c) for c in range(33)) | {"\u00a0"}
           | {chr(c) for c in range(0x202A, 0x202F)})
#: Characters a mis-encoded math font emits instead of a sign next to a number (case B30).
_SUSPECT_GLYPHS = frozenset("0123456789\u00bc\u00bd\u00be\u00fe\u00c0\u00c3")
_MARGIN = 0.12


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
        return cls([w.text for w in words], [w.start for w in words],
                   [w.end for w in words], [w.rect.x0 for w in words],
                   [w.rect.y0 for w in words], [w.rect.x1 for w in words],
                   [w.rect.y1 for w in words], [w.line for w in words])

    def __len__(self) -> int:
        return len(self.starts)

    def word(self, i: int) -> Word:
        """Word ``i`` as a :class:`Word`."""
        return Word(self.texts[i], Rect(self.x0s[i], self.y0s[i], self.x1s[i], self.y1s[i]),
                    self.starts[i], self.ends[i], self.lines[i])


@dataclass(frozen=True)
class Page:
    """One page of a read PDF.

    number: 1-based. width, height: page size in points (rotation applied).
    text: normalised reading-order text, lines separated by '\\n' (see module docstring).
    words, lines, blocks: in text order, offsets into ``text``. A page made by
      :func:`read_pdf` builds ``words`` on first access from ``word_columns`` (same values).
    suspect_spans: ``(start, end)`` offsets into ``text`` of characters that came from a font
      that is neither a known text font nor a decoded math font, that are digits or Latin-1
      symbols ('2', '¼', 'þ', ...), and that touch a digit from another span (case B30: a
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
    def _lazy(cls, number: int, width: float, height: float, text: str, columns: WordColumns,
              lines: list[tuple[int, int, Box4]], blocks: list[tuple[int, int, Box4]],
              suspect_spans: tuple[tuple[int, int], ...]) -> Page:
        """A page whose ``words``, ``lines`` and ``blocks`` are made when first read, from
        ``columns`` and from ``(start, end, (x0, y0, x1, y1))`` records (the pipeline reads
        none of them on most pages; see :class:`WordColumns`)."""
        page = cls(number, width, height, text, (), (), (), suspect_spans)
        object.__setattr__(page, "word_columns", columns)
        state = page.__dict__
        state["_pending"] = {"words": columns, "lines": lines, "blocks": blocks}
        for name in ("words", "lines", "blocks"):
            del state[name]            # not attributes until __getattr__ makes them
        return page

    def __getattr__(self, name: str) -> Any:
        # only called for a missing attribute: words, lines or blocks of a _lazy page
        pending = self.__dict__.get("_pending")
        if pending is None or name not in pending:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        source = pending[name]       # kept (not popped): a concurrent reader finds it too
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
    """A read PDF: path as given (str) and its pages in order."""

    path: str
    pages: tuple[Page, ...]

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
        doc.close()
        raise PDFError("PDF has no pages", path=p)
    return p, doc


def read_pdf(path: str | Path) -> Document:
    """Read every page of a PDF into normalised text with boxes (see module docstring).

    Returns: Document(path, pages). Raises: PDFError (missing, not a PDF, encrypted, damaged
    page, or no page with text: a scanned PDF).
    """
    p, doc = _open(path)
    raws: list[_RawPage] = []
    try:
        for index in range(doc.page_count):
            try:
                raws.append(_read_page(doc[index], index + 1))
            except Exception as exc:
                raise PDFError(f"cannot read page ({type(exc).__name__}: {exc})",
                               path=p, page=index + 1) from exc
    finally:
        doc.close()
    keep = hyphenated_pairs(rp.raw for rp in raws)
    pages = [_finish(rp, keep) for rp in raws]
    if not any(pg.text for pg in pages):
        raise PDFError(f"no page has a text layer ({len(pages)} pages; scanned PDF?)", path=p)
    return Document(p, tuple(pages))


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
LineRec = tuple[Box4, str, tuple[int, int], int, int]
"""One line before normalisation: (bbox, raw text, (block_no, line_no), first word, end
word) where ``words[first:end]`` are MuPDF's words of the line and the text is their texts
joined by single spaces."""
Unit = tuple[Box4, list[LineRec]]
"""A block (or the part of a block in one column): (bbox, lines)."""


def _union(boxes: list[Box4]) -> Box4:
    return (min(b[0] for b in boxes), min(b[1] for b in boxes),
            max(b[2] for b in boxes), max(b[3] for b in boxes))


def _units(words: list[tuple[Any, ...]]) -> list[Unit]:
    """Blocks and lines rebuilt from ``extractWORDS`` rows, in MuPDF's order.

    MuPDF has already dropped whitespace and control characters (word delimiters), so a
    line's text is its words joined by single spaces."""
    units: list[Unit] = []
    lines: list[LineRec] = []
    a = 0
    for (blk, lno), group in groupby(words, key=_LINE_KEY):
        ws = list(group)
        x0s, y0s, x1s, y1s, texts = list(zip(*ws))[:5]
        b = a + len(ws)
        if lines and lines[-1][2][0] != blk:
            units.append((_union([ln[0] for ln in lines]), lines))
            lines = []
        lines.append(((min(x0s), min(y0s), max(x1s), max(y1s)), " ".join(texts), (blk, lno), a, b))
        a = b
    if lines:
        units.append((_union([ln[0] for ln in lines]), lines))
    return units


_LINE_KEY = itemgetter(5, 6)


def _needs_fonts(page: Any, words: list[tuple[Any, ...]]) -> bool:
    """True if span fonts matter on this page: a glyph that math fonts mis-encode occurs,
    or the page uses a font that is neither a known text font nor a math/symbol font."""
    joined = "".join([w[4] for w in words])
    if any(g in joined for g in MATH_FONT_GLYPHS):
        return True
    for f in page.get_fonts():
        name = f[3] or ""
        if not is_known_text_font(name) and not is_symbol_font(name):
            return True
    return False


Patch = tuple[str, dict[int, str], list[tuple[int, int]]]


def _font_patches(tp: Any) -> dict[tuple[int, int], Patch]:
    """Per line (block_no, line_no): (expected line text, math-font glyph replacements
    {offset: char}, suspect ranges), offsets into the line text as :func:`_units` builds it
    (words joined by single spaces). A patch applies only if that text is the expected one
    (MuPDF may drop or split words, e.g. glyphs with empty boxes)."""
    out: dict[tuple[int, int], Patch] = {}
    for blk in tp.extractDICT()["blocks"]:
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
                elif any(c in _SUSPECT_GLYPHS for c in t):
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
            sus2 = [(pos_map[s], pos_map[e - 1] + 1) for s, e in sus
                    if s in pos_map and e - 1 in pos_map]
            if repl or sus2:
                out[(blk["number"], lno)] = (_joined_tokens(orig), repl, sus2)
    return out


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
    """A page before normalisation: raw text (lines joined by '\\n') and raw ranges."""

    number: int
    width: float
    height: float
    raw: str
    # words as parallel columns (raw start, raw end, box, line index) rather than one
    # tuple per word: fewer objects for the cyclic garbage collector to track
    word_starts: list[int]
    word_ends: list[int]
    word_boxes: list[tuple[float, float, float, float]]
    word_texts: list[str]
    word_lines: list[int]
    lines: list[tuple[int, int, Box4]]
    blocks: list[tuple[int, int, Box4]]
    suspects: list[tuple[int, int]]


def _read_page(page: Any, number: int) -> _RawPage:
    prect = page.rect
    width, height = float(prect.width), float(prect.height)
    tp = page.get_textpage(flags=_FLAGS)
    words = tp.extractWORDS()
    if page.rotation:
        # MuPDF reports unrotated coordinates; boxes must match the displayed page (and
        # the rendered image), so map them through the page's rotation matrix
        mat = page.rotation_matrix
        words = [(*tuple(_mu.Rect(w[:4]) * mat), *w[4:]) for w in words]
    patches = _font_patches(tp) if _needs_fonts(page, words) else {}
    # a rotated page is a landscape table or figure: keep MuPDF's order
    units = _units(words) if page.rotation else _reading_order(_units(words), width)
    y0s = sorted(ln[0][1] for _, lns in units for ln in lns)
    y1s = sorted(ln[0][3] for _, lns in units for ln in lns)

    raw_parts: list[str] = []
    pos = 0
    w_starts: list[int] = []  # per word: raw start, raw end, box, line index
    w_ends: list[int] = []
    w_boxes: list[tuple[float, float, float, float]] = []
    w_texts: list[str] = []
    w_lines: list[int] = []
    raw_lines: list[tuple[int, int, Box4]] = []
    raw_blocks: list[tuple[int, int, Box4]] = []
    raw_suspects: list[tuple[int, int]] = []
    for ubox, ulines in units:
        bstart = pos
        for lb, text, key, wa, wb in ulines:
            if len(text) < 25 and is_page_number_line(text) and _in_margin(lb, y0s, y1s, height):
                continue
            patch = patches.get(key)
            if patch is not None and patch[0] == text:
                _, repl, sus = patch
                if repl:
                    chars = list(text)
                    for k, c in repl.items():
                        chars[k] = c
                    text = "".join(chars)
                raw_suspects.extend((pos + s, pos + e) for s, e in sus)
            line_index = len(raw_lines)
            raw_lines.append((pos, pos + len(text), lb))
            p = pos
            for k in range(wa, wb):
                w = words[k]
                e = p + len(w[4])
                w_starts.append(p)
                w_ends.append(e)
                w_boxes.append(w[:4])
                p = e + 1
            w_lines += [line_index] * (wb - wa)
            w_texts += [w[4] for w in words[wa:wb]]
            raw_parts.append(text)
            raw_parts.append("\n")
            pos += len(text) + 1
        if pos > bstart:
            raw_blocks.append((bstart, pos - 1, ubox))

    return _RawPage(number, width, height, "".join(raw_parts), w_starts, w_ends, w_boxes,
                    w_texts, w_lines, raw_lines, raw_blocks, raw_suspects)


def _finish(rp: _RawPage, keep_hyphens: AbstractSet[str]) -> Page:
    """Normalise a raw page and carry words, lines, blocks and suspects over to its text."""
    norm = normalize_text(rp.raw, keep_hyphens)
    ntext = norm.text
    # raw offset -> text offset: the first text char whose source is >= it (``source`` is
    # non-decreasing); mapped with C-level map() over each column of raw offsets
    to_text = partial(bisect.bisect_left, norm.source)
    # the words left non-empty by normalisation, as columns (Words are made on demand)
    starts = list(map(to_text, rp.word_starts))
    ends = list(map(to_text, rp.word_ends))
    boxes, line_ids = rp.word_boxes, rp.word_lines
    if not all(map(lt, starts, ends)):      # rare: a word normalised away
        kept = [k for k, (s, e) in enumerate(zip(starts, ends)) if e > s]
        starts, ends = [starts[k] for k in kept], [ends[k] for k in kept]
        boxes, line_ids = [boxes[k] for k in kept], [line_ids[k] for k in kept]
    columns = WordColumns([ntext[s:e] for s, e in zip(starts, ends)], starts, ends,
                          [b[0] for b in boxes], [b[1] for b in boxes],
                          [b[2] for b in boxes], [b[3] for b in boxes], line_ids)
    lines = [(to_text(rs), to_text(re_), box) for rs, re_, box in rp.lines]
    blocks = [(s, e, box) for s, e, box in
              ((to_text(rs), to_text(re_), box) for rs, re_, box in rp.blocks) if e > s]
    suspects = tuple((s, e) for s, e in ((to_text(rs), to_text(re_)) for rs, re_ in rp.suspects)
                     if e > s)
    return Page._lazy(rp.number, rp.width, rp.height, ntext, columns, lines, blocks, suspects)


def _in_margin(bbox: Box4, y0s: list[float], y1s: list[float], height: float) -> bool:
    """True if a line is the top-most (nothing above it) or bottom-most (nothing below it)
    text of the page and lies in the outer margin band of the page height."""
    x0, y0, x1, y1 = bbox
    tol = 1.0
    if y1 <= height * _MARGIN and bisect.bisect_right(y1s, y0 + tol) == 0:
        return True
    return y0 >= height * (1 - _MARGIN) and len(y0s) - bisect.bisect_left(y0s, y1 - tol) == 0


def _suspects(spans: list[dict[str, Any]], texts: list[str], base: int,
              out: list[tuple[int, int]]) -> None:
    """Append raw ranges of suspect glyph runs of one line (see ``Page.suspect_spans``)."""
    for k, (span, text) in enumerate(zip(spans, texts)):
        stripped = text.strip()
        font = span["font"]
        if (not stripped or len(stripped) > 3 or is_known_text_font(font)
                or is_symbol_font(font)):
            continue
        if not all(c in _SUSPECT_GLYPHS for c in stripped):
            continue
        prev = texts[k - 1] if k > 0 else ""
        nxt = texts[k + 1] if k + 1 < len(texts) else ""
        prev_font = spans[k - 1]["font"] if k > 0 else None
        next_font = spans[k + 1]["font"] if k + 1 < len(texts) else None
        touches = ((nxt.lstrip()[:1].isdigit() and len(nxt) - len(nxt.lstrip()) <= 1
                    and next_font != font)
                   or (prev.rstrip()[-1:].isdigit() and len(prev) - len(prev.rstrip()) <= 1
                       and prev_font != font))
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
    lines = [(ln[0], len(ln[1])) for _, lns in units for ln in lns]
    total = sum(n for _, n in lines)
    if total == 0:
        return None
    # rotated text (landscape tables, axis labels): columns cannot be told by x
    vertical = sum(n for bb, n in lines if n > 1 and (bb[3] - bb[1]) > 1.5 * (bb[2] - bb[0]))
    if vertical > 0.2 * total:
        return None
    lo, hi = width * 0.3, width * 0.7
    events: dict[float, int] = {}
    for bb, n in lines:
        events[bb[0]] = events.get(bb[0], 0) + n
        events[bb[2]] = events.get(bb[2], 0) - n
    # chars of lines wholly left of x (x1 <= x) / wholly right of x (x0 >= x)
    by_x1 = sorted((bb[2], n) for bb, n in lines)
    by_x0 = sorted((bb[0], n) for bb, n in lines)
    x1s = [x for x, _ in by_x1]
    x0s = [x for x, _ in by_x0]
    left_cum = [0]
    for _, n in by_x1:
        left_cum.append(left_cum[-1] + n)
    right_cum = [0]
    for _, n in reversed(by_x0):
        right_cum.append(right_cum[-1] + n)
    xs = sorted(events)
    run = 0
    best_x: float | None = None
    best_cost = 0
    mid = width / 2
    for a, c in zip(xs, xs[1:]):
        run += events[a]
        if c <= lo or a >= hi:
            continue
        x = (max(a, lo) + min(c, hi)) / 2
        left = left_cum[bisect.bisect_right(x1s, x)]
        right = right_cum[len(x0s) - bisect.bisect_left(x0s, x)]
        if left < 0.15 * total or right < 0.15 * total or left + right < 0.5 * total:
            continue
        if (best_x is None or run < best_cost
                or (run == best_cost and abs(x - mid) < abs(best_x - mid))):
            best_x, best_cost = x, run
    return best_x


def _reading_order(units: list[Unit], width: float) -> list[Unit]:
    """Text units in reading order: column by column on a two-column page, else stream order.

    On a two-column page (see :func:`_gutter`) a block whose lines cross the gutter is
    full-width; a block whose lines lie on both sides without crossing (MuPDF joins lines of
    both columns at the same height into one block, case B29) is split by side. Full-width
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

