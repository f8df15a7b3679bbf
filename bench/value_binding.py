"""Value-binding suite: is a number checked as the value of its own quantity?

For every PDF in ``papers/`` and ``papers-more/`` of the shared data, sentences state a
value of the paper -- a table cell (several phrasings: "A scores x, compared with y for
B", "For A, the value is x; for B, it is y", "A and B reach x and y, respectively", "A
scores higher than B (x vs y)") or a number of a prose sentence (the sentence itself,
light cleaning) -- and copies move exactly one value to another binding of the same paper:

=============  ================================================================================
kind           the value moved
=============  ================================================================================
table_row      the cell of another row of the same table, same column
table_column   a cell of another column (of the neighbour row), absent from the row's own cells
table_pair     the two rows of a "respectively" pair exchange their values
named_column   "A scores x on C", C a column named by its header: x is the cell of another
               column of the same row (the row holds it, under another header); with
               ``--fronted``, "On C, A scores x" (the column named before the clause)
text_pair      a number of a prose sentence replaced by another number of the same sentence
               (same form: percent, decimals): the value of the other entity or condition
text_near      a number of a prose sentence replaced by a number of the same form from a
               neighbouring sentence of the page (another statement's value)
=============  ================================================================================

A row label the table gives to several rows with other cells ("NER" under the data sets
BC5CDR, JNLPBA, NCBI-disease and SciERC) is written with its group, the text its line
prints left of the label ("NER on BC5CDR"), so that each sentence names one row; such a
row with no group on its line is left out (a sentence naming it could mean any of them).
Every moved value occurs in the paper, so "found in the paper" cannot settle it. Each item
is judged alone (no question, no earlier sentences) with the paper's evidence index, as
``bench/perturb.py`` does. Prints, per seed: per kind n, recall (labelled contradiction),
not supported (contradiction or nei), and for the contradictions with a C1 error the share
whose correction is the original value (the paper's value for the sentence's binding), and
the share whose C1 names only other values (the defect: another binding's value; a C1 with
no correction, where the paper's rows leave the binding open, is neither); on the unchanged
sentences, false alarms (contradiction) and the share supported.
Targets: recall >= 0.90 on moved values, false alarms <= 0.02, and every C1 corrected by
the moved value's own, none by another value. ``--show N`` prints up to N misjudged items per kind and N whose
C1 names another value; ``--jsonl`` writes each item with its C1 corrections.
Deterministic: a paper's items depend only on the seed and its file name.

Usage: python bench/value_binding.py [--data ../shared/data] [--seeds 0,1] [--papers s2orc]
       [--rows 8] [--text 12] [--unchanged 20] [--show N] [--jsonl items.jsonl]
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from perturb import DOMAINS, judge_text, table_rows  # noqa: E402
from perturbations import (  # noqa: E402
    Num,
    Row,
    body_pages,
    format_like,
    numbers,
    page_sentences,
    pick_rows,
    rephrase,
)

from grounding.evidence import EvidenceIndex, row_label  # noqa: E402
from grounding.judges.number_common import NAME  # noqa: E402
from grounding.judges.registry import make_judge  # noqa: E402
from grounding.judges.row_binding import group_label  # noqa: E402
from grounding.judges.rules_cells import table_rows as rows_of_table  # noqa: E402
from grounding.pdf import read_pdf  # noqa: E402

MOVED = ("table_row", "table_column", "table_pair", "named_column", "text_pair", "text_near")
UNCHANGED = "unchanged"
#: unchanged sentences of the named-column phrasing ("A scores x on C"), counted apart so
#: that the figures of the other phrasings keep their items
NAMED_UNCHANGED = "unchanged_named"
RECALL_TARGET = 0.90
FALSE_ALARM_TARGET = 0.02


@dataclass(frozen=True, slots=True)
class Item:
    """One sentence: kind (``unchanged`` or one of :data:`MOVED`), text, the value the
    sentence should state where it was moved (``right``, "" when unchanged), origin
    ("table" / "text"), 1-based page, and what was changed."""

    kind: str
    text: str
    right: str
    origin: str
    page: int
    change: str = ""


def _num(text: str) -> Num | None:
    nums = numbers(text)
    return nums[0] if len(nums) == 1 and nums[0].text == text.strip() else None


def row_items(
    row: Row,
    other: Row,
    third: Row | None,
    rng: random.Random,
    own: set[float],
    other_own: set[float],
) -> list[Item]:
    """Unchanged and moved sentences from a table row and its neighbour (same table, same
    cell count). ``own`` / ``other_own``: every value of the rows labelled like ``row`` /
    ``other`` in the paper (a moved value is none of them: the sentence names no column)."""
    k = rng.randrange(len(row.cells))
    lab, ol = row.label, other.label
    a, b, va, vb = row.cells[k], other.cells[k], row.values[k], other.values[k]
    p = row.page
    out = []
    phrasings = [
        f"{lab} scores {{a}}, compared with {b} for {ol}.",
        f"For {lab}, the value is {{a}}; for {ol}, it is {b}.",
        f"The results are {{a}} ({lab}) and {b} ({ol}).",
    ]
    if va == vb or va in other_own or vb in own:
        return out
    for ph in phrasings:
        out.append(Item(UNCHANGED, ph.format(a=a), "", "table", p))
    out.append(Item(UNCHANGED, f"{lab} and {ol} reach {a} and {b}, respectively.", "", "table", p))
    word = "higher" if va > vb else "lower"
    out.append(Item(UNCHANGED, f"{lab} scores {word} than {ol} ({a} vs {b}).", "", "table", p))
    ph = rng.choice(phrasings)
    if third is not None and len(third.cells) > k:
        v, c = third.values[k], third.cells[k]
        if v not in own and v != vb:
            out.append(
                Item(
                    "table_row", ph.format(a=c), a, "table", p, f"{a} -> {c} (row of {third.label})"
                )
            )
    for j in rng.sample(range(len(other.cells)), len(other.cells)):
        if j != k and other.values[j] not in own and other.values[j] != vb:
            c = other.cells[j]
            out.append(
                Item(
                    "table_column",
                    ph.format(a=c),
                    a,
                    "table",
                    p,
                    f"{a} -> {c} (column {j + 1} of {ol})",
                )
            )
            break
    out.append(
        Item(
            "table_pair",
            f"{lab} and {ol} reach {b} and {a}, respectively.",
            a,
            "table",
            p,
            f"{a} <-> {b}",
        )
    )
    return out


def column_names(index: EvidenceIndex, entry: Any, band: float = 45.0) -> dict[int, str]:
    """Per cell of a row entry, the name its table prints over that column alone: a
    name-like word (``number_common.NAME``: "MeSH", "AIME", "MATH-500", "GROBID", "nDCG";
    not an ordinary capitalised word) in the ``band`` points above the table's first row
    whose centre is within 12 pt of the cell's and whose box covers no other cell's centre
    (a group header over several sub-columns names none of them), found over no other
    column of the row, and not in the row's label."""
    page = index.pages.get(entry.page)
    words = getattr(page, "words", None) or ()
    if not entry.rects or not words:
        return {}
    top = min(e.rects[0].y0 for e in rows_of_table(index, entry) if e.rects)
    xs = [c.x for c in entry.cells]
    label = row_label(entry)
    cols: dict[str, set[int]] = defaultdict(set)
    for w in words:
        r = w.rect
        text = w.text.strip(",;:()[]")
        if not (top - band <= r.y0 and r.y1 <= top + 0.5) or not NAME.fullmatch(text):
            continue
        cx = (r.x0 + r.x1) / 2
        i = min(range(len(xs)), key=lambda k: abs(xs[k] - cx))
        if abs(xs[i] - cx) > 12 or any(
            r.x0 - 1 <= x <= r.x1 + 1 for k, x in enumerate(xs) if k != i
        ):
            continue
        cols[text].add(i)
    out: dict[int, str] = {}
    for name, at in sorted(cols.items()):
        if len(at) == 1 and name not in label:
            out.setdefault(next(iter(at)), name)
    return out


