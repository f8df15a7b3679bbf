"""grounding.visibility: text the PDF never paints is not evidence (case C06).

The PDF is built at test time after the case's recipe: visible text, white text on the
white page, render mode 3 with nothing beneath, a 0.5 pt font, white text on a dark banner
(visible), and on page 2 a scanned bitmap with an invisible OCR layer on top (visible).
"""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from annotations.schema import Label
from grounding.check import check
from grounding.cli import main
from grounding.pdf import Document, read_pdf
from grounding.visibility import hidden_spans
from tests.conftest import load_cases

#: The case's words for labels, in the library's vocabulary.
LABELS = {
    "supported": Label.SUPPORTED,
    "contradicted": Label.CONTRADICTION,
    "not_supported": Label.NEI,
}


@pytest.fixture(scope="module")
def case() -> dict:
    return load_cases("pdf")["C06"]


@pytest.fixture(scope="module")
def hidden_pdf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("c06") / "hidden_text.pdf"
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((72, 100), "A total of 412 participants completed the study.", fontsize=11)
    page.insert_text(
        (72, 120), "Only 12 participants completed the study.", fontsize=11, color=(1, 1, 1)
    )
    page.insert_text(
        (72, 140), "The intervention reduced relapse by 62%.", fontsize=11, render_mode=3
    )
    page.insert_text((72, 160), "No adverse events occurred in any group.", fontsize=0.5)
    page.draw_rect(pymupdf.Rect(60, 180, 540, 210), color=None, fill=(0.1, 0.1, 0.3))
    page.insert_text((72, 200), "Relapse fell by 18% at 12 months.", fontsize=12, color=(1, 1, 1))
    src = pymupdf.open()
    sp = src.new_page(width=400, height=120)
    sp.insert_text((20, 60), "Mortality fell to 4.1% in 2019.", fontsize=14)
    pix = sp.get_pixmap(dpi=150)
    p2 = doc.new_page(width=400, height=120)
    p2.insert_image(p2.rect, pixmap=pix)
    p2.insert_text((20, 60), "Mortality fell to 4.1% in 2019.", fontsize=14, render_mode=3)
    doc.set_metadata({"title": "Results <!-- draft -->"})
    doc.save(path)
    return path


@pytest.fixture(scope="module")
def hidden_doc(hidden_pdf: Path) -> Document:
    return read_pdf(hidden_pdf)


def test_c06_hidden_spans_are_found_with_their_reason(hidden_pdf: Path, case: dict) -> None:
    with pymupdf.open(hidden_pdf) as doc:
        page = doc[0]
        blocks = page.get_textpage().extractDICT()["blocks"]
        found = [(h.text, h.why) for h in hidden_spans(page, blocks)]
        assert hidden_spans(doc[1], doc[1].get_textpage().extractDICT()["blocks"]) == []
    assert [t for t, _ in found] == [h["text"] for h in case["expected"]["hidden_spans"]]
    assert [w for _, w in found] == [
        "white on white",
        "invisible text, no image beneath",
        "font under 1 pt",
    ]


def test_c06_hidden_text_is_not_page_text(hidden_doc: Document, case: dict) -> None:
    p1, p2 = hidden_doc.page(1).text, hidden_doc.page(2).text
    for h in case["expected"]["hidden_spans"]:
        assert h["text"][:20] not in p1
    assert "412 participants" in p1
    assert "Relapse fell by 18% at 12 months." in p1  # white on a dark banner: visible
    assert p2.strip() == "Mortality fell to 4.1% in 2019."  # OCR layer over a scan: visible
    assert len(hidden_doc.warnings) == 1
    assert hidden_doc.warnings[0].startswith("page 1: 3 text run(s) the PDF never paints")
    assert "(font under 1 pt)" in hidden_doc.warnings[0]


