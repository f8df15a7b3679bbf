"""Metric direction: "A beats B" holds when A's value is the better one for the metric's
own direction (error, loss, distance, perplexity, WER/CER, time, latency: lower)."""

from __future__ import annotations

import pytest

from grounding.judges.number_direction import judged_order, metric_direction


@pytest.mark.parametrize(
    "text",
    [
        "System A reaches a word error rate of 8.1%",
        "the WER drops to 8.1",
        "test perplexity of 18.3",
        "a mean absolute error (MAE) of 0.42",
        "inference latency of 35 ms per query",
        "the validation loss",
        "Method  FID↓  IS",
        "Chamfer distance (lower is better)",
        "training time of 9 days",
    ],
)
def test_lower_is_better_metrics(text: str) -> None:
    assert metric_direction(text) == "lower"


@pytest.mark.parametrize(
    "text",
    [
        "an accuracy of 84.2%",
        "BLEU of 28.4 on WMT14",
        "nDCG of 91.5",
        "macro F1 of 0.71",
        "Method  Acc↑  Params",
    ],
)
def test_higher_is_better_metrics(text: str) -> None:
    assert metric_direction(text) == "higher"


@pytest.mark.parametrize(
    "text",
    [
        "the model has 12 layers",  # no metric
        "accuracy rose while the loss fell",  # both kinds named: not decided by words
        "the reaction ran over 4 hours",  # "hours" is no metric by itself
    ],
)
def test_no_direction(text: str) -> None:
    assert metric_direction(text) is None


@pytest.mark.parametrize(
    "word, a, b, direction, holds",
    [
        ("beats", 8.1, 9.4, "lower", True),  # a lower error rate beats a higher one
        ("beats", 9.4, 8.1, "lower", False),  # the higher error rate does not
        ("outperforms", 84.2, 80.1, "higher", True),
        ("outperforms", 80.1, 84.2, "higher", False),
        ("trails", 9.4, 8.1, "lower", True),
        ("worse", 80.1, 84.2, "higher", True),
        ("better", 35.0, 48.0, "lower", True),  # latency 35 ms is better than 48 ms
    ],
)
def test_judging_words_turn_with_the_direction(
    word: str, a: float, b: float, direction: str, holds: bool
) -> None:
    assert judged_order(word, a, b, direction) is holds


@pytest.mark.parametrize(
    "word, direction",
    [
        ("higher", "lower"),  # an ordering word, not a judgement: the plain order decides
        ("lower", "higher"),
        ("beats", None),  # unknown metric direction
    ],
)
def test_other_words_or_unknown_direction_are_left_to_the_plain_order(
    word: str, direction: str | None
) -> None:
    assert judged_order(word, 1.0, 2.0, direction) is None
