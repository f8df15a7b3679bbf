"""Kinds of sentence a natural answer writes that the checks had read wrong, each on the
real PDF it was written about (a hand-labelled answer set that no check was written
against): a right sentence must not be contradicted, a wrong one must still be."""

from __future__ import annotations

import pytest

from annotations.schema import Label
from grounding.check import check
from tests.conftest import DATA, PAPERS, need
from tests.grounding.judging import judged_c1

MORE = DATA / "papers-more"
HUMINS = MORE / "humins-levulinic-acid-2025.pdf"
IMIDAZOLE = MORE / "imidazole-corrosion-2021.pdf"


@pytest.mark.parametrize(
    "pdf, sentence",
    [
        # a noun after a demonstrative points back: "this pathogen" is E. chaffeensis
        (
            MORE / "marsh-deer-dra-2025.pdf",
            "The authors note that even PCR cannot fully rule out E. chaffeensis infection, "
            "and that serology for this pathogen is not available in Argentina for either "
            "humans or deer.",
        ),
        # a measure's name is no entity: "decadal amplitude" for "amplitude on the
        # decadal timescale"
        (
            MORE / "ningaloo-decadal-linkage-2024.pdf",
            "The NNI's decadal amplitude (0.33 °C) now exceeds its interannual amplitude "
            "(0.26 °C).",
        ),
        # a name written after the number before is that number's ("40.7 mol% LA with
        # 11.5 wt% humins": LA does not head 11.5's column)
        (
            HUMINS,
            "In the closed-cycle test (Table 1), the reference LP runs averaged 40.7 mol% LA "
            "with 11.5 wt% humins at pH 1.0, while the cycle run LPC gave 37.0 mol% LA at "
            "pH 1.3.",
        ),
        # a value the prose states, and a row named only in part: no correction by the row
        (
            MORE / "t2k-numu-water-xsec-2018.pdf",
            "The 2p2h normalization on oxygen has the largest effect on the total cross "
            "section, at 2.8%, well above the 0.8% from the axial mass MA^QE.",
        ),
        (
            PAPERS / "s2orc-2020.pdf",
            "Bibliographies are extracted for 27.6M of these PDFs, but only 8.1M, about 10% "
            "of the corpus, are open access and receive GROBID full text, plus 1.5M LaTeX "
            "parses from arXiv.",
        ),
        # a "with" clause of its own subject: 77.1 is co-read's, not SPECTER's
        (
            PAPERS / "specter-2020.pdf",
            "In Table 3, fine-tuning SciBERT on task-specific signals is inferior to the "
            "fixed SPECTER embeddings, with the best single-signal variant, co-read, "
            "reaching 77.1 on average.",
        ),
        # a list of values in another clause than the one key the sentence names
        (
            IMIDAZOLE,
            "These correspond to inhibition efficiencies of 68.5%, 84.2% and 91.7%, with "
            "500 ppm giving the highest value.",
        ),
        # values with a unit only the table's header writes ("Eb (mVSCE)"), in a series
        # of changes both ways
        (
            IMIDAZOLE,
            "The breakdown potential followed the same pattern, rising from −268.0 mV at "
            "300 ppm to −33.6 mV at 500 ppm before falling to −130.0 mV at 1000 ppm.",
        ),
        # a negation in a clause set against another: the paper's sentences about that
        # clause, not about the whole sentence
        (
            MORE / "cfp-t65s-2012.pdf",
            "In cells, ECFP-T65S again outlasts ECFP (828 ± 89 s vs 726 ± 88 s), while "
            "Cerulean-T65S was not measured.",
        ),
        # "unlike X, Y is P" says X is not P
        (
            PAPERS / "specter-2020.pdf",
            "Starting from BERT-Large instead of SciBERT reduces the average to 77.5, which "
            "the authors attribute to BERT-Large not being pretrained on scientific text.",
        ),
        # the sentence negates too, what the passage's window cuts off
        (
            MORE / "bayes-diversification-2011.pdf",
            "However, a Bayes factor of 4.78 favoured the constrained model with F = 1, so "
            "the difference was judged not significant.",
        ),
        # the pair in the paper's order
        (
            MORE / "bayes-diversification-2011.pdf",
            "The posterior Cape/non-Cape rates were 0.500/0.556 for Babiana and 0.259/0.288 "
            "for Moraea.",
        ),
        # the sentence's value is the next paper sentence's, whose subject it names: the
        # first sentence's "four minutes" is no condition of "7,918 gene families"
        (
            PAPERS / "vespa-2017.pdf",
            "The codeml_setup function took approximately 45 minutes for the 7,918 gene families.",
        ),
        # a chemical name's locants are no values ("2,5-" is not the 2 of the next line)
        (HUMINS, "The hydrolyzation product of 5-HMF is 2,5-dioxo-6-hydroxyhexanal."),
        # a thing said to change both ways: one paper change contradicts neither
        (
            PAPERS / "legwork-2022.pdf",
            "Their SNRs are 31.7, 50.2 and 38.8 respectively, so the SNR first rises and "
            "then falls as eccentricity increases.",
        ),
    ],
)
def test_a_right_sentence_is_not_contradicted(pdf, sentence: str) -> None:  # type: ignore[no-untyped-def]
    got, why, _ = judged_c1(pdf, sentence)
    assert got is not Label.CONTRADICTION, why


