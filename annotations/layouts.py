"""The two on-disk layouts of MMSciFact data, one loader for both, and conversion.

Flat layout (as distributed)::

    <root>/mmscifact.jsonl      one QAPair per line
    <root>/pdfs.zip             the papers; unzip next to the JSONL (paper_pdf_path
                                is relative to <root> or to its parent)

Hydrated layout (one file per QA pair, the paper beside its rows)::

    <root>/final_annotations/<paper_id>/<qa_pair_id>.json
    <root>/final_annotations/<paper_id>/_source.pdf

GroundQA dev (``../shared/data/groundqa/dev``) is a directory of ``<paper_id>.jsonl``
files (``*.citations.jsonl`` beside them are not rows); its ``paper_pdf_path`` values
(``papers/<id>.pdf``) are relative to ``../shared/data``, two levels above the folder.

A bad row raises :class:`SchemaError` naming the file and the 1-based line (JSONL) or the
file (hydrated); with ``skip_invalid=True`` it is kept in ``Dataset.errors`` and skipped.
"""

from __future__ import annotations

import json
import shutil
import zipfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import overload

from annotations.errors import InputError, SchemaError
from annotations.jsonl import dump_row, iter_rows, parse_row
from annotations.schema import QAPair

HYDRATED_DIR = "final_annotations"
SOURCE_PDF = "_source.pdf"
PDF_ZIP = "pdfs.zip"
PDF_SEARCH_DEPTH = 3
"""How many folders above the dataset root are tried for a relative paper_pdf_path."""


@dataclass(frozen=True, slots=True)
class Dataset(Sequence[QAPair]):
    """Rows loaded from either layout, with each row's PDF resolved.

    A ``Dataset`` is a ``Sequence[QAPair]`` (pass it straight to ``score``).

    Attributes:
        rows: the valid rows, in file order (files sorted by name).
        pdf_paths: parallel to rows: the existing PDF file, or None if not found.
        root: the folder relative paths were resolved against.
        layout: ``"jsonl"``, ``"jsonl_dir"`` or ``"hydrated"``.
        errors: the SchemaErrors of rows skipped with ``skip_invalid=True``.
        files: the annotation files read.
    """

    rows: tuple[QAPair, ...]
    pdf_paths: tuple[Path | None, ...]
    root: Path
    layout: str
    errors: tuple[SchemaError, ...] = ()
    files: tuple[Path, ...] = field(default=())

    @overload
    def __getitem__(self, i: int) -> QAPair: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[QAPair]: ...
    def __getitem__(self, i: int | slice) -> QAPair | Sequence[QAPair]:
        return self.rows[i]

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[QAPair]:
        return iter(self.rows)

    def pdf_path(self, qa_pair_id: str) -> Path | None:
        """The resolved PDF of a row, by id; None if the row or its PDF is missing."""
        for row, pdf in zip(self.rows, self.pdf_paths):
            if row.qa_pair_id == qa_pair_id:
                return pdf
        return None


def resolve_pdf(paper_pdf_path: str, root: Path, *, depth: int = PDF_SEARCH_DEPTH) -> Path | None:
    """Find a row's PDF: absolute as is, else relative to ``root`` or up to ``depth``
    folders above it. Returns the first existing file, or None."""
    p = Path(paper_pdf_path)
    if p.is_absolute():
        return p if p.is_file() else None
    base = root.resolve()
    for _ in range(depth + 1):
        cand = base / p
        if cand.is_file():
            return cand
        if base.parent == base:
            break
        base = base.parent
    return None


def hydrated_folder(path: Path) -> Path | None:
    """The ``final_annotations`` folder if ``path`` is (or holds) a hydrated layout."""
    if path.name == HYDRATED_DIR and path.is_dir():
        return path
    sub = path / HYDRATED_DIR
    return sub if sub.is_dir() else None


def jsonl_files(folder: Path) -> list[Path]:
    """Row files of a folder: ``*.jsonl`` sorted by name, without ``*.citations.jsonl``."""
    return sorted(p for p in folder.glob("*.jsonl") if not p.name.endswith(".citations.jsonl"))


