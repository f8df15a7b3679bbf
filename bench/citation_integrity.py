"""The audit on Citation-Integrity dev (third-party, MIT): does the cited article support the
citing sentence?

Run: ``python bench/citation_integrity.py [--data ../shared/data] [--judge rules] [--split dev]
[--jsonl OUT]``

Data: ``external/citation-integrity/jedick_citint_claims_<split>.jsonl`` (316 dev claims from
biomedical papers, one cited article each, labels SUPPORT / REFUTE; no evidence = NEI) and
``jedick_citint_corpus.jsonl`` (per claim, about five sentences retrieved from the cited
article). Each claim becomes a one-sentence review: its citation placeholders
(``[<|cit|>]``, ``[<|multi_cit|>]``, ``[<|other_cit|>]``) become ``[1]``, ``[2]`` markers
(``[1]`` the cited article, ``[2]`` any other citation), with a two-entry reference list.
The cited article's text is its corpus sentences, served as an abstract (abstract-only
evidence: ``source`` "abstract"). The audit's support maps supported -> SUPPORT,
contradiction -> REFUTE, anything else -> NEI.

Prints: accuracy and SUPPORT / REFUTE / NEI F1 and macro-F1 of the audit, next to
always-SUPPORT; the confusion; time.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench._metrics import class_scores  # noqa: E402
from citations.model import Record, Reference  # noqa: E402
from grounding.audit import Abstract, audit  # noqa: E402
from grounding.judges.registry import make_judge, settings_from_env  # noqa: E402

CLASSES = ("SUPPORT", "REFUTE", "NEI")
_MAP = {"supported": "SUPPORT", "contradiction": "REFUTE"}


class Corpus:
    """The cited article's sentences as its abstract (an AbstractLookup): the reference
    string ends with the corpus doc id."""

    def __init__(self, docs: dict[int, str]) -> None:
        self.docs = docs

    def find(
        self, reference: Reference, record: Record | None = None
    ) -> tuple[Abstract | None, list[str]]:
        m = re.search(r"doc (\d+)", reference.raw)
        text = self.docs.get(int(m.group(1))) if m else None
        if text is None:
            return None, ["not in the corpus"]
        return Abstract(
            text,
            "citint",
            Record(source="citint", id=m.group(1) if m else "", title="", abstract=text),
        ), []


#: A bracketed or parenthesised citation group holding a placeholder, with nothing else
#: but reference numbers ("[<|multi_cit|>,7]", "(<|cit|>, 178)").
_GROUP = re.compile(r"[\[(]((?:\s*(?:<\|[a-z_]+\|>|[–-]?\d+(?:[–-]\d+)?)\s*[,;]?)+)[\])]")


def _markers(group: re.Match[str]) -> str:
    """The citation group ``group`` as the review's markers: [1] for the cited article,
    [2] for any other work (the claim's own reference numbers among them)."""
    inside = group.group(1)
    if "<|" not in inside:
        return group.group(0)  # a number in brackets of the claim's own
    cited = re.search(r"<\|(?:multi_)?cit\|>", inside) is not None
    other = "other_cit" in inside or re.search(r"(?<![|\w])\d", inside) is not None
    return "[" + ", ".join(m for m, on in (("1", cited), ("2", other)) if on) + "]"


def review_of(claim: str, doc_id: int) -> str:
    """The claim as a one-sentence review citing doc ``doc_id`` as [1]: each citation
    group with a placeholder becomes one marker group ("[<|cit|>,31]" -> "[1, 2]", so no
    reference number is left in the text as a number), a lone placeholder [1] or [2]."""
    body = _GROUP.sub(_markers, claim)
    body = re.sub(r"\[?<\|(?:multi_)?cit\|>\]?", "[1]", body)
    body = re.sub(r"\[?<\|other_cit\|>\]?", "[2]", body)
    return (
        f"{body}\n\nReferences\n\n[1] Cited article, corpus doc {doc_id}. 2020.\n"
        "[2] Other cited work, not audited. 2020.\n"
    )


def f1_table(gold: list[str], pred: list[str]) -> tuple[float, float, dict[str, float]]:
    """(accuracy, macro-F1, per-class F1) over :data:`CLASSES` (bench._metrics)."""
    return class_scores(gold, pred, CLASSES)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default=str(ROOT.parent / "shared" / "data"))
    ap.add_argument("--judge", default="rules")
    ap.add_argument("--split", default="dev", choices=("dev", "train"))
    ap.add_argument("--jsonl", help="write each claim's gold and predicted label here")
    args = ap.parse_args()
    base = Path(args.data) / "external" / "citation-integrity"
    claims_path = base / f"jedick_citint_claims_{args.split}.jsonl"
    if not claims_path.is_file():
        sys.exit(f"no Citation-Integrity data at {claims_path}")
    docs = {}
    for line in (base / "jedick_citint_corpus.jsonl").read_text(encoding="utf-8").splitlines():
        d = json.loads(line)
        docs[int(d["doc_id"])] = " ".join(d["abstract"])
    corpus = Corpus(docs)
    judge = make_judge(args.judge, settings_from_env())
    gold: list[str] = []
    pred: list[str] = []
    sources: Counter[str] = Counter()
    rows: list[dict[str, str]] = []
    t0 = time.perf_counter()
    for line in claims_path.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        doc_id = int(row["cited_doc_ids"][0])
        labels = [e["label"] for ev in row["evidence"].values() for e in ev]
        gold.append(labels[0] if labels else "NEI")
        rep = audit(
            review_of(row["claim"], doc_id),
            abstracts=corpus,
            judge=judge,
            path=f"claim {row['id']}",
        )
        cited = [p for p in rep.pairs if rep.works[p.work].cited.number == 1]
        sources.update(rep.works[p.work].source for p in cited)
        supports = [p.support for p in cited]
        top = (
            "contradiction"
            if "contradiction" in supports
            else ("supported" if "supported" in supports else "nei")
        )
        pred.append(_MAP.get(top, "NEI"))
        rows.append(
            {"id": str(row["id"]), "claim": row["claim"], "gold": gold[-1], "pred": pred[-1]}
        )
    dt = time.perf_counter() - t0
    if args.jsonl:
        Path(args.jsonl).write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    print(
        f"Citation-Integrity {args.split} (jedick_citint, {claims_path}): {len(gold)} claims "
        f"{dict(Counter(gold))}; judge {args.judge}; {dt:.1f}s"
    )
    print(f"cited-work text: {dict(sources)} (claims whose marker linked to the cited article)")
    print(f"{'system':<16}{'acc':>7}{'macroF1':>9}" + "".join(f"{c:>9}" for c in CLASSES))
    for name, p in (("always SUPPORT", ["SUPPORT"] * len(gold)), ("audit", pred)):
        acc, mf1, f1 = f1_table(gold, p)
        print(f"{name:<16}{acc:7.3f}{mf1:9.3f}" + "".join(f"{f1[c]:9.3f}" for c in CLASSES))
    conf = Counter(zip(gold, pred))
    print(
        "confusion (gold -> audit): "
        + "; ".join(f"{g}: " + " ".join(f"{p} {conf[(g, p)]}" for p in CLASSES) for g in CLASSES)
    )


if __name__ == "__main__":
    main()
