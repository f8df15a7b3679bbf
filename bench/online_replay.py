"""The online cascade against a local replay server: throughput, requests per reference,
and the HTTP cache on a second run.

Usage: python bench/online_replay.py [--n 500] [--latency-ms 20] [--workers 8]

A ThreadingHTTPServer on 127.0.0.1 plays Crossref, OpenAlex, DataCite, arXiv and Semantic
Scholar over the ACL Anthology records (shared/data/acl-anthology), answering each
request after ``--latency-ms``. The references are strings built from N records (about
40 % citing their DOI, 5 % fabricated: shuffled title words, invented author). Run 1
starts with an empty cache; run 2 uses the same cache file with a fresh cascade.
Prints references/s, requests per reference, verdicts, and the cache hit rate of run 2.
Target: <= 1.5 requests per reference on run 1, 0 on run 2. No network.
"""

from __future__ import annotations

import argparse
import gzip
import itertools
import json
import random
import re
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from citations.sources.cascade import Cascade  # noqa: E402
from citations.sources.config import SourceConfig  # noqa: E402
from citations.sources.online import verify_batch  # noqa: E402

ACL = (
    Path(__file__).resolve().parents[1].parent
    / "shared"
    / "data"
    / "acl-anthology"
    / "records.jsonl.gz"
)
EMPTY_FEED = b'<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"></feed>'


def words(s: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", s.lower())


class Store:
    """The replayed records: by DOI and by title words (a crude relevance search)."""

    def __init__(self, rows: list[dict]) -> None:
        self.by_doi = {r["doi"].lower(): r for r in rows if r.get("doi")}
        self.inv: dict[str, set[int]] = defaultdict(set)
        self.rows = rows
        for i, r in enumerate(rows):
            for w in set(words(r["title"])):
                self.inv[w].add(i)

    def search(self, q: str, k: int) -> list[dict]:
        score: Counter[int] = Counter()
        for w in set(words(q)):
            if len(self.inv.get(w, ())) < 2000:
                score.update(self.inv.get(w, ()))
        return [self.rows[i] for i, _ in score.most_common(k)]


def crossref_item(r: dict) -> dict:
    names = [n.rsplit(" ", 1) for n in r["authors"]]
    return {
        "DOI": r.get("doi"),
        "title": [r["title"]],
        "type": "proceedings-article",
        "author": [
            {"given": g, "family": f} if f else {"family": g}
            for g, f in ((n[0], n[1]) if len(n) == 2 else (n[0], "") for n in names)
        ],
        "issued": {"date-parts": [[r["year"]]]},
        "container-title": [r.get("venue") or ""],
        "page": r.get("pages"),
    }


def openalex_work(r: dict) -> dict:
    return {
        "id": "https://openalex.org/W" + re.sub(r"\W", "", r["id"]),
        "doi": "https://doi.org/" + r["doi"] if r.get("doi") else None,
        "title": r["title"],
        "publication_year": r["year"],
        "type": "article",
        "authorships": [{"author": {"display_name": n}} for n in r["authors"]],
        "primary_location": {"source": {"display_name": r.get("venue")}},
    }


def make_handler(store: Store, latency_s: float, counter: Counter[str]):  # type: ignore[no-untyped-def]
    lock = threading.Lock()

    class H(BaseHTTPRequestHandler):
        def log_message(self, *a: object) -> None:
            pass

        def send(self, status: int, body: bytes, ctype: str = "application/json") -> None:
            self.send_response(status)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self) -> None:  # noqa: N802
            time.sleep(latency_s)
            u = urlsplit(self.path)
            path, q = unquote(u.path), {k: v[0] for k, v in parse_qs(u.query).items()}
            svc = path.split("/")[1]
            with lock:
                counter[svc] += 1
            if path.startswith("/crossref/works/"):
                r = store.by_doi.get(path[len("/crossref/works/") :].lower())
                if r is None:
                    return self.send(404, b"Resource not found.", "text/plain")
                return self.send(
                    200, json.dumps({"message-type": "work", "message": crossref_item(r)}).encode()
                )
            if path == "/crossref/works":
                hits = store.search(q.get("query.bibliographic", ""), int(q.get("rows", 5)))
                return self.send(
                    200,
                    json.dumps(
                        {
                            "message-type": "work-list",
                            "message": {"items": [crossref_item(r) for r in hits]},
                        }
                    ).encode(),
                )
            if path.startswith("/openalex/works/https://doi.org/"):
                r = store.by_doi.get(path.split("doi.org/", 1)[1].lower())
                if r is None:
                    return self.send(404, b'{"error": "not found"}')
                return self.send(200, json.dumps(openalex_work(r)).encode())
            if path == "/openalex/works":
                t = q.get("filter", "").removeprefix("title.search:")
                hits = store.search(t, int(q.get("per_page", 5)))
                return self.send(
                    200, json.dumps({"results": [openalex_work(r) for r in hits]}).encode()
                )
            if path.startswith("/arxiv/"):
                return self.send(200, EMPTY_FEED, "application/atom+xml")
            return self.send(404, b'{"error": "not found"}')

    return H


