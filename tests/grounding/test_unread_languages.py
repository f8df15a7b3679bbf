"""Answers in a language other than English about an English paper: their numbers and
Latin-script names are checked, nothing they say in their own words is taken as
supported, and English sentences are never taken for another language."""

from __future__ import annotations

import json

import pytest

from annotations.schema import Label
from grounding.judges.verifier_judge import undecided
from grounding.lexicon.languages import has_latin, latin_reading, unread_language
from grounding.pdf import read_pdf
from grounding.sentences import split_sentences
from grounding.types import Judgement
from tests.conftest import DATA, need
from tests.grounding.judging import judged_c1

R1 = DATA / "papers" / "deepseek-r1-2025.pdf"  # Table 4: AIME 2024 (Pass@1) ... 79.8


def test_the_reading_keeps_offsets_and_separates_numbers_and_names() -> None:
    text = "DeepSeek-R1在AIME 2024上的得分为79.8%。"
    reading = latin_reading(text)
    assert len(reading) == len(text)
    assert reading.split() == ["DeepSeek-R1", "AIME", "2024", "79.8%"]
    assert reading.index("79.8%") == text.index("79.8%")
    # full-width forms are left to NFKC folding
    assert latin_reading("为７９．８％，高于基线") == " ７９．８％，    "
    assert has_latin("得分为７９") and not has_latin("因此它是最好的模型。")


@pytest.mark.parametrize(
    ("sentence", "language"),
    [
        ("DeepSeek-R1在AIME 2024上的得分为79.8%。", "Chinese"),
        ("DeepSeek-R1はAIME 2024で89.8%を達成した。", "Japanese"),
        ("DeepSeek-R1은 AIME 2024에서 89.8%를 기록했다.", "Korean"),
        ("Le modèle de DeepSeek atteint 79,8 % sur AIME.", "French"),
        ("DeepSeek-R1 erreicht 79,8 % auf AIME 2024, weniger als OpenAI-o1-1217.", "German"),
        ("El modelo alcanza 79,8 % en AIME 2024 con una mejora.", "Spanish"),
        ("Il modello è migliore della baseline.", "Italian"),
        ("Het model is beter dan de baseline.", "Dutch"),
        # English, with names in other languages and scripts
        ("Georges Gilles de la Tourette described the symptoms.", ""),
        ("t-SNE (Laurens van der Maaten) projects the embeddings.", ""),
        ("ByteDance (Chinese: 字节跳动) is a company headquartered in Beijing.", ""),
        ("DeepSeek-R1 achieves 79.8% on AIME 2024.", ""),
    ],
)
def test_the_language_is_told_by_letters_and_function_words(sentence: str, language: str) -> None:
    assert unread_language(sentence) == language


def test_no_sentence_of_an_answer_or_of_a_papers_prose_is_taken_for_another_language() -> None:
    dev = need(DATA / "groundqa" / "dev")
    sentences = [
        a["sentence"]
        for f in sorted(dev.glob("*[0-9].jsonl"))
        for line in f.read_text(encoding="utf-8").splitlines()
        if line.strip()
        for a in json.loads(line)["annotations"]
    ]
    assert len(sentences) > 300
    assert [s for s in sentences if unread_language(s)] == []
    # the running prose of two papers (their affiliations and reference lists do hold
    # Spanish and Dutch names and titles, which are no answer's words)
    for pdf in (R1, DATA / "papers-more" / "promis-prostate-mri-2015.pdf"):
        pages = read_pdf(need(pdf)).pages
        body = [s.text for p in pages[1:8] for s in split_sentences(p.text)]
        assert [s for s in body if unread_language(s)] == []


