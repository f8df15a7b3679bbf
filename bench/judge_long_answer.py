"""Time the rules judge over one long answer: linear in answer length.

Run: ``python bench/judge_long_answer.py [--data ../shared/data] [--paper specter-2020]``

Judges answers of 1,000 and 4,000 sentences (the dev answers of one paper repeated, in
order, each sentence seeing all earlier ones as ``previous``) against that paper's evidence
index and prints seconds, ms per sentence, and how often the answer memory re-read earlier
sentences (0 when sentences come in order). Per-sentence time that stays flat from 1k to 4k
sentences means no step loops over all earlier sentences.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from grounding.evidence import EvidenceIndex  # noqa: E402
from grounding.judges.base import ClaimContext  # noqa: E402
from grounding.judges.rules import RulesJudge  # noqa: E402
from grounding.pdf import read_pdf  # noqa: E402
from grounding.types import Sentence  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default=str(ROOT.parent / "shared" / "data"))
    ap.add_argument("--paper", default="specter-2020")
    args = ap.parse_args()
    data = Path(args.data)
    rows = [
        json.loads(x)
        for x in (data / "groundqa" / "dev" / f"{args.paper}.jsonl")
        .read_text(encoding="utf-8")
        .splitlines()
        if x
    ]
    texts = [a["sentence"] for r in rows for a in r["annotations"]]
    index = EvidenceIndex.build(read_pdf(data / "papers" / f"{args.paper}.pdf"))
    for n in (1000, 4000):
        answer = [texts[i % len(texts)] for i in range(n)]
        judge = RulesJudge(index=index)
        previous: list[Sentence] = []
        t0 = time.perf_counter()
        for i, t in enumerate(answer):
            s = Sentence(i, 0, len(t), t)
            judge.judge(ClaimContext(s, "", tuple(previous), ()))
            previous.append(s)
        dt = time.perf_counter() - t0
        print(
            f"{n:>5} sentences: {dt:6.2f} s, {1000 * dt / n:5.2f} ms/sentence, "
            f"memory re-reads {judge._memory[index].rebuilds}"
        )


if __name__ == "__main__":
    main()
