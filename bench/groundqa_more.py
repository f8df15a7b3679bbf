"""Natural answers about papers-more: each judge on the hand-labelled sentences.

Run: ``python bench/groundqa_more.py [--data ../shared/data] [--judge rules verifier]``

Data: ``groundqa-more/trial-answers.jsonl`` (5 answers, 47 sentences about five PDFs of
``papers-more``, each labelled by hand with the kind of error it was written to hold). The
gold sentences are judged in order (the gold split, so the judge is measured alone) against
the real PDF. Prints per judge: the confusion of gold and predicted labels; every planted
error (gold contradiction or nei) labelled supported; every correct sentence labelled
contradiction; macro-F1 over the four labels.

Note: the claim verifier's synthetic training pairs come from the sentences of these same
PDFs (not from these answers), so for the verifier this set is in-domain, not unseen.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from annotations.schema import Label  # noqa: E402
from bench._metrics import class_scores  # noqa: E402
from grounding.evidence import EvidenceIndex  # noqa: E402
from grounding.judges.registry import judge_sentences, make_judge  # noqa: E402
from grounding.pdf import read_pdf  # noqa: E402
from grounding.types import Sentence  # noqa: E402

LABELS = [lab.value for lab in Label]


def run(judge_name: str, rows: list[dict], data: Path) -> list[tuple[dict, str, str]]:
    """(gold sentence, predicted label, rationale) for every sentence."""
    out = []
    for row in rows:
        doc = read_pdf(data / row["paper_pdf"])
        index = EvidenceIndex.for_document(doc)
        judge = make_judge(judge_name)
        sents = [
            Sentence(i, 0, len(s["sentence"]), s["sentence"])
            for i, s in enumerate(row["sentences"])
        ]
        judgements, _ = judge_sentences(
            judge, row["question"], sents, [()] * len(sents), document=doc, index=index
        )
        out.extend((g, j.label.value, j.rationale) for g, j in zip(row["sentences"], judgements))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default=str(ROOT.parent / "shared" / "data"))
    ap.add_argument("--judge", nargs="+", default=["rules", "verifier"])
    ap.add_argument("--quiet", action="store_true", help="figures only, no sentence lists")
    args = ap.parse_args()
    data = Path(args.data)
    path = data / "groundqa-more" / "trial-answers.jsonl"
    rows = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]
    for name in args.judge:
        res = run(name, rows, data)
        gold = [g["label"] for g, _, _ in res]
        pred = [p for _, p, _ in res]
        passed = [
            (g, r) for g, p, r in res if g["label"] in ("contradiction", "nei") and p == "supported"
        ]
        broken = [(g, r) for g, p, r in res if g["label"] == "supported" and p == "contradiction"]
        print(
            f"\n== judge {name}: {len(res)} sentences, macro-F1 "
            f"{class_scores(gold, pred, LABELS)[1]:.3f}"
        )
        print("   gold -> predicted:", dict(sorted(Counter(zip(gold, pred)).items())))
        n_err = sum(g in ("contradiction", "nei") for g in gold)
        print(f"   planted errors labelled supported: {len(passed)} of {n_err}")
        print(f"   correct sentences contradicted: {len(broken)} of {gold.count('supported')}")
        print(
            f"   correct sentences supported: "
            f"{sum(g == p == 'supported' for g, p in zip(gold, pred))} of "
            f"{gold.count('supported')}"
        )
        if not args.quiet:
            for g, r in passed:
                print(f"   PASSED [{g['kind']}] {g['sentence'][:110]}\n      {r[:160]}")
            for g, r in broken:
                print(f"   BROKEN [{g['kind']}] {g['sentence'][:110]}\n      {r[:160]}")


if __name__ == "__main__":
    main()
