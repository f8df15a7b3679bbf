"""How many numbers ``extract_quantities`` reads from real papers, by the way they are written.

Usage: python bench/numbers_read.py [--sample N] [--seed S] [PDF_OR_DIR ...]
Defaults to every PDF in ../shared/data/papers and ../shared/data/papers-more (papers this
code was not written against). Reads each page with ``grounding.pdf.read_pdf`` and prints,
per paper and in total: quantities read, checkable ones, and how many are range endpoints,
values with a ``±`` uncertainty, parts of a whole (3/5, N of M), percentage points,
space-grouped thousands ("10 395"), scientific notation, spelled-out numbers, orders of
magnitude ("millions"), and bounds ("<", "at least"). With --sample N, prints N random
examples of ranges, thousands, exponents, words and parts (with 30 characters of context)
for checking by eye. Works on an older ``grounding.quantities`` too (absent fields count 0).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from grounding.lexicon import fold  # noqa: E402
from grounding.pdf import read_pdf  # noqa: E402
from grounding.quantities import Quantity, extract_quantities  # noqa: E402

DATA = ROOT.parent / "shared" / "data"
FEATURES = ("range", "uncertainty", "part", "points", "thousands", "sci", "word", "vague", "bound")


def features(q: Quantity) -> list[str]:
    """The features of ``q`` counted by this script."""
    out = []
    if getattr(q, "range", None) is not None and q.kind != "vague":
        out.append("range")
    if getattr(q, "uncertainty", None) is not None:
        out.append("uncertainty")
    if getattr(q, "denominator", None) is not None:
        out.append("part")
    if getattr(q, "points", False):
        out.append("points")
    digits = q.text.split()[0:2]
    if len(digits) == 2 and all(d.lstrip("-").replace(".", "").isdigit() for d in digits):
        out.append("thousands")
    if q.kind == "sci" or "e-" in q.text.lower() or "e+" in q.text.lower():
        out.append("sci")
    if q.kind in ("word", "fraction"):
        out.append("word")
    if q.kind == "vague":
        out.append("vague")
    if q.bound is not None:
        out.append("bound")
    return out


def pdfs(args: list[str]) -> list[Path]:
    if not args:
        return sorted((DATA / "papers").glob("*.pdf")) + sorted(
            (DATA / "papers-more").glob("*.pdf")
        )
    out: list[Path] = []
    for a in args:
        p = Path(a)
        out.extend(sorted(p.glob("*.pdf")) if p.is_dir() else [p])
    return out


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("paths", nargs="*")
    ap.add_argument("--sample", type=int, default=0)
    ap.add_argument("--seed", type=int, default=11)
    args = ap.parse_args(argv)
    files = pdfs(args.paths)
    if not files:
        print("no PDFs found", file=sys.stderr)
        return 2
    total: Counter[str] = Counter()
    examples: dict[str, list[str]] = {f: [] for f in FEATURES}
    seconds = 0.0
    print(f"{'paper':34s} {'read':>6s} {'check':>6s} " + " ".join(f"{f[:7]:>7s}" for f in FEATURES))
    for path in files:
        doc = read_pdf(path)
        counts: Counter[str] = Counter()
        for page in doc.pages:
            t = time.perf_counter()
            qs = extract_quantities(page.text)
            seconds += time.perf_counter() - t
            text = fold(page.text)
            for q in qs:
                counts["read"] += 1
                counts["check"] += q.checkable
                for f in features(q):
                    counts[f] += 1
                    context = text[max(0, q.start - 30) : q.end + 30].replace("\n", " ")
                    examples[f].append(
                        f"{path.stem} p{page.number}: {q.text!r} -> {q.value:g}"
                        f" {q.unit or ''} {getattr(q, 'range', None) or ''}"
                        f"  ...{context}..."
                    )
        total.update(counts)
        print(
            f"{path.stem[:34]:34s} {counts['read']:6d} {counts['check']:6d} "
            + " ".join(f"{counts[f]:7d}" for f in FEATURES)
        )
    print(
        f"{'all (' + str(len(files)) + ' PDFs)':34s} {total['read']:6d} {total['check']:6d} "
        + " ".join(f"{total[f]:7d}" for f in FEATURES)
    )
    print(f"extract_quantities time over all pages: {seconds:.2f} s")
    if args.sample:
        rng = random.Random(args.seed)
        for f in ("range", "thousands", "sci", "word", "part", "uncertainty"):
            pool = examples[f]
            print(f"\n{f}: {min(args.sample, len(pool))} of {len(pool)}")
            for line in rng.sample(pool, min(args.sample, len(pool))):
                print("  " + line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
