"""Pure parse_response halves on recorded bodies (no server), and the api-client cases
(B25, B26) and B05's lookup keys."""

from __future__ import annotations

import pytest

from citations.matching.authors import compare_authors
from citations.model import FieldStatus, SourceType
from citations.sources import arxiv, crossref, datacite, doi, europepmc, openalex, semantic_scholar
from citations.text.identifiers import arxiv_api_key, parse_arxiv_id, semantic_scholar_key
from citations.text.names import parse_author_list
from tests.citations.sources._replay import body, index
from tests.conftest import load_cases

PARSERS = {
    "crossref": crossref.parse_response,
    "openalex": openalex.parse_response,
    "arxiv": arxiv.parse_response,
    "semantic-scholar": semantic_scholar.parse_response,
    "datacite": datacite.parse_response,
    "europepmc": europepmc.parse_response,
    "doi-content-negotiation": doi.parse_response,
}


def test_every_recorded_body_parses_without_raising() -> None:
    n = 0
    for e in index():
        recs = PARSERS[e["service"]](body(e["file"]))
        assert isinstance(recs, list)
        for r in recs:
            assert r.source and r.id
        n += 1
    assert n == 47


def test_crossref_found_and_plain_text_404() -> None:
    (rec,) = crossref.parse_response(body("crossref/works_doi_found_plos.json"))
    assert rec.doi == "10.1371/journal.pone.0033693"
    assert rec.title.startswith("Methylphenidate Exposure Induces")
    assert rec.year == 2012 and rec.venue == "PLoS ONE" and rec.authors[0].family == "Sadasivan"
    assert crossref.parse_response(body("crossref/works_doi_not_found.txt")) == []
    assert crossref.parse_response(body("crossref/works_agency_crossref.json")) == []
    (sparse,) = crossref.parse_response(body("crossref/works_doi_sparse_record.json"))
    assert [a.family for a in sparse.authors] == ["Stravopodis"] and sparse.authors[0].given == ""
    assert sparse.pages is None and sparse.volume is None


def test_crossref_lists_and_bare_item_arrays() -> None:
    assert len(crossref.parse_response(body("crossref/works_query_free_text.json"))) == 2
    hits = crossref.parse_response(body("crossref/search_code_as_policies_2023_items.json"))
    assert hits[0].title == "Code as Policies: Language Model Programs for Embodied Control"
    assert hits[0].source_type is SourceType.PAPER and hits[0].year == 2023


def test_openalex_shapes_and_empty_title() -> None:
    (rec,) = openalex.parse_response(body("openalex/works_doi_proceedings_article.json"))
    assert (rec.id, rec.doi, rec.pages, rec.year) == (
        "W3174427814",
        "10.1145/3448016.3452841",
        "1386-1399",
        2021,
    )
    assert rec.authors[0].family == "Pandey"
    (empty,) = openalex.parse_response(body("openalex/works_doi_empty_title_japanese.json"))
    assert empty.title == "" and empty.authors
    assert len(openalex.parse_response(body("openalex/works_sample_1_list_envelope.json"))) == 1
    assert (
        len(openalex.parse_response(body("openalex/search_code_as_policies_2023_results.json")))
        == 5
    )
    (thesis,) = openalex.parse_response(body("openalex/works_doi_missing_author_name.json"))
    assert thesis.source_type is SourceType.THESIS


def test_arxiv_feed_quirks() -> None:
    (rec,) = arxiv.parse_response(body("arxiv/id_1605_08386_found.xml"))
    assert (rec.id, rec.arxiv_id, rec.year) == ("1605.08386v1", "1605.08386", 2016)
    assert arxiv.parse_response(body("arxiv/id_0808_05394_not_found.xml")) == []
    assert arxiv.parse_response(body("arxiv/id_abc_bad_format.xml")) == []  # "Error" entry
    (zero,) = arxiv.parse_response(body("arxiv/id_versioned_2104_12255v1.xml"))
    assert zero.title == "0"
    (old,) = arxiv.parse_response(body("arxiv/id_old_style_astro_ph.xml"))
    assert old.arxiv_id == "astro-ph/0601001"
    (two,) = arxiv.parse_response(body("arxiv/id_list_two_ids.xml"))
    assert two.arxiv_id == "1707.08567"
    assert arxiv.parse_response(b"not xml") == []


