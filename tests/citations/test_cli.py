"""citations.cli: `index add`, `index stats`, `refs verify` through a parser that registers
them the way grounding.cli does."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from citations import cli
from citations.errors import InputError


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="sciground")
    sub = parser.add_subparsers(dest="command", required=True)
    cli.register(sub)
    args = parser.parse_args(argv)
    return int(args.func(args))


@pytest.fixture()
def db(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    records = tmp_path / "records.jsonl"
    records.write_text("\n".join(json.dumps(r) for r in [
        {"id": "P1", "title": "Attention is all you need", "authors": ["Ashish Vaswani",
         "Noam Shazeer"], "year": 2017, "venue": "NeurIPS", "doi": "10.5555/att"},
        {"id": "P2", "title": "Deep parsing with graphs", "authors": ["Ana Silva"], "year": 2020,
         "venue": "Proceedings of ACL"},
        "not an object",
    ]) + "\n")
    path = tmp_path / "idx.sqlite"
    assert run(["index", "add", str(records), "--db", str(path)]) == 0
    out = capsys.readouterr()
    assert "2 records, 1 skipped" in out.out and "line 3" in out.err
    return path


def test_index_add_and_stats(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["index", "stats", "--db", str(db)]) == 0
    assert "records: 2" in capsys.readouterr().out


def test_refs_verify_text_lines(db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    refs = tmp_path / "refs.txt"
    refs.write_text("Ashish Vaswani and Noam Shazeer. Attention is all you need. In NeurIPS, 2017.\n"
                    "Ana Silva. Deep parsing with graphs. In Proceedings of ACL, 2019.\n")
    status = run(["refs", "verify", str(refs), "--db", str(db), "--complete"])
    out = capsys.readouterr().out
    assert status == 1  # one corrupted reference
    assert "[VERIFIED]" in out and "[CORRUPTED]" in out
    assert "differs: year" in out and "corrected:" in out and "candidate" in out


def test_refs_verify_json_and_bib(db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bib = tmp_path / "refs.bib"
    bib.write_text("@inproceedings{v17, title={Attention is all you need}, "
                   "author={Vaswani, Ashish and Shazeer, Noam}, year={2017}, booktitle={NeurIPS}}\n")
    assert run(["refs", "verify", str(bib), "--db", str(db), "--json"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 1 and json.loads(lines[0])["verdict"] == "verified"


def test_refs_verify_answer_text(db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    answer = tmp_path / "answer.md"
    answer.write_text("Transformers rely on attention alone [1].\n\nReferences\n\n"
                      "[1] Ashish Vaswani and Noam Shazeer. Attention is all you need. "
                      "In NeurIPS, 2017.\n")
    refs = cli.read_references(str(answer))
    assert len(refs) == 1
    assert run(["refs", "verify", str(answer), "--db", str(db), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["verdict"] == "verified"


def test_missing_file_is_an_input_error(db: Path) -> None:
    with pytest.raises(InputError):
        run(["refs", "verify", "/nonexistent/refs.txt", "--db", str(db)])


def test_unknown_reference_is_unverified_unless_complete(db: Path, tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    refs = tmp_path / "refs.txt"
    refs.write_text("Jane Doe. Quantum gradient flows for multilingual parsing. In ACL, 2021.\n")
    assert run(["refs", "verify", str(refs), "--db", str(db)]) == 0
    assert "[UNVERIFIED]" in capsys.readouterr().out
    assert run(["refs", "verify", str(refs), "--db", str(db), "--complete"]) == 1
    assert "[FABRICATED]" in capsys.readouterr().out


def test_refs_verify_reads_every_line_of_a_mixed_list(tmp_path, capsys) -> None:
    from grounding.cli import main

    refs = tmp_path / "refs.txt"
    refs.write_text(
        "[1] Lo, K., Wang, L. L., Neumann, M., Kinney, R., and Weld, D. S. (2020). S2ORC: The "
        "Semantic Scholar Open Research Corpus. In ACL.\n"
        "Beltagy, I., Lo, K., and Cohan, A. (2019). SciBERT: A pretrained language model for "
        "scientific text. In EMNLP.\n"
        "Zhang et al., 2019\n")
    assert main(["refs", "verify", str(refs), "--db", str(tmp_path / "none.sqlite"), "--json"]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert len(lines) == 3 and {x["verdict"] for x in lines} == {"unverified"}


def test_refs_verify_reports_a_broken_bib_entry_in_its_place(tmp_path, capsys) -> None:
    from grounding.cli import main

    bib = tmp_path / "r.bib"
    bib.write_text("@article{ok1, title={A Title About Parsing}, author={Lo, Kyle}, year={2020}}\n"
                   "@article{broken, title={Unclosed\n\n"
                   "@article{ok2, title={Another Title Here}, author={Weld, Dan}, year={2019}}\n")
    main(["refs", "verify", str(bib), "--db", str(tmp_path / "none.sqlite"), "--json"])
    results = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [r["verdict"] for r in results] == ["unverified", "unparsed", "unverified"]
    assert "line 2" in results[1]["reason"]


def test_refs_verify_on_nothing_says_so(tmp_path, capsys) -> None:
    from grounding.cli import main

    empty = tmp_path / "e.txt"
    empty.write_text("")
    assert main(["refs", "verify", str(empty)]) == 0
    assert "no references found" in capsys.readouterr().err


def test_index_add_keeps_what_a_cut_short_gz_holds(tmp_path, capsys) -> None:
    import gzip

    from citations.sources.local import LocalIndex
    from grounding.cli import main

    rows = "".join(json.dumps({"title": f"Paper number {i}", "authors": ["A. Writer"], "year": 2020})
                   + "\n" for i in range(2000)).encode()
    whole = gzip.compress(rows)
    cut = tmp_path / "cut.jsonl.gz"
    cut.write_bytes(whole[: len(whole) * 2 // 3])
    assert main(["index", "add", str(cut), "--db", str(tmp_path / "i.sqlite")]) == 0
    assert "unreadable after line" in capsys.readouterr().err
    assert 0 < LocalIndex(tmp_path / "i.sqlite").stats().records < 2000
