"""The Ray engine against the local one: rows/s, Ray's overhead per row, identical output.

Usage: python bench/ray_engine.py [--repeat 3] [--refs 500] [--cpus 1,2] [--runs 2]

Checks every GroundQA dev row (shared/data/groundqa/dev, 30 rows, 6 papers; each row
``--repeat`` times under new ids, rows of a paper adjacent as in the files) with the rules
judge, and verifies ``--refs`` reference strings built from ACL Anthology records against
a local index of 2,000 of them (shared/data/acl-anthology), first with the local engine
(this process), then on a fresh local Ray instance of each ``--cpus`` size. Prints for each
run the wall time (best of ``--runs``), items/s and whether the output is byte-identical to the local engine's;
Ray's start-up is timed apart. Overhead per item = (Ray wall time on 1 CPU - local wall
time) / items: what scheduling, serialisation, per-group PDF reads and the ordered write
cost on top of the work itself. On 2 cores Ray is not expected to be faster. No network.
On a shared machine the figures move with the load; compare runs taken together.
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import io
import itertools
import json
import os
import sys
import tempfile
import time
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from annotations.schema import QAPair  # noqa: E402
from citations.engines import RayOptions  # noqa: E402
from citations.runner import VerifierOptions, verify_references  # noqa: E402
from grounding.cli_check import Item, check_items  # noqa: E402
from grounding.judges.registry import make_judge  # noqa: E402

DATA = ROOT.parent / "shared" / "data"
DEV = DATA / "groundqa" / "dev"
ACL = DATA / "acl-anthology" / "records.jsonl.gz"


def dev_items(repeat: int) -> list[Item]:
    items: list[Item] = []
    for f in sorted(DEV.glob("*.jsonl")):
        if f.name.endswith(".citations.jsonl"):
            continue
        for line in f.read_text(encoding="utf-8").splitlines():
            row = QAPair.model_validate_json(line).model_copy(update={"annotations": ()})
            for r in range(repeat):
                base = row.model_copy(update={"qa_pair_id": f"{row.qa_pair_id}__r{r}"})
                items.append(
                    (f"{f.name}:{base.qa_pair_id}", base, DATA / base.paper_pdf_path, None)
                )
    return items


def acl_store(tmp: Path, n_refs: int) -> tuple[Path, list[str]]:
    from citations.sources.importers import record_from_mapping
    from citations.sources.local import LocalIndex

    with gzip.open(ACL, "rt", encoding="utf-8") as fh:
        rows = [json.loads(x) for x in itertools.islice(fh, 6000, 8000)]
    rows = [r for r in rows if r.get("authors") and r.get("year")]
    db = tmp / "acl.sqlite"
    LocalIndex(db).add_records(
        record_from_mapping(r, source="acl-anthology", default_id=r["id"]) for r in rows
    )
    refs = []
    for i, r in enumerate(rows[::3][:n_refs]):
        names = r["authors"]
        authors = ", ".join(names[:-1]) + (", and " + names[-1] if len(names) > 1 else names[0])
        year = r["year"] - 2 if i % 11 == 3 else r["year"]
        refs.append(f"{authors}. {year}. {r['title']}. In {r.get('venue') or 'Proceedings'}.")
    return db, refs


def timed(fn: Any, runs: int = 1) -> tuple[float, Any]:
    """(best wall time of ``runs`` runs, the output of the last), stderr silenced."""
    best = float("inf")
    for _ in range(runs):
        t0 = time.perf_counter()
        with contextlib.redirect_stderr(io.StringIO()):
            out = fn()
        best = min(best, time.perf_counter() - t0)
    return best, out


def check_local(items: list[Item]) -> str:
    out = io.StringIO()
    check_items(items, make_judge("rules"), out, set())
    return out.getvalue()


def check_ray(items: list[Item]) -> str:
    from grounding.engine_ray import check_items_ray

    out = io.StringIO()
    check_items_ray(items, out, set(), judge=partial(make_judge, "rules"), options=RayOptions())
    return out.getvalue()


def refs_dump(results: Any) -> str:
    return "".join(r.model_dump_json() + "\n" for r in results)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3, help="times each dev row is checked")
    ap.add_argument("--refs", type=int, default=500)
    ap.add_argument("--cpus", default="1,2", help="Ray instance sizes to run")
    ap.add_argument("--runs", type=int, default=2, help="best of this many runs is reported")
    args = ap.parse_args()
    import ray

    from citations.engine_ray import verify_references_ray

    os.environ["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p
    )
    items = dev_items(args.repeat)
    timed(lambda: check_local(items[:2]))  # imports and lexicons loaded before timing
    # timed before the reference store is loaded: its objects would slow every garbage
    # collection of this process (a Ray worker does not hold them)
    t_rows, rows_local = timed(lambda: check_local(items), args.runs)
    tmp = Path(tempfile.mkdtemp(prefix="sciground-ray-bench-"))
    db, refs = acl_store(tmp, args.refs)
    options = VerifierOptions(db=db, complete=True)
    print(
        f"{len(items)} dev rows ({args.repeat}x 30, 6 papers), rules judge; "
        f"{len(refs)} references against a 2,000-record ACL index; {os.cpu_count()} cores"
    )
    t_refs, refs_local = timed(lambda: refs_dump(verify_references(refs, options)), args.runs)
    print(
        f"local engine: rows {t_rows:.1f} s, {len(items) / t_rows:.1f} rows/s; "
        f"references {t_refs:.1f} s, {len(refs) / t_refs:.0f} references/s"
    )
    for cpus in [int(c) for c in args.cpus.split(",")]:
        t0 = time.perf_counter()
        ray.init(num_cpus=cpus, include_dashboard=False, log_to_driver=False)
        timed(lambda: check_ray(items[:2]))  # start the workers
        start = time.perf_counter() - t0
        t_r, rows_ray = timed(lambda: check_ray(items), args.runs)
        t_f, refs_ray = timed(lambda: refs_dump(verify_references_ray(refs, options)), args.runs)
        ray.shutdown()
        print(
            f"ray, {cpus} CPU(s) (start-up {start:.1f} s): rows {t_r:.1f} s, "
            f"{len(items) / t_r:.1f} rows/s, identical: {rows_ray == rows_local}; "
            f"references {t_f:.1f} s, {len(refs) / t_f:.0f} references/s, "
            f"identical: {refs_ray == refs_local}"
        )
        if cpus == 1:
            print(
                f"  overhead per item on 1 CPU: {(t_r - t_rows) / len(items) * 1000:.1f} ms "
                f"per row, {(t_f - t_refs) / len(refs) * 1000:.2f} ms per reference"
            )


if __name__ == "__main__":
    main()
