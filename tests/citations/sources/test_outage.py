"""A source that is down (connection refused, timeouts) is asked a few times, then not
again for the rest of the run, and the run says so once (issue 13, item 11). No network:
a closed loopback port and pytest-httpserver."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest

from citations.model import Verdict
from citations.sources.cascade import Cascade
from citations.sources.online import verify_batch
from tests.citations.sources._replay import FAST

TITLES = [
    "Sparse routing in tiny transformers",
    "Hedgerow corridors and beetle dispersal",
    "Coastal salinity transects in estuaries",
    "Quiet priors for sparse bandits",
    "Firn densification under warm summers",
]


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def refs() -> list[str]:
    return [f"Okafor, L. (2023). {t}. Journal of Tests, 4, 1-9." for t in TITLES]


def test_a_refused_source_is_dropped_after_three_outages(httpserver) -> None:  # type: ignore[no-untyped-def]
    httpserver.expect_request("/oa/works").respond_with_json({"results": []})
    events: list[tuple[str, str, str]] = []
    dead = f"http://127.0.0.1:{closed_port()}/"
    with Cascade.from_config(
        FAST,
        sources=("crossref", "openalex"),
        base_urls={"crossref": dead, "openalex": httpserver.url_for("/oa/")},
        on_event=lambda *e: events.append(e),
    ) as casc:
        results = verify_batch(refs(), casc, workers=1)
    asked = [e for e in events if e[0] == "ask" and e[1] == "crossref"]
    down = [e for e in events if e[0] == "down"]
    assert len(asked) == 3  # then never again
    assert [(d[1]) for d in down] == ["crossref"] and "not asked again" in down[0][2]
    assert "crossref" in casc.down
    assert [r.verdict for r in results] == [Verdict.UNVERIFIED] * len(TITLES)  # never fabricated
    later = next(s for s in results[-1].sources if s.name == "crossref")
    assert not later.ok and "skipped" in (later.error or "")
    # the source that answers keeps being asked
    assert len([e for e in events if e[0] == "ask" and e[1] == "openalex"]) >= len(TITLES)


def test_not_found_is_not_an_outage(httpserver) -> None:  # type: ignore[no-untyped-def]
    httpserver.expect_request("/cr/works").respond_with_data("Resource not found.", status=404)
    httpserver.expect_request("/oa/works").respond_with_json({"results": []})
    with Cascade.from_config(
        FAST,
        sources=("crossref", "openalex"),
        base_urls={"crossref": httpserver.url_for("/cr/"), "openalex": httpserver.url_for("/oa/")},
    ) as casc:
        verify_batch(refs(), casc, workers=2)
    assert casc.down == {}


def test_cli_says_once_that_a_source_is_down_and_shows_progress(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from citations.sources.crossref import CrossrefSource
    from citations.sources.http import PoliteClient
    from citations.sources.openalex import OpenAlexSource
    from grounding.cli import main

    dead = f"http://127.0.0.1:{closed_port()}/"
    monkeypatch.setattr(CrossrefSource, "BASE_URL", dead)
    monkeypatch.setattr(OpenAlexSource, "BASE_URL", dead)
    monkeypatch.setattr(PoliteClient, "_backoff", lambda self, attempt: 0.0)
    listed = tmp_path / "refs.txt"
    listed.write_text("".join(r + "\n" for r in refs()))
    status = main(
        [
            "refs",
            "verify",
            str(listed),
            "--db",
            str(tmp_path / "none.sqlite"),
            "--sources",
            "crossref,openalex",
            "--cache",
            str(tmp_path / "http.sqlite"),
            "--json",
            "--workers",
            "1",
            "--progress",
        ]
    )
    out = capsys.readouterr()
    results = [json.loads(x) for x in out.out.splitlines()]
    assert status == 0 and [r["verdict"] for r in results] == ["unverified"] * len(TITLES)
    assert out.err.count("crossref is down") == 1 and out.err.count("openalex is down") == 1
    assert "not asked again" in out.err
    assert "references" in out.err and "crossref (" in out.err  # the progress display
