"""Each training edit changes one thing of its kind, and leaves sentences without it alone."""

from __future__ import annotations

import random

import pytest

from grounding.verifier import edits


def rng() -> random.Random:
    return random.Random(0)


@pytest.mark.parametrize(
    "sentence, want",
    [
        ("The model is robust to noise.", "The model is not robust to noise."),
        ("Coils will be used in every scan.", "Coils will not be used in every scan."),
        ("The authors have released the code.", "The authors have not released the code."),
        ("The effect is not significant.", "The effect is significant."),
        ("Samples were not heated before use.", "Samples were heated before use."),
    ],
)
def test_negation_adds_or_removes_one_not(sentence: str, want: str) -> None:
    got = edits.negation(sentence, rng())
    assert got is not None and got[0] == want


@pytest.mark.parametrize(
    "sentence",
    [
        "No sample showed the effect.",  # a negation not after an auxiliary
        "Neither arm improved survival.",
        "Temperature rose by 2 K per decade.",  # no auxiliary to negate
    ],
)
def test_negation_leaves_sentences_it_cannot_negate_cleanly(sentence: str) -> None:
    assert edits.negation(sentence, rng()) is None


@pytest.mark.parametrize(
    "sentence, old, new",
    [
        ("Accuracy is higher with pretraining.", "higher", "lower"),
        ("The error decreased with tuning.", "decreased", "increased"),
        ("BERT outperforms the baseline.", "outperforms", "underperforms"),
        ("Larger models were faster.", None, None),  # two candidates: one is reversed
    ],
)
def test_direction_reverses_one_word(sentence: str, old: str | None, new: str | None) -> None:
    got = edits.direction(sentence, rng())
    assert got is not None and got[0] != sentence
    if old:
        assert got[0] == sentence.replace(old, new)
    assert len(got[0].split()) == len(sentence.split())


def test_direction_and_quantifier_need_their_words() -> None:
    assert edits.direction("The method uses a transformer encoder.", rng()) is None
    assert edits.quantifier("The method uses a transformer encoder.", rng()) is None
    got = edits.quantifier("All patients received the drug.", rng())
    assert got is not None and got[0] == "No patients received the drug."


@pytest.mark.parametrize(
    "sentence",
    [
        "The drug may reduce mortality.",
        "These results suggest that the index is associated with warming.",
        "Smoking is associated with lower scores.",
        "The change is likely due to sampling.",
    ],
)
def test_hedge_made_certain(sentence: str) -> None:
    got = edits.hedge(sentence, rng())
    assert got is not None and got[0] != sentence
    assert (
        not any(w in got[0].split()[: len(got[0].split())] for w in ("may", "likely"))
        or "suggest" in sentence
    )


def test_hedge_needs_a_hedge() -> None:
    assert edits.hedge("The drug reduced mortality by 12%.", rng()) is None


def test_number_changes_one_value_and_avoids_forbidden_values_and_years() -> None:
    s = "In 2019, accuracy rose from 71.2 to 84.5 on 3 datasets."
    for seed in range(20):
        got = edits.number(s, random.Random(seed), forbidden=["71.2", "84.5", "3"])
        assert got is not None
        old, new = got[1].split(" -> ")
        assert old in ("71.2", "84.5", "3") and new not in ("71.2", "84.5", "3")
        assert "2019" in got[0]
    assert edits.number("No numbers here at all.", rng()) is None
    assert edits.number("It was published in 2020.", rng()) is None


def test_entity_takes_a_term_the_passage_lacks() -> None:
    s = "The main generator was GENIE, with NEUT as a cross-check."
    got = edits.entity(s, rng(), pool=["GENIE", "NEUT", "NuWro"], window=s)
    assert got is not None and "NuWro" in got[0]
    assert edits.entity(s, rng(), pool=["GENIE", "NEUT"], window=s) is None
    assert edits.entity("the results were similar.", rng(), ["BERT"], "") is None


def test_order_exchanges_two_named_terms_but_not_a_plain_list() -> None:
    got = edits.order("The main generator was GENIE, with NEUT as a cross-check.", rng())
    assert got is not None and got[0] == "The main generator was NEUT, with GENIE as a cross-check."
    assert edits.order("We used BERT and RoBERTa.", rng()) is None
    assert edits.order("We used BERT.", rng()) is None


def test_terms_finds_acronyms_and_names_once() -> None:
    assert edits.terms("MP-MRI and TRUS were compared; MP-MRI won on PROMIS.") == [
        "MP-MRI",
        "TRUS",
        "PROMIS",
    ]


def test_loosen_says_the_same_or_less_in_other_words() -> None:
    sentence = (
        "The filtered corpus (81.1M papers) keeps full text for 8.1M papers, "
        "which are used for pretraining."
    )
    seen = {edits.loosen(sentence, random.Random(seed)) for seed in range(30)}
    outs = {out for out, _ in filter(None, seen)}
    assert "The filtered corpus keeps full text for 8.1M papers." in outs
    assert any(
        o.startswith(
            ("The paper reports that the filtered", "According to the authors, the filtered")
        )
        for o in outs
    )
    # every form keeps the first clause's words and numbers, and adds none of its own
    for out in outs:
        assert "keeps full text for 8.1M papers" in out and "not" not in out.split()


def test_loosen_needs_something_to_loosen_and_keeps_a_leading_name() -> None:
    assert all(
        edits.loosen("SPECTER outperforms all baselines.", random.Random(s)) is None
        for s in range(10)
    )
