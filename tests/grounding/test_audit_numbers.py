"""``audit`` on numbers written with a scale (K/M/B, million/billion) against the S2ORC PDF:
compared by value, and a correction is the value as the paper writes it, scale included."""

from __future__ import annotations

from pathlib import Path

import pytest

from grounding.audit import audit
from tests.conftest import PAPERS, need

REFS = """

## References

[1] Kyle Lo, Lucy Lu Wang, Mark Neumann, Rodney Kinney, and Daniel S. Weld. 2020. S2ORC: The Semantic Scholar Open Research Corpus. In ACL.
"""

# the paper: 81.1M papers (page 1), 15.2M non-English clusters removed (page 4); a span is
# the value with the word it counts ("18.1M papers"), its correction widened the same way
SENTENCES = {
    "S1": (
        "S2ORC covers 18.1M papers from many disciplines [1].",
        "contradiction",
        [("18.1M papers", "81.1M papers")],
    ),
    "S2": (
        "S2ORC covers 18.1 million papers from many disciplines [1].",
        "contradiction",
        [("18.1 million", "81.1M")],
    ),
    "S3": (
        "The English-only filter removes 12.5M paper clusters [1].",
        "contradiction",
        [("12.5M", "15.2M")],
    ),
    "S4": ("S2ORC covers 81.1 million papers from many disciplines [1].", "supported", []),
    "S5": ("S2ORC covers 81,100,000 papers from many disciplines [1].", "supported", []),
    "S6": ("The English-only filter removes 15.2 million paper clusters [1].", "supported", []),
    # a slipped scale: the same digits at another scale are another value
    "S7": (
        "S2ORC covers 81.1K papers from many disciplines [1].",
        "contradiction",
        [("81.1K papers", "81.1M papers")],
    ),
    "S8": (
        "S2ORC covers 81.1 billion papers from many disciplines [1].",
        "contradiction",
        [("81.1 billion", "81.1M")],
    ),
    # digits inside the paper's number are not its value: not found, never supported
    "S9": ("S2ORC covers 1.1M papers from many disciplines [1].", "nei", [("1.1M papers", "")]),
    "S10": (
        "S2ORC covers 811 million papers from many disciplines [1].",
        "nei",
        [("811 million", "")],
    ),
}


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    folder = tmp_path_factory.mktemp("papers")
    (folder / "s2orc-2020.pdf").symlink_to(Path(need(PAPERS / "s2orc-2020.pdf")).resolve())
    text = " ".join(s for s, _, _ in SENTENCES.values()) + REFS
    return audit(text, papers=folder)


@pytest.mark.parametrize("sid", sorted(SENTENCES))
def test_scaled_numbers_judged_and_corrected_by_value(report, sid: str) -> None:  # type: ignore[no-untyped-def]
    _, support, errors = SENTENCES[sid]
    pair = report.sentence(sid).pairs[0]
    assert pair.support == support
    assert [(e.span, e.correction) for e in pair.errors] == errors


def test_every_correction_is_a_value_the_paper_states(report) -> None:  # type: ignore[no-untyped-def]
    document = report.works[0].document
    assert document is not None
    pdf_text = " ".join(p.text for p in document.pages)
    fixes = [  # the value of each correction, without the word it counts
        e.correction.split()[0]
        for s in SENTENCES
        for e in report.sentence(s).pairs[0].errors
        if e.correction
    ]
    assert fixes and all(f and f[-1] in "KMB" and f in pdf_text for f in fixes)
