"""Perturbation suite: the judge on correct sentences from each paper and on one-change copies.

For every PDF in ``papers/`` and ``papers-more/`` of the shared data, correct sentences are
taken from the paper's own prose (verbatim, light cleaning) and from its table rows
(several phrasings), and copies are corrupted by exactly one kind each: number, swap,
comparison, negation, term, quantifier, row_col (see ``bench/perturbations.py``). Each item
is judged alone (no question, no earlier sentences) with the paper's evidence index, the
way ``grounding.check.check`` drives a judge.

Prints, per kind and per domain (papers = ML/NLP + a few; papers-more = chemistry, biology,
physics, medicine...): n, recall (labelled contradiction) and "not supported" (contradiction
or nei); on the unchanged sentences: false alarms (contradiction) and the share supported,
each next to its target. Deterministic: a paper's items depend only on ``--seed``
and the paper's file name.

Usage: python bench/perturb.py [--data ../shared/data] [--papers s2orc,promis] [--limit N]
       [--per-kind 12] [--unchanged 30] [--rows 8] [--seed 0] [--jsonl items.jsonl]
       [--per-paper] [--show N] [--entity-classes TSV]
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from perturbations import (  # noqa: E402
    KINDS,
    UNCHANGED,
    Item,
    Row,
    _as_num,
    body_pages,
    entity_classes,
    named_terms,
    pick_rows,
    table_items,
    text_items,
    values_in,
)

from grounding.errors import JudgeError  # noqa: E402
from grounding.evidence import EvidenceIndex, row_label  # noqa: E402
from grounding.judges.base import ClaimContext, Judge  # noqa: E402
from grounding.judges.registry import make_judge  # noqa: E402
from grounding.pdf import read_pdf  # noqa: E402
from grounding.types import Judgement, Sentence  # noqa: E402

DOMAINS = ("papers", "papers-more")
#: The targets: recall (contradiction) per kind
RECALL_TARGET = {
    "number": 0.8,
    "swap": 0.8,
    "comparison": 0.8,
    "negation": 0.8,
    "term": 0.5,
    "entity": None,
    "quantifier": 0.5,
    "hedge": 0.9,
    "row_col": None,
}
FALSE_ALARM_TARGET = 0.03
SUPPORTED_TARGET = 0.6


def judge_text(judge: Judge, text: str, document: Any, index: EvidenceIndex) -> Judgement:
    """``judge``'s verdict on ``text`` as a one-sentence answer about ``document``.

    Candidate passages as ``check`` gives them (none to a judge that retrieves its own)."""
    sentence = Sentence(0, 0, len(text), text)
    passages = () if getattr(judge, "retrieves_evidence", False) else tuple(index.search(text, k=8))
    return judge.judge(ClaimContext(sentence, "", (), passages, document, index))


def write_jsonl(path: Path, rows: list[dict[str, Any]]) -> None:
    """Write ``rows`` to ``path``, one JSON object a line (UTF-8, not ASCII-escaped)."""
    with open(path, "w", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")


#: a row label fit for a sentence: starts with a capital (a lower-case start continues a
#: label from the line above), then letters, digits, spaces,
#: hyphens, parentheses, points and slashes, not ending in punctuation that continues it
_LABEL = re.compile(r"[A-Z][A-Za-z0-9 ()./-]*[A-Za-z0-9).]")


def table_rows(index: EvidenceIndex) -> list[Row]:
    """Rows of the index's tables fit to write sentences from: a label of 1-6 words matching
    :data:`_LABEL` with a word of >= 3 letters and no year (a running header such as
    "Materials 2021," is no row), >= 2 cells that are each one plain number, no untrusted
    glyph."""
    out = []
    for page, ids in sorted(index.rows_by_page.items()):
        for pid in ids:
            e = index.entries[pid]
            lab = row_label(e)
            if (
                not 1 <= len(lab.split()) <= 6
                or not _LABEL.fullmatch(lab)
                or not re.search(r"[A-Za-z]{3}", lab)
                or re.search(r"\b(?:19|20)\d\d\b", lab)
                or lab.count("(") != lab.count(")")
                or len(e.cells) < 2
                or e.suspect
            ):
                continue
            cells = [c.quantity for c in e.cells]
            if any(_as_num(q.text) is None for q in cells):
                continue
            y = e.rects[0].y0 if e.rects else 0.0
            out.append(
                Row(lab, tuple(q.text for q in cells), tuple(q.value for q in cells), page, y)
            )
    return out


def paper_items(
    pdf: Path,
    seed: int,
    per_kind: int,
    unchanged: int,
    n_rows: int,
    classes: dict[str, tuple[str, ...]] | None = None,
) -> tuple[Any, EvidenceIndex, list[Item]]:
    """The document, its index and the items of one paper (deterministic per seed and name;
    ``classes``: the entity kind's classes, default the benchmark's)."""
    rng = random.Random(f"{seed}:{pdf.stem}")
    document = read_pdf(pdf)
    index = EvidenceIndex.build(document)
    pages = body_pages([p.text for p in document.pages])
    slots = named_terms("\n".join(t for _, t in pages))
    items = text_items(pages, rng, per_kind, unchanged, slots, classes)
    texts = {p.number: p.text for p in document.pages}
    rows = table_rows(index)
    by_label: dict[str, set[float]] = defaultdict(set)
    for r in rows:
        by_label[r.label].update(r.values)
    for row, other, third in pick_rows(rows, rng, n_rows):
        items += table_items(
            row, other, third, rng, values_in(texts[row.page]), by_label[row.label]
        )
    return document, index, items


def _rate(k: int, n: int) -> str:
    return f"{k / n:.2f}" if n else "-"


def _caught(rs: list[dict[str, Any]]) -> str:
    """ "recall (n)" of ``rs``: the share labelled contradiction."""
    return f"{_rate(sum(r['label'] == 'contradiction' for r in rs), len(rs))} ({len(rs)})"


def report(
    results: list[dict[str, Any]], groups: tuple[str, ...] = ("all",) + DOMAINS, key: str = "domain"
) -> str:
    """The printed tables: per kind recall and not-supported (and recall on prose and on
    table items apart), unchanged false alarms and supported; one table for all items and
    one per value of ``key`` in ``groups`` ("domain" or "paper")."""
    lines = []
    for group in groups:
        rs = [r for r in results if group == "all" or r[key] == group]
        if not rs:
            continue
        papers = len({r["paper"] for r in rs})
        lines.append(f"\n== {group}: {papers} papers, {len(rs)} items")
        lines.append(
            f"{'kind':<12}{'n':>5}  {'recall':>7}{'target':>8}  {'not supp.':>9}"
            f"  {'prose recall (n)':>17}  {'table recall (n)':>17}"
        )
        for kind in KINDS:
            ks = [r for r in rs if r["kind"] == kind]
            c = sum(r["label"] == "contradiction" for r in ks)
            ns = sum(r["label"] in ("contradiction", "nei") for r in ks)
            t = RECALL_TARGET[kind]
            lines.append(
                f"{kind:<12}{len(ks):>5}  {_rate(c, len(ks)):>7}"
                f"{'>= ' + format(t, '.1f') if t else '-':>8}  {_rate(ns, len(ks)):>9}"
                f"  {_caught([r for r in ks if r['origin'] == 'text']):>17}"
                f"  {_caught([r for r in ks if r['origin'] == 'table']):>17}"
            )
        us = [r for r in rs if r["kind"] == UNCHANGED]
        fa = sum(r["label"] == "contradiction" for r in us)
        su = sum(r["label"] == "supported" for r in us)
        lines.append(
            f"{'unchanged':<12}{len(us):>5}  false alarms {_rate(fa, len(us))}"
            f" (target <= {FALSE_ALARM_TARGET:.2f}), supported {_rate(su, len(us))}"
            f" (target >= {SUPPORTED_TARGET:.1f}); prose {len([r for r in us if r['origin'] == 'text'])}"
            f", table {len([r for r in us if r['origin'] == 'table'])}"
        )
    return "\n".join(lines)


def _args() -> argparse.Namespace:
    """The command line's arguments (module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default=str(ROOT.parent / "shared" / "data"))
    ap.add_argument("--papers", default="", help="comma-separated parts of PDF names to keep")
    ap.add_argument("--limit", type=int, default=0, help="at most N papers (0: all)")
    ap.add_argument(
        "--per-kind", type=int, default=12, help="corrupted text items per kind per paper"
    )
    ap.add_argument("--unchanged", type=int, default=30, help="correct text sentences per paper")
    ap.add_argument("--rows", type=int, default=8, help="table rows per paper")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument(
        "--entity-classes",
        help="TSV of entity classes (class<TAB>word) for the entity kind, in place of "
        "bench/data/entity_classes.tsv (e.g. bench/data/entity_classes_heldout.tsv)",
    )
    ap.add_argument("--judge", default="rules", help="judge name for make_judge (rules, nli, llm)")
    ap.add_argument("--jsonl", help="write every item with its label to this JSONL file")
    ap.add_argument("--per-paper", action="store_true", help="also print the tables per paper")
    ap.add_argument("--show", type=int, default=0, help="print up to N misjudged items per kind")
    return ap.parse_args()


