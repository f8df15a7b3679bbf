"""The shipped verifier on real papers it was not trained on (papers/: its synthetic
training pairs come from papers-more only)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from grounding.verifier import edits
from grounding.verifier.corpus import page_sentences
from grounding.verifier.model import DATA_DIR, shipped_verifier

PAPERS = Path(__file__).resolve().parents[4] / "shared" / "data" / "papers"

pytestmark = pytest.mark.skipif(
    not (DATA_DIR / "weights.npz").exists(), reason="the shipped verifier weights are missing"
)


def _sentences(pdf: str, n: int) -> list[tuple[str, str]]:
    """(window, sentence) for ``n`` body sentences of a real PDF that hold an auxiliary
    (so that a negation can be added)."""
    path = PAPERS / pdf
    if not path.exists():
        pytest.skip(f"{path} is absent (shared data)")
    from grounding.pdf import read_pdf

    pages = page_sentences([p.text for p in read_pdf(path).pages])
    out = []
    for sents in pages[1:]:
        for i, s in enumerate(sents):
            if (
                10 <= len(s.split()) <= 35
                and edits.negation(s, random.Random(0))
                and " not " not in s
                and " no " not in s
            ):
                out.append((" ".join(sents[max(0, i - 1) : i + 2]), s))
    return random.Random(0).sample(out, min(n, len(out)))


@pytest.mark.parametrize("pdf", ["specter-2020.pdf", "legwork-2022.pdf"])
def test_stated_sentences_are_supported_and_negated_ones_are_not(pdf: str) -> None:
    v = shipped_verifier()
    items = _sentences(pdf, 12)
    assert len(items) >= 8
    negated = [(w, edits.negation(s, random.Random(0))[0]) for w, s in items]  # type: ignore[index]
    other = [(items[(i + 5) % len(items)][0], s) for i, (_, s) in enumerate(items)]
    p_true = v.predict(items)
    p_neg = v.predict(negated)
    p_other = v.predict(other)
    assert sum(p["supported"] > 0.5 for p in p_true) >= 0.75 * len(items)
    assert sum(p["supported"] > 0.5 for p in p_neg) <= 0.25 * len(items)
    # another passage of the same paper may state a related fact: held to the mean
    mean = lambda ps: sum(p["supported"] for p in ps) / len(ps)  # noqa: E731
    assert mean(p_other) < mean(p_true) - 0.2
    assert sum(p["refuted"] for p in p_neg) > sum(p["refuted"] for p in p_true)


def test_the_verifier_judge_runs_on_the_bundled_example() -> None:
    from grounding.check import check
    from grounding.judges.registry import make_judge

    ex = Path(__file__).resolve().parents[3] / "examples" / "specter"
    report = check(
        (ex / "question.txt").read_text(),
        (ex / "answer.txt").read_text(),
        str(ex / "paper.pdf"),
        judge=make_judge("verifier"),
    )
    assert report.judge == "verifier"
    labels = [s.annotation.label.value for s in report.sentences]
    assert "not_a_claim" in labels and len(set(labels)) >= 3
    for s in report.sentences:
        j = s.judgement
        assert "row" in j.extra
        if j.label.value == "supported" and j.extra["row"] == "verifier_supports":
            assert "P(supported)=" in j.rationale and j.evidence


def test_a_bibliography_entry_is_no_premise() -> None:
    # PROMIS avoids endorectal coils; the title of a work it cites has "endorectal coil MR
    # imaging at 3 T", which the model read as stating the sentence
    from annotations.schema import Label
    from grounding.evidence import EvidenceIndex
    from grounding.judges.base import ClaimContext
    from grounding.judges.rules import RulesJudge
    from grounding.judges.rules_cues import is_reference_entry
    from grounding.judges.verifier_judge import VerifierJudge, VerifierSettings
    from grounding.pdf import read_pdf
    from grounding.types import Sentence

    path = PAPERS.parent / "papers-more" / "promis-prostate-mri-2015.pdf"
    if not path.exists():
        pytest.skip(f"{path} is absent (shared data)")
    index = EvidenceIndex.build(read_pdf(path))
    judge = VerifierJudge(VerifierSettings(), rules=RulesJudge(index=index))
    text = (
        "The MRI protocol uses a 3 Tesla scanner with an endorectal coil to get the best "
        "possible image quality."
    )
    claim = ClaimContext(Sentence(0, 0, len(text), text), "", (), ())
    # one of the passages found for it is in the reference list (page 14)
    assert 14 in {h.entry.page for h in index.hits(text, k=judge.settings.k)}
    premises = judge.premises(claim)
    assert premises and not any(is_reference_entry(p.text) for p in premises)
    assert 14 not in {p.page for p in premises}
    assert judge.judge(claim).label is not Label.SUPPORTED
