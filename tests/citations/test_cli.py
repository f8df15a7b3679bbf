"""citations.cli: `index add`, `index stats`, `refs verify` through a parser that registers
them the way grounding.cli does."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from citations import cli, reference_files
from citations.errors import InputError
from citations.reference_files import read_references


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="sciground")
    sub = parser.add_subparsers(dest="command", required=True)
    cli.register(sub)
    args = parser.parse_args(argv)
    return int(args.func(args))


@pytest.fixture()
def db(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    records = tmp_path / "records.jsonl"
    records.write_text(
        "\n".join(
            json.dumps(r)
            for r in [
                {
                    "id": "P1",
                    "title": "Attention is all you need",
                    "authors": ["Ashish Vaswani", "Noam Shazeer"],
                    "year": 2017,
                    "venue": "NeurIPS",
                    "doi": "10.5555/att",
                },
                {
                    "id": "P2",
                    "title": "Deep parsing with graphs",
                    "authors": ["Ana Silva"],
                    "year": 2020,
                    "venue": "Proceedings of ACL",
                },
                "not an object",
            ]
        )
        + "\n"
    )
    path = tmp_path / "idx.sqlite"
    assert (
        run(["index", "add", str(records), "--db", str(path)]) == 1
    )  # a skipped record: reported, exit 1
    out = capsys.readouterr()
    assert "2 records (2 added), 1 skipped" in out.out and "line 3" in out.err
    return path


def test_index_add_and_stats(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["index", "stats", "--db", str(db)]) == 0
    assert "records: 2" in capsys.readouterr().out


def test_index_takes_db_before_its_action(
    db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``sciground index --db F stats`` as well as ``... stats --db F``; the action's own
    ``--db`` wins where both are given."""
    assert run(["index", "--db", str(db), "stats"]) == 0
    assert "records: 2" in capsys.readouterr().out
    other = tmp_path / "other.sqlite"
    assert run(["index", "--db", str(other), "stats", "--db", str(db)]) == 0
    assert "records: 2" in capsys.readouterr().out


