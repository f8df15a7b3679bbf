"""Sentences that share every topic word with a passage but say the opposite are not
supported: a flipped operator word, a bound the other way, a small number the passage does
not give. Papers from ../shared/data/papers-more (the rules were not written on them)."""

from __future__ import annotations

from pathlib import Path

import pytest

from annotations.schema import ErrorTag, Label
from grounding.check import check
from tests.conftest import DATA, need

PROMIS = DATA / "papers-more" / "promis-prostate-mri-2015.pdf"
HUMINS = DATA / "papers-more" / "humins-levulinic-acid-2025.pdf"
T2K = DATA / "papers-more" / "t2k-numu-water-xsec-2018.pdf"


def _labels(pdf: str, answer: str) -> list[tuple[str, str]]:
    report = check("What does the paper say?", answer, str(need(Path(pdf))))
    return [(s.annotation.label.value, s.annotation.rationale) for s in report.sentences]


@pytest.mark.parametrize(
    ("wrong", "right"),
    [
        (
            "Prostate cancer is the least common male cancer.",
            "Prostate cancer is the most common male cancer.",
        ),
    ],
)
def test_a_flipped_operator_word_is_not_supported(wrong: str, right: str) -> None:
    (bad, why), (good, _) = _labels(str(PROMIS), f"{wrong} {right}")
    # the same statement with the opposite word: contradicted, naming both words
    assert (
        bad == "contradiction"
        and "says 'least' where the same statement" in why
        and "says 'most'" in why
    )
    assert good == "supported"


def test_a_bound_the_other_way_is_not_supported() -> None:
    [(label, why)] = _labels(
        str(PROMIS), "Currently fewer than 40,000 new cases are diagnosed every year."
    )
    assert label != "supported" and "bounds 40,000 the other way" in why


def test_a_value_the_stating_passage_does_not_give_is_not_supported() -> None:
    (a, why_a), (b, why_b) = _labels(
        str(HUMINS),
        "Yields of LA of up to 62 mol% have been reported. "
        "The biofine process achieves very low LA yields of up to 70%.",
    )
    assert a != "supported" and "62" in why_a
    assert b != "supported" and "'high' where the sentence says 'low'" in why_b


def test_a_change_against_its_own_table_is_contradicted_and_tables_are_not_mixed() -> None:
    # SPECTER Table 2 (page 7) sits under Table 1: the reference row of "+ author 67.3" is
    # Table 2's first row (80.0), not Table 1's last rows
    pdf = str(Path(__file__).resolve().parents[2] / "examples" / "specter" / "paper.pdf")
    (up, why_up), (down, _) = _labels(
        pdf,
        "Adding authors as an input improves performance, "
        "raising the average to 67.3. Adding authors as an "
        "input hurts performance, lowering the average to 67.3.",
    )
    assert up == "contradiction" and "'improves'" in why_up
    assert down == "supported"


def test_a_sentence_the_paper_states_word_for_word_is_no_polarity_conflict() -> None:
    # the paper: "... are clinically insignificant and do not have any clinical impact ..."
    (same, _), (flipped, why) = _labels(
        str(PROMIS),
        (
            "Many prostate cancers currently detected are clinically insignificant. "
            "Many prostate cancers currently detected are clinically significant."
        ),
    )
    assert same == "supported"
    assert flipped == "contradiction" and "insignificant" in why


def test_the_same_statement_with_its_operator_word_reversed_is_contradicted() -> None:
    from tests.grounding.test_rules import judge_on

    page = (
        "In this study, we demonstrate that reasoning capabilities can be significantly "
        "improved through large-scale reinforcement learning."
    )
    j = judge_on(
        page,
        "In this study, the authors demonstrate that reasoning capabilities can "
        "be significantly worsened through large-scale reinforcement learning.",
    )
    assert j.label is Label.CONTRADICTION, j.rationale
    assert [(e.span, e.tags, e.correction) for e in j.errors] == [
        ("worsened", (ErrorTag.C3,), "improved")
    ]
    page = (
        "The performance of the model can be further augmented through the application "
        "of majority voting on the benchmark."
    )
    j = judge_on(
        page,
        "The performance of the model can be further augmented through the "
        "application of minority voting on the benchmark.",
    )
    assert j.label is Label.CONTRADICTION, j.rationale


def test_an_operator_word_stated_with_a_word_of_its_class_is_no_flip() -> None:
    from tests.grounding.test_rules import judge_on

    page = (
        "Most established coronaviruses exhibit winter seasonality, with a unique ability "
        "to establish persistent infections in a minority of infected animals."
    )
    j = judge_on(page, "The majority of established coronaviruses exhibit winter seasonality.")
    assert j.label is not Label.CONTRADICTION, j.rationale


