"""citations.verify: the entry point, batch behaviour and the result's evidence."""

from __future__ import annotations

from pathlib import Path

import pytest

from citations.errors import InputError
from citations.model import Field, FieldStatus, Reference, Verdict
from citations.verify import VerificationResult, verify, verify_many
from tests.citations._store import FailingSource, acl_rows, rec, ref, store


@pytest.fixture(scope="module")
def acl(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    from citations.sources.importers import record_from_mapping

    rows = acl_rows(300)
    index = store(
        tmp_path_factory.mktemp("v"),
        [record_from_mapping(r, source="acl-anthology", default_id=r["id"]) for r in rows],
    )
    return index, rows


def _string(
    row: dict, *, drop_author: bool = False, year: int | None = None, title: str | None = None
) -> str:
    names = row["authors"][:-1] if drop_author else row["authors"]
    authors = ", ".join(names[:-1]) + (", and " + names[-1] if len(names) > 1 else names[0])
    return f"{authors}. {title or row['title']}. In {row['venue']}, {year or row['year']}."


def _pick(rows: list[dict]) -> dict:
    return next(
        r
        for r in rows
        if 3 <= len(r.get("authors", [])) <= 5
        and ":" not in r["title"]
        and "?" not in r["title"]
        and len(r["title"].split()) >= 6
    )


def test_real_acl_reference_verified_and_corruptions_found(acl) -> None:  # type: ignore[no-untyped-def]
    index, rows = acl
    row = _pick(rows)
    ok = verify(_string(row), [index])
    assert ok.verdict is Verdict.VERIFIED, ok.reason
    assert ok.matched is not None and ok.matched.id == row["id"]
    wrong_year = verify(_string(row, year=row["year"] - 3), [index])
    assert wrong_year.verdict is Verdict.CORRUPTED and wrong_year.differing == (Field.YEAR,)
    assert wrong_year.corrected_reference is not None
    assert wrong_year.corrected_reference.year == row["year"]
    assert str(row["year"]) in (wrong_year.corrected or "")
    dropped = verify(_string(row, drop_author=True), [index])
    assert dropped.verdict is Verdict.CORRUPTED and Field.AUTHORS in dropped.differing


def test_result_carries_evidence(acl) -> None:  # type: ignore[no-untyped-def]
    index, rows = acl
    row = _pick(rows)
    res = verify(_string(row), [index])
    assert res.queries and any("search" in q for q in res.queries)
    assert res.sources[0].ok and res.sources[0].candidates >= 1
    assert res.sources[0].status == "match"
    assert res.candidates[0].same_work and res.candidates[0].record.id == row["id"]
    assert all(0.0 <= c.score <= 1.0 for c in res.candidates)
    assert [c.score for c in res.candidates] == sorted(
        (c.score for c in res.candidates), reverse=True
    )
    title = next(f for f in res.fields if f.field is Field.TITLE)
    assert title.status is FieldStatus.MATCH
    # round-trips as JSON
    again = VerificationResult.model_validate_json(res.model_dump_json())
    assert again == res


def test_fabricated_result_lists_search_evidence(acl) -> None:  # type: ignore[no-untyped-def]
    index, _ = acl
    res = verify(
        "Jane Doe and John Roe. Quantum gradient flows for multilingual parsing. "
        "In Proceedings of ACL, 2021.",
        [index],
    )
    assert res.verdict is Verdict.FABRICATED
    assert res.candidates and not any(c.same_work for c in res.candidates)
    assert res.corrected is None


def test_verify_many_keeps_going_past_bad_items(tmp_path: Path) -> None:
    index = store(tmp_path, [rec("a", "Attention is all you need", ["Ashish Vaswani"], 2017)])
    items: list[str | Reference] = [
        "A. Vaswani. Attention is all you need. 2017.",
        "",
        Reference(raw="???"),
        ref("Attention is all you need", ["A. Vaswani"], 2016),
    ]
    out = verify_many(items, [index])
    assert [r.verdict for r in out] == [
        Verdict.VERIFIED,
        Verdict.UNPARSED,
        Verdict.UNPARSED,
        Verdict.CORRUPTED,
    ]
    assert "empty" in out[1].reason
    threaded = verify_many(items, [index], workers=2)
    assert [r.verdict for r in threaded] == [r.verdict for r in out]


def test_verify_single_bad_input_raises_input_error(tmp_path: Path) -> None:
    with pytest.raises(InputError):
        verify("   ", [store(tmp_path)])


def test_failed_source_is_reported_and_unverified() -> None:
    res = verify("A. Vaswani. Attention is all you need. 2017.", [FailingSource()])
    assert res.verdict is Verdict.UNVERIFIED
    assert res.sources[0].ok is False


def test_corrected_reference_is_built_from_the_record() -> None:
    from citations.resolve import corrected_reference, format_record

    r = rec(
        "x",
        "Deep parsing with graphs",
        ["Ana Silva", "Bo Chen", "Carl Diaz"],
        2020,
        venue="Proceedings of ACL",
        pages="1-10",
        doi="10.5555/dp",
    )
    text = format_record(r)
    assert text == (
        "Ana Silva, Bo Chen, and Carl Diaz. Deep parsing with graphs. "
        "Proceedings of ACL, 1-10, 2020. doi:10.5555/dp"
    )
    cited = Reference(
        raw="Silva et al. Deep parsing. 2019.", title="Deep parsing", year=2019, marker="[3]"
    )
    fixed = corrected_reference(cited, r)
    assert fixed.raw == text and fixed.year == 2020 and fixed.marker == "[3]"
    assert fixed.authors == r.authors
    # a venue that states its volume (ACL Anthology journal venues) does not get it twice
    cl = r.model_copy(
        update={
            "venue": "Computational Linguistics, Volume 23, Number 1, March 1997",
            "volume": "23",
            "issue": "1",
        }
    )
    assert "23(1)" not in format_record(cl) and "Volume 23" in format_record(cl)
    assert "Computational Linguistics, 23(1)," in format_record(
        cl.model_copy(update={"venue": "Computational Linguistics"})
    )


@pytest.mark.parametrize(
    "reference",
    [
        "王小明, 李华 (2020). 基于深度学习的中文分词研究. 中文信息学报, 34(5): 1-10.",
        "山田太郎 (2021). 深層学習による画像認識. 情報処理学会論文誌, 62(4), 100-110.",
        "Иванов И. И. Исследование нейронных сетей для анализа текста // Вестник МГУ. 2019. "
        "Т. 5. С. 10–20.",
        "Παπαδόπουλος Γ. (2018). Μηχανική μάθηση στην ιατρική. Ιατρικά Χρονικά, 12(3), 45-60.",
        "Müller, K. (2017). Über die Anwendung neuronaler Netze. Zeitschrift für Informatik, 3.",
    ],
)
def test_a_reference_in_another_alphabet_is_read_not_unparsed(reference: str) -> None:
    """Chinese, Japanese, Russian, Greek and German references have a title to look up:
    unverified at worst, never "no title-like part could be read"."""
    from citations.parse import parse_reference
    from citations.verify import unreadable_reason

    assert unreadable_reason(parse_reference(reference)) is None
