"""Read and write MMSciFact rows as JSON Lines.

Each line is validated straight from its bytes (``validate_json``); an off-schema line
raises :class:`SchemaError` naming the file, the 1-based line and the first bad field.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO

from pydantic import ValidationError

from annotations.errors import InputError, SchemaError
from annotations.schema import QA_PAIR, QAPair


def _field_path(exc: ValidationError) -> str | None:
    errs = exc.errors()
    if not errs:
        return None
    return ".".join(str(p) for p in errs[0]["loc"]) or None


def parse_row(text: str | bytes, *, path: str | None = None, line: int | None = None) -> QAPair:
    """Validate one JSON row. Raises SchemaError (with path, line, field) if off-schema."""
    try:
        return QA_PAIR.validate_json(text)
    except ValidationError as exc:
        field = _field_path(exc)
        first = exc.errors()[0]["msg"] if exc.errors() else str(exc)
        raise SchemaError(first, path=path, line=line, field=field, errors=[dict(e) for e in exc.errors(include_url=False)]) from None


def iter_rows(path: str | Path, *, skip_invalid: bool = False,
              errors: list[SchemaError] | None = None) -> Iterator[QAPair]:
    """Yield the rows of a JSONL file, in order; blank lines are ignored.

    With ``skip_invalid`` a bad line is appended to ``errors`` (if given) and skipped;
    otherwise its SchemaError is raised. Raises InputError if the file is missing.
    """
    p = Path(path)
    if not p.is_file():
        raise InputError(f"{p}: no such file")
    with p.open("rb") as fh:
        for lineno, raw in enumerate(fh, start=1):
            if not raw.strip():
                continue
            try:
                yield parse_row(raw, path=str(p), line=lineno)
            except SchemaError as err:
                if not skip_invalid:
                    raise
                if errors is not None:
                    errors.append(err)


def read_rows(path: str | Path) -> list[QAPair]:
    """All rows of a JSONL file. Raises SchemaError on the first off-schema line."""
    return list(iter_rows(path))


def dump_row(row: QAPair) -> str:
    """One row as compact JSON with the benchmark's field names (``2d_box``)."""
    return json.dumps(row.model_dump(mode="json", by_alias=True), ensure_ascii=False)


def write_rows(rows: Iterable[QAPair], out: str | Path | IO[str]) -> int:
    """Write rows as JSONL to a path or an open text file; returns the count written."""
    if isinstance(out, (str, Path)):
        with Path(out).open("w", encoding="utf-8") as fh:
            return write_rows(rows, fh)
    n = 0
    for row in rows:
        out.write(dump_row(row) + "\n")
        n += 1
    return n