def named_column_items(
    index: EvidenceIndex, rows: list[Row], rng: random.Random, n_rows: int, fronted: bool = False
) -> list[Item]:
    """For up to ``n_rows`` rows whose table names columns (:func:`column_names`): "A
    scores x on C" with C's own cell (unchanged) and with the cell of another column of
    the row, of the same form, that C's column does not hold in this row (moved).
    ``fronted``: the column named before the clause instead ("On C, A scores x"), the
    same items otherwise."""
    out: list[Item] = []
    cands = list(rows)
    rng.shuffle(cands)
    for row in cands:
        if len([i for i in out if i.kind == "named_column"]) >= n_rows:
            break
        entry = next(
            (
                index.entries[pid]
                for pid in index.rows_by_page.get(row.page, [])
                if index.entries[pid].rects
                and abs(index.entries[pid].rects[0].y0 - row.y) <= 1.0
                and len(index.entries[pid].cells) == len(row.cells)
                and row.label.startswith(row_label(index.entries[pid]))
            ),
            None,
        )
        names = column_names(index, entry) if entry is not None else {}
        if not names:
            continue
        k = rng.choice(sorted(names))
        name, own = names[k], row.cells[k]
        phrase = rng.choice(["{lab} scores {v} on {c}.", "{lab} reaches {v} for {c}."])
        if fronted:
            phrase = _FRONTED[phrase]
        out.append(
            Item(
                NAMED_UNCHANGED, phrase.format(lab=row.label, v=own, c=name), "", "table", row.page
            )
        )
        others = [
            j
            for j in range(len(row.cells))
            if j != k and row.values[j] != row.values[k] and ("." in row.cells[j]) == ("." in own)
        ]
        if others:
            j = rng.choice(others)
            out.append(
                Item(
                    "named_column",
                    phrase.format(lab=row.label, v=row.cells[j], c=name),
                    own,
                    "table",
                    row.page,
                    f"{own} -> {row.cells[j]} (column {j + 1}, named {name!r})",
                )
            )
    return out


