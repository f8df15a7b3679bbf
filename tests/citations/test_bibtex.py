"""BibTeX reading: macros, @string, '#' concatenation, months (case C02), broken entries."""

from __future__ import annotations

from citations.bibtex import BadEntry, parse_bibtex
from citations.model import Reference
from tests.conftest import load_cases


def test_c02_month_macros_strings_and_concatenation() -> None:
    case = load_cases("reference parsing")["C02"]
    got = parse_bibtex(case["input"]["bibtex"])
    assert all(isinstance(r, Reference) for r in got)  # one undefined macro aborts nothing
    refs = [r for r in got if isinstance(r, Reference)]
    assert [r.marker for r in refs] == [e["key"] for e in case["expected"]["entries"]]
    moreau, sato = case["expected"]["entries"]
    a, b = refs
    assert a.title == moreau["title"]
    assert a.venue == moreau["journal"]  # the @string, never 'jgrb'
    assert (a.year, a.month, a.volume) == (moreau["year"], moreau["month"], moreau["volume"])
    assert (a.pages or "").replace("\u2013", "-") == moreau["pages"]
    assert a.note in moreau["note_accepts"]  # no '#', no quotes, month macro spelled out
    want = [(x.get("family") or x["literal"], x.get("given", "")) for x in moreau["authors"]]
    assert [(x.family, x.given) for x in a.authors] == want
    assert a.authors[2].literal
    assert a.warnings == ()
    assert (b.venue, b.year, b.month, b.note, b.publisher) == (
        sato["journal"],
        sato["year"],
        sato["month"],
        sato["note"],
        sato["publisher"],
    )
    assert list(b.warnings) == sato["warnings"]
    assert isinstance(a.month, int) and isinstance(b.month, int)


def test_month_field_forms() -> None:
    text = "".join(
        f"@misc{{k{i}, title={{T}}, month = {m}}}\n"
        for i, m in enumerate(["{March}", '"sep."', "11", "{13}", "{Spring}", 'aug # "~9"'])
    )
    months = [r.month for r in parse_bibtex(text) if isinstance(r, Reference)]
    assert months == [3, 9, 11, None, None, None]


def test_broken_entries_are_reported_in_place_with_their_line() -> None:
    text = (
        "@article{good1, title={A fine title}, year=2020}\n"
        "@article{bad1, title={Unclosed, year=2020\n"
        "@article{good2, title={Another title}, year=2021}\n"
        "@article{, title={No key}}\n"
    )
    got = parse_bibtex(text)
    kinds = [type(r).__name__ for r in got]
    assert kinds == ["Reference", "BadEntry", "Reference", "BadEntry"]
    bad = [r for r in got if isinstance(r, BadEntry)]
    assert [b.line for b in bad] == [2, 4]
