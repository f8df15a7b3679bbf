"""Reference verdicts on kinds of strings a user found wrong, built from
ACL Anthology records: each kind counted over many records, not one string.

Usage: python bench/verdict_kinds.py [--db INDEX.sqlite] [--n 60] [--seed 7]

--db: an index already holding shared/data/acl-anthology/records.jsonl.gz (`python -m
grounding index add ... --db X`); without it one is built in a temp dir (~40 s).
Kinds (each line prints right/total and the verdicts seen):

- date_venue: BibTeX entries and ACL-style strings of records whose venue holds a day range ("May 1-2, 1986"),
  no pages, and another version of the work (same title) with pages: right = no pages
  conflict (the range is a date, not pages; the other version's pages are not these).
- contained_title: records whose title holds another record's title (same first author),
  the longer one cited tidy: right = VERIFIED as that record (not AMBIGUOUS).
- other_authors: a real title with another record's authors, the year one off, venue and
  pages right: right = CORRUPTED naming authors.
- doi_wrong_title: a title no record has (a real title with its longer half of words
  changed), no authors, and that record's DOI: right = CORRUPTED as the DOI's record, naming the title.
- doi_other_work: the title of record X (no authors) with record Y's DOI: right =
  CORRUPTED as X (or another version of X: same title words), naming the DOI.
  Both DOI kinds draw records whose ``doi`` is a DOI (some ACL records hold a handle URL there).
- sloppy: "family i family i  title  acronym year pp a-b" (lower case, no punctuation;
  every other string lists only the first three authors) against its tidy form:
  right = same verdict and record as the tidy string.
- own_acronym: "Family, I., ... (year). Title. ACRONYM, pp. a-b." with the record's ACL
  venue id in capitals as the venue ("SIGDIAL", "MTSUMMIT"; not "WS", the id of many
  workshops), all authors: right = VERIFIED as that record.
- other_acronym: the same with another venue's id: right = CORRUPTED naming the venue.
  (Both drawn after the sloppy row, so the rows above draw as before.)
- complete: every string above verified with and without --complete: right = the verdicts
  differ only as FABRICATED (complete) vs UNVERIFIED (not complete).
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import re
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench._store import ACL, build_store  # noqa: E402
from citations.model import Field, Verdict  # noqa: E402
from citations.sources.local import LocalIndex  # noqa: E402
from citations.text.fold import title_words  # noqa: E402
from citations.verify import VerificationResult, verify  # noqa: E402

_DAYS = re.compile(
    r"\b(?:January|February|March|April|May|June|July|August|September|"
    r"October|November|December)\s+\d{1,2}\s*[-\u2013]+\s*\d{1,2}\b"
)
_RANGE = re.compile(r"^\d+\s*[-\u2013]+\s*\d+$")


def _family(name: str) -> str:
    return name.split()[-1]


def _initials(name: str) -> str:
    return " ".join(w[0] + "." for w in name.split()[:-1])


def _tidy_authors(names: list[str]) -> str:
    return ", ".join(f"{_family(n)}, {_initials(n)}" for n in names)


def _bib(r: dict) -> str:
    authors = " and ".join(f"{_family(n)}, {' '.join(n.split()[:-1])}" for n in r["authors"])
    return (
        f'@inproceedings{{{r["id"]},\n  title = "{r["title"]}",\n  author = "{authors}",\n'
        f'  booktitle = "{r["venue"]}",\n  year = "{r["year"]}",\n}}'
    )


def _ok(rows: list[dict]) -> list[dict]:
    return [
        r
        for r in rows
        if r.get("authors") and r.get("year") and r.get("venue") and len(r["title"].split()) >= 4
    ]


def date_venue(
    rows: list[dict], rng: random.Random, n: int
) -> list[tuple[str, Callable[[VerificationResult], bool]]]:
    twins: dict[str, int] = {}
    for r in rows:
        if r.get("pages"):
            key = " ".join(title_words(r["title"]))
            twins[key] = twins.get(key, 0) + 1
    # another version of the work (same title) has pages: the one that tempted the reading
    pool = [
        r
        for r in _ok(rows)
        if _DAYS.search(r["venue"])
        and not r.get("pages")
        and twins.get(" ".join(title_words(r["title"])))
    ]
    out: list[tuple[str, Callable[[VerificationResult], bool]]] = []
    for r in rng.sample(pool, min(n, len(pool))):
        text = f"{' and '.join(r['authors'])}. {r['year']}. {r['title']}. In {r['venue']}."
        out += [(s, lambda res: Field.PAGES not in res.differing) for s in (_bib(r), text)]
    return out


def contained_title(
    rows: list[dict], rng: random.Random, n: int
) -> list[tuple[str, Callable[[VerificationResult], bool]]]:
    by_title: dict[str, list[dict]] = {}
    for r in _ok(rows):
        by_title.setdefault(" ".join(title_words(r["title"])), []).append(r)
    pairs = []
    for r in _ok(rows):
        words = title_words(r["title"])
        fam = _family(r["authors"][0])
        for i in range(len(words)):
            for j in range(i + 3, len(words) + 1):
                if (i, j) == (0, len(words)):
                    continue
                for o in by_title.get(" ".join(words[i:j]), ()):
                    if _family(o["authors"][0]) == fam:
                        pairs.append(r)
    out = []
    for r in rng.sample(pairs, min(n, len(pairs))):
        s = f"{_tidy_authors(r['authors'])} ({r['year']}). {r['title']}. In {r['venue']}."
        out.append(
            (
                s,
                lambda res, rid=r["id"]: (
                    res.verdict is Verdict.VERIFIED
                    and res.matched is not None
                    and res.matched.id == rid
                ),
            )
        )
    return out


def other_authors(
    rows: list[dict], rng: random.Random, n: int
) -> list[tuple[str, Callable[[VerificationResult], bool]]]:
    pool = [r for r in _ok(rows) if _RANGE.match(r.get("pages") or "")]
    out = []
    for r in rng.sample(pool, min(n, len(pool))):
        other = rng.choice(pool)
        s = (
            f"{_tidy_authors(other['authors'][:2])} ({r['year'] + 1}). {r['title']}. "
            f"In {r['venue']}, pages {r['pages'].replace(chr(8211), '-')}."
        )
        out.append(
            (s, lambda res: res.verdict is Verdict.CORRUPTED and Field.AUTHORS in res.differing)
        )
    return out


def _has_doi(r: dict) -> bool:
    """A DOI proper: some ACL records carry a handle URL ("http://hdl.handle.net/...") in
    their ``doi`` field, which no DOI resolver knows."""
    return (r.get("doi") or "").startswith("10.")


def doi_wrong_title(
    rows: list[dict], rng: random.Random, n: int
) -> list[tuple[str, Callable[[VerificationResult], bool]]]:
    pool = [r for r in _ok(rows) if _has_doi(r)]
    out = []
    for r in rng.sample(pool, min(n, len(pool))):
        words = r["title"].split()
        for k in sorted(range(len(words)), key=lambda i: -len(words[i]))[: (len(words) + 1) // 2]:
            words[k] = rng.choice(["Quantum", "Glacial", "Orchestral", "Volcanic", "Lunar"])
        s = f"{' '.join(words)}. doi:{r['doi']}"
        out.append(
            (
                s,
                lambda res, rid=r["id"]: (
                    res.verdict is Verdict.CORRUPTED
                    and res.matched is not None
                    and res.matched.id == rid
                    and Field.TITLE in res.differing
                ),
            )
        )
    return out


def doi_other_work(
    rows: list[dict], rng: random.Random, n: int
) -> list[tuple[str, Callable[[VerificationResult], bool]]]:
    pool = [r for r in _ok(rows) if _has_doi(r)]
    out = []
    for r in rng.sample(pool, min(n, len(pool))):
        other = rng.choice(pool)
        s = f"{r['title']}. https://doi.org/{other['doi']}"
        # X or another version of X (a record with the same title words)
        words = title_words(r["title"])
        out.append(
            (
                s,
                lambda res, words=words: (
                    res.verdict
                    and res.matched is not None
                    and title_words(res.matched.title) == words
                    and Field.DOI in res.differing
                ),
            )
        )
    return out


def sloppy(rows: list[dict], rng: random.Random, n: int) -> list[tuple[str, str]]:
    pool = [
        r
        for r in _ok(rows)
        if len(r["authors"]) >= 2 and _RANGE.match(r.get("pages") or "") and r.get("venue_ids")
    ]
    out = []
    for i, r in enumerate(rng.sample(pool, min(n, len(pool)))):
        names = r["authors"][:3] if i % 2 else r["authors"]  # odd: authors dropped
        pages = r["pages"].replace("\u2013", "-")
        acro = r["venue_ids"][0].upper()
        tidy = f"{_tidy_authors(names)} ({r['year']}). {r['title']}. {acro}, pp. {pages}."
        low = " ".join(f"{_family(x)} {_initials(x).replace('.', '')}" for x in names).lower()
        title = " ".join(re.findall(r"[\w'-]+", r["title"])).lower()
        out.append((tidy, f"{low}  {title}  {acro.lower()} {r['year']} pp {pages}"))
    return out


def acronym_venues(
    rows: list[dict], rng: random.Random, n: int
) -> tuple[
    list[tuple[str, Callable[[VerificationResult], bool]]],
    list[tuple[str, Callable[[VerificationResult], bool]]],
]:
    """(own_acronym, other_acronym) cases over the same records: the venue written as the
    record's own ACL venue id or as another venue's."""
    pool = [
        r
        for r in _ok(rows)
        if _RANGE.match(r.get("pages") or "") and r.get("venue_ids") and r["venue_ids"][0] != "ws"
    ]
    ids = sorted({r["venue_ids"][0] for r in pool})
    own: list[tuple[str, Callable[[VerificationResult], bool]]] = []
    other: list[tuple[str, Callable[[VerificationResult], bool]]] = []
    for r in rng.sample(pool, min(n, len(pool))):
        wrong = rng.choice([v for v in ids if v not in r["venue_ids"]])
        head = f"{_tidy_authors(r['authors'])} ({r['year']}). {r['title']}."
        pages = f"pp. {r['pages'].replace(chr(8211), '-')}."
        own.append(
            (
                f"{head} {r['venue_ids'][0].upper()}, {pages}",
                lambda res, rid=r["id"]: (
                    res.verdict is Verdict.VERIFIED
                    and res.matched is not None
                    and res.matched.id == rid
                ),
            )
        )
        other.append(
            (
                f"{head} {wrong.upper()}, {pages}",
                lambda res, rid=r["id"]: (
                    res.verdict is Verdict.CORRUPTED
                    and res.matched is not None
                    and res.matched.id == rid
                    and Field.VENUE in res.differing
                ),
            )
        )
    return own, other


def _row(
    name: str, cases: list[tuple[str, Callable[[VerificationResult], bool]]], index: LocalIndex
) -> list[str]:
    """Verify one row's cases, print right/total and the verdicts seen; the strings."""
    seen: Counter[str] = Counter()
    right = 0
    for s, check in cases:
        res = verify(s, [index])
        seen[res.verdict.value] += 1
        right += check(res)
    print(f"{name:16s} {right}/{len(cases)}  {dict(seen.most_common())}")
    return [s for s, _ in cases]