#: the named-column phrases with the column named before the clause
_FRONTED = {
    "{lab} scores {v} on {c}.": "On {c}, {lab} scores {v}.",
    "{lab} reaches {v} for {c}.": "For {c}, {lab} reaches {v}.",
}


def _form(n: Num) -> tuple[bool, int]:
    return n.percent, n.decimals


def _replace(s: str, n: Num, value: float) -> str:
    return s[: n.start] + format_like(value, n) + s[n.end :]


_RANGE_AROUND = re.compile(r"[-–—/±:]\s*$|^\s*[-–—/±:]|^\s*(?:to|and)\s+\d")


def _movable(s: str, n: Num) -> bool:
    """Not an end of a range, a ratio or an uncertainty ("12-18", "3/5", "5:5", "± 0.3")."""
    return not (
        _RANGE_AROUND.search(s[max(0, n.start - 3) : n.start])
        or _RANGE_AROUND.search(s[n.end : n.end + 8])
    )


def text_items(
    pages: list[tuple[int, str]], rng: random.Random, n_moved: int, n_unchanged: int
) -> list[Item]:
    """Unchanged prose sentences stating a number, and copies with one number moved to
    another value of the same sentence (text_pair) or of a neighbouring sentence of the
    page (text_near), same form, absent from the sentence."""
    cands: list[tuple[int, str, list[str]]] = []
    for n, t in pages:
        sents = [rephrase(s) for s in page_sentences(t)]
        for i, s in enumerate(sents):
            if numbers(s):
                cands.append((n, s, sents[max(0, i - 2) : i] + sents[i + 1 : i + 3]))
    rng.shuffle(cands)
    out: list[Item] = []
    made: dict[str, int] = defaultdict(int)
    kept = 0
    for page, s, around in cands:
        nums = [x for x in numbers(s) if _movable(s, x)]
        here = {x.value for x in numbers(s)}
        if kept < n_unchanged:
            out.append(Item(UNCHANGED, s, "", "text", page))
            kept += 1
        if made["text_pair"] < n_moved:
            pairs = [
                (x, y)
                for x in nums
                for y in nums
                if x is not y and _form(x) == _form(y) and x.value != y.value
            ]
            if pairs:
                x, y = rng.choice(pairs)
                out.append(
                    Item(
                        "text_pair",
                        _replace(s, x, y.value),
                        x.text,
                        "text",
                        page,
                        f"{x.text} -> {y.text} (same sentence)",
                    )
                )
                made["text_pair"] += 1
        if made["text_near"] < n_moved and nums:
            x = rng.choice(nums)
            pool = [
                y
                for t in around
                for y in numbers(t)
                if _form(y) == _form(x) and y.value not in here
            ]
            if pool:
                y = rng.choice(pool)
                out.append(
                    Item(
                        "text_near",
                        _replace(s, x, y.value),
                        x.text,
                        "text",
                        page,
                        f"{x.text} -> {y.text} (neighbouring sentence)",
                    )
                )
                made["text_near"] += 1
        if kept >= n_unchanged and all(made[k] >= n_moved for k in ("text_pair", "text_near")):
            break
    return out


