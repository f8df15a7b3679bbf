"""PoliteClient and HttpCache against a real local server: retries, Retry-After, 5xx,
timeouts, cache, offline mode, rate limit, error mapping."""

from __future__ import annotations

import dataclasses
import inspect
import pickle
import time

import httpx
import pytest
from werkzeug import Response as WResponse

from citations.errors import RateLimited, SourceError
from citations.sources.cache import HttpCache, cache_key
from citations.sources.http import (
    PoliteClient,
    RateLimiter,
    SourceTimeout,
    error_kind,
    map_httpx_error,
    parse_retry_after,
)
from tests.citations.sources._replay import FAST


class Sleeps(list[float]):
    def __call__(self, s: float) -> None:
        self.append(s)


def _client(httpserver, cfg=FAST, cache=None, sleep=None):  # type: ignore[no-untyped-def]
    return PoliteClient(
        "crossref",
        httpserver.url_for("/api/"),
        cfg,
        cache=cache,
        sleep=sleep if sleep is not None else Sleeps(),
    )


def test_429_with_retry_after_is_waited_then_succeeds(httpserver) -> None:  # type: ignore[no-untyped-def]
    httpserver.expect_ordered_request("/api/x").respond_with_data(
        "slow down", status=429, headers={"Retry-After": "2"}
    )
    httpserver.expect_ordered_request("/api/x").respond_with_data(
        "{}", content_type="application/json"
    )
    sleeps = Sleeps()
    resp = _client(httpserver, sleep=sleeps).get("x")
    assert resp.status == 200 and len(httpserver.log) == 2
    assert sleeps == [pytest.approx(2.0, abs=0.05)]  # waited in the limiter (see below)


def test_a_retry_after_holds_back_every_caller_of_the_source(httpserver) -> None:  # type: ignore[no-untyped-def]
    httpserver.expect_request("/api/x").respond_with_data(
        "no", status=429, headers={"Retry-After": "5"}
    )
    clock = [100.0]
    sleeps = Sleeps()
    cfg = dataclasses.replace(FAST, max_retries=1)
    client = _client(httpserver, cfg=cfg, sleep=sleeps)
    client.limiter = RateLimiter(0.0, clock=lambda: clock[0], sleep=sleeps)  # even with no delay
    with pytest.raises(RateLimited):
        client.get("x")
    assert sleeps == [5.0] and len(httpserver.log) == 2
    other = PoliteClient("crossref", httpserver.url_for("/api/"), FAST, sleep=sleeps)
    other.limiter = client.limiter  # threads of one cascade share a source's limiter
    clock[0] += 1.0
    assert other.limiter.wait() == pytest.approx(4.0)  # the 429's wait holds the others too


def test_429_without_retry_after_uses_backoff_then_rate_limited(httpserver) -> None:  # type: ignore[no-untyped-def]
    httpserver.expect_request("/api/x").respond_with_data("no", status=429)
    sleeps = Sleeps()
    with pytest.raises(RateLimited) as info:
        _client(httpserver, sleep=sleeps).get("x")
    assert len(httpserver.log) == FAST.max_retries + 1
    assert sleeps == [0.001, 0.002]  # backoff_s doubled
    assert info.value.attempt == 3 and info.value.retry_after_s is None
    assert error_kind(info.value) == "rate_limited"


def test_too_long_retry_after_is_not_waited(httpserver) -> None:  # type: ignore[no-untyped-def]
    httpserver.expect_request("/api/x").respond_with_data(
        "no", status=429, headers={"Retry-After": "3600"}
    )
    sleeps = Sleeps()
    with pytest.raises(RateLimited) as info:
        _client(httpserver, sleep=sleeps).get("x")
    assert len(httpserver.log) == 1 and sleeps == [] and info.value.retry_after_s == 3600


def test_5xx_retried_then_source_error_with_status(httpserver) -> None:  # type: ignore[no-untyped-def]
    httpserver.expect_request("/api/x").respond_with_data("boom", status=503)
    with pytest.raises(SourceError) as info:
        _client(httpserver).get("x")
    assert info.value.status == 503 and not isinstance(info.value, RateLimited)
    assert len(httpserver.log) == 3


