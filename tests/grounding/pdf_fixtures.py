"""Small PDFs made at test time with PyMuPDF (nothing binary is committed).

Coordinates are PyMuPDF's: PDF points, origin top-left, ``(x, y)`` is the baseline start of
a text line. Every writer returns the path it wrote.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pymupdf

#: Base-14 fonts used as stand-ins; a fixture font name is written over one's /BaseFont.
_ALIASES = ("tiro", "helv", "cour", "tiit", "heit", "coit", "tibo", "hebo", "cobo")

LinePos = tuple[float, float, str]


def write_lines_pdf(
    path: Path,
    pages: Sequence[Sequence[LinePos]],
    size: tuple[float, float] = (612, 792),
    fontsize: float = 11,
) -> Path:
    """One page per item; each line ``(x, y, text)`` inserted in the given (stream) order.

    Text goes through a TextWriter with MuPDF's Times (Unicode: '−', 'ﬁ', '°' work).
    """
    doc = pymupdf.open()
    font = pymupdf.Font("tiro")
    for lines in pages:
        page = doc.new_page(width=size[0], height=size[1])
        if lines:
            tw = pymupdf.TextWriter(page.rect)
            for x, y, text in lines:
                tw.append((x, y), text, font=font, fontsize=fontsize)
            tw.write_text(page)
    doc.save(path)
    doc.close()
    return path


def write_spans_pdf(
    path: Path, lines: Sequence[Sequence[tuple[str, str]]], fontsize: float = 11
) -> Path:
    """One page; each line is a run of ``(text, font name)`` spans set side by side.

    Each distinct font name gets its own base-14 font object (WinAnsi encoding, so '¼' and
    'þ' extract as themselves) whose /BaseFont is then renamed to the given name: the
    extracted spans report that name, as a TeX or publisher font would.
    """
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    names: dict[str, str] = {}
    y = 100.0
    for spans in lines:
        x = 72.0
        for text, font in spans:
            alias = names.setdefault(font, _ALIASES[len(names)])
            page.insert_text((x, y), text, fontname=alias, fontsize=fontsize)
            x += pymupdf.get_text_length(text, fontname=alias, fontsize=fontsize)
        y += 20
    by_alias = {a: f for f, a in names.items()}
    for xref, _ext, _type, _base, alias, _enc in page.get_fonts():
        doc.xref_set_key(xref, "BaseFont", "/" + by_alias[alias])
    doc.save(path)
    doc.close()
    return path


def write_encrypted_pdf(path: Path) -> Path:
    """A one-page text PDF that needs a user password to open."""
    doc = pymupdf.open()
    doc.new_page().insert_text((72, 72), "secret text", fontsize=11)
    doc.save(path, encryption=pymupdf.PDF_ENCRYPT_AES_256, user_pw="user", owner_pw="owner")
    doc.close()
    return path


def write_scanned_pdf(path: Path, pages: int = 2) -> Path:
    """Pages holding only a raster image (a 'scan'): no text layer at all."""
    doc = pymupdf.open()
    pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 40, 40), False)
    pix.clear_with(200)
    for _ in range(pages):
        page = doc.new_page(width=612, height=792)
        page.insert_image(pymupdf.Rect(72, 72, 540, 720), pixmap=pix)
    doc.save(path)
    doc.close()
    return path


Run = tuple[float, float, str, float]


def write_runs_pdf(path: Path, runs: Sequence[Run], size: tuple[float, float] = (612, 792)) -> Path:
    """One page; each run ``(x, y, text, fontsize)`` drawn where given, in the given order,
    in MuPDF's Times (so a run drawn twice a fraction of a point apart is fake-bold
    overprint, a smaller run with a raised baseline a superscript)."""
    doc = pymupdf.open()
    page = doc.new_page(width=size[0], height=size[1])
    font = pymupdf.Font("tiro")
    tw = pymupdf.TextWriter(page.rect)
    for x, y, text, fontsize in runs:
        tw.append((x, y), text, font=font, fontsize=fontsize)
    tw.write_text(page)
    doc.save(path)
    doc.close()
    return path


def text_width(text: str, fontsize: float) -> float:
    """Width in points of ``text`` in the fixtures' Times at ``fontsize``."""
    return pymupdf.Font("tiro").text_length(text, fontsize=fontsize)
