"""End to end: check() on real PDFs and real dev answers."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest

from annotations.errors import InputError
from annotations.jsonl import dump_row, parse_row, read_rows
from annotations.schema import Label, PropagationType, QAPair
from grounding.check import check, merge_line_rects
from grounding.errors import PDFError
from grounding.evidence import EvidenceIndex
from grounding.pdf import read_pdf
from grounding.types import GOLD_ZOOM, Rect
from tests.conftest import DATA, DEV, ROOT, need

EXAMPLE = ROOT / "examples" / "specter"


@pytest.fixture(scope="module")
def specter():
    doc = read_pdf(need(DATA / "papers" / "specter-2020.pdf"))
    return doc, EvidenceIndex.build(doc)


def test_example_answer_end_to_end() -> None:
    question = (EXAMPLE / "question.txt").read_text(encoding="utf-8")
    answer = (EXAMPLE / "answer.txt").read_text(encoding="utf-8")
    report = check(question, answer, EXAMPLE / "paper.pdf")
    # offsets tile the answer
    for cs in report.sentences:
        assert answer[cs.sentence.start:cs.sentence.end] == cs.sentence.text
    row = report.to_row()
    assert parse_row(dump_row(row)) == row
    labels = [a.label for a in report.annotations]
    assert labels[0] is Label.NOT_A_CLAIM  # "Here is what ... shows."
    by_text = {a.sentence: a for a in report.annotations}
    wrong = next(a for t, a in by_text.items() if "hard negatives" in t)
    assert wrong.label is Label.CONTRADICTION
    assert any(e.span == "76.4" and e.correction == "78.4" for e in wrong.errors)
    gpus = next(a for t, a in by_text.items() if "V100" in t)
    assert gpus.label is Label.NEI and not gpus.boxes
    assert nx_is_dag(report)


def nx_is_dag(report) -> bool:
    import networkx as nx

    return nx.is_directed_acyclic_graph(report.graph)


def test_evidence_boxes_lie_on_the_page_and_cover_the_words(specter) -> None:
    doc, index = specter
    report = check("", "SPECTER reaches 91.5 nDCG on Co-View and 92.4 nDCG on Co-Read.", doc, index=index)
    a = report.annotations[0]
    assert a.label is Label.SUPPORTED
    assert a.boxes, "a supported sentence carries evidence boxes"
    for box in a.boxes:
        page = doc.page(box.page_id)
        w, h = page.image_size(GOLD_ZOOM)
        assert tuple(box.img_size) == (w, h)
        x0, y0, x1, y1 = box.coords
        assert 0 <= x0 < x1 <= w and 0 <= y0 < y1 <= h
    ev = report.sentences[0].judgement.evidence
    assert ev and ev[0].page == 7
    # the quoted number's word boxes lie inside the evidence boxes of that page
    page7 = doc.page(7)
    words = [wd for wd in page7.words if wd.text == "91.5"]
    assert words
    boxes = [Rect(*[c / GOLD_ZOOM for c in b.coords]) for b in a.boxes if b.page_id == 7]
    assert any(b.contains(wd.rect, tol=1.0) for b in boxes for wd in words)


def test_empty_answer_is_an_input_error(specter) -> None:
    doc, index = specter
    for answer in ("", "   \n\t"):
        with pytest.raises(InputError):
            check("q", answer, doc, index=index)


def test_missing_pdf_is_a_pdf_error(tmp_path: Path) -> None:
    with pytest.raises(PDFError) as info:
        check("q", "A claim.", tmp_path / "nope.pdf")
    assert "nope.pdf" in str(info.value)
    err = pickle.loads(pickle.dumps(info.value))
    assert err.path == info.value.path and str(err) == str(info.value)


def test_merge_line_rects_keeps_columns_apart() -> None:
    left = [Rect(70, 100, 290, 110), Rect(70, 112, 290, 122)]
    right = [Rect(305, 100, 525, 110)]
    merged = merge_line_rects(left + right)
    assert merged == [Rect(70, 100, 290, 122), Rect(305, 100, 525, 110)]


@pytest.mark.parametrize("row_file", sorted(DEV.glob("*[0-9].jsonl")) if DEV.is_dir() else [],
                         ids=lambda p: p.stem)
def test_every_dev_row_checks_and_validates(row_file: Path) -> None:
    rows = read_rows(row_file)
    doc = read_pdf(DATA / rows[0].paper_pdf_path)
    index = EvidenceIndex.build(doc)
    for row in rows:
        report = check(row.question_text, row.answer_raw, doc, index=index, paper_id=row.paper_id)
        out = report.to_row(base=row)
        again = QAPair.model_validate_json(json.dumps(out.model_dump(mode="json", by_alias=True)))
        assert again == out
        ids = [f"S{i + 1}" for i in range(len(out.annotations))]
        for a, sid in zip(out.annotations, ids):
            assert all(d in ids and ids.index(d) < ids.index(sid) for d in a.depends_on)
            if a.label in (Label.NEI, Label.NOT_A_CLAIM):
                assert not a.boxes
            if a.label is Label.NOT_A_CLAIM:
                assert a.role is None and not a.depends_on
            assert all(e.span in a.sentence for e in a.errors)
            assert (a.propagation_type is PropagationType.NONE) == (not any(
                out.annotations[ids.index(d)].label in (Label.CONTRADICTION, Label.NEI)
                for d in a.depends_on))
