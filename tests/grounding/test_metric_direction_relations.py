"""A judging word ("beats", "improves", "worse") is read with the metric's direction: on an
error rate, a loss, a perplexity or a time, the better value is the lower one."""

from __future__ import annotations

import pytest

from grounding.judges.relation_check import direction_conflict, numbers_order


@pytest.mark.parametrize(
    "sentence",
    [
        "Model A beats model B on WER (5.1 vs 6.3).",
        "The error rate improves from 10.2 to 8.1.",
        "Our model outperforms the baseline in perplexity (20.1 vs 23.5).",
        "Inference time is better with caching (12 vs 30 ms).",
    ],
)
def test_a_lower_value_is_better_on_a_lower_is_better_metric(sentence: str) -> None:
    assert direction_conflict(sentence) is None
    assert numbers_order(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "Model A beats model B on WER (6.3 vs 5.1).",
        "The error rate improves from 8.1 to 10.2.",
        "Our model outperforms the baseline in perplexity (23.5 vs 20.1).",
        "The loss is worse for the baseline (0.21 vs 0.35).",
    ],
)
def test_a_higher_error_called_better_is_a_conflict(sentence: str) -> None:
    assert direction_conflict(sentence) is not None
    assert not numbers_order(sentence)


@pytest.mark.parametrize(
    "sentence, conflict",
    [
        ("Accuracy is better for A (85.1 vs 80.2).", False),
        ("Accuracy is better for A (80.2 vs 85.1).", True),
        ("Latency is higher for A (120 vs 80).", False),  # ordering word: plain order
        ("Accuracy improves from 80.1 to 85.3.", False),
        ("The score rises from 67.57 to 68.93.", False),
    ],
)
def test_higher_is_better_metrics_and_ordering_words_keep_the_plain_order(
    sentence: str, conflict: bool
) -> None:
    assert (direction_conflict(sentence) is not None) is conflict
