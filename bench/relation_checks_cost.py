"""Share of the rules judge's time spent in the relation checks and the number checkers'
copies, measured in one process with cProfile.

Run: ``python bench/relation_checks_cost.py [--data ../shared/data]``

Answers: the 30 GroundQA dev answers and the 5 groundqa-more answers, each checked whole
(``grounding.check.check``, rules judge, citations not verified) against its paper, read
and indexed first (not timed). Prints the rules judge's cumulative time and, for each
function below, its cumulative time and share of it. cProfile inflates functions with
many small calls, so the shares are upper bounds; compare them, not the seconds, across
runs (the machine is shared).
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from grounding.check import check  # noqa: E402
from grounding.evidence import EvidenceIndex  # noqa: E402
from grounding.judges.registry import make_judge  # noqa: E402
from grounding.pdf import read_pdf  # noqa: E402

#: (function, module file) measured
MEASURED = (
    ("read_in_clause", "comparison_check.py"),
    ("compare_at_condition", "condition_compare.py"),
    ("inclusion_conflict", "inclusion_check.py"),
    ("role_conflict", "role_check.py"),
    ("_crossed", "relation_check.py"),
    ("copied", "number_common.py"),
)


def _answers(data: Path) -> list[tuple[Path, str, str]]:
    out = []
    for path in sorted((data / "groundqa" / "dev").glob("*.jsonl")):
        if path.name.endswith(".citations.jsonl"):
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            r = json.loads(line)
            out.append((data / r["paper_pdf_path"], r["question_text"], r["answer_raw"]))
    more = data / "groundqa-more" / "trial-answers.jsonl"
    for line in more.read_text(encoding="utf-8").splitlines():
        r = json.loads(line)
        out.append((data / r["paper_pdf"], r["question"], r["answer"]))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default=str(ROOT.parent / "shared" / "data"))
    data = Path(ap.parse_args().data)
    jobs = _answers(data)
    docs = {}
    for pdf, _, _ in jobs:
        if pdf not in docs:
            doc = read_pdf(pdf)
            docs[pdf] = (doc, EvidenceIndex.for_document(doc))
    judge = make_judge("rules")
    prof = cProfile.Profile()
    prof.enable()
    for pdf, question, answer in jobs:
        doc, index = docs[pdf]
        check(question, answer, doc, judge=judge, index=index, verify_citations=False)
    prof.disable()
    stats = pstats.Stats(prof).stats  # type: ignore[attr-defined]
    total = sum(v[3] for k, v in stats.items() if k[2] == "judge" and k[0].endswith("rules.py"))
    print(f"rules judge: {total:.2f} s cumulative over {len(jobs)} answers")
    for name, module in MEASURED:
        t = sum(v[3] for k, v in stats.items() if k[2] == name and k[0].endswith(module))
        print(f"  {name:22s} {t:7.3f} s  {100 * t / total:5.1f}%")


if __name__ == "__main__":
    main()
