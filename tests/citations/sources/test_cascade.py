"""The retrieval cascade and verify_online against a local server: early stop, query
revision, statuses, failures -> unverified, B05, B26, cache, resumable batch."""

from __future__ import annotations

import dataclasses
import json

import pytest

from citations.alternatives import shortened_title
from citations.errors import InputError
from citations.model import Author, Reference, Verdict
from citations.sources.cascade import Cascade, parse_source_list
from citations.sources.online import verify_batch, verify_online
from tests.citations._store import ref
from tests.citations.sources._replay import FAST, paths, serve
from tests.conftest import load_cases

CAP = "Code as Policies: Language Model Programs for Embodied Control"
CAP_AUTHORS = ["Jacky Liang", "Wenlong Huang", "Fei Xia"]
PREFIX = {
    "crossref": "/cr/",
    "datacite": "/dc/",
    "openalex": "/oa/",
    "arxiv": "/ax/",
    "semantic_scholar": "/s2/",
    "europepmc": "/ep/",
    "web": "/",
}


def cascade(
    httpserver,
    cfg=FAST,
    names=(
        "crossref",
        "datacite",
        "openalex",
        "arxiv",  # type: ignore[no-untyped-def]
        "semantic_scholar",
    ),
    **kw,
):
    return Cascade.from_config(
        cfg, sources=names, base_urls={n: httpserver.url_for(PREFIX[n]) for n in names}, **kw
    )


def atom(*entries: dict) -> bytes:
    items = "".join(
        f"<entry><id>http://arxiv.org/abs/{e['id']}</id><title>{e['title']}</title>"
        f"<published>{e['published']}T00:00:00Z</published>"
        + "".join(f"<author><name>{a}</name></author>" for a in e["authors"])
        + "</entry>"
        for e in entries
    )
    return (
        f'<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom">{items}</feed>'
    ).encode()


def status(result, name):  # type: ignore[no-untyped-def]
    return next(s for s in result.sources if s.name == name)


def test_search_stops_at_first_plausible_record(httpserver) -> None:  # type: ignore[no-untyped-def]
    serve(httpserver, "/oa/", "works", "openalex/search_code_as_policies_2023_results.json")
    res = verify_online(ref(CAP, CAP_AUTHORS, 2023, et_al=True), cascade=cascade(httpserver))
    assert res.verdict is Verdict.VERIFIED
    assert paths(httpserver) == ["/oa/works"]  # Crossref, S2, arXiv never asked
    assert [(s.name, s.ok, s.error) for s in res.sources] == [("openalex", True, None)]


def test_query_revision_shortened_title(httpserver) -> None:  # type: ignore[no-untyped-def]
    cited = CAP.replace("Embodied Control", "Robot Kitchens")  # wrong subtitle
    httpserver.expect_request(
        "/oa/works", query_string={"filter": f"title.search:{cited}", "per_page": "5"}
    ).respond_with_json({"results": []})
    serve(
        httpserver,
        "/oa/",
        "works",
        "openalex/search_code_as_policies_2023_results.json",
        query={"filter": "title.search:Code as Policies", "per_page": "5"},
    )
    res = verify_online(ref(cited, CAP_AUTHORS, 2023, et_al=True), cascade=cascade(httpserver))
    assert res.verdict is Verdict.CORRUPTED and "title" in [f.value for f in res.differing]
    assert [r.args["filter"] for r, _ in httpserver.log] == [
        f"title.search:{cited}",
        "title.search:Code as Policies",
    ]
    assert any("short-title" in q for q in res.queries)


