"""Correct paraphrases of the shared papers, as a chat model rewords them, are never
contradicted; the same sentences made wrong stay contradicted.

Each kind: a name written with or without its hyphen ("OKVQA" / "OK-VQA"); a time named by
a prefix ("the post-1985 period" for "after 1985"); an opposite word in a passage about
other things while a closer passage states the sentence's way ("slightly surpassing
OpenAI-o1-1217" on AIME against "slightly below" on three knowledge benchmarks); a value
named by the benchmark right after "on", and a score given to the subject of "surpasses"
rather than to the model it surpasses; a negation in a sentence cut at the passage's start;
a direction preposition that bounds a number ("eccentricities above 0.8").

Real papers of the shared data (skipped without it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from annotations.schema import Label
from tests.conftest import DATA
from tests.grounding.judging import judged_c1

R1 = DATA / "papers" / "deepseek-r1-2025.pdf"
LAVIS = DATA / "papers" / "lavis-2022.pdf"
LEGWORK = DATA / "papers" / "legwork-2022.pdf"
SPECTER = DATA / "papers" / "specter-2020.pdf"
NINGALOO = DATA / "papers-more" / "ningaloo-decadal-linkage-2024.pdf"
HUMINS = DATA / "papers-more" / "humins-levulinic-acid-2025.pdf"

# (PDF, a correct paraphrase, the label it gets: supported, or nei where a part is unread)
CORRECT = [
    (
        LAVIS,
        "Further finetuning on KVQA datasets improved results on both OKVQA and AOK-VQA.",
        None,
    ),
    (
        NINGALOO,
        "The warming rate in the developing phase is larger after 1985 than before 1985.",
        Label.SUPPORTED,
    ),
    (
        R1,
        "DeepSeek-R1 reaches about 80% Pass@1 on AIME 2024, slightly above OpenAI-o1-1217.",
        Label.SUPPORTED,
    ),
    (
        R1,
        "DeepSeek-R1 attains a win-rate of 92.3% on ArenaHard and a length-controlled "
        "win-rate of 87.6% on AlpacaEval 2.0.",
        Label.SUPPORTED,
    ),
    (R1, "DeepSeek-R1 scores 97.3% on MATH-500 and 79.8% on AIME 2024.", Label.SUPPORTED),
    (
        R1,
        "DeepSeek-R1-Distill-Qwen-7B surpasses QwQ-32B-Preview with a score of 55.5% on AIME 2024.",
        None,
    ),
    (
        SPECTER,
        "On co-citation data, SPECTER reaches an nDCG of 94.8, 2.3 points higher than SGC.",
        None,
    ),
    (
        LEGWORK,
        "For high eccentricities above 0.8, the merger time is significantly reduced.",
        Label.SUPPORTED,
    ),
    (HUMINS, "The XN45 membrane achieved rejections above 99% for both V and Mo.", Label.SUPPORTED),
]


@pytest.mark.parametrize(("pdf", "sentence", "label"), CORRECT)
def test_a_correct_paraphrase_is_not_contradicted(
    pdf: Path, sentence: str, label: Label | None
) -> None:
    got, why, _ = judged_c1(pdf, sentence)
    assert got is not Label.CONTRADICTION, why
    if label is not None:
        assert got is label, why


# (PDF, a wrong sentence of the same shape, its C1 errors (span, correction), [] for none)
WRONG = [
    (
        LAVIS,
        "With additional finetuning on KVQA datasets, further improvements are observed on "
        "both VQAv2 and AOK-VQA datasets.",
        [],
    ),
    (
        LEGWORK,
        "If a source merges after the LISA mission concludes, it has less time to accumulate "
        "signal and thus has a lower SNR.",
        [],
    ),
    (
        R1,
        "On MMLU, MMLU-Pro and GPQA Diamond, the performance of DeepSeek-R1 is slightly above "
        "that of OpenAI-o1-1217.",
        [],
    ),
    (
        R1,
        "DeepSeek-R1 attains a win-rate of 87.6% on ArenaHard and a length-controlled "
        "win-rate of 92.3% on AlpacaEval 2.0.",
        [("87.6%", "92.3%"), ("92.3%", "87.6%")],
    ),
    (
        R1,
        "DeepSeek-R1 attains a win-rate of 92.3% on ArenaHard and a length-controlled "
        "win-rate of 79.8% on AlpacaEval 2.0.",
        [("79.8%", "87.6%")],
    ),
    (
        R1,
        "DeepSeek-R1 scores 79.8% on MATH-500 and 97.3% on AIME 2024.",
        [("79.8%", "97.3%"), ("97.3%", "79.8%")],
    ),
    (
        R1,
        "QwQ-32B-Preview surpasses DeepSeek-R1-Distill-Qwen-7B with a score of 55.5% on AIME 2024.",
        [("55.5%", "50.0%")],
    ),
    (
        R1,
        "DeepSeek-R1-Distill-Qwen-7B, with a score of 50.0% on AIME 2024, surpasses "
        "QwQ-32B-Preview.",
        [("50.0%", "55.5%")],
    ),
    (SPECTER, "On co-citation data, SPECTER does not achieve the best results.", []),
    (
        LEGWORK,
        "For high eccentricities above 0.8, the merger time is significantly increased.",
        [],
    ),
]


@pytest.mark.parametrize(("pdf", "sentence", "c1"), WRONG)
def test_the_same_shape_made_wrong_stays_contradicted(
    pdf: Path, sentence: str, c1: list[tuple[str, str]]
) -> None:
    got, why, errors = judged_c1(pdf, sentence)
    assert got is Label.CONTRADICTION, why
    assert errors == c1, (why, errors)
