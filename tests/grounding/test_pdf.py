"""grounding.pdf: reading order, words and boxes, symbol fonts, errors; real papers.

Small PDFs are made in tmp_path by tests/grounding/pdf_fixtures.py; the real papers in
../shared/data/papers are read once per module.
"""

from __future__ import annotations

import json
import pickle
import re
from pathlib import Path

import pymupdf
import pytest

from grounding.errors import InputError, PDFError
from grounding.pdf import Document, Page, Word, extract_plain_text, read_pdf
from grounding.types import Rect
from tests.conftest import DATA, PAPERS, load_cases, need
from tests.grounding.pdf_fixtures import (
    text_width,
    write_encrypted_pdf,
    write_lines_pdf,
    write_runs_pdf,
    write_scanned_pdf,
    write_spans_pdf,
)

# --- case B29: two columns, wrong stream order ------------------------------------------------


@pytest.fixture(scope="module")
def b29() -> dict:
    return load_cases("pdf")["B29"]


@pytest.fixture(scope="module")
def b29_doc(b29: dict, tmp_path_factory: pytest.TempPathFactory) -> Document:
    inp = b29["input"]
    pages = [
        [(ln["x"], ln["y"], ln["text"]) for ln in inp[key]]
        for key in ("page1_lines", "page2_lines")
    ]
    path = tmp_path_factory.mktemp("b29") / "b29.pdf"
    write_lines_pdf(path, pages, size=tuple(inp["page_size"]), fontsize=11)
    return read_pdf(path)


def test_b29_stream_order_really_is_wrong(b29_doc: Document) -> None:
    plain = extract_plain_text(b29_doc.path)
    assert plain[0].index("Mass loss") < plain[0].index("Samples")  # the fixture's premise


def test_b29_pages_read_column_by_column(b29: dict, b29_doc: Document) -> None:
    exp = b29["expected"]
    assert b29_doc.page(1).text == exp["page1_text"]
    assert b29_doc.page(2).text == exp["page2_text"]
    flat = " ".join(p.text.replace("\n", " ") for p in b29_doc.pages)
    for bad in exp["must_not_contain"]:
        assert bad not in flat
    for sentence in exp["sentences_after_join"]:
        assert sentence in flat


def test_b29_blocks_and_lines_follow_the_columns(b29_doc: Document) -> None:
    page = b29_doc.page(1)
    assert [page.text[b.start : b.end] for b in page.blocks] == [
        "Drying kinetics of clay bricks",
        "Samples were dried at\n60 °C for two hours.",
        "Mass loss was then\nrecorded every minute.",
    ]
    assert [page.text[ln.start : ln.end] for ln in page.lines] == page.text.splitlines()
    assert page.blocks[1].rect.x1 < 306 < page.blocks[2].rect.x0  # left and right of the gutter
    for w in page.words:
        line = page.lines[w.line]
        assert line.start <= w.start < w.end <= line.end and line.rect.contains(w.rect)


def test_b29_page_geometry(b29_doc: Document) -> None:
    page = b29_doc.page(1)
    assert (page.number, page.width, page.height) == (1, 612, 792)
    # words come in text order and cover their text
    assert [w.start for w in page.words] == sorted(w.start for w in page.words)
    for w in page.words:
        assert page.text[w.start : w.end] == w.text
    samples = next(w for w in page.words if w.text == "Samples")
    assert samples.rect.x0 == pytest.approx(60, abs=1)
    assert samples.rect.y1 == pytest.approx(100 + 11 * 0.3, abs=3)  # baseline y=100


def test_two_column_with_full_width_bands(tmp_path: Path) -> None:
    right = [(330, 120 + 14 * i, f"right one line {i}.") for i in range(4)]
    left = [(60, 120 + 14 * i, f"left one line {i}.") for i in range(6)]
    right2 = [(330, 300 + 14 * i, f"right two line {i}.") for i in range(2)]
    left2 = [(60, 300 + 14 * i, f"left two line {i}.") for i in range(2)]
    middle = [(60, 250, "A figure caption that runs across the whole width of the page here.")]
    path = write_lines_pdf(tmp_path / "cols.pdf", [right2 + middle + right + left2 + left])
    text = read_pdf(path).page(1).text
    order = [
        text.index(s)
        for s in (
            "left one line 0",
            "left one line 5",
            "right one line 0",
            "right one line 3",
            "A figure caption",
            "left two line 0",
            "right two line 1",
        )
    ]
    assert order == sorted(order)


def test_one_column_keeps_stream_order(tmp_path: Path) -> None:
    lines = [
        (72, 100 + 14 * i, f"This is a long single column sentence number {i} of the page.")
        for i in range(5)
    ]
    path = write_lines_pdf(tmp_path / "one.pdf", [lines])
    text = read_pdf(path).page(1).text
    assert text.splitlines() == [t for _, _, t in lines]


# --- words, hyphenation, rects_for -------------------------------------------------------------


