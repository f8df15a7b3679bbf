"""The evidence boxes of an output row, read back with PyMuPDF the way
docs/output-format.md says: the box holds the evidence the rationale quotes, on an upright
one-column page, on a two-column page and on a page turned by /Rotate."""

from __future__ import annotations

import re
from pathlib import Path

import pymupdf
import pytest

from annotations.schema import BoxAnnotation, Label
from grounding.check import check
from grounding.pdf import read_pdf
from tests.conftest import DATA, need

# (PDF, a supported sentence, a number of its evidence, the page that evidence is on)
CASES = [
    (  # one column
        DATA / "papers-more" / "imidazole-corrosion-2021.pdf",
        "With 300 ppm of imidazole the polarization tests gave an inhibition efficiency of 84.2%.",
        "84.2",
        4,
    ),
    (  # two columns, the number in the right one
        DATA / "papers-more" / "cfp-t65s-2012.pdf",
        "mCerulean3 has a pK1/2 of 3.2.",
        "3.2",
        4,
    ),
    (  # a landscape table on a page turned by /Rotate 90
        DATA / "papers" / "vespa-2017.pdf",
        "In the sample summary of Table 2, model m0 has a log-likelihood of -572.969394.",
        "572.969394",
        8,
    ),
    (
        DATA / "papers" / "vespa-2017.pdf",
        "In Table 2, model m8 estimates q = 99.00000 and w = 1.11431.",
        "1.11431",
        8,
    ),
]


def box_text(pdf: Path, box: BoxAnnotation, *, derotate: bool = True) -> str:
    """The text inside ``box`` as docs/output-format.md reads it (whitespace folded)."""
    with pymupdf.open(pdf) as doc:
        page = doc[box.page_id - 1]  # page_id is 1-based
        w, h = box.img_size
        sx, sy = page.rect.width / w, page.rect.height / h
        x0, y0, x1, y1 = box.coords
        rect = pymupdf.Rect(x0 * sx, y0 * sy, x1 * sx, y1 * sy)
        if derotate:
            rect = rect * page.derotation_matrix
        return " ".join(page.get_textbox(rect).split()).replace("\u2212", "-")


@pytest.mark.parametrize(("pdf", "sentence", "number", "page"), CASES)
def test_a_box_read_back_holds_the_evidence_it_stands_for(
    pdf: Path, sentence: str, number: str, page: int
) -> None:
    report = check("q", sentence, read_pdf(need(pdf)), verify_citations=False)
    a = report.annotations[0]
    assert a.label is Label.SUPPORTED, a.rationale
    assert {b.page_id for b in a.boxes} == {page}
    text = " ".join(box_text(pdf, b) for b in a.boxes)
    assert number in text
    # the words the rationale quotes as evidence lie in the boxes
    quoted = re.search(r'\(evidence: "([^"]*?)…?"\)', a.rationale)
    assert quoted is not None
    words = [w.replace("\u2212", "-") for w in quoted.group(1).split()[:-1]]
    assert words and all(w in text for w in words)


def test_a_rotated_page_box_is_in_the_displayed_page() -> None:
    pdf = need(DATA / "papers" / "vespa-2017.pdf")
    report = check("q", CASES[2][1], read_pdf(pdf), verify_citations=False)
    box = report.annotations[0].boxes[0]
    with pymupdf.open(pdf) as doc:
        page = doc[box.page_id - 1]
        assert page.rotation == 90
        shown = page.get_pixmap(matrix=pymupdf.Matrix(2, 2))
    # img_size is the rendered (landscape) page: wider than high, as the pixmap
    assert tuple(box.img_size) == (shown.width, shown.height)
    assert box.img_size[0] > box.img_size[1]
    # without mapping back to the unrotated page the box reads other cells
    assert "572.969394" not in box_text(pdf, box, derotate=False)
    assert "572.969394" in box_text(pdf, box)