def test_nothing_anywhere_is_fabricated(httpserver) -> None:  # type: ignore[no-untyped-def]
    httpserver.expect_request("/oa/works").respond_with_json({"results": []})
    httpserver.expect_request("/cr/works").respond_with_json({"message": {"items": []}})
    httpserver.expect_request("/s2/paper/search/match").respond_with_json(
        {"error": "x"}, status=404
    )
    serve(httpserver, "/ax/", "query", "arxiv/id_0808_05394_not_found.xml")
    res = verify_online(
        ref("Quantum gravel sorting with sentient abacus networks", ["Ada Nobody"], 2021),
        cascade=cascade(httpserver),
    )
    assert res.verdict is Verdict.FABRICATED
    assert {s.name: s.ok for s in res.sources} == {
        "openalex": True,
        "crossref": True,
        "semantic_scholar": True,
        "arxiv": True,
    }


@pytest.mark.parametrize("failure,word", [("500", "error"), ("429", "rate_limited")])
def test_failed_source_makes_unverified_never_fabricated(httpserver, failure, word) -> None:  # type: ignore[no-untyped-def]
    httpserver.expect_request("/oa/works").respond_with_json({"results": []})
    httpserver.expect_request("/cr/works").respond_with_data("down", status=int(failure))
    httpserver.expect_request("/s2/paper/search/match").respond_with_json(
        {"error": "x"}, status=404
    )
    serve(httpserver, "/ax/", "query", "arxiv/id_0808_05394_not_found.xml")
    cfg = dataclasses.replace(FAST, max_retries=1)
    res = verify_online(
        ref("Quantum gravel sorting with sentient abacus networks", ["Ada Nobody"], 2021),
        cascade=cascade(httpserver, cfg),
    )
    assert res.verdict is Verdict.UNVERIFIED
    cr = status(res, "crossref")
    assert not cr.ok and cr.error is not None and cr.error.startswith(word + ":")


def test_timeout_status(httpserver) -> None:  # type: ignore[no-untyped-def]
    import httpx

    def boom(request: httpx.Request) -> httpx.Response:
        raise httpx.ReadTimeout("timed out", request=request)

    client = httpx.Client(transport=httpx.MockTransport(boom))  # no socket, no sleep
    casc = Cascade.from_config(
        dataclasses.replace(FAST, max_retries=0),
        sources=("openalex",),
        client=client,
        base_urls={"openalex": "http://127.0.0.1:1/oa/"},
    )
    res = verify_online(ref(CAP, CAP_AUTHORS, 2023, et_al=True), cascade=casc)
    assert res.verdict is Verdict.UNVERIFIED
    assert status(res, "openalex").error.startswith("timeout:")  # type: ignore[union-attr]


def test_b05_versioned_arxiv_preprint_is_verified(httpserver) -> None:  # type: ignore[no-untyped-def]
    case = load_cases("identifiers")["B05"]
    mock = case["input"]["mock_responses"]
    paper = mock["arxiv_api"]["2301.01234v3"]
    httpserver.expect_request(
        "/ax/query", query_string={"id_list": "2301.01234v3", "max_results": "1"}
    ).respond_with_data(atom({"id": "2301.01234v3", **paper}), content_type="application/atom+xml")
    httpserver.expect_request("/cr/works").respond_with_json({"message": {"items": []}})
    res = verify_online(case["input"]["reference"], cascade=cascade(httpserver))
    assert res.verdict is Verdict.VERIFIED
    assert res.verdict.value not in case["expected"]["must_not_be"]
    assert paths(httpserver) == ["/ax/query"]


def test_b05_arxiv_down_falls_back_to_semantic_scholar_unversioned(httpserver) -> None:  # type: ignore[no-untyped-def]
    case = load_cases("identifiers")["B05"]
    s2 = case["input"]["mock_responses"]["semantic_scholar"]
    good = s2[case["expected"]["semantic_scholar_lookup_key"]]
    httpserver.expect_request("/ax/query").respond_with_data("down", status=503)
    httpserver.expect_request("/s2/paper/ARXIV:2301.01234v3").respond_with_json(
        {"error": "x"}, status=404
    )
    httpserver.expect_request("/s2/paper/ARXIV:2301.01234").respond_with_json(
        {
            "paperId": "p1",
            "title": good["title"],
            "year": good["year"],
            "authors": [{"name": n} for n in good["authors"]],
            "externalIds": {"ArXiv": "2301.01234"},
        }
    )
    res = verify_online(
        case["input"]["reference"],
        cascade=cascade(httpserver, dataclasses.replace(FAST, max_retries=0)),
    )
    assert res.verdict is Verdict.VERIFIED
    assert "/s2/paper/ARXIV:2301.01234v3" not in paths(httpserver)
    assert status(res, "arxiv").error.startswith("error:")  # type: ignore[union-attr]


