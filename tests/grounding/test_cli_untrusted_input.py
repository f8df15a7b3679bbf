"""Input a new user gives by mistake or an attacker by design, through the CLI: answers and
reviews with no word in them, qa_pair_ids shared by two rows, and escape sequences in
reference strings and reviews. Each kind is refused or cleaned with a message naming the
file (and line), and ordinary input of the same kind is left as it was."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from grounding.cli import main
from tests.citations._store import acl_rows
from tests.conftest import DATA, DEV, PAPERS, ROOT, need

MORE = DATA / "papers-more"
EXAMPLE = ROOT / "examples" / "specter"

#: Answers with no letter or digit: nothing a judge could check.
WORDLESS = {
    "zero-width spaces": "\u200b\u200b\n",
    "no-break and em spaces around a zero-width space": " \u00a0\u2003\u200b \n",
    "punctuation only": "...\n***\n",
    "soft hyphen and word joiner": "\u00ad\u2060 -- \n",
}
#: Short answers that are still answers (one word, a bare number, a non-Latin script).
WORDY = {
    "one word": "Yes.",
    "a bare value": "91.7%",
    "CJK text": "\u7f13\u8680\u6548\u7387\u4e3a91.7%\u3002",
}

#: Escape sequences and controls an untrusted string may carry: colours (CSI), a window
#: title (OSC ... BEL), a right-to-left override, a C1 control.
ESCAPES = ["\x1b[31m", "\x1b[0m", "\x1b]0;pwned\x07", "\u202e", "\x9b2J"]


def _pdf() -> Path:
    return need(MORE / "imidazole-corrosion-2021.pdf")


@pytest.mark.parametrize("kind", sorted(WORDLESS))
def test_an_answer_with_no_word_is_refused_naming_the_file(
    kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    answer = tmp_path / "answer.txt"
    answer.write_text(WORDLESS[kind], encoding="utf-8")
    code = main(["check", "--pdf", str(_pdf()), "--question", "q", "--answer", str(answer)])
    err = capsys.readouterr().err
    assert code == 2, kind
    assert f"{answer}: the answer is empty (no letter or digit)" in err


@pytest.mark.parametrize("kind", sorted(WORDY))
def test_a_short_answer_with_a_word_is_still_checked(
    kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    answer = tmp_path / "answer.txt"
    answer.write_text(WORDY[kind], encoding="utf-8")
    code = main(["check", "--pdf", str(_pdf()), "--question", "q", "--answer", str(answer)])
    row = json.loads(capsys.readouterr().out)
    assert code == 0, kind
    assert len(row["annotations"]) == 1


def test_batch_rows_with_no_word_are_bad_rows_and_the_rest_is_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pdf = str(_pdf())
    rows = [{"qa_pair_id": "ok", "paper_pdf_path": pdf, "answer_raw": WORDY["a bare value"]}]
    rows += [
        {"qa_pair_id": f"w{i}", "paper_pdf_path": pdf, "answer_raw": text}
        for i, text in enumerate(WORDLESS.values())
    ]
    batch = tmp_path / "rows.jsonl"
    batch.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    out = tmp_path / "out.jsonl"
    assert main(["check", "--batch", str(batch), "--out", str(out)]) == 1
    err = capsys.readouterr().err
    for line in range(2, 2 + len(WORDLESS)):
        assert f"{batch}:{line}: skipped: answer_raw is empty (no letter or digit)" in err
    assert [json.loads(x)["qa_pair_id"] for x in out.read_text().splitlines()] == ["ok"]


def test_a_repeated_qa_pair_id_in_a_batch_is_a_bad_row(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rows = [json.loads(x) for x in (need(DEV) / "specter-2020.jsonl").read_text().splitlines()]
    other = {**rows[0], "answer_raw": "SPECTER reaches an average of 80.0."}
    batch = tmp_path / "rows.jsonl"
    batch.write_text("".join(json.dumps(r) + "\n" for r in [rows[0], rows[1], other]))
    out = tmp_path / "out.jsonl"
    code = main(["check", "--batch", str(batch), "--out", str(out), "--pdf-root", str(DATA)])
    err = capsys.readouterr().err
    assert code == 1
    assert f"{batch}:3: skipped: qa_pair_id {rows[0]['qa_pair_id']!r} repeats line 1" in err
    assert len(out.read_text().splitlines()) == 2  # the two distinct rows


def _dev_rows_with_a_repeat(tmp_path: Path) -> Path:
    rows = (need(DEV) / "specter-2020.jsonl").read_text().splitlines()
    folder = tmp_path / "data"
    folder.mkdir()
    # paper_pdf_path stays relative to the dev folder's dataset root
    (folder / "rows.jsonl").write_text("\n".join([*rows, rows[2]]) + "\n")
    return folder


def test_hydrate_refuses_a_repeated_qa_pair_id_before_writing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = _dev_rows_with_a_repeat(tmp_path)
    dest = tmp_path / "hydrated"
    code = main(["hydrate", str(src / "rows.jsonl"), str(dest), "--pdf-root", str(DATA)])
    assert code == 2
    assert "qa_pair_id 'specter-2020__q03' occurs more than once" in capsys.readouterr().err
    assert not dest.exists()


def test_score_names_the_lines_of_a_repeated_qa_pair_id(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = _dev_rows_with_a_repeat(tmp_path) / "rows.jsonl"
    gold = need(DEV) / "specter-2020.jsonl"
    assert main(["score", "--gold", str(gold), "--pred", str(src)]) == 2
    err = capsys.readouterr().err
    assert "qa_pair_id 'specter-2020__q03' occurs more than once" in err
    assert f"{src}:3, {src}:6" in err  # the line of each row that has it
    # as gold too, and distinct ids on both sides score
    assert main(["score", "--gold", str(src), "--pred", str(gold)]) == 2
    assert f"{src}:3, {src}:6" in capsys.readouterr().err
    assert main(["score", "--gold", str(gold), "--pred", str(gold), "--resamples", "0"]) == 0


def test_hydrate_of_distinct_ids_writes_every_row(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    dest = tmp_path / "hydrated"
    assert main(["hydrate", str(need(DEV) / "specter-2020.jsonl"), str(dest)]) == 0
    assert len(list((dest / "final_annotations" / "specter-2020").glob("*.json"))) == 5


def test_eval_refuses_a_repeated_qa_pair_id_before_checking(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = _dev_rows_with_a_repeat(tmp_path)
    out = tmp_path / "eval"
    assert main(["eval", "--data", str(src), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert f"{src}: qa_pair_id 'specter-2020__q03' occurs more than once" in err
    assert not out.exists()  # no row was checked


def _refs(tmp_path: Path) -> tuple[Path, list[str]]:
    """An index of 4 ACL Anthology records and a reference string for each."""
    rows = acl_rows(4)
    records = tmp_path / "acl.jsonl"
    records.write_text("".join(json.dumps(r) + "\n" for r in rows))
    db = tmp_path / "acl.sqlite"
    assert main(["index", "add", str(records), "--db", str(db)]) == 0
    refs = [f"{', '.join(r['authors'])}. {r['title']}. In {r['venue']}, {r['year']}." for r in rows]
    return db, refs


def test_refs_verify_text_prints_no_escape_sequence_from_the_references(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db, refs = _refs(tmp_path)
    # at the end of each line: inside a line an escape can change how the file is read
    # (a list or an answer), which is the reader's business, not the printer's
    tainted = [ref + esc for ref, esc in zip(refs, ESCAPES)]
    listing = tmp_path / "refs.txt"
    listing.write_text("\n".join(tainted) + "\n", encoding="utf-8")
    capsys.readouterr()
    main(["refs", "verify", str(listing), "--db", str(db)])
    out = capsys.readouterr().out
    for esc in ESCAPES:
        assert esc not in out
    assert "\x1b" not in out and "\x07" not in out
    assert out.count("[VERIFIED]") == len(tainted)  # the same verdicts as the clean strings
    # --json keeps each string as it was given
    main(["refs", "verify", str(listing), "--db", str(db), "--json"])
    raws = [json.loads(x)["reference"]["raw"] for x in capsys.readouterr().out.splitlines()]
    assert raws == tainted


def test_refs_verify_text_of_clean_references_is_unchanged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db, refs = _refs(tmp_path)
    listing = tmp_path / "refs.txt"
    listing.write_text("\n".join(refs) + "\n", encoding="utf-8")
    capsys.readouterr()
    main(["refs", "verify", str(listing), "--db", str(db)])
    out = capsys.readouterr().out
    for ref in refs:
        assert f"[VERIFIED] {ref}\n" in out


REVIEW = (
    "Training without hard negatives lowers the average to 76.4 [1].{esc}\n\n"
    "[1] Arman Cohan, Sergey Feldman, Iz Beltagy, Doug Downey, and Daniel S. Weld. 2020. "
    "SPECTER: Document-level Representation Learning using Citation-informed Transformers. "
    "In ACL.\n"
)


def _audit(tmp_path: Path, review: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    papers = tmp_path / "papers"
    papers.mkdir(exist_ok=True)
    link = papers / "specter-2020.pdf"
    if not link.exists():
        link.symlink_to(need(PAPERS / "specter-2020.pdf").resolve())
    path = tmp_path / "review.md"
    path.write_text(review, encoding="utf-8")
    db = ["--db", str(tmp_path / "none.sqlite")]
    code = main(["audit", str(path), "--papers", str(papers), *db])
    return code, capsys.readouterr().out


def test_audit_summary_prints_no_escape_sequence_from_the_review(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _audit(tmp_path, REVIEW.format(esc="".join(ESCAPES) + " red"), capsys)
    assert code == 0
    assert "\x1b" not in out and "\x07" not in out and "\u202e" not in out
    assert "[CONTRADICTION]" in out and "red" in out  # the text itself is kept
    _, clean = _audit(tmp_path, REVIEW.format(esc=""), capsys)
    assert "[CONTRADICTION] Training without hard negatives lowers the average to 76.4" in clean


@pytest.mark.parametrize("kind", sorted(WORDLESS))
def test_a_review_with_no_word_is_refused(
    kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "review.md"
    path.write_text(WORDLESS[kind], encoding="utf-8")
    assert main(["audit", str(path), "--db", str(tmp_path / "none.sqlite")]) == 2
    assert f"{path}: the review is empty (no letter or digit)" in capsys.readouterr().err


def test_refs_verify_reads_a_list_with_escapes_inside_its_lines_as_a_list(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A control character or escape sequence inside a reference line (pasted from a
    terminal or a PDF) does not turn the list into prose: each line gets its verdict."""
    db, refs = _refs(tmp_path)
    tainted = []
    for ref, esc in zip(refs, ESCAPES):
        cut = ref.index(". ") + 2  # between the authors and the title
        tainted.append(ref[:cut] + esc + ref[cut:])
    listing = tmp_path / "refs.txt"
    listing.write_text("\n".join(tainted) + "\n", encoding="utf-8")
    capsys.readouterr()
    main(["refs", "verify", str(listing), "--db", str(db)])
    captured = capsys.readouterr()
    assert "read as an answer text" not in captured.err
    assert captured.out.count("[VERIFIED]") == len(tainted)
