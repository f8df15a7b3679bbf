"""Benchmark the whole check against bare PyMuPDF text extraction, on every dev row.

For each dev paper: pages/s of read_pdf, and of bare extraction (page.get_text() on every
page, the baseline); then for each of its answers the whole ``check(question, answer,
pdf_path)`` from the file (read, index, sentence split, evidence search, judge, graph,
propagation, references), sentences/s of its part after reading and indexing, and the ratio

    whole check of one answer / bare extraction of the same PDF

measured in this one run, each the best of ``--repeat`` runs taken in turns (bare, check,
bare, check, ...) so that drift in the machine's speed falls on both. Target: ratio <= 5.

``--clock cpu`` times with ``time.process_time`` (this process's CPU time) instead of the
wall clock: on a machine shared with other jobs it leaves out the time spent waiting for a
core, which falls unevenly on the two sides.

Usage: python bench/check.py [--data ../shared/data] [--repeat 3] [--clock wall|cpu]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from annotations.jsonl import read_rows  # noqa: E402
from grounding.check import check  # noqa: E402
from grounding.evidence import EvidenceIndex  # noqa: E402
from grounding.pdf import extract_plain_text, read_pdf  # noqa: E402

CLOCK = time.perf_counter


def best_of(repeat: int, fn):  # type: ignore[no-untyped-def]
    times, result = [], None
    for _ in range(repeat):
        t0 = CLOCK()
        result = fn()
        times.append(CLOCK() - t0)
    return min(times), result


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default=str(ROOT.parent / "shared" / "data"))
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument(
        "--clock",
        choices=("wall", "cpu"),
        default="wall",
        help="wall: time.perf_counter (default); cpu: time.process_time",
    )
    args = ap.parse_args()
    global CLOCK
    CLOCK = time.process_time if args.clock == "cpu" else time.perf_counter
    data = Path(args.data)
    dev = data / "groundqa" / "dev"
    if not dev.is_dir():
        print(f"skipped: dev data not found at {dev}")
        return 0
    print(
        f"{'paper':<18} {'pages':>5} {'bare pg/s':>9} {'read pg/s':>9} {'index s':>8} "
        f"{'sent/s':>8} {'ratio max':>9} {'ratio mean':>10}"
    )
    all_ratios = []
    for f in sorted(dev.glob("*[0-9].jsonl")):
        rows = read_rows(f)
        pdf = data / rows[0].paper_pdf_path
        t_bare, pages = best_of(args.repeat, lambda: extract_plain_text(pdf))
        t_read, doc = best_of(args.repeat, lambda: read_pdf(pdf))
        t_index, index = best_of(args.repeat, lambda: EvidenceIndex.build(doc))
        n_sent, t_check, ratios = 0, 0.0, []
        for row in rows:
            # the whole check from the file, as a user runs it: read, index, judge, graph
            # (a fresh Document each time, so no index or search result is reused), timed
            # in turns with bare extraction, so that both see the machine in the same state
            # (its speed drifts by several per cent over a run)
            t_all = t_base = float("inf")
            for _ in range(args.repeat):
                t_b, _ = best_of(1, lambda: extract_plain_text(pdf))
                t_a, rep = best_of(1, lambda: check(row.question_text, row.answer_raw, pdf))
                t_base, t_all = min(t_base, t_b), min(t_all, t_a)
            n_sent += len(rep.sentences)
            t_check += max(t_all - t_read - t_index, 1e-9)
            ratios.append(t_all / t_base)
        all_ratios += ratios
        n = len(pages)
        print(
            f"{f.stem:<18} {n:>5} {n / t_bare:>9.1f} {n / t_read:>9.1f} {t_index:>8.3f} "
            f"{n_sent / t_check:>8.1f} {max(ratios):>9.2f} {statistics.mean(ratios):>10.2f}"
        )
    print(
        f"\nwhole check / bare extraction: mean {statistics.mean(all_ratios):.2f}x, "
        f"max {max(all_ratios):.2f}x over {len(all_ratios)} answers (target <= 5x)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
