"""Parse every CiteAudit reference string and every HALLMARK BibTeX entry; print coverage,
title accuracy where the data gives the true title, and speed.

Run: python bench/parse_refs.py [--data ../shared/data]

Figures printed:
- CiteAudit (9,442 strings): crashes, share with title / authors / year, refs/s.
- Title accuracy, exact after folding (case, accents, punctuation, spaces) and fuzzy
  (rapidfuzz ratio >= 90), against: CiteTracer ICLR-2026 structured records (807 raw strings
  with an automatically parsed title: imperfect ground truth), GroundQA dev citations whose
  true record's title was not corrupted, and HALLMARK fields rendered as ACL-style strings
  (synthetic: checks title boundaries on real titles, not real formatting noise).
- HALLMARK (all .jsonl under v1.0 and v1.1): entries read through reference_from_fields and
  through parse_bibtex on the rendered BibTeX; crashes, title round trip, entries/s.
"""

from __future__ import annotations

import argparse
import glob
import json
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rapidfuzz import fuzz  # noqa: E402

from citations.bibtex import BadEntry, parse_bibtex, reference_from_fields  # noqa: E402
from citations.errors import InputError  # noqa: E402
from citations.parse import parse_reference  # noqa: E402
from citations.text.fold import fold_key as fold  # noqa: E402


def _norm(t: str | None) -> str:
    return re.sub(r"[^0-9a-z]+", "", fold(t or ""))