@pytest.fixture(scope="module")
def hyphen_page(tmp_path_factory: pytest.TempPathFactory) -> Page:
    lines = [
        (72, 100, "The new cor-"),
        (72, 114, "pus holds 8.1M ﬁne papers"),
        (72, 128, "and eﬀective state-of-the-"),
        (72, 142, "art parsers."),
    ]
    path = write_lines_pdf(tmp_path_factory.mktemp("hy") / "hy.pdf", [lines])
    return read_pdf(path).page(1)


def test_hyphenated_word_joined_and_maps_to_both_halves(hyphen_page: Page) -> None:
    text = hyphen_page.text
    assert text == (
        "The new corpus holds 8.1M fine papers\nand effective state-of-the-art parsers."
    )
    i = text.index("corpus")
    halves = [w for w in hyphen_page.words if w.start < i + 6 and w.end > i]
    assert [w.text for w in halves] == ["cor", "pus"]
    assert halves[0].line != halves[1].line
    rects = hyphen_page.rects_for(i, i + 6)
    assert rects == (halves[0].rect, halves[1].rect)
    assert rects[0].y1 <= rects[1].y0 + 1  # first half on the upper line


def test_rects_for_one_box_per_line_piece(hyphen_page: Page) -> None:
    text = hyphen_page.text
    i = text.index("holds")
    j = text.index("effective") + len("effective")
    rects = hyphen_page.rects_for(i, j)
    assert len(rects) == 2
    holds = next(w for w in hyphen_page.words if w.text == "holds")
    papers = next(w for w in hyphen_page.words if w.text == "papers")
    assert rects[0].contains(holds.rect) and rects[0].contains(papers.rect)
    eff = next(w for w in hyphen_page.words if w.text == "effective")
    assert rects[1].contains(eff.rect)


def test_rects_for_partial_word_and_edges(hyphen_page: Page) -> None:
    text = hyphen_page.text
    i = text.index("8.1M")
    word = next(w for w in hyphen_page.words if w.text == "8.1M")
    (part,) = hyphen_page.rects_for(i, i + 3)  # '8.1' of '8.1M'
    assert word.rect.contains(part)
    assert part.x1 < word.rect.x1 and part.x0 == pytest.approx(word.rect.x0)
    assert hyphen_page.rects_for(i, i) == ()
    assert hyphen_page.rects_for(5, 2) == ()
    assert hyphen_page.rects_for(len(text), len(text) + 10) == ()


def test_ligatures_folded_in_pdf(hyphen_page: Page) -> None:
    assert not re.search("[\ufb00-\ufb06]", hyphen_page.text)
    assert any(w.text == "fine" for w in hyphen_page.words)


def test_b27_ligature_with_stray_space_in_pdf(tmp_path: Path) -> None:
    case = load_cases("pdf")["B27"]
    raw = case["input"]["raw_extracted_lines"]
    lines = [(72, 100 + 14 * i, t) for i, t in enumerate(raw)]
    path = write_lines_pdf(tmp_path / "lig.pdf", [lines])
    page = read_pdf(path).page(1)
    assert page.text.splitlines() == case["expected"]["normalized_lines"]
    i = page.text.index("beneficiaries")
    pieces = [w for w in page.words if w.start < i + 13 and w.end > i]
    assert [w.text for w in pieces] == ["benefi", "ciaries"]  # two PDF words, one text word
    (box,) = page.rects_for(i, i + 13)
    assert box == pieces[0].rect.union(pieces[1].rect)


def test_page_number_lines_dropped_only_in_margins(tmp_path: Path) -> None:
    body = [(72, 100 + 14 * i, f"Running text line {i} of the page body.") for i in range(4)]
    table_cell = [(72, 300, "42")]
    footer = [(300, 760, "7")]
    header = [(300, 40, "iv")]
    path = write_lines_pdf(tmp_path / "pn.pdf", [footer + header + body + table_cell])
    text = read_pdf(path).page(1).text
    lines = text.splitlines()
    assert "7" not in lines and "iv" not in lines
    assert "42" in lines


def test_image_size_matches_pixmap(tmp_path: Path) -> None:
    path = write_lines_pdf(tmp_path / "a4.pdf", [[(72, 72, "text")]], size=(595.3, 841.9))
    page = read_pdf(path).page(1)
    with pymupdf.open(path) as doc:
        for zoom in (2.0, 1.0, 1.5):
            pix = doc[0].get_pixmap(matrix=pymupdf.Matrix(zoom, zoom))
            assert page.image_size(zoom) == (pix.width, pix.height)
    assert page.image_size() == (1191, 1684)


# --- case B30: symbol fonts ------------------------------------------------------------------


@pytest.fixture(scope="module")
def b30() -> dict:
    return load_cases("pdf")["B30"]


def _spans(case: dict, key: str) -> list[tuple[str, str]]:
    return [(s["text"], s["font"]) for s in case["input"][key]["spans"]]


def test_b30_tex_symbol_font_decoded(b30: dict, tmp_path: Path) -> None:
    path = write_spans_pdf(tmp_path / "tex.pdf", [_spans(b30, "case_tex_symbol_font")])
    page = read_pdf(path).page(1)
    assert page.text == b30["expected"]["case_tex_symbol_font"]["text"]
    assert page.suspect_spans == ()


