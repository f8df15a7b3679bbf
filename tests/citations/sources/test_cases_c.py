"""Cases C01 (DataCite DOIs), C04 (update notices) and C05 (arXiv API error entries)
from ../shared/cases/cases.jsonl, against a local server (pytest-httpserver)."""

from __future__ import annotations

from typing import Any

import pytest

from citations.errors import SourceError
from citations.model import Verdict
from citations.parse import parse_reference
from citations.sources import arxiv
from citations.sources.cascade import Cascade
from citations.sources.online import verify_batch
from tests.citations.sources._replay import FAST
from tests.conftest import load_cases

PREFIX = {
    "crossref": "/cr/",
    "datacite": "/dc/",
    "openalex": "/oa/",
    "arxiv": "/ax/",
    "semantic_scholar": "/s2/",
    "doi": "/doi/",
}


def cascade(httpserver: Any, names: tuple[str, ...]) -> Cascade:
    return Cascade.from_config(
        FAST, sources=names, base_urls={n: httpserver.url_for(PREFIX[n]) for n in names}
    )


def feed(*entries: dict[str, Any]) -> str:
    items = "".join(
        f"<entry><id>{e['id']}</id><title>{e['title']}</title>"
        + (f"<summary>{e['summary']}</summary>" if e.get("summary") else "")
        + (f"<published>{e['published']}</published>" if e.get("published") else "")
        + "".join(f"<author><name>{a}</name></author>" for a in e.get("authors", ()))
        + "</entry>"
        for e in entries
    )
    return f'<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom">{items}</feed>'


def empty_searches(httpserver: Any) -> None:
    """Every title search finds nothing (the cases' title_search_every_source)."""
    httpserver.expect_request("/oa/works").respond_with_json({"results": []})
    httpserver.expect_request("/cr/works").respond_with_json({"message": {"items": []}})
    httpserver.expect_request("/ax/query").respond_with_data(
        feed(), content_type="application/atom+xml"
    )
    httpserver.expect_request("/s2/paper/search/match").respond_with_json(
        {"error": "Title match not found"}, status=404
    )


# ---------------------------------------------------------------- C05


def test_c05_arxiv_error_entries_are_errors_never_records(httpserver: Any) -> None:
    case = load_cases("api client")["C05"]
    refs = case["input"]["references"]
    exp = case["expected"]
    got_ids = []
    for r in refs:
        p = parse_reference(r)
        got_ids.append(f"{p.arxiv_id}v{p.arxiv_version}" if p.arxiv_version else p.arxiv_id)
    assert got_ids == exp["normalised_arxiv_ids"]

    mock = case["input"]["mock_arxiv_api"]
    good = mock["id_list=2402.13284v2"]["entry"]
    httpserver.expect_request(
        "/ax/query", query_string={"id_list": "2402.13284v2", "max_results": "1"}
    ).respond_with_data(
        feed(
            {
                "id": good["id"],
                "title": good["title"],
                "authors": good["authors"],
                "published": good["published"],
            }
        ),
        content_type="application/atom+xml",
    )
    empty_searches(httpserver)
    with cascade(httpserver, ("arxiv", "openalex", "crossref")) as casc:
        first, second = verify_batch(refs, casc, workers=1)
    id_requests = [
        req.query_string.decode()
        for req, _ in httpserver.log
        if req.path == "/ax/query" and b"id_list" in req.query_string
    ]
    assert [q.split("&")[0] for q in id_requests] == exp["arxiv_requests_sent"]
    assert first.verdict is Verdict.VERIFIED
    assert first.matched is not None and first.matched.title == exp["results"][0]["matched_title"]
    assert second.verdict in (Verdict.FABRICATED, Verdict.UNVERIFIED)  # never verified
    assert all(c.record.title != "Error" for r in (first, second) for c in r.candidates)


@pytest.mark.parametrize("status", [200, 400])
def test_c05_error_feed_raises_whatever_its_status(httpserver: Any, status: int) -> None:
    case = load_cases("api client")["C05"]
    err = case["input"]["mock_arxiv_api"]["id_list=https://arxiv.org/abs/2402.13284v2"]["entry"]
    body = feed({"id": err["id"], "title": err["title"], "summary": err["summary"]})
    assert arxiv.parse_response(body.encode()) == []  # never a record
    assert arxiv.feed_error(body.encode()) == err["summary"]
    httpserver.expect_request("/ax/query").respond_with_data(
        body, status=status, content_type="application/atom+xml"
    )
    src = arxiv.ArxivSource(None, httpserver.url_for("/ax/"), FAST)
    with pytest.raises(SourceError, match="incorrect id format"):
        src.lookup_arxiv("2402.13284v2")


# ---------------------------------------------------------------- C01


def _datacite_body(doi: str, meta: dict[str, Any]) -> dict[str, Any]:
    return {
        "data": {
            "id": doi,
            "type": "dois",
            "attributes": {
                "doi": doi,
                "titles": [{"title": t} for t in meta["titles"]],
                "creators": [
                    {
                        "name": c,
                        "nameType": "Personal",
                        "familyName": c.split(",")[0].strip(),
                        "givenName": c.split(",")[1].strip(),
                    }
                    for c in meta["creators"]
                ],
                "publicationYear": meta["publicationYear"],
                "publisher": meta["publisher"],
                "types": {"resourceTypeGeneral": meta["resourceTypeGeneral"]},
                "version": meta.get("version"),
            },
        }
    }


