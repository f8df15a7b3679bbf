"""citations.matching.authors: author lists (the `matching` cases B14 B15)."""

from __future__ import annotations

import unicodedata

from citations.matching.authors import compare_authors, family_key
from citations.model import Author, FieldStatus
from citations.text.fold import fold
from citations.text.names import name_key, parse_author_list, parse_name
from tests.conftest import load_cases

MATCH, CONFLICT, MISSING = FieldStatus.MATCH, FieldStatus.CONFLICT, FieldStatus.MISSING


def test_b14_unicode_hyphens_braces_and_particles() -> None:
    case = load_cases("matching")["B14"]
    inp, exp = case["input"], case["expected"]
    cited, _ = parse_author_list(inp["cited_bibtex_author"])
    record = [Author(**a) for a in inp["record_authors"]]
    assert [family_key(a) for a in record] == exp["normalized_families"]
    assert [family_key(a) for a in cited] == exp["normalized_families"]
    assert any(a.literal for a in cited) == exp["corporate_author_detected"]
    assert (compare_authors(cited, record).status is MATCH) == exp["author_match"]
    neg, _ = parse_author_list(inp["negative_control_cited"])
    fm = compare_authors(neg, record)
    assert (fm.status is MATCH) == exp["negative_control"]["author_match"]
    assert f"author {exp['negative_control']['mismatched_position']}:" in fm.note


def test_b15_latex_nfc_nfd_ascii_spellings_are_one_person() -> None:
    case = load_cases("matching")["B15"]
    inp, exp = case["input"], case["expected"]
    people = [parse_name(v) for v in inp["variants"]]
    assert {name_key(p) for p in people} == {exp["same_person_key_for_all_variants"]}
    assert {fold(p.family) for p in people} == {
        exp["same_person_key_for_all_variants"].split("|")[0]
    }
    for p in people:
        for q in people:
            assert compare_authors([p], [q]).status is MATCH, (p, q)
    nfc, nfd = inp["variants"][2], inp["variants"][3]
    assert (
        fold(unicodedata.normalize("NFC", nfc)) == fold(unicodedata.normalize("NFD", nfd))
    ) == exp["nfc_equals_nfd"]
    trap = parse_name(inp["trap"])
    assert (compare_authors([trap], [people[2]]).status is MATCH) == exp["trap_matches"]


def _a(*names: str) -> list[Author]:
    return [parse_name(n) for n in names]


def test_authors_et_al_truncation_and_initials() -> None:
    record = _a("Kevin Clark", "Minh-Thang Luong", "Quoc Le", "Christopher D. Manning")
    assert (
        compare_authors(_a("K. Clark", "M. Luong", "Q. Le", "C. D. Manning"), record).status
        is MATCH
    )
    assert (
        compare_authors(_a("Kevin Clark", "Minh-Thang Luong"), record, et_al=True).status is MATCH
    )
    assert compare_authors(_a("Kevin Clark", "Others"), record).status is MATCH
    fm = compare_authors(_a("Kevin Clark", "Minh-Thang Luong"), record)
    assert fm.status is CONFLICT and "dropped" in fm.note


def test_authors_added_reordered_renamed_conflict() -> None:
    record = _a("Ana Silva", "Bo Chen", "Carl Diaz")
    assert (
        "added" in compare_authors(_a("Ana Silva", "Bo Chen", "Eve Ng", "Carl Diaz"), record).note
    )
    assert "reordered" in compare_authors(_a("Bo Chen", "Ana Silva", "Carl Diaz"), record).note
    fm = compare_authors(_a("Ana Silva", "Bo Chen", "Carl Dias"), record)
    assert fm.status is CONFLICT and "author 3" in fm.note
    # same family, another given name that belongs to a co-author: a swap, not a nickname
    swapped = compare_authors(
        _a("Viet Lai", "Thien Huu Nguyen", "Tuan Ngo Nguyen"),
        _a("Viet Lai", "Tuan Ngo Nguyen", "Thien Huu Nguyen"),
    )
    assert swapped.status is CONFLICT


def test_given_name_variant_is_a_noted_match() -> None:
    fm = compare_authors(_a("Yuli Gel"), _a("Yulia R. Gel"))
    assert fm.status is MATCH and fm.score < 1.0 and "variant" in fm.note
    assert compare_authors(_a("J. Smith"), _a("Kate Smith")).status is CONFLICT
