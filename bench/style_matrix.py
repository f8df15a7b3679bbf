"""Reference verification across citation styles, languages and careless typing.

Usage: python bench/style_matrix.py [--n 8] [--seed 7] [--styles apa,ieee] [--langs en,pt]
                                     [--show-errors 20] [--jsonl items.jsonl]

Builds, from real ACL Anthology records (../shared/data/acl-anthology), three kinds of
reference: **verified** (a record cited correctly), **corrupted** (the same record with one
field changed: title word, first author's family name, year, pages, venue or DOI) and
**fabricated** (a title, authors and venue stitched from several other records, checked to be
absent from the store). Each is written in 8 styles (APA, Vancouver, Harvard, MLA, ABNT, IEEE,
Chicago, Nature; bench/_styles.py) with the conventions of 4 languages (en, pt, es, de), tidy
and sloppy (lower case, dropped punctuation, doubled spaces, upper-case family names), and
verified against a local index holding all 100,601 ACL records, declared complete (as
``--complete``), so that a work absent from it is fabricated.

Prints, per style x language x tidiness cell, the 3-way macro-F1 (verified / corrupted /
fabricated; any other verdict counts as wrong), and over all cells: the confusion, and "field
named right": of the corrupted references judged corrupted, the share whose differing fields
are exactly the changed one (and, looser, that include it). Targets: every cell
>= 0.95; field named right >= 0.95. No network. Deterministic for a given --seed.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import re
import sys
import time
import zlib
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rapidfuzz import fuzz  # noqa: E402

from bench._metrics import class_scores  # noqa: E402
from bench._store import ACL, build_store  # noqa: E402
from bench._styles import LANGS, STYLES, Work, format_reference, sloppy, with_field  # noqa: E402
from citations.model import Field, Reference  # noqa: E402
from citations.text.names import parse_name  # noqa: E402
from citations.verify import verify  # noqa: E402

CLASSES = ("verified", "corrupted", "fabricated")
FIELDS = ("title", "authors", "year", "pages", "venue", "doi")
FIELD_OF = {
    "title": Field.TITLE,
    "authors": Field.AUTHORS,
    "year": Field.YEAR,
    "pages": Field.PAGES,
    "venue": Field.VENUE,
    "doi": Field.DOI,
}
_WORD = re.compile(r"[A-Za-z]{5,}")


def load_records() -> list[dict]:
    with gzip.open(ACL, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def to_work(rec: dict) -> Work:
    authors = []
    for a in rec.get("authors") or []:
        n = parse_name(a)
        family = f"{n.particle} {n.family}".strip() if n.particle else n.family
        authors.append((n.given, family))
    venue = rec["venue"]
    if rec.get("volume"):  # ACL journal venues carry ", Volume 7" in the name: the style adds it
        venue = re.sub(r",?\s*Volume\s+\w+.*$", "", venue)
    return Work(
        title=rec["title"],
        authors=tuple(authors),
        year=int(rec["year"]),
        venue=venue,
        pages=rec.get("pages"),
        volume=rec.get("volume"),
        issue=rec.get("issue"),
        doi=rec.get("doi"),
        publisher=rec.get("publisher"),
        address=rec.get("address"),
        journal=bool(rec.get("volume")),
    )


def eligible(rec: dict) -> bool:
    """Records a person would cite: authors, a title of 4+ words in Latin script, pages."""
    title = rec.get("title") or ""
    return (
        bool(rec.get("authors"))
        and len(title.split()) >= 4
        and bool(rec.get("pages"))
        and rec.get("year", 0) >= 1990
        and title.isascii()
        and "[" not in title
        and not rec.get("retracted")
        and not rec.get("removed")
    )


def corrupt(work: Work, field: str, rng: random.Random, donors: list[Work]) -> Work | None:
    """``work`` with ``field`` changed to a value it does not have, or None if it has no such
    field to change."""
    if field == "title":
        words = [m for m in _WORD.finditer(work.title)][1:]
        if not words:
            return None
        m = rng.choice(words)
        pool = [
            w for d in donors for w in _WORD.findall(d.title) if w.lower() not in work.title.lower()
        ]
        new = rng.choice(pool)
        return with_field(work, title=work.title[: m.start()] + new + work.title[m.end() :])
    if field == "authors":
        fam = [
            d.authors[0][1]
            for d in donors
            if d.authors
            and d.authors[0][1] != work.authors[0][1]
            and d.authors[0][1].isalpha()
            and len(d.authors[0][1]) > 3
        ]
        first = (work.authors[0][0], rng.choice(fam))
        return with_field(work, authors=(first,) + work.authors[1:])
    if field == "year":
        return with_field(work, year=work.year + rng.choice([-3, -2, 2, 3]))
    if field == "pages":
        m = re.fullmatch(r"\s*(\d+)\s*[-–—]+\s*(\d+)\s*", work.pages or "")
        if not m:
            return None
        k = rng.randint(3, 40)
        return with_field(work, pages=f"{int(m.group(1)) + k}–{int(m.group(2)) + k}")
    if field == "venue":
        others = [d.venue for d in donors if fuzz.ratio(d.venue, work.venue) < 60]
        return with_field(work, venue=rng.choice(others))
    if field == "doi":
        if not work.doi or not re.search(r"\d$", work.doi):
            return None
        last = int(work.doi[-1])
        return with_field(work, doi=work.doi[:-1] + str((last + rng.randint(1, 8)) % 10))
    raise ValueError(field)


def fabricate(rng: random.Random, donors: list[Work], index: object) -> Work:
    """A plausible work absent from ``index``: title halves, authors and venue of other
    records."""
    for _ in range(50):
        a, b, c, d = rng.sample(donors, 4)
        ta, tb = a.title.split(), b.title.split()
        title = " ".join(ta[: max(2, len(ta) // 2)] + tb[len(tb) // 2 :])
        authors = c.authors[:3]
        ref = Reference(raw=title, title=title)
        best = max(
            (fuzz.ratio(title.lower(), r.title.lower()) for r in index.search(ref, limit=10)),
            default=0.0,
        )  # type: ignore[attr-defined]
        if best < 75:
            start = rng.randint(1, 400)
            return Work(
                title=title,
                authors=authors,
                year=rng.randint(1995, 2024),
                venue=d.venue,
                pages=f"{start}–{start + rng.randint(6, 12)}",
                publisher=d.publisher,
                address=d.address,
            )
    raise RuntimeError("could not fabricate an absent title")


def macro_f1(pairs: list[tuple[str, str]]) -> float:
    """3-way macro-F1 of (gold, predicted) pairs; other verdicts count as wrong."""
    return class_scores([g for g, _ in pairs], [p for _, p in pairs], CLASSES)[1]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=8, help="references per class in each cell")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--styles", default=",".join(STYLES))
    ap.add_argument("--langs", default=",".join(LANGS))
    ap.add_argument("--show-errors", type=int, default=0)
    ap.add_argument("--jsonl", type=Path, help="write every item with its verdict here")
    args = ap.parse_args()
    styles = args.styles.split(",")
    langs = args.langs.split(",")
    rng = random.Random(args.seed)

    records = load_records()
    index, build_s, _ = build_store([])
    print(f"store: {index.stats().records} records (declared complete), built in {build_s:.1f} s")
    pool = [r for r in records if eligible(r)]
    rng.shuffle(pool)
    works = [to_work(r) for r in pool[: 3 * args.n + 400]]
    correct, base, donors = works[: args.n], works[args.n : 2 * args.n], works[2 * args.n :]
    fake = [fabricate(rng, donors, index) for _ in range(args.n)]
    corrupted: list[tuple[Work, str, Work]] = []  # (original, field, changed)
    for i, w in enumerate(base):
        for k in range(len(FIELDS)):
            field = FIELDS[(i + k) % len(FIELDS)]
            changed = corrupt(w, field, rng, donors)
            if changed is not None:
                corrupted.append((w, field, changed))
                break

    cells: dict[tuple[str, str, str], list[tuple[str, str]]] = defaultdict(list)
    field_exact: list[bool] = []
    field_loose: list[bool] = []
    confusion: Counter[tuple[str, str]] = Counter()
    errors: list[tuple[str, ...]] = []
    out = args.jsonl.open("w", encoding="utf-8") if args.jsonl else None
    t0 = time.perf_counter()
    n_items = 0
    for style in styles:
        for lang in langs:
            for tidy in ("tidy", "sloppy"):
                items: list[tuple[str, str, str | None, Work]] = []
                for j, w in enumerate(correct):
                    items.append(
                        (
                            "verified",
                            format_reference(with_field(w, number=j + 1), style, lang),
                            None,
                            w,
                        )
                    )
                for j, (w, field, changed) in enumerate(corrupted):
                    text = format_reference(with_field(changed, number=j + 1), style, lang)
                    if text == format_reference(with_field(w, number=j + 1), style, lang):
                        # this style does not print the changed field: change another one
                        for alt in FIELDS:
                            c2 = corrupt(w, alt, random.Random(j), donors) if alt != field else None
                            if c2 is not None and format_reference(
                                with_field(c2, number=j + 1), style, lang
                            ) != format_reference(with_field(w, number=j + 1), style, lang):
                                field, changed = alt, c2
                                text = format_reference(with_field(c2, number=j + 1), style, lang)
                                break
                    items.append(("corrupted", text, field, changed))
                for j, w in enumerate(fake):
                    items.append(
                        (
                            "fabricated",
                            format_reference(with_field(w, number=j + 1), style, lang),
                            None,
                            w,
                        )
                    )
                for k, (gold, text, field, w) in enumerate(items):
                    if tidy == "sloppy":
                        text = sloppy(
                            text,
                            seed=zlib.crc32(f"{style}|{lang}|{k}|{args.seed}".encode()),
                            work=w,
                        )
                    res = verify(text, [index])
                    pred = res.verdict.value
                    n_items += 1
                    cells[(style, lang, tidy)].append((gold, pred))
                    confusion[(gold, pred)] += 1
                    differing = {f.value for f in res.differing}
                    if gold == "corrupted" and pred == "corrupted" and field is not None:
                        field_exact.append(differing == {FIELD_OF[field].value})
                        field_loose.append(FIELD_OF[field].value in differing)
                    wrong = pred != gold or (
                        gold == "corrupted"
                        and field is not None
                        and differing != {FIELD_OF[field].value}
                    )
                    if wrong:
                        errors.append(
                            (
                                style,
                                lang,
                                tidy,
                                gold,
                                field or "",
                                pred,
                                ",".join(sorted(differing)),
                                res.reason[:100],
                                text,
                            )
                        )
                    if out:
                        out.write(
                            json.dumps(
                                {
                                    "style": style,
                                    "lang": lang,
                                    "tidy": tidy,
                                    "gold": gold,
                                    "field": field,
                                    "pred": pred,
                                    "differing": sorted(differing),
                                    "reason": res.reason,
                                    "text": text,
                                },
                                ensure_ascii=False,
                            )
                            + "\n"
                        )
    elapsed = time.perf_counter() - t0
    if out:
        out.close()

    print(
        f"{n_items} references verified in {elapsed:.1f} s ({n_items / elapsed:.0f}/s); "
        f"{args.n} per class per cell; seed {args.seed}"
    )
    cols = [(lang, tidy) for lang in langs for tidy in ("tidy", "sloppy")]
    print("macro-F1 (verified / corrupted / fabricated) per cell:")
    print(f"{'style':<10}" + "".join(f"{lang + '/' + tidy[:1]:>8}" for lang, tidy in cols))
    scores = []
    for style in styles:
        row = []
        for lang, tidy in cols:
            s = macro_f1(cells[(style, lang, tidy)])
            scores.append(s)
            row.append(f"{s:>8.3f}")
        print(f"{style:<10}" + "".join(row))
    print(
        f"cells: {len(scores)}; mean {sum(scores) / len(scores):.3f}; min {min(scores):.3f}; "
        f"cells >= 0.95: {sum(s >= 0.95 for s in scores)} (target: all)"
    )
    print(f"all items macro-F1: {macro_f1([p for v in cells.values() for p in v]):.3f}")
    if field_exact:
        print(
            f"corrupted field named right (exactly the changed field): {sum(field_exact) / len(field_exact):.3f} "
            f"of {len(field_exact)}; includes it: {sum(field_loose) / len(field_loose):.3f} (target 0.95)"
        )
    print("confusion (gold -> predicted):")
    for (g, p), k in sorted(confusion.items()):
        print(f"  {g:<11} -> {p:<11} {k}")
    by_kind = Counter((e[3], e[4], e[5]) for e in errors)
    if by_kind:
        print("errors by (gold, changed field, predicted):")
        for key, k in by_kind.most_common(12):
            print(f"  {key}: {k}")
    for e in errors[: args.show_errors]:
        print("ERR", " | ".join(e))


if __name__ == "__main__":
    main()
