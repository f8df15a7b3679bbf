"""Bounds held out: the rules judge on sentences with a bound word before a number ("up to
200°C", "over 40,000", "at most", "at least", "more than", "fewer than", "less than",
"above", "below", "under", "exceeding", "no more than"), cut verbatim from the papers' own
prose, and on copies with that bounded number changed.

For every PDF given (default: the papers-more PDFs the issue-11 bound fixes were NOT
written on -- bayes, cfp, marsh-deer, ningaloo, t2k -- and every PDF of papers/), the body
sentences (``perturbations.page_sentences``) holding a bound word right before a number
are judged as written (correct) and with the bounded number moved at least 20% to a value
the paper never writes (changed, ``perturbations.changed_value``). Each is judged alone,
the way ``bench/perturb.py`` judges (no question, no earlier sentences).

Prints per domain: n, on the correct sentences the false alarms (contradiction) and the
share supported, on the changed ones the recall (contradiction), "not supported"
(contradiction or nei) and the share wrongly supported. Deterministic per ``--seed``.

Usage: python bench/bounds.py [--data ../shared/data] [--seed 0] [--show N] [PDF ...]
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from perturb import judge_text  # noqa: E402
from perturbations import body_pages, changed_value, numbers, page_sentences, values_in  # noqa: E402

from grounding.evidence import EvidenceIndex  # noqa: E402
from grounding.judges.registry import make_judge  # noqa: E402
from grounding.pdf import read_pdf  # noqa: E402
from grounding.sentences import split_sentences  # noqa: E402

#: the papers-more PDFs the bound fixes were written and tested on (not held out)
SEEN = ("humins", "imidazole", "promis")
BOUND = re.compile(
    r"\b(?:up to|over|at most|at least|more than|fewer than|less than|above|"
    r"below|under|exceeding|no more than)\s+$",
    re.I,
)


def bound_items(pdf: Path, rng: random.Random) -> list[tuple[str, str, str]]:
    """(kind, sentence, bound word) for each body sentence of ``pdf`` with a bounded number:
    kind "correct" (as written) and, where a new value is found, "changed"."""
    document = read_pdf(pdf)
    texts = [p.text for p in document.pages]
    forbidden = values_in("\n".join(texts))
    out: list[tuple[str, str, str]] = []
    for _, text in body_pages(texts):
        for s in _sentences(text):
            bounded = [
                (n, m)
                for n in numbers(s)
                if (m := BOUND.search(s[max(0, n.start - 20) : n.start])) is not None
            ]
            if bounded:
                out.append(("correct", s, bounded[0][1].group(0).strip().lower()))
            for n, m in bounded:
                new = changed_value(n, rng, forbidden | values_in(s))
                if new is not None:
                    out.append(
                        ("changed", s[: n.start] + new + s[n.end :], m.group(0).strip().lower())
                    )
    return out


def _sentences(text: str) -> list[str]:
    """Body sentences of a page: ``page_sentences`` (whole prose sentences), and those of
    ``split_sentences`` over the page with its line breaks joined (hyphenated breaks of
    lower-case words undone) that start with a capital, end with a full stop and hold 5-80
    words."""
    out = page_sentences(text, min_words=6, max_words=80)
    flat = re.sub(r"-\n(?=[a-z])", "", text).replace("\n", " ")
    for s in split_sentences(flat):
        t = " ".join(s.text.split())
        if 5 <= len(t.split()) <= 80 and t[:1].isupper() and t.endswith(".") and t not in out:
            out.append(t)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", default=str(ROOT.parent / "shared" / "data"))
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--show", type=int, default=0, help="print up to N misjudged items")
    ap.add_argument("pdfs", nargs="*", help="PDFs (default: the held-out papers)")
    args = ap.parse_args()
    data = Path(args.data)
    pdfs = [Path(p) for p in args.pdfs] or (
        [
            p
            for p in sorted((data / "papers-more").glob("*.pdf"))
            if not any(p.name.startswith(s) for s in SEEN)
        ]
        + sorted((data / "papers").glob("*.pdf"))
    )
    if not pdfs:
        print(f"skipped: no PDFs under {data}/papers-more or {data}/papers")
        return 0
    judge = make_judge("rules")
    tally: dict[str, Counter[str]] = defaultdict(Counter)
    shown = 0
    for pdf in pdfs:
        domain = pdf.parent.name
        rng = random.Random(f"{args.seed}:{pdf.stem}")
        document = read_pdf(pdf)
        index = EvidenceIndex.build(document)
        for kind, text, _word in bound_items(pdf, rng):
            label = judge_text(judge, text, document, index).label.value
            for key in (f"{domain}", "all"):
                tally[key][f"{kind} n"] += 1
                tally[key][f"{kind} {label}"] += 1
            bad = (
                kind == "correct"
                and label == "contradiction"
                or kind == "changed"
                and label == "supported"
            )
            if bad and shown < args.show:
                shown += 1
                print(f"  [{kind} -> {label}] {pdf.stem}: {text}")
    print(f"bounds held out: {len(pdfs)} PDFs, seed {args.seed}")
    print(
        f"{'domain':12} {'correct':>7} {'false al.':>9} {'supported':>9}   "
        f"{'changed':>7} {'recall':>6} {'not supp.':>9} {'supported':>9}"
    )
    for key in sorted(tally, key=lambda k: k == "all"):
        t = tally[key]
        nc, nx = t["correct n"] or 1, t["changed n"] or 1
        print(
            f"{key:12} {t['correct n']:7d} {t['correct contradiction'] / nc:9.2f} "
            f"{t['correct supported'] / nc:9.2f}   {t['changed n']:7d} "
            f"{t['changed contradiction'] / nx:6.2f} "
            f"{(t['changed contradiction'] + t['changed nei']) / nx:9.2f} "
            f"{t['changed supported'] / nx:9.2f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
