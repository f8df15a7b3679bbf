"""grounding.render: pages to PNG/JPEG bytes, boxes drawn where asked, each page once."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from grounding.errors import InputError, PDFError
from grounding.render import BOX_COLOUR, PageRenderer, render_page, thumbnail
from tests.grounding.pdf_fixtures import write_lines_pdf


@pytest.fixture()
def pdf(tmp_path: Path) -> Path:
    return write_lines_pdf(
        tmp_path / "two.pdf", [[(72, 100, "Page one says 42.")], [(72, 100, "Page two.")]]
    )


def _pixel(data: bytes, x: int, y: int) -> tuple[int, ...]:
    pix = pymupdf.Pixmap(data)
    return tuple(pix.pixel(x, y))


def test_png_has_the_page_size_at_the_zoom(pdf: Path) -> None:
    img = render_page(pdf, 1, zoom=2.0)
    assert img.data[:8] == b"\x89PNG\r\n\x1a\n"
    assert (img.width, img.height) == (1224, 1584)  # 612 x 792 pt at 144 dpi
    assert img.data_uri.startswith("data:image/png;base64,")


def test_jpeg_and_thumbnail(pdf: Path) -> None:
    j = render_page(pdf, 2, zoom=0.5, fmt="jpeg", quality=60)
    assert j.data[:2] == b"\xff\xd8" and j.mime == "image/jpeg"
    t = thumbnail(pdf, 1, width_px=153)
    assert t.width == 153 and t.height == 198


def test_boxes_are_drawn_in_gold_pixels(pdf: Path) -> None:
    # a box at (200, 300)-(400, 500) in 144-dpi pixels = (100, 150)-(200, 250) at zoom 1
    img = render_page(pdf, 1, zoom=1.0, boxes=[(200, 300, 400, 500)], box_zoom=2.0)
    plain = render_page(pdf, 1, zoom=1.0)
    assert _pixel(img.data, 100, 200) == BOX_COLOUR  # left edge
    assert _pixel(img.data, 150, 150) == BOX_COLOUR  # top edge
    assert _pixel(img.data, 150, 200) == (255, 255, 255)  # inside stays clear
    assert _pixel(plain.data, 100, 200) == (255, 255, 255)
    # boxes in PDF points (box_zoom 1) land at the same place
    pts = render_page(pdf, 1, zoom=1.0, boxes=[(100, 150, 200, 250)], box_zoom=1.0)
    assert _pixel(pts.data, 100, 200) == BOX_COLOUR


def test_each_page_is_rendered_once(pdf: Path) -> None:
    with PageRenderer(pdf) as r:
        a = r.render(1, zoom=0.5)
        b = r.render(1, zoom=0.5)
        r.render(2, zoom=0.5)
        assert a is b and r.renders == 2
        r.render(1, zoom=0.5, boxes=[(0, 0, 10, 10)])
        assert r.renders == 3
        assert r.page_count == 2 and r.page_size(1) == (612.0, 792.0)


def test_bad_input_raises_clear_errors(pdf: Path, tmp_path: Path) -> None:
    with pytest.raises(PDFError, match="not found"):
        PageRenderer(tmp_path / "nope.pdf")
    junk = tmp_path / "junk.pdf"
    junk.write_text("not a pdf")
    with pytest.raises(PDFError):
        PageRenderer(junk)
    with PageRenderer(pdf) as r:
        with pytest.raises(PDFError) as exc:
            r.render(3)
        assert exc.value.page == 3 and "has 2" in str(exc.value)
        with pytest.raises(PDFError):
            r.render(0)
        with pytest.raises(InputError):
            r.render(1, zoom=0)
        with pytest.raises(InputError):
            r.render(1, fmt="gif")  # type: ignore[arg-type]
    with pytest.raises(InputError):
        thumbnail(pdf, 1, width_px=3)
