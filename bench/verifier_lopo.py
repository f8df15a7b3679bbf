"""Leave-one-paper-out on GroundQA dev: the verifier judge next to the rules judge alone.

Run: ``python bench/verifier_lopo.py [--data ../shared/data] [--model DIR] [--cache F]``

Every gold sentence of the six dev papers is judged once by the rules judge, and scored by
the claim verifier against its premises (``VerifierJudge.premises``); the decision table
(``grounding.judges.verifier_judge.decide_verified``) is then applied for every setting of
a grid of thresholds (support x refute). For each held-out paper the
setting is fitted on the other five: highest macro-F1 after graph + premise propagation
among the settings whose training papers keep gold-supported sentences contradicted at
<= 3% and gold contradiction/nei sentences labelled supported at <= 10% (all settings if
none does). Prints per held-out paper and pooled: macro-F1 (after propagation and of the
judge alone), supported precision and recall, gold-supported contradicted, C/N labelled
supported; the rules judge alone on the same sentences; the settings fitted on all six
papers (what ships as the default). Gold sentence splits, as bench/judge_lopo.py.
``--cache`` keeps the judged sentences in a pickle so that a re-run only refits.
"""

from __future__ import annotations

import argparse
import itertools
import json
import pickle
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from annotations.schema import Label  # noqa: E402
from bench._metrics import class_scores  # noqa: E402
from bench.judge_lopo import propagated_labels  # noqa: E402
from grounding.evidence import EvidenceIndex  # noqa: E402
from grounding.judges.base import ClaimContext  # noqa: E402
from grounding.judges.rules import RulesJudge  # noqa: E402
from grounding.judges.verifier_judge import (  # noqa: E402
    VerifierJudge,
    VerifierSettings,
    decide_verified,
)  # noqa: E402
from grounding.pdf import read_pdf  # noqa: E402
from grounding.types import Judgement, Sentence  # noqa: E402

LABELS = [lab.value for lab in Label]
GRID = {
    "support": [0.4, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.9, 1.0],
    "refute": [0.6, 0.7, 0.8, 0.9, 0.95, 1.0],
}


def judged(data: Path, model: str | None) -> dict[str, list[list[tuple]]]:
    """Per paper, per row: (sentence, gold, role_gold, rules judgement, scored premises)."""
    out: dict[str, list[list[tuple]]] = {}
    settings = VerifierSettings(model_dir=model)
    t0 = time.time()
    n_pairs = 0
    for path in sorted((data / "groundqa" / "dev").glob("*.jsonl")):
        if path.name.endswith(".citations.jsonl"):
            continue
        rows = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x]
        index = EvidenceIndex.build(read_pdf(data / "papers" / f"{path.stem}.pdf"))
        judge = VerifierJudge(settings, rules=RulesJudge(index=index))
        paper = []
        for row in rows:
            sents = [
                Sentence(i, 0, len(a["sentence"]), a["sentence"])
                for i, a in enumerate(row["annotations"])
            ]
            claims = [
                ClaimContext(s, row["question_text"], tuple(sents[:i]), ())
                for i, s in enumerate(sents)
            ]
            base = [judge.rules.judge(c) for c in claims]
            scored = judge.scored(claims, base)
            n_pairs += sum(len(x) for x in scored)
            items = [
                (s, ann["label"], b, sc)
                for s, ann, b, sc in zip(sents, row["annotations"], base, scored)
            ]
            paper.append(items)
        out[path.stem] = paper
        print(
            f"  judged {path.stem}: {sum(len(r) for r in paper)} sentences "
            f"({time.time() - t0:.0f} s, {n_pairs} pairs so far)",
            file=sys.stderr,
        )
    return out


def labels_for(
    rows: list[list[tuple]], settings: VerifierSettings | None
) -> tuple[list[str], list[str], list[str]]:
    """(gold, judge labels, labels after propagation); settings None = rules alone."""
    gold, own_l, piped = [], [], []
    for items in rows:
        sents = [s for s, _, _, _ in items]
        judgements: list[Judgement] = [
            base if settings is None else decide_verified(s.text, base, sc, settings)
            for s, _, base, sc in items
        ]
        gold.extend(g for _, g, _, _ in items)
        own_l.extend(j.label.value for j in judgements)
        piped.extend(propagated_labels(sents, judgements))
    return gold, own_l, piped


def figures(gold: list[str], pred: list[str]) -> dict[str, float]:
    sup_pred = [g for g, p in zip(gold, pred) if p == "supported"]
    sup_gold = [p for g, p in zip(gold, pred) if g == "supported"]
    wrong = [p for g, p in zip(gold, pred) if g in ("contradiction", "nei")]
    return {
        "macro_f1": class_scores(gold, pred, LABELS)[1],
        "sup_precision": sum(g == "supported" for g in sup_pred) / max(1, len(sup_pred)),
        "sup_recall": sum(p == "supported" for p in sup_gold) / max(1, len(sup_gold)),
        "sup_contradicted": sum(p == "contradiction" for p in sup_gold) / max(1, len(sup_gold)),
        "wrong_supported": sum(p == "supported" for p in wrong) / max(1, len(wrong)),
    }


