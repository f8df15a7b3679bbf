"""``check --batch`` speed when rows of different papers are interleaved, against grouped.

Runs ``grounding.cli_check.check_items`` (the batch loop, rules judge, no references) over
every GroundQA dev row twice: grouped by paper (the dev files' order) and interleaved
(round-robin over the papers, the worst order for a cache smaller than the paper count),
with the batch's paper cache (PAPER_CACHE_SIZE papers, dropping the one needed furthest
ahead), with a 4-paper cache (fewer than dev's 6 papers) and with a one-paper cache (the
loop before the paper cache). Prints rows/s, papers
read, and the memory one cache entry holds per paper (tracemalloc: Document + evidence
index after one check).

Usage: python bench/batch_order.py [DEV_DIR] [--repeat 2]
"""

from __future__ import annotations

import argparse
import gc
import io
import itertools
import sys
import time
import tracemalloc
from contextlib import redirect_stderr
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from annotations.jsonl import read_rows  # noqa: E402
from grounding.check import check  # noqa: E402
from grounding.cli_check import PAPER_CACHE_SIZE, Item, PaperCache, check_items  # noqa: E402
from grounding.evidence import EvidenceIndex  # noqa: E402
from grounding.judges.registry import make_judge  # noqa: E402
from grounding.pdf import read_pdf  # noqa: E402

DEFAULT_DEV = ROOT.parent / "shared" / "data" / "groundqa" / "dev"


def run(items: list[Item], size: int, repeat: int) -> tuple[float, int]:
    """(best rows/s, papers read) of check_items over ``items`` with a cache of ``size``."""
    best, reads = 0.0, 0
    for _ in range(repeat):
        papers = PaperCache(EvidenceIndex.build, size=size)
        t = time.perf_counter()
        with redirect_stderr(io.StringIO()):
            counts = check_items(items, make_judge("rules"), io.StringIO(), set(), papers=papers)
        rate = counts.ok / (time.perf_counter() - t)
        assert counts.ok == len(items), counts.failures
        best, reads = max(best, rate), papers.reads
    return best, reads


def entry_mb(pdf: Path) -> float:
    gc.collect()
    tracemalloc.start()
    doc = read_pdf(pdf)
    index = EvidenceIndex.build(doc)
    check("", "The model scores 80.0 on average.", doc, index=index, verify_citations=False)
    gc.collect()
    held = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return held / 1e6


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument(
        "dev",
        nargs="?",
        type=Path,
        default=DEFAULT_DEV,
        help="GroundQA dev folder (PDF paths are relative to two folders up)",
    )
    ap.add_argument("--repeat", type=int, default=2)
    args = ap.parse_args()
    if not args.dev.is_dir():
        print(f"skipped: no dev data at {args.dev}")
        return 0
    dev, data = args.dev, args.dev.parents[1]
    by_paper: list[list[Item]] = []
    for f in sorted(dev.glob("*[0-9].jsonl")):
        rows = read_rows(f)
        by_paper.append(
            [
                (
                    f"{f}:{k}",
                    r.model_copy(update={"annotations": ()}),
                    data / r.paper_pdf_path,
                    None,
                )
                for k, r in enumerate(rows, 1)
            ]
        )
    grouped = [it for paper in by_paper for it in paper]
    interleaved = [it for group in itertools.zip_longest(*by_paper) for it in group if it]
    print(f"{len(grouped)} dev rows, {len(by_paper)} papers; rules judge; best of {args.repeat}")
    for size in sorted({PAPER_CACHE_SIZE, 4, 1}, reverse=True):
        for name, items in (("grouped", grouped), ("interleaved", interleaved)):
            rate, reads = run(items, size, args.repeat)
            print(f"cache {size} paper(s)  {name:<12} {rate:6.1f} rows/s  ({reads} papers read)")
    sizes = [entry_mb(paper[0][2]) for paper in by_paper if paper[0][2]]
    print(
        f"memory per cache entry: {min(sizes):.1f}-{max(sizes):.1f} MB "
        f"(mean {sum(sizes) / len(sizes):.1f}) over {len(sizes)} papers"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
