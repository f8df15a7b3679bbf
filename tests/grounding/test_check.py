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
        assert answer[cs.sentence.start : cs.sentence.end] == cs.sentence.text
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
    # the example's one wrong number and one invented detail, and nothing else: the labels
    # README shows ("supported 4, contradiction 1, nei 2, not_a_claim 1")
    assert [a.label.value for a in report.annotations] == [
        "not_a_claim",
        "supported",
        "supported",
        "supported",
        "contradiction",
        "supported",
        "nei",
        "nei",
    ]


def test_the_manual_shows_the_example_spans_the_checker_prints() -> None:
    # the text output quoted in README.md and the check guide: each sentence line and each
    # error-span line shown under it must be what the checker prints for that sentence
    import io
    import re

    from grounding.textout import print_report_text

    question = (EXAMPLE / "question.txt").read_text(encoding="utf-8")
    answer = (EXAMPLE / "answer.txt").read_text(encoding="utf-8")
    buf = io.StringIO()
    print_report_text(check(question, answer, EXAMPLE / "paper.pdf"), buf, color=False)
    printed = buf.getvalue()
    head = re.compile(r"^  (S\d+) \[")
    span = re.compile(r"^ {7}[CN][1-4]: ")

    def spans_by_sentence(text: str) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        current = None
        for line in text.splitlines():
            m = head.match(line)
            if m:
                current = m.group(1)
                out[current] = []
            elif current and span.match(line):
                out[current].append(line.strip())
        return out

    real = spans_by_sentence(printed)
    assert real["S5"] and real["S8"]
    for page in (ROOT / "README.md", ROOT / "docs" / "guide" / "check.md"):
        text = page.read_text(encoding="utf-8")
        block = text[text.index("  S1 [not a claim] Here is what") :]
        block = block[: block.index("```")]
        shown = spans_by_sentence(block)
        assert {"S5", "S7", "S8"} <= set(shown), page
        for sid, lines in shown.items():
            assert lines == real[sid], (page.name, sid)


def nx_is_dag(report) -> bool:
    import networkx as nx

    return nx.is_directed_acyclic_graph(report.graph)


def test_evidence_boxes_lie_on_the_page_and_cover_the_words(specter) -> None:
    doc, index = specter
    report = check(
        "", "SPECTER reaches 91.5 nDCG on Co-View and 92.4 nDCG on Co-Read.", doc, index=index
    )
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
    for answer in ("", "   \n\t", "\u200b", "\u00a0\u200b\ufeff", "...", "- * -"):
        with pytest.raises(InputError, match="no letter or digit"):
            check("q", answer, doc, index=index)


def test_a_short_answer_with_a_word_or_number_is_checked(specter) -> None:
    doc, index = specter
    for answer in ("Yes.", "91.7%", "\u200bSPECTER\u200b."):
        assert len(check("q", answer, doc, index=index).sentences) == 1


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


@pytest.mark.parametrize(
    "row_file", sorted(DEV.glob("*[0-9].jsonl")) if DEV.is_dir() else [], ids=lambda p: p.stem
)
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
            assert (a.propagation_type is PropagationType.NONE) == (
                not any(
                    out.annotations[ids.index(d)].label in (Label.CONTRADICTION, Label.NEI)
                    for d in a.depends_on
                )
            )


def test_cited_references_are_verified_beside_the_sentences_citing_them(tmp_path: Path) -> None:
    """specter-2020__q02 cites four works; the index holds the true records of the three
    real ones (from the dev citations file), so: two verified, the one cited with the wrong
    venue corrupted (venue, with the corrected reference), and the invented one not found."""
    from citations.runner import VerifierOptions
    from citations.sources.local import LocalIndex

    rows = {r.qa_pair_id: r for r in read_rows(need(DEV / "specter-2020.jsonl"))}
    row = rows["specter-2020__q02"]
    gold = [
        json.loads(line)
        for line in (DEV / "specter-2020.citations.jsonl").read_text().splitlines()
        if line.strip() and json.loads(line)["qa_pair_id"] == row.qa_pair_id
    ]
    records = tmp_path / "records.jsonl"
    records.write_text(
        "".join(json.dumps(g["true_record"]) + "\n" for g in gold if g["true_record"])
    )
    db = tmp_path / "index.sqlite"
    LocalIndex(db).add_file(records)
    doc = read_pdf(DATA / row.paper_pdf_path)

    report = check(row.question_text, row.answer_raw, doc, sources=VerifierOptions(db=db))
    assert len(report.references) == len(gold) == 4
    by_marker = {g["marker"].split(",")[0].split()[0]: g for g in gold}
    for ref in report.references:
        g = by_marker[ref.reference.authors[0].family]
        expected = {
            "EXISTS_CORRECT": "verified",
            "EXISTS_CORRUPTED": "corrupted",
            "FABRICATED": "unverified",
        }[g["class"]]  # the index is not exhaustive
        assert ref.verdict.value == expected, ref.reference.raw
        if expected == "corrupted":
            assert [f.value for f in ref.differing] == ["venue"] and g["sub_label"] == "journal"
            assert g["true_record"]["venue"] in (ref.corrected or "")
        assert ref.sentence_ids, "each reference is tied to the sentences citing it"
        for sid in ref.sentence_ids:
            assert ref in report.references_of(sid)
    zhang = next(r for r in report.references if r.reference.authors[0].family == "Zhang")
    assert any(
        "Zhang et al., 2019" in report.sentences[int(s[1:]) - 1].sentence.text
        for s in zhang.sentence_ids
    )


