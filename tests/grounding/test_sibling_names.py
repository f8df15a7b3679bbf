"""A value the paper gives to one name, given by the sentence to a sibling name of the
paper (another variant of one family: "ECFP-T65S" / "Cerulean-T65S", "BERT-Base" /
"BERT-Large"), is a wrong entity (C2) corrected by the paper's name; the paper's own name,
or a part of it ("ECFP", "T65S"), keeps the value, and so does a sibling the paper names
next to the value's statement (it may be the one meant)."""

from __future__ import annotations

import pytest

from annotations.schema import ErrorTag, Label
from grounding.evidence import EvidenceIndex
from grounding.judges.base import ClaimContext
from grounding.judges.name_forms import siblings
from grounding.judges.rules import RulesJudge
from grounding.types import Judgement, Sentence
from tests.conftest import DATA
from tests.grounding.judging import judged_c1

CFP = DATA / "papers-more" / "cfp-t65s-2012.pdf"

_PAPER = (
    "We fine-tune two sizes of the encoder on the same corpus for three epochs.\n"
    "BERT-Large reaches an F1 of 91.3 on the development set after tuning.\n"
    + "\n".join(f"Section {i} describes topic {i} in the usual way." for i in range(20))
    + "\nBERT-Base is faster to train and is used for the ablations in Section 5.\n"
)


def _judge(claim: str) -> Judgement:
    index = EvidenceIndex.from_texts([_PAPER])
    return RulesJudge(index=index).judge(
        ClaimContext(Sentence(0, 0, len(claim), claim), "", (), ())
    )


def _c2(j: Judgement) -> list[tuple[str, str | None]]:
    return [(e.span, e.correction) for e in j.errors if ErrorTag.C2 in e.tags]


def test_siblings_share_a_part_and_neither_is_part_of_the_other() -> None:
    assert siblings("ECFP-T65S", "Cerulean-T65S")
    assert siblings("BERT-Base", "BERT-Large")
    assert siblings("DeepSeek-R1-Distill-Qwen-32B", "DeepSeek-R1-Distill-Llama-8B")
    assert not siblings("ECFP-T65S", "ECFP")  # a part of it
    assert not siblings("ECFP-T65S", "T65S")
    assert not siblings("GPT-4", "GPT-4")
    assert siblings("Co-View", "Co-Read")  # two tasks of one family
    assert not siblings("R1-Zero", "V3-Base")


def test_a_value_given_to_a_sibling_variant_in_a_real_paper_is_c2() -> None:
    label, why, _ = judged_c1(
        CFP, "This corresponds to a 48% increase for Cerulean-T65S over Cerulean."
    )
    assert label == Label.CONTRADICTION, why
    assert "ECFP-T65S" in why, why


@pytest.mark.parametrize(
    "sentence",
    [
        "This corresponds to a 48% increase for ECFP-T65S over ECFP.",
        "The T65S mutation raises the quantum yield of ECFP by 48%.",
    ],
)
def test_the_papers_own_name_or_its_parts_keep_the_value(sentence: str) -> None:
    label, why, _ = judged_c1(CFP, sentence)
    assert label == Label.SUPPORTED, why


def test_a_value_given_to_the_other_model_size_is_c2() -> None:
    j = _judge("After tuning, BERT-Base reaches an F1 of 91.3 on the development set.")
    assert j.label is Label.CONTRADICTION, j.rationale
    assert _c2(j) == [("BERT-Base", "BERT-Large")]
    j = _judge("After tuning, BERT-Large reaches an F1 of 91.3 on the development set.")
    assert j.label is Label.SUPPORTED, j.rationale


def test_a_sibling_named_next_to_the_value_may_be_meant() -> None:
    paper = _PAPER.replace(
        "after tuning.\n", "after tuning.\nBERT-Base shares its vocabulary and corpus.\n", 1
    )
    index = EvidenceIndex.from_texts([paper])
    claim = "After tuning, BERT-Base reaches an F1 of 91.3 on the development set."
    j = RulesJudge(index=index).judge(ClaimContext(Sentence(0, 0, len(claim), claim), "", (), ()))
    assert not _c2(j), j.rationale


R1 = DATA / "papers" / "deepseek-r1-2025.pdf"


def test_a_value_of_a_longer_names_row_is_c2() -> None:
    # 72.6 is the AIME cell of the "DeepSeek-R1-Distill-Qwen-32B" row, not R1's (79.8)
    label, why, _ = judged_c1(R1, "DeepSeek-R1 achieves 72.6% on AIME 2024.")
    assert label == Label.CONTRADICTION, why
    assert "DeepSeek-R1-Distill-Qwen-32B" in why, why


@pytest.mark.parametrize(
    ("pdf", "sentence"),
    [
        (R1, "DeepSeek-R1 achieves 79.8% on AIME 2024."),
        (R1, "DeepSeek-R1-Distill-Qwen-32B achieves 72.6% on AIME 2024."),
        # a short form of the row's name ("R1-Zero" for "DeepSeek-R1-Zero")
        (R1, "Table 2 puts R1-Zero's final AIME 2024 pass@1 at 71.0."),
        # the sentence writes every part of the row's name ("ECFP" ... "T65S")
        (CFP, "The T65S mutation raises the fluorescence quantum yield by 48% for ECFP."),
    ],
)
def test_a_row_named_by_its_parts_or_short_form_keeps_its_value(pdf: object, sentence: str) -> None:
    label, why, _ = judged_c1(pdf, sentence)  # type: ignore[arg-type]
    assert label == Label.SUPPORTED, why


def test_a_rounded_value_is_not_read_in_another_models_row() -> None:
    # R1's AIME 2024 is 79.8; "roughly 80%" is no other model's 80.0 cell
    label, why, _ = judged_c1(R1, "DeepSeek-R1 scores roughly 80% on AIME 2024.")
    assert label != Label.CONTRADICTION, why
