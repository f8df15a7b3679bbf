"""Measure the offline rules judge on GroundQA dev gold sentences, next to two baselines.

Run: ``python bench/judge_dev.py [--data ../shared/data] [--show-errors N]``

Prints, for RulesJudge and for the baselines "always supported" and a naive 20-line rule
set: label accuracy, per-class F1 and macro-F1 over every gold sentence (the GOLD sentence
split is used, so the judge is measured alone). For RulesJudge also: role accuracy, C1
recall (a gold C1 span caught with a C1 error on an overlapping span) and C1 recall with
correction (the correction equals the gold one after normalising), page hit rate (top
evidence page is a gold ``2d_box`` page, over gold supported/contradiction sentences that
the judge labels supported/contradiction), and timings (PDF read, index build, judging).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rapidfuzz import fuzz  # noqa: E402

from annotations.schema import Label, SentenceAnnotation  # noqa: E402
from bench._metrics import class_scores  # noqa: E402
from grounding.evidence import EvidenceIndex  # noqa: E402
from grounding.graph import build_graph, depends_on  # noqa: E402
from grounding.judges.base import ClaimContext  # noqa: E402
from grounding.judges.rules import RulesJudge  # noqa: E402
from grounding.pdf import read_pdf  # noqa: E402
from grounding.propagate import propagate  # noqa: E402
from grounding.types import Sentence  # noqa: E402

LABELS = [lab.value for lab in Label]


def macro_report(gold: list[str], pred: list[str]) -> tuple[float, float, dict[str, float]]:
    """(accuracy, macro-F1, per-class F1) over the four labels."""
    return class_scores(gold, pred, LABELS)


def naive_rules(sentence: str, page_text: str) -> str:
    """The naive baseline: ~20 lines of rules over the whole PDF text.

    Headings, "Here is" framing, lines under 4 words, lines ending in ":" and
    reference-list entries -> not_a_claim; a number absent from the PDF text ->
    contradiction; rapidfuzz partial_ratio to the PDF text under 50 -> nei; else supported.
    """
    s = sentence.strip()
    if s.startswith(("**", "#", "[")) or s.lower().startswith(("here is", "here are")):
        return "not_a_claim"
    if len(s.split()) < 4 or s.endswith(":") or s.lower().rstrip(":") in ("references",):
        return "not_a_claim"
    if re.search(r"\(\d{4}\)\.|\b\d{4}, [A-Z]", s):
        return "not_a_claim"
    for num in re.findall(r"(?<![\w.])\d+(?:\.\d+)?(?![\w])", s):
        if num not in page_text:
            return "contradiction"
    if fuzz.partial_ratio(s.lower(), page_text.lower()) < 50:
        return "nei"
    return "supported"


@dataclass
class _Judged:
    sentence: str
    label: Label
    role: object
    errors: tuple


_NUMBER_WORDS = {
    "one": "1",
    "two": "2",
    "three": "3",
    "four": "4",
    "five": "5",
    "six": "6",
    "seven": "7",
    "eight": "8",
    "nine": "9",
    "ten": "10",
}


def _numbers(s: str) -> list[str]:
    """The numbers written in a correction ("approximately 6 h" -> ["6"], "two" -> ["2"])."""
    words = [_NUMBER_WORDS.get(w, w) for w in re.findall(r"[a-z]+|[\d.,]+", s.lower())]
    return [w.replace(",", "").rstrip(".") for w in words if re.fullmatch(r"[\d.,]+", w)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default=str(ROOT.parent / "shared" / "data"))
    ap.add_argument("--show-errors", type=int, default=0, help="print up to N misjudged sentences")
    args = ap.parse_args()
    data = Path(args.data)
    rows_files = sorted(
        p for p in (data / "groundqa" / "dev").glob("*.jsonl") if re.search(r"\d\.jsonl$", p.name)
    )
    gold: list[str] = []
    pred: list[str] = []
    piped: list[str] = []
    always: list[str] = []
    naive: list[str] = []
    role_ok = role_n = 0
    c1_total = c1_caught = c1_corrected = 0
    page_hit = page_n = 0
    t_read = t_build = t_judge = 0.0
    answers = 0
    worst_answer = 0.0
    confusion: Counter[tuple[str, str]] = Counter()
    mistakes = []
    for path in rows_files:
        paper_id = path.stem
        t0 = time.perf_counter()
        doc = read_pdf(data / "papers" / f"{paper_id}.pdf")
        t1 = time.perf_counter()
        index = EvidenceIndex.build(doc)
        t2 = time.perf_counter()
        t_read += t1 - t0
        t_build += t2 - t1
        judge = RulesJudge(index=index)
        full_text = "\n".join(p.text for p in doc.pages)
        for line in path.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            answer = row["answer_raw"]
            previous: list[Sentence] = []
            pos = 0
            ta = time.perf_counter()
            row_judgements = []
            for i, ann in enumerate(row["annotations"]):
                text = ann["sentence"]
                start = answer.find(text, pos)
                start = pos if start < 0 else start
                sent = Sentence(i, start, start + len(text), text)
                pos = start + len(text)
                tj = time.perf_counter()
                j = judge.judge(ClaimContext(sent, row["question_text"], tuple(previous), ()))
                t_judge += time.perf_counter() - tj
                row_judgements.append(_Judged(text, j.label, j.role, j.errors))
                previous.append(sent)
                g, p = ann["label"], j.label.value
                gold.append(g)
                pred.append(p)
                confusion[(g, p)] += 1
                always.append("supported")
                naive.append(naive_rules(text, full_text))
                if g != "not_a_claim" and ann["role"]:
                    role_n += 1
                    role_ok += j.role is not None and j.role.value == ann["role"]
                for err in ann["errors"]:
                    if "C1" not in err["tags"]:
                        continue
                    c1_total += 1
                    mine = [
                        e
                        for e in j.errors
                        if "C1" in [t.value for t in e.tags]
                        and (e.span in err["span"] or err["span"] in e.span)
                    ]
                    if mine:
                        c1_caught += 1
                        gold_nums = set(_numbers(err["correction"]))
                        if any(
                            e.correction
                            and set(_numbers(e.correction)) <= gold_nums
                            and _numbers(e.correction)
                            for e in mine
                        ):
                            c1_corrected += 1
                if ann["2d_box"] and p in ("supported", "contradiction") and j.evidence:
                    page_n += 1
                    page_hit += j.evidence[0].page in {b["page_id"] for b in ann["2d_box"]}
                if g != p:
                    mistakes.append((g, p, text, j.rationale))
            answers += 1
            # the pipeline's view: judge labels + premise graph + propagation
            own = [
                SentenceAnnotation(
                    sentence=j_.sentence,
                    label=j_.label,
                    role=j_.role,
                    errors=j_.errors,
                    depends_on=(),
                )
                for j_ in row_judgements
            ]
            graph = build_graph(previous, [a.role for a in own], [a.label for a in own])
            own = [
                a.model_copy(
                    update={
                        "depends_on": ()
                        if a.label is Label.NOT_A_CLAIM
                        else depends_on(graph, f"S{i + 1}")
                    }
                )
                for i, a in enumerate(own)
            ]
            piped.extend(a.label.value for a in propagate(own))
            worst_answer = max(worst_answer, time.perf_counter() - ta)

    n = len(gold)
    print(f"GroundQA dev: {n} gold sentences, {answers} answers, {len(rows_files)} papers")
    print(f"{'system':<18}{'acc':>7}{'macroF1':>9}" + "".join(f"{lab[:13]:>14}" for lab in LABELS))
    for name, p in (
        ("always supported", always),
        ("naive 20 rules", naive),
        ("RulesJudge", pred),
        ("+graph+propagate", piped),
    ):
        acc, mf1, f1s = macro_report(gold, p)
        print(f"{name:<18}{acc:7.3f}{mf1:9.3f}" + "".join(f"{f1s[lab]:14.3f}" for lab in LABELS))
    print(f"role accuracy (claims with a gold role): {role_ok / max(role_n, 1):.3f} (n={role_n})")
    print(
        f"C1 recall: {c1_caught}/{c1_total} = {c1_caught / max(c1_total, 1):.3f}; "
        f"C1 recall with correction: {c1_corrected}/{c1_total} = "
        f"{c1_corrected / max(c1_total, 1):.3f}"
    )
    print(
        f"page hit rate (top evidence page is a gold box page): {page_hit}/{page_n} = "
        f"{page_hit / max(page_n, 1):.3f}"
    )
    print("confusion (gold -> predicted):")
    for g in LABELS:
        print(f"  {g:<14}" + "".join(f"{confusion[(g, p)]:6d}" for p in LABELS))
    print(
        f"timing: PDF read {t_read:.2f}s, index build {t_build:.2f}s (6 papers), judging "
        f"{t_judge:.2f}s for {n} sentences ({1000 * t_judge / max(n, 1):.1f} ms/sentence, "
        f"slowest answer {worst_answer:.3f}s)"
    )
    for g, p, text, why in mistakes[: args.show_errors]:
        print(f"[{g} -> {p}] {text[:150]}\n      {why[:200]}")


if __name__ == "__main__":
    main()
