"""Tests for grounding.number_words: spelled-out numbers and their runs."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grounding.number_words import (
    _VOCAB,
    WORD_RE,
    WORD_RE_LOWER,
    cardinal_value,
    number_word_runs,
    vague_spans,
)


@pytest.mark.parametrize(
    ("words", "value"),
    [
        (("two", "hundred", "and", "five"), 205.0),
        (("twenty", "one"), 21.0),
        (("five", "million"), 5e6),
        (("three", "thousand", "two", "hundred"), 3200.0),
        (("two", "dozen"), 24.0),
        (("hundred",), 100.0),
        (("five", "six"), None),
        (("twenty", "thirty"), None),
        (("fold",), None),
    ],
)
def test_cardinal_value(words: tuple[str, ...], value: float | None) -> None:
    assert cardinal_value(words) == value


def test_runs_join_only_words_that_make_one_number() -> None:
    text = "Two hundred and five runs, five six times, twenty one seeds and a fourfold gain."
    runs = [text[r.start : r.end] for r in number_word_runs(text, text.lower())]
    assert runs == ["Two hundred and five", "five", "six", "twenty one", "fourfold"]


def test_orders_of_magnitude() -> None:
    low = "hundreds of users and millions of tokens, not a million"
    assert [(low[a:b], r) for a, b, r in vague_spans(low)] == [
        ("hundreds", (100.0, 1e3)),
        ("millions", (1e6, 1e9)),
    ]


def test_tens_and_hundreds_of_thousands() -> None:
    low = "tens of thousands of deaths and hundreds of millions of doses"
    assert [(low[a:b], r) for a, b, r in vague_spans(low)] == [
        ("tens of thousands", (1e4, 1e5)),
        ("hundreds of millions", (1e8, 1e9)),
    ]


@settings(max_examples=400, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [*_VOCAB, "fold", "-", " ", "x", "ty", "een", "Two", "-x", "th", "s", ".", "1", "Seven"]
        ),
        max_size=8,
    )
)
def test_word_pattern_grouped_by_first_letter_finds_what_the_plain_alternation_finds(
    pieces: list[str],
) -> None:
    # WORD_RE groups the words by first letter (speed); a word with another first letter
    # can never match where one does, so the matches are those of the plain alternation
    plain = (
        r"(?=[A-Za-z])(?<![A-Za-z-])(?:[A-Za-z]+-)?(?:"
        + "|".join(_VOCAB)
        + r")(?:fold|-[A-Za-z]+)?(?![A-Za-z])"
    )
    text = "".join(pieces)
    for mine, ref, t in (
        (WORD_RE, re.compile(plain, re.IGNORECASE), text),
        (WORD_RE_LOWER, re.compile(plain), text.lower()),
    ):
        assert [m.span() for m in mine.finditer(t)] == [m.span() for m in ref.finditer(t)]