def test_b26_crossref_without_authors_uses_openalex(httpserver) -> None:  # type: ignore[no-untyped-def]
    case = load_cases("api client")["B26"]
    for item in case["input"]["records"][:2]:
        httpserver.expect_request(f"/cr/works/{item['DOI']}").respond_with_json(
            {"message-type": "work", "message": item}
        )
        httpserver.expect_request(f"/oa/works/https://doi.org/{item['DOI']}").respond_with_json(
            {
                "id": "https://openalex.org/W1",
                "doi": f"https://doi.org/{item['DOI']}",
                "title": item["title"][0],
                "publication_year": 2018,
                **case["input"]["openalex_fallback"],
            }
        )
    casc = cascade(httpserver)
    for item in case["input"]["records"][:2]:
        r = Reference(
            raw="Moura, I. (2018). Coastal dunes and storms.",
            title="Coastal dunes and storms",
            authors=(Author(family="Moura", given="I."),),
            year=2018,
            doi=item["DOI"],
        )
        res = verify_online(r, cascade=casc)
        assert res.verdict is Verdict.VERIFIED, res.reason
        assert "authors" not in [f.value for f in res.differing]
        assert any("taken from openalex" in w for w in res.warnings)


def test_cache_second_run_sends_nothing(httpserver, tmp_path) -> None:  # type: ignore[no-untyped-def]
    serve(httpserver, "/oa/", "works", "openalex/search_code_as_policies_2023_results.json")
    cfg = dataclasses.replace(FAST, cache_path=tmp_path / "http.sqlite")
    first = verify_online(ref(CAP, CAP_AUTHORS, 2023, et_al=True), cascade=cascade(httpserver, cfg))
    n = len(httpserver.log)
    casc = cascade(httpserver, dataclasses.replace(cfg, offline=True))
    second = verify_online(ref(CAP, CAP_AUTHORS, 2023, et_al=True), cascade=casc)
    assert len(httpserver.log) == n == 1 and casc.requests == 0
    assert second.verdict is first.verdict is Verdict.VERIFIED


def test_offline_cache_miss_is_unverified(httpserver, tmp_path) -> None:  # type: ignore[no-untyped-def]
    cfg = dataclasses.replace(FAST, cache_path=tmp_path / "c.sqlite", offline=True)
    res = verify_online(ref(CAP, CAP_AUTHORS, 2023, et_al=True), cascade=cascade(httpserver, cfg))
    assert res.verdict is Verdict.UNVERIFIED and len(httpserver.log) == 0


