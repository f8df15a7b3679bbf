"""citations.engine_ray: `refs verify --engine ray` gives the local engine's output on 500
references, resumes from its checkpoint, and its workers share one rate limiter per
source (held against a local HTTP server) and the driver's HTTP cache."""

from __future__ import annotations

import os
import random
import re
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from pytest_httpserver import HTTPServer
from werkzeug import Request, Response

from citations.engines import RayOptions
from citations.runner import VerifierOptions, verify_references
from citations.sources.cache import HttpCache
from grounding.cli import main
from tests.citations._store import acl_rows


def reference_strings(rows: list[dict[str, Any]], n: int) -> list[str]:
    """n reference strings from ACL records: most as published, some with the year
    changed (corrupted), some with shuffled titles and invented authors (fabricated),
    40 % citing their DOI."""
    rng = random.Random(11)
    out = []
    for i, r in enumerate(rows[:n]):
        names, title, year = r["authors"], r["title"], r["year"]
        if i % 17 == 5:
            words = title.split()
            rng.shuffle(words)
            title, names = " ".join(words) + " Revisited", ["Q. Imaginary", "Z. Nobody"]
        elif i % 11 == 3:
            year = year - 2
        authors = ", ".join(names[:-1]) + (", and " + names[-1] if len(names) > 1 else names[0])
        s = f"{authors}. {year}. {title}. In {r.get('venue') or 'Proceedings'}."
        if i % 5 < 2 and r.get("doi") and i % 17 != 5:
            s += f" https://doi.org/{r['doi']}"
        out.append(s)
    return out


