"""Same output, less time: ``read_pdf`` of this tree against another copy of the code.

Compares, for every PDF given (default: ../shared/data/papers/*.pdf), everything a caller
can see of ``grounding.pdf.read_pdf``'s result -- per page: number, width, height, text,
words (text, rect, start, end, line), lines, blocks, suspect_spans, every column of
``word_columns``, ``rects_for`` over each line, each word, each suspect span and seeded
random ranges -- and ``normalize_text`` / ``hyphenated_pairs`` on each page's bare
PyMuPDF text and on seeded random strings rich in the characters the normaliser rewrites.
A PDF that fails to read compares by its error (type, message). Values are compared by
``repr`` (so 1 vs 1.0, -0.0 vs 0.0 and list vs tuple all count as differences).

Then times ``read_pdf`` per PDF, best of N, both trees in alternating subprocesses (each
tree imports its own ``grounding`` package), and prints ms before/after.

Usage::

    git -C ../main archive ec3b123 | tar -x -C /tmp/orig     # the reference copy
    python bench/read_identity.py --ref /tmp/orig [-n 15] [--rounds 3] [PDF ...]

Exit status 1 if any output differs.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PAPERS = ROOT.parent / "shared" / "data" / "papers"

#: Characters the normaliser treats specially, mixed into random strings.
_ALPHABET = (
    "abcdefghijklmnopqrstuvwxyzABCXYZ0123456789  --\n\n\n.,()'\u00ad\u2212\u2010"
    "\u2011\ufb01\ufb02\ufb00\ufb03\u200b\u00a0\t\r\x12\ufe0f\U0001d70b\uff21\u00bc"
    "\u00b2\u2013 "
)


def _random_texts(n: int, seed: int = 7) -> list[str]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        k = rng.randint(0, 60) if rng.random() < 0.7 else rng.randint(60, 400)
        out.append("".join(rng.choice(_ALPHABET) for _ in range(k)))
    # realistic shapes: hyphenated line ends, ligatures before a stray space, compounds
    out += [
        "cor-\npus non-paper non-\npaper",
        "bene\ufb01 ciaries sta\ufb00 members",
        "state-of-the-\nart GPT-\n4 word -\nsplit",
        "  a  b \n\n c\u00ad\nd\u00ad\n\n",
    ]
    return out


def _page_record(page: Any, rng: random.Random) -> dict[str, Any]:
    cols = page.word_columns  # read first, as the evidence index does
    rec: dict[str, Any] = {
        "number": page.number,
        "width": page.width,
        "height": page.height,
        "text": page.text,
        "columns": (
            cols.texts,
            cols.starts,
            cols.ends,
            cols.x0s,
            cols.y0s,
            cols.x1s,
            cols.y1s,
            cols.lines,
            len(cols),
        ),
        "col_words": [cols.word(i) for i in range(0, len(cols), 7)],
        "suspects": page.suspect_spans,
    }
    n = len(page.text)
    ranges = [(0, n), (0, 0), (n, n + 5), (-3, 4)]
    ranges += [(ln.start, ln.end) for ln in page.lines]
    ranges += [(w.start, w.end) for w in page.words]
    ranges += list(page.suspect_spans)
    for _ in range(60):
        a = rng.randint(0, max(n, 1))
        ranges.append((a, a + rng.randint(0, 120)))
    rec["rects"] = [(a, b, page.rects_for(a, b)) for a, b in ranges]
    rec["words"] = [(w.text, w.rect, w.start, w.end, w.line) for w in page.words]
    rec["lines"] = [(ln.start, ln.end, ln.rect) for ln in page.lines]
    rec["blocks"] = [(b.start, b.end, b.rect) for b in page.blocks]
    rec["image_size"] = page.image_size()
    return {k: repr(v) for k, v in rec.items()}


def _norm_record(text: str, keep: frozenset[str]) -> str:
    from grounding.normalize import hyphenated_pairs, normalize_text

    n = normalize_text(text, keep)
    probes = [n.to_text(r) for r in range(len(text) + 2)]
    spans = [n.to_source(a, min(a + 3, len(n.text))) for a in range(0, len(n.text) + 1, 5)]
    return repr(
        (
            n.text,
            n.source,
            n.raw_length,
            probes,
            spans,
            sorted(hyphenated_pairs([text])),
            normalize_text(text).text,
        )
    )


def _dump(pdfs: list[str], out: str) -> None:
    """Child process: write every record of this tree to ``out`` (pickle)."""
    import pymupdf

    from grounding.pdf import read_pdf

    data: dict[str, Any] = {}
    for path in pdfs:
        rng = random.Random(path)
        try:
            doc = read_pdf(path)
        except Exception as exc:  # noqa: BLE001 -- the error is part of the output compared
            data[path] = ("error", type(exc).__name__, str(exc))
            continue
        data[path] = [_page_record(pg, rng) for pg in doc.pages]
        try:
            with pymupdf.open(path) as d:
                plain = [p.get_text() for p in d]
        except Exception:  # noqa: BLE001 -- no bare text: nothing extra to normalise
            plain = []
        keep = frozenset({"non-paper", "pre-trained", "state-of"})
        data[path + "#norm"] = [_norm_record(t, keep) for t in plain + [p.text for p in doc.pages]]
    data["#random"] = [_norm_record(t, frozenset({"non-paper"})) for t in _random_texts(20000)]
    with open(out, "wb") as fh:
        pickle.dump(data, fh)


def _time(pdfs: list[str], n: int) -> None:
    """Child process: print {pdf: best ms of read_pdf} as JSON."""
    from grounding.pdf import read_pdf

    best: dict[str, float] = {}
    for path in pdfs:
        try:
            read_pdf(path)  # warm caches
        except Exception:  # noqa: BLE001, S112 -- an unreadable fixture: not timed
            continue
        b = float("inf")
        for _ in range(n):
            t = time.perf_counter()
            read_pdf(path)
            b = min(b, time.perf_counter() - t)
        best[path] = b * 1e3
    print(json.dumps(best))


def _child(tree: Path, args: list[str]) -> str:
    """Run this script as a child with ``tree`` first on the path (it imports that tree's
    ``grounding``)."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    res = subprocess.run(
        [sys.executable, __file__, *args],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if res.returncode:
        raise SystemExit(f"child in {tree} failed:\n{res.stderr}")
    return res.stdout


