"""citations.matching.fields: all fields at once, parse artefacts and preprint years."""

from __future__ import annotations

from citations.matching.fields import compare_fields
from citations.model import Author, Field, FieldStatus, Record, Reference
from citations.text.names import parse_name

MATCH, CONFLICT, MISSING = FieldStatus.MATCH, FieldStatus.CONFLICT, FieldStatus.MISSING


def _a(*names: str) -> list[Author]:
    return [parse_name(n) for n in names]


def test_identical_fields_all_match() -> None:
    r = Record(
        source="t",
        id="1",
        title="A study of things",
        authors=tuple(_a("Ana Silva")),
        year=2020,
        venue="ACL",
        volume="1",
        issue="2",
        pages="1-10",
        publisher="ACL",
        address="Online",
        doi="10.5555/x",
        arxiv_id="2101.00001",
    )
    ref = Reference(raw="x", **r.model_dump(exclude={"source", "id", "notices", "updates"}))
    fms = compare_fields(ref, r)
    assert [f.field for f in fms] == list(Field)
    assert all(f.status is MATCH and f.score == 1.0 for f in fms)


def test_a_preprint_cited_with_its_own_year_is_not_a_wrong_year() -> None:
    from citations.model import FieldStatus, Record, Reference

    published = Record(
        source="t", id="1", title="BERT", year=2019, venue="Proceedings of NAACL-HLT 2019"
    )
    preprint = Reference(
        raw="x",
        title="BERT",
        year=2018,
        venue="arXiv preprint arXiv:1810.04805",
        arxiv_id="1810.04805",
    )
    year = next(f for f in compare_fields(preprint, published) if f.field.value == "year")
    assert year.status is FieldStatus.MATCH and "preprint" in year.note
    # the same year gap without a preprint is still a conflict
    journal = preprint.model_copy(update={"venue": "NAACL", "arxiv_id": None})
    year = next(f for f in compare_fields(journal, published) if f.field.value == "year")
    assert year.status is FieldStatus.CONFLICT


def test_parse_artefacts_are_not_conflicts() -> None:
    from citations.matching.title import title_written_in
    from citations.matching.year import year_written_in

    raw = (
        "Smith, J. and Jones, K. (2017) 'Learning to parse references', in Proceedings of the 55th "
        "Annual Meeting of the ACL, pp. 1-10."
    )
    assert title_written_in(
        raw,
        "Learning to parse references",
        "'Learning to parse references', in Proceedings of the 55th Annual Meeting",
    )
    # a title with a word added inside the same sentence is a real difference
    assert not title_written_in(
        "Vaswani A. Attention is all you need for everything. NeurIPS 2017.",
        "Attention is all you need",
        "Attention is all you need for everything",
    )
    # an unpunctuated string: the title after the last initial, then the record venue's
    # acronym and the year; not with a word added before it
    naacl = (
        "Proceedings of the 2019 Conference of the North American Chapter of the Association for "
        "Computational Linguistics"
    )
    sloppy = "bhatia g mahanta c  datelogicqa benchmarking temporal biases  naacl 2019 pp 1-9"
    title = "DateLogicQA: Benchmarking Temporal Biases"
    assert title_written_in(sloppy, title, "datelogicqa benchmarking temporal biases naacl", naacl)
    assert not title_written_in(
        sloppy.replace("c  datelogicqa", "c robust datelogicqa"),
        title,
        "robust datelogicqa benchmarking temporal biases naacl",
        naacl,
    )
    assert not title_written_in(
        sloppy, title, "datelogicqa benchmarking temporal biases naacl", "Proceedings of LREC 2019"
    )
    assert year_written_in("Shen L. Title. In: Proc ACL; 2012. p. 1622-1627.", 2012, 1627)
    assert not year_written_in("Shen L. Title. In: Proc ACL; 2013. p. 1622-1627.", 2012, 2013)
    rec = Record(source="t", id="1", title="Learning to parse references", year=2017)
    cited = Reference(raw=raw, title="'Learning to parse references', in Proceedings", year=1627)
    fields = {f.field: f for f in compare_fields(cited, rec)}
    assert (
        fields[Field.TITLE].status is FieldStatus.MATCH and "boundary" in fields[Field.TITLE].note
    )
    assert fields[Field.YEAR].status is FieldStatus.CONFLICT  # 1627 is not in a range here
