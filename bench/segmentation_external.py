"""Sentence-split accuracy of grounding.sentences on third-party gold (pySBD, scispaCy).

Usage: python bench/segmentation_external.py [DIR] [-v]
DIR defaults to ../shared/data/external/sentence-segmentation. Scored sets:

- pySBD rows with ``clean`` false (Golden Rules, regression issues, English without
  cleaning): pySBD's ``clean=True`` rows expect rewritten text, and this splitter never
  rewrites, so they are left out;
- scispaCy custom segmentation cases (whitespace-only gold segments dropped);
- the two GENIA abstracts, one gold sentence per line, joined by a space.

Prints per set: rows whose sentence list is reproduced exactly (each segment compared after
``.strip()``, as pySBD does) and gold sentences reproduced. With -v, every missed row.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from grounding.sentences import split_sentences  # noqa: E402

DEFAULT_DIR = ROOT.parent / "shared" / "data" / "external" / "sentence-segmentation"


def load_sets(folder: Path) -> dict[str, list[tuple[str, list[str]]]]:
    """Set name -> [(text, gold sentences)], gold segments stripped, blank ones dropped."""
    sets: dict[str, list[tuple[str, list[str]]]] = {}
    for line in (folder / "pysbd_golden_en.jsonl").read_text(encoding="utf-8").split("\n"):
        if line.strip():
            row = json.loads(line)
            if not row["clean"]:
                gold = [s.strip() for s in row["sentences"] if s.strip()]
                sets.setdefault(f"pysbd/{row['set']}", []).append((row["text"], gold))
    for line in (
        (folder / "scispacy_custom_segmentation.jsonl").read_text(encoding="utf-8").split("\n")
    ):
        if line.strip():
            row = json.loads(line)
            gold = [s.strip() for s in row["sentences"] if s.strip()]
            sets.setdefault("scispacy/custom", []).append((row["text"], gold))
    for path in sorted(folder.glob("scispacy_genia_*.sentences.txt")):
        gold = [s.strip() for s in path.read_text(encoding="utf-8").split("\n") if s.strip()]
        sets.setdefault("scispacy/genia", []).append((" ".join(gold), gold))
    return sets


def score(rows: list[tuple[str, list[str]]], verbose: bool = False) -> tuple[int, int, int, int]:
    """(rows exact, rows, gold sentences reproduced, gold sentences)."""
    exact = hit = total = 0
    for text, gold in rows:
        pred = [s.text.strip() for s in split_sentences(text)]
        exact += pred == gold
        remaining = list(pred)
        for g in gold:
            if g in remaining:
                remaining.remove(g)
                hit += 1
        total += len(gold)
        if verbose and pred != gold:
            print(f"  GOLD {gold}\n  PRED {pred}")
    return exact, len(rows), hit, total


def main(argv: list[str]) -> int:
    verbose = "-v" in argv
    args = [a for a in argv if a != "-v"]
    folder = Path(args[0]) if args else DEFAULT_DIR
    if not (folder / "pysbd_golden_en.jsonl").is_file():
        print(f"no sentence-segmentation gold at {folder}", file=sys.stderr)
        return 2
    all_exact = all_rows = all_hit = all_total = 0
    print(f"segmentation on third-party gold in {folder}")
    for name, rows in load_sets(folder).items():
        exact, n, hit, total = score(rows, verbose)
        all_exact, all_rows, all_hit, all_total = (
            all_exact + exact,
            all_rows + n,
            all_hit + hit,
            all_total + total,
        )
        print(f"  {name:30s} rows exact {exact:3d}/{n:3d}   sentences {hit:4d}/{total:4d}")
    print(
        f"  {'all':30s} rows exact {all_exact:3d}/{all_rows:3d}   sentences "
        f"{all_hit:4d}/{all_total:4d} = {all_hit / max(all_total, 1):.4f}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
