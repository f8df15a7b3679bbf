"""CiteTracer synthetic v2 against a local store of the seed records plus the ACL Anthology.

Usage: python bench/citetracer.py [--limit N]

Prints 3-class accuracy (REAL / POTENTIAL_HALLUCINATED / HALLUCINATED), accuracy per
scored bucket (R = R1+R2+R3, P1, P3, H1..H6), which-field accuracy on the H codes (the
first differing field reported is one of the fields the benchmark changed), and the
title-only baseline (rapidfuzz ratio >= 90 -> REAL, else HALLUCINATED).
Data: shared/data/citetracer/synthetic_v2 (README there). No network.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench._store import DATA, build_store, title_baseline  # noqa: E402
from citations.labels import CITETRACER_CODE, citetracer_code, citetracer_label  # noqa: E402
from citations.model import Field, Reference  # noqa: E402
from citations.sources.importers import record_from_mapping  # noqa: E402
from citations.text.names import parse_name  # noqa: E402
from citations.verify import verify  # noqa: E402

DIR = DATA / "citetracer" / "synthetic_v2"
CODES = ["R1", "R2", "R3", "P1", "P3", "H1", "H2", "H3", "H4", "H5", "H6"]
FIELD_NAMES = {
    "title": Field.TITLE,
    "authors": Field.AUTHORS,
    "venue": Field.VENUE,
    "year": Field.YEAR,
    "doi": Field.DOI,
    "pages": Field.PAGES,
    "volume": Field.VOLUME,
    "publisher": Field.PUBLISHER,
    "location": Field.ADDRESS,
}


def to_reference(c: dict) -> Reference:
    """A Reference from a CiteTracer citation record (structured; no string parsing)."""
    authors = [parse_name(a) for a in c.get("authors") or [] if a.strip()]
    et_al = False
    if authors and f"{authors[-1].given} {authors[-1].family}".strip().lower().rstrip(".") in (
        "others",
        "et al",
    ):
        authors.pop()
        et_al = True
    raw = (
        "; ".join(c.get("authors") or [])
        + f". {c['title']}. {c.get('venue', '')}, {c.get('year', '')}."
    )
    return Reference(
        raw=raw,
        title=c["title"] or None,
        authors=tuple(authors),
        et_al=et_al,
        year=c.get("year") or None,
        venue=c.get("venue") or None,
        volume=c.get("volume") or None,
        pages=c.get("pages") or None,
        publisher=c.get("publisher") or None,
        address=c.get("location") or None,
        doi=c.get("doi") or None,
        arxiv_id=c.get("arxiv_id") or None,
        url=c.get("url") or None,
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit", type=int, default=0, help="items per subtype (0 = all)")
    ap.add_argument("--show-errors", type=int, default=0)
    args = ap.parse_args()
    meta = json.loads((DIR / "meta.json").read_text())
    items = []
    for code in CODES:
        data = json.loads((DIR / f"{code}.json").read_text())
        items += data[: args.limit or None]
    seeds = [
        record_from_mapping(m["seed"], source="citetracer-seed", default_id=cid)
        for cid, m in meta.items()
    ]
    seeds = [s.model_copy(update={"id": cid}) for s, cid in zip(seeds, meta)]
    index, build_s, _ = build_store(seeds)
    print(f"store: {index.stats().records} records, built in {build_s:.1f} s")
    gold_cls = {
        "REAL": "REAL",
        "POTENTIAL_HALLUCINATED": "POTENTIAL_HALLUCINATED",
        "HALLUCINATED": "HALLUCINATED",
    }
    per_bucket: dict[str, list[bool]] = defaultdict(list)
    base_bucket: dict[str, list[bool]] = defaultdict(list)
    field_ok: dict[str, list[bool]] = defaultdict(list)
    confusion: Counter[tuple[str, str]] = Counter()
    verdicts: dict[str, Counter[str]] = defaultdict(Counter)
    errors = []
    t0 = time.perf_counter()
    for c in items:
        m = meta[c["citation_id"]]
        gold = gold_cls[m["label"]]
        bucket = "R" if m["subtype"].startswith("R") else m["subtype"]
        ref = to_reference(c)
        res = verify(ref, [index])
        pred = citetracer_label(res)
        per_bucket[bucket].append(pred == gold)
        confusion[(gold, pred)] += 1
        if pred != gold:
            errors.append(
                (
                    c["citation_id"],
                    gold,
                    pred,
                    res.verdict.value,
                    [f.value for f in res.differing],
                    res.reason,
                    m["explanation"][:120],
                )
            )
        ok_b, _ = title_baseline(index, ref)
        base_bucket[bucket].append(("REAL" if ok_b else "HALLUCINATED") == gold)
        if gold == "HALLUCINATED":
            verdicts[m["subtype"]][res.verdict.value] += 1
        if gold == "HALLUCINATED" and res.verdict.value == "corrupted":
            code = citetracer_code(res)
            changed = {FIELD_NAMES[f] for f in m["changed_fields"] if f in FIELD_NAMES}
            field_ok[m["subtype"]].append(
                code is not None and any(CITETRACER_CODE[f] == code for f in changed)
            )
    elapsed = time.perf_counter() - t0
    n = sum(len(v) for v in per_bucket.values())
    acc = sum(sum(v) for v in per_bucket.values()) / n
    base = sum(sum(v) for v in base_bucket.values()) / n
    print(f"items: {n}  ({n / elapsed:.0f} refs/s incl. baseline)")
    print(f"3-class accuracy: {acc:.4f}   title-only baseline: {base:.4f}")
    print("bucket  n     acc     baseline")
    for b in ["R", "P1", "P3", "H1", "H2", "H3", "H4", "H5", "H6"]:
        v, bv = per_bucket[b], base_bucket[b]
        if v:
            print(f"{b:<6}{len(v):>4}  {sum(v) / len(v):.4f}  {sum(bv) / len(bv):.4f}")
    macro = sum(sum(per_bucket[b]) / len(per_bucket[b]) for b in per_bucket) / len(per_bucket)
    print(f"mean over the 9 buckets: {macro:.4f}")
    fo = [x for v in field_ok.values() for x in v]
    print(
        f"which-field accuracy (H codes, items judged corrupted): {sum(fo) / max(1, len(fo)):.4f}"
    )
    for code in sorted(field_ok):
        v = field_ok[code]
        print(f"  {code}: {sum(v) / len(v):.4f} of {len(v)}   verdicts: {dict(verdicts[code])}")
    print("confusion (gold -> predicted):")
    for (g, p), k in sorted(confusion.items()):
        print(f"  {g:<24} -> {p:<24} {k}")
    for e in errors[: args.show_errors]:
        print("ERR", *e)


if __name__ == "__main__":
    main()