def test_b30_real_fraction_in_text_font_kept(b30: dict, tmp_path: Path) -> None:
    path = write_spans_pdf(tmp_path / "frac.pdf", [_spans(b30, "control_real_fraction")])
    page = read_pdf(path).page(1)
    assert page.text == b30["expected"]["control_real_fraction"]["text"]
    assert page.suspect_spans == ()


def test_b30_unknown_symbol_font_is_flagged_not_rewritten(b30: dict, tmp_path: Path) -> None:
    path = write_spans_pdf(tmp_path / "unk.pdf", [_spans(b30, "case_unknown_symbol_font")])
    page = read_pdf(path).page(1)
    assert page.text == "a coefficient of 20.44 was estimated"
    i = page.text.index("20.44")
    assert page.suspect_spans == ((i, i + 1),)


def test_b30_flags_only_glyphs_touching_numbers(tmp_path: Path) -> None:
    lines = [
        [("the value ", "AdvTimes"), ("5", "AdvPS586B"), ("3 and", "AdvTimes")],
        [("see note ", "AdvTimes"), ("2", "AdvPS586B"), (" above", "AdvTimes")],
        [("the text 12 ", "AdvTimes"), ("x", "AdvPS586B")],
    ]
    path = write_spans_pdf(tmp_path / "few.pdf", lines)
    page = read_pdf(path).page(1)
    assert [page.text[s:e] for s, e in page.suspect_spans] == ["5"]
    assert page.text.splitlines()[0] == "the value 53 and"


@pytest.mark.parametrize(
    "name, page, want",
    [
        # the paper's result: "σ ¼ ð0.95 0.08ðstatÞ ..." as the glyphs came out
        ("t2k-numu-water-xsec-2018.pdf", 3, "σ = (0.95 0.08(stat) 0.06(det syst)"),
        ("cfp-t65s-2012.pdf", 3, "Im(t)\n(1)\n"),  # an equation's number
        ("ningaloo-decadal-linkage-2024.pdf", 4, "SST (T⁰)"),  # a table's row label
    ],
)
def test_brackets_of_an_unnamed_math_font_read_on_real_pages(
    name: str, page: int, want: str
) -> None:
    text = read_pdf(need(DATA / "papers-more" / name)).page(page).text
    assert want in text and "\u00f0" not in text and "\u00de" not in text


def test_b30_minus_variants_in_pdf(b30: dict, tmp_path: Path) -> None:
    case = b30["input"]["case_minus_variants"]
    path = write_lines_pdf(tmp_path / "minus.pdf", [[(72, 100, case["page_text"])]])
    text = read_pdf(path).page(1).text
    numbers = [float(x) for x in re.findall(r"-?\d+\.\d+", text)]
    assert numbers == b30["expected"]["case_minus_variants"]["numbers_in_page"]


# --- errors ----------------------------------------------------------------------------------


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nope.pdf"
    with pytest.raises(PDFError, match="not found") as err:
        read_pdf(path)
    assert err.value.path == str(path) and err.value.page is None
    with pytest.raises(PDFError):
        extract_plain_text(path)