def main() -> int:
    args = _args()
    data = Path(args.data)
    pdfs = [(d, p) for d in DOMAINS for p in sorted((data / d).glob("*.pdf"))]
    if args.papers:
        keep = [k.strip() for k in args.papers.split(",") if k.strip()]
        pdfs = [(d, p) for d, p in pdfs if any(k in p.stem for k in keep)]
    if args.limit:
        pdfs = pdfs[: args.limit]
    if not pdfs:
        print(f"skipped: no PDFs under {data}/papers or {data}/papers-more")
        return 0
    classes = entity_classes(args.entity_classes) if args.entity_classes else None
    results: list[dict[str, Any]] = []
    failed = 0
    t0 = time.perf_counter()
    for domain, pdf in pdfs:
        try:
            document, index, items = paper_items(
                pdf, args.seed, args.per_kind, args.unchanged, args.rows, classes
            )
        except Exception as exc:  # a bad PDF is reported, the batch goes on
            print(f"{pdf}: skipped ({type(exc).__name__}: {exc})")
            continue
        judge = make_judge(args.judge)
        for it in items:
            try:
                j = judge_text(judge, it.text, document, index)
            except JudgeError as exc:  # a model judge that fails: counted, the batch goes on
                failed += 1
                print(f"{pdf}: p{it.page} {it.kind} item not judged ({exc})")
                continue
            results.append(
                {
                    "paper": pdf.stem,
                    "domain": domain,
                    "kind": it.kind,
                    "origin": it.origin,
                    "page": it.page,
                    "text": it.text,
                    "source": it.source,
                    "change": it.change,
                    "label": j.label.value,
                    "rationale": j.rationale,
                }
            )
    elapsed = time.perf_counter() - t0
    print(
        f"perturbation suite: {len(results)} items from {len(pdfs)} PDFs, judge "
        f"{args.judge!r}, seed {args.seed}, {elapsed:.0f} s"
        + (f"; {failed} items not judged (JudgeError)" if failed else "")
    )
    print(report(results))
    if args.per_paper:
        print(report(results, tuple(sorted({r["paper"] for r in results})), "paper"))
    if args.show:
        shown: dict[str, int] = defaultdict(int)
        for r in results:
            wrong = (
                r["label"] != "supported"
                if r["kind"] == UNCHANGED
                else r["label"] != "contradiction"
            )
            if wrong and shown[r["kind"]] < args.show:
                shown[r["kind"]] += 1
                print(
                    f"\n[{r['kind']}] {r['paper']} p{r['page']} -> {r['label']}: {r['text']}"
                    f"\n    change: {r['change'] or '-'}; {r['rationale'][:160]}"
                )
    if args.jsonl:
        write_jsonl(Path(args.jsonl), results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
