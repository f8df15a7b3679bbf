"""citations.decide (through verify with small stores): the `decision` cases B20 B22 B23,
and the verdict policies (ambiguous, unverified when a source fails, fabricated)."""

from __future__ import annotations

from pathlib import Path

from citations.decide import Compared, decide, is_same_work, same_record_group, work_type
from citations.matching.fields import compare_fields
from citations.model import Field, Record, Reference, SourceType, Verdict
from citations.text.names import parse_name
from citations.verify import verify
from tests.citations._store import FailingSource, rec, ref, store
from tests.conftest import load_cases

# the cases' label words, mapped to the library's verdicts
VERDICT = {
    "correct": Verdict.VERIFIED,
    "corrupted": Verdict.CORRUPTED,
    "fabricated": Verdict.FABRICATED,
    "unverifiable": Verdict.UNVERIFIED,
}


def _names(names: list[str]) -> tuple:
    # "Hallam, C." style
    return tuple(parse_name(n) for n in names)


def _record(rid: str, d: dict, source: str = "test") -> Record:
    return Record(
        source=d.get("source", source),
        id=rid,
        title=d["title"],
        authors=_names(d.get("authors", [])),
        year=d.get("year"),
        venue=d.get("container"),
        volume=d.get("volume"),
        issue=d.get("issue"),
        pages=d.get("page"),
        doi=d.get("doi"),
    )


def test_b20_doi_of_another_work_is_corrupted_doi(tmp_path: Path) -> None:
    case = load_cases("decision")["B20"]
    inp, exp = case["input"], case["expected"]
    ((doi, target),) = inp["mock_doi_lookup"].items()
    records = [
        _record("doi-target", {**target, "doi": doi}),
        _record("real", inp["mock_title_search"][0]),
    ]
    index = store(tmp_path, records)
    res = verify(inp["reference"], [index])
    assert res.verdict is VERDICT[exp["verdict"]]
    assert Field(exp["field"]) in res.differing
    assert res.corrected_reference is not None
    assert res.corrected_reference.doi == exp["correct_value"]
    doi_fm = next(f for f in res.fields if f.field is Field.DOI)
    assert "another work" in doi_fm.note or doi_fm.found == exp["correct_value"]
    # second case: the cited DOI is one character off and resolves nowhere
    second = exp["second_case"]
    index2 = store(
        tmp_path,
        [
            rec(
                "calc",
                "Numerical continuation of limit cycles",
                ["Ada Lind", "Bo Park"],
                2007,
                venue="Calcolo",
                doi=second["correct_value"],
            )
        ],
        name="t2.sqlite",
    )
    cited = ref(
        "Numerical continuation of limit cycles",
        ["A. Lind", "B. Park"],
        2007,
        venue="Calcolo",
        doi=inp["second_case"]["cited_doi"],
    )
    res2 = verify(cited, [index2])
    assert res2.verdict is VERDICT[second["verdict"]]
    assert res2.differing == (Field(second["field"]),)
    assert res2.corrected_reference is not None
    assert res2.corrected_reference.doi == second["correct_value"]


def test_b22a_conference_title_with_journal_doi(tmp_path: Path) -> None:
    case = load_cases("decision")["B22"]
    inp, exp = case["input"]["case_a"], case["expected"]["case_a"]
    records = [
        _record("journal", {**inp["mock_doi_lookup"], "doi": "10.5555/fmsd.2001.18.2.141"}),
        _record("conf", inp["mock_title_search"][0]),
    ]
    res = verify(inp["reference"], [store(tmp_path, records)])
    assert res.verdict is VERDICT[exp["verdict"]]
    assert res.verdict.value not in exp["must_not_be"]
    assert Field(exp["field"]) in res.differing
    assert res.corrected_reference is not None
    assert res.corrected_reference.doi == exp["correct_value"]


def test_b22b_preprint_year_with_journal_venue_is_verified(tmp_path: Path) -> None:
    case = load_cases("decision")["B22"]
    inp, exp = case["input"]["case_b"], case["expected"]["case_b"]
    records = [_record(f"r{i}", r) for i, r in enumerate(inp["mock_records"])]
    res = verify(inp["reference"], [store(tmp_path, records)])
    assert res.verdict is VERDICT[exp["verdict"]]
    assert res.verdict.value not in exp["must_not_be"]
    assert any("year" in w and "version" in w for w in res.warnings)


def test_b23_unindexed_work_types_are_unverified(tmp_path: Path) -> None:
    case = load_cases("decision")["B23"]
    inp, exp = case["input"], case["expected"]
    # "no match anywhere, except a record titled 'Clean harbors' by L. McGraw"
    index = store(
        tmp_path,
        [
            rec("dblp-1", "Clean harbors", ["L. McGraw"], 2010),
            rec("other", "Sediment transport in braided rivers of Brazil", ["Ana Souza"], 2016),
        ],
    )
    for raw, want in zip(inp["references"], exp["verdicts"]):
        res = verify(raw, [index])
        assert res.verdict is VERDICT[want], (raw, res.verdict, res.reason)
        assert res.verdict.value not in exp["must_not_be"]
        assert Field.AUTHORS not in res.differing


def test_fabricated_when_sources_answer_and_nothing_fits(tmp_path: Path) -> None:
    index = store(tmp_path, [rec("a", "Attention is all you need", ["Ashish Vaswani"], 2017)])
    res = verify(
        ref("Quantum gradient flows for multilingual parsing", ["Jane Doe"], 2021), [index]
    )
    assert res.verdict is Verdict.FABRICATED
    assert res.queries and res.sources[0].ok


