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