def test_5xx_then_ok(httpserver) -> None:  # type: ignore[no-untyped-def]
    httpserver.expect_ordered_request("/api/x").respond_with_data("boom", status=502)
    httpserver.expect_ordered_request("/api/x").respond_with_data("ok")
    assert _client(httpserver).get("x").body == b"ok"


def test_other_4xx_raises_but_listed_ok_statuses_return(httpserver) -> None:  # type: ignore[no-untyped-def]
    httpserver.expect_request("/api/nf").respond_with_data("Resource not found.", status=404)
    httpserver.expect_request("/api/forbidden").respond_with_data("no", status=403)
    pc = _client(httpserver)
    assert pc.get("nf", ok=(404,)).status == 404
    with pytest.raises(SourceError) as info:
        pc.get("forbidden")
    assert info.value.status == 403
    with pytest.raises(SourceError):
        pc.get("nf")  # 404 not listed as an answer here


def test_timeout_is_mapped_and_retried(httpserver) -> None:  # type: ignore[no-untyped-def]
    def slow(_req):  # type: ignore[no-untyped-def]
        time.sleep(0.03)
        return WResponse("late")

    httpserver.expect_request("/api/slow").respond_with_handler(slow)
    cfg = dataclasses.replace(FAST, timeout_s=0.01, max_retries=1)
    with pytest.raises(SourceTimeout) as info:
        _client(httpserver, cfg).get("slow")
    assert info.value.status is None and info.value.attempt == 2
    assert error_kind(info.value) == "timeout"
    for _ in range(50):  # let the server finish the late answers before the next test
        if len(httpserver.log) >= 2:
            break
        time.sleep(0.01)
    assert len(httpserver.log) == 2


def test_connection_refused_is_source_error() -> None:
    pc = PoliteClient("crossref", "http://127.0.0.1:9/", dataclasses.replace(FAST, max_retries=0))
    with pytest.raises(SourceError) as info:
        pc.get("x")
    assert info.value.status is None and "ConnectError" in str(info.value)


def test_every_httpx_exception_maps_to_source_error() -> None:
    classes = [
        obj for _, obj in inspect.getmembers(httpx, inspect.isclass) if issubclass(obj, Exception)
    ]
    assert len(classes) > 15
    for cls in classes:
        exc = cls.__new__(cls)
        Exception.__init__(exc, "x")
        if cls is httpx.HTTPStatusError:
            exc.response = httpx.Response(418)
        err = map_httpx_error(exc, source="s", url="http://h/")
        assert isinstance(err, SourceError)
        assert isinstance(err, SourceTimeout) == issubclass(cls, httpx.TimeoutException)


def test_errors_survive_pickling() -> None:
    for err in [
        SourceTimeout("t", source="s", url="u", attempt=2),
        RateLimited("r", source="s", retry_after_s=3.0),
        SourceError("e", source="s", status=500),
    ]:
        back = pickle.loads(pickle.dumps(err))
        assert type(back) is type(err) and back.source == "s" and str(back) == str(err)


def test_cache_second_run_makes_no_request_and_offline_serves_it(httpserver, tmp_path) -> None:  # type: ignore[no-untyped-def]
    httpserver.expect_request("/api/works/10.1/a").respond_with_data('{"a": 1}')
    httpserver.expect_request("/api/works/10.1/gone").respond_with_data("nope", status=404)
    cache = HttpCache(tmp_path / "c.sqlite")
    pc = _client(httpserver, cache=cache)
    assert pc.get("works/10.1/a", params={"mailto": "a@b.c"}).from_cache is False
    assert pc.get("works/10.1/gone", ok=(404,)).status == 404
    assert len(httpserver.log) == 2
    again = _client(httpserver, cache=HttpCache(tmp_path / "c.sqlite"))
    r = again.get("works/10.1/a", params={"mailto": "other@x.y"})  # mailto not in the key
    assert r.from_cache and r.body == b'{"a": 1}'
    assert again.get("works/10.1/gone", ok=(404,)).status == 404
    assert len(httpserver.log) == 2 and again.requests == 0 and again.cache_hits == 2
    off = _client(
        httpserver, dataclasses.replace(FAST, offline=True), cache=HttpCache(tmp_path / "c.sqlite")
    )
    assert off.get("works/10.1/a").from_cache
    with pytest.raises(SourceError, match="offline"):
        off.get("works/10.1/other")
    assert len(httpserver.log) == 2


