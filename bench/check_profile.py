"""Where a whole check's CPU time goes: a sampling profile over the dev answers.

Checks every GroundQA dev answer from its PDF file (as ``bench/check.py`` does), ``--runs``
times, while a CPU-time interval timer (``signal.ITIMER_PROF``, every ``--every-ms``)
records the Python stack; prints, per function, the share of samples in which it is on the
stack (inclusive) and on top of it (self: its own code, and the C calls it makes, such as
MuPDF's). Unlike a deterministic profiler it adds no cost per call, so many small Python
functions are not over-counted; no py-spy needed. Needs a Unix timer (not on Windows).

Usage: python bench/check_profile.py [--data ../shared/data] [--runs 3] [--top 40]
"""

from __future__ import annotations

import argparse
import signal
import sys
from collections import Counter
from pathlib import Path
from types import FrameType

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from annotations.jsonl import read_rows  # noqa: E402
from grounding.check import check  # noqa: E402


def _key(frame: FrameType) -> str:
    code = frame.f_code
    return f"{Path(code.co_filename).name}:{code.co_name}:{code.co_firstlineno}"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default=str(ROOT.parent / "shared" / "data"))
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--every-ms", type=float, default=1.0)
    ap.add_argument("--top", type=int, default=40)
    args = ap.parse_args()
    data = Path(args.data)
    dev = data / "groundqa" / "dev"
    if not dev.is_dir():
        print(f"skipped: dev data not found at {dev}")
        return 0
    rows = [row for f in sorted(dev.glob("*[0-9].jsonl")) for row in read_rows(f)]
    inclusive: Counter[str] = Counter()
    own: Counter[str] = Counter()
    samples = [0]

    def sample(_signum: int, frame: FrameType | None) -> None:
        samples[0] += 1
        if frame is not None:
            own[_key(frame)] += 1
        seen = set()
        while frame is not None:
            key = _key(frame)
            if key not in seen:  # a recursive function counts once per sample
                inclusive[key] += 1
                seen.add(key)
            frame = frame.f_back

    for row in rows:  # warm: imports, compiled patterns, lexicons
        check(row.question_text, row.answer_raw, data / row.paper_pdf_path)
    every = args.every_ms / 1000.0
    signal.signal(signal.SIGPROF, sample)
    signal.setitimer(signal.ITIMER_PROF, every, every)
    try:
        for _ in range(args.runs):
            for row in rows:
                check(row.question_text, row.answer_raw, data / row.paper_pdf_path)
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0, 0)
    n = max(samples[0], 1)
    print(f"{samples[0]} samples, {len(rows)} answers x {args.runs} runs")
    print(f"{'inclusive':>9} {'self':>6}  function")
    for key, count in inclusive.most_common(args.top):
        print(f"{100 * count / n:8.1f}% {100 * own[key] / n:5.1f}%  {key}")
    print(f"\nself time, top {args.top}:")
    for key, count in own.most_common(args.top):
        print(f"{100 * count / n:8.1f}%  {key}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
