"""Read and write MMSciFact rows as JSON Lines.

Each line is validated straight from its bytes (``validate_json``); an off-schema line
raises :class:`SchemaError` naming the file, the 1-based line and the first bad field.

Lines end at ``b"\\n"`` only, everywhere (``jsonl_lines``): ``str.splitlines`` also cuts at
U+2028, U+2029 and U+0085, which PDF text carries inside JSON strings. Written
lines (``dumps_line``) escape those three characters and hold no bare NaN / Infinity (strict
JSON), so no reader splits or rejects them. A line torn by a crash mid-write is cut off the
end of an output file before appending to it (``drop_torn_tail``: a
line torn by a crash mid-append).
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Any

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
        errors = [dict(e) for e in exc.errors(include_url=False)]
        raise SchemaError(first, path=path, line=line, field=field, errors=errors) from None


def iter_rows(
    path: str | Path, *, skip_invalid: bool = False, errors: list[SchemaError] | None = None
) -> Iterator[QAPair]:
    """Yield the rows of a JSONL file, in order; blank lines are ignored.

    With ``skip_invalid`` a bad line is appended to ``errors`` (if given) and skipped;
    otherwise its SchemaError is raised. Raises InputError if the file is missing.
    """
    p = Path(path)
    if not p.is_file():
        raise InputError(f"{p}: no such file")
    with p.open("rb") as fh:  # binary lines end at b"\n" only
        for lineno, raw in enumerate(fh, start=1):
            if not raw.strip():
                continue
            try:
                # without its line end, so that a broken line's error says its real column
                yield parse_row(raw.rstrip(b"\r\n"), path=str(p), line=lineno)
            except SchemaError as err:
                if not skip_invalid:
                    raise
                if errors is not None:
                    errors.append(err)


def read_rows(path: str | Path) -> list[QAPair]:
    """All rows of a JSONL file. Raises SchemaError on the first off-schema line."""
    return list(iter_rows(path))


#: Characters that line readers other than "split at \n" take for line ends; escaped in
#: written JSON (inside strings, where alone they can occur, as ``\u2028`` etc.).
_LINE_BREAKERS = {"\u2028": "\\u2028", "\u2029": "\\u2029", "\u0085": "\\u0085"}


def _finite(obj: Any) -> Any:
    """``obj`` with every NaN / Infinity float replaced by None (strict JSON has neither)."""
    if isinstance(obj, float):
        return obj if math.isfinite(obj) else None
    if isinstance(obj, dict):
        return {k: _finite(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_finite(v) for v in obj]
    return obj


def dumps_line(obj: Any) -> str:
    """``obj`` as one line of strict JSON, without its newline.

    UTF-8 text is kept as is except U+2028, U+2029 and U+0085, written as ``\\u`` escapes
    (PDF text carries them); a NaN or infinite float is written as ``null`` (``json.dumps``
    would write a bare ``NaN``, which strict parsers reject). Raises: TypeError for an object
    json cannot write.
    """
    try:
        text = json.dumps(obj, ensure_ascii=False, allow_nan=False)
    except ValueError:  # a NaN or Infinity somewhere
        text = json.dumps(_finite(obj), ensure_ascii=False, allow_nan=False)
    if any(c in text for c in _LINE_BREAKERS):
        for c, esc in _LINE_BREAKERS.items():
            text = text.replace(c, esc)
    return text


def dump_row(row: QAPair) -> str:
    """One row as compact JSON with the benchmark's field names (``2d_box``); one line
    (see :func:`dumps_line`)."""
    return dumps_line(row.model_dump(mode="json", by_alias=True))


def jsonl_lines(data: bytes) -> Iterator[tuple[int, bytes]]:
    """(1-based line number, line bytes without its b"\\n") of the non-blank lines of JSONL
    ``data``; lines end at b"\\n" only (never at U+2028 / U+2029 / U+0085)."""
    for lineno, raw in enumerate(data.split(b"\n"), start=1):
        if raw.strip():
            yield lineno, raw


def drop_torn_tail(path: str | Path) -> bytes | None:
    """Make an output JSONL file safe to append to: if its last line has no newline, it was
    torn by a crash mid-write (possibly inside a UTF-8 character), so cut the file back to
    its last newline and return the fragment; a last line that is a whole JSON value only
    lost its newline, which is added. Returns None when nothing was cut (also for a file
    that does not exist).

    The caller reports the fragment (and may keep it elsewhere); appending after it would
    glue the next record onto it (a crash mid-append tears it). Raises: OSError if the file
    cannot be written.
    """
    p = Path(path)
    if not p.is_file():
        return None
    with p.open("rb+") as fh:
        size = fh.seek(0, 2)
        if size == 0:
            return None
        fh.seek(size - 1)
        if fh.read(1) == b"\n":
            return None
        # read back from the end to the last newline (bounded reads: files can be large)
        pos, tail = size, b""
        while pos > 0 and b"\n" not in tail:
            step = min(65536, pos)
            pos -= step
            fh.seek(pos)
            tail = fh.read(step) + tail
        cut = tail.rfind(b"\n") + 1  # 0 when the file has no newline at all
        fragment = tail[cut:]
        try:
            json.loads(fragment)
        except ValueError:  # UnicodeDecodeError is a ValueError too
            fh.truncate(pos + cut)
            return fragment
        fh.seek(size)
        fh.write(b"\n")
        return None


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
