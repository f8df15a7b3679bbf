"""Leave-one-paper-out evaluation of the rules judge on GroundQA dev.

Run: ``python bench/judge_lopo.py [--data ../shared/data] [--fast]``

For each of the six dev papers, the thresholds of ``RulesConfig`` (``RulesConfig.grid()``:
align_min x statement_coverage) are fitted on the other five papers and the fitted config
is scored on the held-out paper. Two fits are printed: macro-F1 over the four labels
(after graph + premise propagation, the pipeline's view) among the configs that label at
most 10% of the training papers' gold contradiction/nei sentences supported (the default;
all configs when none does), and plain macro-F1. Prints per
paper and the mean: macro-F1, contradiction recall, and the share of gold contradiction +
nei sentences labelled supported; also the judge alone (before propagation), and counts of
gold-supported sentences labelled contradiction (S->C) and of gold wrong-number sentences
(a C1 error) labelled supported (C1->S). Gold sentence
splits, as bench/judge_dev.py. ``--fast`` searches only align_min (the others at default).
Ties in the fit go to the stricter statement_coverage (fewer unchecked supported labels).
The cue lists and lexicons (rules_cues, parts) were not fitted on dev data.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from annotations.schema import Label, SentenceAnnotation  # noqa: E402
from bench._metrics import class_scores  # noqa: E402
from grounding.evidence import EvidenceIndex  # noqa: E402
from grounding.graph import build_graph, depends_on  # noqa: E402
from grounding.judges.base import ClaimContext  # noqa: E402
from grounding.judges.rules import RulesConfig, RulesJudge  # noqa: E402
from grounding.pdf import read_pdf  # noqa: E402
from grounding.propagate import propagate  # noqa: E402
from grounding.types import Judgement, Sentence  # noqa: E402

LABELS = [lab.value for lab in Label]


def macro_f1(gold: list[str], pred: list[str]) -> float:
    """Macro-F1 over the four labels (a label absent from both counts 0)."""
    return class_scores(gold, pred, LABELS)[1]


def scores(gold: list[str], pred: list[str]) -> tuple[float, float, float]:
    """(macro-F1, contradiction recall, share of gold contradiction/nei labelled supported)."""
    contra = [p for g, p in zip(gold, pred) if g == "contradiction"]
    wrong = [p for g, p in zip(gold, pred) if g in ("contradiction", "nei")]
    return (
        macro_f1(gold, pred),
        sum(p == "contradiction" for p in contra) / max(len(contra), 1),
        sum(p == "supported" for p in wrong) / max(len(wrong), 1),
    )


def judge_paper(
    config: RulesConfig, index: EvidenceIndex, rows: list[dict]
) -> tuple[list[str], list[str], list[str]]:
    """(gold, judge labels, labels after graph + propagation) over one paper's rows."""
    judge = RulesJudge(config=config, index=index)
    gold, own_labels, piped = [], [], []
    for row in rows:
        previous: list[Sentence] = []
        judgements = []
        for i, ann in enumerate(row["annotations"]):
            s = Sentence(i, 0, len(ann["sentence"]), ann["sentence"])
            j = judge.judge(ClaimContext(s, row["question_text"], tuple(previous), ()))
            previous.append(s)
            gold.append(ann["label"])
            own_labels.append(j.label.value)
            judgements.append(j)
        piped.extend(propagated_labels(previous, judgements))
    return gold, own_labels, piped


def propagated_labels(sentences: list[Sentence], judgements: list[Judgement]) -> list[str]:
    """The labels of one answer's judged sentences after the pipeline's graph and premise
    propagation (as ``grounding.check`` runs them, without evidence boxes)."""
    own = [
        SentenceAnnotation(
            sentence=s.text, label=j.label, role=j.role, errors=j.errors, depends_on=()
        )
        for s, j in zip(sentences, judgements)
    ]
    graph = build_graph(sentences, [a.role for a in own], [a.label for a in own])
    own = [
        a.model_copy(
            update={
                "depends_on": () if a.label is Label.NOT_A_CLAIM else depends_on(graph, f"S{i + 1}")
            }
        )
        for i, a in enumerate(own)
    ]
    return [a.label.value for a in propagate(own)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default=str(ROOT.parent / "shared" / "data"))
    ap.add_argument("--fast", action="store_true", help="fit align_min only")
    args = ap.parse_args()
    data = Path(args.data)
    papers = {}
    for path in sorted((data / "groundqa" / "dev").glob("*.jsonl")):
        if path.name.endswith(".citations.jsonl"):
            continue
        rows = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x]
        papers[path.stem] = (
            EvidenceIndex.build(read_pdf(data / "papers" / f"{path.stem}.pdf")),
            rows,
        )
    grid = list(RulesConfig.grid())
    if args.fast:
        base = RulesConfig()
        grid = list({replace(base, align_min=c.align_min) for c in grid})
    # judge every paper once per candidate config (the fit reuses them)
    results = {c: {p: judge_paper(c, ix, rows) for p, (ix, rows) in papers.items()} for c in grid}
    for constrained in (True, False):
        report(papers, grid, results, constrained)