def test_a_sentence_stated_word_for_word_across_two_windows_is_no_polarity_conflict() -> None:
    # T2K page 5: the sentence straddles two windows, the next says "If no negatively
    # charged track ..."; the window ranked first holds the negation, another the sentence
    [(label, why)] = _labels(
        str(T2K),
        "After identifying these bunches, the analysis "
        "identifies the highest-momentum negatively charged track as the "
        "muon candidate.",
    )
    assert label == "supported", why


IMIDAZOLE = DATA / "papers-more" / "imidazole-corrosion-2021.pdf"


def test_a_comparison_is_checked_by_its_own_number_pair_and_from_either_side() -> None:
    # the paper: 500 ppm gives 91.7% inhibition efficiency, 1000 ppm 88.0%, "slightly
    # lower than the efficiency of 500 ppm"; a count the paper does not give ("only two")
    # does not keep the pair's numbers from checking the comparison
    labels = _labels(
        str(IMIDAZOLE),
        (
            "Compared with 1000 ppm, 500 ppm of imidazole gives a stronger inhibition "
            "efficiency (91.7% vs 88.0%). "
            "Compared with 1000 ppm, 500 ppm of imidazole gives a weaker inhibition "
            "efficiency (91.7% vs 88.0%). "
            "The inhibition efficiency at 500 ppm is higher than at 1000 ppm (91.7% vs 88.0%). "
            "The inhibition efficiency at 1000 ppm is higher than at 500 ppm."
        ),
    )
    assert [label for label, _ in labels] == [
        "supported",
        "contradiction",
        "supported",
        "contradiction",
    ], labels
    assert "own numbers (91.7 vs 88.0) go the other way" in labels[1][1]


@pytest.mark.parametrize(
    ("right", "wrong"),
    [
        (
            "Such out of fiducial volume events make up 2.89% of events in the water-in sample and "
            "3.95% of events in the water-out sample.",
            "Such out of fiducial volume events make up 2.89% of events in the water-out sample and "
            "3.95% of events in the water-in sample.",
        ),
        (
            "A 1.4% uncertainty is applied to the energy loss scale and a 7% uncertainty to the "
            "resolution.",
            "A 1.4% uncertainty is applied to the resolution and a 7% uncertainty to the energy "
            "loss scale.",
        ),
        (
            "The covariance matrix has 25 parameters for flux and 6 for final-state interactions.",
            "The covariance matrix has 25 parameters for final-state interactions and 6 for flux.",
        ),
    ],
)
def test_two_numbers_with_their_qualifiers_exchanged_are_contradicted(
    right: str, wrong: str
) -> None:
    # each number keeps the words up to the coordinator between them ("... and"), hyphenated
    # compounds whole ("water-in" / "water-out"); sentences written for this test (T2K)
    (good, why_good), (bad, why_bad) = _labels(str(T2K), f"{right} {wrong}")
    assert good == "supported", why_good
    assert bad == "contradiction" and "where page" in why_bad, why_bad


def test_words_keep_letters_of_any_script_in_one_word() -> None:
    """The judges' word lists (flips, polarity windows, verbatim alignment) read a name
    with a non-ASCII letter as one word: "Niño" is not "ni" and "o"."""
    from grounding.judges.rules_cues import words

    assert words("with El Niño at Göttingen, it didn't") == [
        "with",
        "el",
        "niño",
        "at",
        "göttingen",
        "it",
        "did",
        "n't",
    ]
    assert words("La Niña3,22") == ["la", "niña"]


@pytest.mark.parametrize(
    "sentence",
    [
        "Many prostate cancers currently detected are clinically insignificant.",  # verbatim
        "Many prostate cancers currently detected are clinically significant.",  # one word
        "Prostate cancer is the least common male cancer.",  # an operator word
        "Currently fewer than 40,000 new cases are diagnosed every year.",  # a number
        "The weather in the city was pleasant throughout the spring.",  # nothing aligns
    ],
)
def test_verbatim_alignments_memo_gives_what_aligning_again_gives(sentence: str) -> None:
    from grounding.evidence import EvidenceIndex, Hit
    from grounding.judges.verbatim import SAME_BUT_ONE, SAME_TEXT, _align_each, _alignments
    from grounding.memo import forget_check_memos
    from grounding.pdf import read_pdf

    index = EvidenceIndex.build(read_pdf(need(PROMIS)))
    hits = index.hits(sentence, k=8)
    forget_check_memos()
    for cutoff in (SAME_BUT_ONE, SAME_TEXT):
        fresh = tuple(_align_each(sentence, index, tuple(hits[:5]), cutoff))
        assert _alignments(sentence, index, hits, 5, cutoff) == fresh
        assert _alignments(sentence, index, list(hits), 5, cutoff) == fresh  # memo hit
        # the same passages ranked with other scores are other hits: not the memo's
        other = [Hit(h.entry, h.pid, h.score / 2) for h in hits]
        again = _alignments(sentence, index, other, 5, cutoff)
        assert [(h.pid, h.score) for h, *_ in again] == [(h.pid, h.score / 2) for h, *_ in fresh]
    forget_check_memos()
