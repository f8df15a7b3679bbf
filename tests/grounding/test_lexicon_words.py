"""The lexicon's word lists: read from its data files, each use non-empty, no repeats."""

from __future__ import annotations

import pytest

from grounding.lexicon import words


@pytest.mark.parametrize("use", ["cue", "denial", "governs", "clause", "unaffirmed", "denying"])
def test_each_negation_use_has_words_once(use: str) -> None:
    got = words.negation_words(use)
    assert got and len(got) == len(set(got))


def test_the_negation_cues_hold_the_commonest_ones() -> None:
    assert {"not", "no", "never", "n't", "without", "cannot"} <= words.NEGATIONS
    assert set(words.negation_words("clause")) <= words.NEGATIONS


@pytest.mark.parametrize("use", ["edit", "antonym", "operator"])
def test_each_direction_use_has_pairs(use: str) -> None:
    pairs = words.direction_pairs(use)
    assert pairs and all(a != b for a, b in pairs)


def test_direction_classes_are_apart() -> None:
    assert not (words.UP_WORDS & words.DOWN_WORDS)
    assert {"higher", "increase"} <= words.UP_WORDS and {"lower", "fewer"} <= words.DOWN_WORDS


def test_quantifiers_have_one_class_each() -> None:
    sentence = words.quantifier_words("sentence")
    passage = words.quantifier_words("passage")
    assert sentence["every"] == "all" and sentence["neither"] == "none"
    assert all(passage[w] == c for w, c in sentence.items() if w in passage)
    assert words.STRONG_QUANTIFIERS == {"all", "every", "always", "none", "never", "nothing"}


def test_hedges_keep_their_order_and_edits_their_wording() -> None:
    paper, claim = words.hedge_patterns("paper"), words.hedge_patterns("claim")
    assert paper[0] == "may" and claim[: len(paper)] == paper
    assert (r"\bmay be\b", "is") in words.HEDGE_EDITS
