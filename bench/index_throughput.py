"""Local index speed: build time from the ACL Anthology file, references/s, peak memory.

Usage: python bench/index_throughput.py [--refs 4000] [--workers 2]

1. Builds a fresh index in a temp dir from shared/data/acl-anthology/records.jsonl.gz
   (100,601 records) and prints the seconds taken and the file size.
2. Verifies ``--refs`` reference strings (built from random ACL records: half as written,
   half with one field corrupted: year, a dropped author, or a substituted title word)
   with ``--workers`` processes, each with its own connection to the index; prints
   references/s end to end (string parsing + lookups + search + comparison + verdict)
   and the share of verdicts that are right.
3. Prints the peak resident memory of the build process and of the workers.
Targets (issue): build <= 60 s; >= 200 references/s on 2 cores.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import resource
import sys
import tempfile
import time
from multiprocessing import get_context
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench._store import ACL  # noqa: E402
from citations.model import Verdict  # noqa: E402
from citations.sources.local import LocalIndex  # noqa: E402

_INDEX: LocalIndex | None = None


def _init(path: str) -> None:
    global _INDEX
    _INDEX = LocalIndex(path, complete=True)


def _work(item: tuple[str, bool]) -> tuple[bool, float]:
    """(right verdict?, CPU seconds this reference took in the worker)."""
    from citations.verify import verify

    text, corrupted = item
    assert _INDEX is not None
    c0 = time.process_time()
    res = verify(text, [_INDEX])
    cpu = time.process_time() - c0
    want = Verdict.CORRUPTED if corrupted else Verdict.VERIFIED
    return res.verdict is want or (corrupted and res.verdict is Verdict.FABRICATED), cpu


def make_refs(n: int, seed: int = 7) -> list[tuple[str, bool]]:
    with gzip.open(ACL, "rt", encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh]
    rng = random.Random(seed)
    rows = [r for r in rows if r.get("authors") and len(r["title"].split()) >= 4]
    out = []
    for i, r in enumerate(rng.sample(rows, n)):
        names, title, year = list(r["authors"]), r["title"], r["year"]
        corrupted = i % 2 == 1
        if corrupted:
            kind = rng.choice(["year", "author", "title"])
            if kind == "year":
                year += rng.choice([-3, -2, 2, 3])
            elif kind == "author" and len(names) > 1:
                names.pop()
            else:
                words = title.split()
                j = max(range(len(words)), key=lambda k: len(words[k]))
                words[j] = rng.choice(["Robust", "Adversarial", "Neural", "Efficient"])
                title = " ".join(words)
        authors = names[0] if len(names) == 1 else ", ".join(names[:-1]) + ", and " + names[-1]
        out.append((f"{authors}. {title}. In {r['venue']}, {year}.", corrupted))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--refs", type=int, default=4000)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="sciground-idx-"))
    t0 = time.perf_counter()
    index = LocalIndex(tmp / "acl.sqlite")
    n = index.add_file(ACL)
    build_s = time.perf_counter() - t0
    size = index.stats().size_bytes
    index.close()
    build_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"build: {n} records in {build_s:.1f} s ({n / build_s:.0f} records/s), "
        f"index {size / 1e6:.0f} MB, peak RSS {build_rss:.0f} MB"
    )
    refs = make_refs(args.refs)
    ctx = get_context("fork")
    t1 = time.perf_counter()
    with ctx.Pool(args.workers, initializer=_init, initargs=(str(tmp / "acl.sqlite"),)) as pool:
        out = pool.map(_work, refs, chunksize=50)
    dt = time.perf_counter() - t1
    ok = [o for o, _ in out]
    cpu = sum(c for _, c in out)
    child_rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(
        f"verify: {len(refs)} reference strings on {args.workers} workers in {dt:.1f} s = "
        f"{len(refs) / dt:.0f} references/s (wall); right verdict {sum(ok) / len(ok):.3f}"
    )
    print(
        f"  CPU per reference {1000 * cpu / len(refs):.2f} ms -> {args.workers * len(refs) / cpu:.0f} "
        f"references/s on {args.workers} otherwise idle cores (load average now "
        f"{os.getloadavg()[0]:.1f})"
    )
    print(f"peak RSS per worker: {child_rss:.0f} MB")


if __name__ == "__main__":
    main()
