"""Held-out per-field accuracy of the model-first reference reader.

Usage: python bench/reference_labeller.py [--data ../shared/data/external] [--show N]

Split by source file, never by line (the project's own gold, ``citations/crf/gold/*.xml``,
is always trained on, never held out, as ``python -m citations.crf.train`` does):
- GROBID citation corpus: files in sorted name order, every 5th file (index % 5 == 4) and
  both evaluation/ files are held out;
- anystyle core.xml and bad.xml are single files made of runs from many sources: each is
  cut into consecutive blocks of 50 references and every 5th block is held out.
A labeller and its title ranker are trained here on the rest (same features, parameters and
cross-fitting as ``python -m citations.crf.train``; the shipped model has seen all of it
and is not used).

``--validate`` never reads the held-out blocks: it cuts a validation part out of the
training blocks (anystyle blocks with index % 5 == 2, GROBID corpus files with index
% 5 == 2), trains on the remaining training blocks and scores the validation part; this
is where the CRFsuite L1/L2 coefficients (``--c1``/``--c2``, default
citations.crf.train.PARAMS) were chosen.

Fields scored on held-out references that carry them in the gold, every field of gold and
parse compared after markup tags ("<italic>") and HTML entities are undone: title (rapidfuzz
ratio of the folded, alphanumeric-only strings >= 90, citations.crf.fit_titles.same_title),
first author's family name (folded, equal; the gold author span is read by
citations.text.names), year (equal), volume (equal after folding), pages (first page equal).
Prints, per part and overall, :func:`citations.parse.parse_reference` as it runs (CRF,
title ranker, field normalisers) and, for the title, without the title ranker (the CRF's
own title run: column ``no ranker``).
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


from citations.crf.corpus import GOLD_DIR, Tagged, read_anystyle, read_grobid  # noqa: E402
from citations.crf.fit_titles import same_title, title_form  # noqa: E402
from citations.crf.labeller import ReferenceLabeller  # noqa: E402
from citations.crf.titles import TitleRanker  # noqa: E402
from citations.crf.train import PARAMS, train_all  # noqa: E402
from citations.model import Reference  # noqa: E402
from citations.parse import parse_reference  # noqa: E402
from citations.text.names import parse_author_list  # noqa: E402

FIELDS = ("title", "first author", "year", "volume", "pages")
_YEAR = re.compile(r"(?<!\d)(1[5-9]\d\d|20[0-3]\d)(?!\d)")


_norm = title_form
"""Compared form of a field, gold and parse alike: markup tags ("<italic>") and HTML
entities undone, folded (case, accents), letters and digits only."""


def _first_page(p: str | None) -> str:
    m = re.search(r"[A-Za-z]?\d+", p or "")
    return m.group(0).lower() if m else ""


def gold_fields(t: Tagged) -> dict[str, str]:
    out: dict[str, str] = {}
    title = t.field_text("title").strip(" ,.;:\"“”'")
    if re.search(r"[^\W\d_]", title):
        out["title"] = title
    # the gold author run may end with the title's opening quote ('M. Chefdeville et al., "'):
    # left on, it hid the "et al." and the gold first author was "al"
    authors, _ = parse_author_list(t.field_text("author").strip(" ,;:\"“”„«»'‘’"))
    if authors and _norm(authors[0].family):
        out["first author"] = authors[0].family
    m = _YEAR.search(t.field_text("date"))
    if m:
        out["year"] = m.group(1)
    m = re.search(r"[A-Z]?\d+[A-Za-z]?", t.field_text("volume"))
    if m:
        out["volume"] = m.group(0)
    page = _first_page(t.field_text("pages"))
    if page:
        out["pages"] = page
    return out


def correct(field: str, gold: str, ref: Reference) -> bool:
    if field == "title":
        return same_title(ref.title, gold)
    if field == "first author":
        return bool(ref.authors) and _norm(ref.authors[0].family) == _norm(gold)
    if field == "year":
        return str(ref.year) == gold
    if field == "volume":
        return _norm(ref.volume) == _norm(gold)
    return _first_page(ref.pages) == gold


HEAD = f"  {'field':<13} {'n':>5} {'model-first':>12} {'no ranker':>10}"


def _row(f: str, c: list[int]) -> str:
    n = max(c[0], 1)
    plain = f" {c[2] / n:>10.3f}" if f == "title" else ""
    return f"  {f:<13} {c[0]:>5} {c[1] / n:>12.3f}{plain}"


def split(data: Path) -> tuple[list[Tagged], dict[str, list[Tagged]]]:
    train_refs: list[Tagged] = []
    held: dict[str, list[Tagged]] = {"anystyle core": [], "anystyle bad": [], "grobid": []}
    for name, part in (("core.xml", "anystyle core"), ("bad.xml", "anystyle bad")):
        p = data / "anystyle" / name
        if not p.exists():
            continue
        for i, r in enumerate(read_anystyle(p)):
            (held[part] if (i // 50) % 5 == 4 else train_refs).append(r)
    files = sorted((data / "grobid-citation" / "corpus").glob("*.xml"))
    for i, p in enumerate(files):
        (held["grobid"] if i % 5 == 4 else train_refs).extend(read_grobid(p))
    for p in sorted((data / "grobid-citation" / "evaluation").glob("*.xml")):
        held["grobid"].extend(read_grobid(p))
    for p in sorted(GOLD_DIR.glob("*.xml")):
        train_refs.extend(read_anystyle(p))
    return train_refs, held


def validation_split(
    data: Path, train_refs: list[Tagged]
) -> tuple[list[Tagged], dict[str, list[Tagged]]]:
    """The training references of :func:`split` cut again: a validation part (anystyle
    blocks of 50 with index % 5 == 2; GROBID corpus files whose index in sorted name order
    is % 5 == 2) and the rest to train on. No held-out reference is in either."""
    fit: list[Tagged] = []
    val: dict[str, list[Tagged]] = {"anystyle core": [], "anystyle bad": [], "grobid": []}
    seen: dict[str, int] = {}
    files = {
        p.name: i for i, p in enumerate(sorted((data / "grobid-citation" / "corpus").glob("*.xml")))
    }
    for r in train_refs:
        if r.source in ("core.xml", "bad.xml"):
            j = seen.get(r.source, 0)  # j-th training reference: 4 blocks of 50 kept per 5
            seen[r.source] = j + 1
            part = "anystyle core" if r.source == "core.xml" else "anystyle bad"
            (val[part] if (j % 200) // 50 == 2 else fit).append(r)
        else:
            (val["grobid"] if files.get(r.source, 0) % 5 == 2 else fit).append(r)
    return fit, val


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument(
        "--data",
        type=Path,
        default=Path(__file__).resolve().parents[2] / "shared" / "data" / "external",
    )
    ap.add_argument("--show", type=int, default=0, help="print N misses per field")
    ap.add_argument(
        "--validate",
        action="store_true",
        help="score a validation cut of the training blocks (held-out blocks unread)",
    )
    ap.add_argument("--c1", type=float, help="L1 coefficient (default: citations.crf.train.PARAMS)")
    ap.add_argument("--c2", type=float, help="L2 coefficient (default: citations.crf.train.PARAMS)")
    ap.add_argument(
        "--model",
        type=Path,
        help="reuse this model file (and its title_ranker.json beside it) if it exists, "
        "else train and keep them there (same split and parameters only)",
    )
    ap.add_argument("--jobs", type=int, default=2, help="CRFs trained at once")
    args = ap.parse_args()
    if not (args.data / "anystyle").is_dir():
        print(f"skip: {args.data}/anystyle not found", file=sys.stderr)
        return 0
    train_refs, held = split(args.data)
    if args.validate:
        train_refs, held = validation_split(args.data, train_refs)
    params = dict(PARAMS)
    params.update({k: v for k, v in (("c1", args.c1), ("c2", args.c2)) if v is not None})
    print(
        f"{'validation cut of the training blocks' if args.validate else 'held-out blocks'}; "
        f"c1 {params['c1']}, c2 {params['c2']}"
    )
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        model = args.model or Path(tmp) / "heldout.model"
        weights = model.with_suffix(".ranker.json")
        if not (model.exists() and weights.exists()):
            train_all(train_refs, model, params, jobs=args.jobs, ranker_out=weights)
        ranker = TitleRanker.load(weights)
        labeller = ReferenceLabeller.load(model, ranker=ranker)
        plain = ReferenceLabeller.load(model)
        print(
            f"trained on {len(train_refs)} references in {time.perf_counter() - t0:.0f} s; held out: "
            + ", ".join(f"{k} {len(v)}" for k, v in held.items())
        )
        totals = {f: [0, 0, 0] for f in FIELDS}  # n, model-first, without ranker
        misses: dict[str, list[tuple[str, str, str]]] = {f: [] for f in FIELDS}
        t_crf = 0.0
        for part, refs in held.items():
            counts = {f: [0, 0, 0] for f in FIELDS}
            for t in refs:
                gold = gold_fields(t)
                a = time.perf_counter()
                crf = parse_reference(t.text, labeller=labeller)
                t_crf += time.perf_counter() - a
                before = parse_reference(t.text, labeller=plain)
                for f, g in gold.items():
                    c = counts[f]
                    c[0] += 1
                    ok = correct(f, g, crf)
                    c[1] += ok
                    c[2] += correct(f, g, before)
                    if not ok:
                        misses[f].append(
                            (
                                t.text,
                                g,
                                str(
                                    crf.model_dump(
                                        include={"title", "authors", "year", "volume", "pages"}
                                    )
                                ),
                            )
                        )
            print(f"\n{part}: {len(refs)} held-out references")
            print(HEAD)
            for f in FIELDS:
                for k in range(3):
                    totals[f][k] += counts[f][k]
                print(_row(f, counts[f]))
        print("\nall held-out parts:")
        print(HEAD)
        for f in FIELDS:
            print(_row(f, totals[f]))
        n_refs = sum(len(v) for v in held.values())
        print(f"\nparse time per reference: {t_crf / n_refs * 1000:.2f} ms")
        for f in FIELDS:
            for raw, g, got in misses[f][: args.show]:
                print(f"MISS {f}: {raw[:220]}\n   GOLD {g}\n   GOT  {got}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
