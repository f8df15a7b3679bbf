"""Text a PDF holds but never paints, so that it is not read as evidence (case C06).

A PDF's text layer can carry words no reader of the page sees: text in render mode 3
(invisible) with no scanned image beneath it, white text with nothing darker painted
beneath it, and text set in a font under one point. Extractors (PyMuPDF included) return it
like any other text, so a planted sentence could support or contradict a claim.
:func:`hidden_spans` finds such spans in a page's ``extractDICT`` blocks; ``read_pdf``
drops their words and reports them as warnings.

What counts as painted beneath (MuPDF's ``page.get_bboxlog()`` and ``page.get_drawings()``,
consulted only for a page that has a candidate span): for invisible text, an image covering
the span's centre (the OCR layer of a scanned page is visible text); for white text, an
image or a filled path whose fill is not white covering its centre (a white title on a dark
banner is visible). Boxes are PDF points in MuPDF's unrotated page space, as
``extractWORDS`` and ``extractDICT`` give them.

Source: MuPDF's structured-text spans (PyMuPDF ``TextPage.extractDICT``: ``alpha`` 0 for
render mode 3, ``color`` as 0xRRGGBB in sRGB, ``size`` in points).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["MIN_FONT_PT", "HiddenSpan", "drop_hidden", "hidden_spans"]

#: Text set smaller than this (points) is not read as page text.
MIN_FONT_PT = 1.0
#: A colour whose red, green and blue are all at least this (0-255) is white on paper.
_WHITE_FROM = 0xF0

Box4 = tuple[float, float, float, float]


@dataclass(frozen=True, slots=True)
class HiddenSpan:
    """One text span the page never paints: MuPDF block and line numbers (as in
    ``extractWORDS``), its box (points, unrotated page space), its text and why it is
    hidden ("white on white", "invisible text, no image beneath", "font under 1 pt")."""

    block: int
    line: int
    rect: Box4
    text: str
    why: str


#: ``color & _WHITE_MASK == _WHITE_MASK`` when red, green and blue (0xRRGGBB) each have
#: their top four bits set, i.e. are all >= 0xF0 (_WHITE_FROM).
_WHITE_MASK = 0xF0F0F0


def _is_white(color: int) -> bool:
    return color & _WHITE_MASK == _WHITE_MASK


def _centre_in(box: Box4, areas: Sequence[Box4]) -> bool:
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    return any(a[0] <= cx <= a[2] and a[1] <= cy <= a[3] for a in areas)


class _Backdrop:
    """What a page paints, read from PyMuPDF only when first asked: image areas and the
    areas of filled paths whose fill is not white."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self._images: list[Box4] | None = None
        self._dark: list[Box4] | None = None

    def images(self) -> list[Box4]:
        if self._images is None:
            self._images = [tuple(box) for kind, box in self.page.get_bboxlog()
                            if kind in ("fill-image", "fill-imgmask", "fill-shade")]
        return self._images

    def dark_fills(self) -> list[Box4]:
        if self._dark is None:
            out: list[Box4] = []
            for d in self.page.get_drawings():
                fill = d.get("fill")
                if fill and not all(c >= _WHITE_FROM / 255 for c in fill[:3]):
                    r = d["rect"]
                    out.append((r.x0, r.y0, r.x1, r.y1))
            self._dark = out
        return self._dark


def hidden_spans(page: Any, dict_blocks: Sequence[dict[str, Any]]) -> list[HiddenSpan]:
    """The spans of a page that are never painted (module docstring), in MuPDF's order.

    Args: page: the PyMuPDF page (asked for its images and drawings only when a span is
          invisible or white). dict_blocks: ``page.get_textpage(...).extractDICT()["blocks"]``.
    Returns: one HiddenSpan per hidden span with non-blank text; [] for most pages.
    Raises: whatever PyMuPDF raises for a damaged page.
    """
    out: list[HiddenSpan] = []
    backdrop: _Backdrop | None = None
    for blk in dict_blocks:
        if blk.get("type", 0) != 0:
            continue
        for lno, ln in enumerate(blk.get("lines", ())):
            for sp in ln["spans"]:
                # most spans: painted, opaque, not white, at least MIN_FONT_PT
                if (sp["size"] >= MIN_FONT_PT and sp.get("alpha", 255)
                        and sp["color"] & _WHITE_MASK != _WHITE_MASK):
                    continue
                text = sp["text"]
                if not text.strip():
                    continue
                box: Box4 = tuple(sp["bbox"])
                why = None
                if sp["size"] < MIN_FONT_PT:
                    why = "font under 1 pt"
                elif sp.get("alpha", 255) == 0:
                    backdrop = backdrop or _Backdrop(page)
                    if not _centre_in(box, backdrop.images()):
                        why = "invisible text, no image beneath"
                elif _is_white(sp["color"]):
                    backdrop = backdrop or _Backdrop(page)
                    if not (_centre_in(box, backdrop.dark_fills())
                            or _centre_in(box, backdrop.images())):
                        why = "white on white"
                if why is not None:
                    out.append(HiddenSpan(blk["number"], lno, box, text.strip(), why))
    return out


def drop_hidden(words: list[tuple[Any, ...]],
                hidden: Sequence[HiddenSpan]) -> list[tuple[Any, ...]]:
    """``extractWORDS`` rows without the words of hidden spans: a word goes when it is on a
    hidden span's line (block_no, line_no) and its centre lies in that span's box (1 pt
    tolerance)."""
    by_line: dict[tuple[int, int], list[Box4]] = {}
    for h in hidden:
        x0, y0, x1, y1 = h.rect
        by_line.setdefault((h.block, h.line), []).append((x0 - 1, y0 - 1, x1 + 1, y1 + 1))
    return [w for w in words
            if (w[5], w[6]) not in by_line or not _centre_in(w[:4], by_line[(w[5], w[6])])]
