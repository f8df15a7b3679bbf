"""Identifiers: DOI finding/normalising (B01, B02), arXiv ids (B04, B05)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from citations.text.identifiers import (
    ArxivId,
    arxiv_api_key,
    doi_key,
    doi_url,
    find_arxiv_ids,
    find_dois,
    find_urls,
    normalize_doi,
    parse_arxiv_id,
    semantic_scholar_key,
)
from tests.conftest import load_cases


def test_b01_sici_doi_kept_whole() -> None:
    case = load_cases("identifiers")["B01"]
    exp = case["expected"]
    dois = find_dois(case["input"]["text"])
    assert dois == [exp["doi"]]
    assert doi_key(dois[0]) == exp["doi_key"]
    assert doi_url(dois[0]) == exp["resolver_url"]
    for bad in exp["must_not_equal"]:
        assert dois[0] != bad


def test_b02_trailing_punctuation() -> None:
    case = load_cases("identifiers")["B02"]
    got = [find_dois(t) for t in case["input"]["texts"]]
    assert got == [[d] for d in case["expected"]["dois"]]


def test_b04_arxiv_old_new_and_mixed_forms() -> None:
    case = load_cases("identifiers")["B04"]
    for text, exp in zip(case["input"]["strings"], case["expected"]["ids"], strict=True):
        found = find_arxiv_ids(text)
        if exp is None:
            assert found == [], text
            continue
        assert len(found) == 1, text
        a = found[0]
        assert (a.id, a.version, a.scheme) == (exp["arxiv_id"], exp["version"], exp["scheme"]), text
        assert a.warning == exp.get("warning"), text


def test_b05_lookup_keys() -> None:
    case = load_cases("identifiers")["B05"]
    exp = case["expected"]
    found = find_arxiv_ids(case["input"]["reference"])
    assert len(found) == 1
    a = found[0]
    assert (a.id, a.version) == (exp["arxiv_id"], exp["arxiv_version"])
    assert semantic_scholar_key(a) == exp["semantic_scholar_lookup_key"]
    assert arxiv_api_key(a) == exp["arxiv_api_lookup_key"]
    assert semantic_scholar_key("2301.01234v3") == "ARXIV:2301.01234"


def test_resolver_and_encoded_forms() -> None:
    assert normalize_doi("https://doi.org/10.1000/ABC.123") == "10.1000/ABC.123"
    assert normalize_doi("http://dx.doi.org/10.1000/abc") == "10.1000/abc"
    assert normalize_doi("doi:10.1000/abc.") == "10.1000/abc"
    assert normalize_doi("info:doi/10.1000/abc") == "10.1000/abc"
    assert (
        normalize_doi("https://doi.org/10.1002%2F%28SICI%291097-4571%3C1%3E")
        == "10.1002/(SICI)1097-4571<1>"
    )
    assert normalize_doi("not a doi") is None
    assert normalize_doi("") is None
    assert doi_key("https://doi.org/10.1000/ABC") == doi_key("10.1000/abc")


def test_find_dois_dedups_case_insensitively_and_ignores_html_tail() -> None:
    assert find_dois("10.1000/AbC and 10.1000/abc") == ["10.1000/AbC"]
    assert find_dois('<a href="x">10.1000/xyz</a>') == ["10.1000/xyz"]


def test_arxiv_validity_rules() -> None:
    assert parse_arxiv_id("2301.01234v3") == ArxivId("2301.01234", 3, "new")
    assert parse_arxiv_id("1412.1234") == ArxivId("1412.1234", None, "new")
    assert parse_arxiv_id("1412.12345") is None  # 5 digits only from 1501
    assert parse_arxiv_id("1501.1234") is None  # 4 digits only to 1412
    assert parse_arxiv_id("0613.0001") is None  # month 13
    assert parse_arxiv_id("arXiv:astro-ph/0703001") == ArxivId("astro-ph/0703001", None, "old")
    assert parse_arxiv_id("hep-th/0813001") is None  # month 13
    assert parse_arxiv_id("") is None
    assert find_arxiv_ids("CoRR, abs/2403.07974, 2024") == [ArxivId("2403.07974", None, "new")]
    assert find_arxiv_ids("doi: 10.48550/arXiv.2403.07974") == [ArxivId("2403.07974", None, "new")]
    assert find_arxiv_ids("see https://arxiv.org/pdf/2106.09685v2.pdf") == [
        ArxivId("2106.09685", 2, "new")
    ]
    assert find_arxiv_ids("Table 2301.01234 shows") == []  # no cue, no id
    assert str(ArxivId("2301.01234", 3, "new")) == "2301.01234v3"


def test_find_urls_trims_prose() -> None:
    spans = find_urls("See (https://example.org/a_(b)) and https://x.org/y.")
    assert [u for _, _, u in spans] == ["https://example.org/a_(b)", "https://x.org/y"]


@given(st.from_regex(r"10\.[0-9]{4,6}/[A-Za-z0-9._;()<>:-]{1,20}", fullmatch=True))
def test_normalize_doi_idempotent(s: str) -> None:
    n = normalize_doi(s)
    if n is not None:
        assert normalize_doi(n) == n
        assert normalize_doi(doi_url(n)) == n


_ARXIV_PIECES = st.sampled_from(
    [
        "arXiv:",
        "arxiv preprint arXiv:",
        "arxiv.org/abs/",
        "abs/",
        "10.48550/arXiv.",
        "hep-th/9901001",
        "math.AG/0112019",
        "hep-th/",
        "cs.CL/",
        "math/",
        "astro-ph.",
        "/",
        "1706.03762",
        "1412.6980",
        "0704.0001",
        "2301.01234v2",
        "0112019",
        "9901001v3",
        "1234.5678",
        "12345",
        ".",
        " ",
        ", ",
        "v",
        "x",
        "CS",
        "(",
        ")",
        "0",
        "9",
    ]
)


@given(st.lists(_ARXIV_PIECES, max_size=12).map("".join))
def test_arxiv_search_finds_what_the_full_patterns_find(text: str) -> None:
    """The quick tests find_arxiv_spans runs first ("/" present, a dddd.dddd number) only
    skip texts in which the full patterns cannot match."""
    from citations.text import identifiers as ids

    hits: list[tuple[int, int, object]] = []
    for m in ids._NEW_CUED_RE.finditer(text):
        a = ids._from_new(m)
        if a is not None:
            hits.append((m.start(), m.end(), a))
    for m in ids._OLD_RE.finditer(text):
        if not any(s <= m.start() < e for s, e, _ in hits):
            a = ids._from_old(m)
            if a is not None:
                hits.append((m.start(), m.end(), a))
    assert ids.find_arxiv_spans(text) == sorted(hits, key=lambda h: h[0])
