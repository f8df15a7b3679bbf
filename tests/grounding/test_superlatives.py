"""A superlative read in the table its value comes from: "the best average score ... at
80.0" holds when 80.0 is the extreme of its column over its table's rows. A value that is
not the extreme leaves the superlative unverified, whatever the paper says elsewhere with
the same word; it is contradicted only where the sentence ranges over the table it names
(a column may hold rows the sentence does not compare: "among the distilled models")."""

from __future__ import annotations

import pytest

from annotations.schema import Label
from grounding.judges.superlative_check import is_superlative
from tests.conftest import DATA, PAPERS
from tests.grounding.judging import judged_c1

R1 = PAPERS / "deepseek-r1-2025.pdf"
SPECTER = PAPERS / "specter-2020.pdf"
HUMINS = DATA / "papers-more" / "humins-levulinic-acid-2025.pdf"
DISTILLED = "Among the distilled models, DeepSeek-R1-Distill-"


@pytest.mark.parametrize(
    "pdf, sentence, label",
    [
        # SPECTER's Table 1: its average, 80.0, is the largest of the column
        (
            PAPERS / "specter-2020.pdf",
            "Overall, SPECTER has the best average score in the table at 80.0, ahead of SGC "
            "at 76.9, a margin of 3.1 points.",
            Label.SUPPORTED,
        ),
        # DeepSeek-R1's distillation table: 72.6 is the AIME column's largest
        (R1, f"{DISTILLED}Qwen-32B has the highest AIME 2024 pass@1, at 72.6.", Label.SUPPORTED),
        (R1, f"{DISTILLED}Llama-70B has the highest AIME 2024 pass@1, at 70.0.", Label.NEI),
        (R1, f"{DISTILLED}Qwen-32B has the lowest AIME 2024 pass@1, at 72.6.", Label.NEI),
        # the column holds GPT-4o's 9.3 too: "lowest among the distilled" is not read here
        (R1, f"{DISTILLED}Qwen-1.5B has the lowest AIME 2024 pass@1, at 28.9.", Label.NEI),
        # Table 1 of the humins paper: LA yield LP 40.7, LPC 37.0, LPC-2 36.0; "highest" is
        # on page 8 too, about another yield, and verifies nothing here
        (HUMINS, "In Table 1, LPC has the highest LA yield, 37.0 mol%.", Label.CONTRADICTION),
        (HUMINS, "LPC has the highest LA yield, 37.0 mol%.", Label.NEI),
        (HUMINS, "LP has the highest LA yield, 40.7 mol%.", Label.SUPPORTED),
        # SPECTER's Table 1: SGC's 76.9 is below SPECTER's 80.0
        (SPECTER, "SGC has the best average score in the table at 76.9.", Label.CONTRADICTION),
        (SPECTER, "SGC has the highest average score, 76.9.", Label.NEI),
    ],
)
def test_a_superlative_is_read_in_its_column(pdf, sentence: str, label: Label) -> None:  # type: ignore[no-untyped-def]
    got, why, _ = judged_c1(pdf, sentence)
    assert got is label, why


def test_superlative_words() -> None:
    assert all(map(is_superlative, ["best", "worst", "largest", "Lowest", "highest"]))
    assert not any(map(is_superlative, ["better", "higher", "interest", "test", "rest"]))


@pytest.mark.parametrize(
    "sentence",
    [
        # the rows the superlative ranges over are narrowed: not the whole column
        "In Table 1, among the cyclic runs, LPC has the highest LA yield, 37.0 mol%.",
        "In Table 1, LPC has the second-highest LA yield, 37.0 mol%.",
        # the superlative names a condition, not the value
        "In Table 1, at the highest pH, LPC gives an LA yield of 37.0 mol%.",
    ],
)
def test_a_narrowed_superlative_is_not_contradicted(sentence: str) -> None:
    got, why, _ = judged_c1(HUMINS, sentence)
    assert got is not Label.CONTRADICTION, why