def test_semantic_scholar_batch_keeps_nulls_in_order() -> None:
    batch = semantic_scholar.parse_batch(body("semantic-scholar/paper_batch_one_missing.json"))
    assert batch[0] is None and all(r is not None for r in batch[1:])
    assert batch[1] is not None and batch[1].doi == "10.2139/ssrn.288970"
    assert semantic_scholar.parse_response(body("semantic-scholar/paper_id_not_found.json")) == []
    assert (
        semantic_scholar.parse_response(body("semantic-scholar/search_cot_2022_empty.json")) == []
    )


def test_datacite_records() -> None:
    (rec,) = datacite.parse_response(body("datacite/dois_arxiv_2311_16162.json"))
    assert rec.arxiv_id == "2311.16162" and rec.year == 2023 and rec.authors[0].family == "Yin"
    (ds,) = datacite.parse_response(body("datacite/dois_dryad_dataset.json"))
    assert ds.source_type is SourceType.DATASET
    (sw,) = datacite.parse_response(body("datacite/dois_zenodo_software.json"))
    assert sw.source_type is SourceType.SOFTWARE


def test_europepmc_and_doi_negotiation() -> None:
    recs = europepmc.parse_response(body("europepmc/search_lite.json"))
    assert recs[0].authors[0].family == "Schoenfeld" and recs[0].authors[0].given == "J. D."
    assert europepmc.parse_response(body("europepmc/search_no_results.json")) == []
    assert europepmc.parse_response(body("europepmc/search_idlist.json")) == []
    (csl,) = doi.parse_response(body("doi-content-negotiation/csl_json_science_1970.json"))
    assert (csl.title, csl.year, csl.pages) == ("The Structure of Ordinary Water", 1970, "635-641")
    assert doi.parse_response(body("doi-content-negotiation/doi_not_found_html.html")) == []
    assert doi.parse_agency(body("doi-content-negotiation/doi_ra_datacite.json")) == "datacite"
    assert doi.parse_agency(body("doi-content-negotiation/doi_ra_crossref.json")) == "crossref"


# ---------------------------------------------------------------- cases


def test_b25_search_queries() -> None:
    case = load_cases("api client")["B25"]
    titles, exp = case["input"]["titles"], case["expected"]
    got = [
        arxiv.search_query(t)
        for t, target in zip(titles, case["input"]["targets"])
        if target == "arxiv"
    ]
    assert got == exp["arxiv_search_query"]
    oa = openalex.title_search_query(titles[2])
    assert oa == exp["openalex_title_search"]
    for q in got:
        assert q.count(":") == 1 and q.startswith("ti:")
        assert not any(tok.startswith("-") for tok in q.split())
    assert "\u2019" not in oa


def test_b25_invariants_hold_for_awkward_titles() -> None:
    for t in ["-Leading minus: and : colons", "A–B test — “quoted” ‘single’", "x:y:-z"]:
        q = arxiv.search_query(t)
        assert q.count(":") == 1 and not any(tok.lstrip('"').startswith("-") for tok in q.split())
        assert "\u2019" not in openalex.title_search_query(t)


def test_b26_crossref_authors_none_and_editors_excluded() -> None:
    case = load_cases("api client")["B26"]
    got = [crossref.crossref_authors(r) for r in case["input"]["records"]]
    exp = case["expected"]["authors_from_crossref"]
    assert [
        None if g is None else [{"given": a.given, "family": a.family} for a in g] for g in got
    ] == exp
    # fallback authors from OpenAlex authorships match the cited author
    fallback = openalex.openalex_authors(case["input"]["openalex_fallback"])
    cited, _ = parse_author_list(case["input"]["cited_authors"].split("(")[0].strip())
    for g, used, match in zip(
        got, case["expected"]["author_source_used"], case["expected"]["author_match"]
    ):
        authors = fallback if g is None else g
        assert used == ("openalex" if g is None else "crossref")
        fm = compare_authors(cited, authors)
        assert (fm.status is FieldStatus.MATCH) is match


def test_b05_lookup_keys() -> None:
    case = load_cases("identifiers")["B05"]
    a = parse_arxiv_id("arXiv:2301.01234v3")
    assert a is not None
    assert (a.id, a.version) == (case["expected"]["arxiv_id"], case["expected"]["arxiv_version"])
    assert semantic_scholar_key(a) == case["expected"]["semantic_scholar_lookup_key"]
    assert arxiv_api_key(a) == case["expected"]["arxiv_api_lookup_key"]


@pytest.mark.parametrize("parser", list(PARSERS.values()))
def test_parsers_tolerate_garbage(parser) -> None:  # type: ignore[no-untyped-def]
    for junk in [b"", b"null", b"[]", b"{}", b'{"message": 3}', b"\xff\xfe", b'[null, 1, "x"]']:
        assert parser(junk) == []
