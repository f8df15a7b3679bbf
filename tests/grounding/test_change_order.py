"""A change "from a to b" is read with its units and conditions, and its direction word is
verified by its own numbers only when the paper gives a before b: the sentence's order of
two values is no evidence of which came first."""

from __future__ import annotations

import pytest

from annotations.schema import Label
from grounding.judges.number_common import shares_unit
from grounding.judges.relation_check import direction_conflict, from_to, numbers_order
from grounding.quantities import extract_quantities
from tests.conftest import DATA, PAPERS
from tests.grounding.judging import judged_c1

MORE = DATA / "papers-more"


@pytest.mark.parametrize(
    "text, pair",
    [
        ("The STD increased from 0.44 °C in 1950–1985 to 0.51 °C in 1985–2020.", (0.44, 0.51)),
        ("The STD increased from 0.44 °C (1950–1985) to 0.51 °C (1985–2020).", (0.44, 0.51)),
        ("The dose was reduced from 12 mg at baseline to 8 mg.", (12.0, 8.0)),
        ("Accuracy dropped from 80.1% on CIFAR to 75.2% on SVHN.", (80.1, 75.2)),
        ("The score rose from 15.6% to 71.0%.", (15.6, 71.0)),
        ("The yield grew from 12 to 25 mol%.", (12.0, 25.0)),
        ("The density fell from 2.908 µA/cm2 without inhibitor to 0.916.", (2.908, 0.916)),
    ],
)
def test_a_change_is_read_with_its_units_and_conditions(
    text: str, pair: tuple[float, float]
) -> None:
    assert from_to(text) == [pair] and numbers_order(text) == [pair]
    assert direction_conflict(text) is None


@pytest.mark.parametrize(
    "text",
    [
        "The STD fell from 0.44 °C in 1950–1985 to 0.51 °C in 1985–2020.",
        "The yield shrank from 12 mg (batch 1) to 25 mg (batch 2).",
    ],
)
def test_a_change_word_against_its_own_numbers(text: str) -> None:
    assert direction_conflict(text) is not None and from_to(text) == []


def test_a_change_to_a_list_of_values_pairs_the_first_with_each() -> None:
    text = (
        "The current density fell from 2.908 µA/cm2 without inhibitor to 0.916, 0.46 and "
        "0.24 µA/cm2 at 100, 300 and 500 ppm."
    )
    pairs = [(2.908, 0.916), (2.908, 0.46), (2.908, 0.24)]
    assert from_to(text) == pairs and numbers_order(text) == pairs
    assert direction_conflict(text) is None
    assert direction_conflict(text.replace("fell", "rose")) is not None
    # a list that goes both ways orders nothing, and its first value is no pair with 85%
    assert numbers_order("The efficiency rose from 80% to 85%, 70% and 97.7%.") == []


def test_a_comparison_pair_takes_no_unit_or_condition_before_vs() -> None:
    assert numbers_order("It beats BERT (96.6 vs 96.3).") == [(96.6, 96.3)]
    assert from_to("It beats BERT (96.6 vs 96.3).") == []  # a comparison, not a change
    assert numbers_order("It takes 96.6 ms in total vs 96.3 ms, higher.") == []


def test_one_unit_after_two_values_is_no_condition() -> None:
    s = "It rose from 0.44 to 0.51 °C."
    a, b = extract_quantities(s)
    assert shares_unit(s, a, b)
    s = "With 500 ppm of imidazole the ratio is 3.49 times larger."
    c, d = extract_quantities(s)
    assert not shares_unit(s, d, c) and not shares_unit(s, c, d)


NINGALOO = MORE / "ningaloo-decadal-linkage-2024.pdf"
SUBJECT = "The standard deviation of the Ningaloo Niño index"


@pytest.mark.parametrize(
    "pdf, sentence, label",
    [
        # the paper: "STDs of NNI are 0.44 °C (1950–1985) and 0.51 °C (1985–2020)"
        (NINGALOO, f"{SUBJECT} rose from 0.44 °C in 1950–1985 to 0.51 °C in 1985–2020.", "s"),
        (NINGALOO, f"{SUBJECT} rose from 0.44 to 0.51 °C.", "s"),  # no C1 by its own unit
        (NINGALOO, f"{SUBJECT} fell from 0.44 °C in 1950–1985 to 0.51 °C in 1985–2020.", "c"),
        (NINGALOO, f"{SUBJECT} rose from 0.51 °C in 1950–1985 to 0.44 °C in 1985–2020.", "c"),
        # the two values exchanged and the word turned to match: the paper's order refutes it
        (NINGALOO, f"{SUBJECT} fell from 0.51 to 0.44.", "n"),
        (NINGALOO, f"{SUBJECT} decreased from 0.51 °C to 0.44 °C.", "n"),
        # the paper: "the pass@1 score on AIME 2024 increases from 15.6% to 71.0%"
        (
            PAPERS / "deepseek-r1-2025.pdf",
            "During RL training, the pass@1 score of DeepSeek-R1-Zero on AIME 2024 rose from "
            "15.6% to 71.0%.",
            "s",
        ),
        (
            PAPERS / "deepseek-r1-2025.pdf",
            "During RL training, the pass@1 score of DeepSeek-R1-Zero on AIME 2024 fell from "
            "71.0% to 15.6%.",
            "c",
        ),
        # a table's official column (94.3) before its replication (94.1)
        (
            PAPERS / "lavis-2022.pdf",
            "For COCO text retrieval with ALBEF, R@5 dips from 94.3 in the official "
            "implementation to 94.1 in the LAVIS replication.",
            "s",
        ),
        (PAPERS / "lavis-2022.pdf", "For COCO text retrieval, R@5 rises from 94.1 to 94.3.", "n"),
    ],
)
def test_a_change_is_verified_in_the_papers_order(pdf, sentence: str, label: str) -> None:  # type: ignore[no-untyped-def]
    got, why, c1 = judged_c1(pdf, sentence)
    want = {"s": [Label.SUPPORTED], "c": [Label.CONTRADICTION], "n": [Label.NEI]}[label]
    assert got in want, why
    assert c1 == [] or label == "c", c1
