"""Speed of ``grounding.pdf.read_pdf`` against bare PyMuPDF text extraction.

For each paper in ../shared/data/papers (or the PDFs given on the command line) prints the
pages, the best-of-N wall time of ``extract_plain_text`` (bare ``page.get_text()``) and of
``read_pdf`` in the same run, pages per second of read_pdf, and the ratio read/plain.
Best-of-N, the two readers interleaved, because the machine is shared: the minimum is the
least disturbed run.

Usage: python bench/pdf_read.py [-n 7] [PDF ...]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from grounding.pdf import extract_plain_text, read_pdf  # noqa: E402

PAPERS = ROOT.parent / "shared" / "data" / "papers"


def _best_pair(path: Path, n: int) -> tuple[float, float]:
    """Best-of-n seconds of (extract_plain_text, read_pdf), runs interleaved so that both
    readers see the same background load."""
    plain = read = float("inf")
    for _ in range(n):
        t = time.perf_counter()
        extract_plain_text(path)
        plain = min(plain, time.perf_counter() - t)
        t = time.perf_counter()
        read_pdf(path)
        read = min(read, time.perf_counter() - t)
    return plain, read


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pdfs", nargs="*", type=Path)
    ap.add_argument("-n", type=int, default=7, help="runs per PDF and reader (best is kept)")
    args = ap.parse_args(argv)
    pdfs = args.pdfs or sorted(PAPERS.glob("*.pdf"))
    if not pdfs:
        print(f"no PDFs (looked in {PAPERS})")
        return 1
    print(f"{'paper':<22}{'pages':>6}{'plain ms':>10}{'read ms':>9}{'pages/s':>9}{'ratio':>7}")
    tot_plain = tot_read = 0.0
    for pdf in pdfs:
        pages = len(read_pdf(pdf).pages)  # warm up caches, count pages
        plain, read = _best_pair(pdf, args.n)
        tot_plain += plain
        tot_read += read
        print(
            f"{pdf.stem:<22}{pages:>6}{plain * 1e3:>10.1f}{read * 1e3:>9.1f}"
            f"{pages / read:>9.0f}{read / plain:>7.2f}"
        )
    print(
        f"{'all':<22}{'':>6}{tot_plain * 1e3:>10.1f}{tot_read * 1e3:>9.1f}{'':>9}"
        f"{tot_read / tot_plain:>7.2f}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
