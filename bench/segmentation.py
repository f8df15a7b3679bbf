"""Sentence-split accuracy of grounding.sentences against GroundQA dev gold splits.

Usage: python bench/segmentation.py [DEV_DIR] [-v]
Prints sentence-level exact match (gold sentences reproduced exactly, as (start, end)
spans located in ``answer_raw``), rows fully exact, and with -v every mismatch.
Also prints the premise-graph figures of bench/graph.py when that script is present.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from annotations.layouts import load_dataset  # noqa: E402
from annotations.schema import QAPair  # noqa: E402
from grounding.sentences import split_sentences  # noqa: E402

DEFAULT_DEV = ROOT.parent / "shared" / "data" / "groundqa" / "dev"


def gold_spans(row: QAPair) -> list[tuple[int, int]]:
    """Gold sentence spans in ``row.answer_raw``, found left to right. Raises ValueError."""
    spans, pos = [], 0
    for ann in row.annotations:
        at = row.answer_raw.find(ann.sentence, pos)
        if at < 0:
            raise ValueError(f"{row.qa_pair_id}: gold sentence not in answer: {ann.sentence!r}")
        spans.append((at, at + len(ann.sentence)))
        pos = at + len(ann.sentence)
    return spans


def score(rows: list[QAPair], verbose: bool = False) -> tuple[int, int, int, int, int]:
    """(gold sentences matched, gold total, predicted total, rows fully exact, rows)."""
    hit = gold_n = pred_n = rows_ok = 0
    for row in rows:
        gold = gold_spans(row)
        pred = [(s.start, s.end) for s in split_sentences(row.answer_raw)]
        common = set(gold) & set(pred)
        hit += len(common)
        gold_n += len(gold)
        pred_n += len(pred)
        rows_ok += gold == pred
        if verbose and gold != pred:
            a = row.answer_raw
            for g in gold:
                if g not in common:
                    print(f"  {row.qa_pair_id} MISSED   {a[g[0] : g[1]]!r}")
            for p in pred:
                if p not in common:
                    print(f"  {row.qa_pair_id} PREDICTED {a[p[0] : p[1]]!r}")
    return hit, gold_n, pred_n, rows_ok, len(rows)


def main(argv: list[str]) -> int:
    verbose = "-v" in argv
    args = [a for a in argv if a != "-v"]
    dev = Path(args[0]) if args else DEFAULT_DEV
    if not dev.is_dir():
        print(f"no dev data at {dev}", file=sys.stderr)
        return 2
    rows = list(load_dataset(dev))
    hit, gold_n, pred_n, rows_ok, n = score(rows, verbose)
    print(f"segmentation on {dev} ({n} rows)")
    print(f"  gold sentences reproduced exactly: {hit}/{gold_n} = {hit / gold_n:.4f}")
    print(f"  predicted sentences that are gold: {hit}/{pred_n} = {hit / max(pred_n, 1):.4f}")
    print(f"  rows fully exact:                  {rows_ok}/{n} = {rows_ok / n:.4f}")
    graph = ROOT / "bench" / "graph.py"
    if graph.exists():
        import importlib.util

        spec = importlib.util.spec_from_file_location("bench_graph", graph)
        if spec is not None and spec.loader is not None:
            graph_bench = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(graph_bench)
            print()
            graph_bench.report(rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
