"""CPU time of reading the numbers of every page, and of building the evidence index, per paper.

For each dev paper (``../shared/data/groundqa/dev``: the PDFs its answers are about), read
once with ``grounding.pdf.read_pdf``, prints the best of ``--repeat`` CPU times
(``time.process_time``) of: ``extract_quantities`` of every page text (what the index reads),
the same with the quiet-number shortcut turned off (``_quiet_after`` always False: the full
reading of what follows each number, same output), and ``EvidenceIndex.build``; with the
number of numbers read. Run it on two checkouts (``PYTHONPATH``) to compare code versions.

Usage: python bench/index_numbers.py [--data ../shared/data] [--repeat 7]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import grounding.quantities as quantities  # noqa: E402
from grounding.evidence import EvidenceIndex  # noqa: E402
from grounding.pdf import read_pdf  # noqa: E402


def best_ms(repeat: int, fn: Callable[[], object]) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.process_time()
        fn()
        times.append(time.process_time() - t0)
    return min(times) * 1000


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default=str(ROOT.parent / "shared" / "data"))
    ap.add_argument("--repeat", type=int, default=7)
    args = ap.parse_args()
    data = Path(args.data)
    dev = data / "groundqa" / "dev"
    if not dev.is_dir():
        print(f"skipped: no dev set at {dev}")
        return 0
    pdfs = sorted(
        {
            json.loads(line)["paper_pdf_path"]
            for f in dev.glob("*.jsonl")
            if not f.name.endswith(".citations.jsonl")
            for line in f.read_text().splitlines()
            if line.strip()
        }
    )
    quiet = getattr(quantities, "_quiet_after", None)  # None: code without the shortcut
    print(f"{'paper':<28} {'numbers':>7} {'read ms':>8} {'full ms':>8} {'index ms':>9}")
    totals = [0.0, 0.0, 0.0]
    for rel in pdfs:
        doc = read_pdf(data / rel)
        texts = [p.text for p in doc.pages]
        comma = quantities.detect_decimal_comma("\n".join(texts))

        def read() -> list[list[quantities.Quantity]]:
            return [quantities.extract_quantities(t, comma) for t in texts]

        n = sum(map(len, read()))
        t_read = best_ms(args.repeat, read)
        quantities._quiet_after = lambda text, end: False  # type: ignore[assignment]
        try:
            t_full = best_ms(args.repeat, read) if quiet is not None else t_read
        finally:
            quantities._quiet_after = quiet  # type: ignore[assignment]
        t_index = best_ms(args.repeat, lambda: EvidenceIndex.build(doc))
        for i, t in enumerate((t_read, t_full, t_index)):
            totals[i] += t
        print(f"{Path(rel).stem:<28} {n:>7} {t_read:>8.1f} {t_full:>8.1f} {t_index:>9.1f}")
    print(f"{'total':<28} {'':>7} {totals[0]:>8.1f} {totals[1]:>8.1f} {totals[2]:>9.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
