"""grounding.numbers_match on third-party claims: Check-COVID claims that state a number.

Usage: python bench/numbers_checkcovid.py [DIR] [-v]
DIR defaults to ../shared/data/external/check-covid (MIT; claims about CORD-19 abstracts,
each with gold evidence sentences). For every claim of the train and dev splits (none of it
was used to write the number rules) with at least one claim number (:func:`read_claims`)
and a SUPPORT or REFUTE label, each claim number is matched against the quantities of the
gold evidence sentences (PRIMARY and SUPPLEMENTARY). A claim's verdict: disagree if any
number disagrees, agree if one agrees and none disagrees, else not comparable.

Prints the verdicts per gold label. Read it as: on SUPPORT claims "disagree" is a false
alarm of the number check; on REFUTE claims "disagree" is a refutation the numbers alone
catch (many REFUTE claims are refuted by words, not numbers, so "agree" there is not an
error of the number check: the number is right, something else is wrong). With -v, prints
the false alarms.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from grounding.numbers_match import Verdict, match, read_claims  # noqa: E402
from grounding.quantities import extract_quantities  # noqa: E402

DEFAULT = ROOT.parent / "shared" / "data" / "external" / "check-covid"
SPLITS = (
    "covidCheck_train_composed.json",
    "covidCheck_train_extracted.json",
    "covidCheck_dev_composed.json",
    "covidCheck_dev_extracted.json",
)


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(x) for x in path.read_text(encoding="utf-8").split("\n") if x.strip()]


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("folder", nargs="?", type=Path, default=DEFAULT)
    ap.add_argument("-v", dest="verbose", action="store_true", help="print the false alarms")
    args = ap.parse_args(argv)
    folder, verbose = args.folder, args.verbose
    if not (folder / "corpus.json").is_file():
        print(f"no Check-COVID data at {folder}", file=sys.stderr)
        return 2
    abstracts = {d["cord_id"]: d["abstract"] for d in _lines(folder / "corpus.json")}
    table: Counter[tuple[str, str]] = Counter()
    numbers: Counter[str] = Counter()
    seen: set[tuple[str, str]] = set()
    for split in SPLITS:
        for row in _lines(folder / split):
            if row["label"] not in ("SUPPORT", "REFUTE"):
                continue
            key = (row["claim"].strip(), row["cord_id"])
            if key in seen:
                continue  # composed splits repeat a claim per evidence
            seen.add(key)
            claims = read_claims(row["claim"])
            if not claims:
                continue
            sents = abstracts.get(row["cord_id"], [])
            evidence = " ".join(
                sents[e["sent_index"]] for e in row["evidence_set"] if e["sent_index"] < len(sents)
            )
            qs = extract_quantities(evidence)
            got = [match(c, qs) for c in claims]
            numbers[row["label"]] += len(claims)
            verdicts = {m.verdict for m in got}
            verdict = (
                Verdict.DISAGREE
                if Verdict.DISAGREE in verdicts
                else Verdict.AGREE
                if Verdict.AGREE in verdicts
                else Verdict.NOT_COMPARABLE
            )
            table[(row["label"], verdict.value)] += 1
            if verbose and row["label"] == "SUPPORT" and verdict == Verdict.DISAGREE:
                bad = [m for m in got if m.verdict == Verdict.DISAGREE]
                print(
                    f"  FALSE ALARM {row['claim']!r}\n    claim {bad[0].claim.quantity.text!r}"
                    f" vs {bad[0].correction!r} ({bad[0].reason})\n    evidence {evidence[:300]!r}"
                )
    print(f"Check-COVID train+dev claims with a number (SUPPORT / REFUTE), data in {folder}")
    print(
        f"{'gold':10s} {'claims':>7s} {'numbers':>8s} {'agree':>7s} {'disagree':>9s} "
        f"{'not comp.':>10s}"
    )
    for label in ("SUPPORT", "REFUTE"):
        n = sum(v for (lab, _), v in table.items() if lab == label)
        cells = [
            table[(label, v.value)]
            for v in (Verdict.AGREE, Verdict.DISAGREE, Verdict.NOT_COMPARABLE)
        ]
        print(
            f"{label:10s} {n:7d} {numbers[label]:8d} "
            + " ".join(f"{c:4d} ({c / max(n, 1):.2f})" for c in cells)
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
