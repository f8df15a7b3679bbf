"""Helpers for the citation tests: small stores built from records (no network)."""

from __future__ import annotations

import gzip
import itertools
import json
from collections.abc import Iterable
from pathlib import Path

from citations.errors import SourceError
from citations.model import Author, Record, Reference
from citations.sources.local import LocalIndex
from citations.text.names import parse_name
from tests.conftest import DATA, need

ACL = DATA / "acl-anthology" / "records.jsonl.gz"


def acl_rows(n: int = 300, start: int = 6700) -> list[dict]:
    """n ACL Anthology records from line ``start`` (AACL 2020 on: DOIs, pages, authors);
    skips the test if the file is absent."""
    with gzip.open(need(ACL), "rt", encoding="utf-8") as fh:
        return [json.loads(line) for line in itertools.islice(fh, start, start + n)]


def store(
    tmp_path: Path, records: Iterable[Record] = (), name: str = "t.sqlite", complete: bool = True
) -> LocalIndex:
    """An index holding ``records``, declared complete (a test store holds every work)."""
    index = LocalIndex(tmp_path / name, complete=complete)
    index.add_records(records)
    return index


def authors(*names: str) -> tuple[Author, ...]:
    return tuple(parse_name(n) for n in names)


def rec(
    rid: str, title: str, names: Iterable[str] = (), year: int | None = None, **kw: object
) -> Record:
    return Record(source="test", id=rid, title=title, authors=authors(*names), year=year, **kw)  # type: ignore[arg-type]


def ref(
    title: str | None, names: Iterable[str] = (), year: int | None = None, **kw: object
) -> Reference:
    return Reference(raw=title or "", title=title, authors=authors(*names), year=year, **kw)  # type: ignore[arg-type]


class FailingSource:
    """A source that cannot be consulted (raises SourceError on every call)."""

    name = "down"
    indexes = frozenset()

    def __init__(self) -> None:
        self.calls = 0

    def _fail(self) -> None:
        self.calls += 1
        raise SourceError("connection refused", source=self.name, url="http://127.0.0.1:9")

    def lookup_doi(self, doi: str) -> Record | None:
        self._fail()
        return None

    def lookup_arxiv(self, arxiv_id: str) -> Record | None:
        self._fail()
        return None

    def search(self, reference: Reference, limit: int = 10) -> list[Record]:
        self._fail()
        return []
