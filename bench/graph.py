"""Premise-graph quality of grounding.graph against GroundQA dev gold ``depends_on``.

Usage: python bench/graph.py [DEV_DIR] [-v] [--speed]
Builds the graph on the gold sentence splits in three settings -- gold roles and labels,
gold labels without roles, nothing -- and prints edge precision, recall and F1 (micro over
all edges sentence -> premise), overall, per paper, and over the two halves of the papers:
the rules of 2026-12 were developed on DEVELOP and checked on the other three. With -v,
lists every wrong or missed edge of the first two settings.
With --speed, also times build_graph on one long answer made of the dev gold sentences in
order, repeated to 1,000 and 4,221 sentences (with roles and labels, and with neither), best
of 3 runs.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from annotations.layouts import load_dataset  # noqa: E402
from annotations.schema import QAPair  # noqa: E402
from grounding.graph import build_graph, depends_on  # noqa: E402
from grounding.types import Sentence  # noqa: E402

DEFAULT_DEV = ROOT.parent / "shared" / "data" / "groundqa" / "dev"
SETTINGS = ("roles+labels", "labels only", "no roles, no labels")
#: The papers the December rules (subordinate-clause openers, reporting "suggest") were
#: written against; the other three are reported apart as held out.
DEVELOP = ("deepseek-r1-2025", "lavis-2022", "legwork-2022")


def gold_sentences(row: QAPair) -> list[Sentence]:
    out, pos = [], 0
    for i, ann in enumerate(row.annotations):
        at = row.answer_raw.find(ann.sentence, pos)
        at = pos if at < 0 else at
        out.append(Sentence(i, at, at + len(ann.sentence), ann.sentence))
        pos = at + len(ann.sentence)
    return out


def edges(row: QAPair, setting: str) -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
    """(predicted, gold) edge sets of one row as (sentence id, premise id) pairs."""
    sents = gold_sentences(row)
    roles = [a.role for a in row.annotations] if setting == SETTINGS[0] else None
    labels = [a.label for a in row.annotations] if setting != SETTINGS[2] else None
    g = build_graph(sents, roles=roles, labels=labels)
    pred = {(s.id, p) for s in sents for p in depends_on(g, s.id)}
    gold = {(f"S{i + 1}", d) for i, a in enumerate(row.annotations) for d in a.depends_on}
    return pred, gold


def prf(rows: list[QAPair], setting: str) -> tuple[float, float, float, int, int, int]:
    """(precision, recall, F1, true positives, predicted, gold) over all rows."""
    tp = np_ = ng = 0
    for row in rows:
        pred, gold = edges(row, setting)
        tp += len(pred & gold)
        np_ += len(pred)
        ng += len(gold)
    p = tp / np_ if np_ else 0.0
    r = tp / ng if ng else 0.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return p, r, f, tp, np_, ng


def report(rows: list[QAPair], verbose: bool = False) -> None:
    print(f"premise graph on {len(rows)} rows (gold sentence splits), edges sentence -> premise")
    for setting in SETTINGS:
        p, r, f, tp, np_, ng = prf(rows, setting)
        print(f"  {setting:22s} P={p:.3f} ({tp}/{np_})  R={r:.3f} ({tp}/{ng})  F1={f:.3f}")
    papers = sorted({r.paper_id for r in rows})
    groups = [(p, [r for r in rows if r.paper_id == p]) for p in papers]
    held = [p for p in papers if p not in DEVELOP]
    groups += [
        ("develop: " + ", ".join(DEVELOP), [r for r in rows if r.paper_id in DEVELOP]),
        ("held out: " + ", ".join(held), [r for r in rows if r.paper_id in held]),
    ]
    print("per paper (P / R / F1 per setting)")
    for name, sub in groups:
        cells = []
        for setting in SETTINGS[:2]:
            p, r, f, tp, np_, ng = prf(sub, setting)
            cells.append(f"{p:.3f} / {r:.3f} / {f:.3f} ({tp}/{np_}/{ng})")
        print(f"  {name:48s} " + "   ".join(cells))
    if verbose:
        for setting in SETTINGS[:2]:
            print(f"-- errors, {setting}")
            for row in rows:
                pred, gold = edges(row, setting)
                if pred == gold:
                    continue
                by = {}
                for s, _p in pred | gold:
                    by.setdefault(s, None)
                for s in sorted(by, key=lambda x: int(x[1:])):
                    gp = sorted((p for a, p in gold if a == s), key=lambda x: int(x[1:]))
                    pp = sorted((p for a, p in pred if a == s), key=lambda x: int(x[1:]))
                    if gp != pp:
                        text = row.annotations[int(s[1:]) - 1].sentence
                        print(f"  {row.qa_pair_id} {s}: gold {gp} pred {pp} | {text[:80]}")


def long_answer(rows: list[QAPair], n: int) -> tuple[list[Sentence], list, list]:
    """(sentences, roles, labels) of one answer holding the rows' gold sentences in order,
    repeated until there are ``n``."""
    sents: list[Sentence] = []
    roles, labels = [], []
    pos = 0
    while len(sents) < n and any(r.annotations for r in rows):
        for ann in (a for r in rows for a in r.annotations):
            if len(sents) == n:
                break
            sents.append(Sentence(len(sents), pos, pos + len(ann.sentence), ann.sentence))
            pos += len(ann.sentence) + 1
            roles.append(ann.role)
            labels.append(ann.label)
    return sents, roles, labels


def speed(rows: list[QAPair]) -> None:
    for n in (1000, 4221):
        sents, roles, labels = long_answer(rows, n)
        for name, r, lab in (("roles+labels", roles, labels), ("nothing", None, None)):
            best = float("inf")
            for _ in range(3):
                t = time.perf_counter()
                build_graph(sents, roles=r, labels=lab)
                best = min(best, time.perf_counter() - t)
            print(f"build_graph {n:5d} sentences ({name:12s}): {best:.3f} s")


def main(argv: list[str]) -> int:
    verbose = "-v" in argv
    timing = "--speed" in argv
    args = [a for a in argv if a not in ("-v", "--speed")]
    dev = Path(args[0]) if args else DEFAULT_DEV
    if not dev.is_dir():
        print(f"no dev data at {dev}", file=sys.stderr)
        return 2
    rows = list(load_dataset(dev))
    report(rows, verbose)
    if timing:
        speed(rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
