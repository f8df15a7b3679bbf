"""Sentence splitting: exact offsets, scientific abbreviations, lists, gold dev splits."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from annotations.errors import InputError
from annotations.layouts import load_dataset
from grounding.sentences import split_sentences
from tests.conftest import DEV, load_bench, load_cases, need

seg_bench = load_bench("segmentation")

_GAP = re.compile(
    r"(?:\s|[-*+\u2022\u2013]|\d{1,3}[.)]|\(?[a-z][.)]|#{1,6}|>|[^\w\s])*", re.UNICODE
)


def texts(answer: str) -> list[str]:
    return [s.text for s in split_sentences(answer)]


def assert_tiles(answer: str) -> None:
    """Sentences are exact, ordered, non-overlapping; gaps hold no words."""
    pos = 0
    for i, s in enumerate(split_sentences(answer)):
        assert s.index == i and s.id == f"S{i + 1}"
        assert answer[s.start : s.end] == s.text
        assert s.text and not s.text[0].isspace() and not s.text[-1].isspace()
        assert s.start >= pos
        gap = answer[pos : s.start]
        assert _GAP.fullmatch(gap), (gap, answer)
        pos = s.end
    assert _GAP.fullmatch(answer[pos:]), answer[pos:]


# --- cases from public bug reports (component "segmentation") -------------------------


@pytest.fixture(scope="module")
def cases() -> dict[str, dict]:
    return load_cases("segmentation")


def test_b32_et_al_before_year_or_bracket(cases: dict[str, dict]) -> None:
    case = cases["B32"]
    assert texts(case["input"]["text"]) == case["expected"]["sentences"]


def test_b33_text_is_never_rewritten(cases: dict[str, dict]) -> None:
    case = cases["B33"]
    text = case["input"]["text"]
    got = split_sentences(text)
    assert len(got) == case["expected"]["sentence_count"]
    assert_tiles(text)
    joined = " ".join(s.text for s in got)
    for sub in case["expected"]["must_contain_substrings"]:
        assert sub in joined
    for sub in case["expected"]["must_not_contain_substrings"]:
        assert sub not in joined


def test_b35_citation_and_figure_markers(cases: dict[str, dict]) -> None:
    case = cases["B35"]
    assert texts(case["input"]["text"]) == case["expected"]["sentences"]


def test_b36_list_markers_and_missing_space(cases: dict[str, dict]) -> None:
    case = cases["B36"]
    answer = case["input"]["answer"]
    got = texts(answer)
    expected = case["expected"]
    assert sorted(got) == sorted(expected["claims"] + expected["non_claims"])
    assert got == ["Key findings:", *expected["claims"], "See arxiv.org for the preprint."]
    for keep in expected["must_not_split"]:
        assert any(keep in t for t in got)
    assert not any(re.match(r"\d+\.\s|- ", t) for t in got)  # markers are gaps
    assert_tiles(answer)


def test_c07_number_plus_unit_symbol_or_acronym_ends_a_sentence(cases: dict[str, dict]) -> None:
    case = cases["C07"]
    answer = case["input"]["answer"]
    got = texts(answer)
    assert got == case["expected"]["sentences"]
    assert len(got) == case["expected"]["count"]
    for keep in case["expected"]["must_not_split_inside"]:
        assert any(keep in t for t in got)
    assert_tiles(answer)


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        ("The magnet ran at 7 T. Noise was low.", ["The magnet ran at 7 T.", "Noise was low."]),
        ("Add KCl to 1\u00a0M. Stir for an hour.", ["Add KCl to 1\u00a0M.", "Stir for an hour."]),
        ("Strain B2 of E. Coli grew.", ["Strain B2 of E. Coli grew."]),  # a letter, no number
        (
            "Data came from the U.S. NIH archive. Most were adults.",
            ["Data came from the U.S. NIH archive.", "Most were adults."],
        ),
        (
            "Most runs were in the U.S. The rest were in Canada.",
            ["Most runs were in the U.S.", "The rest were in Canada."],
        ),
        ("We climbed Mt. Fuji. It was cold.", ["We climbed Mt. Fuji.", "It was cold."]),
        (
            "Acme Inc. (the sponsor) paid Rs. 3520 each. Nobody left.",
            ["Acme Inc. (the sponsor) paid Rs. 3520 each.", "Nobody left."],
        ),
    ],
)
def test_unit_symbol_after_number_is_not_an_initial(answer: str, expected: list[str]) -> None:
    assert texts(answer) == expected
    assert_tiles(answer)


# --- the kinds behind the cases, on other strings ---------------------------------------


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        (
            "As shown in Fig. 3, accuracy rises. See Eq. 2 for details.",
            ["As shown in Fig. 3, accuracy rises.", "See Eq. 2 for details."],
        ),
        (
            "Figs. 2 and 3 agree (cf. Sec. 4). Tab. 1 lists approx. 40 runs, No. 7 failed.",
            ["Figs. 2 and 3 agree (cf. Sec. 4).", "Tab. 1 lists approx. 40 runs, No. 7 failed."],
        ),
        (
            "It scores 91.5 vs. 90.2 nDCG, i.e. a 1.3 gain. Errors fell 2.1% overall.",
            ["It scores 91.5 vs. 90.2 nDCG, i.e. a 1.3 gain.", "Errors fell 2.1% overall."],
        ),
        (
            "Margins are small, e.g. 90.41 vs. 90.01 on BC5CDR. The rest ties.",
            ["Margins are small, e.g. 90.41 vs. 90.01 on BC5CDR.", "The rest ties."],
        ),
        (
            "Smith et al. (2019) disagree. The curve follows the Robson et al. LISA model.",
            ["Smith et al. (2019) disagree.", "The curve follows the Robson et al. LISA model."],
        ),
        ("It held.[3, 4] It failed.[5-7] Done.", ["It held.[3, 4]", "It failed.[5-7]", "Done."]),
        (
            "**User activity.** SPECTER leads. **Cold start:** The model runs.",
            ["**User activity.**", "SPECTER leads.", "**Cold start:** The model runs."],
        ),
        (
            "**Do hard negatives matter?** Yes: they do.",
            ["**Do hard negatives matter?**", "Yes: they do."],
        ),
        (
            'He wrote "it works." Then he left. Really? Yes!',
            ['He wrote "it works."', "Then he left.", "Really?", "Yes!"],
        ),
        (
            "Code is at https://github.com/org/repo.git and docs at lavis.readthedocs.io. Try it.",
            [
                "Code is at https://github.com/org/repo.git and docs at lavis.readthedocs.io.",
                "Try it.",
            ],
        ),
        (
            "Written by P. C. Peters and J. Mathews. They derived it.",
            ["Written by P. C. Peters and J. Mathews.", "They derived it."],
        ),
        ("It waits... Then it runs.", ["It waits...", "Then it runs."]),
        # a term written with a lower-case first letter opens a sentence
        (
            "The T65S variant is brighter than ECFP. mTurquoise is brighter still.",
            ["The T65S variant is brighter than ECFP.", "mTurquoise is brighter still."],
        ),
        (
            "Cells were kept at 4 C. pH was adjusted to 7.4.",
            ["Cells were kept at 4 C.", "pH was adjusted to 7.4."],
        ),
        (
            "Expression rose twofold. mRNA levels followed. p-values were above 0.05.",
            ["Expression rose twofold.", "mRNA levels followed.", "p-values were above 0.05."],
        ),
        # one letter, a hyphen and a capital: a protein's name ("m-Turquoise2")
        (
            "mCerulean3 has a pK1/2 of 3.2. m-Turquoise2 has a pK1/2 of 3.1.",
            ["mCerulean3 has a pK1/2 of 3.2.", "m-Turquoise2 has a pK1/2 of 3.1."],
        ),
        # ... but not after an abbreviation, nor a plain lower-case word
        ("See e.g. mRNA levels in Fig. 2.", ["See e.g. mRNA levels in Fig. 2."]),
        ("It scored 3.5 vs. pH 7 in the control.", ["It scored 3.5 vs. pH 7 in the control."]),
        ("It uses approx. eGFP as a control.", ["It uses approx. eGFP as a control."]),
        # ... nor after a lower-case abbreviation of a quantity or a route ...
        ("Values at max. pH were lower.", ["Values at max. pH were lower."]),
        ("Samples at conc. pH 7 were stable.", ["Samples at conc. pH 7 were stable."]),
        ("The dose was 5 mg (i.v. mRNA injection).", ["The dose was 5 mg (i.v. mRNA injection)."]),
        # ... nor inside parentheses the sentence opened
        (
            "Spectra (approx. 5 mM. pH 7) were recorded.",
            ["Spectra (approx. 5 mM. pH 7) were recorded."],
        ),
        # closed parentheses, a unit, a figure number: the term opens the next sentence
        (
            "The yield was 5% (Table 1). pH did not matter.",
            ["The yield was 5% (Table 1).", "pH did not matter."],
        ),
        ("The medium held 5 mM. pH 7 was used.", ["The medium held 5 mM.", "pH 7 was used."]),
        ("See Fig. S2. pH was held at 7.", ["See Fig. S2.", "pH was held at 7."]),
        # such an abbreviation before a capital still ends a sentence
        (
            "Values peaked at max. The next run failed.",
            ["Values peaked at max.", "The next run failed."],
        ),
    ],
)
def test_split_kinds(answer: str, expected: list[str]) -> None:
    assert texts(answer) == expected
    assert_tiles(answer)


def test_markdown_structure() -> None:
    answer = (
        "Intro line.\n\n### Title only\nBody one. Body two.\n\n1. First item.\n"
        "2) Second item\n* Third. Fourth.\n\n---\n\n**References**\n"
        "[1] Qwen. Qwen2.5: A party of foundation models, 2024. URL https://x.io/q.\n"
        "- Rein, D., Hou, B. L. GPQA. arXiv:2311.12022, 2023.\n"
    )
    assert texts(answer) == [
        "Intro line.",
        "Title only",
        "Body one.",
        "Body two.",
        "First item.",
        "Second item",
        "Third.",
        "Fourth.",
        "**References**",
        "[1] Qwen. Qwen2.5: A party of foundation models, 2024. URL https://x.io/q.",
        "Rein, D., Hou, B. L. GPQA. arXiv:2311.12022, 2023.",
    ]
    assert_tiles(answer)


def test_reference_section_ends_at_next_heading() -> None:
    answer = "References\n[1] A. Paper. 2020.\n\n### Notes\nOne. Two."
    assert texts(answer) == ["References", "[1] A. Paper. 2020.", "Notes", "One.", "Two."]


@pytest.mark.parametrize("blank", ["", " ", "\n\n", "\t \r\n", "- \n* ", "---"])
def test_blank_text_gives_no_sentences(blank: str) -> None:
    assert split_sentences(blank) == []


def test_offsets_with_crlf_and_unicode() -> None:
    answer = "Ω grows.\r\n- It is 3 × 10^5 km. Done\r\n"
    got = split_sentences(answer)
    assert [s.text for s in got] == ["Ω grows.", "It is 3 × 10^5 km.", "Done"]
    assert_tiles(answer)


def test_rejects_non_string() -> None:
    with pytest.raises(InputError, match="str"):
        split_sentences(b"bytes")  # type: ignore[arg-type]


@settings(max_examples=300, deadline=None)
@given(
    st.text(alphabet=st.sampled_from(list("aB1 .?!\n-*#[](),\"'é:e.g.")), max_size=80)
    | st.text(max_size=60)
)
def test_spans_tile_any_text(answer: str) -> None:
    assert_tiles(answer)


# --- gold splits of GroundQA dev --------------------------------------------------------


def test_dev_gold_split_rate() -> None:
    rows = list(load_dataset(need(DEV)))
    hit, gold_n, pred_n, rows_ok, n = seg_bench.score(rows)
    assert gold_n == 397 and n == 30
    assert hit / gold_n >= 0.95
    assert hit / pred_n >= 0.95
    for row in rows:
        assert_tiles(row.answer_raw)


def test_ellipsis_ends_a_sentence_only_before_a_capital() -> None:
    from grounding.sentences import split_sentences

    texts = lambda a: [s.text for s in split_sentences(a)]  # noqa: E731
    assert texts("SPECTER's averages\u2026 80.0 overall.") == [
        "SPECTER's averages\u2026 80.0 overall."
    ]
    assert texts("It rose... Then it fell.") == ["It rose...", "Then it fell."]


def test_is_heading() -> None:
    from grounding.sentences import is_heading, split_sentences

    answer = "## Summary of Table 2\nSPECTER reaches 80.0.\n  ### Note\n#hashtag here."
    got = [(s.text, is_heading(answer, s)) for s in split_sentences(answer)]
    assert got == [
        ("Summary of Table 2", True),
        ("SPECTER reaches 80.0.", False),
        ("Note", True),
        ("#hashtag here.", False),
    ]


# --- taxonomic abbreviations, German ordinals and dates, number conventions -------------


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        (
            "Colonies of Streptomyces sp. strain K1 grew. Then we measured.",
            ["Colonies of Streptomyces sp. strain K1 grew.", "Then we measured."],
        ),
        (
            "Bacillus spp. and Pseudomonas syringae pv. tomato were found.",
            ["Bacillus spp. and Pseudomonas syringae pv. tomato were found."],
        ),
        (
            "E. coli str. K-12 substr. MG1655 was used. It grew.",
            ["E. coli str. K-12 substr. MG1655 was used.", "It grew."],
        ),
        (
            "Streptomyces sp. ATCC 1234 and Salmonella enterica subsp. enterica grew.",
            ["Streptomyces sp. ATCC 1234 and Salmonella enterica subsp. enterica grew."],
        ),
        (
            "Brassica oleracea var. capitata and Vitis vinifera cv. Merlot were sampled.",
            ["Brassica oleracea var. capitata and Vitis vinifera cv. Merlot were sampled."],
        ),
        (
            "Aedes spp. (n = 12) and Culex sp. DSM 20 were counted.",
            ["Aedes spp. (n = 12) and Culex sp. DSM 20 were counted."],
        ),
        # the negative side: the abbreviation ends the sentence before an ordinary word
        (
            "We isolated a Bacillus sp. The strain grew fast.",
            ["We isolated a Bacillus sp.", "The strain grew fast."],
        ),
        (
            "Two isolates were Pseudomonas spp. However, none grew.",
            ["Two isolates were Pseudomonas spp.", "However, none grew."],
        ),
    ],
)
def test_taxonomic_abbreviations(answer: str, expected: list[str]) -> None:
    assert texts(answer) == expected
    assert_tiles(answer)


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        (
            "Die Sitzung fand am 5. Juni statt. Danach gingen alle.",
            ["Die Sitzung fand am 5. Juni statt.", "Danach gingen alle."],
        ),
        (
            "Er wurde am 3. März 2020 geboren und war der 2. Sohn.",
            ["Er wurde am 3. März 2020 geboren und war der 2. Sohn."],
        ),
        (
            "Am 12. Oktober 1492 kam er an. Das war neu.",
            ["Am 12. Oktober 1492 kam er an.", "Das war neu."],
        ),
        (
            "Die Studie lief vom 1. Januar bis zum 31. Dezember.",
            ["Die Studie lief vom 1. Januar bis zum 31. Dezember."],
        ),
        ("Im 3. Quartal stieg der Wert.", ["Im 3. Quartal stieg der Wert."]),
        # negatives: a number ending a sentence before a capitalised word stays a boundary
        ("The sample size was 12. Results follow.", ["The sample size was 12.", "Results follow."]),
        ("Die Anzahl war 40. Juni war warm.", ["Die Anzahl war 40.", "Juni war warm."]),
        (
            "We ran it 5 times in step 2. Then we stopped.",
            ["We ran it 5 times in step 2.", "Then we stopped."],
        ),
    ],
)
def test_german_ordinals_and_dates(answer: str, expected: list[str]) -> None:
    assert texts(answer) == expected
    assert_tiles(answer)


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        (
            "Der Preis lag bei 2.500 Euro. Danach stieg er auf 2,5 %.",
            ["Der Preis lag bei 2.500 Euro.", "Danach stieg er auf 2,5 %."],
        ),
        (
            "It cost 1.234.567 EUR in total. Costs rose by 3,75 % later.",
            ["It cost 1.234.567 EUR in total.", "Costs rose by 3,75 % later."],
        ),
        (
            "The mean was 2.5 mm and 10,000 cells were counted. Next came 2.500.",
            ["The mean was 2.5 mm and 10,000 cells were counted.", "Next came 2.500."],
        ),
    ],
)
def test_decimal_and_thousands_conventions(answer: str, expected: list[str]) -> None:
    assert texts(answer) == expected
    assert_tiles(answer)


# --- chat-style answers: titleless footnote reference lists, tables, questions ------------


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        (  # footnote-style list closing the answer, no title: one entry a line
            "It drops to 68.1 [1]. It is 67.3[2].\n\n"
            "[1] Cohan et al. 2020. SPECTER: Document-level Learning. ACL.\n"
            "[2] https://arxiv.org/abs/2004.07180",
            [
                "It drops to 68.1 [1].",
                "It is 67.3[2].",
                "[1] Cohan et al. 2020. SPECTER: Document-level Learning. ACL.",
                "[2] https://arxiv.org/abs/2004.07180",
            ],
        ),
        (  # markdown link definitions, blank lines between them
            'See the paper. It helps.\n\n[1]: https://x.org/a "A. Title."\n\n[2]: https://y.org',
            [
                "See the paper.",
                "It helps.",
                '[1]: https://x.org/a "A. Title."',
                "[2]: https://y.org",
            ],
        ),
        (  # a bracketed number opening the answer's only line is body text
            "[1] showed that X rises. Then Y falls.",
            ["[1] showed that X rises.", "Then Y falls."],
        ),
        (  # numbered lines followed by more body text are not a closing list
            "A is 5.\n[1] Smith. Title one. Venue.\nMore text. And more.",
            ["A is 5.", "[1] Smith.", "Title one.", "Venue.", "More text.", "And more."],
        ),
        (  # nothing but numbered lines: no body for them to close
            "[1] a. B c.\n[2] d. E f.",
            ["[1] a.", "B c.", "[2] d.", "E f."],
        ),
    ],
)
def test_titleless_footnote_reference_list(answer: str, expected: list[str]) -> None:
    assert texts(answer) == expected
    assert_tiles(answer)


def test_is_table_header() -> None:
    from grounding.sentences import is_table_header, split_sentences

    answer = (
        "| Variant | Avg |\n|---|:---:|\n| -abstract | 68.1 |\n\n"
        "Setting | Score\n--- | ---\nfull | 80.0\n\n"
        "A | b is not a header.\n---\nThe rule above is a break."
    )
    got = [(s.text, is_table_header(answer, s)) for s in split_sentences(answer)]
    assert got == [
        ("| Variant | Avg |", True),
        ("| -abstract | 68.1 |", False),
        ("Setting | Score", True),
        ("full | 80.0", False),
        ("A | b is not a header.", False),
        ("The rule above is a break.", False),
    ]


def test_is_question() -> None:
    from grounding.sentences import is_question, split_sentences

    answer = (
        "**Do hard negatives matter?** Yes, they add 1.6 points. Why? Is it _robust?_ "
        'He asked "is it 80.0?" The average is 80.0 (is it?). It is "80.0"!'
    )
    got = [(s.text, is_question(s)) for s in split_sentences(answer)]
    assert got == [
        ("**Do hard negatives matter?**", True),
        ("Yes, they add 1.6 points.", False),
        ("Why?", True),
        ("Is it _robust?_", True),
        ('He asked "is it 80.0?"', False),
        ("The average is 80.0 (is it?).", False),
        ('It is "80.0"!', False),
    ]


def test_reference_list_spans() -> None:
    from grounding.sentences import reference_list_spans, split_sentences

    answer = (
        "It is 80.0 [1]. See below.\n\n**References**\nSPECTER code. https://x.org/s\n"
        "The benchmark has 7 tasks.\n\n### Notes\nOne. Two.\n\n[1] A. Paper. 2020.\n"
        "[2]: https://y.org"
    )
    entries = reference_list_spans(answer)
    got = [(s.text, (s.start, s.end) in entries) for s in split_sentences(answer)]
    assert got == [
        ("It is 80.0 [1].", False),
        ("See below.", False),
        ("**References**", True),
        ("SPECTER code. https://x.org/s", True),
        ("The benchmark has 7 tasks.", True),
        ("Notes", False),
        ("One.", False),
        ("Two.", False),
        ("[1] A. Paper. 2020.", True),
        ("[2]: https://y.org", True),
    ]
    assert reference_list_spans("[1] showed it. It is 5.") == frozenset()


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        (
            "该模型在基准上达到91.5%。它比基线快两倍！真的吗？",
            ["该模型在基准上达到91.5%。", "它比基线快两倍！", "真的吗？"],
        ),
        (
            "日本語の文です。次の文です。 Then English.",
            ["日本語の文です。", "次の文です。", "Then English."],
        ),
        ("结果：MAP 为 84.5。", ["结果：MAP 为 84.5。"]),
    ],
)
def test_full_width_terminators_end_a_sentence_without_a_space(
    answer: str, expected: list[str]
) -> None:
    got = split_sentences(answer)
    assert [s.text for s in got] == expected
    assert all(answer[s.start : s.end] == s.text for s in got)
