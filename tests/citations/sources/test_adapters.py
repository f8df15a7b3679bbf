"""Each adapter against a real local server replaying the recorded responses; routing."""

from __future__ import annotations

import json

import pytest

from citations.errors import SourceError
from citations.sources.arxiv import ArxivSource
from citations.sources.crossref import CrossrefSource
from citations.sources.datacite import DataCiteSource
from citations.sources.doi import CSL_JSON, DoiSource
from citations.sources.europepmc import EuropePMCSource
from citations.sources.openalex import OpenAlexSource
from citations.sources.routing import DoiRouter, route_doi
from citations.sources.semantic_scholar import SemanticScholarSource
from tests.citations._store import ref
from tests.citations.sources._replay import FAST, paths, serve


def _mk(cls, httpserver, prefix):  # type: ignore[no-untyped-def]
    return cls(base_url=httpserver.url_for(prefix), config=FAST)


def test_crossref_found_and_not_found(httpserver) -> None:  # type: ignore[no-untyped-def]
    serve(
        httpserver,
        "/cr/",
        "works/10.1371/journal.pone.0033693",
        "crossref/works_doi_found_plos.json",
    )
    serve(httpserver, "/cr/", "works/10.1371/notarealdoi", "crossref/works_doi_not_found.txt")
    cr = _mk(CrossrefSource, httpserver, "/cr/")
    rec = cr.lookup_doi("https://doi.org/10.1371/journal.pone.0033693")
    assert rec is not None and rec.year == 2012
    assert cr.lookup_doi("10.1371/notarealdoi") is None
    assert cr.lookup_arxiv("2301.01234") is None and len(httpserver.log) == 2


def test_crossref_search_params(httpserver) -> None:  # type: ignore[no-untyped-def]
    serve(httpserver, "/cr/", "works", "crossref/search_code_as_policies_2023_items.json")
    cr = _mk(CrossrefSource, httpserver, "/cr/")
    hits = cr.search(
        ref(
            "Code as Policies: Language Model Programs for Embodied Control", ["Jacky Liang"], 2023
        ),
        limit=5,
    )
    assert hits[0].doi == "10.1109/icra48891.2023.10160591"
    ((req, _),) = httpserver.log
    assert req.args["query.bibliographic"].endswith("Liang 2023") and req.args["rows"] == "5"
    assert "filter" not in req.args  # no year filter (case: Adam dated 2014 vs 2015)


def test_openalex_doi_and_search(httpserver) -> None:  # type: ignore[no-untyped-def]
    serve(
        httpserver,
        "/oa/",
        "works/https://doi.org/10.1145/3448016.3452841",
        "openalex/works_doi_proceedings_article.json",
    )
    serve(httpserver, "/oa/", "works", "openalex/search_code_as_policies_2023_results.json")
    oa = _mk(OpenAlexSource, httpserver, "/oa/")
    assert oa.lookup_doi("10.1145/3448016.3452841").title == "Vector Quotient Filters"  # type: ignore[union-attr]
    hits = oa.search(ref("Code as Policies: Language Model Programs for Embodied Control"))
    assert len(hits) == 5
    req = httpserver.log[-1][0]
    assert (
        req.args["filter"]
        == "title.search:Code as Policies: Language Model Programs for Embodied Control"
    )


def test_arxiv_found_zero_results_and_400(httpserver) -> None:  # type: ignore[no-untyped-def]
    serve(
        httpserver,
        "/ax/",
        "query",
        "arxiv/id_1605_08386_found.xml",
        query={"id_list": "1605.08386", "max_results": "1"},
    )
    serve(
        httpserver,
        "/ax/",
        "query",
        "arxiv/id_0808_05394_not_found.xml",
        query={"id_list": "2501.99999", "max_results": "1"},
    )
    serve(
        httpserver,
        "/ax/",
        "query",
        "arxiv/id_versioned_2104_12255v1.xml",
        query={"id_list": "2104.12255v1", "max_results": "1"},
    )
    serve(
        httpserver,
        "/ax/",
        "query",
        "arxiv/id_abc_bad_format.xml",
        query={"id_list": "2104.12255v9", "max_results": "1"},
    )  # a 400 "Error" entry
    ax = _mk(ArxivSource, httpserver, "/ax/")
    assert ax.lookup_arxiv("arXiv:1605.08386").arxiv_id == "1605.08386"  # type: ignore[union-attr]
    assert ax.lookup_arxiv("2501.99999") is None  # 200 with zero entries
    assert ax.lookup_arxiv("2104.12255v1").title == "0"  # type: ignore[union-attr]
    with pytest.raises(SourceError, match="incorrect id format"):  # an error, not "absent"
        ax.lookup_arxiv("2104.12255v9")
    assert ax.lookup_arxiv("abc") is None  # malformed: no request
    assert len(httpserver.log) == 4


def test_arxiv_two_ids_matched_by_id(httpserver) -> None:  # type: ignore[no-untyped-def]
    serve(httpserver, "/ax/", "query", "arxiv/id_list_two_ids.xml")
    ax = _mk(ArxivSource, httpserver, "/ax/")
    got = ax.lookup_many(["2501.99999", "1707.08567", "nonsense"])
    assert (
        got[0] is None and got[2] is None and got[1] is not None and got[1].arxiv_id == "1707.08567"
    )
    assert httpserver.log[0][0].args["id_list"] == "2501.99999,1707.08567"


