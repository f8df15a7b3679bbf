"""A word turned into its opposite by a negative prefix ("inconsistent" where the paper says
"consistent", "unavailable" for "available") contradicts the passage it otherwise
matches; a negation governs the words of its own sentence only.

Real papers of the shared data (skipped without it), each kind with sentences of the same
shape that must not be contradicted."""

from __future__ import annotations

from pathlib import Path

import pytest

from annotations.schema import Label
from grounding.judges.rules_cues import affixed_opposites
from tests.conftest import DATA
from tests.grounding.judging import judged_c1

VESPA = DATA / "papers" / "vespa-2017.pdf"
R1 = DATA / "papers" / "deepseek-r1-2025.pdf"
S2ORC = DATA / "papers" / "s2orc-2020.pdf"
SPECTER = DATA / "papers" / "specter-2020.pdf"
CFP = DATA / "papers-more" / "cfp-t65s-2012.pdf"
MARSH = DATA / "papers-more" / "marsh-deer-dra-2025.pdf"
HUMINS = DATA / "papers-more" / "humins-levulinic-acid-2025.pdf"
BAYES = DATA / "papers-more" / "bayes-diversification-2011.pdf"
PROMIS = DATA / "papers-more" / "promis-prostate-mri-2015.pdf"
T2K = DATA / "papers-more" / "t2k-numu-water-xsec-2018.pdf"
IMIDAZOLE = DATA / "papers-more" / "imidazole-corrosion-2021.pdf"


@pytest.mark.parametrize(
    ("pdf", "sentence", "word"),
    [
        (
            VESPA,
            "The authors benchmarked VESPA and found it inconsistent on small datasets.",
            "inconsistent",
        ),
        # both words negated ("without ... unsupervised" / "without any supervised"): still opposites
        (
            R1,
            "The goal is to explore whether LLMs can develop reasoning capabilities without any "
            "unsupervised data, through a pure RL process.",
            "unsupervised",
        ),
        (
            S2ORC,
            "S2ORC creates the largest collection of machine-readable academic text that is "
            "unavailable to the public.",
            "unavailable",
        ),
        (
            SPECTER,
            "The model is pretrained to output representations that are more dissimilar for papers "
            "that share a citation link than for those that do not.",
            "dissimilar",
        ),
        (
            CFP,
            "The mutation required further mutagenesis to restore insufficient fluorescence emission.",
            "insufficient",
        ),
        # the paper writes "non-invasive" (two words to a reader of words)
        (
            MARSH,
            "Medical practices would be limited to invasive ones, except for emergency care.",
            "invasive",
        ),
        (
            BAYES,
            "The relaxed molecular clock analysis was carried out using BEAST, assuming a "
            "correlated lognormal clock model, running 30 million MCMC generations.",
            "correlated",
        ),
        (
            PROMIS,
            "Scans deemed of sufficient quality by the commercial partner or the reporting "
            "radiologist will be repeated.",
            "sufficient",
        ),
        (
            T2K,
            "When overlaid, both results appear to be inconsistent within uncertainties for most "
            "of the phase space.",
            "inconsistent",
        ),
    ],
)
def test_a_negative_prefix_contradicts_the_passage(pdf: Path, sentence: str, word: str) -> None:
    label, why, _ = judged_c1(pdf, sentence)
    assert label is Label.CONTRADICTION, why
    assert f'says "{word}"' in why


@pytest.mark.parametrize(
    ("pdf", "sentence"),
    [
        (
            VESPA,
            "The authors benchmarked VESPA and found it consistent on large and small datasets.",
        ),
        (
            CFP,
            "A mutation required further mutagenesis to restore sufficient fluorescence emission.",
        ),
        # the paper's "do not." ends its sentence: it negates nothing of the next one
        (
            SPECTER,
            "The model is pretrained to output representations that are more similar for papers "
            "that share a citation link than for those that do not.",
        ),
        (
            S2ORC,
            "S2ORC creates the largest publicly-available collection of machine-readable academic "
            "text to date.",
        ),
        # the paper says "protected" of one site and "unprotected" of another, next to it
        (IMIDAZOLE, "Site C was interpreted as an anodic site with an unprotected metal surface."),
    ],
)
def test_the_same_statements_without_the_prefix_are_not_contradicted(
    pdf: Path, sentence: str
) -> None:
    label, why, _ = judged_c1(pdf, sentence)
    assert label is not Label.CONTRADICTION, why


def test_a_negation_inside_the_sentence_still_contradicts() -> None:
    label, why, _ = judged_c1(
        SPECTER,
        "The model is not pretrained to output representations that are more similar for papers "
        "that share a citation link.",
    )
    assert label is Label.CONTRADICTION, why


@pytest.mark.parametrize(
    ("word", "others", "expected"),
    [
        ("inconsistent", {"consistent"}, {"consistent"}),
        ("stable", {"unstable", "stable"}, {"unstable"}),
        ("significant", {"insignificant"}, {"insignificant"}),
        ("related", {"unrelated"}, {"unrelated"}),
        # a prefix that negates nothing, or a word that only starts with its letters
        ("invaluable", {"valuable"}, set()),
        ("unlike", {"like"}, set()),
        ("discover", {"cover"}, set()),
        ("improve", {"prove"}, set()),
        ("insight", {"sight"}, set()),
    ],
)
def test_affixed_opposites(word: str, others: set[str], expected: set[str]) -> None:
    assert affixed_opposites(word, others) == expected