def test_c06_claims_against_hidden_text(hidden_doc: Document, case: dict) -> None:
    expected = [LABELS[x] for x in case["expected"]["labels"]]
    must_not = [LABELS.get(x) if x else None for x in case["expected"]["must_not_be"]]
    got = [
        check("", claim, hidden_doc, verify_citations=False).sentences[0].annotation.label
        for claim in case["input"]["claims"]
    ]
    assert all(g is not m for g, m in zip(got, must_not))  # binding: never supported
    # the visible controls and the unsupported claim get their expected label; the two
    # planted numbers (12 vs 412 participants, 62% vs 18%) are at least not supported
    assert [got[i] for i in (0, 3, 4)] == [expected[i] for i in (0, 3, 4)]
    assert got[1] in (Label.CONTRADICTION, Label.NEI) and got[2] in (Label.CONTRADICTION, Label.NEI)


def test_c06_warning_reaches_stderr_and_text_output(
    hidden_pdf: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    answer = tmp_path / "a.txt"
    answer.write_text("Only 12 participants completed the study.", encoding="utf-8")
    html = tmp_path / "r.html"
    assert (
        main(
            [
                "check",
                "--pdf",
                str(hidden_pdf),
                "--answer",
                str(answer),
                "--format",
                "text",
                "--html",
                str(html),
            ]
        )
        == 0
    )
    out, err = capsys.readouterr()
    assert f"sciground: {hidden_pdf}: warning: page 1: 3 text run(s)" in err
    assert "Warning: page 1: 3 text run(s)" in out
    page = html.read_text(encoding="utf-8")
    assert "Warning about the PDF" in page and "text run(s) the PDF never paints" in page


# -- the pre-check (visibility.may_hide_text): the span walk is skipped only where no text
# can be hidden, so what read_pdf drops is what the full walk finds


def _one_page(path: Path, ops: str, gstate: str | None = None, form: bool = False) -> Path:
    """A page with a visible black line, then ``ops`` (content-stream text operators in
    that line's font at 10 pt, each ``(text) Tj`` at its own line); ``gstate``: an ExtGState dict
    registered as /G0, in the page's resources or (``form``) in a Form XObject's that the
    page paints with ``ops`` inside it."""
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text(
        (50, 60), "Plain visible black text opens the page.", fontname="helv", fontsize=10
    )
    xref = page.get_contents()[0]
    stream = doc.xref_stream(xref).decode()
    tokens = stream.split()
    font = tokens[tokens.index("Tf") - 2]  # the font resource insert_text chose
    res = int(doc.xref_get_key(page.xref, "Resources")[1].split()[0])
    body = f"q BT {font} 10 Tf 50 300 Td 14 TL {ops} ET Q\n"
    gs = ""
    if gstate is not None:
        gx = doc.get_new_xref()
        doc.update_object(gx, gstate)
        gs = f"/ExtGState<</G0 {gx} 0 R>>"
    if form:
        fonts = doc.xref_get_key(res, "Font")[1]
        fx = doc.get_new_xref()
        doc.update_object(
            fx, f"<</Type/XObject/Subtype/Form/BBox[0 0 600 800]/Resources<</Font {fonts}{gs}>>>>"
        )
        doc.update_stream(fx, body.encode())
        doc.xref_set_key(res, "XObject", f"<</Fm0 {fx} 0 R>>")
        body = "q /Fm0 Do Q\n"
    elif gs:
        doc.xref_set_key(res, "ExtGState", gs[len("/ExtGState") :])
    doc.update_stream(xref, (stream + body).encode())
    doc.save(path)
    return path


@pytest.mark.parametrize(
    "name, ops, gstate, form, hidden",
    [
        ("coloured visible", "0 0 1 rg (Blue link text) Tj T* 0 g (Black text) '", None, False, 0),
        ("coloured at ca 0", "1 0 0 rg /G0 gs (Planted red claim) Tj", "<</ca 0>>", False, 1),
        ("ca 0 in a form", "0 0.5 0 rg /G0 gs (Planted green claim) Tj", "<</ca 0.001>>", True, 1),
        ("coloured mode 3", "1 0 0 rg 3 Tr (Planted invisible claim) Tj", None, False, 1),
        ("coloured under 1 pt", "0 0 1 rg 0.9 Tf (Planted tiny claim) Tj", None, False, 1),
        ("white", "1 1 1 rg (Planted white claim) Tj T* 0 g (Black text) '", None, False, 1),
        ("cmyk black", "0 0 0 1 k (Black in CMYK) Tj", None, False, 0),
    ],
)
def test_precheck_skips_only_pages_without_hidden_text(
    tmp_path: Path, name: str, ops: str, gstate: str | None, form: bool, hidden: int
) -> None:
    from grounding.pdf import _FLAGS
    from grounding.visibility import AlphaCheck, may_hide_text

    path = _one_page(tmp_path / "p.pdf", ops, gstate, form)
    doc = pymupdf.open(path)
    page = doc[0]
    tp = page.get_textpage(flags=_FLAGS)
    found = hidden_spans(page, tp.extractDICT()["blocks"])
    assert len(found) == hidden, name
    may = may_hide_text(page, tp.extractHTML(), AlphaCheck(doc, pymupdf.mupdf))
    assert may or not found, name  # never skips a page with hidden text
    if name == "coloured visible":
        assert not may  # plain coloured text needs no walk
    text = read_pdf(path).pages[0].text
    assert "Planted" not in text and "opens the page" in text


# -- AlphaCheck.may_hide reads a page's annotations through one PyMuPDF listing when they
# are all links; any other entry (a note, an entry without or with an unknown /Subtype)
# still makes the page need the span walk, as reading the entries one by one decides


def _annotated(path: Path, extra: str | None, links: int) -> Path:
    """The "coloured visible" page with ``links`` link annotations and then ``extra``, a
    raw annotation dictionary appended to /Annots ("text": a note made by PyMuPDF)."""
    _one_page(path, "0 0 1 rg (Blue link text) Tj T* 0 g (Black text) '")
    doc = pymupdf.open(path)
    page = doc[0]
    for k in range(links):
        r = pymupdf.Rect(50, 300 + 14 * k, 150, 312 + 14 * k)
        page.insert_link({"kind": pymupdf.LINK_URI, "from": r, "uri": f"https://x.org/{k}"})
    if extra == "text":
        page.add_text_annot((300, 300), "a note")
    elif extra is not None:
        kind, value = doc.xref_get_key(page.xref, "Annots")
        items = value.strip("[]") if kind == "array" else ""
        doc.xref_set_key(page.xref, "Annots", f"[{items} {extra}]")
    out = path.with_name("annotated.pdf")
    doc.save(out)
    return out


def _walk_each_entry(doc: pymupdf.Document, page: pymupdf.Page) -> bool:
    """True if some /Annots entry of ``page`` is not a link (each entry read on its own)."""
    mu = pymupdf.mupdf
    ref = mu.pdf_lookup_page_obj(mu.PdfDocument(doc.this), page.number)
    annots = mu.pdf_dict_get(ref, mu.PDF_ENUM_NAME_Annots)
    return any(
        mu.pdf_to_name(mu.pdf_dict_get(mu.pdf_array_get(annots, i), mu.PDF_ENUM_NAME_Subtype))
        != "Link"
        for i in range(mu.pdf_array_len(annots))
    )


@pytest.mark.parametrize(
    "extra, links, may",
    [
        (None, 0, False),  # no annotation
        (None, 1, False),  # one link
        (None, 12, False),  # a page of citation links
        ("text", 3, True),  # links and a note
        ("text", 0, True),  # a note alone
        ("<</Type/Annot/Rect[0 0 9 9]>>", 2, True),  # an entry without /Subtype
        ("<</Type/Annot/Subtype/Foo/Rect[0 0 9 9]>>", 2, True),  # an unknown subtype
        ("null", 2, True),  # not a dictionary
    ],
)
def test_alpha_check_reads_annotations_as_each_entry_does(
    tmp_path: Path, extra: str | None, links: int, may: bool
) -> None:
    from grounding.visibility import AlphaCheck

    path = _annotated(tmp_path / "p.pdf", extra, links)
    doc = pymupdf.open(path)
    page = doc[0]
    assert _walk_each_entry(doc, page) is may  # the fixture is what it says
    assert AlphaCheck(doc, pymupdf.mupdf).may_hide(page) is may
    # a page whose annotations may hide coloured text is walked, and reads as before
    assert "Blue link text" in read_pdf(path).pages[0].text
