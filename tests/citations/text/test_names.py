"""Names: folding (B15), particles and compound surnames (B07, B12), BibTeX braces (B14)."""

from __future__ import annotations

import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from citations.matching.authors import family_key
from citations.text.fold import delatex
from citations.text.fold import fold_key as fold
from citations.text.names import name_key, parse_author_list, parse_name
from tests.conftest import load_cases


def test_b15_same_person_key_for_all_spellings() -> None:
    case = load_cases("matching")["B15"]
    exp = case["expected"]
    keys = {name_key(parse_name(v)) for v in case["input"]["variants"]}
    assert keys == {exp["same_person_key_for_all_variants"]}
    nfc = unicodedata.normalize("NFC", "Höglund, Märta")
    nfd = unicodedata.normalize("NFD", "Höglund, Märta")
    assert nfc != nfd
    assert (name_key(parse_name(nfc)) == name_key(parse_name(nfd))) is exp["nfc_equals_nfd"]
    assert (
        name_key(parse_name(case["input"]["trap"])) == exp["same_person_key_for_all_variants"]
    ) is exp["trap_matches"]


def test_b14_braced_surnames_are_people_and_hyphens_fold() -> None:
    case = load_cases("matching")["B14"]
    exp = case["expected"]
    cited = [parse_name(x) for x in case["input"]["cited_bibtex_author"].split(" and ")]
    assert [family_key(a) for a in cited] == exp["normalized_families"]
    assert any(a.literal for a in cited) is exp["corporate_author_detected"]
    record = [parse_name(f"{r['family']}, {r['given']}") for r in case["input"]["record_authors"]]
    assert [family_key(a) for a in record] == exp[
        "normalized_families"
    ]  # U+2010 folded, not deleted
    assert [name_key(a) for a in cited] == [name_key(a) for a in record]
    trap = [parse_name(x) for x in case["input"]["negative_control_cited"].split(" and ")]
    diff = [i for i, (a, b) in enumerate(zip(trap, record)) if name_key(a) != name_key(b)]
    assert diff == [exp["negative_control"]["mismatched_position"] - 1]


def test_b07_free_names_and_match_keys() -> None:
    case = load_cases("reference parsing")["B07"]
    exp = case["expected"]
    for text, want in zip(case["input"]["free_names"], exp["free_names"], strict=True):
        a = parse_name(text)
        assert (a.given, a.family) == (want["given"], want["family"])
    for left, right in exp["match_keys_equal"]:
        assert name_key(parse_name(left)) == name_key(parse_name(right)), (left, right)


def test_b12_author_lists_by_language() -> None:
    case = load_cases("reference parsing")["B12"]
    exp = case["expected"]
    lists = [
        ("Quiroga, L. y Benítez, M.", "es"),
        ("Lozano y Vidal, R.", "es"),
        ("Almeida, R. e Teixeira, C.", "pt"),
        ("ALMEIDA, R. et al.", "pt"),
        ("Brenner, K., Vogt, A. und Lanz, S.", "de"),
        ("Brenner, K. u. a.", "de"),
        ("Pereira, A. H., & Østby, C. T.", "en"),
    ]
    for (text, lang), want, et_al in zip(lists, exp["authors"], exp["et_al"], strict=True):
        authors, got_et_al = parse_author_list(text, lang_hint=lang)
        assert [{"family": a.family, "given": a.given} for a in authors] == want, text
        assert got_et_al is et_al, text


def test_name_forms() -> None:
    assert parse_name("Altschul SF").given == "S. F."
    a = parse_name("E. M. van Mulligen")
    assert (a.family, a.given) == ("van Mulligen", "E. M.")
    a = parse_name("Smith, Jr., John")
    assert (a.family, a.given) == ("Smith", "John Jr.")
    a = parse_name("{World Health Organization}")
    assert a.literal and a.family == "World Health Organization"
    assert parse_name("").family == ""
    assert parse_name("Quoc V. Le").family == "Le"


def test_given_first_and_vancouver_lists() -> None:
    authors, et_al = parse_author_list("Bowen Liu, Quang Luu Nguyen, and Vijay Pande")
    assert [(a.family, a.given) for a in authors] == [
        ("Liu", "Bowen"),
        ("Nguyen", "Quang Luu"),
        ("Pande", "Vijay"),
    ]
    authors, et_al = parse_author_list("Afgan E, Baker D, van den Beek M, Čech M, et al.")
    assert [a.family for a in authors] == ["Afgan", "Baker", "van den Beek", "Čech"] and et_al
    assert parse_author_list("") == ([], False)


def test_slashed_capitalised_and_compound_family_lists() -> None:
    def pairs(text: str) -> list[tuple[str, str]]:
        return [(a.family, a.given) for a in parse_author_list(text)[0]]

    # German "/" between names; not a slash inside a name, a role or a term
    assert pairs("Krause, Jan/Vogel, Eva") == [("Krause", "Jan"), ("Vogel", "Eva")]
    assert pairs("Irmtraud Schnell/ Alfred Sander/ Claudia Federolf") == [
        ("Schnell", "Irmtraud"),
        ("Sander", "Alfred"),
        ("Federolf", "Claudia"),
    ]
    assert pairs("Moore, M. (Writer/Director)") == [("Moore", "M. (Writer/Director)")]
    # Vancouver typed in capitals, two-letter families too
    assert pairs("HUANG L, ZHOU P, MCALLISTER SJ.") == [
        ("Huang", "L."),
        ("Zhou", "P."),
        ("Mcallister", "S. J."),
    ]
    assert pairs("LI H, WU Y") == [("Li", "H."), ("Wu", "Y.")]
    # Vancouver with its punctuation lost: initials of one letter each, a particle's too
    assert pairs("zhu y xian y fu z melo g d zhang y") == [
        ("zhu", "Y."),
        ("xian", "Y."),
        ("fu", "Z."),
        ("melo", "G. D."),
        ("zhang", "Y."),
    ]
    assert pairs("oostdijk n heuvel h v d") == [("oostdijk", "N."), ("heuvel", "H. V. D.")]
    assert pairs("shen l zhao h li y") == [("shen", "L."), ("zhao", "H."), ("li", "Y.")]
    # ABNT and Chicago forms unchanged
    assert pairs("SHEN, L.; LI, H.") == [("Shen", "L."), ("Li", "H.")]
    assert pairs("Delgado, Marco, and Ruth Feinberg") == [
        ("Delgado", "Marco"),
        ("Feinberg", "Ruth"),
    ]


def test_delatex_and_fold() -> None:
    assert delatex(r"Sch\"{o}lkopf and {\o}stby \& co --- x") == "Schölkopf and østby & co — x"
    assert fold("Keller\u2010Amadi") == "keller-amadi"
    assert fold(r"{\L}ukasz \'{E}mile \c{c}a") == "lukasz emile ca"
    assert fold("Straße  Ærø") == "strasse aero"


@given(st.text(max_size=40))
def test_fold_idempotent(s: str) -> None:
    assert fold(fold(s)) == fold(s)


def test_fold_idempotent_on_compatibility_braces() -> None:
    """NFKD turns presentation forms into braces ("︷" -> "{"), which fold removes."""
    for s in ("\ufe37", "a\ufe38b", "\uff5bx\uff5d", "\ufe68y"):
        assert fold(fold(s)) == fold(s)