@pytest.fixture(scope="module")
def acl_store(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    from citations.sources.importers import record_from_mapping
    from citations.sources.local import LocalIndex

    rows = [r for r in acl_rows(2000, start=6000) if r.get("authors") and r.get("year")]
    db = tmp_path_factory.mktemp("acl") / "acl.sqlite"
    LocalIndex(db).add_records(
        record_from_mapping(r, source="acl-anthology", default_id=r["id"]) for r in rows
    )
    return db, reference_strings(rows[::3], 500)


@pytest.mark.usefixtures("ray_cluster")
def test_refs_verify_on_ray_prints_the_local_output_for_500_references(
    acl_store: tuple[Path, list[str]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db, refs = acl_store
    assert len(refs) == 500
    path = tmp_path / "refs.txt"
    path.write_text("\n".join(refs) + "\n", encoding="utf-8")
    outputs = []
    for engine in ("local", "ray"):
        code = main(
            [
                "refs",
                "verify",
                str(path),
                "--db",
                str(db),
                "--complete",
                "--json",
                "--engine",
                engine,
            ]
        )
        outputs.append((code, capsys.readouterr().out))
    assert outputs[0] == outputs[1]
    verdicts = {line.split('"verdict":"')[1].split('"')[0] for line in outputs[0][1].splitlines()}
    assert {"verified", "corrupted", "fabricated"} <= verdicts  # a real mix, not one answer


@pytest.mark.usefixtures("ray_cluster")
def test_refs_on_ray_resume_from_the_checkpoint(
    acl_store: tuple[Path, list[str]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from citations.engine_ray import verify_references_ray

    db, refs = acl_store
    refs = refs[:200]
    ck = tmp_path / "run.jsonl"
    options = VerifierOptions(db=db, complete=True, checkpoint=ck)
    first = verify_references_ray(refs, options, RayOptions(group_size=20))
    got = [next(first) for _ in range(60)]
    first.close()  # the run is interrupted here
    assert len(ck.read_text(encoding="utf-8").splitlines()) == 60
    capsys.readouterr()
    rest = list(verify_references_ray(refs, options, RayOptions(group_size=20)))
    assert "ray: 140/140 references done" in capsys.readouterr().err  # only the rest ran
    local = verify_references(refs, VerifierOptions(db=db, complete=True))
    assert [r.model_dump_json() for r in rest] == [r.model_dump_json() for r in local]
    assert [r.model_dump_json() for r in got] == [r.model_dump_json() for r in local[:60]]
    lines = ck.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 200  # each reference checkpointed once


class Gate:
    """Ray actor body: a barrier, so that the four tasks run at once in four workers."""

    def __init__(self, n: int) -> None:
        self.n, self.arrived = n, 0

    def arrive(self) -> None:
        self.arrived += 1

    def open(self) -> bool:
        return self.arrived >= self.n


def lookups(base_url: str, dois: list[str], shared: Any, delay_s: float, gate: Any) -> int:
    """Ray task: look the DOIs up at "Crossref" (the test server) through a cascade whose
    clients are attached to the cluster-wide limiter and cache (``shared``), or keep their
    own per-process limiter when ``shared`` is None. Returns this worker's pid."""
    import ray

    from citations.sources.cascade import Cascade
    from citations.sources.config import SourceConfig

    ray.get(gate.arrive.remote())
    while not ray.get(gate.open.remote()):
        time.sleep(0.02)

    cfg = SourceConfig(
        delays={"crossref": delay_s},
        rate_margin_s=0.03,
        max_retries=0,
        user_agent=f"pid {os.getpid()}",
    )
    with Cascade.from_config(cfg, sources=("crossref",), base_urls={"crossref": base_url}) as c:
        if shared is not None:
            shared(c)
        for doi in dois:
            c.sources["crossref"].lookup_doi(doi)
    return os.getpid()


def test_four_workers_share_one_rate_limit_and_the_drivers_cache(
    ray_cluster: Any, httpserver: HTTPServer, tmp_path: Path
) -> None:
    from citations.engine_ray import cluster_http

    seen: list[tuple[float, str]] = []

    def record(request: Request) -> Response:
        seen.append((time.monotonic(), request.headers.get("User-Agent", "")))
        return Response("Resource not found.", status=404, content_type="text/plain")

    httpserver.expect_request(re.compile(r"/crossref/works/.+")).respond_with_handler(record)
    base, delay = httpserver.url_for("/crossref/"), 0.1
    task = ray_cluster.remote(lookups).options(num_cpus=0.5)  # 4 at once on 2 CPUs
    shared = cluster_http(ray_cluster, ["crossref"], tmp_path / "http.sqlite")
    batches = [[f"10.5555/ray{4 * w + k}" for k in range(4)] for w in range(4)]

    def run(shared_http: Any, dois: list[list[str]]) -> list[tuple[float, str]]:
        start = len(seen)
        gate = ray_cluster.remote(Gate).options(num_cpus=0).remote(len(dois))
        pids = ray_cluster.get([task.remote(base, d, shared_http, delay, gate) for d in dois])
        assert len(set(pids)) == 4  # four worker processes
        return seen[start:]

    hits = run(shared, batches)
    assert len(hits) == 16
    times = [t for t, _ in hits]
    gaps = sorted(b - a for a, b in zip(times, times[1:]))
    # the source saw its polite rate: the limiter spaces the requests' starts by delay plus
    # a 30 ms margin; what the server sees adds each worker's scheduling jitter (large on a
    # loaded 2-core machine: one late arrival makes the next gap short), so the 15 gaps are
    # held to the rate in sum and in the median, and at most 3 to less than half the delay
    # (four unshared workers make about three in four that short)
    assert times[-1] - times[0] >= 15 * delay
    assert gaps[len(gaps) // 2] >= delay and sum(g < delay / 2 for g in gaps) <= 3
    agents = [a for _, a in hits]
    assert sum(a != b for a, b in zip(agents, agents[1:])) >= 4  # workers interleaved
    # the same lookups again: answered by the cache actor, nothing sent
    assert run(shared, batches) == []
    assert len(HttpCache(tmp_path / "http.sqlite")) == 16  # one file, on the driver
    # control: a limiter per worker lets four workers exceed the source's rate
    alone = run(None, [[f"10.5555/ray{32 + 4 * w + k}" for k in range(4)] for w in range(4)])
    times = [t for t, _ in alone]
    assert times[-1] - times[0] < 15 * delay


def test_engine_ray_without_ray_installed_says_how_to_install_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray -> ImportError
    refs = tmp_path / "refs.txt"
    refs.write_text("J. Doe. 2020. A title of some length here. In Proceedings.\n")
    assert (
        main(
            ["refs", "verify", str(refs), "--db", str(tmp_path / "none.sqlite"), "--engine", "ray"]
        )
        == 2
    )
    assert "pip install -e '.[ray]'" in capsys.readouterr().err


def test_the_rate_service_spaces_callers_and_a_retry_after_holds_them_all() -> None:
    from citations.engine_ray import RateService

    svc = RateService()  # the actor's body, called in this process
    assert svc.reserve(0.5) == 0.0
    assert svc.reserve(0.5) == pytest.approx(0.5, abs=0.05)  # the next worker's slot
    svc.defer(3.0)  # one worker got 429 with Retry-After: 3
    assert svc.reserve(0.5) == pytest.approx(3.0, abs=0.05)  # every worker waits it out
