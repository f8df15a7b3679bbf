"""Benchmark the whole check against bare PyMuPDF text extraction, on every answer with a PDF.

The answers: GroundQA dev (30 answers on the six ``papers/`` PDFs) and the groundqa-more
trial answers (one answer each on five ``papers-more/`` PDFs, whose PDFs are publisher
typeset and slower to extract, so their ratios run lower). For each paper: pages/s of read_pdf, and of bare extraction (page.get_text() on every
page, the baseline); then for each of its answers the whole ``check(question, answer,
pdf_path)`` from the file (read, index, sentence split, evidence search, judge, graph,
propagation, references), sentences/s of its part after reading and indexing, and the ratio

    whole check of one answer / bare extraction of the same PDF

measured in this one run, each the best of ``--repeat`` runs taken in turns (bare, check,
bare, check, ...) so that drift in the machine's speed falls on both. Target: ratio <= 5 on
the mean. The summary gives the mean over the dev answers (the figure kept since the first
measurement), over the trial answers, over all answers, and over the papers (each paper's
mean ratio counted once).

``--clock cpu`` times with ``time.process_time`` (this process's CPU time) instead of the
wall clock: on a machine shared with other jobs it leaves out the time spent waiting for a
core, which falls unevenly on the two sides.

Usage: python bench/check.py [--data ../shared/data] [--repeat 3] [--clock wall|cpu]
"""

from __future__ import annotations

import argparse
import json
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


def answers_by_paper(data: Path) -> list[tuple[str, Path, list[tuple[str, str]]]]:
    """(set, PDF, [(question, answer), ...]) for each paper with answers: the GroundQA dev
    files, then the groundqa-more trial answers grouped by PDF (either set skipped when
    absent)."""
    out: list[tuple[str, Path, list[tuple[str, str]]]] = []
    dev = data / "groundqa" / "dev"
    for f in sorted(dev.glob("*[0-9].jsonl")) if dev.is_dir() else []:
        rows = read_rows(f)
        qas = [(row.question_text, row.answer_raw) for row in rows]
        out.append(("dev", data / rows[0].paper_pdf_path, qas))
    trial = data / "groundqa-more" / "trial-answers.jsonl"
    more: dict[Path, list[tuple[str, str]]] = {}
    lines = trial.read_text(encoding="utf-8").splitlines() if trial.is_file() else []
    for line in filter(str.strip, lines):
        row = json.loads(line)
        more.setdefault(data / row["paper_pdf"], []).append((row["question"], row["answer"]))
    out += [("trial", pdf, qas) for pdf, qas in more.items()]
    return out


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
    papers = answers_by_paper(data)
    if not papers:
        print(f"skipped: no GroundQA dev or groundqa-more answers under {data}")
        return 0
    print(
        f"{'paper':<30} {'pages':>5} {'bare pg/s':>9} {'read pg/s':>9} {'index s':>8} "
        f"{'sent/s':>8} {'ratio max':>9} {'ratio mean':>10}"
    )
    by_set: dict[str, list[float]] = {}
    paper_means = []
    for kind, pdf, qas in papers:
        t_bare, pages = best_of(args.repeat, lambda: extract_plain_text(pdf))
        t_read, doc = best_of(args.repeat, lambda: read_pdf(pdf))
        t_index, index = best_of(args.repeat, lambda: EvidenceIndex.build(doc))
        n_sent, t_check, ratios = 0, 0.0, []
        for question, answer in qas:
            # the whole check from the file, as a user runs it: read, index, judge, graph
            # (a fresh Document each time, so no index or search result is reused), timed
            # in turns with bare extraction, so that both see the machine in the same state
            # (its speed drifts by several per cent over a run)
            t_all = t_base = float("inf")
            for _ in range(args.repeat):
                t_b, _ = best_of(1, lambda: extract_plain_text(pdf))
                t_a, rep = best_of(1, lambda: check(question, answer, pdf))
                t_base, t_all = min(t_base, t_b), min(t_all, t_a)
            n_sent += len(rep.sentences)
            t_check += t_all - t_read - t_index
            ratios.append(t_all / t_base)
        by_set.setdefault(kind, []).extend(ratios)
        paper_means.append(statistics.mean(ratios))
        n = len(pages)
        # reading and indexing are timed apart from the whole check; where the rest is
        # within their spread (a short answer on a slow PDF) there is no rate to give
        rate = f"{n_sent / t_check:>8.1f}" if t_check > 0.01 * t_read else f"{'-':>8}"
        print(
            f"{pdf.stem:<30} {n:>5} {n / t_bare:>9.1f} {n / t_read:>9.1f} {t_index:>8.3f} "
            f"{rate} {max(ratios):>9.2f} {statistics.mean(ratios):>10.2f}"
        )
    print("\nwhole check / bare extraction (target <= 5x on the mean):")
    everything = [r for rs in by_set.values() for r in rs]
    for kind, ratios in [*by_set.items(), ("all answers", everything)]:
        print(
            f"  {kind:<12} mean {statistics.mean(ratios):.2f}x, max {max(ratios):.2f}x "
            f"over {len(ratios)} answers"
        )
    print(f"  per paper    mean {statistics.mean(paper_means):.2f}x over {len(paper_means)} PDFs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