def test_no_index_and_no_sources_means_could_not_check(tmp_path: Path) -> None:
    from citations.runner import VerifierOptions

    answer = "SciBERT helps (Beltagy et al., 2019).\n\nReferences\n- Beltagy, I., Lo, K., and Cohan, A. (2019). SciBERT: A pretrained language model for scientific text. In EMNLP."
    report = check(
        "", answer, EXAMPLE / "paper.pdf", sources=VerifierOptions(db=tmp_path / "absent.sqlite")
    )
    assert [r.verdict.value for r in report.references] == ["unverified"]
    assert "could not check" in report.references[0].reason
    assert not (tmp_path / "absent.sqlite").exists()


def test_a_given_index_is_the_one_the_judge_searches(
    specter, monkeypatch: pytest.MonkeyPatch
) -> None:
    # check(..., index=...) must not make the rules judge build a second index of the paper
    doc = read_pdf(specter[0].path)  # a Document no earlier check has seen
    index = EvidenceIndex.build(doc)
    built: list[object] = []
    real = EvidenceIndex.build.__func__  # type: ignore[attr-defined]
    monkeypatch.setattr(
        EvidenceIndex, "build", classmethod(lambda cls, d: built.append(d) or real(cls, d))
    )
    answer = (ROOT / "examples" / "specter" / "answer.txt").read_text(encoding="utf-8")
    report = check("q", answer, doc, index=index, verify_citations=False)
    assert built == [] and report.sentences
    assert report.annotations == check("q", answer, doc, verify_citations=False).annotations


def test_markdown_headings_are_not_claims(specter) -> None:
    doc, index = specter
    report = check(
        "q",
        "## Summary of Table 2\nSPECTER reaches 80.0 on average.",
        doc,
        index=index,
        verify_citations=False,
    )
    assert [a.label for a in report.annotations] == [Label.NOT_A_CLAIM, Label.SUPPORTED]
    assert report.annotations[0].boxes == () and report.annotations[0].role is None


def test_chat_answer_forms_that_assert_nothing_are_not_claims(specter) -> None:
    # a table's header row, a restated question (one naming a table number) and a
    # rhetorical question are not claims; the table's value rows and the answer's
    # statements are judged as before
    doc, index = specter
    question = "According to Table 2, how do the metadata fields affect SPECTER?"
    answer = (
        f"{question}\n\n| Variant | Avg |\n|---|---|\n| + author | 67.3 |\n"
        "| No hard negatives | 76.4 |\n\nDoes removing the abstract hurt? "
        "Removing the abstract lowers the average to 68.1."
    )
    report = check(question, answer, doc, index=index, verify_citations=False)
    got = [(a.sentence, a.label) for a in report.annotations]
    assert got == [
        (question, Label.NOT_A_CLAIM),
        ("| Variant | Avg |", Label.NOT_A_CLAIM),
        ("| + author | 67.3 |", Label.SUPPORTED),
        ("| No hard negatives | 76.4 |", Label.CONTRADICTION),
        ("Does removing the abstract hurt?", Label.NOT_A_CLAIM),
        ("Removing the abstract lowers the average to 68.1.", Label.SUPPORTED),
    ]
    assert [a.rationale for a in report.annotations if a.label is Label.NOT_A_CLAIM] == [
        "Not a claim: a question.",
        "Not a claim: the header row of a markdown table.",
        "Not a claim: a question.",
    ]
    assert all(
        a.role is None and not a.boxes for a in report.annotations if a.label is Label.NOT_A_CLAIM
    )