def test_local_index_first(httpserver, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from tests.citations._store import rec, store

    index = store(tmp_path, [rec("L1", CAP, CAP_AUTHORS, 2023)])
    res = verify_online(
        ref(CAP, CAP_AUTHORS, 2023, et_al=True), cascade=cascade(httpserver, local=index)
    )
    assert res.verdict is Verdict.VERIFIED and len(httpserver.log) == 0
    assert [s.name for s in res.sources] == ["local"]


def test_batch_is_ordered_resumable_and_survives_bad_items(httpserver, tmp_path) -> None:  # type: ignore[no-untyped-def]
    serve(httpserver, "/oa/", "works", "openalex/search_code_as_policies_2023_results.json")
    items = [
        ref(CAP, CAP_AUTHORS, 2023, et_al=True),
        "",
        ref(CAP.upper(), CAP_AUTHORS, 2023, et_al=True),
    ]
    seen: list[tuple[int, int]] = []
    ck = tmp_path / "run.jsonl"
    out = verify_batch(
        items,
        cascade(httpserver),
        workers=2,
        checkpoint=ck,
        progress=lambda d, t: seen.append((d, t)),
    )
    assert [r.verdict for r in out] == [Verdict.VERIFIED, Verdict.UNPARSED, Verdict.VERIFIED]
    assert sorted(seen)[-1] == (3, 3) and len(ck.read_text().splitlines()) == 3
    n = len(httpserver.log)
    again = verify_batch(items, cascade(httpserver), workers=2, checkpoint=ck)
    assert len(httpserver.log) == n and [r.verdict for r in again] == [r.verdict for r in out]
    rows = [json.loads(x) for x in ck.read_text().splitlines()]
    assert sorted(r["i"] for r in rows) == [0, 1, 2]
    # a run killed mid-write leaves a torn last line: cut off, its item redone, every
    # line whole (case C12)
    lines = ck.read_bytes().split(b"\n")
    ck.write_bytes(lines[0] + b"\n" + lines[1] + b"\n" + lines[2][:30])
    third = verify_batch(items, cascade(httpserver), workers=1, checkpoint=ck)
    assert [r.verdict for r in third] == [r.verdict for r in out]
    rows = [json.loads(x) for x in ck.read_bytes().split(b"\n") if x]
    assert sorted(r["i"] for r in rows) == [0, 1, 2]


def test_cascade_is_a_source(httpserver) -> None:  # type: ignore[no-untyped-def]
    from citations.sources.base import Source
    from citations.verify import verify

    serve(httpserver, "/oa/", "works", "openalex/search_code_as_policies_2023_results.json")
    casc = cascade(httpserver)
    assert isinstance(casc, Source)
    assert verify(ref(CAP, CAP_AUTHORS, 2023, et_al=True), [casc]).verdict is Verdict.VERIFIED


def test_helpers() -> None:
    assert shortened_title(CAP) == "Code as Policies"
    assert shortened_title("One two three") is None
    assert parse_source_list("crossref, OpenAlex,semantic-scholar") == (
        "crossref",
        "openalex",
        "semantic_scholar",
    )
    with pytest.raises(InputError):
        parse_source_list("google")


def test_outcome_statuses_match_and_no_match(httpserver) -> None:  # type: ignore[no-untyped-def]
    httpserver.expect_request("/oa/works").respond_with_json({"results": []})
    serve(httpserver, "/cr/", "works", "crossref/search_code_as_policies_2023_items.json")
    res = cascade(httpserver).run(ref(CAP, CAP_AUTHORS, 2023, et_al=True))
    assert [(o.name, o.status) for o in res.outcomes] == [
        ("openalex", "no_match"),
        ("crossref", "match"),
    ]
    assert res.matched and res.failed == ()


def test_datacite_only_doi_in_cascade(httpserver) -> None:  # type: ignore[no-untyped-def]
    serve(
        httpserver, "/dc/", "dois/10.48550/arxiv.2311.16162", "datacite/dois_arxiv_2311_16162.json"
    )
    r = Reference(
        raw="x",
        doi="10.48550/arXiv.2311.16162",
        title="Leveraging Artificial Intelligence Technology for Mapping Research to "
        "Sustainable Development Goals: A Case Study",
        authors=(Author(family="Yin", given="Hui"),),
        et_al=True,
        year=2023,
    )
    res = verify_online(r, cascade=cascade(httpserver))
    assert res.verdict is Verdict.VERIFIED
    assert paths(httpserver) == ["/dc/dois/10.48550/arxiv.2311.16162"]  # never Crossref


def test_batch_threads_share_each_source_rate_limit(httpserver) -> None:  # type: ignore[no-untyped-def]
    import time

    import httpx

    serve(httpserver, "/oa/", "works", "openalex/search_code_as_policies_2023_results.json")
    sent: list[float] = []
    client = httpx.Client(event_hooks={"request": [lambda r: sent.append(time.monotonic())]})
    cfg = dataclasses.replace(FAST, delay_s=0.01, rate_margin_s=0.02)
    casc = Cascade.from_config(
        cfg,
        sources=("openalex",),
        client=client,
        base_urls={"openalex": httpserver.url_for("/oa/")},
    )
    items = [ref(CAP + " " + w, CAP_AUTHORS, 2023, et_al=True) for w in ("a", "b", "c")]
    verify_batch(items, casc, workers=3)
    assert len(httpserver.log) == 3
    sent.sort()
    gaps = [b - a for a, b in zip(sent, sent[1:])]
    assert all(g >= 0.01 for g in gaps), gaps  # at least the configured delay


def test_web_page_cited_is_checked_first_and_safely(httpserver) -> None:  # type: ignore[no-untyped-def]
    from citations.model import SourceType

    page = (
        b'<html><head><meta name="citation_title" content="How we ship small models">'
        b'<meta name="author" content="Dana Quill"></head></html>'
    )
    httpserver.expect_request("/blog/post").respond_with_data(page, content_type="text/html")
    r = Reference(
        raw="Quill, D. How we ship small models. Blog post.",
        title="How we ship small models",
        authors=(Author(family="Quill", given="D."),),
        url=httpserver.url_for("/blog/post"),
        source_type=SourceType.WEB,
    )
    allowed = dataclasses.replace(FAST, allow_private_hosts=True)
    res = verify_online(r, cascade=cascade(httpserver, allowed, names=("openalex", "web")))
    assert res.verdict is Verdict.VERIFIED and paths(httpserver) == ["/blog/post"]
    refused = verify_online(r, cascade=cascade(httpserver, FAST, names=("web",)))
    assert refused.verdict is Verdict.UNVERIFIED and len(httpserver.log) == 1
    assert status(refused, "web").error.startswith("error:")  # type: ignore[union-attr]


def test_unindexed_work_type_not_found_is_unverified(httpserver) -> None:  # type: ignore[no-untyped-def]
    from citations.model import SourceType

    httpserver.expect_request("/oa/works").respond_with_json({"results": []})
    httpserver.expect_request("/cr/works").respond_with_json({"message": {"items": []}})
    r = Reference(
        raw="Nobody, A. (2019). Dunes of my town. PhD thesis, Univ. of Nowhere.",
        title="Dunes of my town",
        authors=(Author(family="Nobody", given="A."),),
        year=2019,
        source_type=SourceType.THESIS,
    )
    res = verify_online(r, cascade=cascade(httpserver, names=("openalex", "crossref")))
    assert res.verdict is Verdict.UNVERIFIED and "not indexed" in res.reason


def test_crossref_revision_drops_authors_and_year_first(httpserver) -> None:  # type: ignore[no-untyped-def]
    serve(
        httpserver,
        "/cr/",
        "works",
        "crossref/search_code_as_policies_2023_items.json",
        query={
            "query.bibliographic": CAP,
            "rows": "5",
            "select": "DOI,title,subtitle,author,editor,issued,published,container-title,"
            "volume,issue,page,publisher,type,updated-by,update-to",
        },
    )
    httpserver.expect_request("/cr/works").respond_with_json({"message": {"items": []}})
    res = verify_online(
        ref(CAP, ["Jacky Liang", "Wenlong Huang", "Fei Xia"], 2022, et_al=True),
        cascade=cascade(httpserver, names=("crossref",)),
    )
    qs = [r.args["query.bibliographic"] for r, _ in httpserver.log]
    assert qs == [CAP + " Liang 2022", CAP]  # full query, then title only: found, stop
    assert res.verdict is Verdict.CORRUPTED and [f.value for f in res.differing] == ["year"]
