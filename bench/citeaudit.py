"""CiteAudit generated pairs against a local store of the real twins plus the ACL Anthology.

Usage: python bench/citeaudit.py [--limit N] [--workers N]

Items: every fake of shared/data/citeaudit/generated_pairs.jsonl (single-field
corruptions of a real citation) and every real twin. References are parsed from the
strings by citations.parse; the store's twin records are parsed the same way (the data
has no structured fields). Prints fake-detection precision/recall/F1 (positive = fake;
corrupted or fabricated = fake, verified = real, other verdicts = real), the share of
fakes whose real twin is returned as the corrected source, recall per changed field, and
the title-only baseline (rapidfuzz ratio >= 90 against the same store -> real).
Caveat (README there): year-only fakes are arguably citation errors; the verifier calls
them CORRUPTED (real work, wrong year), which counts as "fake" here.
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
from citations.model import Verdict  # noqa: E402
from citations.parse import parse_reference  # noqa: E402
from citations.sources.importers import record_from_reference  # noqa: E402
from citations.verify import verify  # noqa: E402

DIR = DATA / "citeaudit"


def prf(tp: int, fp: int, fn: int) -> tuple[float, float, float]:
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit", type=int, default=0, help="use the first N pairs (0 = all)")
    ap.add_argument("--show-errors", type=int, default=0)
    args = ap.parse_args()
    data = json.loads((DIR / "benchmark.json").read_text())["data"]
    pairs = [
        json.loads(line)
        for line in (DIR / "generated_pairs.jsonl").read_text().splitlines()
        if line.strip()
    ]
    if args.limit:
        pairs = pairs[: args.limit]
    real_ids = sorted({p["real_index"] for p in pairs})
    twins = []
    unparsed_twins = 0
    for i in real_ids:
        ref = parse_reference(data[i]["citation"])
        if not ref.title:
            unparsed_twins += 1
            continue
        twins.append(
            record_from_reference(ref, source="citeaudit-real", default_id=str(i)).model_copy(
                update={"id": str(i)}
            )
        )
    index, build_s, _ = build_store(twins)
    print(
        f"store: {index.stats().records} records ({len(twins)} twins, {unparsed_twins} "
        f"twins unparsed), built in {build_s:.1f} s"
    )
    items = [(p["fake_index"], True, p) for p in pairs] + [(i, False, None) for i in real_ids]
    tp = fp = fn = tn = 0
    btp = bfp = bfn = 0
    resolved = 0
    by_field: dict[str, list[bool]] = defaultdict(list)
    verdicts: Counter[tuple[bool, str]] = Counter()
    errors = []
    t0 = time.perf_counter()
    for idx, is_fake, pair in items:
        res = verify(data[idx]["citation"], [index])
        fake_pred = res.verdict in (Verdict.CORRUPTED, Verdict.FABRICATED)
        verdicts[(is_fake, res.verdict.value)] += 1
        tp += is_fake and fake_pred
        fp += (not is_fake) and fake_pred
        fn += is_fake and not fake_pred
        tn += (not is_fake) and not fake_pred
        ok_b, _ = title_baseline(index, res.reference)
        btp += is_fake and not ok_b
        bfp += (not is_fake) and not ok_b
        bfn += is_fake and ok_b
        if pair is not None:
            by_field["+".join(pair["changed"])].append(fake_pred)
            if res.matched is not None and res.matched.id == str(pair["real_index"]):
                resolved += 1
        if fake_pred != is_fake:
            errors.append(
                (idx, is_fake, res.verdict.value, res.reason, data[idx]["citation"][:160])
            )
    elapsed = time.perf_counter() - t0
    n_fake = sum(1 for _, f, _ in items if f)
    p, r, f1 = prf(tp, fp, fn)
    bp, br, bf1 = prf(btp, bfp, bfn)
    print(
        f"items: {len(items)} ({n_fake} fakes, {len(items) - n_fake} reals); "
        f"{len(items) / elapsed:.0f} refs/s incl. baseline"
    )
    print(f"fake detection   P {p:.4f}  R {r:.4f}  F1 {f1:.4f}")
    print(f"title baseline   P {bp:.4f}  R {br:.4f}  F1 {bf1:.4f}")
    print(
        f"resolution: real twin returned as corrected source for {resolved / n_fake:.4f} of fakes"
    )
    for k, v in sorted(by_field.items()):
        print(f"  recall on '{k}' fakes: {sum(v) / len(v):.4f} of {len(v)}")
    print(
        "verdicts:",
        {f"{'fake' if k[0] else 'real'}->{k[1]}": n for k, n in sorted(verdicts.items())},
    )
    for e in errors[: args.show_errors]:
        print("ERR", *e)


if __name__ == "__main__":
    main()