def test_table_header_and_question_on_a_publisher_typeset_paper() -> None:
    doc = read_pdf(need(DATA / "papers-more" / "imidazole-corrosion-2021.pdf"))
    answer = (
        "| Imidazole (ppm) | IE (%) |\n| :--- | ---: |\n| 500 | 91.7 |\n\n"
        "Why does the efficiency drop at 1000 ppm?\n"
        "The inhibition efficiency of imidazole reached 91.7% at 500 ppm."
    )
    report = check("How does imidazole work?", answer, doc, verify_citations=False)
    assert [a.label for a in report.annotations] == [
        Label.NOT_A_CLAIM,
        Label.SUPPORTED,
        Label.NOT_A_CLAIM,
        Label.SUPPORTED,
    ]


def test_titleless_footnote_reference_list_is_not_claims(specter) -> None:
    doc, index = specter
    answer = (
        "Removing the abstract lowers the average to 68.1 [1]. Adding authors lowers it to"
        " 67.3 [2].\n\n[1] Cohan et al. 2020. SPECTER: Document-level Representation"
        " Learning using Citation-informed Transformers. ACL.\n"
        "[2] Beltagy, I., Lo, K., & Cohan, A. (2019). SciBERT: A Pretrained Language Model"
        " for Scientific Text. In EMNLP."
    )
    report = check("q", answer, doc, index=index, verify_citations=False)
    labels = [a.label for a in report.annotations]
    assert labels == [Label.SUPPORTED, Label.SUPPORTED, Label.NOT_A_CLAIM, Label.NOT_A_CLAIM]
    assert report.annotations[2].sentence.endswith("Citation-informed Transformers. ACL.")


def test_every_line_of_a_reference_list_is_not_a_claim(specter) -> None:
    # entries a judge would read as claims (a link definition, a line holding a number
    # the paper states) are part of the list; the body above it is judged as before
    doc, index = specter
    answers = [
        "SPECTER reaches 80.0 on average [1].\n\n[1]: https://github.com/allenai/specter",
        "SPECTER reaches 80.0 on average.\n\n**References**\n"
        "The SciDocs benchmark has 7 tasks.\nhttps://github.com/allenai/specter",
    ]
    for answer in answers:
        report = check("q", answer, doc, index=index, verify_citations=False)
        first, *rest = report.annotations
        assert first.label is Label.SUPPORTED
        assert rest and all(a.label is Label.NOT_A_CLAIM for a in rest)


def test_a_label_from_a_premise_says_so_in_its_rationale(specter) -> None:
    doc, index = specter
    answer = (
        "| Variant | Avg |\n|---|---|\n| + author | 67.3 |\n| No hard negatives | 76.4 |\n\n"
        "Overall, metadata hurts."
    )
    report = check("q", answer, doc, index=index, verify_citations=False)
    last, own = report.annotations[-1], report.sentences[-1].judgement
    assert own.label is Label.NEI and last.label is Label.CONTRADICTION
    assert last.error_tags and last.error_tags[0].value == "C4"
    assert last.rationale.startswith("Contradicted through its premise: it rests on S3,")
    assert last.rationale.endswith(f"On its own: {own.rationale}")
    # labels propagation leaves alone keep the judge's rationale word for word
    for cs in report.sentences[:-1]:
        assert cs.annotation.rationale == cs.judgement.rationale


def test_an_index_of_another_paper_is_refused(specter) -> None:
    doc, _ = specter
    other = EvidenceIndex.build(read_pdf(need(DATA / "papers" / "vespa-2017.pdf")))
    with pytest.raises(InputError, match="another paper"):
        check("q", "SPECTER reaches 80.0 on average.", doc, index=other)


def test_a_check_from_a_path_builds_one_index_and_keeps_none(
    specter, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the Document read from the path is the check's own: its index is built once (the
    # judge searches it, builds no other) and nothing holds the two once the check ends
    import gc
    import weakref

    from grounding import evidence

    built: list[weakref.ref[object]] = []
    real = EvidenceIndex.build.__func__  # type: ignore[attr-defined]

    def build(cls: type[EvidenceIndex], d: object) -> EvidenceIndex:
        index = real(cls, d)
        built.append(weakref.ref(index))
        return index

    monkeypatch.setattr(EvidenceIndex, "build", classmethod(build))
    answer = (ROOT / "examples" / "specter" / "answer.txt").read_text(encoding="utf-8")
    report = check("q", answer, specter[0].path, verify_citations=False)
    gc.collect()
    assert report.sentences and len(built) == 1 and built[0]() is None
    assert all(held is not specter[0] for held, _ in evidence._RECENT)
