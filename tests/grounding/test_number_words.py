"""Tests for grounding.number_words: spelled-out numbers and their runs."""

from __future__ import annotations

import pytest

from grounding.number_words import cardinal_value, number_word_runs, vague_spans


@pytest.mark.parametrize(("words", "value"), [
    (("two", "hundred", "and", "five"), 205.0), (("twenty", "one"), 21.0),
    (("five", "million"), 5e6), (("three", "thousand", "two", "hundred"), 3200.0),
    (("two", "dozen"), 24.0), (("hundred",), 100.0),
    (("five", "six"), None), (("twenty", "thirty"), None), (("fold",), None),
])
def test_cardinal_value(words: tuple[str, ...], value: float | None) -> None:
    assert cardinal_value(words) == value


def test_runs_join_only_words_that_make_one_number() -> None:
    text = "Two hundred and five runs, five six times, twenty one seeds and a fourfold gain."
    runs = [text[r.start:r.end] for r in number_word_runs(text, text.lower())]
    assert runs == ["Two hundred and five", "five", "six", "twenty one", "fourfold"]


def test_orders_of_magnitude() -> None:
    low = "hundreds of users and millions of tokens, not a million"
    assert [(low[a:b], r) for a, b, r in vague_spans(low)] == [
        ("hundreds", (100.0, 1e3)), ("millions", (1e6, 1e9))]


def test_tens_and_hundreds_of_thousands() -> None:
    low = "tens of thousands of deaths and hundreds of millions of doses"
    assert [(low[a:b], r) for a, b, r in vague_spans(low)] == [
        ("tens of thousands", (1e4, 1e5)), ("hundreds of millions", (1e8, 1e9))]
