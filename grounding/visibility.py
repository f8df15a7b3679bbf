"""Text a PDF holds but never paints, so that it is not read as evidence.

A PDF's text layer can carry words no reader of the page sees: text in render mode 3
(invisible) with no scanned image beneath it, white text with nothing darker painted
beneath it, and text set in a font under one point. Extractors (PyMuPDF included) return it
like any other text, so a planted sentence could support or contradict a claim.
:func:`hidden_spans` finds such spans in a page's ``extractDICT`` blocks; ``read_pdf``
drops their words and reports them as warnings.

What counts as painted beneath (MuPDF's ``page.get_bboxlog()`` and ``page.get_cdrawings()``,
consulted only for a page that has a candidate span): for invisible text, an image covering
the span's centre (the OCR layer of a scanned page is visible text); for white text, an
image or a filled path whose fill is not white covering its centre (a white title on a dark
banner is visible). Boxes are PDF points in MuPDF's unrotated page space, as
``extractWORDS`` and ``extractDICT`` give them.

Source: MuPDF's structured-text spans (PyMuPDF ``TextPage.extractDICT``: ``alpha`` 0 for
render mode 3, ``color`` as 0xRRGGBB in sRGB, ``size`` in points).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

__all__ = [
    "MIN_FONT_PT",
    "AlphaCheck",
    "HiddenSpan",
    "drop_hidden",
    "hidden_spans",
    "may_hide_text",
]


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
            self._images = [
                tuple(box)
                for kind, box in self.page.get_bboxlog()
                if kind in ("fill-image", "fill-imgmask", "fill-shade")
            ]
        return self._images

    def dark_fills(self) -> list[Box4]:
        if self._dark is None:
            out: list[Box4] = []
            # get_cdrawings: the paths get_drawings() returns before it turns every point
            # and box into Point/Rect objects (3x the time); "rect" is a 4-tuple of floats
            for d in self.page.get_cdrawings():
                fill = d.get("fill")
                if fill and not all(c >= _WHITE_FROM / 255 for c in fill[:3]):
                    x0, y0, x1, y1 = d["rect"]
                    out.append((float(x0), float(y0), float(x1), float(y1)))
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
                if (
                    sp["size"] >= MIN_FONT_PT
                    and sp.get("alpha", 255)
                    and sp["color"] & _WHITE_MASK != _WHITE_MASK
                ):
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
                    if not (
                        _centre_in(box, backdrop.dark_fills()) or _centre_in(box, backdrop.images())
                    ):
                        why = "white on white"
                if why is not None:
                    out.append(HiddenSpan(blk["number"], lno, box, text.strip(), why))
    return out


def drop_hidden(
    words: list[tuple[Any, ...]], hidden: Sequence[HiddenSpan]
) -> list[tuple[Any, ...]]:
    """``extractWORDS`` rows without the words of hidden spans: a word goes when it is on a
    hidden span's line (block_no, line_no) and its centre lies in that span's box (1 pt
    tolerance)."""
    by_line: dict[tuple[int, int], list[Box4]] = {}
    for h in hidden:
        x0, y0, x1, y1 = h.rect
        by_line.setdefault((h.block, h.line), []).append((x0 - 1, y0 - 1, x1 + 1, y1 + 1))
    return [
        w
        for w in words
        if (w[5], w[6]) not in by_line or not _centre_in(w[:4], by_line[(w[5], w[6])])
    ]


# -- the pre-check: which pages need the span walk at all -------------------------------
#
# ``extractDICT`` costs about as much as building the text page (0.4-1x bare extraction of
# a paper). MuPDF's HTML output of the same text page (``extractHTML``, ~1/5 of the dict)
# starts a new <span> whenever a character's font, size or colour changes -- the colour with
# its alpha, as in the dict's ``color`` and ``alpha`` -- and writes each span's style as
# ``font-size:%.1fpt`` then ``;color:#rrggbb``, leaving the colour out when it is 0 (text in
# any invisible render mode: MuPDF gives it colour 0, alpha 0) or CMYK black. So a span with
# a size of at least 1.1 pt and a colour that is not white holds no text under 1 pt, no
# white text and no render-mode-invisible text. What the HTML cannot show is a fill or
# stroke alpha of 0 set by the graphics state (ExtGState /ca, /CA) on coloured text (black
# text at alpha 0 has colour 0 and shows no colour): for a page with coloured spans,
# :class:`AlphaCheck` looks for such a state among the resources the page can run.

_SPAN_STYLE = re.compile(r'<span style="([^"]*)">')
_STYLE_TAIL = re.compile(r";font-size:(\d+\.\d)pt;color:#([0-9a-f]{6})$")
#: Below this the printed size (0.1 pt steps) may round a size under MIN_FONT_PT.
_SAFE_SIZE = MIN_FONT_PT + 0.1
#: An ExtGState alpha below this may give characters alpha 0 (1/255 steps, margin kept).
_SAFE_ALPHA = 0.02


def may_hide_text(page: Any, html: str, alpha: AlphaCheck) -> bool:
    """False if the page's text cannot hold a span :func:`hidden_spans` would report, so
    the span walk (and ``extractDICT``) can be skipped; True if it may (or if unsure).

    Args: page: the PyMuPDF page. html: its text page's ``extractHTML()``.
          alpha: the document's :class:`AlphaCheck` (asked only when a span is coloured).
    """
    styles = _SPAN_STYLE.findall(html)
    if len(styles) != html.count("<span"):  # a style this parser does not read
        return True
    coloured = False
    for style in set(styles):
        m = _STYLE_TAIL.search(style)
        if m is None or float(m.group(1)) < _SAFE_SIZE:
            return True  # colour 0 (invisible), CMYK black, tiny
        color = int(m.group(2), 16)
        if _is_white(color):
            return True
        coloured = coloured or color != 0
    return coloured and alpha.may_hide(page)


class AlphaCheck:
    """Per document: can a page give coloured text alpha 0 through its graphics states?

    True for a page with an annotation other than a link (MuPDF runs their appearance
    streams, which may set an opacity), or whose resources -- inherited ones, and those of
    its Form XObjects, tiling patterns and Type3 fonts, recursively -- hold an ExtGState
    with /ca or /CA below 0.02, or not a number, or with a soft mask. Any failure of the
    low-level walk answers True (the span walk then decides). ``mupdf``: PyMuPDF's
    low-level bindings (``pymupdf.mupdf``), passed in by the PDF adapter (``grounding.pdf``,
    the one module that imports PyMuPDF). Verdicts are kept per
    object (papers share fonts and figures across pages); one reached through a cycle is
    not kept unless it is True.
    """

    def __init__(self, doc: Any, mupdf: Any) -> None:
        self.doc = doc
        self._mu = mupdf
        self._verdict: dict[int, bool] = {}  # object number -> its resources may hide
        self._cuts = 0  # cycles met so far
        self._pdf: Any
        mu = mupdf
        try:
            this = doc.this
            self._pdf = this if isinstance(this, mu.PdfDocument) else mu.PdfDocument(this)
        except Exception:  # noqa: BLE001 -- not a PDF handle: every coloured page is walked
            self._pdf = None

    def may_hide(self, page: Any) -> bool:
        """True if coloured text of ``page`` may be painted at alpha 0 (class docstring)."""
        if self._pdf is None:
            return True
        mu = self._mu
        try:
            ref = mu.pdf_lookup_page_obj(self._pdf, page.number)
            annots = mu.pdf_dict_get(ref, mu.PDF_ENUM_NAME_Annots)
            n = mu.pdf_array_len(annots)
            # a paper's page holds dozens of links (citations, references): PyMuPDF's
            # one C-level walk lists the annotations of known subtype; when those are
            # all of them and all links, the walk below would find nothing
            if n and not self._links_only(page, n):
                for i in range(n):
                    sub = mu.pdf_dict_get(mu.pdf_array_get(annots, i), mu.PDF_ENUM_NAME_Subtype)
                    if mu.pdf_to_name(sub) != "Link":
                        return True
            rsrc = mu.pdf_dict_get_inheritable(ref, mu.PDF_ENUM_NAME_Resources)
            return bool(rsrc.m_internal) and self._scan_kept(rsrc)
        except Exception:  # noqa: BLE001 -- an unexpected object shape: walk the spans
            return True

    def _links_only(self, page: Any, n: int) -> bool:
        """True if the ``n`` entries of the page's /Annots are all links (subtype /Link),
        read from ``page.annot_xrefs()``: (xref, type, id) per entry of a known subtype."""
        try:
            listed = page.annot_xrefs()
        except Exception:  # noqa: BLE001 -- no such listing: the entries are read one by one
            return False
        link = self._mu.PDF_ANNOT_LINK
        return len(listed) == n and all(item[1] == link for item in listed)

    def _scan_kept(self, obj: Any, resources: Any = None) -> bool:
        # the verdict on ``resources`` (default ``obj`` itself), kept under obj's number
        num = self._mu.pdf_to_num(obj)
        verdict = self._verdict.get(num) if num else None
        if verdict is None:
            if resources is None:
                resources = obj
            cuts = self._cuts
            verdict = self._scan(resources)
            if num and (verdict or cuts == self._cuts):
                self._verdict[num] = verdict
        return verdict

    def _scan(self, rsrc: Any) -> bool:
        mu = self._mu
        if mu.pdf_mark_obj(rsrc):  # a cycle: already being walked
            self._cuts += 1
            return False
        try:
            states = mu.pdf_dict_get(rsrc, mu.PDF_ENUM_NAME_ExtGState)
            for i in range(mu.pdf_dict_len(states)):
                gs = mu.pdf_dict_get_val(states, i)
                for key in ("ca", "CA"):
                    v = mu.pdf_dict_gets(gs, key)
                    if v.m_internal and (
                        not mu.pdf_is_number(v) or mu.pdf_to_real(v) < _SAFE_ALPHA
                    ):
                        return True
                mask = mu.pdf_dict_gets(gs, "SMask")
                if mask.m_internal and mu.pdf_to_name(mask) != "None":
                    return True
            for kind in (mu.PDF_ENUM_NAME_XObject, mu.PDF_ENUM_NAME_Pattern, mu.PDF_ENUM_NAME_Font):
                group = mu.pdf_dict_get(rsrc, kind)
                for i in range(mu.pdf_dict_len(group)):
                    obj = mu.pdf_dict_get_val(group, i)
                    num = mu.pdf_to_num(obj)
                    if num and self._verdict.get(num) is False:
                        continue
                    sub = mu.pdf_dict_get(obj, mu.PDF_ENUM_NAME_Resources)
                    if not sub.m_internal:
                        if num:
                            self._verdict[num] = False
                        continue
                    if self._scan_kept(obj, sub):
                        return True
            return False
        finally:
            mu.pdf_unmark_obj(rsrc)
