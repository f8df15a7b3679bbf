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


@pytest.mark.parametrize("use", ["change", "pair"])
def test_direction_stems_read_each_class_apart(use: str) -> None:
    import re

    up = re.compile(words.direction_stems("up", use))
    down = re.compile(words.direction_stems("down", use))
    for word in ("increased", "higher", "boosted"):
        assert up.fullmatch(word) and not down.fullmatch(word)
    for word in ("decreased", "reduced", "fell"):
        assert down.fullmatch(word) and not up.fullmatch(word)
    for word in ("similar", "table", "unchanged"):  # no direction: neither class
        assert not up.fullmatch(word) and not down.fullmatch(word)


def test_direction_stems_raise_on_an_unknown_use() -> None:
    with pytest.raises(ValueError):
        words.direction_stems("up", "no-such-use")


def test_operator_synonyms_group_words_of_one_class() -> None:
    groups = words.operator_synonym_groups()
    group_of = {w: g for g in groups for w in g}
    assert {"majority", "mostly"} <= group_of["most"]
    assert group_of["higher"] == words.UP_WORDS - {"more"}
    assert group_of["lower"] == words.DOWN_WORDS - {"less", "fewer"}
    # a word of quantity, and opposites, share no group
    assert "more" not in group_of and "less" not in group_of
    assert "few" not in group_of["most"] and "none" not in group_of["all"]
    assert sum(len(g) for g in groups) == len(group_of)  # each word in one group


def test_speculation_pattern_marks_whole_words_only() -> None:
    import re

    rx = re.compile(words.speculation_pattern(), re.IGNORECASE)
    for text in ("It will probably work.", "Any model works here.", "This proves it."):
        assert rx.search(text), text
    for text in ("The probability was 0.3.", "The dataset is willing.", "Any."):
        assert not rx.search(text), text


def test_ability_verbs_are_no_claim_or_paper_hedges() -> None:
    ability = words.hedge_patterns("ability")
    assert {"achieved", "observed", "detect"} <= set(ability)
    assert not set(ability) & set(words.hedge_patterns("paper"))


def test_units_are_read_from_their_file_in_each_use() -> None:
    from grounding.normalize import EXPONENT_UNITS
    from grounding.quantities import CASE_UNITS, UNITS

    assert UNITS == words.units("any") and CASE_UNITS == words.units("case")
    assert EXPONENT_UNITS == frozenset(words.units("exponent"))
    assert UNITS["degrees celsius"] == "°C" and UNITS["per cent"] == "%"
    # case carries meaning: molar and megahertz are read as written, metres lower-cased
    assert CASE_UNITS["M"] == "M" and CASE_UNITS["MHz"] == "MHz" and UNITS["mhz"] == "mHz"
    assert CASE_UNITS["μM"] == "µM" and CASE_UNITS["oC"] == "°C"
    assert "us" not in CASE_UNITS  # a pronoun far more often than microseconds
    assert {"cm", "s", "µm", "L"} <= EXPONENT_UNITS and "participants" not in EXPONENT_UNITS


def test_units_are_read_by_the_number_reader() -> None:
    from grounding.quantities import extract_quantities

    def unit_of(text: str) -> str | None:
        (q,) = [q for q in extract_quantities(text) if q.checkable]
        return q.unit

    assert unit_of("heated to 25 oC overnight") == "°C"
    assert unit_of("a 5 mM solution") == "mM"
    assert unit_of("a 5 MHz clock") == "MHz" and unit_of("a 5 mHz drift") == "mHz"
