"""Shared helpers of the citation benchmarks: the temporary store, the title-only baseline.

The store is built once per run into a temporary directory from real records (no
network): the ACL Anthology file plus the benchmark's own real records.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Iterable
from pathlib import Path

from rapidfuzz import fuzz

from citations.model import Record, Reference
from citations.sources.local import LocalIndex
from citations.text.fold import title_words

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
ACL = DATA / "acl-anthology" / "records.jsonl.gz"


def build_store(extra: Iterable[Record], *, acl: bool = True) -> tuple[LocalIndex, float, Path]:
    """A LocalIndex in a fresh temp dir holding ``extra`` (+ the ACL records).
    Returns (index, build seconds, directory)."""
    tmp = Path(tempfile.mkdtemp(prefix="sciground-bench-"))
    t0 = time.perf_counter()
    index = LocalIndex(tmp / "store.sqlite", complete=True)  # holds every real record
    if acl:
        index.add_file(ACL)
    index.add_records(extra)
    return index, time.perf_counter() - t0, tmp


def title_baseline(
    index: LocalIndex, ref: Reference, threshold: float = 90.0
) -> tuple[bool, Record | None]:
    """HalluCiteChecker-style decision: real iff some record's normalised title has
    rapidfuzz ratio >= threshold with the cited one (candidates from the same index)."""
    cited = " ".join(title_words(ref.title or ""))
    if not cited:
        return False, None
    title_only = Reference(raw=ref.title or "", title=ref.title)
    best, best_rec = 0.0, None
    for rec in index.search(title_only, limit=20):
        s = fuzz.ratio(cited, " ".join(title_words(rec.title)))
        if s > best:
            best, best_rec = s, rec
    return best >= threshold, best_rec
