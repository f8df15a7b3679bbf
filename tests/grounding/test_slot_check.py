"""Tests for values and names exchanged between the slots of the paper's own statement
(grounding.judges.slot_check) and their place in the rules judge, with the other checks of
issue 11's second round: a name replaced at the sentence's edge, universal quantifiers."""

from __future__ import annotations

from annotations.schema import ErrorTag, Label
from grounding.evidence import EvidenceIndex
from grounding.judges.base import ClaimContext
from grounding.judges.rules import RulesJudge
from grounding.judges.slot_check import aligned_slots, permuted, tokens
from grounding.quantities import extract_quantities
from grounding.types import Judgement, Sentence

PAGE = (
    "Spectra were recorded for each variant. The absorption spectra show two maxima at "
    "430 nm and 445 nm, and the emission spectra two maxima at 474 nm and 500 nm. "
    "Buffers contained 30 mM CAPS and 50 mM citric acid at pH 5.5."
)


def _judge(claim: str, pages: list[str] | None = None) -> Judgement:
    index = EvidenceIndex.from_texts(pages or [PAGE])
    return RulesJudge(index=index).judge(
        ClaimContext(Sentence(0, 0, len(claim), claim), "", (), ())
    )


def test_tokens_mask_numbers_and_keep_digits_of_names() -> None:
    s = "DeepSeek-R1 scores 79.8 on AIME."
    toks = tokens(s, extract_quantities(s))
    assert [t for t, _ in toks] == ["deepseek", "r", "1", "scores", "#", "on", "aime"]


def test_aligned_slots_pair_numbers_by_their_words() -> None:
    a = "maxima at 474 nm and 445 nm"
    b = "the two maxima at 445 nm and 474 nm in water"
    qa, qb = extract_quantities(a), extract_quantities(b)
    coverage, slots = aligned_slots(tokens(a, qa), tokens(b, qb))
    assert coverage == 1.0
    assert [(qa[i].text, qb[j].text) for i, j in slots] == [
        ("474 nm", "445 nm"),
        ("445 nm", "474 nm"),
    ]
    assert permuted([(qa[i], qb[j]) for i, j in slots])


def test_permuted_needs_each_value_in_another_slot() -> None:
    a, b, c = (extract_quantities(x)[0] for x in ("80.1", "75.3", "61.0"))
    assert permuted([(a, b), (b, a)])
    assert not permuted([(a, b), (b, c)])  # 75.3 is nowhere in the paper's slots
    assert not permuted([(a, b)])  # one value: a changed number, not a swap
    assert not permuted([(a, a), (b, b)])


def test_values_swapped_between_slots_are_contradicted_with_corrections() -> None:
    j = _judge(
        "The absorption spectra show two maxima at 430 nm and 474 nm, and the emission "
        "spectra two maxima at 445 nm and 500 nm."
    )
    assert j.label is Label.CONTRADICTION
    c1 = {(e.span, e.correction) for e in j.errors if ErrorTag.C1 in e.tags}
    assert ("474 nm", "445 nm") in c1 and ("445 nm", "474 nm") in c1


def test_same_values_in_their_own_slots_stay_supported() -> None:
    j = _judge(
        "The absorption spectra show two maxima at 430 nm and 445 nm, and the emission "
        "spectra two maxima at 474 nm and 500 nm."
    )
    assert j.label is Label.SUPPORTED


def test_a_paraphrase_in_other_words_is_not_read_as_a_swap() -> None:
    # the order differs but no slot's words are the paper's: nothing to pair
    j = _judge("Emission peaks lie at 474 nm and 500 nm; absorption peaks at 430 nm and 445 nm.")
    assert j.label is not Label.CONTRADICTION


RUNNERS = (
    "Runners manage the training. RunnerBase implements epoch-based training and "
    "RunnerIters implements iteration-based training, as the user chooses."
)


def test_terms_swapped_between_slots_are_a_c2_contradiction() -> None:
    j = _judge(
        "RunnerBase implements iteration-based training, while RunnerIter implements "
        "epoch-based training.",
        [RUNNERS],
    )
    assert j.label is Label.CONTRADICTION
    assert [(e.span, e.correction) for e in j.errors if ErrorTag.C2 in e.tags] == [
        ("RunnerBase", "RunnerIter")
    ]
    j = _judge(
        "RunnerBase implements epoch-based training, while RunnerIter implements "
        "iteration-based training.",
        [RUNNERS],
    )
    assert j.label is Label.SUPPORTED


GENERATOR = (
    "Events are selected with the sideband selection. NEUT 5.3.2 MC has been "
    "normalized to data POT and is sorted into various truth topologies."
)


def test_a_name_replaced_at_the_sentence_start_is_a_c2_contradiction() -> None:
    j = _judge(
        "SuSAv2 5.3.2 MC has been normalized to data POT and is sorted into various "
        "truth topologies.",
        [GENERATOR, "SuSAv2 is another generator."],
    )
    assert j.label is Label.CONTRADICTION
    assert [(e.span, e.correction) for e in j.errors if ErrorTag.C2 in e.tags] == [
        ("SuSAv2", "NEUT")
    ]
    # a capitalised plain word opening the sentence is no name: "About" for "Approximately"
    j = _judge(
        "About 677k papers have more than one primary field of study in the corpus.",
        [
            "The corpus is large. Approximately 677k papers have more than one primary "
            "field of study in the corpus."
        ],
    )
    assert j.label is not Label.CONTRADICTION


FEVER = (
    "We describe the clinical characteristics of patients with COVID-19 hospitalized in "
    "New York City. Patients hospitalized with COVID-19 had a fever and a cough."
)


def test_a_universal_quantifier_the_paper_does_not_state_is_not_found() -> None:
    j = _judge("All patients hospitalized with COVID-19 had a fever.", [FEVER])
    assert j.label is Label.NEI
    assert "'All'" in j.rationale
    # "only" is emphasis in answers, not a claim about every case
    j = _judge("Patients hospitalized with COVID-19 only had a fever and a cough.", [FEVER])
    assert "'only'" not in j.rationale


def test_a_last_word_inside_a_longer_name_is_no_substitution() -> None:
    j = _judge(
        "Contact tracing linked the infections of at least 60 students to a spring break "
        "trip to Mexico.",
        [
            "Contact tracing linked the infections of at least 60 students to a spring break "
            "trip to Cabo San Lucas in March."
        ],
    )
    assert j.label is not Label.CONTRADICTION