def grouped(rows: list[Row], index: EvidenceIndex) -> list[Row]:
    """``rows`` with a label that names one row: a label the table gives to several rows
    with other cells ("NER" under the data sets "BC5CDR" and "JNLPBA") is written with
    its group ("NER on BC5CDR", :func:`grounding.judges.row_binding.group_label`); such a
    row with no group printed on its line is left out (a sentence naming it could mean
    any of them)."""
    cells: dict[tuple[int, str], set[tuple[float, ...]]] = defaultdict(set)
    for r in rows:
        cells[(r.page, r.label)].add(r.values)
    out = []
    for r in rows:
        if len(cells[(r.page, r.label)]) < 2:
            out.append(r)
            continue
        line = [(pid, index.entries[pid]) for pid in index.rows_by_page.get(r.page, [])]
        mine = [
            e
            for _, e in line
            if row_label(e) == r.label and e.rects and abs(e.rects[0].y0 - r.y) <= 1.0
        ]
        group = group_label(mine[0], line) if mine else ""
        if group:
            out.append(replace(r, label=f"{r.label} on {group}"))
    return out


_READ: dict[Path, tuple[Any, EvidenceIndex]] = {}


def paper_items(
    pdf: Path, seed: int, n_rows: int, n_text: int, n_unchanged: int, fronted: bool = False
) -> tuple[Any, EvidenceIndex, list[Item]]:
    """The document, its index and the items of one paper (deterministic per seed and name;
    the PDF is read once per run)."""
    rng = random.Random(f"binding:{seed}:{pdf.stem}")
    if pdf not in _READ:
        document = read_pdf(pdf)
        _READ[pdf] = (document, EvidenceIndex.build(document))
    document, index = _READ[pdf]
    pages = body_pages([p.text for p in document.pages])
    items = text_items(pages, rng, n_text, n_unchanged)
    rows = grouped(table_rows(index), index)
    by_label: dict[str, set[float]] = defaultdict(set)
    for r in rows:
        by_label[r.label].update(r.values)
    for row, other, third in pick_rows(rows, rng, n_rows):
        items += row_items(row, other, third, rng, by_label[row.label], by_label[other.label])
    # its own random stream: the items above stay those of earlier runs of the seed
    items += named_column_items(
        index, rows, random.Random(f"named:{seed}:{pdf.stem}"), n_rows, fronted
    )
    return document, index, items


def _value(text: str) -> float | None:
    n = numbers(text)
    return n[0].value if n else None


def _rate(k: int, n: int) -> str:
    return f"{k / n:.3f}" if n else "-"