def test_c01_a_crossref_404_is_not_a_missing_doi(httpserver: Any) -> None:
    case = load_cases("identifiers")["C01"]
    mock = case["input"]["mock_responses"]
    exp = case["expected"]
    for doi in mock["crossref_works_status"]:
        httpserver.expect_request(f"/cr/works/{doi}", method="GET").respond_with_data(
            "Resource not found.", status=404
        )
    cased = {d.lower(): d for d in mock["registration_agency"]}
    for key, agency in mock["registration_agency"].items():
        body = (
            [{"DOI": key, "RA": agency}]
            if agency in ("DataCite", "Crossref")
            else [{"DOI": key, "status": agency}]
        )
        httpserver.expect_request(f"/doi/ra/{key}").respond_with_json(body)
    for doi, meta in mock["datacite_dois"].items():
        httpserver.expect_request(f"/dc/dois/{doi}").respond_with_json(
            _datacite_body(cased.get(doi, doi), meta)
        )
    httpserver.expect_request("/dc/dois/10.5555/lel.2021.0173").respond_with_data("", status=404)
    httpserver.expect_request("/dc/dois/10.48550/arxiv.2301.99999").respond_with_data(
        "", status=404
    )
    for doi, resolves in mock["doi_org_resolves"].items():
        if resolves:  # a landing page, no metadata for content negotiation
            httpserver.expect_request(f"/doi/{doi}").respond_with_data(
                "<html>landing page</html>", content_type="text/html"
            )
        else:
            httpserver.expect_request(f"/doi/{doi}").respond_with_data(
                "<html>DOI Not Found</html>", status=404, content_type="text/html"
            )
    ax = mock["arxiv_api"]["2301.01234"]
    httpserver.expect_request(
        "/ax/query", query_string={"id_list": "2301.01234", "max_results": "1"}
    ).respond_with_data(
        feed(
            {
                "id": "http://arxiv.org/abs/2301.01234v1",
                "title": ax["title"],
                "authors": ["Lena Okafor", "Rasmus Lindqvist", "Theo Baptiste"],
                "published": ax["published"] + "T00:00:00Z",
            }
        ),
        content_type="application/atom+xml",
    )
    httpserver.expect_request(
        "/ax/query", query_string={"id_list": "2301.99999", "max_results": "1"}
    ).respond_with_data(feed(), content_type="application/atom+xml")
    empty_searches(httpserver)
    with cascade(httpserver, ("crossref", "datacite", "openalex", "arxiv", "doi")) as casc:
        results = verify_batch(case["input"]["references"], casc, workers=1)
    names = {
        "correct": {Verdict.VERIFIED},
        "fabricated": {Verdict.FABRICATED},
        "unverifiable": {Verdict.UNVERIFIED},
    }
    for res, want, banned in zip(results, exp["results"], exp["must_not_be"]):
        assert res.verdict in names[want["verdict"]], (res.reference.raw, res.reason)
        assert not any(res.verdict in names[b] for b in banned)
        assert res.doi_agency == (want["agency"].lower() if want["agency"] else None)
        if "arxiv_id" in want:
            assert res.reference.arxiv_id == want["arxiv_id"]
    assert "exists" in results[2].reason  # registered, resolves, no metadata anywhere
    # no title search for the DataCite works: their DOIs settled them
    assert not [
        r for r, _ in httpserver.log if r.path == "/oa/works" and b"Sparse" in r.query_string
    ]


# ---------------------------------------------------------------- C04


def _crossref_item(doi: str, w: dict[str, Any]) -> dict[str, Any]:
    item: dict[str, Any] = {
        "DOI": doi,
        "type": w["type"],
        "title": [w["title"]],
        "issued": {"date-parts": [[w["issued"]]]},
        "author": [
            {"family": a.split(",")[0].strip(), "given": a.split(",")[1].strip()}
            for a in w["author"]
        ],
    }
    for key in ("updated-by", "update-to", "page"):
        if key in w:
            item[key] = w[key]
    return item


def test_c04_update_notices_are_flags_not_the_cited_work(httpserver: Any) -> None:
    case = load_cases("decision")["C04"]
    mock = case["input"]["mock_crossref"]
    for key, w in mock.items():
        if key.startswith("works/"):
            doi = key.split("/", 1)[1]
            httpserver.expect_request(f"/cr/works/{doi}").respond_with_json(
                {"status": "ok", "message-type": "work", "message": _crossref_item(doi, w)}
            )
    hits = mock["title_search:Zinc supplementation and infant growth: A cluster trial"]
    httpserver.expect_request("/cr/works").respond_with_json(
        {
            "status": "ok",
            "message-type": "work-list",
            "message": {"items": [_crossref_item(h["DOI"], h) for h in hits]},
        }
    )
    with cascade(httpserver, ("crossref",)) as casc:
        results = verify_batch(case["input"]["references"], casc, workers=1)
    for res, want in zip(results, case["expected"]["results"]):
        assert res.verdict is Verdict.VERIFIED, (res.reference.raw, res.reason)
        assert res.retracted is want["retracted"]
        assert list(res.notices) == want["notices"]
        if "matched_doi" in want:
            assert res.matched is not None and res.matched.doi == want["matched_doi"]
    assert all(not c.record.title.startswith("Correction") for c in results[1].candidates)


def test_c04_notice_records_are_recognised() -> None:
    from citations.model import Record
    from citations.verify import is_update_notice

    def rec(title: str, updates: tuple[str, ...] = ()) -> Record:
        return Record(source="t", id=title, title=title, updates=updates)

    assert is_update_notice(rec("Correction: Zinc supplementation and infant growth"))
    assert is_update_notice(rec("Retraction Note: Quiet priors"))
    assert is_update_notice(rec("Expression of Concern: A cluster trial"))
    assert is_update_notice(rec("Erratum to: Soil carbon loss"))
    assert is_update_notice(rec("Soil carbon loss", updates=("10.5555/x",)))
    assert not is_update_notice(rec("Correction of systematic errors in GPS time series"))
    assert not is_update_notice(rec("Retraction Watch data and citation practice"))