def test_semantic_scholar_doi_404_arxiv_key_and_batch(httpserver) -> None:  # type: ignore[no-untyped-def]
    serve(
        httpserver,
        "/s2/",
        "paper/DOI:10.1093/mind/lix.236.433",
        "semantic-scholar/paper_doi_found.json",
    )
    serve(httpserver, "/s2/", "paper/DOI:10.1/none", "semantic-scholar/paper_id_not_found.json")
    serve(httpserver, "/s2/", "paper/ARXIV:2301.01234", "semantic-scholar/paper_doi_found.json")
    serve(
        httpserver,
        "/s2/",
        "paper/batch",
        "semantic-scholar/paper_batch_one_missing.json",
        method="POST",
    )
    s2 = _mk(SemanticScholarSource, httpserver, "/s2/")
    assert s2.lookup_doi("10.1093/mind/lix.236.433").title == "Computing Machinery and Intelligence"  # type: ignore[union-attr]
    assert s2.lookup_doi("10.1/none") is None
    assert s2.lookup_arxiv("arXiv:2301.01234v3") is not None  # unversioned key (B05)
    got = s2.lookup_many(["CorpusId:1", "DOI:10.2139/ssrn.288970", "x", "y"])
    assert got[0] is None and got[1] is not None
    post = httpserver.log[-1][0]
    assert json.loads(post.data) == {"ids": ["CorpusId:1", "DOI:10.2139/ssrn.288970", "x", "y"]}
    assert "paper/ARXIV:2301.01234v3" not in "".join(paths(httpserver))


def test_semantic_scholar_match_404_is_nothing(httpserver) -> None:  # type: ignore[no-untyped-def]
    httpserver.expect_request("/s2/paper/search/match").respond_with_json(
        {"error": "Title match not found"}, status=404
    )
    assert _mk(SemanticScholarSource, httpserver, "/s2/").search(ref("Nothing like it")) == []


def test_datacite_and_europepmc(httpserver) -> None:  # type: ignore[no-untyped-def]
    serve(
        httpserver, "/dc/", "dois/10.48550/arxiv.2311.16162", "datacite/dois_arxiv_2311_16162.json"
    )
    serve(httpserver, "/ep/", "search", "europepmc/search_no_results.json")
    dc = _mk(DataCiteSource, httpserver, "/dc/")
    assert dc.lookup_arxiv("2311.16162v2").arxiv_id == "2311.16162"  # type: ignore[union-attr]
    assert _mk(EuropePMCSource, httpserver, "/ep/").search(ref("asdkfjhasdkfjh")) == []


def test_doi_content_negotiation_follows_redirect(httpserver) -> None:  # type: ignore[no-untyped-def]
    target = httpserver.url_for("/cr/works/10.1126/science.169.3946.635/transform")
    httpserver.expect_request("/doi/10.1126/science.169.3946.635").respond_with_data(
        "", status=302, headers={"Location": target}
    )
    serve(
        httpserver,
        "/cr/",
        "works/10.1126/science.169.3946.635/transform",
        "doi-content-negotiation/csl_json_science_1970.json",
    )
    serve(httpserver, "/doi/", "10.1126/foo", "doi-content-negotiation/doi_not_found_html.html")
    serve(httpserver, "/doi/", "ra/10.5061", "doi-content-negotiation/doi_ra_datacite.json")
    d = _mk(DoiSource, httpserver, "/doi/")
    rec = d.lookup_doi("10.1126/science.169.3946.635")
    assert rec is not None and rec.title == "The Structure of Ordinary Water"
    assert httpserver.log[0][0].headers["Accept"] == CSL_JSON
    assert d.lookup_doi("10.1126/foo") is None
    assert d.registration_agency("10.5061/dryad.8515") == "datacite"


# ---------------------------------------------------------------- routing


def test_route_by_registration_agency() -> None:
    assert route_doi("10.48550/arXiv.2311.16162")[0] == "datacite"
    assert route_doi("doi:10.5281/zenodo.48440")[0] == "datacite"
    assert route_doi("10.1371/journal.pone.0033693")[:2] == ("crossref", "datacite")


def test_router_sends_arxiv_doi_to_datacite_only(httpserver) -> None:  # type: ignore[no-untyped-def]
    serve(
        httpserver, "/dc/", "dois/10.48550/arxiv.2311.16162", "datacite/dois_arxiv_2311_16162.json"
    )
    router = DoiRouter(
        {
            "crossref": _mk(CrossrefSource, httpserver, "/cr/"),
            "datacite": _mk(DataCiteSource, httpserver, "/dc/"),
        }
    )
    rec = router.lookup_doi("10.48550/arXiv.2311.16162")
    assert rec is not None and rec.source == "datacite"
    assert paths(httpserver) == ["/dc/dois/10.48550/arxiv.2311.16162"]


def test_router_crossref_404_falls_back_to_datacite(httpserver) -> None:  # type: ignore[no-untyped-def]
    serve(httpserver, "/cr/", "works/10.9999/lipics.x", "crossref/works_doi_not_found.txt")
    serve(httpserver, "/dc/", "dois/10.9999/lipics.x", "datacite/dois_lipics_conference_paper.json")
    serve(httpserver, "/cr/", "works/10.9999/none", "crossref/works_doi_not_found.txt")
    httpserver.expect_request("/dc/dois/10.9999/none").respond_with_json({"errors": []}, status=404)
    router = DoiRouter(
        {
            "crossref": _mk(CrossrefSource, httpserver, "/cr/"),
            "datacite": _mk(DataCiteSource, httpserver, "/dc/"),
        }
    )
    rec = router.lookup_doi("10.9999/lipics.x")
    assert rec is not None and rec.title == "The Minimum Size of Qubit Unextendible Product Bases"
    assert router.lookup_doi("10.9999/none") is None
    assert paths(httpserver) == [
        "/cr/works/10.9999/lipics.x",
        "/dc/dois/10.9999/lipics.x",
        "/cr/works/10.9999/none",
        "/dc/dois/10.9999/none",
    ]