def report(papers: dict, grid: list[RulesConfig], results: dict, constrained: bool) -> None:
    """Fit per fold (see the module docstring) and print the held-out table."""
    how = (
        "macro-F1 among the configs that label at most 10% of the training papers' gold "
        "contradiction/nei supported (all configs if none does)"
        if constrained
        else "macro-F1, unconstrained"
    )
    print(
        f"\nGroundQA dev, leave one paper out: {len(papers)} papers, {len(grid)} configs "
        f"searched per fold; fit: {how}; labels after propagation"
    )
    print(
        f"{'held-out paper':<20}{'n':>5}{'macroF1':>9}{'C recall':>10}{'C/N->sup':>10}"
        f"{'judge mF1':>11}{'S->C':>7}{'C1->S':>7}   fitted align_min / statement_coverage"
    )
    sup_c = [0, 0]  # gold supported labelled contradiction, of gold supported
    c1_s = [0, 0]  # gold wrong-number (C1) sentences labelled supported, of them
    totals = []
    pooled_gold: list[str] = []
    pooled_pred: list[str] = []
    for held in papers:
        train = [p for p in papers if p != held]

        def fit_scores(c: RulesConfig) -> tuple[float, float, float]:
            g = [x for p in train for x in results[c][p][0]]
            pr = [x for p in train for x in results[c][p][2]]
            return scores(g, pr)

        fitted = {c: fit_scores(c) for c in grid}
        pool = [c for c in grid if fitted[c][2] <= 0.10] if constrained else []
        best = max(pool or grid, key=lambda c: (round(fitted[c][0], 4), c.statement_coverage))
        gold, own, piped = results[best][held]
        mf1, crec, csup = scores(gold, piped)
        c1 = [
            any("C1" in e.get("tags", ()) for e in ann.get("errors", ()))
            for row in papers[held][1]
            for ann in row["annotations"]
        ]
        sc = (
            sum(g == "supported" and p == "contradiction" for g, p in zip(gold, piped)),
            sum(g == "supported" for g in gold),
        )
        cs = (sum(f and p == "supported" for f, p in zip(c1, piped)), sum(c1))
        sup_c = [sup_c[0] + sc[0], sup_c[1] + sc[1]]
        c1_s = [c1_s[0] + cs[0], c1_s[1] + cs[1]]
        totals.append((mf1, crec, csup, macro_f1(gold, own)))
        pooled_gold += gold
        pooled_pred += piped
        print(
            f"{held:<20}{len(gold):>5}{mf1:9.3f}{crec:10.3f}{csup:10.3f}"
            f"{macro_f1(gold, own):11.3f}{sc[0]:>4}/{sc[1]:<3}{cs[0]:>3}/{cs[1]:<3}"
            f"  {best.align_min} / {best.statement_coverage}"
        )
    n = len(totals)
    mean = [sum(t[i] for t in totals) / n for i in range(4)]
    print(
        f"{'mean over papers':<20}{'':>5}{mean[0]:9.3f}{mean[1]:10.3f}{mean[2]:10.3f}"
        f"{mean[3]:11.3f}"
    )
    pm, pc, ps = scores(pooled_gold, pooled_pred)
    print(f"{'pooled sentences':<20}{len(pooled_gold):>5}{pm:9.3f}{pc:10.3f}{ps:10.3f}")
    print(
        f"gold supported labelled contradiction: {sup_c[0]}/{sup_c[1]}; gold wrong-number "
        f"(C1) sentences labelled supported: {c1_s[0]}/{c1_s[1]}"
    )
    print("targets: mean macro-F1 >= 0.72, contradiction recall >= 0.60, C/N->sup <= 0.10")


if __name__ == "__main__":
    main()
