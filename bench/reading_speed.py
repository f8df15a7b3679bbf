"""CPU time of reading a reference string (citations.parse.parse_reference), and where it goes.

Usage: python bench/reading_speed.py [--data ../shared/data] [--n 1000] [--repeat 3]

Reads the first ``--n`` CiteAudit strings (``citeaudit/benchmark.json``) ``--repeat`` times
with the labeller's cache of tagged strings emptied before each pass (every string is
labelled again) and prints, best of the passes, CPU milliseconds per reference for:

- ``parse``: the whole reader (CRF labels, title ranker, field normalisers);
- ``features``: the CRF's token features alone (:func:`citations.crf.features.token_attributes`);
- ``crf``: the CRF tagging those features (CRFsuite), without the marginals;
- ``tag``: the labeller's whole tagging (features, CRF, marginals);
- ``ranker``: the title ranker on the tagged strings.

Then the parse with the features handed to CRFsuite as attribute names (the labeller's
form) and as dicts (:func:`citations.crf.features.token_features`, the earlier form), in
turns in the same process so that the ratio holds on a loaded machine (best of
``--repeat`` turns each), and whether the two forms give the
same labels and the same parsed references on those strings. CPU time (process_time) depends
little on other load; wall time does.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import citations.crf.labeller as labeller_module  # noqa: E402
from citations.crf.features import token_attributes, token_features, tokenize  # noqa: E402
from citations.crf.labeller import default_labeller  # noqa: E402
from citations.parse import parse_reference  # noqa: E402
from citations.reading.label import crf_title, repair_labels  # noqa: E402


def best_ms(fn: Callable[[], object], n: int, repeat: int) -> float:
    """Least CPU milliseconds per item of ``repeat`` calls of ``fn`` (tag cache emptied)."""
    lab = default_labeller()
    best = float("inf")
    for _ in range(repeat):
        lab._tag_cached.cache_clear()
        t = time.process_time()
        fn()
        best = min(best, time.process_time() - t)
    return 1000 * best / n


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default=str(Path(__file__).resolve().parents[2] / "shared" / "data"))
    ap.add_argument("--n", type=int, default=1000)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    p = Path(args.data) / "citeaudit" / "benchmark.json"
    if not p.exists():
        print(f"skip: {p} not found", file=sys.stderr)
        return 0
    strs = [r["citation"] for r in json.loads(p.read_text(encoding="utf-8"))["data"][: args.n]]
    n, k = len(strs), args.repeat
    lab = default_labeller()
    toks = [tokenize(s) for s in strs]
    feats = [token_attributes(s, t) for s, t in zip(strs, toks, strict=True)]
    tagged = [repair_labels(lab.tag(s)) for s in strs]
    own = [crf_title(t) for t in tagged]
    ranker = lab.ranker
    rows = {
        "parse": best_ms(lambda: [parse_reference(s) for s in strs], n, k),
        "features": best_ms(
            lambda: [token_attributes(s, t) for s, t in zip(strs, toks, strict=True)], n, k
        ),
        "crf": best_ms(lambda: [lab._tagger.tag(f) for f in feats], n, k),
        "tag": best_ms(lambda: [lab._tag(s) for s in strs], n, k),
    }
    if ranker is not None:
        rows["ranker"] = best_ms(
            lambda: [ranker.best(t, None, o) for t, o in zip(tagged, own, strict=True)], n, k
        )
    for name, ms in rows.items():
        print(f"{name:<9} {ms:.3f} ms per reference")
    new = [(lab.tag(s).labels, parse_reference(s)) for s in strs]
    as_dicts: Any = token_features
    best = {"names": float("inf"), "dicts": float("inf")}
    for _ in range(k):  # the two forms in turns, so that load hits both alike
        for form in ("names", "dicts"):
            labeller_module.token_attributes = as_dicts if form == "dicts" else token_attributes
            try:
                ms = best_ms(lambda: [parse_reference(s) for s in strs], n, 1)
            finally:
                labeller_module.token_attributes = token_attributes
            best[form] = min(best[form], ms)
    labeller_module.token_attributes = as_dicts
    try:
        lab._tag_cached.cache_clear()
        old = [(lab.tag(s).labels, parse_reference(s)) for s in strs]
    finally:
        labeller_module.token_attributes = token_attributes
    old_ms = best["dicts"]
    rows["parse"] = best["names"]
    print(
        f"parse in turns: attribute names {rows['parse']:.3f}, dict features {old_ms:.3f} ms "
        f"per reference (names: {rows['parse'] / old_ms:.2f} of dicts); "
        f"same labels and references on {sum(a == b for a, b in zip(new, old, strict=True))} "
        f"of {n} strings"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