@pytest.mark.parametrize(
    "pdf, sentence, c1",
    [
        # the humins column, named after its value, corrects it
        (HUMINS, "LP gave 40.7 mol% LA with 11.4 wt% humins.", [("11.4", "11.5")]),
        # a pair written a/b the other way round from the paper's ("Moraea 0.259/0.288")
        (
            MORE / "bayes-diversification-2011.pdf",
            "The posterior Cape/non-Cape rates were 0.500/0.556 for Babiana and 0.288/0.259 "
            "for Moraea.",
            [("0.288", "0.259"), ("0.259", "0.288")],
        ),
        # a unit with another SI prefix than the passage's: the unit is what is wrong
        (
            PAPERS / "legwork-2022.pdf",
            "The eccentricity use case compares three hypothetical systems with 0.6 "
            "solar-mass components at 15 kpc and an orbital frequency of 1.5 μHz, differing "
            "only in eccentricity (0, 0.6 and 0.9).",
            [("1.5 μHz", "1.5 mHz")],
        ),
        # the subject's own sentence corrects the value
        (
            PAPERS / "vespa-2017.pdf",
            "The codeml_setup function took approximately 4 minutes for the 7,918 gene families.",
            [("4 minutes", "45 minutes")],
        ),
        # one key, one clause: the key's own row corrects the value
        (
            IMIDAZOLE,
            "At 500 ppm the inhibition efficiencies were 91.7% and 88.0%.",
            [("88.0%", "91.7%")],
        ),
    ],
)
def test_a_wrong_value_is_still_corrected(pdf, sentence: str, c1) -> None:  # type: ignore[no-untyped-def]
    got, why, spans = judged_c1(pdf, sentence)
    assert got is Label.CONTRADICTION, why
    assert spans == c1, why


@pytest.mark.parametrize(
    "pdf, sentence",
    [
        # the paper's 1.5 mHz: a prefixed unit the unit list does not spell out is a unit
        (
            PAPERS / "legwork-2022.pdf",
            "The eccentricity use case compares three hypothetical systems with 0.6 "
            "solar-mass components at 15 kpc and an orbital frequency of 1.5 μHz, differing "
            "only in eccentricity (0, 0.6 and 0.9).",
        ),
        # the slowest function took about 6 h: "slowest" is a superlative the paper must say
        (
            PAPERS / "vespa-2017.pdf",
            "The slowest VESPA function was codeml_setup, which took approximately 45 minutes.",
        ),
        (
            MORE / "bayes-diversification-2011.pdf",
            "However, a Bayes factor of 4.78 favoured the constrained model with F = 1, so "
            "the difference was judged significant.",
        ),
        # the negation that the paper's "unlike" leaves to BERT-Large, said of SciBERT
        (
            PAPERS / "specter-2020.pdf",
            "The authors attribute this to SciBERT not being pretrained on scientific text.",
        ),
    ],
)
def test_a_wrong_sentence_is_not_supported(pdf, sentence: str) -> None:  # type: ignore[no-untyped-def]
    got, why, _ = judged_c1(pdf, sentence)
    assert got is not Label.SUPPORTED, why