def report(results: list[dict[str, Any]]) -> str:
    """Per kind: n, recall, not supported, right corrections; unchanged: false alarms and
    supported; one table for all papers and one per domain."""
    lines = []
    for group in ("all",) + DOMAINS:
        rs = [r for r in results if group == "all" or r["domain"] == group]
        if not rs:
            continue
        lines.append(f"\n== {group}: {len({r['paper'] for r in rs})} papers, {len(rs)} items")
        lines.append(
            f"{'kind':<14}{'n':>5}  {'recall':>7}  {'not supp.':>9}  {'C1 right corr.':>15}"
            f"  {'other value':>11}"
        )
        moved = [r for r in rs if r["kind"] in MOVED]
        for kind in MOVED + ("all moved",):
            ks = moved if kind == "all moved" else [r for r in rs if r["kind"] == kind]
            c = [r for r in ks if r["label"] == "contradiction"]
            ns = sum(r["label"] in ("contradiction", "nei") for r in ks)
            c1 = [r for r in c if r["c1_right"] is not None]
            fixed = sum(bool(r["c1_right"]) for r in c1)
            other = sum(bool(r.get("c1_other")) for r in c1)
            lines.append(
                f"{kind:<14}{len(ks):>5}  {_rate(len(c), len(ks)):>7}  "
                f"{_rate(ns, len(ks)):>9}  {_rate(fixed, len(c1)):>9} ({len(c1)})"
                f"  {_rate(other, len(c1)):>11}"
            )
        for kind, name in ((UNCHANGED, "unchanged"), (NAMED_UNCHANGED, "  named col.")):
            us = [r for r in rs if r["kind"] == kind]
            fa = sum(r["label"] == "contradiction" for r in us)
            su = sum(r["label"] == "supported" for r in us)
            lines.append(
                f"{name:<14}{len(us):>5}  false alarms {_rate(fa, len(us))} "
                f"(target <= {FALSE_ALARM_TARGET:.2f}), supported {_rate(su, len(us))}"
                + (f"; recall target >= {RECALL_TARGET:.2f}" if kind == UNCHANGED else "")
            )
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default=str(ROOT.parent / "shared" / "data"))
    ap.add_argument("--seeds", default="0,1", help="comma-separated seeds (develop on 0)")
    ap.add_argument("--papers", default="", help="comma-separated parts of PDF names to keep")
    ap.add_argument("--rows", type=int, default=8, help="table row pairs per paper")
    ap.add_argument("--text", type=int, default=12, help="moved prose items per kind per paper")
    ap.add_argument("--unchanged", type=int, default=20, help="unchanged prose sentences per paper")
    ap.add_argument("--judge", default="rules")
    ap.add_argument("--show", type=int, default=0, help="print up to N misjudged items per kind")
    ap.add_argument("--jsonl", help="write every item with its label to this JSONL file")
    ap.add_argument(
        "--fronted",
        action="store_true",
        help='name the column before the clause in the named-column items ("On C, A scores x")',
    )
    args = ap.parse_args()
    data = Path(args.data)
    pdfs = [(d, p) for d in DOMAINS for p in sorted((data / d).glob("*.pdf"))]
    if args.papers:
        keep = [k.strip() for k in args.papers.split(",") if k.strip()]
        pdfs = [(d, p) for d, p in pdfs if any(k in p.stem for k in keep)]
    if not pdfs:
        print(f"skipped: no PDFs under {data}/papers or {data}/papers-more")
        return 0
    everything: list[dict[str, Any]] = []
    for seed in (int(s) for s in args.seeds.split(",") if s.strip()):
        results: list[dict[str, Any]] = []
        t0 = time.perf_counter()
        for domain, pdf in pdfs:
            try:
                document, index, items = paper_items(
                    pdf, seed, args.rows, args.text, args.unchanged, args.fronted
                )
            except Exception as exc:  # a bad PDF is reported, the batch goes on
                print(f"{pdf}: skipped ({type(exc).__name__}: {exc})")
                continue
            judge = make_judge(args.judge)
            for it in items:
                j = judge_text(judge, it.text, document, index)
                c1 = [e for e in j.errors if any(t.value == "C1" for t in e.tags)]
                right = _value(it.right) if it.right else None
                c1_right = c1_other = None
                if c1 and right is not None:
                    c1_right = any(_value(e.correction or "") == right for e in c1)
                    # the defect: every value the C1 names is another one
                    named = [v for e in c1 if (v := _value(e.correction or "")) is not None]
                    c1_other = bool(named) and right not in named
                results.append(
                    {
                        "seed": seed,
                        "paper": pdf.stem,
                        "domain": domain,
                        "kind": it.kind,
                        "origin": it.origin,
                        "page": it.page,
                        "text": it.text,
                        "change": it.change,
                        "label": j.label.value,
                        "c1_right": c1_right,
                        "c1_other": c1_other,
                        "right": it.right,
                        "corrections": [[e.span, e.correction or ""] for e in c1],
                        "rationale": j.rationale,
                    }
                )
        print(
            f"\nvalue-binding suite, seed {seed}: {len(results)} items from {len(pdfs)} "
            f"PDFs, judge {args.judge!r}, {time.perf_counter() - t0:.0f} s"
        )
        print(report(results))
        if args.show:
            shown: dict[str, int] = defaultdict(int)
            for r in results:
                wrong = (
                    r["label"] == "contradiction"
                    if r["kind"] in (UNCHANGED, NAMED_UNCHANGED)
                    else r["label"] != "contradiction"
                )
                key = r["kind"] if wrong else f"{r['kind']}, C1 correction"
                if (wrong or r["c1_right"] is False) and shown[key] < args.show:
                    shown[key] += 1
                    fixes = ", ".join(f"{a} -> {b}" for a, b in r["corrections"])
                    print(
                        f"\n[{key}] {r['paper']} p{r['page']} -> {r['label']}: "
                        f"{r['text'][:200]}\n    change: {r['change'] or '-'}; "
                        + (f"C1 {fixes} (right: {r['right']}); " if fixes else "")
                        + r["rationale"][:200]
                    )
        everything += results
    if args.jsonl:
        with open(args.jsonl, "w", encoding="utf-8") as fh:
            for r in everything:
                fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