@pytest.mark.parametrize("content", [b"hello, not a pdf\n", b"", b"\x89PNG\r\n\x1a\n" + b"0" * 64])
def test_not_a_pdf(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "fake.pdf"
    path.write_bytes(content)
    with pytest.raises(PDFError) as err:
        read_pdf(path)
    assert str(path) in str(err.value)


def test_encrypted(tmp_path: Path) -> None:
    path = write_encrypted_pdf(tmp_path / "locked.pdf")
    with pytest.raises(PDFError, match="password") as err:
        read_pdf(path)
    assert err.value.path == str(path)


def test_scanned_pdf_has_no_text(tmp_path: Path) -> None:
    path = write_scanned_pdf(tmp_path / "scan.pdf")
    with pytest.raises(PDFError, match="text layer") as err:
        read_pdf(path)
    assert str(path) in str(err.value)
    again = pickle.loads(pickle.dumps(err.value))  # errors cross worker pools
    assert again.path == err.value.path and str(again) == str(err.value)


def test_failing_page_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import grounding.pdf as reader

    path = write_lines_pdf(tmp_path / "two.pdf", [[(72, 100, "one")], [(72, 100, "two")]])
    real = reader._read_page

    def flaky(page: object, number: int, *rest: object) -> object:
        if number == 2:
            raise RuntimeError("code=2: broken content stream")
        return real(page, number, *rest)

    monkeypatch.setattr(reader, "_read_page", flaky)
    with pytest.raises(PDFError, match="broken content stream") as err:
        read_pdf(path)
    assert err.value.page == 2 and err.value.path == str(path)


def test_extract_plain_text_is_bare_get_text(tmp_path: Path) -> None:
    path = write_lines_pdf(tmp_path / "p.pdf", [[(72, 100, "eﬀect cor-"), (72, 114, "pus")]])
    with pymupdf.open(path) as doc:
        assert extract_plain_text(path) == [page.get_text() for page in doc]
    assert "ﬀ" in extract_plain_text(path)[0]  # the baseline keeps ligatures


def test_some_textless_pages_are_fine(tmp_path: Path) -> None:
    path = write_lines_pdf(tmp_path / "mixed.pdf", [[(72, 100, "Only page one has text.")], []])
    doc = read_pdf(path)
    assert [p.text for p in doc.pages] == ["Only page one has text.", ""]
    assert doc.page(2).words == () and doc.page(2).rects_for(0, 5) == ()
    assert doc.warnings == (
        "1 of 2 pages without a text layer (page 2): claims about them cannot be checked",
    )


def test_more_than_half_the_pages_without_text_is_refused(tmp_path: Path) -> None:
    path = write_lines_pdf(tmp_path / "mostly.pdf", [[(72, 100, "Only page one.")], [], []])
    with pytest.raises(PDFError, match="2 of 3 pages have no text layer"):
        read_pdf(path)


# --- truncated files (issue 13 item 6): a copy of a shared paper cut to its first bytes ---


def _truncated(tmp_path: Path, pid: str, share: float) -> Path:
    data = need(PAPERS / f"{pid}.pdf").read_bytes()
    out = tmp_path / f"{pid}-cut.pdf"
    out.write_bytes(data[: int(len(data) * share)])
    return out


def test_first_third_of_a_paper_is_refused_not_read_silently(tmp_path: Path) -> None:
    # MuPDF repairs the file: 13 pages, pages 1-7 without text -> more than half empty
    with pytest.raises(
        PDFError,
        match=r"7 of 13 pages have no text layer \(a damaged file "
        r"MuPDF repaired",
    ):
        read_pdf(_truncated(tmp_path, "specter-2020", 1 / 3))


def test_truncated_paper_read_with_warnings(tmp_path: Path) -> None:
    doc = read_pdf(_truncated(tmp_path, "s2orc-2020", 1 / 3))
    assert doc.warnings[0].startswith(
        "the PDF is damaged (truncated or corrupt) and MuPDF repaired it"
    )
    assert doc.warnings[1] == (
        "6 of 15 pages without a text layer (pages 1-6): claims about them cannot be checked"
    )
    assert all(not doc.page(n).text for n in range(1, 7)) and doc.page(7).text


def test_a_file_cut_before_its_pages_says_it_is_damaged(tmp_path: Path) -> None:
    with pytest.raises(PDFError, match="no pages .a damaged file"):
        read_pdf(_truncated(tmp_path, "legwork-2022", 1 / 2))


@pytest.mark.parametrize("pid", ["specter-2020", "s2orc-2020", "vespa-2017"])
def test_whole_papers_have_no_warnings(pid: str) -> None:
    assert read_pdf(need(PAPERS / f"{pid}.pdf")).warnings == ()


def test_page_lookup(tmp_path: Path) -> None:
    doc = read_pdf(write_lines_pdf(tmp_path / "p.pdf", [[(72, 100, "a")], [(72, 100, "b")]]))
    assert doc.page(2).text == "b" and doc.page(2).number == 2
    for bad in (0, 3, -1):
        with pytest.raises(InputError):
            doc.page(bad)


def test_hand_built_page_works() -> None:
    # judges and evidence tests build pages by hand; rects_for must work on them too
    r1, r2 = Rect(0, 0, 10, 10), Rect(12, 0, 20, 10)
    page = Page(1, 100, 100, "ab cd", (Word("ab", r1, 0, 2), Word("cd", r2, 3, 5)))
    assert page.rects_for(0, 5) == (r1.union(r2),)
    r3 = Rect(0, 20, 10, 30)  # no line numbers given: a box lower down starts a new piece
    page = Page(
        1, 100, 100, "ab cd ef", (Word("ab", r1, 0, 2), Word("cd", r2, 3, 5), Word("ef", r3, 6, 8))
    )
    assert page.rects_for(1, 8) == (Rect(5, 0, 20, 10), r3)


def test_document_pickles(hyphen_page: Page) -> None:
    doc = Document("x.pdf", (hyphen_page,))
    again = pickle.loads(pickle.dumps(doc))
    assert again == doc
    i = again.page(1).text.index("corpus")
    assert again.page(1).rects_for(i, i + 6) == hyphen_page.rects_for(i, i + 6)


# --- real papers -----------------------------------------------------------------------------

PAPER_IDS = [
    "deepseek-r1-2025",
    "lavis-2022",
    "legwork-2022",
    "s2orc-2020",
    "specter-2020",
    "vespa-2017",
]


@pytest.fixture(scope="module")
def papers() -> dict[str, Document]:
    need(PAPERS / "index.json")
    return {pid: read_pdf(need(PAPERS / f"{pid}.pdf")) for pid in PAPER_IDS}


@pytest.fixture(scope="module")
def index() -> dict[str, dict]:
    data = json.loads(need(PAPERS / "index.json").read_text(encoding="utf-8"))
    return {p["short_id"]: p for p in data["papers"]}


@pytest.mark.parametrize("pid", PAPER_IDS)
def test_real_every_page_has_text(papers: dict[str, Document], index: dict, pid: str) -> None:
    doc = papers[pid]
    info = index[pid]
    assert len(doc.pages) == info["pages"]
    for page in doc.pages:
        assert len(page.text) >= 200, (pid, page.number)
        assert len(page.words) >= 40, (pid, page.number)
        assert not re.search("[\ufb00-\ufb06\u00ad\u2212]", page.text), (pid, page.number)
        # rotated (landscape) pages report the displayed size
        size = sorted((page.width, page.height))
        assert size == pytest.approx(sorted(info["page_size_pt"]), abs=0.2)
        for w in page.words[::10]:
            assert -1 <= w.rect.x0 <= w.rect.x1 <= page.width + 1, (pid, page.number, w)
            assert -1 <= w.rect.y0 <= w.rect.y1 <= page.height + 1, (pid, page.number, w)
        assert page.suspect_spans == ()  # no unknown symbol fonts in these papers


@pytest.mark.parametrize(
    "pid, page, joined",
    [
        ("s2orc-2020", 2, "limitations"),
        ("s2orc-2020", 3, "metadata"),
        ("s2orc-2020", 3, "necessary"),
        ("s2orc-2020", 4, "prioritize"),
        ("legwork-2022", 2, "redundancy"),
        ("legwork-2022", 4, "optimisations"),
        ("lavis-2022", 2, "facilitate"),
        ("lavis-2022", 3, "understanding"),
    ],
)
def test_real_hyphenations_joined(
    papers: dict[str, Document], pid: str, page: int, joined: str
) -> None:
    pg = papers[pid].page(page)
    i = pg.text.find(joined)
    assert i >= 0, joined
    words = [w for w in pg.words if w.start < i + len(joined) and w.end > i]
    rects = pg.rects_for(i, i + len(joined))
    assert len(words) >= 1 and 1 <= len(rects) <= 2


def test_real_line_end_hyphen_of_known_compound_kept(papers: dict[str, Document]) -> None:
    # s2orc p.3 breaks 'non-paper' at a line end; it occurs unbroken elsewhere in the paper
    assert "non-\npaper" in extract_plain_text(papers["s2orc-2020"].path)[2]
    text = papers["s2orc-2020"].page(3).text
    assert "non-paper" in text and "nonpaper" not in text


def test_real_hyphenated_word_boxes_on_both_lines(papers: dict[str, Document]) -> None:
    # s2orc p.3: 'cor-' ends a line and 'pus' starts the next; both halves get their box
    pg = papers["s2orc-2020"].page(3)
    with pymupdf.open(papers["s2orc-2020"].path) as doc:
        raw = doc[2].get_text()
        assert "cor-\npus" in raw
        hits_cor = [w[:4] for w in doc[2].get_text("words") if w[4] == "cor-"]
    found = False
    for m in re.finditer("corpus", pg.text):
        halves = [w for w in pg.words if w.start < m.end() and w.end > m.start()]
        if len(halves) == 2:
            found = True
            rects = pg.rects_for(m.start(), m.end())
            assert len(rects) == 2 and rects[0].y1 <= rects[1].y0 + 2
            assert any(rects[0].contains(Rect(*h), tol=0.5) for h in hits_cor)
    assert found


@pytest.mark.parametrize(
    "pid, page, phrase",
    [
        ("s2orc-2020", 1, "The Semantic Scholar Open Research Corpus"),
        ("specter-2020", 1, "Document-level Representation Learning"),
        ("lavis-2022", 1, "A Library for Language-Vision Intelligence"),
        ("deepseek-r1-2025", 1, "Incentivizing Reasoning Capability"),
        ("legwork-2022", 1, "gravitational"),
        ("vespa-2017", 1, "Selective Pressure Analyses"),
    ],
)
def test_real_rects_for_contains_quoted_words(
    papers: dict[str, Document], pid: str, page: int, phrase: str
) -> None:
    pg = papers[pid].page(page)
    i = pg.text.find(phrase)
    assert i >= 0
    rects = pg.rects_for(i, i + len(phrase))
    assert rects
    for r in rects:
        assert 0 <= r.x0 <= r.x1 <= pg.width and 0 <= r.y0 <= r.y1 <= pg.height
    with pymupdf.open(papers[pid].path) as doc:
        for token in phrase.split():
            hits = [Rect(*h) for h in doc[page - 1].search_for(token)]
            assert any(r.contains(h, tol=1.5) for r in rects for h in hits), token


@pytest.mark.parametrize("pid", ["s2orc-2020", "lavis-2022"])
def test_real_reading_order_agrees_with_correct_stream_order(
    papers: dict[str, Document], pid: str
) -> None:
    # index.json: in these two-column papers MuPDF's stream order is already right, so the
    # column logic must not reorder their body text (tables and headers may move a little)
    from rapidfuzz import fuzz

    from grounding.normalize import normalize_text

    doc = papers[pid]
    for page, plain in zip(doc.pages, extract_plain_text(doc.path)):
        a = " ".join(normalize_text(plain).text.split())
        b = " ".join(page.text.split())
        assert fuzz.ratio(a, b) >= 90, (pid, page.number)


def test_real_page_number_first_line_dropped(papers: dict[str, Document]) -> None:
    # index.json: 'The page number is the first text line of pages 2-15' of s2orc (4969-4983)
    doc = papers["s2orc-2020"]
    for page in doc.pages[1:]:
        number = str(4968 + page.number)
        assert number not in page.text.splitlines(), page.number
    assert extract_plain_text(doc.path)[1].splitlines()[0].strip() == "4970"  # bare text has it


def test_real_image_size_matches_pixmap(papers: dict[str, Document]) -> None:
    for pid in ("s2orc-2020", "lavis-2022"):
        with pymupdf.open(papers[pid].path) as doc:
            pix = doc[0].get_pixmap(matrix=pymupdf.Matrix(2, 2))
        assert papers[pid].page(1).image_size(2.0) == (pix.width, pix.height)


# --- line-end hyphens in a PDF: wrapped words and real hyphens --------------------------------


def test_line_end_hyphens_in_a_pdf(tmp_path: Path) -> None:
    pairs = [
        ("the cor-", "pus was read"),
        ("a 2-", "methylpropane unit"),
        ("the N-", "acetyl group"),
        ("it is cost-", "effective here"),
        ("pages 12-", "15 of it"),
        ("a well-", "known result"),
        ("our meth-", "ods work"),
    ]
    lines = []
    y = 80.0
    for a, b in pairs:
        lines += [(72.0, y, a), (72.0, y + 14, b)]
        y += 34
    lines.append((72.0, y, "The cost of methods is known; well made, effective tools."))
    doc = read_pdf(write_lines_pdf(tmp_path / "hyph.pdf", [lines]))
    text = doc.pages[0].text
    for want in (
        "the corpus was",
        "a 2-methylpropane",
        "the N-acetyl",
        "cost-effective",
        "pages 12-15",
        "well-known",
        "our methods work",
    ):
        assert want in text, (want, text)
    # every word still maps to its characters
    page = doc.pages[0]
    assert all(page.text[w.start : w.end] == w.text for w in page.words)


# --- fake-bold overprint, words without spaces, margin line numbers ---------------------------


@pytest.mark.parametrize("offset", [(0.3, 0.0), (0.25, 0.25), (0.0, 0.3), (0.5, 0.1)])
def test_overprinted_line_is_read_once(tmp_path: Path, offset: tuple[float, float]) -> None:
    dx, dy = offset
    runs = [
        (72, 100, "Table 1: Results of the trial", 11),
        (72 + dx, 100 + dy, "Table 1: Results of the trial", 11),
        (72, 130, "Bold words drawn twice", 11),
    ]
    x = 72.0
    for w in ("Each", "word", "twice"):  # word by word
        runs += [(x, 160, w, 11), (x + dx, 160 + dy, w, 11)]
        x += text_width(w + " ", 11)
    text = read_pdf(write_runs_pdf(tmp_path / "bold.pdf", runs)).pages[0].text
    assert text.count("Table 1: Results of the trial") == 1
    assert " ".join(text.split()).endswith("Each word twice"), text


def test_repeated_text_that_is_not_overprint_stays(tmp_path: Path) -> None:
    runs = [
        (72, 100, "the value 5 and 5 again", 11),
        (72, 114, "the value 5 and 5 again", 11),  # the next line: a real repeat
        (300, 100, "the value", 11),  # same words further right
        (72, 140, "x", 11),
        (75, 140, "x", 11),
    ]  # 3 pt apart: two letters
    text = read_pdf(write_runs_pdf(tmp_path / "repeat.pdf", runs)).pages[0].text
    assert text.count("the value 5 and 5 again") == 2
    assert text.count("the value") == 3
    assert text.count("x") == 2


def test_words_placed_by_coordinates_are_separated(tmp_path: Path) -> None:
    runs = []
    for y, words in ((100, ["placed", "by", "coordinates"]), (130, ["no", "space", "chars"])):
        x = 72.0
        for w in words:
            for c in w:  # one glyph at a time, no space glyph
                runs.append((x, y, c, 11))
                x += text_width(c, 11)
            x += 2.5
    text = read_pdf(write_runs_pdf(tmp_path / "coords.pdf", runs)).pages[0].text
    assert "placed by coordinates" in text and "no space chars" in text


@pytest.mark.parametrize("side", ["left", "right"])
def test_margin_line_numbers_are_dropped(tmp_path: Path, side: str) -> None:
    runs = []
    for k in range(12):
        y = 100 + 14 * k
        runs.append((72, y, f"Body line {k} of the preprint, with 12 cells and 3 runs.", 11))
        runs.append((40 if side == "left" else 460, y, str(101 + k), 7))
    page = read_pdf(write_runs_pdf(tmp_path / "lineno.pdf", runs)).pages[0]
    assert not re.search(r"(?m)^1\d\d$", page.text), page.text
    assert "with 12 cells and 3 runs." in page.text
    assert page.text.count("Body line") == 12


def test_numbers_that_are_not_line_numbers_stay(tmp_path: Path) -> None:
    runs = [(72, 80, "Table 2: counts per site", 11)]
    for k, v in enumerate([12, 40, 7, 33, 9, 25]):  # a table column: not rising
        runs += [(72, 100 + 14 * k, f"Site {k}", 11), (200, 100 + 14 * k, str(v), 11)]
    for k in range(6):  # rising, but beside other text
        runs += [(300, 100 + 14 * k, str(k + 1), 11), (330, 100 + 14 * k, "row", 11)]
    text = read_pdf(write_runs_pdf(tmp_path / "table.pdf", runs)).pages[0].text
    for v in ("12", "40", "7", "33", "9", "25"):
        assert re.search(rf"(?m)\b{v}\b", text), (v, text)
    for k in range(1, 7):
        assert re.search(rf"(?m)^{k}$|\b{k} row", text), (k, text)


# --- superscripts: exponents, citation numbers, charges ---------------------------------------


def _runs_with_raised(
    y: float, parts: list[tuple[str, str]]
) -> list[tuple[float, float, str, float]]:
    """Runs of one line: ('n', text) at 11 pt, ('^', text) raised 4 pt at 7 pt, ('_', text)
    lowered 2 pt at 7 pt."""
    runs = []
    x = 72.0
    for kind, t in parts:
        size = 11 if kind == "n" else 7
        dy = {"n": 0, "^": -4, "_": 2}[kind]
        runs.append((x, y + dy, t, size))
        x += text_width(t, size)
    return runs


@pytest.mark.parametrize(
    ("parts", "want", "never"),
    [
        (
            [
                ("n", "a density of 2.4 \u00d7 10"),
                ("^", "12"),
                ("n", " m"),
                ("^", "\u22122"),
                ("n", " was seen"),
            ],
            "2.4 \u00d7 10\u00b9\u00b2 m\u207b\u00b2 was seen",
            "1012",
        ),
        (
            [("n", "about 10"), ("^", "15"), ("n", " photons per s")],
            "about 10\u00b9\u2075 photons",
            "1015",
        ),
        (
            [
                ("n", "a flux of 3 W cm"),
                ("^", "\u22122"),
                ("n", " s"),
                ("^", "\u22121"),
                ("n", " here"),
            ],
            "3 W cm\u207b\u00b2 s\u207b\u00b9 here",
            "cm-2",
        ),
        ([("n", "an area of 33 cm"), ("^", "2"), ("n", ", which")], "33 cm\u00b2, which", "cm2"),
        # citation numbers are not part of the word or number before them
        (
            [("n", "found in cells,"), ("^", "12\u201314"), ("n", " and more")],
            "found in cells, and more",
            "cells,12",
        ),
        (
            [
                ("n", "as shown"),
                ("^", "3"),
                ("n", ". Next, 40 samples"),
                ("^", "4,5"),
                ("n", " were run"),
            ],
            "as shown. Next, 40 samples were run",
            "samples4",
        ),
        (
            [("n", "(Sinha et al., 2015)"), ("^", "8"), ("n", ". MAG")],
            "(Sinha et al., 2015). MAG",
            "2015)8",
        ),
    ],
)
def test_superscript_kinds(
    tmp_path: Path, parts: list[tuple[str, str]], want: str, never: str
) -> None:
    page = read_pdf(write_runs_pdf(tmp_path / "sup.pdf", _runs_with_raised(100, parts))).pages[0]
    assert want in page.text and never not in page.text, page.text
    assert all(page.text[w.start : w.end] == w.text for w in page.words)


@pytest.mark.parametrize(
    ("parts", "want"),
    [
        (
            [("n", "the Ca"), ("^", "2+"), ("n", " and Fe"), ("^", "3+"), ("n", " ions")],
            "the Ca2+ and Fe3+ ions",
        ),  # charges stay
        (
            [("n", "water, H"), ("_", "2"), ("n", "O, and CO"), ("_", "2"), ("n", " gas")],
            "water, H2O, and CO2 gas",
        ),  # subscripts stay
        ([("n", "on NLVR"), ("^", "2"), ("n", " and COCO")], "on NLVR2 and COCO"),  # a name's own
        ([("n", "the 21"), ("^", "st"), ("n", " century")], "the 21st century"),
        ([("n", "plain 1012 and 2,500 stay")], "plain 1012 and 2,500 stay"),
    ],
)
def test_superscripts_that_stay(tmp_path: Path, parts: list[tuple[str, str]], want: str) -> None:
    page = read_pdf(write_runs_pdf(tmp_path / "sup.pdf", _runs_with_raised(100, parts))).pages[0]
    assert want in page.text, page.text


@pytest.mark.parametrize(
    "line",
    [
        "5.2 \u00b1 0.3 mm at 37 \u00b0C",
        "3 \u00d7 4 and 5 \u00b5m",
        "a \u2264 b \u2265 c and \u03b1 \u2248 \u221e",
        "the slope was \u22120.42 \u00b1 0.01",
    ],
)
def test_symbols_are_never_control_characters(tmp_path: Path, line: str) -> None:
    text = read_pdf(write_runs_pdf(tmp_path / "sym.pdf", [(72, 100, line, 11)])).pages[0].text
    assert not re.search(r"[\x00-\x09\x0b-\x1f\x7f]", text)
    assert text == line.replace("\u2212", "-")


@pytest.mark.parametrize(
    "pid",
    [
        # a TeX math-symbol font whose bracket glyphs PyMuPDF reports as '\x8a' (page 3)
        "papers-more/humins-levulinic-acid-2025",
        "papers-more/cfp-t65s-2012",
        "papers-more/imidazole-corrosion-2021",
        "papers/legwork-2022",
    ],
)
def test_real_pages_hold_no_control_characters(pid: str) -> None:
    doc = read_pdf(need(DATA / f"{pid}.pdf"))
    for page in doc.pages:
        assert not re.search(r"[\x00-\x09\x0b-\x1f\x7f-\x9f]", page.text), page.number


# -- rotated pages: word boxes mapped by arithmetic (grounding.pdf._rotated) must equal
# PyMuPDF's own mapping (Rect * Matrix, MuPDF's fz_transform_rect in single precision)


def _pymupdf_mapped(words: list[tuple], mat: tuple[float, ...]) -> list[tuple]:
    return [(*tuple(pymupdf.Rect(w[:4]) * pymupdf.Matrix(mat)), *w[4:]) for w in words]


def _quarter_turns(width: float, height: float) -> list[tuple[float, ...]]:
    """The matrices a page's /Rotate gives (0, 90, 180, 270: rotate, then move the page
    back to the origin), and two mirrored ones."""
    out = []
    for deg in (0, 90, 180, 270):
        m = pymupdf.Matrix(deg)
        r = pymupdf.Rect(0, 0, width, height) * m
        out.append(tuple(m * pymupdf.Matrix(1, 0, 0, 1, -r.x0, -r.y0)))
    out += [(-1.0, 0.0, 0.0, 1.0, width, 0.0), (0.0, -1.0, -1.0, 0.0, height, width)]
    return out


@pytest.mark.parametrize("pid", ["vespa-2017", "s2orc-2020", "lavis-2022"])
def test_rotated_word_boxes_equal_pymupdf_mapping_on_real_pages(pid: str) -> None:
    from grounding.pdf import _FLAGS, _rotated

    doc = pymupdf.open(need(PAPERS / f"{pid}.pdf"))
    compared = 0
    for page in doc:
        words = page.get_textpage(flags=_FLAGS).extractWORDS()
        mats = _quarter_turns(page.mediabox.width, page.mediabox.height)
        if page.rotation:
            mats.append(tuple(page.rotation_matrix))
        for mat in mats:
            assert repr(_rotated(words, mat)) == repr(_pymupdf_mapped(words, mat)), (
                pid,
                page.number,
                mat,
            )
            compared += len(words)
    assert compared > 1000


@pytest.mark.parametrize(
    "boxes, mat",
    [
        ([], (0.0, 1.0, -1.0, 0.0, 792.0, 0.0)),  # no words
        ([(0.0, -0.0, 12.5, 3.0)], (0.0, 1.0, -1.0, 0.0, 792.0, 0.0)),  # signed zeros
        ([(30.0, 40.0, 10.0, 20.0)], (-1.0, 0.0, 0.0, -1.0, 612.0, 792.0)),  # an inverted box
        ([(-20.5, 7.25, -3.0, 9.0)], (0.0, -1.0, 1.0, 0.0, 0.0, 612.0)),  # off the page
        ([(1e-5, 2.0, 3.0, 4.0)], (0.0, 1.0, -1.0, 0.0, 792.0, 0.0)),  # tiny: PyMuPDF maps it
        ([(1e7, 2.0, 3.0, 4.0)], (0.0, 1.0, -1.0, 0.0, 792.0, 0.0)),  # huge: PyMuPDF maps it
        ([(10.0, 20.0, 30.0, 40.0)], (0.5, 0.0, 0.0, 0.5, 0.0, 0.0)),  # a scale: PyMuPDF
        ([(10.0, 20.0, 30.0, 40.0)], (0.0, 1.0, -1.0, 0.0, 1e-6, 0.0)),  # a tiny shift
    ],
)
def test_rotated_word_boxes_equal_pymupdf_mapping_on_edge_boxes(
    boxes: list[tuple[float, ...]], mat: tuple[float, ...]
) -> None:
    from grounding.pdf import _rotated

    f32 = [tuple(float(pymupdf.Rect(b)[i]) for i in range(4)) for b in boxes]  # as MuPDF's
    words = [(*b, f"w{k}", 0, 0, k) for k, b in enumerate(f32)]
    assert repr(_rotated(words, mat)) == repr(_pymupdf_mapped(words, mat))


@pytest.mark.parametrize("rotate", [90, 180, 270])
def test_read_pdf_maps_a_rotated_page_as_pymupdf_does(tmp_path: Path, rotate: int) -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for k in range(6):
        page.insert_text((72, 100 + 30 * k), f"Row {k} of a landscape table: 12.{k} and 3{k}.5")
    page.set_rotation(rotate)
    path = tmp_path / f"rot{rotate}.pdf"
    doc.save(path)
    from grounding.pdf import _FLAGS

    src = pymupdf.open(path)[0]
    want = sorted(
        tuple(w[:4])
        for w in _pymupdf_mapped(
            src.get_textpage(flags=_FLAGS).extractWORDS(), tuple(src.rotation_matrix)
        )
    )
    got = read_pdf(path).pages[0]
    assert sorted((w.rect.x0, w.rect.y0, w.rect.x1, w.rect.y1) for w in got.words) == want
    assert "landscape table" in got.text