def test_a_value_in_a_physical_unit_is_not_computed_from_bare_numbers() -> None:
    """The paper's 1.5 mHz written as 1.5 µHz after a sentence of SNRs: no difference of
    unitless numbers (eccentricities, SNRs) is a frequency."""
    answer = (
        "Varying the primary mass to 5, 10 and 15 solar masses gives SNRs of 2.47, 4.49 and "
        "7.85. The eccentricity use case compares three hypothetical systems with 0.6 "
        "solar-mass components at 15 kpc and an orbital frequency of 1.5 μHz, differing "
        "only in eccentricity (0, 0.6 and 0.9)."
    )
    report = check("What does the paper report?", answer, need(PAPERS / "legwork-2022.pdf"))
    last = report.sentences[-1].annotation
    assert last.label is not Label.SUPPORTED, last.rationale


def test_a_value_in_another_unit_repeats_no_earlier_wrong_value() -> None:
    """ "0.33 K" (the latent heat flux) is not the "0.33 °C" an earlier sentence gave the
    wrong timescale: no premise, no contradiction through it."""
    answer = (
        "Over 1980–2020 the NNI amplitude on the decadal timescale (0.26 °C) was smaller than "
        "that on the interannual timescale (0.33 °C). The latent heat flux contribution was "
        "nearly unchanged between the periods (0.32 K and 0.33 K), so the WES feedback is "
        "negligible."
    )
    report = check(
        "What does the paper report?", answer, need(MORE / "ningaloo-decadal-linkage-2024.pdf")
    )
    first, last = (s.annotation for s in report.sentences)
    assert first.label is Label.CONTRADICTION, first.rationale
    assert last.label is Label.SUPPORTED, last.rationale
    assert not last.depends_on


def test_the_papers_subject_needs_no_passage_of_its_own() -> None:
    """ "LAVIS" in the LAVIS paper: a table row of CLIP's scores never names the library,
    which the paper names on most of its pages. The numbers still decide."""
    pdf = need(PAPERS / "lavis-2022.pdf")
    right = (
        "Zero-shot ImageNet classification is the one CLIP metric where LAVIS comes out "
        "ahead, at 76.5 versus 76.2."
    )
    got = check("What does the paper report?", right, pdf).sentences[0].annotation
    assert got.label is Label.SUPPORTED, got.rationale
    reversed_ = right.replace("76.5 versus 76.2", "76.2 versus 76.5")
    got = check("What does the paper report?", reversed_, pdf).sentences[0].annotation
    assert got.label is not Label.SUPPORTED, got.rationale


def test_a_direction_word_that_bounds_a_number_is_read_as_a_threshold() -> None:
    """ "longer than 50 pages" states the paper's threshold ("Over 50 pages", S2ORC's
    filter table), not a comparison of two values; "shorter" gives it the other way."""
    pdf = need(PAPERS / "s2orc-2020.pdf")
    right = (
        "Before GROBID processing, about 2.27M PDFs are excluded for being longer than 50 pages."
    )
    got = check("What does the paper report?", right, pdf).sentences[0].annotation
    assert got.label is Label.SUPPORTED, got.rationale
    wrong = right.replace("longer", "shorter")
    got = check("What does the paper report?", wrong, pdf).sentences[0].annotation
    assert got.label is Label.CONTRADICTION, got.rationale
    assert [e.correction for e in got.errors] == ["longer than 50 pages"]
