"""A check's phases against bare extraction: reading, indexing, and the rest of the check.

For each GroundQA dev answer, in turns (best of ``--repeat``, CPU time): bare PyMuPDF text
extraction of its PDF, ``read_pdf``, ``EvidenceIndex.build`` of the Document, and
``check`` given both (sentence split, judge, graph, propagation, references); prints each
phase's total over the bare total. Run it from two trees in turns to compare them on a
loaded machine (the ratios drift with load by a few per cent).

Usage: python bench/check_phases.py [--data ../shared/data] [--repeat 2]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from annotations.jsonl import read_rows  # noqa: E402
from grounding.check import check  # noqa: E402
from grounding.evidence import EvidenceIndex  # noqa: E402
from grounding.judges.registry import make_judge  # noqa: E402
from grounding.pdf import extract_plain_text, read_pdf  # noqa: E402

PHASES = ("bare", "read", "index", "rest")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default=str(ROOT.parent / "shared" / "data"))
    ap.add_argument("--repeat", type=int, default=2)
    args = ap.parse_args()
    data = Path(args.data)
    dev = data / "groundqa" / "dev"
    if not dev.is_dir():
        print(f"skipped: dev data not found at {dev}")
        return 0
    rows = [row for f in sorted(dev.glob("*[0-9].jsonl")) for row in read_rows(f)]
    clock = time.process_time
    total = dict.fromkeys(PHASES, 0.0)
    for row in rows:
        pdf = data / row.paper_pdf_path
        best = dict.fromkeys(PHASES, float("inf"))
        for _ in range(args.repeat):
            t = clock()
            extract_plain_text(pdf)
            best["bare"] = min(best["bare"], clock() - t)
            t = clock()
            doc = read_pdf(pdf)
            best["read"] = min(best["read"], clock() - t)
            t = clock()
            index = EvidenceIndex.build(doc)
            best["index"] = min(best["index"], clock() - t)
            t = clock()
            check(row.question_text, row.answer_raw, doc, index=index, judge=make_judge("rules"))
            best["rest"] = min(best["rest"], clock() - t)
        for phase in PHASES:
            total[phase] += best[phase]
    print(
        f"over bare extraction ({len(rows)} answers, CPU time): "
        + ", ".join(f"{p} {total[p] / total['bare']:.3f}" for p in PHASES[1:])
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