def _first_diff(a: Any, b: Any) -> str:
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return f"length {len(a)} != {len(b)}"
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return f"[{i}] " + _first_diff(x, y)
    if isinstance(a, dict) and isinstance(b, dict):
        for k in a:
            if a[k] != b.get(k):
                return f"{k}: " + _first_diff(a[k], b.get(k))
    sa, sb = str(a), str(b)
    k = next((i for i, (x, y) in enumerate(zip(sa, sb)) if x != y), min(len(sa), len(sb)))
    return f"at char {k}: {sa[max(0, k - 60) : k + 60]!r} != {sb[max(0, k - 60) : k + 60]!r}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pdfs", nargs="*")
    ap.add_argument("--ref", type=Path, help="root of the reference copy of the code")
    ap.add_argument("-n", type=int, default=15, help="read_pdf runs per PDF and round")
    ap.add_argument("--rounds", type=int, default=3, help="alternating timing rounds")
    ap.add_argument("--no-time", action="store_true")
    ap.add_argument("--dump", help=argparse.SUPPRESS)
    ap.add_argument("--time", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    pdfs = [str(Path(p).resolve()) for p in args.pdfs] or [
        str(p) for p in sorted(PAPERS.glob("*.pdf"))
    ]
    if args.dump:
        _dump(pdfs, args.dump)
        return 0
    if args.time:
        _time(pdfs, args.n)
        return 0
    if args.ref is None:
        ap.error("--ref is required")
    ref = args.ref.resolve()
    with tempfile.TemporaryDirectory() as tmp:
        outs = []
        for tree, name in ((ref, "ref"), (ROOT, "new")):
            out = str(Path(tmp) / f"{name}.pkl")
            _child(tree, ["--dump", out, *pdfs])
            with open(out, "rb") as fh:
                outs.append(pickle.load(fh))
    old, new = outs
    bad = 0
    for key in old:
        if old[key] != new.get(key):
            bad += 1
            print(f"DIFFERENT {key}: {_first_diff(old[key], new.get(key))}")
    pages = sum(
        len(v)
        for k, v in old.items()
        if not k.startswith("#") and "#" not in k and isinstance(v, list)
    )
    print(
        f"identity: {len(old) - bad}/{len(old)} records identical "
        f"({len(pdfs)} PDFs, {pages} pages, normaliser inputs included)"
    )
    if args.no_time:
        return 1 if bad else 0
    best: dict[str, dict[str, float]] = {"ref": {}, "new": {}}
    for _ in range(args.rounds):
        for tree, name in ((ref, "ref"), (ROOT, "new")):
            got = json.loads(_child(tree, ["--time", "-n", str(args.n), *pdfs]))
            for p, ms in got.items():
                best[name][p] = min(best[name].get(p, float("inf")), ms)
    print(f"{'paper':<40}{'ref ms':>9}{'new ms':>9}{'saved':>8}")
    for p in pdfs:
        if p not in best["ref"] or p not in best["new"]:
            continue
        o, nw = best["ref"][p], best["new"][p]
        print(f"{Path(p).stem[:39]:<40}{o:>9.1f}{nw:>9.1f}{o - nw:>8.1f}")
    to, tn = sum(best["ref"].values()), sum(best["new"].values())
    print(f"{'all':<40}{to:>9.1f}{tn:>9.1f}{to - tn:>8.1f}")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
