"""Probe the table rules on sentences written from the papers' own table rows.

For every dev paper, up to 25 table rows (short text label, >= 2 numeric cells) are drawn
with a fixed seed, and each gives correct sentences in five phrasings ("<label> reaches A
and B.", "The results are A (<label>) and B (<other>).", ...), using the row's cells and a
neighbouring row of the same table. A C1 error on any of them is a false contradiction. One
wrong sentence per row pairs the row's last value with the neighbour's label but the cell
of another column, to count how often such a wrong-row value is caught.

This is a generality check of rules developed on the dev answers: the sentences are not
from any answer. Prints false C1 / correct sentences and caught / wrong sentences.

Usage: python bench/table_sentences.py [--data ../shared/data] [--show]
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from grounding.evidence import Entry, EvidenceIndex, row_label  # noqa: E402
from grounding.judges.base import ClaimContext  # noqa: E402
from grounding.judges.rules import RulesJudge  # noqa: E402
from grounding.pdf import read_pdf  # noqa: E402
from grounding.types import Sentence  # noqa: E402


def has_c1(judge: RulesJudge, text: str) -> bool:
    j = judge.judge(ClaimContext(Sentence(0, 0, len(text), text), "", (), ()))
    return any(err.tags and err.tags[0].value == "C1" for err in j.errors)


def sentences(e: Entry, rows: list[Entry]) -> tuple[list[str], str | None]:
    """Correct sentences from row ``e`` (and a neighbour row), and one wrong-row sentence."""
    lab, c = row_label(e), e.cells
    out = [f"{lab} reaches {c[0].quantity.text} and {c[1].quantity.text}."]
    others = [
        o
        for o in rows
        if o is not e
        and o.page == e.page
        and len(o.cells) == len(c)
        and abs(o.rects[0].y0 - e.rects[0].y0) < 150
    ]
    if not others:
        return out, None
    o = others[0]
    ol, k = row_label(o), len(c) - 1
    a, b = c[k].quantity.text, o.cells[k].quantity.text
    out += [
        f"The results are {a} ({lab}) and {b} ({ol}).",
        f"{lab} scores {a}, compared with {b} for {ol}.",
        f"For {lab}, the value is {a}; for {ol}, it is {b}.",
        f"{ol} trails {lab}, which reaches {a}.",
    ]
    other_col = c[k - 1].quantity
    if other_col.value != o.cells[k].quantity.value and all(
        x.quantity.value != other_col.value for x in o.cells
    ):
        return out, f"The results are {a} ({lab}) and {other_col.text} ({ol})."
    return out, None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default=str(ROOT.parent / "shared" / "data"))
    ap.add_argument("--show", action="store_true", help="print each false contradiction")
    args = ap.parse_args()
    papers = sorted((Path(args.data) / "papers").glob("*.pdf"))
    if not papers:
        print(f"skipped: no papers under {args.data}/papers")
        return 0
    rng = random.Random(0)
    false_c1 = correct = caught = wrong = 0
    for pdf in papers:
        index = EvidenceIndex.build(read_pdf(pdf))
        judge = RulesJudge(index=index)
        rows = [index.entries[p] for page in index.rows_by_page for p in index.rows_by_page[page]]
        rows = [
            e
            for e in rows
            if 1 <= len(row_label(e).split()) <= 5
            and len(e.cells) >= 2
            and not any(ch.isdigit() for ch in row_label(e))
        ]
        rng.shuffle(rows)
        for e in rows[:25]:
            good, bad = sentences(e, rows)
            for s in good:
                correct += 1
                if has_c1(judge, s):
                    false_c1 += 1
                    if args.show:
                        print(f"false C1 ({pdf.stem}): {s}")
            if bad is not None:
                wrong += 1
                caught += has_c1(judge, bad)
    print(
        f"false C1 on correct table sentences: {false_c1}/{correct}; "
        f"wrong-row value caught: {caught}/{wrong}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