def _title_scores(
    pairs: list[tuple[str, str]],
) -> tuple[int, float, float, list[tuple[str, str, str]]]:
    exact = fuzzy = 0
    misses = []
    for raw, gold in pairs:
        try:
            got = parse_reference(raw).title
        except InputError:
            got = None
        if _norm(got) == _norm(gold):
            exact += 1
        else:
            misses.append((raw, gold, got or ""))
        if fuzz.ratio(_norm(got), _norm(gold)) >= 90:
            fuzzy += 1
    n = len(pairs)
    return n, exact / max(n, 1), fuzzy / max(n, 1), misses


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default=str(Path(__file__).resolve().parents[2] / "shared" / "data"))
    ap.add_argument("--show-misses", type=int, default=0)
    args = ap.parse_args()
    data = Path(args.data)

    # CiteAudit
    recs = json.loads((data / "citeaudit" / "benchmark.json").read_text(encoding="utf-8"))["data"]
    t0 = time.perf_counter()
    crashes = errors = has_t = has_a = has_y = 0
    for r in recs:
        try:
            ref = parse_reference(r["citation"])
        except InputError:
            errors += 1
            continue
        except Exception:  # noqa: BLE001 - counting crashes is the point
            crashes += 1
            continue
        has_t += bool(ref.title)
        has_a += bool(ref.authors)
        has_y += ref.year is not None
    dt = time.perf_counter() - t0
    n = len(recs)
    print(
        f"CiteAudit: {n} strings, crashes {crashes}, InputError {errors}, "
        f"title {has_t / n:.1%}, authors {has_a / n:.1%}, year {has_y / n:.1%}, "
        f"{n / dt:,.0f} refs/s"
    )

    # title ground truth 1: CiteTracer ICLR 2026
    pairs: list[tuple[str, str]] = []
    p = data / "citetracer" / "iclr2026_hallucinated" / "hallucinated_refs_structured.json"
    if p.exists():
        for paper in json.loads(p.read_text(encoding="utf-8")):
            for c in paper.get("hallucinated_citations", []):
                if c.get("raw_text") and c.get("title"):
                    pairs.append((c["raw_text"], c["title"]))
        k, ex, fz, misses = _title_scores(pairs)
        print(
            f"Title vs CiteTracer ICLR-2026 parsed titles: n={k}, exact {ex:.1%}, fuzzy>=90 {fz:.1%}"
        )
        for raw, gold, got in misses[: args.show_misses]:
            print(f"   RAW  {raw[:200]}\n   GOLD {gold}\n   GOT  {got}")

    # title ground truth 2: GroundQA dev citations
    pairs = []
    for f in sorted(glob.glob(str(data / "groundqa" / "dev" / "*.citations.jsonl"))):
        for line in Path(f).read_text(encoding="utf-8").splitlines():
            c = json.loads(line)
            tr = c.get("true_record") or {}
            if tr.get("title") and c.get("sub_label") != "title" and c["class"] != "FABRICATED":
                pairs.append((c["reference"], tr["title"]))
    k, ex, fz, misses = _title_scores(pairs)
    print(f"Title vs GroundQA dev true records: n={k}, exact {ex:.1%}, fuzzy>=90 {fz:.1%}")
    # other fields on GroundQA: year, first author's family, identifiers (rows whose corruption is elsewhere)
    year_ok = year_n = fa_ok = fa_n = id_ok = id_n = 0
    for f in sorted(glob.glob(str(data / "groundqa" / "dev" / "*.citations.jsonl"))):
        for line in Path(f).read_text(encoding="utf-8").splitlines():
            c = json.loads(line)
            tr = c.get("true_record") or {}
            if not tr or c["class"] == "FABRICATED":
                continue
            ref = parse_reference(c["reference"])
            if tr.get("year") and c.get("sub_label") != "year":
                year_n += 1
                year_ok += ref.year == tr["year"]
            if tr.get("authors") and c.get("sub_label") != "author":
                first = tr["authors"][0]
                fam = (
                    first.split(",")[0]
                    if "," in first
                    else (
                        first.split()[0]
                        if re.fullmatch(r"\S+ [A-Z]{1,3}", first)
                        else first.split()[-1]
                    )
                )
                fa_n += 1
                fa_ok += bool(ref.authors) and _norm(ref.authors[0].family) == _norm(fam)
            for key in ("doi", "arxiv_id"):
                if tr.get(key) and c.get("sub_label") != "doi" and key in ("doi", "arxiv_id"):
                    got = getattr(ref, key)
                    if got is not None or key == "arxiv_id":
                        id_n += 1
                        id_ok += (got or "").lower() == str(tr[key]).lower()
    print(
        f"GroundQA other fields: year {year_ok}/{year_n}, first-author family {fa_ok}/{fa_n}, "
        f"identifiers present in the string and equal {id_ok}/{id_n}"
    )
    for raw, gold, got in misses[: args.show_misses]:
        print(f"   RAW  {raw[:200]}\n   GOLD {gold}\n   GOT  {got}")

    # HALLMARK
    files = sorted(glob.glob(str(data / "hallmark" / "v1.0" / "*.jsonl"))) + sorted(
        glob.glob(str(data / "hallmark" / "v1.1_crossdomain_matched" / "*.jsonl"))
    )
    entries = []
    for f in files:
        for line in Path(f).read_text(encoding="utf-8").splitlines():
            if line.strip():
                e = json.loads(line)
                if isinstance(e.get("fields"), dict):
                    entries.append(e)
    t0 = time.perf_counter()
    crashes = bad = roundtrip = has_t = has_a = has_y = 0
    synthetic: list[tuple[str, str]] = []
    for e in entries:
        fields = {k: str(v) for k, v in e["fields"].items() if v is not None}
        try:
            direct = reference_from_fields(
                fields, e.get("bibtex_type") or "misc", key=e.get("bibtex_key")
            )
            body = ",\n".join(f"  {k} = {{{v}}}" for k, v in fields.items())
            bib = f"@{e.get('bibtex_type') or 'misc'}{{{e.get('bibtex_key') or 'k'},\n{body}\n}}"
            got = parse_bibtex(bib)
        except Exception:  # noqa: BLE001
            crashes += 1
            continue
        if len(got) != 1 or isinstance(got[0], BadEntry):
            bad += 1
            continue
        roundtrip += got[0].title == direct.title and got[0].authors == direct.authors
        has_t += bool(direct.title)
        has_a += bool(direct.authors)
        has_y += direct.year is not None
        if direct.title and direct.authors and direct.year:
            names = ", ".join(f"{a.given} {a.family}".strip() for a in direct.authors)
            venue = f" {direct.venue}," if direct.venue else ""
            synthetic.append((f"{names}. {direct.title}.{venue} {direct.year}.", direct.title))
    dt = time.perf_counter() - t0
    m = len(entries)
    print(
        f"HALLMARK: {m} entries from {len(files)} files, crashes {crashes}, BadEntry {bad}, "
        f"bibtex round trip {roundtrip / max(m, 1):.1%}, title {has_t / max(m, 1):.1%}, "
        f"authors {has_a / max(m, 1):.1%}, year {has_y / max(m, 1):.1%}, {m / dt:,.0f} entries/s"
    )
    k, ex, fz, misses = _title_scores(synthetic)
    print(
        f"Title on HALLMARK fields rendered ACL-style (synthetic): n={k}, exact {ex:.1%}, fuzzy>=90 {fz:.1%}"
    )
    for raw, gold, got in misses[: args.show_misses]:
        print(f"   RAW  {raw[:200]}\n   GOLD {gold}\n   GOT  {got}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