def load_dataset(
    path: str | Path, *, skip_invalid: bool = False, pdf_root: str | Path | None = None
) -> Dataset:
    """Load MMSciFact rows from a JSONL file, a folder of JSONL files or a hydrated folder.

    Args: path: ``mmscifact.jsonl``; a folder of ``*.jsonl`` (``*.citations.jsonl``
              ignored); or a hydrated root (holding ``final_annotations/``) or that folder.
          skip_invalid: keep going past bad rows, collecting them in ``Dataset.errors``.
          pdf_root: the folder relative ``paper_pdf_path`` values start from, when it is
              not the rows' own (predictions written away from the data).
    Returns: Dataset; each row's PDF is resolved (``_source.pdf`` first in the hydrated
    layout, then ``paper_pdf_path`` against ``pdf_root`` or the root and up to three
    folders above it).
    Raises: InputError if the path is missing or holds no rows files; SchemaError for the
    first bad row (file, line, field) unless ``skip_invalid``.
    """
    p = Path(path)
    if not p.exists():
        raise InputError(f"{p}: no such file or folder")
    errors: list[SchemaError] = []
    rows: list[QAPair] = []
    pdfs: list[Path | None] = []
    hyd = hydrated_folder(p) if p.is_dir() else None
    if hyd is not None:
        files = sorted(f for f in hyd.glob("*/*.json"))
        root = hyd.parent
        for f in files:
            try:
                row = parse_row(f.read_bytes(), path=str(f))
            except SchemaError as err:
                if not skip_invalid:
                    raise
                errors.append(err)
                continue
            rows.append(row)
            src = f.parent / SOURCE_PDF
            pdfs.append(
                src
                if src.is_file()
                else resolve_pdf(row.paper_pdf_path, Path(pdf_root) if pdf_root else root)
            )
        return Dataset(tuple(rows), tuple(pdfs), root, "hydrated", tuple(errors), tuple(files))
    if p.is_dir():
        files = jsonl_files(p)
        if not files:
            raise InputError(f"{p}: no *.jsonl rows files and no {HYDRATED_DIR}/ folder")
        root, layout = p, "jsonl_dir"
    else:
        files, root, layout = [p], p.parent, "jsonl"
    base = Path(pdf_root) if pdf_root else root
    for f in files:
        for row in iter_rows(f, skip_invalid=skip_invalid, errors=errors):
            rows.append(row)
            pdfs.append(resolve_pdf(row.paper_pdf_path, base))
    return Dataset(tuple(rows), tuple(pdfs), root, layout, tuple(errors), tuple(files))


def refuse_repeated_ids(ds: Dataset, source: str, why: str) -> None:
    """Raise InputError when two rows of ``ds`` share a ``qa_pair_id``, naming the id, the
    file and line of each row that has it (a JSONL line, or a hydrated row's file) and
    ``why`` that matters; ``source``: the dataset as the user named it.

    Raises: InputError as described; nothing when every id differs."""
    dup = repeated_qa_pair_id(ds.rows)
    if dup is None:
        return
    where = ", ".join(_rows_with_id(ds.files, dup)) or source
    raise InputError(f"{source}: qa_pair_id {dup!r} occurs more than once ({where}): {why}")


def _rows_with_id(files: Sequence[Path], qa_pair_id: str) -> list[str]:
    """``file:line`` of each row of ``files`` whose ``qa_pair_id`` is ``qa_pair_id`` (read
    again: an error path); a hydrated row's file (one JSON object) is named alone."""
    out = []
    for f in files:
        text = f.read_text(encoding="utf-8", errors="replace")
        if f.suffix == ".json":
            if f'"{qa_pair_id}"' in text:
                out.append(str(f))
            continue
        for n, line in enumerate(text.splitlines(), 1):
            try:
                obj = json.loads(line)
            except ValueError:
                continue
            if isinstance(obj, dict) and obj.get("qa_pair_id") == qa_pair_id:
                out.append(f"{f}:{n}")
    return out


def repeated_qa_pair_id(rows: Sequence[QAPair]) -> str | None:
    """The first ``qa_pair_id`` that two of ``rows`` share, or None when all differ.

    Rows are keyed by it everywhere (one hydrated file each, one prediction each, one
    gold row each), so a repeated id would make one row overwrite or hide the other."""
    seen: set[str] = set()
    for row in rows:
        if row.qa_pair_id in seen:
            return row.qa_pair_id
        seen.add(row.qa_pair_id)
    return None


def _safe_name(text: str, what: str) -> str:
    if not text or text in (".", "..") or "/" in text or "\\" in text or "\x00" in text:
        raise InputError(f"{what} {text!r} cannot be used as a file name")
    return text


def _pdf_from_zip(zip_path: Path, paper_pdf_path: str, paper_id: str, dest: Path) -> bool:
    """Extract the member matching ``paper_pdf_path`` (or ``<paper_id>.pdf``) to ``dest``."""
    want = {
        PurePosixPath(paper_pdf_path).as_posix(),
        PurePosixPath(paper_pdf_path).name,
        f"{paper_id}.pdf",
    }
    with zipfile.ZipFile(zip_path) as zf:
        for name in zf.namelist():
            if name in want or PurePosixPath(name).name in want:
                with zf.open(name) as src, dest.open("wb") as out:
                    shutil.copyfileobj(src, out)
                return True
    return False