def _verdict(res: VerificationResult) -> tuple[str, str | None]:
    return res.verdict.value, res.matched.id if res.matched else None


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--db")
    ap.add_argument("--n", type=int, default=60)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    with gzip.open(ACL, "rt", encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh]
    if args.db:
        index = LocalIndex(args.db, complete=True, read_only=True)
    else:
        index, secs, _ = build_store(())
        print(f"index built in {secs:.0f} s")
    partial = LocalIndex(index.path, complete=False, read_only=True)
    rng = random.Random(args.seed)
    strings: list[str] = []
    t0 = time.perf_counter()
    for name, make in (
        ("date_venue", date_venue),
        ("contained_title", contained_title),
        ("other_authors", other_authors),
        ("doi_wrong_title", doi_wrong_title),
        ("doi_other_work", doi_other_work),
    ):
        strings += _row(name, make(rows, rng, args.n), index)
    pairs = sloppy(rows, rng, args.n)
    same = sum(_verdict(verify(t, [index])) == _verdict(verify(s, [index])) for t, s in pairs)
    seen = Counter(verify(s, [index]).verdict.value for _, s in pairs)
    print(
        f"{'sloppy':16s} {same}/{len(pairs)} same verdict and record as the tidy string; "
        f"sloppy verdicts {dict(seen.most_common())}"
    )
    strings += [s for pair in pairs for s in pair]
    for name, cases in zip(("own_acronym", "other_acronym"), acronym_venues(rows, rng, args.n)):
        strings += _row(name, cases, index)
    bad = 0
    for s in strings:
        a, b = verify(s, [index]).verdict, verify(s, [partial]).verdict
        bad += a != b and not (a is Verdict.FABRICATED and b is Verdict.UNVERIFIED)
    print(
        f"{'complete':16s} {len(strings) - bad}/{len(strings)} differ only as fabricated/unverified"
    )
    print(f"({time.perf_counter() - t0:.0f} s; seed {args.seed}, n {args.n})")


if __name__ == "__main__":
    main()
