"""Scoring throughput on GroundQA dev replicated N times (qa_pair_ids made unique).

Usage: python bench/score.py [--copies 100] [--resamples 1000]

Prints sentences scored per second for: gold vs gold (identical segmentation, the fast
path), an imperfect system whose sentences are re-split (every sentence cut in two, so
alignment by offsets runs), and the bootstrap alone.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from annotations.layouts import load_dataset  # noqa: E402
from annotations.schema import Label, QAPair  # noqa: E402
from annotations.score import score  # noqa: E402

DEV = ROOT.parent / "shared" / "data" / "groundqa" / "dev"


def replicate(rows: tuple[QAPair, ...], copies: int) -> list[QAPair]:
    return [
        r.model_copy(update={"qa_pair_id": f"{r.qa_pair_id}#{k}"})
        for k in range(copies)
        for r in rows
    ]


def resplit(r: QAPair) -> QAPair:
    """Cut each sentence at its middle space; ids renumbered; label of every 4th flipped."""
    new_id: dict[int, int] = {}
    pieces: list[tuple[int, str]] = []
    for i, a in enumerate(r.annotations):
        new_id[i] = len(pieces)
        spaces = [k for k, ch in enumerate(a.sentence) if ch == " "]
        if spaces and not a.errors:
            k = spaces[len(spaces) // 2]
            pieces += [(i, a.sentence[:k]), (i, a.sentence[k + 1 :])]
        else:
            pieces.append((i, a.sentence))
    anns = []
    for n, (i, text) in enumerate(pieces):
        a = r.annotations[i]
        deps = tuple(f"S{new_id[int(d[1:]) - 1] + 1}" for d in a.depends_on)
        lab = Label.SUPPORTED if n % 4 == 0 else a.label
        anns.append(a.model_copy(update={"sentence": text, "depends_on": deps, "label": lab}))
    return r.model_copy(update={"annotations": tuple(anns)})


def timed(label: str, n_sent: int, fn: Callable[[], object]) -> None:
    t0 = time.perf_counter()
    fn()
    dt = time.perf_counter() - t0
    print(f"{label:<44} {dt:7.2f} s  {n_sent / dt:10,.0f} sentences/s")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--copies", type=int, default=100)
    ap.add_argument("--resamples", type=int, default=1000)
    args = ap.parse_args()
    if not DEV.is_dir():
        print(f"dev set not found at {DEV}", file=sys.stderr)
        return 1
    dev = load_dataset(DEV).rows
    gold = replicate(dev, args.copies)
    pred = [resplit(r) for r in gold]
    n = sum(len(r.annotations) for r in gold)
    print(f"{len(gold)} QA pairs, {n} gold sentences (dev x {args.copies})")
    timed("gold vs gold, no bootstrap", n, lambda: score(gold, gold, resamples=0))
    timed("re-split system, no bootstrap", n, lambda: score(gold, pred, resamples=0))
    timed(
        "re-split system, oracle_graph, no bootstrap",
        n,
        lambda: score(gold, pred, mode="oracle_graph", resamples=0),
    )
    timed(
        f"re-split system, {args.resamples} resamples",
        n,
        lambda: score(gold, pred, resamples=args.resamples),
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
