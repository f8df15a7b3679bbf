"""Audit reviews built from GroundQA dev against `check` on the same sentences.

Run: ``python bench/audit_review.py [--data ../shared/data] [--judge rules] [--show N]``

Reviews: review k joins the claim sentences (gold label other than not_a_claim) of answer k
of every dev paper, one paragraph per paper, each sentence citing the paper it is about;
the reference list is built from ``papers/index.json``. Two citation variants: numbered
(``[3]``, numbered list) and author-year (``(Cohan et al., 2020)``, every fourth sentence
narrative: ``According to Cohan et al. (2020), ...``; alphabetical list). Gold labels are
carried over from GroundQA. Misattributed sentences: the first two gold-supported
sentences of each answer are added again, cited to the next paper of the set (gold: nei).
The folder of PDFs given to the audit is ``papers/`` (all six PDFs).

Prints: macro-F1 over supported / contradiction / nei of (a) ``check`` on each original
answer (own sentence split, aligned to the gold sentences by character overlap; final
labels after propagation, and the judge's own labels), (b) the audit of the reviews, on the
same carried sentences, per variant; the share of misattributed sentences the audit calls
supported (target <= 5%); how each cited PDF was matched; timings; and PDF matching over
papers/ + papers-more/ (14 PDFs, references from their index.json, with and without DOI).
A prediction outside
the three labels (not_a_claim, unavailable) counts as wrong.
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

from bench._metrics import class_scores  # noqa: E402
from grounding.audit import audit  # noqa: E402
from grounding.check import check  # noqa: E402
from grounding.judges.registry import make_judge, settings_from_env  # noqa: E402
from grounding.pdf import read_pdf  # noqa: E402

LABELS = ("supported", "contradiction", "nei")


@dataclass
class Item:
    """One sentence placed in a review: where, its gold, the paper it cites."""

    review: int
    start: int
    gold: str
    paper: str
    misattributed: bool
    qa_pair_id: str
    sentence: str


def macro_f1(gold: list[str], pred: list[str]) -> tuple[float, dict[str, float]]:
    """Macro-F1 over LABELS (other predictions count as wrong) and per-class F1."""
    _, macro, f1s = class_scores(gold, pred, LABELS)
    return macro, f1s


def _family(name: str) -> str:
    name = re.sub(r"\s*\(.*\)$", "", name).strip()
    return (
        name if " " not in name or "-" in name.split()[-1] and name.isupper() else name.split()[-1]
    )


def _short(paper: dict) -> str:
    authors = paper["authors"]
    first = _family(authors[0])
    if len(authors) == 1:
        return first
    if len(authors) == 2:
        return f"{first} and {_family(authors[1])}"
    return f"{first} et al."


def _entry(paper: dict) -> str:
    authors = [re.sub(r"\s*\(.*\)$", "", a).strip() for a in paper["authors"]]
    names = authors[0] if len(authors) == 1 else ", ".join(authors[:-1]) + ", and " + authors[-1]
    venue = re.sub(r"\s*\(.*$", "", paper["venue"]).strip()
    doi = f" https://doi.org/{paper['doi']}" if paper.get("doi") else ""
    return f"{names}. {paper['year']}. {paper['title']}. {venue}.{doi}"


def _cite(sentence: str, marker: str) -> str:
    """The sentence with `` marker`` before its final punctuation."""
    m = re.search(r"[.!?:;]+\**\s*$", sentence)
    cut = m.start() if m else len(sentence)
    return sentence[:cut].rstrip() + " " + marker + sentence[cut:]


def _narrative(sentence: str, who: str) -> str:
    first = sentence[:1].lower() if sentence[1:2].islower() else sentence[:1]
    return f"According to {who} ({'{year}'}), {first}{sentence[1:]}"


def build_reviews(data: Path, variant: str) -> tuple[list[str], list[Item], dict[str, dict]]:
    """(review texts, placed sentences, papers by id) for ``variant`` "numbered" or
    "author-year"."""
    index = {
        p["short_id"]: p
        for p in json.loads((data / "papers" / "index.json").read_text(encoding="utf-8"))["papers"]
    }
    rows: dict[str, list[dict]] = {}
    for path in sorted((data / "groundqa" / "dev").glob("*.jsonl")):
        if re.search(r"\d\.jsonl$", path.name):
            rows[path.stem] = [
                json.loads(line)
                for line in path.read_text(encoding="utf-8").splitlines()
                if line.strip()
            ]
    papers = [p for p in sorted(rows) if p in index]
    order = papers if variant == "numbered" else sorted(papers, key=lambda p: _short(index[p]))
    number = {p: i + 1 for i, p in enumerate(order)}

    def marker(p: str, narrative: bool) -> str:
        if variant == "numbered":
            return f"[{number[p]}]"
        return (
            f"{_short(index[p])} ({index[p]['year']})"
            if narrative
            else f"({_short(index[p]).replace(' and ', ' & ')}, {index[p]['year']})"
        )

    reviews: list[str] = []
    items: list[Item] = []
    for k in range(max(len(v) for v in rows.values())):
        text = "# Review\n\n"
        for n, p in enumerate(papers):
            if k >= len(rows[p]):
                continue
            row = rows[p][k]
            other = papers[(n + 1) % len(papers)]
            claims = [a for a in row["annotations"] if a["label"] != "not_a_claim"]
            wrong = [a for a in claims if a["label"] == "supported"][:2]
            parts: list[tuple[str, str, str, bool]] = [
                (a["sentence"], a["label"], p, False) for a in claims
            ]
            parts += [(a["sentence"], "nei", other, True) for a in wrong]
            for i, (sent, gold, cited, mis) in enumerate(parts):
                if variant == "author-year" and i % 4 == 3:
                    out = _narrative(sent, _short(index[cited])).replace(
                        "{year}", str(index[cited]["year"])
                    )
                else:
                    out = _cite(sent, marker(cited, False))
                items.append(
                    Item(len(reviews), len(text), gold, cited, mis, row["qa_pair_id"], sent)
                )
                # a list item ("AZGP1: 9 of 10 ...") or a line ending in ':' keeps its line
                text += out + (" " if re.search(r"[.!?][*)\"']*$", out) else "\n")
            text = text.rstrip() + "\n\n"
        text += "## References\n\n"
        for p in order:
            lead = f"[{number[p]}] " if variant == "numbered" else ""
            text += f"{lead}{_entry(index[p])}\n"
        reviews.append(text)
    return reviews, items, index


def run_check(data: Path, judge: object) -> dict[tuple[str, str], tuple[str, str]]:
    """(qa_pair_id, gold sentence) -> (check's final label, the judge's own label)."""
    out: dict[tuple[str, str], tuple[str, str]] = {}
    for path in sorted((data / "groundqa" / "dev").glob("*.jsonl")):
        if not re.search(r"\d\.jsonl$", path.name):
            continue
        doc = read_pdf(data / "papers" / f"{path.stem}.pdf")
        for line in path.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            answer = row["answer_raw"]
            rep = check(
                row["question_text"],
                answer,
                doc,
                judge=judge,  # type: ignore[arg-type]
                verify_citations=False,
            )
            pos = 0
            for ann in row["annotations"]:
                a = answer.find(ann["sentence"], pos)
                a = pos if a < 0 else a
                b = a + len(ann["sentence"])
                pos = b
                best = max(
                    rep.sentences,
                    key=lambda cs: min(b, cs.sentence.end) - max(a, cs.sentence.start),
                )
                out[(row["qa_pair_id"], ann["sentence"])] = (
                    best.annotation.label.value,
                    best.judgement.label.value,
                )
    return out


def matching(data: Path) -> None:
    """PDF matching over papers/ and papers-more/ together (all PDFs in one folder), with a
    reference string per PDF built from each folder's index.json: with its DOI, and without
    (title and first author only). Prints correct / wrong / refused (ambiguous) / none."""
    import tempfile

    from citations.parse import parse_reference
    from grounding.audit import match_pdfs

    papers = []
    for folder in ("papers", "papers-more"):
        path = data / folder / "index.json"
        if not path.is_file():
            continue
        raw = json.loads(path.read_text(encoding="utf-8"))
        for p in raw["papers"] if isinstance(raw, dict) else raw:
            pdf = data / folder / (p.get("file") or f"{p['short_id']}.pdf")
            if pdf.is_file():
                papers.append((p, pdf))
    with tempfile.TemporaryDirectory() as tmp:
        for _, pdf in papers:
            (Path(tmp) / pdf.name).symlink_to(pdf.resolve())
        for with_doi in (True, False):
            refs = [
                parse_reference(_entry(p if with_doi else {**p, "doi": None})) for p, _ in papers
            ]
            t0 = time.perf_counter()
            found = match_pdfs(Path(tmp), [(r, None) for r in refs])
            dt = time.perf_counter() - t0
            got = {i: Path(doc.path).name for i, (doc, _) in found.by_work.items()}
            right = sum(got.get(i) == pdf.name for i, (_, pdf) in enumerate(papers))
            wrong = sum(i in got and got[i] != pdf.name for i, (_, pdf) in enumerate(papers))
            how = Counter(h for _, h in found.by_work.values())
            refused = sum(pr.kind == "ambiguous_pdf" for pr in found.problems)
            print(
                f"PDF matching, {len(papers)} PDFs (papers/ + papers-more/), references "
                f"{'with' if with_doi else 'without'} DOI: correct {right}, wrong {wrong}, "
                f"ambiguous reported {refused}, none {len(papers) - right - wrong} "
                f"(by {dict(how)}; {dt:.1f}s)"
            )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default=str(ROOT.parent / "shared" / "data"))
    ap.add_argument("--judge", default="rules", help="rules (default), llm or nli")
    ap.add_argument("--show", type=int, default=0, help="print N audit/check disagreements")
    args = ap.parse_args()
    data = Path(args.data)
    if not (data / "groundqa" / "dev").is_dir():
        sys.exit(f"no GroundQA dev data under {data}")
    matching(data)
    judge = make_judge(args.judge, settings_from_env())
    t0 = time.perf_counter()
    checked = run_check(data, judge)
    t_check = time.perf_counter() - t0
    print(f"judge: {args.judge}; data: {data / 'groundqa' / 'dev'}; PDFs: {data / 'papers'}")
    print(f"check on the original answers: {t_check:.1f}s")
    for variant in ("numbered", "author-year"):
        reviews, items, _ = build_reviews(data, variant)
        t1 = time.perf_counter()
        reports = [
            audit(r, papers=data / "papers", judge=judge, path=f"review{k}")
            for k, r in enumerate(reviews)
        ]
        t_audit = time.perf_counter() - t1
        gold, pred_audit, pred_check, pred_judge = [], [], [], []
        mis_total = mis_supported = unlinked = 0
        matched: Counter[str] = Counter()
        others = 0
        for rep in reports:
            matched.update(w.matched_by or w.source for w in rep.works if w.cited.origin == "list")
            others += sum(w.cited.origin != "list" for w in rep.works)
        disagreements = []
        for it in items:
            rep = reports[it.review]
            sent = next(s for s in rep.sentences if s.sentence.start <= it.start < s.sentence.end)
            pair = next(
                (
                    p
                    for p in sent.pairs
                    if rep.works[p.work].location
                    and Path(rep.works[p.work].location or "").stem == it.paper
                ),
                None,
            )
            label = pair.support if pair else "unlinked"
            unlinked += pair is None
            if it.misattributed:
                mis_total += 1
                mis_supported += label == "supported"
                continue
            final, own = checked[(it.qa_pair_id, it.sentence)]
            gold.append(it.gold)
            pred_audit.append(label)
            pred_check.append(final)
            pred_judge.append(own)
            if label != own:
                disagreements.append((it.gold, own, label, it.sentence))
        n = len(gold)
        fa, fa_cls = macro_f1(gold, pred_audit)
        fc, _ = macro_f1(gold, pred_check)
        fj, _ = macro_f1(gold, pred_judge)
        print(
            f"\n{variant}: {len(reviews)} reviews, {n} carried sentences "
            f"({dict(Counter(gold))}), {mis_total} misattributed; audit {t_audit:.1f}s"
        )
        print(
            f"  macro-F1  check (final labels) {fc:.3f}   check (judge's own labels) {fj:.3f}   "
            f"audit {fa:.3f}   audit - check {fa - fc:+.3f}"
        )
        print("  audit per class: " + ", ".join(f"{k} {v:.3f}" for k, v in fa_cls.items()))
        print(f"  audit labels: {dict(Counter(pred_audit))}")
        print(
            f"  same label as check's judge: {n - len(disagreements)}/{n}; citation not "
            f"linked to its PDF: {unlinked}"
        )
        print(
            f"  misattributed called supported: {mis_supported}/{mis_total} = "
            f"{mis_supported / max(mis_total, 1):.3f} (target <= 0.05)"
        )
        print(
            f"  reference-list entries matched to a PDF by: {dict(matched)}; other works "
            f"the answers cite (no entry, unavailable): {others}"
        )
        for g, o, a, s in disagreements[: args.show]:
            print(f"    [gold {g}, check {o}, audit {a}] {s[:140]}")


if __name__ == "__main__":
    main()
