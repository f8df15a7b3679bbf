"""The claim verifier alone on third-party (premise, claim) sets it was not trained on.

Run: ``python bench/verifier_pairs.py [--data ../shared/data] [--model DIR]``

Each pair is scored once and labelled by the highest probability (no thresholds, no
rules), so these figures are the model's own, apart from the judge's decision table.
Sets (none is in the training mix; see ``grounding/verifier/corpus.py``):

- Check-COVID dev, claim + rationale (its evidence sentences), 3-way;
- Citation-Integrity dev (jedick's claims, first three retrieved sentences), 3-way;
- SNLI test (a seeded sample of 1,000), 3-way;
- FEVER-Symmetric test and FM2 test, 2-way (refuted vs supported; nei counted wrong);
- SciTab (tables as markdown, truncated to the model's 128 tokens), 3-way.

Prints accuracy, macro-F1 and the share of refuted claims labelled supported per set.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench._metrics import class_scores  # noqa: E402
from grounding.verifier.corpus import (  # noqa: E402
    LABELS,
    Pair,
    _nli_set,
    check_covid_pairs,
    citation_integrity_pairs,
)
from grounding.verifier.model import Verifier  # noqa: E402


def sets(data: Path) -> dict[str, list[Pair]]:
    ext = data / "external"
    nli = ext / "nli"
    snli = _nli_set(nli / "esnli-snli" / "snli_test.jsonl", "snli")
    return {
        "check-covid dev (rationale)": check_covid_pairs(ext, "dev"),
        "citation-integrity dev": citation_integrity_pairs(ext, "dev"),
        "snli test (1,000)": random.Random(0).sample(snli, min(1000, len(snli))),
        "fever-symmetric test": _nli_set(
            nli / "fever-nli" / "fever_symmetric_test.jsonl", "fever-sym"
        ),
        "fm2 test": _nli_set(nli / "fool-me-twice" / "fm2_test_gold_evidence.jsonl", "fm2"),
        "scitab": _nli_set(nli / "scitab" / "scitab.jsonl", "scitab"),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default=str(ROOT.parent / "shared" / "data"))
    ap.add_argument("--model", default=None)
    args = ap.parse_args()
    v = Verifier(Path(args.model)) if args.model else Verifier()
    print(f"{'set':<30}{'n':>6}{'acc':>7}{'macroF1':>9}{'ref->sup':>10}{'s':>7}")
    for name, pairs in sets(Path(args.data)).items():
        t = time.perf_counter()
        probs = v.predict([(p.premise, p.claim) for p in pairs])
        pred = [max(LABELS, key=lambda k: q[k]) for q in probs]
        gold = [p.label for p in pairs]
        classes = sorted(set(gold), key=LABELS.index)
        acc = sum(g == x for g, x in zip(gold, pred)) / len(gold)
        ref = [x for g, x in zip(gold, pred) if g == "refuted"]
        print(
            f"{name:<30}{len(pairs):>6}{acc:7.3f}{class_scores(gold, pred, classes)[1]:9.3f}"
            f"{sum(x == 'supported' for x in ref) / max(1, len(ref)):10.3f}"
            f"{time.perf_counter() - t:7.0f}"
        )


if __name__ == "__main__":
    main()
