"""Both layouts built in tmp_path; the dev folder read in place."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from annotations.errors import InputError, SchemaError
from annotations.jsonl import dump_row, write_rows
from annotations.layouts import dehydrate, hydrate, load_dataset, resolve_pdf
from tests.annotations.rows import row, sent
from tests.conftest import DEV, PAPERS, need

PDF = b"%PDF-1.4 fake\n"


def rows3() -> list:
    return [row(f"paper-a__q{i}", [sent(f"Claim {i}.", "supported")]) for i in (1, 2)] + [
        row("paper-b__q1", [sent("Other claim.", "nei")])
    ]


def flat(tmp: Path, pdfs_at: str = "root") -> Path:
    """mmscifact.jsonl with papers/<paper_id>.pdf beside it (or one folder up)."""
    data = tmp / "release"
    data.mkdir()
    jl = data / "mmscifact.jsonl"
    write_rows(rows3(), jl)
    base = data if pdfs_at == "root" else tmp
    (base / "papers").mkdir()
    for pid in ("paper-a", "paper-b"):
        (base / "papers" / f"{pid}.pdf").write_bytes(PDF + pid.encode())
    return jl


def test_flat_jsonl_resolves_pdfs_at_root_and_parent(tmp_path: Path) -> None:
    ds = load_dataset(flat(tmp_path))
    assert ds.layout == "jsonl" and len(ds) == 3
    assert [r.qa_pair_id for r in ds] == ["paper-a__q1", "paper-a__q2", "paper-b__q1"]
    assert all(p is not None and p.read_bytes().startswith(PDF) for p in ds.pdf_paths)
    assert ds.pdf_path("paper-b__q1") == (tmp_path / "release" / "papers" / "paper-b.pdf").resolve()
    up = tmp_path / "up"
    up.mkdir()
    ds2 = load_dataset(flat(up, pdfs_at="parent"))
    assert ds2.pdf_paths[0] == (up / "papers" / "paper-a.pdf").resolve()


def test_missing_pdf_is_none(tmp_path: Path) -> None:
    jl = tmp_path / "rows.jsonl"
    write_rows(rows3(), jl)
    ds = load_dataset(jl)
    assert ds.pdf_paths == (None, None, None)
    assert resolve_pdf(str(tmp_path / "nope.pdf"), tmp_path) is None


def test_folder_of_jsonl_ignores_citations_files(tmp_path: Path) -> None:
    write_rows(rows3()[:2], tmp_path / "paper-a.jsonl")
    write_rows(rows3()[2:], tmp_path / "paper-b.jsonl")
    (tmp_path / "paper-a.citations.jsonl").write_text('{"marker": "[1]"}\n')
    ds = load_dataset(tmp_path)
    assert ds.layout == "jsonl_dir" and len(ds) == 3
    assert [f.name for f in ds.files] == ["paper-a.jsonl", "paper-b.jsonl"]


def test_broken_line_is_reported_with_file_and_line(tmp_path: Path) -> None:
    jl = tmp_path / "rows.jsonl"
    good = [dump_row(r) for r in rows3()]
    jl.write_text(good[0] + "\n" + good[1][:-7] + "\n" + good[2] + "\n", encoding="utf-8")
    with pytest.raises(SchemaError) as exc:
        load_dataset(jl)
    assert exc.value.path == str(jl) and exc.value.line == 2
    assert f"{jl}:2" in str(exc.value)
    ds = load_dataset(jl, skip_invalid=True)
    assert len(ds) == 2 and len(ds.errors) == 1 and ds.errors[0].line == 2


def test_off_schema_field_is_named(tmp_path: Path) -> None:
    jl = tmp_path / "rows.jsonl"
    jl.write_text(dump_row(rows3()[0]).replace('"supported"', '"maybe"') + "\n", encoding="utf-8")
    with pytest.raises(SchemaError) as exc:
        load_dataset(jl)
    assert exc.value.line == 1 and exc.value.field == "annotations.0.label"


def test_missing_path_and_empty_folder(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such"):
        load_dataset(tmp_path / "absent.jsonl")
    with pytest.raises(InputError, match="no \\*.jsonl"):
        load_dataset(tmp_path)


def test_hydrate_and_back_round_trip(tmp_path: Path) -> None:
    jl = flat(tmp_path)
    res = hydrate(jl, tmp_path / "hyd")
    assert (res.rows, res.pdfs, res.missing_pdfs) == (3, 2, ())
    fa = tmp_path / "hyd" / "final_annotations"
    assert sorted(p.name for p in (fa / "paper-a").iterdir()) == [
        "_source.pdf",
        "paper-a__q1.json",
        "paper-a__q2.json",
    ]
    assert (fa / "paper-b" / "_source.pdf").read_bytes() == PDF + b"paper-b"
    for path in (tmp_path / "hyd", fa):
        ds = load_dataset(path)
        assert ds.layout == "hydrated" and list(ds) == rows3()
        assert ds.pdf_paths[2] == fa / "paper-b" / "_source.pdf"
    back = dehydrate(tmp_path / "hyd", tmp_path / "flat" / "mmscifact.jsonl")
    assert (back.rows, back.pdfs) == (3, 2)
    ds = load_dataset(tmp_path / "flat" / "mmscifact.jsonl")
    assert list(ds) == rows3()
    assert ds.pdf_paths[0] is not None and ds.pdf_paths[0].read_bytes() == PDF + b"paper-a"


def test_hydrate_takes_pdfs_from_zip(tmp_path: Path) -> None:
    data = tmp_path / "release"
    data.mkdir()
    write_rows(rows3(), data / "mmscifact.jsonl")
    with zipfile.ZipFile(data / "pdfs.zip", "w") as zf:
        zf.writestr("papers/paper-a.pdf", PDF + b"A")
    res = hydrate(data / "mmscifact.jsonl", tmp_path / "hyd")
    assert res.pdfs == 1 and res.missing_pdfs == ("paper-b__q1",)
    assert (
        tmp_path / "hyd" / "final_annotations" / "paper-a" / "_source.pdf"
    ).read_bytes() == PDF + b"A"


def test_hydrated_bad_file_is_named(tmp_path: Path) -> None:
    hydrate(flat(tmp_path), tmp_path / "hyd")
    bad = tmp_path / "hyd" / "final_annotations" / "paper-a" / "paper-a__q2.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(SchemaError) as exc:
        load_dataset(tmp_path / "hyd")
    assert exc.value.path == str(bad)
    assert len(load_dataset(tmp_path / "hyd", skip_invalid=True)) == 2


def test_unsafe_ids_are_refused(tmp_path: Path) -> None:
    jl = tmp_path / "rows.jsonl"
    write_rows([row("../evil__q1", [sent("x.")])], jl)
    with pytest.raises(InputError, match="file name"):
        hydrate(jl, tmp_path / "hyd")


def test_dehydrate_needs_a_hydrated_folder(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="not a hydrated"):
        dehydrate(tmp_path, tmp_path / "x.jsonl")


def test_dev_folder_loads_with_pdfs_two_levels_up() -> None:
    ds = load_dataset(need(DEV))
    assert len(ds) == 30 and sum(len(r.annotations) for r in ds) == 397
    need(PAPERS)
    assert all(p is not None and p.parent == PAPERS.resolve() for p in ds.pdf_paths)