def test_refs_verify_text_lines(
    db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    refs = tmp_path / "refs.txt"
    refs.write_text(
        "Ashish Vaswani and Noam Shazeer. Attention is all you need. In NeurIPS, 2017.\n"
        "Ana Silva. Deep parsing with graphs. In Proceedings of ACL, 2019.\n"
    )
    status = run(["refs", "verify", str(refs), "--db", str(db), "--complete"])
    captured = capsys.readouterr()
    out = captured.out
    assert status == 1  # one corrupted reference
    assert "[VERIFIED]" in out and "[CORRUPTED]" in out
    assert "differs: year" in out and "corrected:" in out and "candidate" in out
    # the totals close the run on stderr (stdout stays the results alone)
    assert (
        captured.err.strip().splitlines()[-1]
        == "sciground: 2 reference(s): 1 verified, 1 corrupted"
    )


def test_refs_verify_json_and_bib(
    db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bib = tmp_path / "refs.bib"
    bib.write_text(
        "@inproceedings{v17, title={Attention is all you need}, "
        "author={Vaswani, Ashish and Shazeer, Noam}, year={2017}, booktitle={NeurIPS}}\n"
    )
    assert run(["refs", "verify", str(bib), "--db", str(db), "--json"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 1 and json.loads(lines[0])["verdict"] == "verified"


def test_refs_verify_answer_text(
    db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    answer = tmp_path / "answer.md"
    answer.write_text(
        "Transformers rely on attention alone [1].\n\nReferences\n\n"
        "[1] Ashish Vaswani and Noam Shazeer. Attention is all you need. "
        "In NeurIPS, 2017.\n"
    )
    refs = read_references(str(answer))
    assert len(refs) == 1
    assert run(["refs", "verify", str(answer), "--db", str(db), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["verdict"] == "verified"


def test_missing_file_is_an_input_error(db: Path) -> None:
    with pytest.raises(InputError):
        run(["refs", "verify", "/nonexistent/refs.txt", "--db", str(db)])


def test_unknown_reference_is_unverified_unless_complete(
    db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
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
        "Zhang et al., 2019\n"
    )
    assert main(["refs", "verify", str(refs), "--db", str(tmp_path / "none.sqlite"), "--json"]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    # "Zhang et al., 2019" is an in-text citation: no title to look up (it was read as the
    # title "Zhang et al." by the rules-first reader)
    assert [x["verdict"] for x in lines] == ["unverified", "unverified", "unparsed"]


def test_refs_verify_reports_a_broken_bib_entry_in_its_place(tmp_path, capsys) -> None:
    from grounding.cli import main

    bib = tmp_path / "r.bib"
    bib.write_text(
        "@article{ok1, title={A Title About Parsing}, author={Lo, Kyle}, year={2020}}\n"
        "@article{broken, title={Unclosed\n\n"
        "@article{ok2, title={Another Title Here}, author={Weld, Dan}, year={2019}}\n"
    )
    # a broken entry is reported (file:line) and the others are verified; it alone does
    # not make the exit status 1 (only corrupted / fabricated verdicts do)
    assert main(["refs", "verify", str(bib), "--db", str(tmp_path / "none.sqlite"), "--json"]) == 0
    captured = capsys.readouterr()
    results = [json.loads(x) for x in captured.out.splitlines()]
    assert [r["verdict"] for r in results] == ["unverified", "unparsed", "unverified"]
    assert "r.bib:2" in results[1]["reason"]
    assert "r.bib:2: broken BibTeX entry" in captured.err


@pytest.mark.parametrize("content", ["", "  \n\t\n", "\ufeff\n", "-- ... --\n"])
def test_refs_verify_refuses_a_file_with_no_letter_or_digit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str
) -> None:
    from grounding.cli import main

    empty = tmp_path / "e.txt"
    empty.write_text(content, encoding="utf-8")
    assert main(["refs", "verify", str(empty)]) == 2
    assert f"{empty}: empty (no letter or digit): no references to verify" in (
        capsys.readouterr().err
    )


def test_refs_verify_refuses_empty_standard_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    from grounding.cli import main

    monkeypatch.setattr("sys.stdin", io.StringIO("\n  \n"))
    assert main(["refs", "verify", "-"]) == 2
    assert "standard input: empty" in capsys.readouterr().err


#: A real reference (SciBERT, EMNLP-IJCNLP 2019) in the export formats no command reads.
SCIBERT_EXPORTS = {
    "refs.ris": "TY  - CONF\nAU  - Beltagy, Iz\nAU  - Lo, Kyle\nAU  - Cohan, Arman\n"
    "TI  - SciBERT: A Pretrained Language Model for Scientific Text\nPY  - 2019\n"
    "SP  - 3615\nEP  - 3620\nER  - \n",
    "refs.enw": "%0 Conference Proceedings\n%A Beltagy, Iz\n%A Lo, Kyle\n%A Cohan, Arman\n"
    "%T SciBERT: A Pretrained Language Model for Scientific Text\n%D 2019\n",
    "refs.nbib": "PMID- 31000000\nTI  - SciBERT: A Pretrained Language Model for "
    "Scientific Text.\nAU  - Beltagy I\nDP  - 2019\n",
}


@pytest.mark.parametrize("name", sorted(SCIBERT_EXPORTS))
@pytest.mark.parametrize("suffix", ["", ".txt"])
def test_refs_verify_names_an_export_format_it_does_not_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, suffix: str
) -> None:
    """By its file name ending, or (renamed .txt) by its first line."""
    from grounding.cli import main

    f = tmp_path / (name + suffix)
    f.write_text(SCIBERT_EXPORTS[name], encoding="utf-8")
    assert main(["refs", "verify", str(f), "--db", str(tmp_path / "none.sqlite")]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "is not a format refs verify reads; export the references as BibTeX" in captured.err


def test_refs_verify_refuses_xml_from_real_corpora(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """GROBID's TEI training data and an arXiv API answer: XML, not lines of references."""
    from grounding.cli import main
    from tests.conftest import DATA, need

    for f in (
        need(DATA / "external" / "grobid-citation" / "corpus" / "55003087.header-reference.xml"),
        need(DATA / "api-fixtures" / "arxiv" / "id_1605_08386_found.xml"),
    ):
        assert main(["refs", "verify", str(f), "--db", str(tmp_path / "none.sqlite")]) == 2
        assert "XML (EndNote XML, JATS, MODS) is not a format" in capsys.readouterr().err


def test_refs_verify_still_reads_files_that_only_look_alike(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Negative inputs: a real .bib, a list whose first author starts with "Ty", an answer
    of prose only (nothing to verify, exit 0 as before)."""
    from grounding.cli import main
    from tests.conftest import DATA, need

    none = ["--db", str(tmp_path / "none.sqlite"), "--json"]
    bib = need(DATA / "refchecker" / "hallucination_7ref_sample.bib")
    assert main(["refs", "verify", str(bib), *none]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 10  # its entries, despite the name
    listed = tmp_path / "refs.txt"
    listed.write_text(
        "Tymoshenko, K., & Moschitti, A. (2015). Assessing the impact of syntactic and "
        "semantic structures for answer passages reranking. In Proceedings of CIKM.\n"
        "Beltagy, I., Lo, K., & Cohan, A. (2019). SciBERT: A Pretrained Language Model for "
        "Scientific Text. In Proceedings of EMNLP-IJCNLP, pages 3615-3620.\n",
        encoding="utf-8",
    )
    assert main(["refs", "verify", str(listed), *none]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 2
    prose = tmp_path / "answer.txt"
    prose.write_text("The model was trained in 2018 on 16 TPUs, says the paper.\n")
    assert main(["refs", "verify", str(prose)]) == 0
    assert "no references found" in capsys.readouterr().err


def test_index_add_skips_an_export_format_by_name_and_imports_the_rest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.conftest import DATA, need

    ris = tmp_path / "refs.ris"
    ris.write_text(SCIBERT_EXPORTS["refs.ris"], encoding="utf-8")
    bib = need(DATA / "refchecker" / "hallucination_7ref_sample.bib")
    assert run(["index", "add", str(ris), str(bib), "--db", str(tmp_path / "i.sqlite")]) == 1
    captured = capsys.readouterr()
    assert f"skipped: {ris}: RIS is not a format index add reads" in captured.err
    assert "hallucination_7ref_sample.bib: 10 records" in captured.out


def test_index_add_keeps_what_a_cut_short_gz_holds_and_exits_1(tmp_path, capsys) -> None:
    import gzip

    from citations.sources.local import LocalIndex
    from grounding.cli import main

    rows = "".join(
        json.dumps({"title": f"Paper number {i}", "authors": ["A. Writer"], "year": 2020}) + "\n"
        for i in range(2000)
    ).encode()
    whole = gzip.compress(rows)
    cut = tmp_path / "cut.jsonl.gz"
    cut.write_bytes(whole[: len(whole) * 2 // 3])
    assert main(["index", "add", str(cut), "--db", str(tmp_path / "i.sqlite")]) == 1
    assert "unreadable after line" in capsys.readouterr().err
    fake = tmp_path / "fake.jsonl.gz"  # not gzip at all: nothing added, exit 1
    fake.write_text("not gzip\n")
    assert main(["index", "add", str(fake), "--db", str(tmp_path / "j.sqlite")]) == 1
    assert "Not a gzipped file" in capsys.readouterr().err
    assert 0 < LocalIndex(tmp_path / "i.sqlite").stats().records < 2000


def test_index_add_goes_on_past_a_missing_or_unknown_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from citations.sources.local import LocalIndex

    good = tmp_path / "good.jsonl"
    good.write_text(
        json.dumps({"title": "Paper one", "authors": ["A. Writer"], "year": 2020}) + "\n"
    )
    other = tmp_path / "notes.txt"
    other.write_text("not records\n")
    db = tmp_path / "i.sqlite"
    assert (
        run(["index", "add", str(tmp_path / "missing.bib"), str(other), str(good), "--db", str(db)])
        == 1
    )
    err = capsys.readouterr().err
    assert "missing.bib: no such file" in err and "notes.txt: unknown file type" in err
    assert LocalIndex(db).stats().records == 1


def test_index_add_with_no_file_to_read_creates_no_index(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "i.sqlite"
    with pytest.raises(InputError, match="no index was created"):
        run(["index", "add", str(tmp_path / "missing.jsonl"), "--db", str(db)])
    assert "missing.jsonl: no such file" in capsys.readouterr().err
    assert not db.exists()
    with pytest.raises(InputError, match="no index was created"):
        run(["index", "add", str(tmp_path), "--db", str(db)])  # a folder
    assert "is a directory, not a file of records" in capsys.readouterr().err
    assert not db.exists()


def test_index_add_numbers_a_bad_csl_item_from_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    items = [
        {"id": "a", "title": "A first record with a title", "issued": {"date-parts": [[2020]]}},
        {"id": "b"},
    ]
    src = tmp_path / "items.json"
    src.write_text(json.dumps(items))
    assert run(["index", "add", str(src), "--db", str(tmp_path / "i.sqlite")]) == 1
    assert "item 2 of the array: record has no title" in capsys.readouterr().err


# ---------------------------------------------------------------- issue 13: refs verify


def _acl_refs(tmp_path: Path, n: int) -> tuple[Path, list[str]]:
    """An index of n ACL Anthology records and a reference string for each."""
    from tests.citations._store import acl_rows

    rows = acl_rows(n)
    records = tmp_path / "acl.jsonl"
    records.write_text("".join(json.dumps(r) + "\n" for r in rows))
    db = tmp_path / "acl.sqlite"
    assert run(["index", "add", str(records), "--db", str(db)]) == 0
    refs = [f"{', '.join(r['authors'])}. {r['title']}. In {r['venue']}, {r['year']}." for r in rows]
    return db, refs


def test_index_add_twice_says_unchanged(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    records = tmp_path / "r.jsonl"
    one = {"id": "P1", "title": "Deep parsing with graphs", "authors": ["Ana Silva"], "year": 2020}
    records.write_text(json.dumps(one) + "\n")
    db = str(tmp_path / "i.sqlite")
    assert run(["index", "add", str(records), "--db", db]) == 0
    assert capsys.readouterr().out.splitlines()[-1].endswith(": 1 added")
    assert run(["index", "add", str(records), "--db", db]) == 0
    assert capsys.readouterr().out.splitlines()[-1].endswith(": 1 unchanged")
    two = {"id": "P2", "title": "Shallow parsing", "authors": ["Bo Li"], "year": 2021}
    records.write_text(json.dumps({**one, "year": 2019}) + "\n" + json.dumps(two) + "\n")
    assert run(["index", "add", str(records), "--db", db]) == 0
    assert capsys.readouterr().out.splitlines()[-1].endswith(": 1 added, 1 updated")
    from citations.sources.local import LocalIndex

    index = LocalIndex(db)
    assert index.stats().records == 2
    assert (
        index.lookup_doi("x") is None
        and index.search_scored(
            __import__("citations.parse", fromlist=["parse_reference"]).parse_reference(
                "Ana Silva. Deep parsing with graphs. 2019."
            ),
            1,
        )[0].record.year
        == 2019
    )


def test_workers_give_the_same_results_in_order_as_one_process(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db, refs = _acl_refs(tmp_path, 120)
    capsys.readouterr()
    listed = tmp_path / "refs.txt"
    listed.write_text("".join(r + "\n" for r in refs))
    outs = []
    for workers in ("1", "2"):
        assert (
            run(["refs", "verify", str(listed), "--db", str(db), "--json", "--workers", workers])
            == 0
        )
        outs.append([json.loads(x) for x in capsys.readouterr().out.splitlines()])
    assert outs[0] == outs[1]
    assert [r["reference"]["raw"] for r in outs[1]] == refs
    texts = []
    for workers in ("1", "2"):  # text rendered in the parent / in the workers
        run(["refs", "verify", str(listed), "--db", str(db), "--workers", workers])
        texts.append(capsys.readouterr().out)
    assert texts[0] == texts[1] and texts[0].count("[VERIFIED]") >= 0.9 * len(refs)
    assert sum(r["verdict"] == "verified" for r in outs[1]) >= 0.9 * len(refs)


def test_workers_read_an_index_without_term_table_the_same(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An index from before the term_docs table: the parent reads the vocabulary once and
    the workers share it; the results are those of the per-word lookups, in order."""
    import sqlite3

    db, refs = _acl_refs(tmp_path, 90)
    listed = tmp_path / "refs.txt"
    listed.write_text("".join(r + "\n" for r in refs))
    capsys.readouterr()
    outs = []
    for drop in (False, True):
        if drop:
            with sqlite3.connect(db) as conn:
                conn.executescript(
                    "DROP TRIGGER term_docs_stale_insert; DROP TRIGGER term_docs_stale_update; "
                    "DROP TRIGGER term_docs_stale_delete; DROP TABLE meta; DROP TABLE term_docs;"
                )
        for workers in ("1", "2"):
            run(["refs", "verify", str(listed), "--db", str(db), "--workers", workers])
            outs.append(capsys.readouterr().out)
    assert outs[0].count("[VERIFIED]") >= 0.9 * len(refs)
    assert outs == [outs[0]] * 4


def test_results_stream_before_the_input_is_consumed(tmp_path: Path) -> None:
    from citations.runner import VerifierOptions, iter_verify_references
    from citations.workers import AHEAD, CHUNK

    db, refs = _acl_refs(tmp_path, 60)
    taken = [0]

    def source():  # an endless supply, counted as it is taken
        while True:
            taken[0] += 1
            yield refs[taken[0] % len(refs)]

    for workers in (1, 2):
        taken[0] = 0
        stream = iter_verify_references(source(), VerifierOptions(db=db, workers=workers))
        first = [next(stream) for _ in range(3)]
        assert [r.verdict.value for r in first] == ["verified"] * 3
        assert taken[0] <= CHUNK + 1 + 2 * AHEAD * CHUNK + CHUNK  # bounded read-ahead
        stream.close()


def test_one_huge_reference_gets_a_verdict(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    huge = tmp_path / "huge.txt"
    huge.write_text("Smith, J. (2020). " + "A very long title word " * 4400 + "\n")
    assert len(huge.read_text()) > 100_000
    assert run(["refs", "verify", str(huge), "--db", str(tmp_path / "none.sqlite"), "--json"]) == 0
    (res,) = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert res["verdict"] == "unparsed" and "too long" in res["reason"]


def test_prose_without_a_reference_list_is_not_verified(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    prose = tmp_path / "answer.txt"
    prose.write_text(
        "In 2019, Devlin and colleagues showed that BERT raises GLUE to 80.5.\n"
        "The model was trained in 2018 on 16 TPUs for four days, says the paper.\n"
    )
    assert read_references(str(prose)) == []
    assert run(["refs", "verify", str(prose)]) == 0
    assert "no references found" in capsys.readouterr().err


def test_references_typed_in_lower_case_are_a_list(tmp_path: Path) -> None:
    """A reference typed in lower case ("jain, a., pacheco, m. l., ... in proc. of sigdial")
    has an author run and a venue cue like a tidy one: a file of such lines is a reference
    list, not an answer citing nothing (a fresh user's one-line file gave "no references
    found"); prose in lower case that mentions a year and a workshop is not."""
    refs = tmp_path / "refs.txt"
    line = (
        "jain, a., pacheco, m. l., lancette, s., goindani, m., goldwasser, d. (2020). "
        "identifying collaborative conversations using latent discourse behaviors. in proc. "
        "of sigdial, 74-78."
    )
    refs.write_text(line + "\n", encoding="utf-8")
    assert read_references(str(refs)) == [line]
    prose = tmp_path / "answer.txt"
    prose.write_text(
        "as shown by smith et al. (2020), the workshop results hold for the model.\n"
        "the proceedings of that workshop appeared in 2021, in print.\n",
        encoding="utf-8",
    )
    assert read_references(str(prose)) == []


def test_lines_with_no_prose_and_no_citation_each_get_a_verdict(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Junk pasted into a file is neither an answer nor a list by the cues: every line
    is verified (unparsed here), none vanishes behind "no references found"."""
    junk = tmp_path / "junk.txt"
    junk.write_text("xq7#@ lkj88 %%zz\nqwe:rty 12ab-z ++\n")
    assert run(["refs", "verify", str(junk), "--db", str(tmp_path / "none.sqlite"), "--json"]) == 0
    captured = capsys.readouterr()
    assert [json.loads(x)["verdict"] for x in captured.out.splitlines()] == ["unparsed"] * 2
    assert "verifying 2 of 2 line(s) as references" in captured.err
    mixed = tmp_path / "mixed.txt"  # references without list cues among junk: all verified
    mixed.write_text(
        "Cohan, A., Feldman, S., Beltagy, I., Downey, D., & Weld, D. S. (2020). "
        "SPECTER: Document-level representation learning using citation-informed "
        "transformers. In Proceedings of ACL.\nasdf qwer\nhello world foo\nzzz\n"
    )
    assert run(["refs", "verify", str(mixed), "--db", str(tmp_path / "none.sqlite"), "--json"]) == 0
    verdicts = [json.loads(x)["verdict"] for x in capsys.readouterr().out.splitlines()]
    assert len(verdicts) == 4 and verdicts[0] == "unverified"


VANCOUVER = [
    "Cohan A, Feldman S, Beltagy I, Downey D, Weld D. SPECTER: Document-level "
    "representation learning using citation-informed transformers. ACL 2020.",
    "Papineni K, Roukos S, Ward T, Zhu WJ. Bleu: a method for automatic evaluation "
    "of machine translation. ACL 2002.",
    "Vaswani A, Shazeer N, Parmar N. Attention is all you need. Adv Neural Inf "
    "Process Syst. 2017;30:5998-6008.",
    "Müller K, Alvarez J. Quantum contrastive pretraining for citation graphs. Nat "
    "Mach Intell 2022.",
]


def test_vancouver_lines_are_a_reference_list(tmp_path: Path) -> None:
    """Vancouver entries ("Family II," names, "ACL 2002." or "2017;30:" years, titles with
    function words) are a list: every line is verified, none read as prose."""
    refs = tmp_path / "refs.txt"
    for lines in (VANCOUVER, VANCOUVER[:3], VANCOUVER[1:2]):
        refs.write_text("\n".join(lines) + "\n")
        assert read_references(str(refs)) == lines


def test_prose_then_a_list_without_heading(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Prose above reference lines with no "References" heading: the lines are the list
    (verified, each once) and the prose's citations are mined, not dropped."""
    answer = tmp_path / "a.txt"
    answer.write_text(
        "Smith and Jones (2019) showed that transformers help with this.\n"
        + "\n".join(VANCOUVER[:3])
        + "\n"
    )
    got = read_references(str(answer))
    assert [getattr(r, "raw", r) for r in got] == VANCOUVER[:3] + ["Smith and Jones (2019)"]
    assert "lines 2-4 read as the reference list" in capsys.readouterr().err
    # a plain sentence, an author-year citation and numbered markers above a list
    for lead in (
        "The works I relied on for this review are listed below.",
        "Constant et al. (2017) surveyed multiword expression processing in depth.",
        "Expressions were surveyed in depth [1], and neurons analysed [2]. Typing "
        "benefits from views [3].",
    ):
        answer.write_text(
            lead + "\n" + "\n".join(f"{n}. {r}" for n, r in enumerate(VANCOUVER[:3], 1)) + "\n"
        )
        got = [getattr(r, "raw", r) for r in read_references(str(answer))]
        assert got[:3] == [f"{n}. {r}" for n, r in enumerate(VANCOUVER[:3], 1)], lead
        assert lead not in got
    # a reference typed without cues above a list is not prose: it stays a line to verify
    bare = (
        "Vargas Carvalho Góes Pardo Benevenuto. HateBR: A Large Expert Annotated Corpus "
        "of Brazilian Instagram Comments for Offensive Language and Hate Speech Detection. "
        "Proceedings of the Thirteenth Language Resources and Evaluation Conference; 2025."
    )
    answer.write_text(bare + "\n" + VANCOUVER[0] + "\n")
    assert read_references(str(answer)) == [bare, VANCOUVER[0]]


def test_an_answer_on_one_long_line_is_mined_not_taken_for_one_reference(tmp_path: Path) -> None:
    prose = (
        "The authors compare several document embeddings on the benchmark, and the "
        "results are discussed at length in the paper. "
    ) * 170
    answer = tmp_path / "a.txt"
    answer.write_text(
        prose + "As shown by Cohan et al. (2020), citation-informed training helps.\n"
    )
    assert len(answer.read_text()) > 20_000
    got = read_references(str(answer))
    assert len(got) == 1 and getattr(got[0], "raw", None) == "Cohan et al. (2020)"


def test_answers_with_a_references_heading_are_mined_not_read_as_lists(tmp_path: Path) -> None:
    """GroundQA dev answers: none is read as a one-per-line list (its prose lines would be
    verified as references); their reference lists are found."""
    import glob

    from tests.conftest import DATA

    files = [
        f for f in glob.glob(str(DATA / "groundqa" / "dev" / "*.jsonl")) if "citations" not in f
    ]
    if not files:
        pytest.skip(f"no GroundQA dev data under {DATA}")
    found = 0
    for f in files:
        for line in Path(f).read_text(encoding="utf-8").splitlines():
            answer = tmp_path / "a.txt"
            answer.write_text(json.loads(line)["answer_raw"])
            got = read_references(str(answer))
            assert not any(isinstance(r, str) for r in got), line[:80]
            found += len(got)
    assert found >= 40


def _unparsed(strings: list[str]) -> int:
    """How many of ``strings`` read as references are UNPARSED (or refused as empty)."""
    from citations.errors import InputError
    from citations.parse import parse_reference
    from citations.verify import unreadable_reason

    unparsed = 0
    for j in strings:
        try:
            unparsed += unreadable_reason(parse_reference(j)) is not None
        except InputError:
            unparsed += 1
    return unparsed


def _random_strings(seed: int, chars: str, n: int, longest: int) -> list[str]:
    import random

    rng = random.Random(seed)
    return ["".join(rng.choice(chars) for _ in range(rng.randint(5, longest))) for _ in range(n)]


def test_junk_strings_are_unparsed_and_real_references_are_not() -> None:
    import string

    from citations.parse import parse_reference
    from citations.verify import unreadable_reason
    from tests.citations._store import acl_rows

    chars = string.ascii_letters + string.digits + string.punctuation + " " * 6
    junk = _random_strings(13, chars, 300, 200)
    assert _unparsed(junk) >= 0.97 * len(junk)
    real = [
        f"{', '.join(r['authors'])}. {r['title']}. In {r['venue']}, {r['year']}."
        for r in acl_rows(300)
    ]
    assert not [r for r in real if unreadable_reason(parse_reference(r))]


def test_symbol_and_digit_debris_in_any_alphabet_stays_unparsed() -> None:
    """Words may be written in any alphabet; symbols and digits still make no title."""
    junk = _random_strings(7, "0123456789#$%&*+=<>@^|~§¶†‡•°±×÷√∞≈≠≤≥∑∏∫" + " " * 4, 200, 120)
    assert _unparsed(junk) == len(junk)


def test_a_directory_is_named_as_one(
    db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(InputError, match="is a directory"):
        read_references(str(tmp_path))
    # skipped and reported; with no other file, no index is made
    with pytest.raises(InputError, match="no file of records to read"):
        run(["index", "add", str(tmp_path), "--db", str(db)])
    assert "is a directory" in capsys.readouterr().err


def test_a_numbered_list_on_standard_input_is_not_taken_for_json(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import io

    text = (
        "[1] Lo, K., Wang, L. L., Neumann, M., Kinney, R., & Weld, D. (2020). S2ORC: The "
        "Semantic Scholar Open Research Corpus. In Proceedings of ACL (pp. 4969-4983).\n"
        "[2] Cohan, A., Feldman, S., Beltagy, I., Downey, D., & Weld, D. (2020). SPECTER: "
        "Document-level representation learning using citation-informed transformers. "
        "In Proceedings of ACL (pp. 2270-2282).\n"
    )
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    refs = read_references("-")
    assert len(refs) == 2 and all(isinstance(r, str) and "2020" in r for r in refs)


@given(
    st.lists(
        st.sampled_from(
            [
                "Lo, K., Wang, L. L. (2020). S2ORC: The semantic scholar open research corpus. In ACL.",
                "[3] Devlin J, Chang M. BERT: pre-training of deep bidirectional transformers. 2019.",
                "See https://example.org/paper for the code.",
                "doi:10.18653/v1/P19-1001",
                "The model was trained in 2018 on 16 TPUs for four days.",
                "In 2019, BERT won.",
                "It works well.",
                "x" * 20_001,
            ]
        ),
        min_size=1,
        max_size=9,
    )
)
def test_the_list_test_stops_early_with_the_same_answer(lines: list[str]) -> None:
    """read_references counts reference-like lines only until the majority is known: the
    answer is that of counting them all."""
    whole = sum(map(reference_files._looks_like_reference, lines)) * 2 >= len(lines)
    assert reference_files._mostly_references(lines) == whole


def _raw_and_verdict(result: object) -> tuple[str, str]:
    return (result.reference.raw, result.verdict.value)  # type: ignore[attr-defined]


@pytest.mark.parametrize("chunk,ahead", [(1, 1), (3, 2), (7, 4)])
def test_processes_and_the_caller_share_the_work_in_order(
    tmp_path: Path, chunk: int, ahead: int
) -> None:
    """The calling process verifies chunks too (the first, those it would otherwise wait
    for, and queued ones it takes back at the end): every reference once, in input order,
    with the verdicts of one process."""
    from citations.sources.local import LocalIndex
    from citations.verify import iter_verify
    from citations.workers import verify_in_processes

    db, refs = _acl_refs(tmp_path, 41)
    with LocalIndex(db, read_only=True) as index:
        alone = [_raw_and_verdict(r) for r in iter_verify(refs, [index])]
    shared = list(
        verify_in_processes(iter(refs), db, _raw_and_verdict, workers=2, chunk=chunk, ahead=ahead)
    )
    assert shared == alone and [raw for raw, _ in shared] == refs
    assert (
        list(verify_in_processes(iter(refs[:chunk]), db, _raw_and_verdict, chunk=chunk))
        == alone[:chunk]
    )
    assert list(verify_in_processes(iter([]), db, _raw_and_verdict)) == []


def test_flags_out_of_range_or_of_no_effect_are_said(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    refs = tmp_path / "r.txt"
    refs.write_text("Lo, K. (2020). S2ORC: The Semantic Scholar Open Research Corpus. In ACL.\n")
    for bad in ("0", "-1", "two"):
        with pytest.raises(SystemExit) as exit_:
            run(["refs", "verify", str(refs), "--workers", bad])
        assert exit_.value.code == 2
        assert "--workers" in capsys.readouterr().err
    db = str(tmp_path / "none.sqlite")
    assert (
        run(["refs", "verify", str(refs), "--db", db, "--checkpoint", str(tmp_path / "ck.jsonl")])
        == 0
    )
    assert "--checkpoint applies to online sources" in capsys.readouterr().err
    bad_json = tmp_path / "refs.json"
    bad_json.write_text("{bad json")
    with pytest.raises(InputError, match=r"refs\.json: CSL-JSON is not valid JSON"):
        read_references(str(bad_json))


def test_refs_verify_interrupted_says_how_far_it_got(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    refs = tmp_path / "refs.txt"
    refs.write_text("\n".join(VANCOUVER) + "\n")

    def results(items, args, options):  # type: ignore[no-untyped-def]
        yield "unverified", items[0]
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "_results", results)
    assert run(["refs", "verify", str(refs), "--db", str(tmp_path / "none.sqlite")]) == 130
    captured = capsys.readouterr()
    assert VANCOUVER[0] in captured.out
    assert "interrupted after 1 of 4 reference(s)" in captured.err


def test_complete_says_when_a_venue_lies_outside_the_index(
    db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    refs = tmp_path / "refs.txt"
    refs.write_text(
        "Jumper, J., Evans, R., & Pritzel, A. (2021). Highly accurate protein structure "
        "prediction with AlphaFold. Nature, 596, 583-589.\n"
        "He, K. and Sun, J. (2016). Deep residual learning for image recognition. In Proceedings "
        "of the IEEE Conference on Computer Vision and Pattern Recognition, pp. 770-778.\n"
    )
    assert run(["refs", "verify", str(refs), "--db", str(db), "--complete"]) == 0
    out = capsys.readouterr().out
    assert out.count("[UNVERIFIED]") == 2 and "[FABRICATED]" not in out
    assert "'Nature' lies outside" in out
