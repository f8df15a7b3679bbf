"""A comparison the paper states with its two sides the other way round is contradicted
(C3) at its comparison word, and its correction is the paper's sentence cut at 90
characters, as docs/output-format.md and docs/judges.md say; the same comparison the right
way round is supported."""

from __future__ import annotations

from pathlib import Path

import pytest

from annotations.schema import ErrorTag, Label
from grounding.check import check
from grounding.pdf import read_pdf
from tests.conftest import DATA, need

IMIDAZOLE = DATA / "papers-more" / "imidazole-corrosion-2021.pdf"
CFP = DATA / "papers-more" / "cfp-t65s-2012.pdf"

# (PDF, the comparison with its sides exchanged, its word, the start of the paper's sentence)
EXCHANGED = [
    (
        IMIDAZOLE,
        "With 500 ppm of imidazole, pyridine type interaction is 4.8 times larger than "
        "pyrrole type interaction.",
        "larger",
        "X-ray photoelectron spectroscopy showed that with 500 ppm of imidazole",
    ),
    (
        IMIDAZOLE,
        "At 1000 ppm of imidazole, the amount of pyrrole type interaction is 3.49 times "
        "larger than pyridine type interaction.",
        "larger",
        "At 1000 ppm of imidazole, the amount of pyridine type interaction",
    ),
    (
        CFP,
        "ECFP has a koff rate constant 100-fold lower than mTurquoise.",
        "lower",
        "This trend is even more pronounced in mTurquoise",
    ),
]

RIGHT_WAY = [
    (
        IMIDAZOLE,
        "With 500 ppm of imidazole, the amount of pyrrole type interaction is 4.8 times "
        "larger than pyridine type interaction.",
    ),
    (CFP, "mTurquoise has a koff rate constant 100-fold lower than ECFP."),
]


@pytest.mark.parametrize(("pdf", "sentence", "word", "paper"), EXCHANGED)
def test_exchanged_sides_are_corrected_by_the_papers_sentence(
    pdf: Path, sentence: str, word: str, paper: str
) -> None:
    a = check("q", sentence, read_pdf(need(pdf)), verify_citations=False).annotations[0]
    assert a.label is Label.CONTRADICTION, a.rationale
    (err,) = a.errors
    assert err.tags == (ErrorTag.C3,) and err.span == word
    assert err.correction is not None and err.correction.startswith(paper)
    assert len(err.correction) <= 91
    assert len(err.correction) < 91 or err.correction.endswith("…")


@pytest.mark.parametrize(("pdf", "sentence"), RIGHT_WAY)
def test_the_comparison_the_right_way_round_is_supported(pdf: Path, sentence: str) -> None:
    a = check("q", sentence, read_pdf(need(pdf)), verify_citations=False).annotations[0]
    assert a.label is Label.SUPPORTED, a.rationale
    assert a.errors == ()
