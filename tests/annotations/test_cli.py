from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from annotations.cli import register
from annotations.errors import SchemaError
from annotations.jsonl import dump_row, write_rows
from annotations.score import Metrics
from tests.annotations.rows import relabel, row, sent


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="sciground")
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    return int(args.func(args))


def _files(tmp: Path) -> tuple[Path, Path]:
    g = [
        row("p__q1", [sent("A is 1.", "supported"), sent("B is 2.", "nei")]),
        row("p__q2", [sent("C.", "contradiction")]),
    ]
    write_rows(g, tmp / "gold.jsonl")
    write_rows([relabel(g[0], ["supported", "supported"])], tmp / "pred.jsonl")
    return tmp / "gold.jsonl", tmp / "pred.jsonl"


def test_score_writes_table_json_and_markdown(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    g, p = _files(tmp_path)
    rc = run(
        [
            "score",
            "--gold",
            str(g),
            "--pred",
            str(p),
            "--json",
            str(tmp_path / "m.json"),
            "--markdown",
            str(tmp_path / "m.md"),
            "--resamples",
            "20",
        ]
    )
    assert rc == 0
    out = capsys.readouterr().out
    assert "label accuracy" in out and "1 without prediction" in out
    m = Metrics.model_validate_json((tmp_path / "m.json").read_text())
    assert m.labels.accuracy == pytest.approx(1 / 3) and m.n_missing_pairs == 1
    assert (tmp_path / "m.md").read_text().startswith("## Scores")


def test_score_json_to_stdout_oracle_mode(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    g, p = _files(tmp_path)
    assert (
        run(
            [
                "score",
                "--gold",
                str(g),
                "--pred",
                str(p),
                "--json",
                "-",
                "--mode",
                "oracle_graph",
                "--resamples",
                "0",
            ]
        )
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert data["mode"] == "oracle_graph" and data["graph"]["edges"] is None


def test_score_broken_line_raises_or_is_skipped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    g, p = _files(tmp_path)
    p.write_text(p.read_text() + '{"qa_pair_id": \n', encoding="utf-8")
    with pytest.raises(SchemaError, match=f"{p}:2.*--skip-invalid reports such rows"):
        run(["score", "--gold", str(g), "--pred", str(p)])
    assert (
        run(["score", "--gold", str(g), "--pred", str(p), "--skip-invalid", "--resamples", "0"])
        == 1
    )
    assert f"skipped: {p}:2" in capsys.readouterr().err


def test_hydrate_both_directions(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    g, _ = _files(tmp_path)
    assert run(["hydrate", str(g), str(tmp_path / "hyd")]) == 1  # no PDFs to copy
    err = capsys.readouterr().err
    assert "no PDF found for p__q1" in err
    assert (tmp_path / "hyd" / "final_annotations" / "p" / "p__q2.json").is_file()
    assert run(["hydrate", str(tmp_path / "hyd"), str(tmp_path / "flat.jsonl")]) == 1
    lines = (tmp_path / "flat.jsonl").read_text().splitlines()
    assert lines == [
        dump_row(r)
        for r in [
            row("p__q1", [sent("A is 1.", "supported"), sent("B is 2.", "nei")]),
            row("p__q2", [sent("C.", "contradiction")]),
        ]
    ]


def test_hydrate_with_a_pdf_root(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Predictions written away from the data (eval's output folder) name their PDFs
    relative to the data: --pdf-root says where that is."""
    preds = tmp_path / "out" / "deep" / "er" / "still" / "pred.jsonl"
    preds.parent.mkdir(parents=True)
    r = row("p__q1", [sent("A is 1.", "supported")])
    write_rows([r], preds)
    data = tmp_path / "data"
    (data / Path(r.paper_pdf_path)).parent.mkdir(parents=True, exist_ok=True)
    (data / r.paper_pdf_path).write_bytes(b"%PDF-1.4\n")
    assert run(["hydrate", str(preds), str(tmp_path / "h1")]) == 1
    assert "--pdf-root DIR names the folder" in capsys.readouterr().err
    assert run(["hydrate", str(preds), str(tmp_path / "h2"), "--pdf-root", str(data)]) == 0
    assert (
        tmp_path / "h2" / "final_annotations" / "p" / "_source.pdf"
    ).read_bytes() == b"%PDF-1.4\n"


def test_hydrate_and_eval_broken_line_name_the_skip_option(tmp_path: Path) -> None:
    """Every command that reads a dataset says how to go on past a broken line."""
    from grounding.cli import main

    g, _ = _files(tmp_path)
    g.write_text(g.read_text() + '{"qa_pair_id": \n', encoding="utf-8")
    with pytest.raises(SchemaError, match=f"{g}:3.*--skip-invalid reports such rows"):
        run(["hydrate", str(g), str(tmp_path / "out")])
    assert main(["eval", "--data", str(g), "--out", str(tmp_path / "ev")]) == 2
