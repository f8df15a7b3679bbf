"""numbers_match on sentences of real papers: each sentence against itself, and with one
number changed.

Usage: python bench/numbers_selfcheck.py [--limit N] [PDF_OR_DIR ...]
Defaults to every PDF in ../shared/data/papers and ../shared/data/papers-more. Takes the
sentences (``split_sentences`` over each page's text) that hold a claim number
(:func:`read_claims`), and prints:

- unchanged: how many claim numbers agree when the sentence is its own evidence (any
  disagree is a false alarm of the reader or the matcher; not comparable means a number
  the matcher cannot confirm from its own sentence);
- changed: the first claim number's last digit moved by +1 (9 -> 8) in the claim, the
  original sentence as evidence: how many of those come out disagree (caught), agree
  (missed: a rounding or bound reading), or not comparable.

With -v, prints the false alarms and misses.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from grounding.lexicon import fold  # noqa: E402
from grounding.numbers_match import Verdict, match, read_claims  # noqa: E402
from grounding.pdf import read_pdf  # noqa: E402
from grounding.quantities import extract_quantities  # noqa: E402
from grounding.sentences import split_sentences  # noqa: E402

DATA = ROOT.parent / "shared" / "data"


def _changed(sentence: str, start: int, end: int) -> str | None:
    """``sentence`` (folded) with the last digit inside ``[start, end)`` moved by one."""
    for i in range(end - 1, start - 1, -1):
        if sentence[i].isdigit():
            d = int(sentence[i])
            return sentence[:i] + str(d + 1 if d < 9 else 8) + sentence[i + 1 :]
    return None


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("paths", nargs="*", type=Path)
    ap.add_argument("--limit", type=int, default=0, help="sentences per paper (0: all)")
    ap.add_argument("-v", dest="verbose", action="store_true")
    args = ap.parse_args(argv)
    paths = args.paths or [DATA / "papers", DATA / "papers-more"]
    files = [f for p in paths for f in (sorted(p.glob("*.pdf")) if p.is_dir() else [p])]
    same: Counter[str] = Counter()
    changed: Counter[str] = Counter()
    sentences = 0
    for path in files:
        taken = 0
        for page in read_pdf(path).pages:
            for s in split_sentences(page.text):
                text = fold(s.text)
                claims = read_claims(text)
                if not claims or (args.limit and taken >= args.limit):
                    continue
                taken += 1
                sentences += 1
                evidence = extract_quantities(text)
                for c in claims:
                    m = match(c, evidence)
                    same[m.verdict.value] += 1
                    if args.verbose and m.verdict == Verdict.DISAGREE:
                        print(
                            f"  FALSE ALARM {path.stem}: {c.quantity.text!r} vs "
                            f"{m.correction!r} ({m.reason}) in {text[:200]!r}"
                        )
                first = claims[0].quantity
                new = _changed(text, first.start, first.end)
                if new is None:
                    continue
                moved = [c for c in read_claims(new) if c.quantity.start == first.start]
                if not moved:
                    changed["not read"] += 1
                    continue
                m = match(moved[0], evidence)
                changed[m.verdict.value] += 1
                if args.verbose and m.verdict == Verdict.AGREE:
                    print(f"  MISSED {path.stem}: {moved[0].quantity.text!r} in {new[:200]!r}")
    n_same, n_changed = sum(same.values()), sum(changed.values())
    print(f"{sentences} sentences with a claim number in {len(files)} PDFs")
    print(
        f"unchanged: {n_same} claim numbers: "
        + ", ".join(
            f"{k} {same[k]} ({same[k] / max(n_same, 1):.3f})"
            for k in ("agree", "disagree", "not_comparable")
        )
    )
    print(
        f"one digit changed: {n_changed} numbers: "
        + ", ".join(
            f"{k} {changed[k]} ({changed[k] / max(n_changed, 1):.3f})"
            for k in ("disagree", "agree", "not_comparable", "not read")
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