def grid() -> list[VerifierSettings]:
    keys = list(GRID)
    return [
        VerifierSettings(**dict(zip(keys, vals)))
        for vals in itertools.product(*(GRID[k] for k in keys))
    ]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default=str(ROOT.parent / "shared" / "data"))
    ap.add_argument("--model", default=None, help="verifier folder (default: shipped)")
    ap.add_argument("--cache", default=None)
    args = ap.parse_args()
    cache = Path(args.cache) if args.cache else None
    if cache is not None and cache.exists():
        papers = pickle.loads(cache.read_bytes())
    else:
        papers = judged(Path(args.data), args.model)
        if cache is not None:
            cache.write_bytes(pickle.dumps(papers))
    settings = grid()
    results = {s: {p: labels_for(rows, s) for p, rows in papers.items()} for s in settings}
    rules = {p: labels_for(rows, None) for p, rows in papers.items()}

    def fit(train: list[str]) -> VerifierSettings:
        scored = {}
        for s in settings:
            g = [x for p in train for x in results[s][p][0]]
            pr = [x for p in train for x in results[s][p][2]]
            scored[s] = figures(g, pr)
        ok = [
            s
            for s in settings
            if scored[s]["sup_contradicted"] <= 0.03 and scored[s]["wrong_supported"] <= 0.10
        ]
        return max(ok or settings, key=lambda s: scored[s]["macro_f1"])

    head = (
        f"{'held-out paper':<18}{'n':>5}{'mF1':>7}{'judge':>7}{'supP':>7}{'supR':>7}"
        f"{'sup->C':>8}{'CN->sup':>8}   | rules: {'mF1':>5}{'supP':>6}{'supR':>6}"
        f"{'sup->C':>7}{'CN->sup':>8}   fitted support/refute"
    )
    print("GroundQA dev, leave one paper out (labels after propagation; 'judge' = before)")
    print(head)
    pooled = {"v": ([], []), "r": ([], [])}
    means = []
    for held in papers:
        best = fit([p for p in papers if p != held])
        g, own, piped = results[best][held]
        rg, rown, rpiped = rules[held]
        f, rf = figures(g, piped), figures(rg, rpiped)
        means.append((f, rf, class_scores(g, own, LABELS)[1]))
        pooled["v"][0].extend(g)
        pooled["v"][1].extend(piped)
        pooled["r"][0].extend(rg)
        pooled["r"][1].extend(rpiped)
        print(
            f"{held:<18}{len(g):>5}{f['macro_f1']:7.3f}{means[-1][2]:7.3f}"
            f"{f['sup_precision']:7.3f}{f['sup_recall']:7.3f}{f['sup_contradicted']:8.3f}"
            f"{f['wrong_supported']:8.3f}   | {rf['macro_f1']:10.3f}{rf['sup_precision']:6.3f}"
            f"{rf['sup_recall']:6.3f}{rf['sup_contradicted']:7.3f}{rf['wrong_supported']:8.3f}"
            f"   {best.support}/{best.refute}"
        )
    n = len(means)
    mv = {k: sum(m[0][k] for m in means) / n for k in means[0][0]}
    mr = {k: sum(m[1][k] for m in means) / n for k in means[0][1]}
    print(
        f"{'mean over papers':<18}{'':>5}{mv['macro_f1']:7.3f}{sum(m[2] for m in means) / n:7.3f}"
        f"{mv['sup_precision']:7.3f}{mv['sup_recall']:7.3f}{mv['sup_contradicted']:8.3f}"
        f"{mv['wrong_supported']:8.3f}   | {mr['macro_f1']:10.3f}{mr['sup_precision']:6.3f}"
        f"{mr['sup_recall']:6.3f}{mr['sup_contradicted']:7.3f}{mr['wrong_supported']:8.3f}"
    )
    pv, pr_ = figures(*pooled["v"]), figures(*pooled["r"])
    print(
        f"{'pooled sentences':<18}{len(pooled['v'][0]):>5}{pv['macro_f1']:7.3f}{'':>7}"
        f"{pv['sup_precision']:7.3f}{pv['sup_recall']:7.3f}{pv['sup_contradicted']:8.3f}"
        f"{pv['wrong_supported']:8.3f}   | {pr_['macro_f1']:10.3f}{pr_['sup_precision']:6.3f}"
        f"{pr_['sup_recall']:6.3f}{pr_['sup_contradicted']:7.3f}{pr_['wrong_supported']:8.3f}"
    )
    best = fit(list(papers))
    print(
        f"fitted on all six papers (the shipped default): support {best.support}, "
        f"refute {best.refute}"
    )
    print(
        "targets: macro-F1 >= 0.78; supported recall >= 0.75 at precision >= 0.92; "
        "gold-supported contradicted <= 3%"
    )


if __name__ == "__main__":
    main()