def test_errors_are_not_cached(httpserver, tmp_path) -> None:  # type: ignore[no-untyped-def]
    httpserver.expect_ordered_request("/api/x").respond_with_data("boom", status=500)
    httpserver.expect_ordered_request("/api/x").respond_with_data("ok")
    cache = HttpCache(tmp_path / "c.sqlite")
    cfg = dataclasses.replace(FAST, max_retries=0)
    with pytest.raises(SourceError):
        _client(httpserver, cfg, cache).get("x")
    assert _client(httpserver, cfg, cache).get("x").body == b"ok"
    assert len(cache) == 1


def test_cache_key_and_expiry(tmp_path) -> None:
    k = cache_key("GET", "https://H/w?b=2&a=1&mailto=x", {"Accept": "a/b"})
    assert k == cache_key("GET", "https://h/w?a=1&b=2", {"accept": "a/b"})
    assert k != cache_key("GET", "https://h/w?a=1&b=2", {"accept": "c/d"})
    assert k != cache_key("POST", "https://h/w?a=1&b=2", {"accept": "a/b"})
    c = HttpCache(tmp_path / "e.sqlite", ttl_s=10)
    c.put(k, "u", 200, "t", b"x")
    c.put("k429", "u", 429, "t", b"x")
    assert c.get(k) is not None and c.get("k429") is None
    assert c.get(k, now=time.time() + 11) is None
    assert 0 < c.hit_rate < 1


def test_rate_limit_spaces_requests(httpserver) -> None:  # type: ignore[no-untyped-def]
    arrivals: list[float] = []
    sent: list[float] = []

    def stamp(_req):  # type: ignore[no-untyped-def]
        arrivals.append(time.monotonic())
        return WResponse("ok")

    httpserver.expect_request("/api/x").respond_with_handler(stamp)
    cfg = dataclasses.replace(FAST, delay_s=0.02, rate_margin_s=0.02)
    client = httpx.Client(event_hooks={"request": [lambda r: sent.append(time.monotonic())]})
    pc = PoliteClient("crossref", httpserver.url_for("/api/"), cfg, client)  # real sleep
    for _ in range(3):
        pc.get("x")
    assert len(httpserver.log) == 3
    # the server's log: at least the configured delay between two requests
    assert all(b - a >= 0.02 for a, b in zip(arrivals, arrivals[1:])), arrivals
    assert all(b - a >= 0.02 for a, b in zip(sent, sent[1:])), sent


def test_rate_limiter_is_thread_safe_with_fake_clock() -> None:
    from concurrent.futures import ThreadPoolExecutor

    waits: list[float] = []
    lim = RateLimiter(1.0, margin_s=0.0, clock=lambda: 100.0, sleep=waits.append)
    with ThreadPoolExecutor(8) as pool:
        list(pool.map(lambda _: lim.wait(), range(8)))
    assert sorted(waits) == [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]


def test_retry_after_http_date() -> None:
    assert parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT", now=1445412470.0) == pytest.approx(
        10.0
    )
    assert parse_retry_after("120") == 120.0
    assert parse_retry_after("soon") is None and parse_retry_after(None) is None


def test_polite_pool_and_api_key_headers(httpserver) -> None:  # type: ignore[no-untyped-def]
    from citations.sources.crossref import CrossrefSource
    from citations.sources.semantic_scholar import SemanticScholarSource

    httpserver.expect_request("/cr/works/10.1/x").respond_with_data("nf", status=404)
    httpserver.expect_request("/s2/paper/DOI:10.1/x").respond_with_data("{}", status=404)
    cfg = dataclasses.replace(FAST, mailto="me@example.org", api_key="SECRET")
    CrossrefSource(base_url=httpserver.url_for("/cr/"), config=cfg).lookup_doi("10.1/x")
    SemanticScholarSource(base_url=httpserver.url_for("/s2/"), config=cfg).lookup_doi("10.1/x")
    (cr, _), (s2, _) = httpserver.log
    assert (
        cr.args["mailto"] == "me@example.org"
        and "mailto:me@example.org" in cr.headers["User-Agent"]
    )
    assert "x-api-key" not in cr.headers
    assert s2.headers["x-api-key"] == "SECRET"