def test_a_failing_source_never_yields_fabricated(tmp_path: Path) -> None:
    down = FailingSource()
    res = verify(ref("Quantum gradient flows for multilingual parsing", ["Jane Doe"], 2021), [down])
    assert res.verdict is Verdict.UNVERIFIED
    assert not res.sources[0].ok and "connection refused" in (res.sources[0].error or "")
    assert res.sources[0].status == "error"
    # with a working source that finds the work, the failure does not hide it
    index = store(tmp_path, [rec("a", "Attention is all you need", ["Ashish Vaswani"], 2017)])
    res2 = verify(ref("Attention is all you need", ["A. Vaswani"], 2017), [down, index])
    assert res2.verdict is Verdict.VERIFIED
    assert [s.status for s in res2.sources] == ["error", "match"]


def test_ambiguous_when_two_distinct_works_fit(tmp_path: Path) -> None:
    index = store(
        tmp_path,
        [
            rec("w1", "A survey of parsing", ["Ana Silva"], 2010, doi="10.5555/one"),
            rec("w2", "A survey of parsing", ["Ana Silva"], 2010, doi="10.5555/two"),
        ],
    )
    res = verify(ref("A survey of parsing", ["A. Silva"]), [index])
    assert res.verdict is Verdict.AMBIGUOUS
    # the year and DOI single one out
    res2 = verify(ref("A survey of parsing", ["A. Silva"], 2010, doi="10.5555/two"), [index])
    assert res2.verdict is Verdict.VERIFIED and res2.matched is not None
    assert res2.matched.id == "w2"


def test_unparsed_without_title_or_identifier() -> None:
    d = decide(Reference(raw="???"), [])
    assert d.verdict is Verdict.UNPARSED


def test_policies_directly() -> None:
    r = rec("a", "Deep parsing with graphs", ["Ana Silva", "Bo Chen"], 2020, doi="10.5555/a")
    # title partly wrong but authors right: the same work, corrupted
    c = Compared(
        r,
        compare_fields(ref("Shallow parsing with trees", ["A. Silva", "B. Chen"], 2020), r),
        "search",
        "test",
    )
    assert is_same_work(c)
    # title partly similar, nobody in common: another work
    c2 = Compared(
        r, compare_fields(ref("Deep parsing of sentences", ["Xu Wei"], 2020), r), "search", "test"
    )
    assert not is_same_work(c2)
    assert same_record_group(r, r.model_copy(update={"id": "b", "year": 2019}))
    assert not same_record_group(r, r.model_copy(update={"id": "b", "doi": "10.5555/b"}))
    assert (
        work_type(Reference(raw="X. Tidewatch (Version 2.1) [Computer software]."))
        is SourceType.SOFTWARE
    )
    assert (
        work_type(Reference(raw="A. B. Deep nets. In Proc. ACL, 2020, pp. 1-9."))
        is SourceType.PAPER
    )


def test_not_found_in_a_non_exhaustive_index_is_unverified(tmp_path: Path) -> None:
    index = store(
        tmp_path, [rec("a", "Attention is all you need", ["Ashish Vaswani"], 2017)], complete=False
    )
    res = verify(
        ref("Quantum gradient flows for multilingual parsing", ["Jane Doe"], 2021), [index]
    )
    assert res.verdict is Verdict.UNVERIFIED and "exhaustive" in res.reason
    # a match is still a match
    ok = verify(ref("Attention is all you need", ["A. Vaswani"], 2017), [index])
    assert ok.verdict is Verdict.VERIFIED


def test_sloppy_string_with_a_resolving_doi_is_never_fabricated(tmp_path: Path) -> None:
    real = rec(
        "r1",
        "Pre-training for language models in Portuguese",
        ["Li, Yan", "Zhao, Hai"],
        2019,
        doi="10.1234/ptlm.2019.7",
        venue="Anais do Congresso",
    )
    index = store(tmp_path, [real])
    for text in (
        "Li, Y.; Zhao, H. Pre-training for language models in Portuguese. Anais do Congresso, 2019. "
        "DOI: 10.1234/ptlm.2019.7",
        "li, y.; zhao, h. pre-training for language models in portuguese. anais do congresso "
        "2019 doi 10.1234/ptlm.2019.7",
        "LI,  Y.;  ZHAO,  H.  Pre-training  for  language  models  in  Portuguese  2019  "
        "https://doi.org/10.1234/ptlm.2019.7",
    ):
        res = verify(text, [index])
        assert res.verdict is Verdict.VERIFIED, (text, res.reason)


def test_an_author_year_mention_alone_is_unverified_not_unparsed() -> None:
    """What an answer's "(Beltagy et al., 2019)" gives when no list entry spells it out:
    readable, but not enough to tell the work."""
    from citations.extract import extract_citations

    (cited,) = extract_citations("SciBERT was trained on papers (Beltagy et al., 2019).")
    d = decide(cited.reference, [])
    assert d.verdict is Verdict.UNVERIFIED and "only authors and a year" in d.reason
    assert decide(Reference(raw="@@ ##"), []).verdict is Verdict.UNPARSED


def test_an_online_conference_address_is_not_a_web_page() -> None:
    raw = (
        "7. zhao z chen p. calculating selectional preferences in: proceedings of the ninth joint conference "
        "on lexical and computational semantics; barcelona spain (online): association for computational "
        "linguistics; 2011. pp 182-191."
    )
    assert work_type(Reference(raw=raw, source_type=SourceType.WEB)) is SourceType.PAPER
    blog = "Smith, J. (2020). How we ship (Online). My blog. https://example.org/post"
    assert work_type(Reference(raw=blog, source_type=SourceType.WEB)) is SourceType.WEB