@pytest.mark.parametrize(
    "sentence",
    [
        "DeepSeek-R1在AIME 2024上的Pass@1得分为89.8%。",
        "DeepSeek-R1はAIME 2024のPass@1で89.8%を達成した。",
        "DeepSeek-R1은 AIME 2024 Pass@1에서 89.8%를 기록했다.",
        "DeepSeek-R1 atteint 89,8 % de Pass@1 sur AIME 2024.",
    ],
)
def test_a_wrong_value_in_another_language_is_contradicted(sentence: str) -> None:
    label, why, c1 = judged_c1(R1, sentence)
    assert label is Label.CONTRADICTION, why
    assert [span for span, _ in c1] in (["89.8%"], ["89,8 %"]), why


@pytest.mark.parametrize(
    ("sentence", "language"),
    [
        ("DeepSeek-R1在AIME 2024上的Pass@1得分为79.8%，低于基线。", "Chinese"),
        ("DeepSeek-R1 atteint 79,8 % de Pass@1 sur AIME 2024.", "French"),
        ("DeepSeek-R1 erreicht 79,8 % Pass@1 auf AIME 2024, weniger als OpenAI-o1-1217.", "German"),
    ],
)
def test_a_right_value_is_checked_but_the_sentence_is_not_supported(
    sentence: str, language: str
) -> None:
    label, why, _ = judged_c1(R1, sentence)
    assert label is Label.NEI, why
    assert f"written in {language}, whose words no check reads" in why and "79" in why


def test_the_same_statement_in_english_is_supported() -> None:
    label, why, _ = judged_c1(R1, "DeepSeek-R1 achieves 79.8% Pass@1 on AIME 2024.")
    assert label is Label.SUPPORTED, why


def test_a_sentence_with_nothing_to_check_is_nei_not_framing() -> None:
    label, why, _ = judged_c1(R1, "因此它是最好的模型。")
    assert label is Label.NEI, why
    assert "written in Chinese" in why


def test_the_verifier_does_not_read_them() -> None:
    rules = Judgement(Label.NEI, None, "Not enough information: x.", extra={"row": "x"})
    assert undecided(rules)
    french = Judgement(
        Label.NEI, None, "Not enough information: x.", extra={"unread_language": "French"}
    )
    assert not undecided(french)


@pytest.mark.parametrize(
    ("sentence", "language"),
    [
        ("SPECTER obtient 86,4 sur MeSH.", "French"),
        ("SPECTER atinge 94,8 nDCG.", "a language other than English"),
        ("Results: 86.4 F1 on MeSH.", ""),
        ("SPECTER scores 5,113 clicks.", ""),
    ],
)
def test_a_short_sentence_is_told_by_one_function_word_or_a_decimal_comma(
    sentence: str, language: str
) -> None:
    assert unread_language(sentence) == language


def test_a_sentence_in_another_script_is_never_taken_for_a_heading() -> None:
    label, why, _ = judged_c1(R1, "DeepSeek-R1は多くのタスクに適用できます。")
    assert label is Label.NEI, why


def test_a_korean_sentence_after_a_full_stop_is_a_sentence_of_its_own() -> None:
    text = "SPECTER는 82.0의 F1 점수를 얻었습니다. 공동 읽기 과제에서 SPECTER는 MAP 85.5를 기록했습니다."
    assert [s.text for s in split_sentences(text)] == [
        "SPECTER는 82.0의 F1 점수를 얻었습니다.",
        "공동 읽기 과제에서 SPECTER는 MAP 85.5를 기록했습니다.",
    ]


def test_a_value_with_a_decimal_comma_is_corrected_whole() -> None:
    specter = DATA / "papers" / "specter-2020.pdf"  # "on the MeSH dataset, we obtain an 86.4"
    label, why, c1 = judged_c1(specter, "O SPECTER atinge um F1 de 84,6 no MeSH.")
    assert label is Label.CONTRADICTION, why
    assert c1 == [("84,6", "86.4")], why


def test_a_nei_rationale_names_the_language() -> None:
    specter = DATA / "papers" / "specter-2020.pdf"
    label, why, _ = judged_c1(
        specter, "Beim Co-Citation-Datensatz erreicht SPECTER einen nDCG von 94,8."
    )
    assert label is Label.NEI, why
    assert why.endswith("(It is written in German, whose words no check reads.)"), why