def references(rows: list[dict], n: int, seed: int = 7) -> list[str]:
    rng = random.Random(seed)
    out = []
    for i, r in enumerate(rows[:n]):
        authors = r["authors"]
        names = ", ".join(authors[:-1]) + (
            ", and " + authors[-1] if len(authors) > 1 else authors[0]
        )
        title = r["title"]
        if i % 20 == 19:  # fabricated
            ws = title.split()
            rng.shuffle(ws)
            title, names = " ".join(ws) + " Revisited", "Q. Imaginary and Z. Nobody"
        s = f"{names}. {r['year']}. {title}. In {r.get('venue') or 'Proceedings'}."
        if i % 5 < 2 and r.get("doi") and i % 20 != 19:
            s += f" https://doi.org/{r['doi']}"
        out.append(s)
    return out


def run(refs: list[str], base: str, cfg: SourceConfig, workers: int) -> tuple[float, Cascade, list]:
    names = ("crossref", "datacite", "openalex", "arxiv", "semantic_scholar")
    casc = Cascade.from_config(cfg, sources=names, base_urls={n: f"{base}/{n}/" for n in names})
    t0 = time.perf_counter()
    results = verify_batch(refs, casc, workers=workers)
    return time.perf_counter() - t0, casc, results


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=500)
    ap.add_argument("--latency-ms", type=float, default=20.0)
    ap.add_argument("--workers", type=int, default=8)
    args = ap.parse_args()
    with gzip.open(ACL, "rt", encoding="utf-8") as fh:
        rows = [json.loads(x) for x in itertools.islice(fh, 20000, 60000)]
    rows = [
        r
        for r in rows
        if r.get("authors")
        and r.get("year")
        and r["title"].isascii()
        and len(r["title"].split()) >= 4
    ]
    store = Store(rows)
    refs = references(rows[::40], args.n)
    counter: Counter[str] = Counter()
    server = ThreadingHTTPServer(
        ("127.0.0.1", 0), make_handler(store, args.latency_ms / 1000, counter)
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    tmp = Path(tempfile.mkdtemp(prefix="sciground-online-"))
    cfg = SourceConfig(
        delay_s=0.0, timeout_s=10.0, max_retries=1, backoff_s=0.01, cache_path=tmp / "http.sqlite"
    )
    print(
        f"{len(refs)} references, {len(store.rows)} records served, latency "
        f"{args.latency_ms:.0f} ms, {args.workers} workers"
    )
    for label in ("run 1 (cold cache)", "run 2 (same cache)"):
        before = sum(counter.values())
        per_svc = dict(counter)
        secs, casc, results = run(refs, base, cfg, args.workers)
        sent = sum(counter.values()) - before
        verdicts = Counter(r.verdict.value for r in results)
        svc = {k: counter[k] - per_svc.get(k, 0) for k in counter if counter[k] - per_svc.get(k, 0)}
        cache = casc.cache
        hit = cache.hit_rate if cache is not None else 0.0
        print(
            f"{label}: {len(refs) / secs:.1f} references/s, {sent / len(refs):.2f} requests/reference "
            f"({sent} requests: {svc}), cache hit rate {hit:.1%}, verdicts {dict(verdicts)}"
        )
    server.shutdown()


if __name__ == "__main__":
    main()