@dataclass(frozen=True, slots=True)
class HydrateResult:
    """What a conversion wrote: rows, PDFs copied, rows whose PDF was not found, errors."""

    rows: int
    pdfs: int
    missing_pdfs: tuple[str, ...]
    errors: tuple[SchemaError, ...]
    out: Path


def hydrate(
    src: str | Path,
    dest: str | Path,
    *,
    skip_invalid: bool = False,
    pdf_root: str | Path | None = None,
) -> HydrateResult:
    """Flat -> hydrated: write ``dest/final_annotations/<paper_id>/<qa_pair_id>.json`` and
    copy each paper to ``_source.pdf`` beside them.

    The PDF comes from the resolved ``paper_pdf_path`` or, failing that, from a
    ``pdfs.zip`` next to the source rows. Rows are written unchanged (pretty JSON).
    ``pdf_root``: where relative ``paper_pdf_path`` values start (load_dataset).
    Raises: InputError on unusable or repeated ids (before anything is written) or a
    missing source; SchemaError as load_dataset.
    """
    ds = load_dataset(src, skip_invalid=skip_invalid, pdf_root=pdf_root)
    refuse_repeated_ids(  # checked before anything is written
        ds, str(src), "both rows would be written to the same file; nothing written"
    )
    out = Path(dest) / HYDRATED_DIR
    out.mkdir(parents=True, exist_ok=True)
    zips = [f.parent / PDF_ZIP for f in ds.files if (f.parent / PDF_ZIP).is_file()]
    written = copied = 0
    missing: list[str] = []
    done_papers: set[str] = set()
    for row, pdf in zip(ds.rows, ds.pdf_paths):
        folder = out / _safe_name(row.paper_id, "paper_id")
        folder.mkdir(exist_ok=True)
        target = folder / f"{_safe_name(row.qa_pair_id, 'qa_pair_id')}.json"
        target.write_text(_pretty(row), encoding="utf-8")
        written += 1
        if row.paper_id in done_papers:
            continue
        dst = folder / SOURCE_PDF
        if pdf is not None:
            if pdf.resolve() != dst.resolve():
                shutil.copyfile(pdf, dst)
            copied += 1
            done_papers.add(row.paper_id)
        elif any(_pdf_from_zip(z, row.paper_pdf_path, row.paper_id, dst) for z in zips):
            copied += 1
            done_papers.add(row.paper_id)
        else:
            missing.append(row.qa_pair_id)
    return HydrateResult(written, copied, tuple(missing), ds.errors, out)


def dehydrate(src: str | Path, dest: str | Path, *, skip_invalid: bool = False) -> HydrateResult:
    """Hydrated -> flat: write all rows to the JSONL file ``dest`` and each ``_source.pdf``
    to ``<dest folder>/<paper_pdf_path>`` so that the flat file resolves its papers.

    A ``paper_pdf_path`` that is absolute or climbs out (``..``) is replaced by
    ``pdfs/<paper_id>.pdf``. Rows are sorted as loaded (by paper folder, then file name).
    Raises: InputError if ``src`` is not a hydrated layout; SchemaError as load_dataset.
    """
    s = Path(src)
    if not s.is_dir() or hydrated_folder(s) is None:
        raise InputError(f"{s}: not a hydrated layout (no {HYDRATED_DIR}/ folder)")
    ds = load_dataset(s, skip_invalid=skip_invalid)
    d = Path(dest)
    d.parent.mkdir(parents=True, exist_ok=True)
    copied = 0
    missing: list[str] = []
    done: set[Path] = set()
    with d.open("w", encoding="utf-8") as fh:
        for row, pdf in zip(ds.rows, ds.pdf_paths):
            rel = PurePosixPath(row.paper_pdf_path)
            if rel.is_absolute() or ".." in rel.parts or not rel.parts:
                rel = PurePosixPath("pdfs") / f"{_safe_name(row.paper_id, 'paper_id')}.pdf"
                row = row.model_copy(update={"paper_pdf_path": rel.as_posix()})
            fh.write(dump_row(row) + "\n")
            if pdf is None:
                missing.append(row.qa_pair_id)
                continue
            target = d.parent / rel
            if target in done:
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            if pdf.resolve() != target.resolve():
                shutil.copyfile(pdf, target)
            done.add(target)
            copied += 1
    return HydrateResult(len(ds.rows), copied, tuple(missing), ds.errors, d)


def _pretty(row: QAPair) -> str:
    data = row.model_dump(mode="json", by_alias=True)
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