@pytest.mark.parametrize(
    ("pdf", "sentence"),
    [
        # "noninvasive", "non invasive" and the paper's "non-invasive" are one word
        (
            MARSH,
            "Medical practices would be limited to noninvasive ones, except for emergency care needs.",
        ),
        (
            MARSH,
            "Medical practices would be limited to non invasive ones, except for emergency care needs.",
        ),
        (
            MARSH,
            "Medical practices would be limited to non-invasive ones, except for emergency care needs.",
        ),
        # a participle of a verb that starts with a prefix's letters: "proved" / "improved"
        (
            HUMINS,
            "Esser et al. refined the selective catalytic oxidation of humins, which proved to give "
            "higher carboxylic acid yields and atom efficiency.",
        ),
        # "formed" / "informed"
        (
            PROMIS,
            "The specific details of model structure will be formed by a review of existing "
            "prostate cancer models.",
        ),
        # the paper's own prefixed words, one word each
        (
            T2K,
            "T2K's primary physics goals are the appearance of electron neutrinos and the disappearance of muon neutrinos.",
        ),
        (
            PROMIS,
            "For safety purposes, the results of the MP-MRI can be unblinded by the radiologist.",
        ),
    ],
)
def test_words_that_are_no_opposites_are_not_contradicted(pdf: Path, sentence: str) -> None:
    label, why, _ = judged_c1(pdf, sentence)
    assert label is not Label.CONTRADICTION, why


@pytest.mark.parametrize(
    ("word", "others", "expected"),
    [
        # past participles of verbs that start with "in", "im", "ir", "dis"
        ("proved", {"improved"}, set()),
        ("improved", {"proved"}, set()),
        ("formed", {"informed"}, set()),
        ("informed", {"formed"}, set()),
        ("covered", {"discovered"}, set()),
        ("radiated", {"irradiated"}, set()),
        ("formative", {"informative"}, set()),
        # participles that are opposites all the same
        ("affected", {"unaffected"}, {"unaffected"}),
        ("favored", {"disfavored"}, {"disfavored"}),
        ("balanced", {"imbalanced"}, {"imbalanced"}),
        ("unconstrained", {"constrained"}, {"constrained"}),
    ],
)
def test_participles_of_prefixed_verbs(word: str, others: set[str], expected: set[str]) -> None:
    assert affixed_opposites(word, others) == expected


def test_a_negation_before_another_compound_governs_it_alone() -> None:
    # "do not use any inter-document information": "intra-document context" is not negated
    label, why, _ = judged_c1(
        SPECTER,
        "Masked language modeling only considers intra-document context, which limits the "
        "ability of BERT to learn optimal document representations.",
    )
    assert label is not Label.CONTRADICTION, why
    for sentence in (
        "Existing pretrained LMs such as BERT use inter-document information.",
        "Masked language modeling does not consider intra-document context.",
    ):
        label, why, _ = judged_c1(SPECTER, sentence)
        assert label is Label.CONTRADICTION, (sentence, why)


LEGWORK = DATA / "papers" / "legwork-2022.pdf"


@pytest.mark.parametrize(
    ("pdf", "sentence"),
    [
        # "not X" where the paper negates X by a prefix ("unlikely", "unclear", "incorrect")
        (
            PROMIS,
            "Men with a PSA above 15 ng/ml are excluded from PROMIS as physicians are not likely "
            "to use MP-MRI as a triage test to avoid a biopsy.",
        ),
        (
            LEGWORK,
            "The expressions given in the literature are often incomplete, not clear and, in some "
            "cases, contain spurious constant factors.",
        ),
        (
            T2K,
            "A direct subtraction of the reconstructed event rates would not give a correct "
            "estimate for the actual event rate on water.",
        ),
        (CFP, "The intermediate isomerized state is not detectable in Cerulean-T65S."),
        (MARSH, "Poaching occurs, but its extent is not known."),
    ],
)
def test_a_negation_against_the_papers_negative_prefix_is_no_contradiction(
    pdf: Path, sentence: str
) -> None:
    label, why, _ = judged_c1(pdf, sentence)
    assert label is not Label.CONTRADICTION, why


@pytest.mark.parametrize(
    ("pdf", "sentence"),
    [
        (
            PROMIS,
            "Men with a PSA above 15 ng/ml are excluded from PROMIS as physicians are likely to "
            "use MP-MRI as a triage test to avoid a biopsy.",
        ),
        (
            T2K,
            "A direct subtraction of the reconstructed event rates would give a correct estimate "
            "for the actual event rate on water.",
        ),
        (CFP, "The intermediate isomerized state becomes detectable in Cerulean-T65S."),
        # a negation of the paper's prefixed word itself
        (CFP, "The intermediate isomerized state is not undetectable in Cerulean-T65S."),
        (MARSH, "Poaching occurs, and its extent is known."),
    ],
)
def test_the_same_statements_the_other_way_are_contradicted(pdf: Path, sentence: str) -> None:
    label, why, _ = judged_c1(pdf, sentence)
    assert label is Label.CONTRADICTION, why
