"""Abstract fallback on the recorded OpenAlex and arXiv responses (local server, no network),
the on-disk cache, failing sources, and the abstract as a judged text."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from citations.parse import parse_reference
from grounding.audit import AbstractFinder, audit, text_document
from grounding.evidence import EvidenceIndex
from tests.citations.sources._replay import FAST, serve

REVIEW = """Data repositories can follow a practical roadmap that makes 11 specific recommendations for implementing data citation [1].
The roadmap was adopted by 500 repositories within a year [1].
The diameter of graphs on fibers of a fixed integer matrix can be bounded from above by a constant [2].

References

[1] Fenner, M., Crosas, M., et al. 2017. A Data Citation Roadmap for Scholarly Data Repositories. bioRxiv. doi:10.1101/097196
[2] Bruns, W. and others. 2016. Heat-bath random walks with Markov bases. arXiv:1605.08386
"""


def _serve_all(httpserver: Any) -> dict[str, str]:
    serve(
        httpserver,
        "/oa/",
        "works/https://doi.org/10.1101/097196",
        "openalex/works_doi_preprint_biorxiv.json",
    )
    serve(
        httpserver,
        "/ax/",
        "query",
        "arxiv/id_1605_08386_found.xml",
        query={"id_list": "1605.08386", "max_results": "1"},
    )
    return {"openalex": httpserver.url_for("/oa/"), "arxiv": httpserver.url_for("/ax/")}


def test_abstracts_by_doi_and_arxiv_id_judged_and_cached(httpserver: Any, tmp_path: Path) -> None:
    cfg = dataclasses.replace(FAST, cache_path=tmp_path / "http.sqlite")
    urls = _serve_all(httpserver)
    with AbstractFinder.from_names(("openalex", "arxiv"), cfg, base_urls=urls) as finder:
        report = audit(REVIEW, abstracts=finder)
    assert [(w.source, w.matched_by) for w in report.works] == [
        ("abstract", "openalex"),
        ("abstract", "arxiv"),
    ]
    supports = [(p.sentence_id, report.works[p.work].cited.number, p.support) for p in report.pairs]
    assert supports == [("S1", 1, "supported"), ("S2", 1, "nei"), ("S3", 2, "supported")]
    nei = report.pairs[1]
    assert "abstract only" in nei.rationale
    rec = report.records()[0]
    assert rec["source"] == "abstract" and rec["evidence"][0]["page"] is None
    assert "makes 11 specific" in " ".join(e["text"] for e in rec["evidence"])
    n = len(httpserver.log)
    assert n == 2
    # a second run, offline: answered from the cache, nothing sent
    offline = dataclasses.replace(cfg, offline=True)
    with AbstractFinder.from_names(("openalex", "arxiv"), offline, base_urls=urls) as finder:
        again = audit(REVIEW, abstracts=finder)
    assert [w.source for w in again.works] == ["abstract", "abstract"]
    assert len(httpserver.log) == n


def test_failing_source_is_noted_and_the_next_one_asked(httpserver: Any) -> None:
    # Semantic Scholar answers 500 for everything; OpenAlex has the record
    httpserver.expect_request("/s2/paper/DOI:10.1101/097196").respond_with_data("boom", status=500)
    serve(
        httpserver,
        "/oa/",
        "works/https://doi.org/10.1101/097196",
        "openalex/works_doi_preprint_biorxiv.json",
    )
    ref = parse_reference("Fenner, M. 2017. A Data Citation Roadmap. doi:10.1101/097196")
    with AbstractFinder.from_names(
        ("semantic_scholar", "openalex"),
        FAST,
        base_urls={
            "semantic_scholar": httpserver.url_for("/s2/"),
            "openalex": httpserver.url_for("/oa/"),
        },
    ) as finder:
        found, notes = finder.find(ref)
    assert found is not None and found.source == "openalex"
    assert found.text.startswith("Abstract This article presents")
    assert notes == [] or all("semantic_scholar" in n for n in notes)


def test_no_abstract_anywhere_is_unavailable(httpserver: Any) -> None:
    serve(
        httpserver,
        "/ax/",
        "query",
        "arxiv/id_0808_05394_not_found.xml",
        query={"id_list": "1605.08386", "max_results": "1"},
    )
    review = "Random walks mix fast [1].\n\nReferences\n\n[1] Bruns, W. 2016. Heat-bath random walks. arXiv:1605.08386\n"
    with AbstractFinder.from_names(
        ("arxiv",), FAST, base_urls={"arxiv": httpserver.url_for("/ax/")}
    ) as finder:
        report = audit(review, abstracts=finder)
    (pair,) = report.pairs
    assert pair.support == "unavailable" and report.works[0].source == "none"
    assert "no abstract found" in pair.rationale


def test_abstract_document_has_words_with_boxes_for_the_index() -> None:
    doc = text_document("alpha beta " * 60, "openalex:W1")
    page = doc.pages[0]
    assert page.text.count("\n") >= 1 and all(
        page.text[w.start : w.end] == w.text for w in page.words
    )
    hits = EvidenceIndex.build(doc).search("alpha beta", k=1)
    assert hits and hits[0].rects


def test_recorded_bodies_give_plain_text_abstracts() -> None:
    from citations.sources import crossref, semantic_scholar
    from tests.citations.sources._replay import body

    cr = crossref.parse_response(body("crossref/works_query_free_text.json"))
    assert cr[0].abstract and "<jats" not in cr[0].abstract
    assert cr[0].abstract.startswith("Communication is perhaps the most important")
    s2 = semantic_scholar.parse_response(body("semantic-scholar/paper_batch_one_missing.json"))
    assert s2[0].abstract and s2[0].abstract.startswith("Most Difference-in-Difference")
    # a record without an abstract field has none
    assert (
        semantic_scholar.parse_response(body("semantic-scholar/paper_doi_found.json"))[0].abstract
        is None
    )


def test_a_verified_record_that_carries_its_abstract_needs_no_request() -> None:
    from citations.model import Record

    rec = Record(source="openalex", id="W1", title="T", abstract="We show that X holds.")
    ref = parse_reference("Doe, J. 2020. T. doi:10.1/x")
    found, notes = AbstractFinder({}).find(ref, rec)
    assert found is not None and found.text == "We show that X holds." and notes == []
